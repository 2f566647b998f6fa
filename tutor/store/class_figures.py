"""The class table's figures, read for one of the class's teachers in a few queries.

Only a teacher of the class reads them (``tutor.store.classes``' rules: ``_require_teacher``),
and only of its current members: once a learner has left, nothing of theirs is read through the
class. :func:`member_attempts` reads one member's answers for the teacher's view of them.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.classes import Member, _members, _require_teacher, member_learner
from tutor.store.engine import naive_utc
from tutor.store.first_games import first_games_of
from tutor.store.ratings import RATING_HISTORY, SKILL_RATINGS
from tutor.store.schema import ATTEMPTS, GAMES

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["ClassFigures", "class_figures", "member_attempts"]


@dataclass(frozen=True)
class ClassFigures:
    """What the class table is made from, read for a teacher in a few queries.

    ``ratings``: (learner id, skill, rating, deviation, rated answers); ``before``: for each
    of the days asked, {(learner id, skill): the rating at the end of the last day rated that
    many days ago or earlier} (absent: not rated by then); ``answers``: learner id -> (answers,
    right, seconds, last answered) of the quizzes (not the games' decisions); ``games``:
    learner id -> (games, last finished, mean skill figure or None); ``recent``: the quizzes'
    and games' answers of the last ``recent_days`` (columns learner_id, kind, categories,
    categories_missed, created_at), for the weak spots; ``first_games``: learner id -> when
    they first finished the coached first game (absent: not yet).
    """

    members: list[Member]
    ratings: list[tuple[int, str, float, float, int]]
    before: dict[int, dict[tuple[int, str], float]]
    answers: dict[int, tuple[int, int, float, dt.datetime | None]]
    games: dict[int, tuple[int, dt.datetime | None, float | None]]
    recent: pd.DataFrame
    first_games: dict[int, dt.datetime] = field(default_factory=dict)


def class_figures(
    engine: Engine,
    teacher_id: int,
    class_id: int,
    now: dt.datetime | None = None,
    recent_days: int = 30,
    change_days: Sequence[int] = (7, 30),
) -> ClassFigures:
    """Everything the class table shows, for one of its teachers: seven queries over the
    current members only."""
    import pandas as pd

    since = naive_utc(now) - dt.timedelta(days=recent_days)
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        members = _members(conn, class_id)
        ids = [m.learner_id for m in members]
        if not ids:
            empty = pd.DataFrame(columns=list(_RECENT_COLUMNS))
            return ClassFigures([], [], {d: {} for d in change_days}, {}, {}, empty)
        ratings = [
            (int(r.learner_id), str(r.skill), float(r.rating), float(r.deviation), int(r.answers))
            for r in conn.execute(
                sa.select(
                    SKILL_RATINGS.c.learner_id,
                    SKILL_RATINGS.c.skill,
                    SKILL_RATINGS.c.rating,
                    SKILL_RATINGS.c.deviation,
                    SKILL_RATINGS.c.answers,
                ).where(SKILL_RATINGS.c.learner_id.in_(ids))
            )
        ]
        day = naive_utc(now).date()
        before = {
            days: _ratings_before(conn, ids, day - dt.timedelta(days=days)) for days in change_days
        }
        quizzes = ATTEMPTS.c.kind != "game"
        answers = {
            int(r.learner_id): (
                int(r.answers),
                int(r.right or 0),
                float(r.seconds or 0.0),
                r.last,
            )
            for r in conn.execute(
                sa.select(
                    ATTEMPTS.c.learner_id,
                    sa.func.count().label("answers"),
                    sa.func.sum(sa.case((ATTEMPTS.c.correct, 1), else_=0)).label("right"),
                    sa.func.sum(ATTEMPTS.c.seconds).label("seconds"),
                    sa.func.max(ATTEMPTS.c.created_at).label("last"),
                )
                .where(ATTEMPTS.c.learner_id.in_(ids), quizzes)
                .group_by(ATTEMPTS.c.learner_id)
            )
        }
        games = {
            int(r.learner_id): (int(r.games), r.last, None if r.skill is None else float(r.skill))
            for r in conn.execute(
                sa.select(
                    GAMES.c.learner_id,
                    sa.func.count().label("games"),
                    sa.func.max(GAMES.c.finished_at).label("last"),
                    sa.func.avg(GAMES.c.skill).label("skill"),
                )
                .where(GAMES.c.learner_id.in_(ids))
                .group_by(GAMES.c.learner_id)
            )
        }
        rows = conn.execute(
            sa.select(
                ATTEMPTS.c.learner_id,
                ATTEMPTS.c.kind,
                ATTEMPTS.c.categories,
                ATTEMPTS.c.categories_missed,
                sa.type_coerce(ATTEMPTS.c.created_at, sa.String).label("created_at"),
            ).where(ATTEMPTS.c.learner_id.in_(ids), ATTEMPTS.c.created_at >= since)
        ).all()
        first_games = first_games_of(conn, ids)
    recent = _recent_frame(rows)
    return ClassFigures(
        members,
        ratings,
        before,
        {k: _as_moment(v) for k, v in answers.items()},
        games,
        recent,
        first_games,
    )


def _ratings_before(
    conn: Connection, ids: Sequence[int], cut: dt.date
) -> dict[tuple[int, str], float]:
    """Each member's rating per skill at the end of the last day rated on or before ``cut``."""
    last = (
        sa.select(
            RATING_HISTORY.c.learner_id,
            RATING_HISTORY.c.skill,
            sa.func.max(RATING_HISTORY.c.day).label("day"),
        )
        .where(RATING_HISTORY.c.learner_id.in_(ids), RATING_HISTORY.c.day <= cut)
        .group_by(RATING_HISTORY.c.learner_id, RATING_HISTORY.c.skill)
        .subquery()
    )
    query = sa.select(
        RATING_HISTORY.c.learner_id, RATING_HISTORY.c.skill, RATING_HISTORY.c.rating
    ).join(
        last,
        sa.and_(
            RATING_HISTORY.c.learner_id == last.c.learner_id,
            RATING_HISTORY.c.skill == last.c.skill,
            RATING_HISTORY.c.day == last.c.day,
        ),
    )
    return {(int(r.learner_id), str(r.skill)): float(r.rating) for r in conn.execute(query)}


