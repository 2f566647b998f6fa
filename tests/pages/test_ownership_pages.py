"""Ownership on the pages: a protected name asks for its PIN, and nothing of
it is shown or changed without it; games are only watched by anyone but their owner; the
learner of a signed-in visitor (``st.login``) is their identity."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.apptools import ENTRY, open_page, own_database, page_text
from tutor import store

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


PROGRESS = "pages/5_Progress.py"
COUNT = "pages/2_Count_the_hand.py"


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return own_database(tmp_path, monkeypatch)


def protected_sam(url: str, answers: int = 3) -> None:
    """Sam, with ``answers`` recorded answers (wrong on runs) and the PIN 2468."""
    engine = store.make_engine(url)
    store.migrate(engine)
    sam = store.create_learner(engine, "Sam")
    for i in range(answers):
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=sam.id,
            kind="hand",
            seed=i,
            answer=10,
            right_answer=12,
            correct=False,
            categories=["run"],
            categories_missed=["run"],
        )
    store.set_pin(engine, sam.id, "2468")
    store.set_learner_language(engine, sam.id, "en")
    engine.dispose()


def unlock(at: AppTest, pin: str) -> AppTest:
    at.text_input(key="pin_unlock_input").input(pin)
    next(b for b in at.button if b.label == "Unlock").click()
    at.run()
    assert not at.exception, at.exception
    return at


def attempts_of(url: str, name: str) -> int:
    engine = store.make_engine(url)
    learner = store.learner_by_name(engine, name)
    count = 0 if learner is None else len(store.attempts_frame(engine, learner.id))
    engine.dispose()
    return count


def test_a_protected_name_shows_nothing_without_its_pin(db_url: str) -> None:
    protected_sam(db_url)
    at = open_page(PROGRESS, learner="Sam")
    text = page_text(at)
    assert "This name is protected" in text and "Sam" in text
    assert (
        at.text_input(key="pin_unlock_input").proto.type
        == at.text_input(key="pin_unlock_input").proto.PASSWORD
    )
    assert not at.metric and not at.dataframe  # no answers, no accuracy, no games
    assert not at.get("download_button")
    assert "Practising as" not in text
    assert at.query_params["learner"] == "Sam"  # the name stays: the PIN box is for it


def test_the_right_pin_shows_the_progress_and_a_wrong_one_says_how_many_tries_are_left(
    db_url: str,
) -> None:
    protected_sam(db_url)
    at = open_page(PROGRESS, learner="Sam")
    unlock(at, "1111")
    assert [e.value for e in at.error] == ["That PIN is not right: 4 more tries before a wait."]
    assert not at.metric
    unlock(at, "2468")
    assert "This name is protected" not in page_text(at)
    assert "Practising as" in page_text(at)
    assert at.metric[0].value == "3"  # answered


def test_five_wrong_pins_make_the_page_say_how_long_to_wait(db_url: str) -> None:
    protected_sam(db_url)
    at = open_page(PROGRESS, learner="Sam")
    for _ in range(store.FREE_TRIES):
        unlock(at, "0000")
    assert [e.value for e in at.error] == [
        "Too many wrong PINs for this name: try again in 30 seconds."
    ]
    unlock(at, "2468")  # the right PIN waits too
    assert at.error[0].value.startswith("Too many wrong PINs for this name: try again in ")
    assert not at.metric


def test_a_quiz_answer_under_a_protected_name_is_not_recorded_without_the_pin(db_url: str) -> None:
    protected_sam(db_url)
    at = open_page(COUNT, learner="Sam", seed="42")
    assert "This name is protected" in page_text(at)
    at.text_input(key="count_answer").input("12")
    at.button(key="count_submit").click()
    at.run()
    assert not at.exception
    assert attempts_of(db_url, "Sam") == 3  # nothing added as Sam
    unlock(at, "2468")
    assert "This name is protected" not in page_text(at)


def test_the_language_of_a_protected_name_is_neither_read_nor_changed(db_url: str) -> None:
    protected_sam(db_url)
    at = open_page(PROGRESS, learner="Sam")
    at.selectbox(key="menu_language").set_value("hi")
    at.run()
    engine = store.make_engine(db_url)
    sam = store.learner_by_name(engine, "Sam")
    assert sam is not None and store.learner_language(engine, sam.id) == "en"
    engine.dispose()


def test_a_learner_sets_changes_and_removes_a_pin_on_the_progress_page(db_url: str) -> None:
    at = open_page(PROGRESS, learner="Ann")
    at.text_input(key="pin_new").input("12")
    at.text_input(key="pin_again").input("12")
    next(b for b in at.button if b.label == "Set the PIN").click()
    at.run()
    assert [e.value for e in at.error] == ["A PIN has 4 to 64 characters. Nothing was changed."]
    at.text_input(key="pin_new").input("9753")
    at.text_input(key="pin_again").input("9753")
    next(b for b in at.button if b.label == "Set the PIN").click()
    at.run()
    assert [s.value for s in at.success] == ["The PIN is set: this name is protected."]
    assert "Practising as" in page_text(at)  # the one who set it keeps the name

    other = open_page(PROGRESS, learner="Ann")  # another browser
    assert "This name is protected" in page_text(other)

    at.text_input(key="pin_current").input("1111")
    next(b for b in at.button if b.label == "Remove the PIN").click()
    at.run()
    assert at.error[0].value.startswith("That PIN is not right")
    at.text_input(key="pin_current").input("9753")
    next(b for b in at.button if b.label == "Remove the PIN").click()
    at.run()
    assert at.success[0].value.startswith("The PIN is removed")
    assert "This name is protected" not in page_text(open_page(PROGRESS, learner="Ann"))


def test_a_token_in_the_browsers_cookie_unlocks_a_new_session(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    protected_sam(db_url)
    at = open_page(PROGRESS, learner="Sam")
    unlock(at, "2468")
    token = open_token(db_url)
    from tutor.frame import profile

    # AppTest has no browser to keep cookies: hand the next session the cookie a browser would send
    monkeypatch.setattr(profile, "browser_cookie", lambda name: token if name == "Sam" else None)
    again = open_page(PROGRESS, learner="Sam")
    assert "This name is protected" not in page_text(again) and again.metric[0].value == "3"
    monkeypatch.setattr(profile, "browser_cookie", lambda name: token[:-1] + "x")
    assert "This name is protected" in page_text(open_page(PROGRESS, learner="Sam"))


def open_token(url: str) -> str:
    engine = store.make_engine(url)
    handle = store.store_for_engine(engine)
    assert handle.try_pin("Sam", "2468") == store.PinCheck(True)
    token = handle.access_token("Sam")
    assert token
    return token


# --- sign-in (st.login) ---------------------------------------------------------------------

AUTH = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32}


def signed_in(page: str, user: dict[str, object], **params: str) -> AppTest:
    def sign_in(at: AppTest) -> None:
        at.secrets["auth"] = AUTH
        at.user = user

    return open_page(page, setup=sign_in, **params)


def test_with_sign_in_the_learner_is_the_identity_not_the_address(db_url: str) -> None:
    protected_sam(db_url)
    at = signed_in(
        PROGRESS,
        {"is_logged_in": True, "email": "kim@school.example", "name": "Kim"},
        learner="Sam",
    )
    text = page_text(at)
    assert "kim@school.example" in text and "Practising as" in text
    assert "This name is protected" not in text and "Sam" not in text.replace("Same", "")
    assert "learner" not in at.query_params
    assert [b.label for b in at.button if b.key == "profile_switch"] == ["Log out"]


def test_with_sign_in_a_visitor_who_is_not_signed_in_is_asked_to_log_in(db_url: str) -> None:
    at = signed_in(PROGRESS, {"is_logged_in": False}, learner="Sam")
    assert "Log in with your school or club account" in page_text(at)
    assert at.button(key="profile_login").label == "Log in"
    assert not at.metric and "Practising as" not in page_text(at)


# --- games belong to whoever started them ---------------------------------------------------

PLAY = "pages/4_Play.py"
MOVE_KEYS = (
    "play_pick_",
    "play_lay_",
    "play_confirm_discard",
    "play_go",
    "play_undo",
    "play_deal",
    "play_count_mine",
    "play_next_count",
)


def started_game(learner: str | None = None) -> AppTest:
    """A new Play session that deals a game (with ``learner`` in the address, if any)."""
    from test_app_play import start

    at = open_page(PLAY, **({"learner": learner} if learner else {}))
    start(at, seed=5)
    return at


def move_buttons(at: AppTest) -> list[str]:
    return [str(b.key) for b in at.button if b.key and str(b.key).startswith(MOVE_KEYS)]


def watch_notes(at: AppTest) -> list[str]:
    return [i.value for i in at.info if str(i.value).startswith("You are watching")]


def saved(url: str, game_id: str) -> tuple[int, object]:
    engine = store.make_engine(url)
    found = store.load_game(engine, game_id)
    engine.dispose()
    assert found is not None
    return found


def test_a_game_opened_by_another_visitor_is_watched_and_refuses_moves(db_url: str) -> None:
    owner = started_game("Ann")
    game_id = owner.session_state["play_session"].game_id
    assert move_buttons(owner)  # the owner has the discard buttons
    before = saved(db_url, game_id)

    for visitor in (open_page(PLAY, game=game_id), open_page(PLAY, game=game_id, learner="Bob")):
        assert not move_buttons(visitor), move_buttons(visitor)
        assert len(watch_notes(visitor)) == 1
        assert "play_own_game" in {b.key for b in visitor.button}
        assert "The game log" in [h.value for h in visitor.header]  # the board and the log show
        assert "<svg" in page_text(visitor)  # the board
        assert visitor.session_state["play_watching"] == game_id
    assert saved(db_url, game_id) == before, "watching changed nothing"

    own = open_page(PLAY, game=game_id)
    own.button(key="play_own_game").click().run()
    assert not own.exception
    assert "game" not in own.query_params and not watch_notes(own)  # the new-game form, their own


def test_a_move_refused_as_anothers_game_says_why_on_the_watched_table(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save of a move finds the game someone else's (claimed between the page's run and the
    click): the tab watches it from then on, and says why the click changed nothing."""
    import sqlalchemy as sa

    owner = started_game("Ann")
    game_id = owner.session_state["play_session"].game_id
    before = saved(db_url, game_id)
    for i in (0, 1):
        [b for b in owner.button if str(b.key).startswith("play_pick_")][i].click().run()

    def claimed(*args: object, **kwargs: object) -> None:  # Bob's since the page last looked
        engine = store.make_engine(db_url)
        with engine.begin() as conn:
            conn.execute(
                sa.text("UPDATE saved_games SET learner = 'Bob' WHERE id = :id"), {"id": game_id}
            )
        engine.dispose()
        raise store.NotYourGame(f"game {game_id} belongs to someone else")

    monkeypatch.setattr(store.Store, "save_game", claimed)
    owner.button(key="play_confirm_discard").click().run()
    assert not owner.exception, owner.exception
    assert not move_buttons(owner) and len(watch_notes(owner)) == 1
    assert [e.value for e in owner.error] == [
        "This game belongs to the player who started it: you can watch it, not play it."
    ]
    assert saved(db_url, game_id)[0] == before[0], "the refused move was not saved"


