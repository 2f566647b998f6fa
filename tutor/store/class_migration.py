"""The migration that adds classes, their teachers and members (``tutor.store.classes``),
frozen history.

Apart from ``classes`` (which reads ``schema.METADATA``) so that ``schema`` can import it.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

__all__ = ["create_class_tables", "create_task_table"]


def create_class_tables(conn: Connection) -> None:
    """``classes``, ``class_teachers`` and ``class_members`` as first made (checks first:
    renumberable)."""
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    classes = sa.Table(
        "classes",
        md,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("language", sa.String(8), nullable=False),
        sa.Column("join_code", sa.String(16), nullable=False, unique=True),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("archived_at", sa.DateTime),
    )
    teachers = sa.Table(
        "class_teachers",
        md,
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
        sa.Column("added_at", sa.DateTime, nullable=False),
    )
    members = sa.Table(
        "class_members",
        md,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("joined_at", sa.DateTime, nullable=False),
        sa.Column("left_at", sa.DateTime),
    )
    sa.Index("ix_class_members_class", members.c.class_id, members.c.left_at)
    sa.Index("ix_class_members_learner", members.c.learner_id, members.c.left_at)
    sa.Index("ix_class_teachers_learner", teachers.c.learner_id)
    for table in (classes, teachers, members):
        table.create(conn, checkfirst=True)


def create_task_table(conn: Connection) -> None:
    """``class_tasks`` as first made (checks first: renumberable)."""
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table("classes", md, sa.Column("id", sa.Integer, primary_key=True))
    tasks = sa.Table(
        "class_tasks",
        md,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("answers", sa.Integer, nullable=False),
        sa.Column("accuracy", sa.Integer, nullable=False),
        sa.Column("due_on", sa.Date, nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    sa.Index("ix_class_tasks_class", tasks.c.class_id)
    tasks.create(conn, checkfirst=True)
