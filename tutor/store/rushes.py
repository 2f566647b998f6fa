"""Counting rushes: each finished run of a named learner, for the personal best of a day.

One row per run (``rush_runs``), keyed by the run's id, so a reload at the end of a run, or a
second tab, records it once. Only full-length runs are kept (the caller decides): a shorter
one could not be compared with a best. :func:`rush_best` is the day's best score.
"""

from __future__ import annotations

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.records import _insert_ignoring_duplicates
from tutor.store.schema import METADATA, StoreError

__all__ = ["RUSH_RUNS", "record_rush", "rush_best"]

RUSH_RUNS = sa.Table(
    "rush_runs",
    METADATA,
    sa.Column("id", sa.String(36), primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("score", sa.Integer, nullable=False),  # hands counted right
    sa.Column("answered", sa.Integer, nullable=False),
    sa.Column("best_combo", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.DateTime, nullable=False),
)
sa.Index("ix_rush_runs_learner_day", RUSH_RUNS.c.learner_id, RUSH_RUNS.c.day)


def record_rush(
    engine: Engine,
    learner_id: int,
    run_id: str,
    day: dt.date,
    score: int,
    answered: int,
    best_combo: int,
) -> bool:
    """Keep one finished run; False when this run was kept before (the first stands)."""
    if not run_id or len(run_id) > 36:
        raise StoreError("a rush's id is a UUID string of at most 36 characters")
    if not 0 <= int(score) <= int(answered) or int(best_combo) > int(score) or best_combo < 0:
        raise StoreError(
            f"a rush scores 0 to its {answered} answers, with a combo of at most that, "
            f"not {score} and {best_combo}"
        )
    values = {
        "id": run_id,
        "learner_id": int(learner_id),
        "day": day,
        "score": int(score),
        "answered": int(answered),
        "best_combo": int(best_combo),
        "finished_at": _now(),
    }

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, RUSH_RUNS, values, RUSH_RUNS.c.id)

    return bool(_with_retry(insert))


def rush_best(engine: Engine, learner_id: int, day: dt.date) -> int | None:
    """The learner's best score on ``day`` (None: no full run that day)."""
    query = sa.select(sa.func.max(RUSH_RUNS.c.score)).where(
        RUSH_RUNS.c.learner_id == int(learner_id), RUSH_RUNS.c.day == day
    )
    with engine.connect() as conn:
        found = conn.scalar(query)
    return None if found is None else int(found)