def test_the_owner_plays_on_in_another_browser_by_their_name(db_url: str) -> None:
    owner = started_game("Ann")
    game_id = owner.session_state["play_session"].game_id
    elsewhere = open_page(PLAY, game=game_id, learner="Ann")  # Ann, on another computer
    assert move_buttons(elsewhere) and not watch_notes(elsewhere)


def test_a_protected_learners_game_is_only_watched_without_the_pin(db_url: str) -> None:
    protected_sam(db_url)
    owner = open_page(PLAY, learner="Sam")
    unlock(owner, "2468")
    from test_app_play import start

    start(owner, seed=5)
    game_id = owner.session_state["play_session"].game_id
    stranger = open_page(PLAY, game=game_id, learner="Sam")
    assert "This name is protected" in page_text(stranger)
    assert not move_buttons(stranger) and watch_notes(stranger)


def test_an_anonymous_game_belongs_to_its_browser(db_url: str) -> None:
    owner = started_game()
    game_id = owner.session_state["play_session"].game_id
    assert not move_buttons(open_page(PLAY, game=game_id))  # another browser watches
    reload = AppTest.from_file(ENTRY, default_timeout=30)  # the same browser (its cookie's key)
    reload.session_state["profile_browser_key"] = owner.session_state["profile_browser_key"]
    reload.switch_page(PLAY)
    reload.query_params["game"] = game_id
    reload.run()
    assert move_buttons(reload) and not watch_notes(reload)


