"""Ratings: each learner's rating per skill, the rated questions, and who answered what first.

Four tables, added by one migration of their own (``tutor.store.rating_migration``) that
touches no other table, so they sit beside the rest of the schema:

* ``skill_ratings``: one row per learner and skill (Glicko-2: rating, deviation, volatility),
  with how many rated answers made it;
* ``rating_history``: the rating at the end of each day a skill was rated (Progress' chart);
* ``rated_items``: one row per question of a skill (its position, the address parameters
  that deal it, as ``tutor.store.reviews.position_text`` writes them), with its rating and
  how often it was answered first; ``bank`` marks the questions served by "practise at my
  level", a fresh random deal gets a row when first answered;
* ``first_attempts``: one row per learner and question: the first attempt, the only one
  rated. A replay, a reload, a second tab or a review item finds the row and moves nothing.

The arithmetic is the caller's (``tutor.rating``): :func:`rate_first_attempt` reads both
ratings inside one write transaction, hands them to ``rate`` and writes what it returns, so
two answers at once never lose an update. Ratings are plain ``(rating, deviation,
volatility)`` tuples here: the store knows nothing of Glicko-2.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.schema import MAX_POSITION_LENGTH, METADATA, StoreError

__all__ = [
    "FIRST_ATTEMPTS",
    "RATED_ITEMS",
    "RATING_HISTORY",
    "SKILL_RATINGS",
    "BankItem",
    "RatedAnswer",
    "Rating",
    "SkillRating",
    "add_bank_items",
    "bank_size",
    "nearest_unseen",
    "rate_first_attempt",
    "first_attempt_ratings",
    "rating_history",
    "skill_ratings",
]

MAX_SKILL_LENGTH = 16

SKILL_RATINGS = sa.Table(
    "skill_ratings",
    METADATA,
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
    sa.Column("skill", sa.String(MAX_SKILL_LENGTH), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("answers", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
)

RATING_HISTORY = sa.Table(
    "rating_history",
    METADATA,
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
    sa.Column("skill", sa.String(MAX_SKILL_LENGTH), primary_key=True),
    sa.Column("day", sa.Date, primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
)

RATED_ITEMS = sa.Table(
    "rated_items",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("skill", sa.String(MAX_SKILL_LENGTH), nullable=False),
    sa.Column("position", sa.String(MAX_POSITION_LENGTH), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("plays", sa.Integer, nullable=False),
    sa.Column("bank", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.UniqueConstraint("skill", "position", name="uq_rated_items_position"),
)

FIRST_ATTEMPTS = sa.Table(
    "first_attempts",
    METADATA,
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
    sa.Column("item_id", sa.Integer, sa.ForeignKey("rated_items.id"), primary_key=True),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("answered_at", sa.DateTime, nullable=False),
)

sa.Index("ix_rated_items_bank", RATED_ITEMS.c.skill, RATED_ITEMS.c.bank, RATED_ITEMS.c.rating)


Rating = tuple[float, float, float]  # rating, deviation, volatility


class SkillRating(NamedTuple):
    """A learner's rating in one skill, how many answers made it and when it last moved."""

    rating: float
    deviation: float
    volatility: float
    answers: int
    updated_at: dt.datetime


class BankItem(NamedTuple):
    """A rated question: its id, its position (JSON text) and its rating."""

    id: int
    position: str
    rating: float


class RatedAnswer(NamedTuple):
    """What a first attempt did: the learner's rating before (None: their first in the skill)
    and after, the question's after."""

    before: Rating | None
    after: Rating
    question: Rating


#: ``rate(learner, question, days_idle)`` -> (learner after, question after); the learner's
#: rating is None when this is their first rated answer in the skill.
Rater = Callable[[Rating | None, Rating, float], tuple[Rating, Rating]]


def _check_skill(skill: str) -> None:
    if not skill or len(skill) > MAX_SKILL_LENGTH:
        raise StoreError(f"a skill's name is 1 to {MAX_SKILL_LENGTH} characters, not {skill!r}")


def _insert_new(conn: Connection, table: sa.Table, values: dict[str, Any], keys: list[str]) -> bool:
    """Insert one row unless its key is taken; True if the row is new."""
    from sqlalchemy.dialects import postgresql, sqlite

    insert = postgresql.insert if conn.dialect.name == "postgresql" else sqlite.insert
    stmt = insert(table).values(**values).on_conflict_do_nothing(index_elements=keys)
    return conn.execute(stmt.returning(table.c[keys[0]])).first() is not None