_RECENT_COLUMNS = ("learner_id", "kind", "categories", "categories_missed", "created_at")


def _as_moment(
    row: tuple[int, int, float, Any],
) -> tuple[int, int, float, dt.datetime | None]:
    answers, right, seconds, last = row
    if isinstance(last, str):  # SQLite's max() gives the stored text
        last = dt.datetime.fromisoformat(last)
    return answers, right, seconds, last


def _recent_frame(rows: Sequence[Any]) -> pd.DataFrame:
    import pandas as pd

    columns = list(_RECENT_COLUMNS)
    data: dict[str, list[Any]] = (
        {name: list(v) for name, v in zip(columns, zip(*rows, strict=True), strict=True)}
        if rows
        else {name: [] for name in columns}
    )
    for name in ("categories", "categories_missed"):
        decoded = {text: json.loads(text) for text in set(data[name])}
        data[name] = [decoded[text] for text in data[name]]
    frame = pd.DataFrame(data, columns=columns)
    frame["created_at"] = pd.to_datetime(frame["created_at"], format="ISO8601")
    return frame


def member_attempts(
    engine: Engine,
    teacher_id: int,
    class_id: int,
    learner_id: int,
    columns: Sequence[str],
) -> pd.DataFrame | None:
    """A current member's attempts (as ``attempts_frame``), for one of the class's teachers
    (None: not a member, or no longer)."""
    from tutor.store.records import attempts_frame

    if member_learner(engine, teacher_id, class_id, learner_id) is None:
        return None
    return attempts_frame(engine, learner_id, columns=columns)