def test_a_watcher_never_gets_a_finished_game_recorded(db_url: str) -> None:
    from test_app_play import play_to_the_end

    owner = started_game("Ann")
    play_to_the_end(owner)
    game_id = owner.session_state["play_session"].game_id
    open_page(PLAY, game=game_id, learner="Bob")
    engine = store.make_engine(db_url)
    assert (
        store.learner_by_name(engine, "Bob") is None
        or store.games_frame(
            engine,
            store.learner_by_name(engine, "Bob").id,  # type: ignore[union-attr]
        ).empty
    )
    ann = store.learner_by_name(engine, "Ann")
    assert ann is not None and len(store.games_frame(engine, ann.id)) == 1
    engine.dispose()


def watched_words(at: AppTest) -> str:
    """What a watcher reads: the markdown and HTML, the messages and the log's "Who" column."""
    log = [d.value for d in at.dataframe if "Who" in d.value.columns]
    messages = [str(m.value) for m in (*at.success, *at.error, *at.info)]
    whos = [str(w) for frame in log for w in frame["Who"]]
    return "\n".join([page_text(at), *messages, *whos])


@pytest.mark.parametrize("name", ["Ann", "<b>Ann</b> **x** :material/home:"])
def test_a_watched_game_names_its_player_never_you(db_url: str, name: str) -> None:
    from html import escape

    from test_app_play import play_to_the_end, session_of, step

    from tutor.frame.profile import escape_markdown
    from tutor.frame.render import plain_html

    owner = started_game(name)
    step(owner)  # the discard
    step(owner)  # a card laid
    game_id = session_of(owner).game_id
    watcher = open_page(PLAY, game=game_id, learner="Bob")
    shown = watched_words(watcher)
    assert f"{plain_html(name)} laid" in shown  # the commentary, as text
    assert f"<bdi>{plain_html(name)}</bdi>" in shown  # the score's label
    assert "You laid" not in shown and ">You<" not in shown and "You score" not in shown, shown
    drawn = "\n".join(
        [page_text(watcher), *(str(m.value) for m in (*watcher.success, *watcher.info))]
    )
    assert "<b>Ann</b>" not in drawn.replace(
        escape("<b>Ann</b>"), ""
    )  # markdown and HTML: never markup

    play_to_the_end(owner)
    watcher = open_page(PLAY, game=game_id, learner="Bob")
    shown = watched_words(watcher)
    assert "You win" not in shown and "You laid" not in shown, shown
    assert name in [
        str(w) for d in watcher.dataframe if "Who" in d.value.columns for w in d.value["Who"]
    ]
    [verdict] = [str(m.value) for m in (*watcher.success, *watcher.error)][:1]
    winner = session_of(owner).state.result.winner_side  # type: ignore[union-attr]
    assert (escape_markdown(name) if winner == 0 else "Computer") in verdict


