"""When a missed question comes back: an SM-2-like schedule in whole days. Pure.

A wrong answer makes the question an item, due the next day. Each clean answer on review
(right at the first try) sends it further away: 1 day, then 3, then the last interval times
the item's ease (2.5 to start: 8, 20, 50, 125 days); a right answer that would send it
:data:`RETIRE_DAYS` (180) days or more away retires it: it is learnt. A miss brings it back to
the start (due tomorrow) and lowers its ease by 0.2 (not below 1.3), so a question missed
often comes back more often. Every function takes the day (``today``): tests set the clock
by passing it, and the pages pass :func:`tutor.clock.today`.

>>> day = dt.date(2026, 12, 1)
>>> item = first_miss(day)
>>> item.due_on, item.interval_days
(datetime.date(2026, 12, 2), 1)
>>> right = after_answer(item, True, dt.date(2026, 12, 2))
>>> right.due_on, right.interval_days
(datetime.date(2026, 12, 5), 3)
>>> again = after_answer(right, False, dt.date(2026, 12, 5))
>>> again.due_on, again.interval_days, again.lapses, round(again.ease, 1)
(datetime.date(2026, 12, 6), 1, 2, 2.3)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import Final

from tutor.store import ReviewState, ScheduleUpdate

__all__ = [
    "FIRST_DAYS",
    "MIN_EASE",
    "RETIRE_DAYS",
    "SECOND_DAYS",
    "START_EASE",
    "after_answer",
    "after_miss",
    "answered",
    "first_miss",
    "intervals",
]

FIRST_DAYS: Final = 1
SECOND_DAYS: Final = 3
START_EASE: Final = 2.5
EASE_STEP: Final = 0.2
MIN_EASE: Final = 1.3
#: A right answer that would put the next review this many days away or more retires the item.
RETIRE_DAYS: Final = 180


def first_miss(today: dt.date) -> ReviewState:
    """A question missed for the first time on ``today``: an item due the next day."""
    return ReviewState(FIRST_DAYS, today + dt.timedelta(days=FIRST_DAYS), START_EASE, lapses=1)


def after_miss(state: ReviewState | None, today: dt.date) -> ReviewState:
    """Missed again (or for the first time: ``state`` None): back to the start, a little less ease."""
    if state is None:
        return first_miss(today)
    return ReviewState(
        FIRST_DAYS,
        today + dt.timedelta(days=FIRST_DAYS),
        max(MIN_EASE, state.ease - EASE_STEP),
        lapses=state.lapses + 1,
        streak=0,
        reviews=state.reviews,
    )


def after_answer(state: ReviewState, correct: bool, today: dt.date) -> ReviewState:
    """The item after an answer on review on ``today``: further away if right, back if not.

    >>> day = dt.date(2026, 1, 1)
    >>> [s.interval_days for s in _clean_run(first_miss(day), day, 6)]
    [3, 8, 20, 50, 125, 0]
    >>> _clean_run(first_miss(day), day, 6)[-1].due_on is None  # retired
    True
    """
    if not correct:
        return replace(after_miss(state, today), reviews=state.reviews + 1)
    interval = SECOND_DAYS if state.streak == 0 else round(state.interval_days * state.ease)
    if interval >= RETIRE_DAYS:
        return ReviewState(0, None, state.ease, state.lapses, state.streak + 1, state.reviews + 1)
    return ReviewState(
        interval,
        today + dt.timedelta(days=interval),
        state.ease,
        state.lapses,
        state.streak + 1,
        state.reviews + 1,
    )


def answered(correct: bool, today: dt.date) -> ScheduleUpdate:
    """The store's update for an answer on review on ``today`` (see ``tutor.store.answer_review``)."""

    def update(state: ReviewState | None) -> ReviewState:
        return after_answer(state, correct, today) if state is not None else after_miss(None, today)

    return update


def _clean_run(state: ReviewState, today: dt.date, answers: int) -> list[ReviewState]:
    """The states after ``answers`` right answers, each given on its due day."""
    found = []
    for _ in range(answers):
        state = after_answer(state, True, state.due_on or today)
        found.append(state)
    return found


def intervals(answers: int = 6) -> list[int]:
    """The intervals a never-missed item goes through (0: retired).

    >>> intervals()
    [1, 3, 8, 20, 50, 125, 0]
    """
    day = dt.date(2000, 1, 1)
    start = first_miss(day)
    return [start.interval_days, *(s.interval_days for s in _clean_run(start, day, answers))]
