"""A class's tasks: "30 crib counts at 80% or better by Friday", with each member's progress.

One table (``class_tasks``, added by ``tutor.store.class_migration``). A task asks for
``answers`` answers of one quiz (``kind``) with at least ``accuracy`` percent of them right,
answered from the moment it was set to the end of ``due_on`` (UTC). Progress comes from the
stored answers only (``attempts``), never from what a learner says: the task is done once the
last ``answers`` of those answers are at least ``accuracy`` percent right, so a learner who
starts badly can still finish by practising on. Only a class's teachers set, remove and read
its tasks and its members' progress (the checks of ``tutor.store.classes``); a member reads
their own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.classes import (
    CLASS_MEMBERS,
    CLASSES,
    ClassError,
    _members,
    _require_teacher,
)
from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.schema import ATTEMPTS, METADATA

__all__ = [
    "CLASS_TASKS",
    "MAX_TASK_ANSWERS",
    "TASK_KINDS",
    "Task",
    "TaskProgress",
    "class_tasks",
    "member_task_progress",
    "my_tasks",
    "remove_task",
    "set_task",
]

TASK_KINDS = ("hand", "crib", "pegging", "discard", "peg_trainer")
MAX_TASK_ANSWERS = 500

CLASS_TASKS = sa.Table(
    "class_tasks",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("answers", sa.Integer, nullable=False),
    sa.Column("accuracy", sa.Integer, nullable=False),  # percent
    sa.Column("due_on", sa.Date, nullable=False),  # answers count to the end of this day (UTC)
    sa.Column("created_by", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),  # answers count from here
)
sa.Index("ix_class_tasks_class", CLASS_TASKS.c.class_id)


@dataclass(frozen=True)
class Task:
    """One task of a class."""

    id: int
    class_id: int
    class_name: str
    kind: str
    answers: int
    accuracy: int
    due_on: dt.date
    created_at: dt.datetime


@dataclass(frozen=True)
class TaskProgress:
    """A member's progress on a task: answers given for it (all of them), right among the last
    ``task.answers`` of them, and whether it is done."""

    task: Task
    answered: int
    right_of_last: int
    done: bool


def _task(row: Any) -> Task:
    return Task(
        int(row.id),
        int(row.class_id),
        str(row.name),
        str(row.kind),
        int(row.answers),
        int(row.accuracy),
        row.due_on,
        row.created_at,
    )


_TASK_QUERY = sa.select(
    CLASS_TASKS.c.id,
    CLASS_TASKS.c.class_id,
    CLASSES.c.name,
    CLASS_TASKS.c.kind,
    CLASS_TASKS.c.answers,
    CLASS_TASKS.c.accuracy,
    CLASS_TASKS.c.due_on,
    CLASS_TASKS.c.created_at,
).select_from(CLASS_TASKS.join(CLASSES, CLASSES.c.id == CLASS_TASKS.c.class_id))


def set_task(
    engine: Engine,
    teacher_id: int,
    class_id: int,
    kind: str,
    answers: int,
    accuracy: int,
    due_on: dt.date,
    today: dt.date,
) -> Task:
    """A new task for the class; ``ClassError`` (reason ``task``) for one that cannot be."""
    if kind not in TASK_KINDS:
        raise ClassError("task", f"a task is one of the quizzes {TASK_KINDS}, not {kind!r}")
    if not 1 <= int(answers) <= MAX_TASK_ANSWERS or not 0 <= int(accuracy) <= 100:
        raise ClassError(
            "task", f"a task asks for 1 to {MAX_TASK_ANSWERS} answers at 0 to 100 percent right"
        )
    if due_on < today:
        raise ClassError("task_past", "a task is due today or later")

    def write() -> Task:
        with _writing(engine) as conn:
            _require_teacher(conn, teacher_id, class_id)
            task_id = conn.execute(
                CLASS_TASKS.insert()
                .values(
                    class_id=int(class_id),
                    kind=kind,
                    answers=int(answers),
                    accuracy=int(accuracy),
                    due_on=due_on,
                    created_by=int(teacher_id),
                    created_at=_now(),
                )
                .returning(CLASS_TASKS.c.id)
            ).scalar_one()
            return _task(conn.execute(_TASK_QUERY.where(CLASS_TASKS.c.id == task_id)).one())

    made: Task = _with_retry(write)
    return made


def class_tasks(engine: Engine, teacher_id: int, class_id: int) -> list[Task]:
    """The class's tasks, soonest due first, for one of its teachers."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        query = _TASK_QUERY.where(CLASS_TASKS.c.class_id == int(class_id))
        return [
            _task(r) for r in conn.execute(query.order_by(CLASS_TASKS.c.due_on, CLASS_TASKS.c.id))
        ]


