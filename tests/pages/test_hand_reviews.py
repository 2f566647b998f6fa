"""Each hand's analysis kept with the saved game: put together again it is exactly
``analyse_game`` of the game; a kept hand stands only while it was made by this
``REVIEW_VERSION`` from the very steps the game took (a take-back, a new version: analysed again);
the Play page has every hand of a game analysed off its runs and kept as it is finished, and the
review then only reads them."""

from __future__ import annotations

import json
import threading
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from cribbage_core.coach import game_review as core_review
from cribbage_core.coach.game_review import (
    HandReview,
    analyse_game,
    analyse_hand,
    analyse_record,
    hand_spans,
    line_key,
    played_line,
    review_of_hands,
)
from cribbage_core.game import Phase, Play
from cribbage_core.record import TakeBack
from tests import apptools
from tutor import store
from tutor.play.session import HUMAN, PlaySession
from tutor.review import game as review_room, keep
from tutor.review.game import review_game

GAME = "0b7a6f0e-4444-4c2b-9d7e-000000000004"


@cache
def played(stop: int | None = None) -> PlaySession:
    return apptools.bot_played_game(GAME, stop)


def hands_of(session: PlaySession, seats: tuple[int, ...]) -> list[HandReview]:
    line = played_line(session.record)
    return [
        analyse_hand(line, hand_no, seat, line_key(session.record, line, span.stop))
        for hand_no, span in hand_spans(line).items()
        for seat in seats
    ]


@pytest.mark.parametrize("seats", [(HUMAN,), (0, 1)])
def test_a_game_put_together_from_its_hands_is_analyse_game_exactly(seats: tuple[int, ...]) -> None:
    session = played()
    line = played_line(session.record)
    hands = hands_of(session, seats)
    assert len(hands) == len(hand_spans(line)) * len(seats) > 3
    kept = [
        HandReview.from_dict(json.loads(json.dumps(h.to_dict()))) for h in hands
    ]  # as the database keeps it
    assert kept == hands
    assert review_of_hands(line, kept) == analyse_game(
        line, seats
    )  # every decision, figure and summary


def test_a_hand_analysed_a_step_at_a_time_is_the_hand_analysed_at_once() -> None:
    session = played()
    line = played_line(session.record)
    for hand_no, span in list(hand_spans(line).items())[:3]:
        so_far = None
        for upto in range(span.start + 1, span.stop + 1):
            so_far = analyse_hand(
                line, hand_no, HUMAN, line_key(session.record, line, upto), upto, start=so_far
            )
        assert so_far == analyse_hand(
            line, hand_no, HUMAN, line_key(session.record, line, span.stop)
        )


def test_the_review_takes_the_kept_hands_and_analyses_only_what_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = played()
    whole = analyse_record(session.record)
    first = review_game(session.to_dict(), session.moves)
    assert len(first.fresh) == len(hand_spans(first.line))  # a finished game: every hand to keep
    assert first.review.decisions == whole.of_seat(HUMAN)

    def no_analysis(*args: object, **kwargs: object) -> HandReview:
        raise AssertionError("a kept hand was analysed again")

    with monkeypatch.context() as patched:
        patched.setattr(review_room, "analyse_hand", no_analysis)
        again = review_game(session.to_dict(), session.moves, kept=first.fresh)
    assert again.fresh == ()
    assert again.review == first.review and again.review.summary(HUMAN) == whole.summary(HUMAN)
    # only one hand kept: the rest analysed (and to be kept)
    some = review_game(session.to_dict(), session.moves, kept=first.fresh[:1])
    assert some.review == first.review and len(some.fresh) == len(first.fresh) - 1


