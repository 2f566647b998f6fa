"""Review items on a schedule, and the daily five's answers: plain SQLAlchemy over an ``Engine``.

A review item is one exact question a learner got wrong, kept with its schedule
(``review_items``): its ``kind`` (a quiz, or ``game`` for a decision from a game) and its
``position``, the few address parameters that deal that very question again (e.g.
``{"seed": "42", "mode": "crib"}``), kept as canonical JSON so one question is one item.
The schedule's rule is not here: the caller passes ``update``, which takes the item's
:class:`ReviewState` (None for a new item) and returns the next one; the store applies it
inside one write transaction, so two tabs answering at once cannot lose an answer or apply
one twice. Each answer on review is logged once (``review_answers``, keyed by the answer's
attempt id) with the interval it was asked at, for the recall figures.

The daily five's answers (``daily_answers``): one per learner, day and question; the first
stands. :func:`daily_shares` counts how everyone on this server answered.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.records import _insert_ignoring_duplicates
from tutor.store.schema import (
    DAILY_ANSWERS,
    MAX_POSITION_LENGTH,
    REVIEW_ANSWERS,
    REVIEW_ITEMS,
    REVIEW_KINDS,
    StoreError,
)

__all__ = [
    "DAILY_QUESTIONS",
    "RecallRow",
    "ReviewItem",
    "ReviewState",
    "ScheduleUpdate",
    "answer_review",
    "daily_answers_of",
    "daily_shares",
    "due_count",
    "due_items",
    "next_due",
    "position_text",
    "recall_by_interval",
    "record_daily_answer",
    "record_miss",
    "retire_item",
    "review_item",
]

#: How many questions a day's daily five has.
DAILY_QUESTIONS = 5
MAX_DAILY_ANSWER_LENGTH = 60
_MISS_LOCK = 7143122  # PostgreSQL advisory lock class for new items (with the learner's id)


@dataclass(frozen=True, slots=True)
class ReviewState:
    """An item's place in its schedule, named as the ``review_items`` columns.

    ``interval_days``: the days from the last answer to ``due_on`` (so the last answer was on
    ``due_on - interval_days``); ``due_on``: the day it comes back (None: retired, answered
    right at a long interval); ``stability`` and ``difficulty``: its FSRS memory state (the
    days until recall falls to 90%, None when not known; difficulty 1-10, see
    ``tutor.quiz.schedule``); ``lapses``: misses so far (the first included); ``streak``: right
    answers since the last miss; ``reviews``: answers on review.
    """

    interval_days: int
    due_on: dt.date | None
    stability: float | None
    difficulty: float
    lapses: int = 1
    streak: int = 0
    reviews: int = 0


#: The schedule's rule, given to the store: the next state from the current one (None: new).
ScheduleUpdate = Callable[[ReviewState | None], ReviewState]


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One stored item: its id, what it holds and where it is in its schedule."""

    id: int
    kind: str
    position: Mapping[str, str]
    state: ReviewState


class RecallRow(NamedTuple):
    """Recall at one interval: answers on review asked after ``interval_days``, and how many
    were right at the first try."""

    interval_days: int
    answered: int
    right: int


def position_text(position: Mapping[str, str]) -> str:
    """The position as stored: canonical JSON (sorted keys, text values), so a question is one item.

    >>> position_text({"seed": 42, "mode": "crib"})
    '{"mode":"crib","seed":"42"}'
    """
    text = json.dumps(
        {str(k): str(v) for k, v in position.items()}, sort_keys=True, separators=(",", ":")
    )
    if len(text) > MAX_POSITION_LENGTH:
        raise StoreError(
            f"a review position is at most {MAX_POSITION_LENGTH} characters of JSON, not {len(text)}"
        )
    return text


def _check_kind(kind: str) -> None:
    if kind not in REVIEW_KINDS:
        raise StoreError(f"review kind {kind!r} is not one of {', '.join(REVIEW_KINDS)}")


def _state_values(state: ReviewState) -> dict[str, Any]:
    return {
        "interval_days": int(state.interval_days),
        "due_on": state.due_on,
        "stability": None if state.stability is None else float(state.stability),
        "difficulty": float(state.difficulty),
        "lapses": int(state.lapses),
        "streak": int(state.streak),
        "reviews": int(state.reviews),
        "updated_at": _now(),
    }


def _as_date(value: Any) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])


def _item(row: Any) -> ReviewItem:
    state = ReviewState(
        int(row.interval_days),
        _as_date(row.due_on),
        None if row.stability is None else float(row.stability),
        float(row.difficulty),
        int(row.lapses),
        int(row.streak),
        int(row.reviews),
    )
    return ReviewItem(int(row.id), str(row.kind), json.loads(row.position), state)


