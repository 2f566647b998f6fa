"""The migration that adds the games between friends' table (``tutor.store.friend_games``), frozen history.

Apart from ``friend_games`` (which reads ``schema.METADATA``) so that ``schema`` can import it.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["create_friend_table"]


def create_friend_table(conn: Connection) -> None:
    """The migration that adds ``friend_games``, frozen history (checks first: renumberable)."""
    md = sa.MetaData()
    sa.Table(
        "friend_games",
        md,
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    ).create(conn, checkfirst=True)
