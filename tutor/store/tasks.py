"""A class's tasks: "30 crib counts at 80% or better by Friday", with each member's progress.

One table (``class_tasks``, added by ``tutor.store.class_migration``). A quiz task asks for
``answers`` answers of one quiz (``kind``) with at least ``accuracy`` percent of them right,
answered from the moment it was set to the end of ``due_on`` (UTC). Progress comes from the
stored answers only (``attempts``), never from what a learner says: the task is done once the
last ``answers`` of those answers are at least ``accuracy`` percent right, so a learner who
starts badly can still finish by practising on. A game task (``games_medium``: ``answers``
games played to the end against the medium computer) counts the finished games stored
(``games``); a rush task (``rush``: a counting rush scoring ``answers`` or more) the runs stored
(``rush_runs``), each in the same span of time; their ``accuracy`` is 0. A first-game task
(``first_game``) is done once the learner has finished the coached first game
(``tutor.store.first_games``) by the end of ``due_on``, before the task was set too: the game
is the same each time, and one finish is what the task asks for (``answers`` is 1). A review
task (``review``: clear your review) is done while the learner has no spaced-review item due
(``tutor.store.reviews``, the kinds the Review page serves) on the ``today`` the caller gives:
it is read as it is now, not kept for a past day. Only a class's teachers set, remove and read
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

from cribbage_core.bots import BOT_LEVELS
from tutor.store.classes import (
    CLASS_MEMBERS,
    CLASSES,
    ClassError,
    _members,
    _require_teacher,
)
from tutor.store.engine import _now, _with_retry, _writing, naive_utc
from tutor.store.first_games import first_games_of
from tutor.store.rushes import RUSH_RUNS
from tutor.store.schema import ATTEMPTS, GAMES, METADATA, REVIEW_ITEMS, SERVED_REVIEW_KINDS

__all__ = [
    "ALL_TASK_KINDS",
    "CLASS_TASKS",
    "FIRST_GAME_TASK",
    "REVIEW_TASK",
    "GAME_TASKS",
    "MAX_RUSH_SCORE",
    "MAX_TASK_ANSWERS",
    "MAX_TASK_GAMES",
    "RUSH_TASK",
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
#: Games played to the end against one computer level: level -> the task's kind.
GAME_TASKS = {level: f"games_{level}" for level in BOT_LEVELS}
MAX_TASK_GAMES = 20
#: A counting rush scoring at least the task's ``answers`` (hands counted right in the run).
RUSH_TASK = "rush"
MAX_RUSH_SCORE = 200
#: Finish the coached first game (the Learn page's), once.
FIRST_GAME_TASK = "first_game"
#: No spaced-review item due now (read live: how many are due on the day asked).
REVIEW_TASK = "review"
ALL_TASK_KINDS = (*TASK_KINDS, *GAME_TASKS.values(), RUSH_TASK, FIRST_GAME_TASK, REVIEW_TASK)

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
    ``task.answers`` of them, and whether it is done. A game task: ``answered`` is the games
    finished for it (``right_of_last`` the same, at most ``task.answers``); a rush task: the runs
    finished for it and ``right_of_last`` the best score among them; a review task: ``answered``
    is the items due now (``right_of_last`` 0), done when none is."""

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
    if kind not in ALL_TASK_KINDS:
        raise ClassError("task", f"a task is one of {ALL_TASK_KINDS}, not {kind!r}")
    if kind in TASK_KINDS:
        if not 1 <= int(answers) <= MAX_TASK_ANSWERS or not 0 <= int(accuracy) <= 100:
            raise ClassError(
                "task", f"a task asks for 1 to {MAX_TASK_ANSWERS} answers at 0 to 100 percent right"
            )
    elif kind == RUSH_TASK:
        if not 1 <= int(answers) <= MAX_RUSH_SCORE:
            raise ClassError("task_rush", f"a rush task asks for a score of 1 to {MAX_RUSH_SCORE}")
        accuracy = 0
    elif kind in (FIRST_GAME_TASK, REVIEW_TASK):
        answers, accuracy = 1, 0
    else:
        if not 1 <= int(answers) <= MAX_TASK_GAMES:
            raise ClassError("task_games", f"a game task asks for 1 to {MAX_TASK_GAMES} games")
        accuracy = 0
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


def _progress(task: Task, answers: Sequence[Any]) -> TaskProgress:
    if task.kind == REVIEW_TASK:  # the one "answer" is how many items are due now
        due = int(answers[0]) if answers else 0
        return TaskProgress(task, due, 0, due == 0)
    if task.kind == RUSH_TASK:  # the "answers" are the runs' scores
        best = max((int(score) for score in answers), default=0)
        return TaskProgress(task, len(answers), best, best >= task.answers)
    if task.kind not in TASK_KINDS:  # a game (or first-game) task: one "answer" a game finished
        return TaskProgress(
            task, len(answers), min(len(answers), task.answers), len(answers) >= task.answers
        )
    last = answers[-task.answers :]
    right = sum(last)
    done = len(last) == task.answers and 100 * right >= task.accuracy * task.answers
    return TaskProgress(task, len(answers), right, done)