_ITEM_COLUMNS = (
    REVIEW_ITEMS.c.id,
    REVIEW_ITEMS.c.kind,
    REVIEW_ITEMS.c.position,
    REVIEW_ITEMS.c.interval_days,
    REVIEW_ITEMS.c.due_on,
    REVIEW_ITEMS.c.stability,
    REVIEW_ITEMS.c.difficulty,
    REVIEW_ITEMS.c.lapses,
    REVIEW_ITEMS.c.streak,
    REVIEW_ITEMS.c.reviews,
)


def _locked(conn: Connection, where: Any) -> Any:
    """The item row matching ``where``, locked for this transaction (SQLite: already is)."""
    query = sa.select(*_ITEM_COLUMNS).where(where)
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return conn.execute(query).first()


def record_miss(
    engine: Engine, learner_id: int, kind: str, position: Mapping[str, str], update: ScheduleUpdate
) -> int:
    """A wrong answer to the question at ``position``: a new item, or an old one set back by
    ``update``; returns the item's id."""
    _check_kind(kind)
    text = position_text(position)
    where = sa.and_(
        REVIEW_ITEMS.c.learner_id == int(learner_id),
        REVIEW_ITEMS.c.kind == kind,
        REVIEW_ITEMS.c.position == text,
    )

    def write() -> int:
        with _writing(engine) as conn:
            if conn.dialect.name == "postgresql":  # two tabs missing one new question take turns
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_MISS_LOCK, int(learner_id))))
            found = _locked(conn, where)
            if found is None:
                values = {
                    "learner_id": int(learner_id),
                    "kind": kind,
                    "position": text,
                    "created_at": _now(),
                    **_state_values(update(None)),
                }
                return int(
                    conn.execute(
                        REVIEW_ITEMS.insert().values(**values).returning(REVIEW_ITEMS.c.id)
                    ).scalar_one()
                )
            old = _item(found)
            conn.execute(
                REVIEW_ITEMS.update()
                .where(REVIEW_ITEMS.c.id == old.id)
                .values(**_state_values(update(old.state)))
            )
            return old.id

    return int(_with_retry(write))


def answer_review(
    engine: Engine,
    learner_id: int,
    item_id: int,
    answer_id: str,
    correct: bool,
    update: ScheduleUpdate,
) -> ReviewState | None:
    """An answer on review: logged once (``answer_id``: the attempt's id) and the item moved on
    by ``update``. Returns the new state; None when the item is not the learner's or this
    answer was recorded before (the first answer counts)."""
    if not answer_id or len(answer_id) > 36:
        raise StoreError("an answer id is a UUID string of at most 36 characters")

    def write() -> ReviewState | None:
        with _writing(engine) as conn:
            found = _locked(
                conn,
                sa.and_(
                    REVIEW_ITEMS.c.id == int(item_id), REVIEW_ITEMS.c.learner_id == int(learner_id)
                ),
            )
            if found is None:
                return None
            old = _item(found)
            logged = _insert_ignoring_duplicates(
                conn,
                REVIEW_ANSWERS,
                {
                    "id": answer_id,
                    "item_id": old.id,
                    "learner_id": int(learner_id),
                    "interval_days": old.state.interval_days,
                    "correct": bool(correct),
                    "answered_at": _now(),
                },
                REVIEW_ANSWERS.c.id,
            )
            if not logged:
                return None
            new = update(old.state)
            conn.execute(
                REVIEW_ITEMS.update()
                .where(REVIEW_ITEMS.c.id == old.id)
                .values(**_state_values(new))
            )
            return new

    result: ReviewState | None = _with_retry(write)
    return result


def retire_item(engine: Engine, learner_id: int, item_id: int) -> None:
    """Never serve the learner's item ``item_id`` again (e.g. its position deals nothing)."""

    def write() -> None:
        with _writing(engine) as conn:
            conn.execute(
                REVIEW_ITEMS.update()
                .where(
                    REVIEW_ITEMS.c.id == int(item_id), REVIEW_ITEMS.c.learner_id == int(learner_id)
                )
                .values(due_on=None, updated_at=_now())
            )

    _with_retry(write)


def _due(learner_id: int, today: dt.date, kinds: Sequence[str]) -> Any:
    return sa.and_(
        REVIEW_ITEMS.c.learner_id == int(learner_id),
        REVIEW_ITEMS.c.due_on <= today,  # retired items (no date) are never due
        REVIEW_ITEMS.c.kind.in_(list(kinds)),
    )


def due_count(
    engine: Engine, learner_id: int, today: dt.date, kinds: Sequence[str] = REVIEW_KINDS
) -> int:
    """How many of the learner's items of ``kinds`` are due on ``today`` (or overdue)."""
    with engine.connect() as conn:
        return int(
            conn.scalar(sa.select(sa.func.count()).where(_due(learner_id, today, kinds))) or 0
        )


