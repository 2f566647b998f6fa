"""The review page's analysis in two parts (the learner's decisions first, the computer's when
asked) gives exactly what one analysis of every seat gives (``analyse_record``)."""

from __future__ import annotations

from functools import cache

import pytest

from cribbage_core.coach.game_review import HandReview, analyse_record, hand_spans, played_line
from tests import apptools
from tutor.play.session import HUMAN, PlaySession
from tutor.review.game import AnalysisUnfinished, review_game
from tutor.review.items import settled_decisions

GAME = "0b7a6f0e-3333-4c2b-9d7e-000000000003"


@cache
def played(stop: int | None = None) -> PlaySession:
    return apptools.bot_played_game(GAME, stop)


@pytest.mark.parametrize("stop", [None, 60])  # finished, and in the middle of a hand
def test_the_learner_first_then_the_computer_is_the_whole_analysis(stop: int | None) -> None:
    session = played(stop)
    whole = analyse_record(session.record)
    game = review_game(session.to_dict(), session.moves)
    assert game.seats == (HUMAN,) and game.others() == (1,)
    assert game.review.decisions == whole.of_seat(HUMAN)
    assert game.review.summary(HUMAN) == whole.summary(HUMAN)
    assert not any(d.seat == 1 for d in game.review.decisions)
    both = game.with_seats()
    assert both.seats == (0, 1) and both.with_seats() is both
    assert both.review == whole  # every decision, in order, every figure, both summaries
    assert both.line == game.line and both.record == game.record


def test_a_hand_still_played_is_told_by_the_line_not_by_the_seats_analysed() -> None:
    # the computer has discarded in a new hand and the learner not yet: the hands before are settled
    for stop in range(20, 80):
        game = review_game(played(stop).to_dict(), stop)
        if game.last_hand > 1 and all(d.hand_no < game.last_hand for d in game.review.decisions):
            break
    else:
        pytest.fail("no move of the computer opens a hand in this game")
    whole = analyse_record(played(stop).record)
    assert (
        max(d.hand_no for d in whole.decisions) == game.last_hand
    )  # the computer's decision is there
    settled = settled_decisions(game)
    assert {d.hand_no for d in settled} == set(range(1, game.last_hand))
    assert settled == settled_decisions(game.with_seats())  # the same with every seat analysed


@pytest.mark.parametrize("stop", [None, 60])  # finished, and in the middle of a hand
def test_an_analysis_stopped_each_hand_goes_on_to_the_whole_analysis(stop: int | None) -> None:
    session = played(stop)
    data = session.to_dict()
    kept: list[HandReview] = []
    tries = 0
    while True:  # no CPU time to spare: each try analyses one hand, then stops
        try:
            game = review_game(data, session.moves, kept=kept, seconds=0.0)
            break
        except AnalysisUnfinished as unfinished:
            assert len(unfinished.made) == 1 and unfinished.done == len(kept) + 1
            assert unfinished.total == len(hand_spans(tuple(played_line(session.record))))
            kept += unfinished.made
            tries += 1
    assert tries == len(hand_spans(game.line)) - 1
    assert game.review == review_game(data, session.moves).review
    assert [h.hand_no for h in kept] == list(range(1, tries + 1))