def test_a_new_review_version_analyses_every_kept_hand_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = played()
    kept = review_game(session.to_dict(), session.moves).fresh
    forged = tuple(
        HandReview(h.hand_no, h.seat, h.upto, h.key, (), h.luck) for h in kept
    )  # an older engine's
    assert (
        review_game(session.to_dict(), session.moves, kept=forged).review.decisions == ()
    )  # taken as kept
    monkeypatch.setattr(core_review, "REVIEW_VERSION", core_review.REVIEW_VERSION + 1)
    renewed = review_game(session.to_dict(), session.moves, kept=forged)
    assert renewed.review == analyse_record(session.record, (HUMAN,))
    assert len(renewed.fresh) == len(kept) and all(
        h.version == core_review.REVIEW_VERSION for h in renewed.fresh
    )


def test_a_hand_kept_before_a_take_back_is_not_taken_after_it() -> None:
    # the learner lays a card, the hand is analysed so far, the card is taken back and another laid
    for stop in range(10, 60):
        session = played(stop)
        last = session.record.steps[-1]
        if isinstance(last, Play) and last.seat == HUMAN and session.can_undo:
            taken_back = session.take_back()
            other = [
                a for a in taken_back.state.legal_for(HUMAN) if isinstance(a, Play) and a != last
            ]
            if other:
                break
    else:
        pytest.fail("no card of the learner's to take back and lay another instead")
    line = played_line(session.record)
    hand_no = line[-1][0].hand_no
    stop = hand_spans(line)[hand_no].stop
    before = analyse_hand(line, hand_no, HUMAN, line_key(session.record, line, stop))
    again = taken_back.act(other[0])
    new_line = played_line(again.record)
    assert hand_spans(new_line)[hand_no].stop == stop  # the same number of steps, other steps
    kept = review_game(again.to_dict(), again.moves, kept=(before,))
    assert kept.review == analyse_record(again.record, (HUMAN,))


# --- the Play page keeps each hand; the review page reads them -------------------------------------


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return apptools.own_database(tmp_path, monkeypatch)


def test_the_play_page_keeps_every_hand_and_the_review_only_reads_them(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_app_play import click, open_play, play_to_the_end, session_of, start, step

    threads: list[str] = []
    real = keep.analyse_hand

    def recorded(*args: Any, **kwargs: Any) -> HandReview:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(keep, "analyse_hand", recorded)
    at = open_play(learner="Ann")
    start(at, seed=4, target=61)
    step(at)  # the discard
    while not (session_of(at).state.phase is Phase.PLAY and session_of(at).state.to_act == HUMAN):
        step(at)
    step(at)  # a card laid (analysed in the computer's pause), then taken back
    click(at, "play_undo")
    final = play_to_the_end(at)
    assert any(isinstance(s, TakeBack) for s in final.record.steps)
    # every hand analysed by the review's worker thread, none in a page run
    assert threads and {name.split("_")[0] for name in threads} == {"review-ahead"}
    engine = store.make_engine(db_url)
    rows = store.load_own_hand_reviews(engine, final.game_id, "Ann")
    assert store.load_own_hand_reviews(engine, final.game_id, "Bob") == []  # another's: nothing
    engine.dispose()
    line = played_line(final.record)
    assert [(r.hand_no, r.seat) for r in rows] == [(h, HUMAN) for h in hand_spans(line)]
    kept = [HandReview.from_dict(r.data) for r in rows]
    assert kept == hands_of(final, (HUMAN,))  # each exactly the hand's analysis, none stale
    assert review_of_hands(line, kept) == analyse_record(final.record, (HUMAN,))

    def no_analysis(*args: object, **kwargs: object) -> HandReview:
        raise AssertionError("a kept hand was analysed again")

    monkeypatch.setattr(review_room, "analyse_hand", no_analysis)
    review = AppTest.from_file(apptools.ENTRY, default_timeout=60)
    review.switch_page("pages/8_Game_review.py")
    review.query_params["game"] = final.game_id
    review.query_params["learner"] = "Ann"
    review.run()
    assert not review.exception, review.exception
    assert review.metric  # the review opened, from the kept hands alone
