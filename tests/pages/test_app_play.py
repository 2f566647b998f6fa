"""AppTest of pages/4_Play.py: whole seeded games through the page's widgets, counting modes,
muggins, resuming from a saved id, illegal and stale clicks.

The computer's moves come without the pause a person sees (``CRIBBAGE_BOT_DELAY=0``) and the
games are saved in a throwaway SQLite file (``DATABASE_URL``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.errors import AppTestError

from cribbage_core.cards import Card
from cribbage_core.game import Phase, Play
from tests import apptools
from tests.apptools import ENTRY
from tutor import store
from tutor.frame.profile import owner_hash
from tutor.play.session import HUMAN, PlaySession

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


PAGE = "pages/4_Play.py"


@pytest.fixture(autouse=True)
def fast_bots_and_own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return apptools.own_database(tmp_path, monkeypatch)


def open_play(same_browser_as: AppTest | None = None, **params: str) -> AppTest:
    """The Play page in a new session: another browser, or (``same_browser_as``) a reload or
    another tab of that one, which a browser tells by its cookie (AppTest has none)."""
    at = AppTest.from_file(ENTRY, default_timeout=60)
    if same_browser_as is not None:
        at.session_state["profile_browser_key"] = same_browser_as.session_state[
            "profile_browser_key"
        ]
    at.switch_page(PAGE)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def start(at: AppTest, seed: int = 42, **choices: Any) -> PlaySession:
    """Fill in the settings form and deal."""
    at.session_state["play_seed_override"] = seed
    for key, value in choices.items():
        widget = at.get("selectbox") + at.get("radio") + at.get("toggle")
        [found] = [w for w in widget if w.key == f"play_set_{key}"]
        found.set_value(value)
    # the submit button's key carries its (translated) label
    [deal] = [b for b in at.button if str(b.key).startswith("FormSubmitter:play_settings-")]
    deal.click().run()
    assert not at.exception, at.exception
    return session_of(at)


def session_of(at: AppTest) -> PlaySession:
    session = at.session_state["play_session"]
    assert isinstance(session, PlaySession)
    return session


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key}


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def step(at: AppTest, claim: Any = None) -> None:
    """One learner action through the widgets (the computer answers within the same run)."""
    session = session_of(at)
    state = session.state
    found = keys(at)
    if state.phase is Phase.DISCARD:
        best = session.advice().best.discard
        for card in best:
            click(at, f"play_pick_{card}")
        click(at, "play_confirm_discard")
    elif state.phase is Phase.PLAY:
        enabled = [
            b for b in at.button if b.key and b.key.startswith("play_lay_") and not b.disabled
        ]
        assert enabled, "it is my turn, so a card fits (when none does, go is said for me)"
        enabled[0].click().run()
        assert not at.exception, at.exception
    elif state.phase is Phase.SHOW:
        if "play_next_count" in found:
            click(at, "play_next_count")
        elif "play_count_mine" in found:
            click(at, "play_count_mine")
        else:
            what = state.counting()
            assert what is not None and state.starter is not None
            value = claim(what) if callable(claim) else claim
            at.text_input(key="play_claim").input(str(value))
            at.button(key="FormSubmitter:play_count_form-Claim my count").click().run()
            assert not at.exception, at.exception
    elif state.phase is Phase.DEAL:
        click(at, "play_deal")


def log_table(at: AppTest) -> Any:
    [found] = [d.value for d in at.dataframe if "Points" in d.value.columns]
    return found


def advice_table(at: AppTest) -> Any:
    [found] = [d.value for d in at.dataframe if "Rank" in d.value.columns]
    return found


def play_to_the_end(at: AppTest, claim: Any = None, limit: int = 400) -> PlaySession:
    for _ in range(limit):
        if session_of(at).phase is Phase.GAME_OVER:
            return session_of(at)
        before = session_of(at).moves
        step(at, claim)
        assert session_of(at).moves > before, (errors(at), [w.value for w in at.warning])
    raise AssertionError("the game did not end")


def test_a_whole_seeded_game_to_121_where_the_app_counts() -> None:
    at = open_play()
    session = start(at, seed=42)
    assert at.query_params["game"] == session.game_id
    assert session.state.phase is Phase.DISCARD and len(session.state.hands[HUMAN]) == 6
    assert any('class="board"' in m.value for m in at.markdown), "the board is drawn"
    final = play_to_the_end(at)
    result = final.state.result
    assert result is not None and max(final.state.scores) >= 121
    banner = (at.success or at.error)[0].value
    assert str(final.state.scores[0]) in banner and str(final.state.scores[1]) in banner
    log = log_table(at)
    assert len(log) == len(final.state.log) + len(final.marks)
    assert list(log["You"])[-1] == final.state.scores[0]
    assert list(log["Computer"])[-1] == final.state.scores[1]
    # the finished game is saved as finished, and (no learner chosen) not recorded as progress
    engine = store.make_engine()
    loaded = store.load_game(engine, final.game_id)
    assert loaded is not None and PlaySession.from_dict(loaded[1]) == final


def test_the_same_seed_and_moves_give_the_same_game() -> None:
    first = open_play()
    start(first, seed=9, target=61, level="hard")
    a = play_to_the_end(first)
    second = open_play()
    start(second, seed=9, target=61, level="hard")
    b = play_to_the_end(second)
    assert a.state.log == b.state.log


def test_counting_my_own_hands_right_scores_them_all() -> None:
    at = open_play()
    start(at, seed=5, target=61, counting="self", muggins=True)

    def exact(what: tuple[int, tuple[Card, ...], bool]) -> int:
        from cribbage_core.scoring import score_hand

        state = session_of(at).state
        assert state.starter is not None
        return score_hand(what[1], state.starter, is_crib=what[2]).total

    final = play_to_the_end(at, claim=exact)
    assert final.claims and all(c.claimed == c.actual for c in final.claims)
    assert not [e for e in final.state.log if e.kind == "muggins"]
    assert final.muggins_lost() == 0


def test_muggins_gives_what_i_miss_to_the_computer_and_says_so() -> None:
    at = open_play()
    start(at, seed=11, target=61, counting="self", muggins=True)
    shown_muggins = []

    def one_short(what: tuple[int, tuple[Card, ...], bool]) -> int:
        from cribbage_core.scoring import score_hand

        state = session_of(at).state
        assert state.starter is not None
        return max(0, score_hand(what[1], state.starter, is_crib=what[2]).total - 1)

    for _ in range(400):
        session = session_of(at)
        if session.phase is Phase.GAME_OVER:
            break
        step(at, claim=one_short)
        shown_muggins += [e.value for e in at.error if "Muggins!" in e.value]
    final = session_of(at)
    short = [c for c in final.claims if c.actual > 0]
    assert short, "some hand of mine was worth points"
    muggins = [e for e in final.state.log if e.kind == "muggins"]
    assert sum(e.points for e in muggins) == final.muggins_lost() >= 1
    assert all(e.side == 1 for e in muggins)
    assert shown_muggins, "the page says the computer took the missed points"


def test_without_muggins_an_undercount_only_costs_me() -> None:
    at = open_play()
    start(at, seed=11, target=61, counting="self")
    final = play_to_the_end(at, claim=0)
    assert final.claims and all(c.claimed == 0 for c in final.claims)
    assert not [e for e in final.state.log if e.kind == "muggins"]
    assert not [e for e in final.state.log if e.phase.startswith("show") and e.side == 0]


def test_a_reload_resumes_the_saved_game_from_its_id() -> None:
    at = open_play()
    start(at, seed=3)
    for _ in range(3):  # discard and lay a couple of cards
        step(at)
    before = session_of(at)
    assert before.state.phase in (Phase.PLAY, Phase.SHOW)
    # a new browser session (reload, or the server restarted) with only the address
    again = open_play(at, game=before.game_id)
    resumed = session_of(again)
    assert resumed == before
    assert resumed.state.to_dict() == before.state.to_dict()
    # and it plays on from there, saving as it goes
    step(again)
    assert session_of(again).moves > before.moves


def test_an_unknown_game_id_says_so_and_offers_a_new_game() -> None:
    at = open_play(game="no-such-game")
    assert any("no saved game" in e.value for e in at.error)
    assert "FormSubmitter:play_settings-Deal" in keys(at)


def test_two_tabs_play_two_games_that_never_mix() -> None:
    tab1, tab2 = open_play(), open_play()
    g1 = start(tab1, seed=1)
    g2 = start(tab2, seed=2)
    assert g1.game_id != g2.game_id
    step(tab1)
    step(tab1)
    assert session_of(tab2) == g2, "tab 2's game did not move"
    assert session_of(tab1).game_id == g1.game_id
    assert open_play(game=g2.game_id).session_state["play_session"] == g2


def test_a_stale_tab_on_the_same_game_changes_nothing() -> None:
    tab1 = open_play()
    game = start(tab1, seed=21)
    tab2 = open_play(tab1, game=game.game_id)
    step(tab1)  # tab 1 discards
    moved = session_of(tab1)
    # tab 2 still shows the discard: its click must not overwrite the saved game
    at = tab2
    best = session_of(at).advice().options[-1].discard
    for card in best:
        click(at, f"play_pick_{card}")
    click(at, "play_confirm_discard")
    assert any("another tab" in w.value for w in at.warning)
    assert session_of(at) == moved, "tab 2 now shows the game as tab 1 left it"
    saved = store.load_game(store.make_engine(), game.game_id)
    assert saved is not None and PlaySession.from_dict(saved[1]) == moved


def test_a_card_that_passes_31_is_disabled_and_cannot_be_clicked() -> None:
    # the page waits for me only with two cards that fit: not in every game (45 has one)
    for seed in range(45, 55):
        at = open_play()
        start(at, seed=seed)
        for _ in range(60):
            session = session_of(at)
            state = session.state
            if state.phase is Phase.GAME_OVER:
                break
            if state.phase is Phase.PLAY and state.to_act == HUMAN:
                too_big = [c for c in state.hands[HUMAN] if state.count + c.value > 31]
                if too_big:
                    button = at.button(key=f"play_lay_{too_big[0]}")
                    assert button.disabled and "past 31" in (button.help or "")
                    with pytest.raises(AppTestError):
                        button.click()
                    return
            step(at)
    pytest.fail("no card passing 31 came up in these seeded games")


def test_go_is_said_for_me_when_no_card_fits_and_the_feed_says_so() -> None:
    at = open_play()
    start(at, seed=42)
    seen_go = False
    for _ in range(120):
        session = session_of(at)
        state = session.state
        if state.phase is Phase.GAME_OVER:
            break
        assert "play_go" not in keys(at), (
            "go is never a click: it is the only move when nothing fits"
        )
        if state.phase is Phase.PLAY and state.to_act == HUMAN:
            fits = [c for c in state.hands[HUMAN] if state.count + c.value <= 31]
            assert len(fits) >= 2, (
                "the page waits only when I have a choice (one card, or none, is played for me)"
            )
        shown = [m for m in session.feed if m.kind != "count"][-5:]  # the commentary's moves
        if any(m.kind == "go" and m.seat == HUMAN for m in shown) and state.phase is Phase.PLAY:
            seen_go = True
            assert any("go, said for you" in md.value for md in at.markdown), (
                "the feed says the go was said for me"
            )
        step(at)
    assert seen_go


def test_a_double_click_is_refused_with_a_message() -> None:
    at = open_play()
    session = start(at, seed=42)
    chosen = session.advice().best.discard
    for card in chosen:
        click(at, f"play_pick_{card}")
    drawn = session_of(at)
    # the first click of a double click went through and was saved ...
    from cribbage_core.game import Discard

    first = drawn.act(Discard(HUMAN, chosen))
    engine = store.make_engine()
    store.save_game(
        engine,
        first.game_id,
        first.to_dict(),
        moves=first.moves,
        previous=drawn.moves,
        browser=owner_hash(at.session_state["profile_browser_key"]),
    )
    # ... and the second arrives carrying the table it was drawn on: refused, with a message
    click(at, "play_confirm_discard")
    assert any("changed nothing" in w.value or "older view" in w.value for w in at.warning)
    now = session_of(at)
    assert now.state.discards[HUMAN] == first.state.discards[HUMAN]
    assert [m for m in now.feed if m.seat == HUMAN] == [m for m in first.feed if m.seat == HUMAN]
    assert now.state.log[: len(first.state.log)] == first.state.log, (
        "the page goes on from the first click"
    )


def test_undo_takes_back_my_last_card_and_the_log_marks_it() -> None:
    at = open_play()
    start(at, seed=42)
    step(at)  # discard
    for _ in range(10):
        session = session_of(at)
        if session.state.phase is Phase.PLAY and session.state.to_act == HUMAN:
            break
        step(at)
    hand_before = session.state.hands[HUMAN]
    step(
        at
    )  # lay a card (the computer answers; a card of mine that is the only one to fit is laid for me)
    assert len(session_of(at).state.hands[HUMAN]) < len(hand_before)
    assert not at.button(key="play_undo").disabled
    click(at, "play_undo")
    undone = session_of(at)
    assert undone.state.hands[HUMAN] == hand_before
    assert undone.state.log == session.state.log
    assert undone.marks and isinstance(undone.marks[-1].undone, Play)
    at.toggle(key="play_show_log").set_value(True).run()
    log = log_table(at)
    assert log["What"].str.startswith("Take-back").any()


def test_undo_of_a_discard_gives_the_six_cards_back() -> None:
    at = open_play()
    session = start(at, seed=8)
    six = session.state.hands[HUMAN]
    step(at)
    click(at, "play_undo")
    assert set(session_of(at).state.hands[HUMAN]) == set(six)
    assert session_of(at).state.phase is Phase.DISCARD


def test_hint_shows_every_discard_ranked() -> None:
    at = open_play()
    start(at, seed=42)
    at.toggle(key="play_hint").set_value(True).run()
    table = advice_table(at)
    assert len(table) == 15
    assert list(table["Rank"]) == list(range(1, 16))
    assert table["Net"].is_monotonic_decreasing


def test_the_review_after_the_hand_says_what_my_discard_lost() -> None:
    at = open_play()
    session = start(at, seed=42)
    worst = session.advice().options[-1]
    for card in worst.discard:
        click(at, f"play_pick_{card}")
    click(at, "play_confirm_discard")
    for _ in range(40):
        if session_of(at).state.phase is not Phase.PLAY:
            break
        step(at)
    texts = [i.value for i in at.info]
    review = session_of(at).review(1)
    assert review is not None and review.ev_lost > 0
    assert any(f"{review.ev_lost:.2f}" in t for t in texts)


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_player_games_play_to_the_end(players: int) -> None:
    at = open_play()
    start(at, seed=13, target=61, players=players)
    final = play_to_the_end(at)
    assert final.state.players == players and final.state.result is not None
    log = log_table(at)
    assert len(log) == len(final.state.log) + len(final.marks)


def test_a_chosen_learner_gets_the_finished_game_recorded(fast_bots_and_own_database: str) -> None:
    at = open_play(learner="Ann")
    start(at, seed=4, target=61)
    final = play_to_the_end(at)
    engine = store.make_engine(fast_bots_and_own_database)
    ann = store.learner_by_name(engine, "Ann")
    assert ann is not None
    games = store.games_frame(engine, ann.id)
    assert list(games["id"]) == [final.game_id]
    assert list(next(iter(games["scores"]))) == list(final.state.scores)


@pytest.mark.parametrize("lang", ["hi", "ur"])
def test_a_game_starts_from_the_settings_form_in_another_language(lang: str) -> None:
    # the choices' labels are made in the run's language, so the form submits in any language
    at = open_play(lang=lang)
    session = start(at, level="hard", players=3, counting="self")
    assert (session.settings.level, session.settings.players) == ("hard", 3)
    assert session.settings.self_count


def _saved_text(game_id: str, text: str, moves: int = 0) -> None:
    """Put ``text`` in the database as the saved game ``game_id`` (as a careless edit would)."""
    import sqlalchemy as sa

    engine = store.make_engine()
    store.migrate(engine)
    store.save_game(engine, game_id, {}, moves=moves, previous=None)
    with engine.begin() as conn:
        conn.execute(
            sa.update(store.SAVED_GAMES).where(store.SAVED_GAMES.c.id == game_id).values(data=text)
        )


def _edited_v1() -> str:
    import json

    data = json.loads(
        (
            Path(__file__).resolve().parents[1]
            / "data/play_saves_v1/two_players_play_with_take_backs.json"
        ).read_text()
    )
    hands = data["data"]["state"]["hands"]
    hands[1][0] = hands[0][0]  # the same card in two hands
    return json.dumps(data["data"])


def _bad_card() -> str:
    import json

    from tutor.play.session import PlaySettings

    data = PlaySession.start(PlaySettings(), seed=4).to_dict()
    data["game"]["steps"] = [["play", 1, "5H"]]
    return json.dumps(data)


@pytest.mark.parametrize(
    "text, said",
    [
        ("{x", "damaged"),
        ("", "damaged"),
        ("null", "damaged"),
        ("[]", "damaged"),
        ("{}", "format"),
        ('{"version": 9}', "format"),
        ("[" * 100_000 + "]" * 100_000, "damaged"),
        ('{"version": 2, "seed": ' + "1" * 5000 + "}", "damaged"),
        ("EDITED_V1", "does not follow"),
        ("BAD_MOVE", "move 1 breaks a rule"),
    ],
)
def test_a_broken_saved_game_says_so_and_offers_a_new_game(text: str, said: str) -> None:
    text = {"EDITED_V1": _edited_v1, "BAD_MOVE": _bad_card}.get(text, lambda: text)()
    _saved_text("broken-game", text)
    at = open_play(game="broken-game")
    [message] = [e.value for e in at.error]
    assert message.startswith("This saved game cannot be continued:") and said in message, message
    assert "FormSubmitter:play_settings-Deal" in keys(at), "a new game is offered"
    assert "game" not in at.query_params
    start(at, seed=2)  # and it starts
    assert session_of(at).phase is Phase.DISCARD


def test_a_broken_saved_game_is_explained_in_the_learners_language() -> None:
    _saved_text("broken-game", "{x")
    at = open_play(game="broken-game", lang="hi")
    [message] = [e.value for e in at.error]
    assert message.startswith("यह सहेजा गया खेल आगे नहीं चल सकता")


def test_a_game_saved_by_the_old_code_opens_and_plays_on() -> None:
    import json

    found = json.loads(
        (
            Path(__file__).resolve().parents[1]
            / "data/play_saves_v1/two_players_play_with_take_backs.json"
        ).read_text()
    )
    engine = store.make_engine()
    store.migrate(engine)
    game_id = found["data"]["game_id"]
    store.save_game(engine, game_id, found["data"], moves=found["moves"], previous=None)
    at = open_play(game=game_id)
    assert session_of(at).moves >= found["moves"] and not at.error  # (the computer may have moved)
    assert session_of(at).record.origin is not None
    step(at)
    saved = store.load_game(engine, game_id)
    assert saved is not None and saved[1]["version"] == 2, "saved again as its moves"
    assert PlaySession.from_dict(saved[1], moves=saved[0]) == session_of(at)


def _play_the_hand(at: AppTest) -> None:
    """Discard and lay cards until the hand's play is over (the page then shows the show)."""
    for _ in range(40):
        if session_of(at).phase not in (Phase.DISCARD, Phase.PLAY):
            return
        step(at)
    raise AssertionError("the play did not end")