def _item_id(conn: Connection, skill: str, position: str, first: Rating, bank: bool) -> int:
    where = sa.and_(RATED_ITEMS.c.skill == skill, RATED_ITEMS.c.position == position)
    found = conn.execute(sa.select(RATED_ITEMS.c.id).where(where)).scalar()
    if found is not None:
        return int(found)
    _insert_new(
        conn,
        RATED_ITEMS,
        {
            "skill": skill,
            "position": position,
            "rating": first[0],
            "deviation": first[1],
            "volatility": first[2],
            "plays": 0,
            "bank": bank,
            "created_at": _now(),
        },
        ["skill", "position"],
    )
    return int(conn.execute(sa.select(RATED_ITEMS.c.id).where(where)).scalar_one())


def _for_update(conn: Connection, query: Any) -> Any:
    return query.with_for_update() if conn.dialect.name == "postgresql" else query


def rate_first_attempt(
    engine: Engine,
    learner_id: int,
    skill: str,
    position: str,
    first_rating: Rating,
    score: float,
    rate: Rater,
    when: dt.datetime | None = None,
) -> RatedAnswer | None:
    """Rate the learner's first attempt at the question at ``position`` (None: not the first).

    ``first_rating``: the question's rating if it has none yet (its features' estimate).
    """
    _check_skill(skill)
    moment = when or _now()

    def write() -> RatedAnswer | None:
        with _writing(engine) as conn:
            item_id = _item_id(conn, skill, position, first_rating, bank=False)
            values = {
                "learner_id": int(learner_id),
                "item_id": item_id,
                "score": float(score),
                "answered_at": moment,
            }
            if not _insert_new(conn, FIRST_ATTEMPTS, values, ["learner_id", "item_id"]):
                return None
            mine = sa.and_(
                SKILL_RATINGS.c.learner_id == int(learner_id), SKILL_RATINGS.c.skill == skill
            )
            row = conn.execute(
                _for_update(
                    conn,
                    sa.select(
                        SKILL_RATINGS.c.rating,
                        SKILL_RATINGS.c.deviation,
                        SKILL_RATINGS.c.volatility,
                        SKILL_RATINGS.c.updated_at,
                    ).where(mine),
                )
            ).first()
            item = conn.execute(
                _for_update(
                    conn,
                    sa.select(
                        RATED_ITEMS.c.rating, RATED_ITEMS.c.deviation, RATED_ITEMS.c.volatility
                    ).where(RATED_ITEMS.c.id == item_id),
                )
            ).one()
            before = None if row is None else (row.rating, row.deviation, row.volatility)
            idle = 0.0 if row is None else max((moment - row.updated_at).total_seconds(), 0) / 86400
            question: Rating = (item.rating, item.deviation, item.volatility)
            after, question_after = rate(before, question, idle)
            learner_values = {
                "rating": after[0],
                "deviation": after[1],
                "volatility": after[2],
                "updated_at": moment,
            }
            if row is None:
                conn.execute(
                    SKILL_RATINGS.insert().values(
                        learner_id=int(learner_id), skill=skill, answers=1, **learner_values
                    )
                )
            else:
                conn.execute(
                    SKILL_RATINGS.update()
                    .where(mine)
                    .values(answers=SKILL_RATINGS.c.answers + 1, **learner_values)
                )
            conn.execute(
                RATED_ITEMS.update()
                .where(RATED_ITEMS.c.id == item_id)
                .values(
                    rating=question_after[0],
                    deviation=question_after[1],
                    volatility=question_after[2],
                    plays=RATED_ITEMS.c.plays + 1,
                )
            )
            day = sa.and_(
                RATING_HISTORY.c.learner_id == int(learner_id),
                RATING_HISTORY.c.skill == skill,
                RATING_HISTORY.c.day == moment.date(),
            )
            kept = {"rating": after[0], "deviation": after[1]}
            if not conn.execute(RATING_HISTORY.update().where(day).values(**kept)).rowcount:
                conn.execute(
                    RATING_HISTORY.insert().values(
                        learner_id=int(learner_id), skill=skill, day=moment.date(), **kept
                    )
                )
            return RatedAnswer(before, after, question_after)

    result: RatedAnswer | None = _with_retry(write)
    return result


def skill_ratings(engine: Engine, learner_id: int) -> dict[str, SkillRating]:
    """The learner's rating in each skill rated so far."""
    query = sa.select(
        SKILL_RATINGS.c.skill,
        SKILL_RATINGS.c.rating,
        SKILL_RATINGS.c.deviation,
        SKILL_RATINGS.c.volatility,
        SKILL_RATINGS.c.answers,
        SKILL_RATINGS.c.updated_at,
    ).where(SKILL_RATINGS.c.learner_id == int(learner_id))
    with engine.connect() as conn:
        return {row.skill: SkillRating(*row[1:]) for row in conn.execute(query)}


