"""A game's decisions filed for the learner (attempts for the weak spots, costly ones as review
items), served on the Review page, and kept apart per learner. The clock is set (``tutor.clock``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from cribbage_core.coach.grades import Grade
from tests import apptools
from tutor import clock, progress, store
from tutor.play.session import HUMAN, PlaySession
from tutor.review.game import ReviewedGame, review_game
from tutor.review.items import (
    GAME_KIND,
    decision_at,
    file_decisions,
    game_position,
    settled_decisions,
)
from tutor.review.mistakes import check_answer
from tutor.review.reasons import is_costly, option_cards

GAME = "0b7a6f0e-2222-4c2b-9d7e-000000000002"
DAY = dt.date(2026, 12, 1)
REVIEW = "pages/9_Review.py"


@cache
def played(stop: int | None = None) -> PlaySession:
    """A game to 61 against easy, the learner's seat played by the easy bot too (it errs)."""
    return apptools.bot_played_game(GAME, stop)


@cache
def reviewed(stop: int | None = None) -> ReviewedGame:
    session = played(stop)
    return review_game(session.to_dict(), session.moves)


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return apptools.own_database(tmp_path, monkeypatch, today=DAY)


def handle(url: str) -> store.Store:
    engine = store.make_engine(url)
    store.migrate(engine)
    return store.Store(engine)


def save(url: str, session: PlaySession, learner: str | None = "Ann") -> None:
    db = handle(url)
    assert db.engine is not None
    store.save_game(
        db.engine, GAME, session.to_dict(), moves=session.moves, previous=None, learner=learner
    )


def game_items(db: store.Store, name: str, on: dt.date) -> list[store.ReviewItem]:
    return list(db.due_items(name, on, (GAME_KIND,), limit=500))


def test_every_settled_decision_is_filed_once_and_each_costly_one_becomes_an_item(
    db_url: str,
) -> None:
    game = reviewed()
    db = handle(db_url)
    db.record_game(
        "Ann",
        game_id=GAME,
        opponent_level="easy",
        players=2,
        target=61,
        scores=[61, 40],
        winner="you",
        learner_won=True,
        result_kind="win",
    )
    decisions = settled_decisions(game)
    costly = [d for d in decisions if is_costly(d)]
    assert costly, "the easy bot's play should have costly decisions"
    filed = file_decisions(db, "Ann", game, DAY)
    assert (filed.decisions, filed.items, filed.figures) == (len(decisions), len(costly), True)
    assert game_items(db, "Ann", DAY) == []  # due tomorrow
    items = game_items(db, "Ann", DAY + dt.timedelta(days=1))
    assert sorted(i.position["step"] for i in items) == sorted(str(d.step) for d in costly)
    assert all(
        i.position == game_position(GAME, int(i.position["hand"]), int(i.position["step"]))
        for i in items
    )

    again = file_decisions(
        db, "Ann", game, DAY + dt.timedelta(days=1)
    )  # a second filing files nothing
    assert (again.decisions, again.items) == (0, 0)
    assert [i.state for i in game_items(db, "Ann", DAY + dt.timedelta(days=1))] == [
        i.state for i in items
    ]

    frame = db.attempts_frame("Ann")
    assert len(frame) == len(decisions) and set(frame["kind"]) == {GAME_KIND}
    assert int((~frame["correct"]).sum()) == len(costly)
    [row] = db.games_frame("Ann").to_dict("records")
    mine = game.review.summary(HUMAN)
    assert (row["skill"], row["luck"], row["errors"]) == (
        round(mine.skill, 4),
        round(mine.luck, 4),
        mine.errors,
    )

    weights = progress.weak_spots(db, "Ann", area="games")
    missed = {"discard" if d.kind == "discard" else "pegging play" for d in costly}
    assert set(weights) <= missed and weights
    assert (
        progress.weak_spots(db, "Ann", area="show") == {}
    )  # the games never steer the quizzes' drills
    assert progress.weak_spots(db, "Ann", area="play") == {}


