"""Glicko-2 as Glickman publishes it, and lichess's rules for one puzzle attempt."""

from __future__ import annotations

import pytest

from tutor.rating.finish import count_score, finish, weight_of
from tutor.rating.glicko import MAX_RATING_DELTA, Glicko, rate, rate_game

EXAMPLE = [
    (Glicko(1400, 30, 0.06), 1.0),
    (Glicko(1550, 100, 0.06), 0.0),
    (Glicko(1700, 300, 0.06), 0.0),
]


def test_glickmans_worked_example() -> None:
    after = rate(Glicko(1500, 200, 0.06), EXAMPLE, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


@pytest.mark.parametrize("shift", [-900, 800, 1500])
def test_moving_every_rating_moves_the_result_alike(shift: float) -> None:
    """The rule the glicko2 package breaks: its volatility depends on where the ratings sit."""
    base = rate(Glicko(1500, 200, 0.06), EXAMPLE, tau=0.5)
    moved = rate(
        Glicko(1500 + shift, 200, 0.06),
        [(Glicko(o.rating + shift, o.deviation, o.volatility), s) for o, s in EXAMPLE],
        tau=0.5,
    )
    assert moved.rating - shift == pytest.approx(base.rating, abs=1e-9)
    assert moved.deviation == pytest.approx(base.deviation, abs=1e-9)
    assert moved.volatility == pytest.approx(base.volatility, abs=1e-12)


def test_a_game_moves_both_sides_opposite_ways() -> None:
    me, it = rate_game(Glicko(1500, 100, 0.06), Glicko(1700, 100, 0.06), 1.0)
    assert me.rating > 1500 and it.rating < 1700
    me2, it2 = rate_game(Glicko(1500, 100, 0.06), Glicko(1700, 100, 0.06), 0.0)
    assert me2.rating < 1500 and it2.rating > 1700


def test_the_deviation_grows_with_idle_days() -> None:
    settled = Glicko(1500, 60, 0.06)
    assert settled.aged(0) == settled
    assert settled.aged(30).deviation > 60
    assert settled.aged(100_000).deviation == 500


def test_a_question_moves_at_most_700_points_at_once() -> None:
    question = Glicko(2500, 500, 0.09)
    after = finish(
        Glicko(400, 45, 0.09), question, 1.0
    )  # a sure learner beats a far harder question
    assert question.rating - after.question.rating <= MAX_RATING_DELTA + 1e-9
    assert after.question.rating < question.rating


@pytest.mark.parametrize("deviation", [400, 110])
def test_a_provisional_learner_does_not_move_the_question(deviation: float) -> None:
    question = Glicko(900, 200, 0.09)
    after = finish(Glicko(800, deviation, 0.09), question, 0.0)
    assert after.question == question
    assert after.learner.rating < 800
    assert finish(Glicko(800, 100, 0.09), question, 0.0).question.rating > 900


def test_hinting_questions_weigh_less() -> None:
    learner, question = Glicko(1200, 80, 0.06), Glicko(1200, 80, 0.06)
    full = finish(learner, question, 1.0)
    hinted = finish(learner, question, 1.0, hinting=True)
    assert 1200 < hinted.learner.rating < full.learner.rating
    assert weight_of(True, False) == 0.7


def test_a_slow_right_count_is_a_smaller_win() -> None:
    learner, question = Glicko(1200, 80, 0.06), Glicko(1200, 80, 0.06)
    quick = finish(learner, question, count_score(True, 5, 2))
    slow = finish(learner, question, count_score(True, 40, 2))
    assert quick.learner.rating > slow.learner.rating > 1200
    assert count_score(True, None, 3) == 1.0
    assert count_score(True, 10, 2) == 1.0  # 5 s + 2.5 s a combination
    assert 0.6 < count_score(True, 11, 2) < 1.0