def test_when_the_app_counts_the_show_needs_no_click_and_the_next_deal_one() -> None:
    at = open_play()
    start(at, seed=42, dealer="me")
    _play_the_hand(at)
    session = session_of(at)
    assert session.phase is Phase.DEAL, "the counts ran on by themselves"
    assert not keys(at) & {"play_next_count", "play_count_mine"}
    titles = [e.label for e in at.expander if e.label != "Coach"]  # the coach's settings come first
    assert titles[:3] == [t for t in titles[:3] if ": " in t] and any(
        t.startswith("Your crib: ") for t in titles
    )
    click(at, "play_deal")
    assert session_of(at).phase is Phase.DISCARD and session_of(at).state.hand_no == 2


def test_step_by_step_each_count_waits_for_its_click() -> None:
    at = open_play()
    start(at, seed=42, dealer="me", counting="step")
    assert session_of(at).settings.step_show
    _play_the_hand(at)
    assert session_of(at).phase is Phase.SHOW and "play_next_count" in keys(at)
    click(at, "play_next_count")
    assert session_of(at).state.show_step == 1 and "play_count_mine" in keys(at)


def test_after_the_show_the_table_describes_the_hand_just_counted() -> None:
    at = open_play()
    start(at, seed=42, dealer="me")
    _play_the_hand(at)
    session = session_of(at)
    shown = session.last_show
    assert session.phase is Phase.DEAL and shown is not None and shown.dealer == HUMAN
    assert session.state.dealer != HUMAN, "the next deal is the computer's"
    text = " ".join(str(m.value) for m in at.markdown)
    assert "<strong>Hand 1</strong> · You dealt" in text
    values = [str(m.value) for m in at.markdown]
    # the table's row, one block: each column a label, then its cards
    row = next(v for v in values if "play-table" in v)
    cells = dict(cell.split("</div>", 1) for cell in row.split('<div class="play-label">')[1:])
    starter = cells["<strong>Starter</strong>"]
    assert 'class="card"' in starter and "card back" not in starter, "the starter is face up"
    crib = cells["<strong>The crib</strong> · <bdi>You</bdi>"]
    assert crib.count('class="card"') == 4, "the crib is face up"
    breakdowns = [v for v in values if 'class="breakdown"' in v]
    assert breakdowns and all(">Starter</figcaption>" in v for v in breakdowns), (
        "each row marks the starter"
    )