def test_a_watched_game_without_a_learner_is_the_players() -> None:
    owner = started_game()
    from test_app_play import session_of, step

    step(owner)
    watcher = open_page(PLAY, game=session_of(owner).game_id)
    shown = watched_words(watcher)
    assert "The player laid away" in shown and "You laid" not in shown, shown
    assert "<bdi>The player</bdi>" in shown


def answer_count(at: AppTest) -> AppTest:
    """Answer the Count page's question (right or wrong: it is recorded either way)."""
    at.text_input(key="count_answer").input("4")
    at.button(key="count_submit").click()
    at.run()
    assert not at.exception, at.exception
    return at


def test_only_the_browser_that_first_used_a_name_can_protect_it(db_url: str) -> None:
    owner = answer_count(open_page(COUNT, learner="Owner Two", seed="7"))
    assert attempts_of(db_url, "Owner Two") == 1
    stranger = open_page(PROGRESS, learner="Owner Two")  # another browser
    assert any("This name was first used in another browser" in c.value for c in stranger.caption)
    assert not [b for b in stranger.button if b.label == "Set the PIN"]

    owner.switch_page(PROGRESS).run()
    owner.text_input(key="pin_new").input("9753")
    owner.text_input(key="pin_again").input("9753")
    next(b for b in owner.button if b.label == "Set the PIN").click()
    owner.run()
    assert [s.value for s in owner.success] == ["The PIN is set: this name is protected."]
    code = owner.code[0].value
    assert store.recovery_form(code) is not None, code
    assert "shown only this once" in owner.warning[0].value
    owner.run()
    assert not owner.code, "the code is shown once"

    forgot = open_page(PROGRESS, learner="Owner Two")  # the owner, PIN forgotten, new browser
    unlock(forgot, code)
    assert forgot.success[0].value.startswith("The recovery code is used")
    assert "This name is protected" not in page_text(open_page(PROGRESS, learner="Owner Two"))