def due_items(
    engine: Engine,
    learner_id: int,
    today: dt.date,
    kinds: Sequence[str] = REVIEW_KINDS,
    limit: int = 20,
) -> list[ReviewItem]:
    """The learner's due items, worst first: most misses, then longest overdue, then oldest."""
    query = (
        sa.select(*_ITEM_COLUMNS)
        .where(_due(learner_id, today, kinds))
        .order_by(REVIEW_ITEMS.c.lapses.desc(), REVIEW_ITEMS.c.due_on, REVIEW_ITEMS.c.id)
        .limit(int(limit))
    )
    with engine.connect() as conn:
        return [_item(row) for row in conn.execute(query)]


def review_item(engine: Engine, learner_id: int, item_id: int) -> ReviewItem | None:
    """The learner's item ``item_id`` (None when there is none such)."""
    query = sa.select(*_ITEM_COLUMNS).where(
        REVIEW_ITEMS.c.id == int(item_id), REVIEW_ITEMS.c.learner_id == int(learner_id)
    )
    with engine.connect() as conn:
        row = conn.execute(query).first()
    return _item(row) if row is not None else None


def next_due(engine: Engine, learner_id: int, after: dt.date) -> dt.date | None:
    """The first day after ``after`` on which one of the learner's items comes back (None: none)."""
    query = sa.select(sa.func.min(REVIEW_ITEMS.c.due_on)).where(
        REVIEW_ITEMS.c.learner_id == int(learner_id), REVIEW_ITEMS.c.due_on > after
    )
    with engine.connect() as conn:
        return _as_date(conn.scalar(query))


def recall_by_interval(engine: Engine, learner_id: int) -> list[RecallRow]:
    """Per interval asked at: answers on review and how many were right at the first try."""
    query = (
        sa.select(
            REVIEW_ANSWERS.c.interval_days,
            sa.func.count(),
            sa.func.sum(sa.case((REVIEW_ANSWERS.c.correct, 1), else_=0)),
        )
        .where(REVIEW_ANSWERS.c.learner_id == int(learner_id))
        .group_by(REVIEW_ANSWERS.c.interval_days)
        .order_by(REVIEW_ANSWERS.c.interval_days)
    )
    with engine.connect() as conn:
        return [
            RecallRow(int(days), int(n), int(right or 0)) for days, n, right in conn.execute(query)
        ]


# ---------------------------------------------------------------------------------------------
# The daily five


def _check_question(question: int) -> None:
    if not 0 <= int(question) < DAILY_QUESTIONS:
        raise StoreError(f"a daily question is numbered 0 to {DAILY_QUESTIONS - 1}, not {question}")


def record_daily_answer(
    engine: Engine, learner_id: int, day: dt.date, question: int, answer: str, correct: bool
) -> bool:
    """The learner's answer to question ``question`` (0-4) of ``day``; False if answered before."""
    _check_question(question)
    answer = str(answer)
    if not answer or len(answer) > MAX_DAILY_ANSWER_LENGTH:
        raise StoreError(
            f"a daily answer is 1 to {MAX_DAILY_ANSWER_LENGTH} characters, not {len(answer)}"
        )
    values = {
        "id": f"{day.isoformat()}/{int(question)}/{int(learner_id)}",
        "day": day,
        "question": int(question),
        "learner_id": int(learner_id),
        "answer": answer,
        "correct": bool(correct),
        "answered_at": _now(),
    }

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, DAILY_ANSWERS, values, DAILY_ANSWERS.c.id)

    return bool(_with_retry(insert))


def daily_shares(engine: Engine, day: dt.date, question: int) -> dict[str, int]:
    """How many learners on this server gave each answer to one question of ``day``."""
    _check_question(question)
    query = (
        sa.select(DAILY_ANSWERS.c.answer, sa.func.count())
        .where(DAILY_ANSWERS.c.day == day, DAILY_ANSWERS.c.question == int(question))
        .group_by(DAILY_ANSWERS.c.answer)
    )
    with engine.connect() as conn:
        return {str(answer): int(n) for answer, n in conn.execute(query)}


def daily_answers_of(engine: Engine, learner_id: int, day: dt.date) -> dict[int, tuple[str, bool]]:
    """The learner's answers on ``day``: question -> (answer, right)."""
    query = sa.select(
        DAILY_ANSWERS.c.question, DAILY_ANSWERS.c.answer, DAILY_ANSWERS.c.correct
    ).where(DAILY_ANSWERS.c.day == day, DAILY_ANSWERS.c.learner_id == int(learner_id))
    with engine.connect() as conn:
        return {int(q): (str(a), bool(c)) for q, a, c in conn.execute(query)}
