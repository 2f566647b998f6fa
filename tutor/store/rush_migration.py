"""The migration that adds the counting rushes' table (``tutor.store.rushes``), frozen history.

Apart from ``rushes`` (which reads ``schema.METADATA``) so that ``schema`` can import it.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["create_rush_table"]


def create_rush_table(conn: Connection) -> None:
    """The migration that adds ``rush_runs``, frozen history (checks first: renumberable)."""
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    table = sa.Table(
        "rush_runs",
        md,
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("answered", sa.Integer, nullable=False),
        sa.Column("best_combo", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.DateTime, nullable=False),
    )
    sa.Index("ix_rush_runs_learner_day", table.c.learner_id, table.c.day)
    table.create(conn, checkfirst=True)