def remove_task(engine: Engine, teacher_id: int, class_id: int, task_id: int) -> bool:
    """Remove one of the class's tasks (no answer goes with it); False: no such task."""

    def write() -> bool:
        with _writing(engine) as conn:
            _require_teacher(conn, teacher_id, class_id)
            done = conn.execute(
                CLASS_TASKS.delete().where(
                    CLASS_TASKS.c.id == int(task_id), CLASS_TASKS.c.class_id == int(class_id)
                )
            )
            return bool(done.rowcount)

    return bool(_with_retry(write))


def _progress(task: Task, answers: Sequence[bool]) -> TaskProgress:
    last = answers[-task.answers :]
    right = sum(last)
    done = len(last) == task.answers and 100 * right >= task.accuracy * task.answers
    return TaskProgress(task, len(answers), right, done)


def _answers_for(
    conn: Connection, learner_ids: Sequence[int], tasks: Sequence[Task]
) -> dict[tuple[int, int], list[bool]]:
    """Each learner's answers for each task, oldest first: (learner id, task id) -> rights."""
    found: dict[tuple[int, int], list[bool]] = {}
    if not learner_ids or not tasks:
        return found
    start = min(t.created_at for t in tasks)
    query = (
        sa.select(ATTEMPTS.c.learner_id, ATTEMPTS.c.kind, ATTEMPTS.c.correct, ATTEMPTS.c.created_at)
        .where(
            ATTEMPTS.c.learner_id.in_([int(i) for i in learner_ids]),
            ATTEMPTS.c.kind.in_(sorted({t.kind for t in tasks})),
            ATTEMPTS.c.created_at >= start,
        )
        .order_by(ATTEMPTS.c.created_at, ATTEMPTS.c.id)
    )
    for row in conn.execute(query):
        for task in tasks:
            end = dt.datetime.combine(task.due_on + dt.timedelta(days=1), dt.time())
            if row.kind == task.kind and task.created_at <= row.created_at < end:
                found.setdefault((int(row.learner_id), task.id), []).append(bool(row.correct))
    return found


def member_task_progress(
    engine: Engine, teacher_id: int, class_id: int
) -> dict[tuple[int, int], TaskProgress]:
    """(member's learner id, task id) -> progress, for each current member and task of the
    class, for one of its teachers."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        tasks = [
            _task(r)
            for r in conn.execute(_TASK_QUERY.where(CLASS_TASKS.c.class_id == int(class_id)))
        ]
        ids = [m.learner_id for m in _members(conn, class_id)]
        answers = _answers_for(conn, ids, tasks)
    return {(who, t.id): _progress(t, answers.get((who, t.id), [])) for who in ids for t in tasks}


def my_tasks(engine: Engine, learner_id: int) -> list[TaskProgress]:
    """The tasks of the classes the learner is in now, soonest due first, with their progress."""
    query = (
        _TASK_QUERY.join(CLASS_MEMBERS, CLASS_MEMBERS.c.class_id == CLASS_TASKS.c.class_id)
        .where(CLASS_MEMBERS.c.learner_id == int(learner_id), CLASS_MEMBERS.c.left_at.is_(None))
        .order_by(CLASS_TASKS.c.due_on, CLASS_TASKS.c.id)
    )
    with engine.connect() as conn:
        tasks = [_task(r) for r in conn.execute(query)]
        answers = _answers_for(conn, [learner_id], tasks)
    return [_progress(t, answers.get((int(learner_id), t.id), [])) for t in tasks]
