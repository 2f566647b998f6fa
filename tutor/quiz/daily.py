"""The daily five: the same five questions for every learner on a day, chosen from the date. Pure.

Two counts (a hand and a crib), one discard (two players, a close call) and two pegging
questions. Each question's seed is drawn from the date alone (a SHA-256 of the date and the
question's number), so every server deals the same five on the same day, with no table to
keep; :func:`daily_questions` gives each as a quiz kind and a position
(:mod:`tutor.quiz.positions`), which the page serves like any other question.

>>> day = dt.date(2026, 12, 1)
>>> [q.kind for q in daily_questions(day)]
['hand', 'crib', 'discard', 'pegging', 'pegging']
>>> daily_questions(day) == daily_questions(dt.date(2026, 12, 1)), daily_questions(day) == daily_questions(day + dt.timedelta(days=1))
(True, False)
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Final, NamedTuple

from tutor.quiz.positions import count_position, discard_position, pegging_position
from tutor.seeds import MAX_SEED

__all__ = ["FIRST_DAY", "DailyQuestion", "daily_questions", "daily_seed", "read_day"]

#: The first day of the daily five: the archive starts here.
FIRST_DAY: Final = dt.date(2026, 11, 1)
#: The quiz kind of each of the day's five questions, in order.
KINDS: Final = ("hand", "crib", "discard", "pegging", "pegging")


class DailyQuestion(NamedTuple):
    """One of the day's questions: its number (0-4), its quiz and its position."""

    number: int
    kind: str
    position: dict[str, str]


def daily_seed(day: dt.date, number: int) -> int:
    """The seed of question ``number`` on ``day``: the same on every server, 1 to ``MAX_SEED``.

    >>> daily_seed(dt.date(2026, 12, 1), 0) == daily_seed(dt.date(2026, 12, 1), 0)
    True
    """
    digest = hashlib.sha256(f"cribbage daily five {day.isoformat()} {number}".encode()).digest()
    return 1 + int.from_bytes(digest[:8], "big") % MAX_SEED


def daily_questions(day: dt.date) -> tuple[DailyQuestion, ...]:
    """The five questions of ``day``."""
    found = []
    for number, kind in enumerate(KINDS):
        seed = daily_seed(day, number)
        if kind in ("hand", "crib"):
            position = count_position(seed)
        elif kind == "discard":
            position = discard_position(seed, level="close")
        else:
            position = pegging_position(seed)
        found.append(DailyQuestion(number, kind, position))
    return tuple(found)


def read_day(raw: str | None, today: dt.date) -> dt.date | None:
    """The day ``?date=`` names, if it has a daily five (from ``FIRST_DAY`` to ``today``); else None.

    >>> read_day("2026-12-01", dt.date(2026, 12, 2)), read_day("2026-12-03", dt.date(2026, 12, 2))
    (datetime.date(2026, 12, 1), None)
    >>> read_day("yesterday", dt.date(2026, 12, 2)), read_day("9" * 5000, dt.date(2026, 12, 2))
    (None, None)
    """
    if raw is None or len(raw) != 10:
        return None
    try:
        day = dt.date.fromisoformat(raw)
    except ValueError:
        return None
    return day if FIRST_DAY <= day <= today else None
