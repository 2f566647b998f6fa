"""An answer on review becomes an FSRS grade: wrong Again, a slow right count Hard, else Good."""

from __future__ import annotations

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.quiz.review_view import review_grade
from tutor.quiz.schedule import Rating
from tutor.rating.finish import quick_seconds
from tutor.store import Attempt, ReviewItem, ReviewState


def item(kind: str, **position: str) -> ReviewItem:
    return ReviewItem(1, kind, position, ReviewState(1, None, 1.0, 6.0))


def count(seconds: float | None, correct: bool = True) -> Attempt:
    return Attempt("hand", 42, "8", "8", correct, seconds=seconds)


def test_a_count_is_graded_by_its_speed_as_its_rating_is() -> None:
    quick = quick_seconds(len(deal_hand(42).score.items))
    hand = item("hand", seed="42")
    assert review_grade(count(quick - 1), hand) == Rating.Good
    assert review_grade(count(quick * 2), hand) == Rating.Hard
    assert review_grade(count(None), hand) == Rating.Good  # no time kept: right is Good
    assert review_grade(count(1.0, correct=False), hand) == Rating.Again


def test_an_untimed_quiz_is_graded_by_right_or_wrong() -> None:
    slow = Attempt("pegging", 7, "2", "2", True, seconds=600.0)
    assert review_grade(slow, item("pegging", seed="7")) == Rating.Good
    wrong = Attempt("discard", 7, "x", "y", False, seconds=3.0)
    assert review_grade(wrong, item("discard", seed="7")) == Rating.Again


def test_a_position_that_deals_no_count_is_graded_by_right_or_wrong() -> None:
    assert review_grade(count(500.0), item("hand")) == Rating.Good  # no seed in it
