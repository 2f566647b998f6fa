"""A class's game and rush tasks: progress from the games and runs stored in the task's span,
never from what a learner says; a task the store cannot set is refused and changes nothing."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store
from tutor.store import class_figures, classes, rushes, tasks
from tutor.store.records import record_game

MakeTeacher = Callable[..., store.Learner]  # the ``teacher`` fixture (conftest.py)


def game(engine: Engine, learner_id: int, level: str, at: dt.datetime) -> None:
    assert record_game(
        engine, game_id=str(uuid.uuid4()), learner_id=learner_id, opponent_level=level,
        players=2, target=61, scores=[61, 40], winner="Ann", learner_won=True, at=at,
    )  # fmt: skip


def run(engine: Engine, learner_id: int, score: int) -> None:
    today = dt.datetime.now(dt.UTC).date()
    assert rushes.record_rush(engine, learner_id, str(uuid.uuid4()), today, score, score + 3, 2)


def class_with(
    engine: Engine, teacher: MakeTeacher
) -> tuple[store.Learner, classes.SchoolClass, list[store.Learner]]:
    rao = teacher()
    club = classes.create_class(engine, rao.id, "Club", "en")
    members = [store.create_learner(engine, name) for name in ("Ann", "Ben")]
    for who in members:
        classes.join_class(engine, who.id, club.join_code)
    return rao, club, members


def count(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(sa.text("SELECT count(*) FROM class_tasks")) or 0)


def test_a_game_task_counts_the_games_finished_against_its_level_in_its_span(
    engine: Engine,
    teacher: MakeTeacher,
) -> None:
    rao, club, (ann, ben) = class_with(engine, teacher)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    today = now.date()
    game(engine, ann.id, "medium", now - dt.timedelta(days=1))  # before the task: not counted
    task = tasks.set_task(engine, rao.id, club.id, "games_medium", 2, 80, today, today)
    assert task.accuracy == 0  # a game task has no share right
    now = task.created_at
    game(engine, ann.id, "medium", now + dt.timedelta(seconds=1))
    game(engine, ann.id, "easy", now + dt.timedelta(seconds=2))  # another level: not counted
    game(engine, ben.id, "medium", now + dt.timedelta(seconds=3))
    game(engine, ben.id, "medium", now + dt.timedelta(seconds=4))
    game(engine, ben.id, "medium", now + dt.timedelta(days=2))  # after the due day: not counted
    found = tasks.member_task_progress(engine, rao.id, club.id)
    assert (found[(ann.id, task.id)].answered, found[(ann.id, task.id)].done) == (1, False)
    assert (found[(ben.id, task.id)].answered, found[(ben.id, task.id)].done) == (2, True)
    [own] = tasks.my_tasks(engine, ann.id)
    assert own.right_of_last == 1 and not own.done


def test_a_rush_task_is_done_by_one_run_scoring_enough(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, club, (ann, ben) = class_with(engine, teacher)
    today = dt.datetime.now(dt.UTC).date()
    task = tasks.set_task(engine, rao.id, club.id, "rush", 25, 0, today, today)
    for score in (12, 26, 20):
        run(engine, ann.id, score)
    run(engine, ben.id, 24)
    found = tasks.member_task_progress(engine, rao.id, club.id)
    mine, his = found[(ann.id, task.id)], found[(ben.id, task.id)]
    assert (mine.answered, mine.right_of_last, mine.done) == (3, 26, True)
    assert (his.answered, his.right_of_last, his.done) == (1, 24, False)


@pytest.mark.parametrize(
    ("kind", "wanted"),
    [("games_medium", 0), ("games_medium", 21), ("games_expert", 1), ("rush", 0), ("rush", 201)],
)
def test_a_game_or_rush_task_that_cannot_be_is_refused(
    engine: Engine, kind: str, wanted: int, teacher: MakeTeacher
) -> None:
    rao, club, _members = class_with(engine, teacher)
    today = dt.datetime.now(dt.UTC).date()
    with pytest.raises(store.ClassError):
        tasks.set_task(engine, rao.id, club.id, kind, wanted, 0, today, today)
    assert count(engine) == 0


def test_only_a_teacher_of_the_class_sets_a_game_task(engine: Engine, teacher: MakeTeacher) -> None:
    _rao, club, (ann, _ben) = class_with(engine, teacher)
    today = dt.datetime.now(dt.UTC).date()
    with pytest.raises(classes.NotATeacher):
        tasks.set_task(engine, ann.id, club.id, "games_easy", 1, 0, today, today)
    assert count(engine) == 0


# --- the coached first game -------------------------------------------------------------------


def test_the_first_game_s_first_finish_is_kept_and_shown_to_the_class_s_teachers_only(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, club, (ann, ben) = class_with(engine, teacher)
    cid = store.create_learner(engine, "Cid")  # not in the class
    first = dt.datetime(2026, 5, 1, 10, 0)
    assert store.first_game_finished(engine, ann.id) is None
    assert store.record_first_game(engine, ann.id, at=first)
    assert not store.record_first_game(engine, ann.id, at=first + dt.timedelta(days=3))
    assert store.record_first_game(engine, cid.id, at=first)
    assert store.first_game_finished(engine, ann.id) == first  # the first moment stands
    figures = class_figures.class_figures(engine, rao.id, club.id)
    assert figures.first_games == {ann.id: first}  # Ben has not, Cid is no member
    classes.leave_class(engine, ann.id, club.id)
    assert class_figures.class_figures(engine, rao.id, club.id).first_games == {}
    with pytest.raises(classes.NotATeacher):
        class_figures.class_figures(engine, ben.id, club.id)


def test_a_first_game_task_is_done_by_a_finish_up_to_its_due_day(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, club, (ann, ben) = class_with(engine, teacher)
    dee = store.create_learner(engine, "Dee")
    classes.join_class(engine, dee.id, club.join_code)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    today = now.date()
    store.record_first_game(engine, ann.id, at=now - dt.timedelta(days=10))  # before: counts
    task = tasks.set_task(engine, rao.id, club.id, store.FIRST_GAME_TASK, 7, 80, today, today)
    assert (task.answers, task.accuracy) == (1, 0)  # one finish, no share right
    store.record_first_game(engine, dee.id, at=now + dt.timedelta(days=2))  # after the due day
    found = tasks.member_task_progress(engine, rao.id, club.id)
    assert [found[(who.id, task.id)].done for who in (ann, ben, dee)] == [True, False, False]
    assert (found[(ann.id, task.id)].answered, found[(ann.id, task.id)].right_of_last) == (1, 1)
    [own] = tasks.my_tasks(engine, ben.id)
    assert not own.done and own.answered == 0
    store.record_first_game(engine, ben.id)
    [own] = tasks.my_tasks(engine, ben.id)
    assert own.done


def test_only_the_learner_s_own_session_records_their_first_game(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    assert store.set_pin(engine, ann.id, "1357").ok
    stranger = store.store_for_engine(engine)
    stranger.browser, stranger.address = "hash-of-stranger", "192.0.2.9"
    assert not stranger.record_first_game("Ann")  # types ?learner=Ann without the PIN
    assert stranger.first_game_finished("Ann") is None
    assert store.first_game_finished(engine, ann.id) is None
    own = store.store_for_engine(engine)
    own.browser, own.address = "hash-of-ann", "192.0.2.1"
    own.grant("Ann")
    assert own.record_first_game("Ann") and not own.record_first_game("Ann")
    assert own.first_game_finished("Ann") is not None
    assert stranger.first_game_finished("Ann") is None  # and no one else reads it


# --- clear your review ------------------------------------------------------------------------


def test_a_review_task_shows_the_items_due_on_the_day_asked_as_it_is_now(
    engine: Engine, teacher: MakeTeacher
) -> None:
    from functools import partial

    from tutor.quiz import schedule

    rao, club, (ann, ben) = class_with(engine, teacher)
    cid = store.create_learner(engine, "Cid")  # not in the class
    day = dt.datetime.now(dt.UTC).date()
    task = tasks.set_task(engine, rao.id, club.id, store.REVIEW_TASK, 30, 80, day, day)
    assert (task.answers, task.accuracy) == (1, 0)  # no number: nothing due is the whole task

    def miss(who: int, seed: str, kind: str = "hand") -> int:
        update = partial(schedule.after_miss, today=day)
        return store.record_miss(engine, who, kind, {"seed": seed}, update)

    first = miss(ann.id, "1")
    miss(ann.id, "2", kind="crib")
    miss(cid.id, "3")
    due_on = store.due_items(engine, ann.id, day + dt.timedelta(days=30))[0].state.due_on
    assert due_on is not None and due_on > day  # a miss comes back on a later day

    def progress(on: dt.date) -> list[tuple[int, bool]]:
        found = tasks.member_task_progress(engine, rao.id, club.id, on)
        return [(found[(w.id, task.id)].answered, found[(w.id, task.id)].done) for w in (ann, ben)]

    assert progress(day) == [(0, True), (0, True)]  # nothing due yet: done, as it is now
    later = due_on + dt.timedelta(days=1)
    assert progress(later) == [(2, False), (0, True)]  # Ben has no item at all
    assert store.due_count(engine, ann.id, later, store.SERVED_REVIEW_KINDS) == 2  # the menu's
    [own] = tasks.my_tasks(engine, ann.id, later)
    assert (own.answered, own.done) == (2, False)
    store.retire_item(engine, ann.id, first)
    assert progress(later) == [(1, False), (0, True)]
    for item in store.due_items(engine, ann.id, later):
        store.retire_item(engine, ann.id, item.id)
    assert progress(later) == [(0, True), (0, True)]
    with pytest.raises(classes.NotATeacher):
        tasks.member_task_progress(engine, ann.id, club.id, later)