def _answers_for(
    conn: Connection, learner_ids: Sequence[int], tasks: Sequence[Task], today: dt.date
) -> dict[tuple[int, int], list[Any]]:
    """Each learner's answers for each task, oldest first: (learner id, task id) -> rights (a
    game task: one ``True`` a game finished; a rush task: each run's score; a review task: the
    items due on ``today``, absent when none)."""
    found: dict[tuple[int, int], list[Any]] = {}
    if not learner_ids or not tasks:
        return found
    start = min(t.created_at for t in tasks)
    query = (
        sa.select(ATTEMPTS.c.learner_id, ATTEMPTS.c.kind, ATTEMPTS.c.correct, ATTEMPTS.c.created_at)
        .where(
            ATTEMPTS.c.learner_id.in_([int(i) for i in learner_ids]),
            ATTEMPTS.c.kind.in_(sorted({t.kind for t in tasks if t.kind in TASK_KINDS})),
            ATTEMPTS.c.created_at >= start,
        )
        .order_by(ATTEMPTS.c.created_at, ATTEMPTS.c.id)
    )
    for row in conn.execute(query):
        for task in tasks:
            if row.kind == task.kind and _within(task, row.created_at):
                found.setdefault((int(row.learner_id), task.id), []).append(bool(row.correct))
    ids = [int(i) for i in learner_ids]
    by_level = {kind: level for level, kind in GAME_TASKS.items()}
    game_tasks = [t for t in tasks if t.kind in by_level]
    if game_tasks:
        games = sa.select(GAMES.c.learner_id, GAMES.c.opponent_level, GAMES.c.finished_at).where(
            GAMES.c.learner_id.in_(ids),
            GAMES.c.opponent_level.in_(sorted({by_level[t.kind] for t in game_tasks})),
            GAMES.c.finished_at >= min(t.created_at for t in game_tasks),
        )
        for game in conn.execute(games):
            for task in game_tasks:
                if game.opponent_level == by_level[task.kind] and _within(task, game.finished_at):
                    found.setdefault((int(game.learner_id), task.id), []).append(True)
    rush_tasks = [t for t in tasks if t.kind == RUSH_TASK]
    if rush_tasks:
        runs = sa.select(RUSH_RUNS.c.learner_id, RUSH_RUNS.c.score, RUSH_RUNS.c.finished_at).where(
            RUSH_RUNS.c.learner_id.in_(ids),
            RUSH_RUNS.c.finished_at >= min(t.created_at for t in rush_tasks),
        )
        for run in conn.execute(runs):
            for task in rush_tasks:
                if _within(task, run.finished_at):
                    found.setdefault((int(run.learner_id), task.id), []).append(int(run.score))
    first_game_tasks = [t for t in tasks if t.kind == FIRST_GAME_TASK]
    if first_game_tasks:
        for who, finished_at in first_games_of(conn, ids).items():
            for task in first_game_tasks:
                if finished_at < _end(task):  # a finish before the task was set counts too
                    found.setdefault((who, task.id), []).append(True)
    review_tasks = [t for t in tasks if t.kind == REVIEW_TASK]
    if review_tasks:
        due = (
            sa.select(REVIEW_ITEMS.c.learner_id, sa.func.count().label("due"))
            .where(
                REVIEW_ITEMS.c.learner_id.in_(ids),
                REVIEW_ITEMS.c.due_on <= today,  # retired items (no date) are never due
                REVIEW_ITEMS.c.kind.in_(list(SERVED_REVIEW_KINDS)),
            )
            .group_by(REVIEW_ITEMS.c.learner_id)
        )
        for row in conn.execute(due):
            for task in review_tasks:
                found[(int(row.learner_id), task.id)] = [int(row.due)]
    return found


def _end(task: Task) -> dt.datetime:
    """The end of the task's due day (UTC): what counts for it happened before this."""
    return dt.datetime.combine(task.due_on + dt.timedelta(days=1), dt.time())


def _within(task: Task, moment: dt.datetime) -> bool:
    """Whether ``moment`` lies between the task's setting and the end of its due day (UTC)."""
    return task.created_at <= moment < _end(task)


def member_task_progress(
    engine: Engine, teacher_id: int, class_id: int, today: dt.date | None = None
) -> dict[tuple[int, int], TaskProgress]:
    """(member's learner id, task id) -> progress, for each current member and task of the
    class, for one of its teachers; a review task as it is on ``today`` (default: UTC's)."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        tasks = [
            _task(r)
            for r in conn.execute(_TASK_QUERY.where(CLASS_TASKS.c.class_id == int(class_id)))
        ]
        ids = [m.learner_id for m in _members(conn, class_id)]
        answers = _answers_for(conn, ids, tasks, today or naive_utc(None).date())
    return {(who, t.id): _progress(t, answers.get((who, t.id), [])) for who in ids for t in tasks}


def my_tasks(engine: Engine, learner_id: int, today: dt.date | None = None) -> list[TaskProgress]:
    """The tasks of the classes the learner is in now, soonest due first, with their progress
    (a review task as it is on ``today``, default: UTC's)."""
    query = (
        _TASK_QUERY.join(CLASS_MEMBERS, CLASS_MEMBERS.c.class_id == CLASS_TASKS.c.class_id)
        .where(CLASS_MEMBERS.c.learner_id == int(learner_id), CLASS_MEMBERS.c.left_at.is_(None))
        .order_by(CLASS_TASKS.c.due_on, CLASS_TASKS.c.id)
    )
    with engine.connect() as conn:
        tasks = [_task(r) for r in conn.execute(query)]
        answers = _answers_for(conn, [learner_id], tasks, today or naive_utc(None).date())
    return [_progress(t, answers.get((int(learner_id), t.id), [])) for t in tasks]
