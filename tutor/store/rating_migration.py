"""The migration that adds the ratings' four tables (``tutor.store.ratings``), frozen history.

Apart from ``schema`` so that the ratings' tables and the rest of the schema can change side
by side; it spells out its own tables, as every migration does, and checks first, so it can
be renumbered when merged after another migration.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["create_rating_tables"]


def create_rating_tables(conn: Connection) -> None:
    """The four tables and their index, as first made."""
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    tables = [
        sa.Table(
            "skill_ratings",
            md,
            sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
            sa.Column("skill", sa.String(16), primary_key=True),
            sa.Column("rating", sa.Float, nullable=False),
            sa.Column("deviation", sa.Float, nullable=False),
            sa.Column("volatility", sa.Float, nullable=False),
            sa.Column("answers", sa.Integer, nullable=False),
            sa.Column("updated_at", sa.DateTime, nullable=False),
        ),
        sa.Table(
            "rating_history",
            md,
            sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
            sa.Column("skill", sa.String(16), primary_key=True),
            sa.Column("day", sa.Date, primary_key=True),
            sa.Column("rating", sa.Float, nullable=False),
            sa.Column("deviation", sa.Float, nullable=False),
        ),
    ]
    items = sa.Table(
        "rated_items",
        md,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("skill", sa.String(16), nullable=False),
        sa.Column("position", sa.String(200), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("plays", sa.Integer, nullable=False),
        sa.Column("bank", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("skill", "position", name="uq_rated_items_position"),
    )
    sa.Index("ix_rated_items_bank", items.c.skill, items.c.bank, items.c.rating)
    first = sa.Table(
        "first_attempts",
        md,
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("item_id", sa.Integer, sa.ForeignKey("rated_items.id"), primary_key=True),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("answered_at", sa.DateTime, nullable=False),
    )
    for table in (*tables, items, first):
        table.create(conn, checkfirst=True)  # with its indexes
