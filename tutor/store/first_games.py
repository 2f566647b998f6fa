"""The coached first game (the Learn page's): when each learner first reached its end.

One row a learner (``first_games``), written by the app when the learner's own game reaches
the end of the deal (the crib counted), never from what a learner says; the first moment
stands, so playing it again changes nothing. The class table shows it and a class's task
"finish the coached first game" is counted from it (``tutor.store.tasks``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.engine import _with_retry, _writing, naive_utc
from tutor.store.records import _insert_ignoring_duplicates
from tutor.store.schema import METADATA

__all__ = ["FIRST_GAMES", "first_game_finished", "first_games_of", "record_first_game"]

FIRST_GAMES = sa.Table(
    "first_games",
    METADATA,
    sa.Column(
        "learner_id",
        sa.Integer,
        sa.ForeignKey("learners.id"),
        primary_key=True,
        autoincrement=False,
    ),
    sa.Column("finished_at", sa.DateTime, nullable=False),  # the first time (UTC)
)


def record_first_game(engine: Engine, learner_id: int, at: dt.datetime | None = None) -> bool:
    """Keep that the learner reached the end of the coached first game; False when they had
    before (the first moment stands)."""
    values = {"learner_id": int(learner_id), "finished_at": naive_utc(at)}

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, FIRST_GAMES, values, FIRST_GAMES.c.learner_id)

    return bool(_with_retry(insert))


def first_games_of(conn: Connection, learner_ids: Sequence[int]) -> dict[int, dt.datetime]:
    """Learner id -> when they first finished the coached first game (absent: not yet)."""
    if not learner_ids:
        return {}
    query = sa.select(FIRST_GAMES.c.learner_id, FIRST_GAMES.c.finished_at).where(
        FIRST_GAMES.c.learner_id.in_([int(i) for i in learner_ids])
    )
    return {int(r.learner_id): r.finished_at for r in conn.execute(query)}


def first_game_finished(engine: Engine, learner_id: int) -> dt.datetime | None:
    """When the learner first finished the coached first game (None: not yet)."""
    with engine.connect() as conn:
        return first_games_of(conn, [learner_id]).get(int(learner_id))
