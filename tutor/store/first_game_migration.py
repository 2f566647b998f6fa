"""The migration that adds the coached first game's finishes (``tutor.store.first_games``),
frozen history.

Apart from ``first_games`` (which reads ``schema.METADATA``) so that ``schema`` can import it.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["create_first_game_table"]


def create_first_game_table(conn: Connection) -> None:
    """``first_games`` as first made (checks first: renumberable)."""
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "first_games",
        md,
        sa.Column(
            "learner_id",
            sa.Integer,
            sa.ForeignKey("learners.id"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("finished_at", sa.DateTime, nullable=False),
    ).create(conn, checkfirst=True)
