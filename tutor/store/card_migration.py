"""The migration that adds login cards' table (``tutor.store.cards``), frozen history.

Apart from ``cards`` (which reads ``schema.METADATA``) so that ``schema`` can import it.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["create_card_table"]


def create_card_table(conn: Connection) -> None:
    """``class_cards`` as first made (checks first: renumberable)."""
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table("classes", md, sa.Column("id", sa.Integer, primary_key=True))
    cards = sa.Table(
        "class_cards",
        md,
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("selector", sa.String(8), nullable=False, unique=True),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("issued_at", sa.DateTime, nullable=False),
    )
    sa.Index("ix_class_cards_class", cards.c.class_id)
    cards.create(conn, checkfirst=True)
