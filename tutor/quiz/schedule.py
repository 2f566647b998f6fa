"""When a missed question comes back: FSRS, the scheduler Anki uses, in whole UTC days. Pure.

A wrong answer makes the question an item: a new FSRS card answered "Again", due the next day.
Each answer on review is one FSRS review on that day, graded by :func:`grade_of`: wrong is
*Again*; right but slow (a count answered after its quick time, ``tutor.rating.finish``) is
*Hard*; right is *Good*. *Easy* is never given: a right answer does not tell an easy recall
from a good one. FSRS keeps the item's *stability* (the days until the chance of recalling it
falls to 90%) and *difficulty* (1-10) and puts the next review where that chance is 90%
(:data:`DESIRED_RETENTION`): a never-missed item comes back after 1, 2, 6, 17, 44, 102 days.
A right answer that would send it :data:`RETIRE_DAYS` (180) days or more away retires it: it
is learnt. The scheduler has no learning steps of minutes (the Review page is a day's list)
and no fuzz (the same answers give the same days, and a learner has few items). Every
function takes the day (``today``): tests pass it, the pages pass :func:`tutor.clock.today`.

>>> day = dt.date(2026, 12, 1)
>>> item = first_miss(day)
>>> item.due_on, item.interval_days
(datetime.date(2026, 12, 2), 1)
>>> right = after_answer(item, Rating.Good, dt.date(2026, 12, 2))
>>> right.due_on, right.interval_days, right.streak
(datetime.date(2026, 12, 4), 2, 1)
>>> again = after_answer(right, Rating.Again, dt.date(2026, 12, 4))
>>> again.due_on, again.lapses, again.difficulty > right.difficulty
(datetime.date(2026, 12, 5), 2, True)
"""

from __future__ import annotations

import datetime as dt
from typing import Final

from fsrs import Card, Rating, Scheduler, State

from tutor.store import ReviewState, ScheduleUpdate

__all__ = [
    "DESIRED_RETENTION",
    "RETIRE_DAYS",
    "Rating",
    "after_answer",
    "after_miss",
    "answered",
    "first_miss",
    "grade_of",
    "intervals",
]

#: The chance of recalling an item on the day it comes back.
DESIRED_RETENTION: Final = 0.9
#: A right answer that would put the next review this many days away or more retires the item.
RETIRE_DAYS: Final = 180

_SCHEDULER: Final = Scheduler(
    desired_retention=DESIRED_RETENTION,
    learning_steps=(),
    relearning_steps=(),
    enable_fuzzing=False,
)


def grade_of(score: float) -> Rating:
    """The FSRS rating of an answer on review from its result (``tutor.rating.service
    .attempt_score``: 0 wrong, 1 right and quick, between: right but slow).

    >>> [grade_of(s).name for s in (0.0, 0.8, 1.0)]
    ['Again', 'Hard', 'Good']
    """
    if score <= 0.0:
        return Rating.Again
    return Rating.Good if score >= 1.0 else Rating.Hard


def _midnight(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


def _card(state: ReviewState | None) -> Card:
    """The item as an FSRS card (a new card for a new item, or one retired or never reviewed:
    their last answer's day is not kept)."""
    if state is None or state.due_on is None or state.stability is None:
        return Card(card_id=0, state=State.Learning, step=0)
    return Card(
        card_id=0,
        state=State.Review,
        step=None,
        stability=state.stability,
        difficulty=state.difficulty,
        due=_midnight(state.due_on),
        last_review=_midnight(state.due_on - dt.timedelta(days=state.interval_days)),
    )


def _reviewed(
    state: ReviewState | None, rating: Rating, today: dt.date, reviews: int
) -> ReviewState:
    card, _log = _SCHEDULER.review_card(_card(state), rating, _midnight(today))
    interval = max(1, (card.due.date() - today).days)
    lapses = (state.lapses if state is not None else 0) + (rating == Rating.Again)
    streak = 0 if rating == Rating.Again else (state.streak if state is not None else 0) + 1
    stability, difficulty = card.stability, float(card.difficulty or 0.0)
    if rating != Rating.Again and interval >= RETIRE_DAYS:
        return ReviewState(0, None, stability, difficulty, lapses, streak, reviews)
    due = today + dt.timedelta(days=interval)
    return ReviewState(interval, due, stability, difficulty, lapses, streak, reviews)


def first_miss(today: dt.date) -> ReviewState:
    """A question missed for the first time on ``today``: a new card answered Again."""
    return _reviewed(None, Rating.Again, today, reviews=0)


def after_miss(state: ReviewState | None, today: dt.date) -> ReviewState:
    """Missed on a quiz page (``state`` None: for the first time): answered Again on ``today``."""
    return _reviewed(state, Rating.Again, today, reviews=state.reviews if state else 0)


def after_answer(state: ReviewState, rating: Rating, today: dt.date) -> ReviewState:
    """The item after an answer on review graded ``rating`` on ``today``.

    >>> day = dt.date(2026, 1, 1)
    >>> [s.interval_days for s in _clean_run(first_miss(day), day, 7)]
    [2, 6, 17, 44, 102, 0, 0]
    >>> _clean_run(first_miss(day), day, 6)[-1].due_on is None  # retired
    True
    """
    return _reviewed(state, rating, today, reviews=state.reviews + 1)


def answered(rating: Rating, today: dt.date) -> ScheduleUpdate:
    """The store's update for an answer on review on ``today`` (see ``tutor.store.answer_review``)."""

    def update(state: ReviewState | None) -> ReviewState:
        return after_answer(state, rating, today) if state is not None else after_miss(None, today)

    return update


def _clean_run(state: ReviewState, today: dt.date, answers: int) -> list[ReviewState]:
    """The states after ``answers`` Good answers, each given on its due day."""
    found = []
    for _ in range(answers):
        if state.due_on is None:
            found.append(state)
            continue
        state = after_answer(state, Rating.Good, state.due_on)
        found.append(state)
    return found


def intervals(answers: int = 6) -> list[int]:
    """The intervals a never-missed item goes through (0: retired).

    >>> intervals()
    [1, 2, 6, 17, 44, 102, 0]
    """
    day = dt.date(2000, 1, 1)
    start = first_miss(day)
    return [start.interval_days, *(s.interval_days for s in _clean_run(start, day, answers))]