@contextmanager
def counted_writes() -> Iterator[list[str]]:
    """The statements run in the block, by any engine, that write: INSERT, UPDATE, DELETE, and
    SQLite's write transactions (``BEGIN IMMEDIATE``, which takes the database's write lock)."""
    writes: list[str] = []

    def seen(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        if (
            statement.lstrip()
            .upper()
            .startswith(("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN IMMEDIATE"))
        ):
            writes.append(statement)

    sa.event.listen(sa.engine.Engine, "before_cursor_execute", seen)
    try:
        yield writes
    finally:
        sa.event.remove(sa.engine.Engine, "before_cursor_execute", seen)


def early_stop() -> int:
    """A step early in the game's third hand: the first two hands are settled."""
    whole = reviewed()
    hands = sorted({d.hand_no for d in whole.review.decisions})
    return next(d.step for d in whole.review.decisions if d.hand_no == hands[2]) + 1


def test_filing_again_writes_only_what_is_new_or_changed(db_url: str) -> None:
    db = handle(db_url)
    db.record_game(
        "Ann",
        game_id=GAME,
        opponent_level="easy",
        players=2,
        target=61,
        scores=[61, 40],
        winner="you",
        learner_won=True,
        result_kind="win",
    )
    early, whole = reviewed(early_stop()), reviewed()
    first = file_decisions(db, "Ann", early, DAY)  # the game in progress: its first hands
    new = len(settled_decisions(whole)) - first.decisions
    assert first.decisions and new
    with counted_writes() as writes:
        filed = file_decisions(db, "Ann", whole, DAY)  # the game over: its later hands, its figures
    assert filed.decisions == new and filed.figures
    assert sum(w.startswith("INSERT INTO attempts") for w in writes) == new
    assert len(db.attempts_frame("Ann")) == len(settled_decisions(whole))

    with counted_writes() as writes:
        again = file_decisions(db, "Ann", whole, DAY + dt.timedelta(days=1))
    assert writes == [] and again == (
        0,
        0,
        True,
    )  # stored before: nothing written, the figures kept

    mine = whole.review.summary(HUMAN)
    with counted_writes() as writes:  # changed figures (a new analysis) are written
        assert db.set_game_figures("Ann", GAME, mine.skill + 0.5, mine.luck, mine.errors)
    assert [w.split()[0] for w in writes if not w.startswith("BEGIN")] == ["UPDATE"]
    assert db.games_frame("Ann")["skill"].tolist() == [round(mine.skill + 0.5, 4)]


def test_a_game_in_progress_files_only_the_hands_no_take_back_can_change() -> None:
    whole = reviewed()
    hands = sorted({d.hand_no for d in whole.review.decisions})
    game = reviewed(early_stop())
    assert game.final.result is None
    filed = settled_decisions(game)
    assert game.last_hand == hands[2]  # the hand still being played
    assert filed and max(d.hand_no for d in filed) < game.last_hand
    assert {(d.step, d.chosen) for d in filed} <= {
        (d.step, d.chosen) for d in settled_decisions(whole)
    }


def test_each_learner_files_and_sees_only_their_own(db_url: str) -> None:
    game = reviewed()
    db = handle(db_url)
    file_decisions(db, "Ann", game, DAY)
    assert game_items(db, "Bob", DAY + dt.timedelta(days=1)) == []
    assert db.attempts_frame("Bob").empty
    [first, *_] = game_items(db, "Ann", DAY + dt.timedelta(days=1))
    assert db.review_item("Bob", first.id) is None
    assert not db.set_game_figures("Bob", GAME, 0.1, 0.0, 0)  # Bob has no such game


def open_page(page: str, **params: str) -> AppTest:
    return apptools.open_page(page, timeout=60, **params)


def test_reviewing_the_game_files_it_for_its_learner_only(db_url: str) -> None:
    save(db_url, played())
    apptools.open_page(
        "pages/8_Game_review.py", timeout=60, game=GAME, learner="Bob"
    )  # watching: not his
    db = handle(db_url)
    assert db.attempts_frame("Bob").empty
    at = open_page("pages/8_Game_review.py", game=GAME, learner="Ann")
    assert not at.exception
    costly = [d for d in settled_decisions(reviewed()) if is_costly(d)]
    assert len(game_items(db, "Ann", DAY + dt.timedelta(days=1))) == len(costly)


def test_a_game_decision_is_served_on_the_review_page_with_the_engines_verdict(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(db_url, played())
    db = handle(db_url)
    file_decisions(db, "Ann", reviewed(), DAY)
    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    item = next(i for i in game_items(db, "Ann", DAY + dt.timedelta(days=1)) if i.position)
    d = decision_at(reviewed(), item.position)
    assert d is not None
    at = open_page(REVIEW, learner="Ann", item=str(item.id))
    assert not at.exception, at.exception
    asked = " ".join(m.value for m in at.markdown)
    assert (
        ("Which card would you lay?" in asked)
        if d.kind == "play"
        else ("would you throw?" in asked)
    )
    best = option_cards(d.options[0])
    pills = at.get("button_group")[0]
    pills.set_value(list(best) if len(best) > 1 else best[0])
    at.button(key="game_pick_check").click().run()
    assert not at.exception, at.exception
    assert at.success and at.success[0].value.startswith("Yes:")
    assert check_answer(d, frozenset(best)) is Grade.BEST
    [moved] = [
        i
        for i in db.due_items("Ann", DAY + dt.timedelta(days=4), (GAME_KIND,), limit=500)
        if i.id == item.id
    ]
    assert (
        moved.state.streak == 1 and moved.state.interval_days == 2
    )  # FSRS: 2 days after a first Good
    answers = db.attempts_frame("Ann")
    assert (
        len(answers) == len(settled_decisions(reviewed())) + 1
    )  # the answer on review, as a game decision
    links = [
        link.proto.query_string
        for link in at.get("page_link")
        if link.proto.label == "Open on its own page"
    ]
    assert links and {f"game={GAME}", f"hand={d.hand_no}"} <= set(links[0].split("&"))

    other = open_page(REVIEW, learner="Bob", item=str(item.id))  # not Bob's item
    assert "Nothing to review today." in [s.value for s in other.success]


def test_a_wrong_pick_gets_the_best_choice_and_the_item_starts_over(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(db_url, played())
    db = handle(db_url)
    file_decisions(db, "Ann", reviewed(), DAY)
    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    item = game_items(db, "Ann", DAY + dt.timedelta(days=1))[0]
    d = decision_at(reviewed(), item.position)
    assert d is not None
    at = open_page(REVIEW, learner="Ann", item=str(item.id))
    mine = option_cards(d.choice)  # the costly choice made in the game, again
    at.get("button_group")[0].set_value(list(mine) if len(mine) > 1 else mine[0])
    at.button(key="game_pick_check").click().run()
    assert not at.exception, at.exception
    assert at.error and "The best choice was" in at.error[0].value
    [again] = [
        i
        for i in db.due_items("Ann", DAY + dt.timedelta(days=2), (GAME_KIND,), limit=500)
        if i.id == item.id
    ]
    assert again.state.lapses == 2


def test_a_decision_whose_game_is_gone_is_set_aside(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = handle(db_url)
    file_decisions(db, "Ann", reviewed(), DAY)  # filed, but the game was never saved
    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    at = open_page(REVIEW, learner="Ann")
    assert not at.exception, at.exception
    assert "can no longer be dealt" in " ".join(w.value for w in at.warning)


def test_the_end_of_a_game_on_the_play_page_files_it_with_its_figures(db_url: str) -> None:
    save(db_url, played())
    at = open_page("pages/4_Play.py", game=GAME, learner="Ann")
    assert not at.exception, at.exception
    db = handle(db_url)
    costly = [d for d in settled_decisions(reviewed()) if is_costly(d)]
    assert len(game_items(db, "Ann", DAY + dt.timedelta(days=1))) == len(costly)
    [row] = db.games_frame("Ann").to_dict("records")
    assert row["skill"] == round(reviewed().review.summary(HUMAN).skill, 4)
    at.run()  # a rerun files nothing again
    assert len(db.attempts_frame("Ann")) == len(settled_decisions(reviewed()))


def test_a_review_opened_again_in_a_new_session_writes_nothing(db_url: str) -> None:
    save(db_url, played())
    assert not open_page(
        "pages/4_Play.py", game=GAME, learner="Ann"
    ).exception  # the end: filed, figures kept
    db = handle(db_url)
    filed, games = db.attempts_frame("Ann"), db.games_frame("Ann")
    assert len(filed) == len(settled_decisions(reviewed())) and games["skill"].notna().all()
    for _ in range(2):  # each a new session opening the game's review
        with counted_writes() as writes:
            at = open_page("pages/8_Game_review.py", game=GAME, learner="Ann")
        assert not at.exception, at.exception
        assert writes == [], writes
    assert db.attempts_frame("Ann").equals(filed) and db.games_frame("Ann").equals(games)