def rating_history(engine: Engine, learner_id: int) -> list[tuple[str, dt.date, float, float]]:
    """(skill, day, rating, deviation) at the end of each day a skill was rated, oldest first."""
    query = (
        sa.select(
            RATING_HISTORY.c.skill,
            RATING_HISTORY.c.day,
            RATING_HISTORY.c.rating,
            RATING_HISTORY.c.deviation,
        )
        .where(RATING_HISTORY.c.learner_id == int(learner_id))
        .order_by(RATING_HISTORY.c.day, RATING_HISTORY.c.skill)
    )
    with engine.connect() as conn:
        return [(r.skill, r.day, r.rating, r.deviation) for r in conn.execute(query)]


def first_attempt_ratings(engine: Engine, learner_id: int) -> list[tuple[str, str, float]]:
    """(skill, position text, the question's rating now) of each question the learner answered
    first (each rated once: ``first_attempts``)."""
    query = (
        sa.select(RATED_ITEMS.c.skill, RATED_ITEMS.c.position, RATED_ITEMS.c.rating)
        .select_from(FIRST_ATTEMPTS.join(RATED_ITEMS, FIRST_ATTEMPTS.c.item_id == RATED_ITEMS.c.id))
        .where(FIRST_ATTEMPTS.c.learner_id == int(learner_id))
    )
    with engine.connect() as conn:
        return [(r.skill, r.position, r.rating) for r in conn.execute(query)]


def add_bank_items(engine: Engine, skill: str, items: Iterable[tuple[str, Rating]]) -> int:
    """Put questions (position, first rating) in the skill's bank; returns how many were new.

    A question already rated (answered as a fresh deal) joins the bank with its rating.
    """
    _check_skill(skill)
    rows = list(items)
    now = _now()

    def write() -> int:
        added = 0
        with _writing(engine) as conn:
            for position, (rating, deviation, volatility) in rows:
                values = {
                    "skill": skill,
                    "position": position,
                    "rating": rating,
                    "deviation": deviation,
                    "volatility": volatility,
                    "plays": 0,
                    "bank": True,
                    "created_at": now,
                }
                if _insert_new(conn, RATED_ITEMS, values, ["skill", "position"]):
                    added += 1
                else:
                    conn.execute(
                        RATED_ITEMS.update()
                        .where(RATED_ITEMS.c.skill == skill, RATED_ITEMS.c.position == position)
                        .values(bank=True)
                    )
        return added

    return int(_with_retry(write))


def bank_size(engine: Engine, skill: str) -> int:
    """How many questions the skill's bank holds."""
    query = sa.select(sa.func.count()).where(RATED_ITEMS.c.skill == skill, RATED_ITEMS.c.bank)
    with engine.connect() as conn:
        return int(conn.scalar(query) or 0)


def nearest_unseen(
    engine: Engine,
    learner_id: int | None,
    skill: str,
    target: float,
    how_many: int = 20,
    skip: Sequence[str] = (),
) -> list[BankItem]:
    """Up to ``how_many`` bank questions of ``skill`` the learner has not answered, nearest
    ``target`` first: the nearest above and the nearest below, each read along the rating
    index, so a few rows are read however large the bank."""
    seen = sa.exists().where(
        FIRST_ATTEMPTS.c.item_id == RATED_ITEMS.c.id,
        FIRST_ATTEMPTS.c.learner_id == (int(learner_id) if learner_id is not None else -1),
    )
    base = sa.select(RATED_ITEMS.c.id, RATED_ITEMS.c.position, RATED_ITEMS.c.rating).where(
        RATED_ITEMS.c.skill == skill,
        RATED_ITEMS.c.bank.is_(True),
        ~seen,
        *([RATED_ITEMS.c.position.not_in(list(skip))] if skip else []),
    )
    above = (
        base.where(RATED_ITEMS.c.rating >= target)
        .order_by(RATED_ITEMS.c.rating.asc())
        .limit(how_many)
    )
    below = (
        base.where(RATED_ITEMS.c.rating < target)
        .order_by(RATED_ITEMS.c.rating.desc())
        .limit(how_many)
    )
    with engine.connect() as conn:
        found = [
            BankItem(r.id, r.position, r.rating)
            for query in (above, below)
            for r in conn.execute(query)
        ]
    found.sort(key=lambda item: abs(item.rating - target))
    return found[:how_many]
