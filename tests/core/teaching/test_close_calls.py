"""Close calls: a choice within a few tenths of the best is accepted as good everywhere."""

from __future__ import annotations

from cribbage_core.cards import parse_cards
from cribbage_core.coach.grades import CLOSE_CALL, Grade, close_call, grade
from cribbage_core.teaching.discard_quiz import (
    close_options,
    deal_discard,
    ev_loss,
    is_best,
    is_good,
)
from cribbage_core.teaching.first_game import coach_discard, deal, start
from tutor.quiz.grading import grade_discard


def test_the_close_call_margin_is_the_limit_of_good() -> None:
    assert grade(CLOSE_CALL - 0.01) is Grade.GOOD and close_call(CLOSE_CALL - 0.01)
    assert grade(CLOSE_CALL) is Grade.INACCURACY and not close_call(CLOSE_CALL)
    assert close_call(0.9, se=0.5)  # within the noise of a simulated figure


def test_the_first_game_accepts_five_six_into_the_dealers_own_crib() -> None:
    state = deal(start())
    advice = coach_discard(state, state.dealer)
    throw = parse_cards("5S 6C")
    assert not is_best(advice, throw) and is_good(advice, throw)
    assert 0 < ev_loss(advice, throw) < CLOSE_CALL


def test_the_discard_trainer_marks_a_close_call_right_and_names_the_others() -> None:
    for seed in range(200):
        deal_ = deal_discard(seed)
        close = close_options(deal_.advice)
        if close:
            break
    else:
        raise AssertionError("no deal with a close call in 200 seeds")
    verdict = grade_discard(deal_, close[0].discard)
    assert verdict.correct and verdict.loss > 0
    assert all(set(o.discard) != set(close[0].discard) for o in verdict.also_good)
    best = grade_discard(deal_, deal_.advice.best.discard)
    assert best.correct and close[0] in best.also_good
    far = deal_.advice.options[-1]
    assert not grade_discard(deal_, far.discard).correct
