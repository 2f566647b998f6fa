"""Missed questions come back on a schedule: the rule (fake clock) and the store (SQLite, PostgreSQL).

The store tests take ``engine`` from tests/conftest.py, so ``scripts/with_postgres.sh`` runs them
on PostgreSQL as well.
"""

from __future__ import annotations

import datetime as dt
import threading
import uuid
from functools import partial

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import clock, store
from tutor.quiz import schedule
from tutor.quiz.schedule import Rating
from tutor.store import StoreError

DAY = dt.date(2026, 12, 1)


def days(n: int) -> dt.date:
    return DAY + dt.timedelta(days=n)


# --- the rule, with a fake clock ----------------------------------------------------------


def test_an_item_missed_today_is_due_tomorrow() -> None:
    item = schedule.first_miss(DAY)
    assert item.due_on == days(1) and item.interval_days == 1 and item.lapses == 1
    assert item.stability is not None and 1 <= item.difficulty <= 10


def test_answered_right_it_moves_further_each_time() -> None:
    item = schedule.after_answer(schedule.first_miss(DAY), Rating.Good, days(1))
    assert item.due_on == days(3) and item.interval_days == 2 and item.streak == 1
    later = schedule.after_answer(item, Rating.Good, days(3))
    assert later.interval_days > item.interval_days and later.due_on == days(
        3 + later.interval_days
    )
    assert later.stability is not None and item.stability is not None
    assert later.stability > item.stability and later.reviews == 2


def test_a_slow_right_answer_comes_back_sooner_than_a_quick_one() -> None:
    start = schedule.after_answer(schedule.first_miss(DAY), Rating.Good, days(1))
    good = schedule.after_answer(start, Rating.Good, days(3))
    hard = schedule.after_answer(start, Rating.Hard, days(3))
    assert hard.interval_days < good.interval_days and hard.streak == good.streak == 2
    assert hard.difficulty > good.difficulty


def test_missed_again_it_comes_back_tomorrow_and_harder() -> None:
    right = schedule.after_answer(
        schedule.after_answer(schedule.first_miss(DAY), Rating.Good, days(1)), Rating.Good, days(3)
    )
    missed = schedule.after_answer(right, Rating.Again, days(9))
    assert missed.due_on == days(10) and missed.interval_days == 1
    assert missed.streak == 0 and missed.lapses == 2 and missed.difficulty > right.difficulty
    again = schedule.after_answer(missed, Rating.Good, days(10))
    assert again.interval_days < right.interval_days  # less stable after the lapse


def test_clean_answers_at_a_long_interval_retire_the_item() -> None:
    item = schedule.first_miss(DAY)
    seen = []
    while item.due_on is not None:
        item = schedule.after_answer(item, Rating.Good, item.due_on)
        seen.append(item.interval_days)
    assert seen[:-1] == sorted(seen[:-1]) and seen[-2] < schedule.RETIRE_DAYS and seen[-1] == 0
    assert item.reviews == len(seen) and item.due_on is None


def test_grades_follow_the_answer_and_its_speed() -> None:
    assert schedule.grade_of(0.0) == Rating.Again
    assert schedule.grade_of(0.6) == schedule.grade_of(0.99) == Rating.Hard
    assert schedule.grade_of(1.0) == Rating.Good


def test_many_misses_keep_the_difficulty_within_fsrs_bounds() -> None:
    item = schedule.first_miss(DAY)
    for n in range(20):
        item = schedule.after_answer(item, Rating.Again, days(n))
    assert item.difficulty <= 10 and item.lapses == 21 and item.due_on == days(20)


def test_the_clock_can_be_set_for_tests() -> None:
    assert clock.today({clock.TODAY_ENV: "2026-12-01"}) == DAY
    assert clock.today({clock.TODAY_ENV: "2026-12-01", clock.DAY_OFFSET_ENV: "1"}) == days(1)
    assert clock.today({clock.DAY_OFFSET_ENV: "-1"}) == dt.datetime.now(
        dt.UTC
    ).date() - dt.timedelta(days=1)
    with pytest.raises(clock.ClockSettingError, match="CRIBBAGE_TUTOR_TODAY is a date"):
        clock.today({clock.TODAY_ENV: "tomorrow"})


# --- the store ----------------------------------------------------------------------------


def miss(engine: Engine, learner: int, today: dt.date, **position: str) -> int:
    return store.record_miss(
        engine,
        learner,
        position.pop("kind", "hand"),
        position,
        partial(schedule.after_miss, today=today),
    )


def answer(
    engine: Engine, learner: int, item: int, correct: bool, today: dt.date, answer_id: str = ""
) -> store.ReviewState | None:
    update = partial(_answered, correct=correct, today=today)
    return store.answer_review(
        engine, learner, item, answer_id or str(uuid.uuid4()), correct, update
    )


def _answered(state: store.ReviewState | None, correct: bool, today: dt.date) -> store.ReviewState:
    assert state is not None
    return schedule.after_answer(state, Rating.Good if correct else Rating.Again, today)


def test_a_missed_question_is_due_the_next_day_and_not_before(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    item = miss(engine, ann, DAY, seed="42", mode="crib")
    assert store.due_count(engine, ann, DAY) == 0
    assert store.due_count(engine, ann, days(1)) == 1
    (due,) = store.due_items(engine, ann, days(1))
    assert due.id == item and due.position == {"seed": "42", "mode": "crib"} and due.kind == "hand"
    assert store.next_due(engine, ann, DAY) == days(1)


def test_review_answers_move_the_item_and_count_once(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    item = miss(engine, ann, DAY, seed="42")
    answer_id = str(uuid.uuid4())
    moved = answer(engine, ann, item, True, days(1), answer_id)
    assert moved is not None and moved.due_on == days(3)
    assert (
        answer(engine, ann, item, False, days(1), answer_id) is None
    )  # a reload: the first counts
    assert store.due_count(engine, ann, days(2)) == 0 and store.due_count(engine, ann, days(3)) == 1
    missed = answer(engine, ann, item, False, days(3))
    assert missed is not None and missed.due_on == days(4) and missed.lapses == 2
    stored = store.review_item(engine, ann, item)
    assert stored is not None and stored.state == missed  # stability and difficulty kept
    assert store.recall_by_interval(engine, ann) == [(1, 1, 1), (2, 1, 0)]


def test_missing_the_same_question_again_sets_its_item_back(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    first = miss(engine, ann, DAY, seed="7", kind="pegging")
    answer(engine, ann, first, True, days(1))
    again = miss(engine, ann, days(2), seed="7", kind="pegging")
    assert again == first
    (item,) = store.due_items(engine, ann, days(3))
    assert item.state.lapses == 2 and item.state.due_on == days(3)
    other = miss(
        engine, ann, days(2), seed="7", kind="hand"
    )  # same seed, another quiz: another item
    assert other != first


def test_due_items_come_worst_first_and_each_learner_sees_only_their_own(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    bob = store.create_learner(engine, "Bob").id
    once = miss(engine, ann, DAY, seed="1")
    twice = miss(engine, ann, days(1), seed="2")
    miss(engine, ann, days(2), seed="2")
    old = miss(engine, ann, days(-5), seed="3")
    miss(engine, bob, DAY, seed="1")
    assert [i.id for i in store.due_items(engine, ann, days(5))] == [twice, old, once]
    assert store.due_count(engine, ann, days(5)) == 3 and store.due_count(engine, bob, days(5)) == 1
    assert answer(engine, bob, once, True, days(5)) is None  # Ann's item is not Bob's to answer
    assert store.due_count(engine, ann, days(5), kinds=("pegging",)) == 0


def test_retired_items_are_never_due(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    item = miss(engine, ann, DAY, seed="5")
    state = store.review_item(engine, ann, item)
    assert state is not None
    while state is not None and state.state.due_on is not None:
        answer(engine, ann, item, True, state.state.due_on)
        state = store.review_item(engine, ann, item)
    assert store.due_count(engine, ann, days(10_000)) == 0


def test_two_tabs_missing_one_new_question_at_once_make_one_item(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    ids: list[int] = []
    errors: list[BaseException] = []

    def tab() -> None:
        try:
            ids.append(miss(engine, ann, DAY, seed="99"))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=tab) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and len(set(ids)) == 1
    (item,) = store.due_items(engine, ann, days(1))
    assert item.state.lapses == 6


def test_bad_items_are_refused(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    with pytest.raises(StoreError, match="review kind 'chess'"):
        miss(engine, ann, DAY, kind="chess", seed="1")
    with pytest.raises(StoreError, match="at most 200 characters"):
        miss(engine, ann, DAY, seed="1" * 300)


def test_daily_answers_count_once_and_add_up_per_answer(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    bob = store.create_learner(engine, "Bob").id
    cy = store.create_learner(engine, "Cy").id
    assert store.record_daily_answer(engine, ann, DAY, 0, "12", True)
    assert not store.record_daily_answer(engine, ann, DAY, 0, "14", False)  # the first stands
    store.record_daily_answer(engine, bob, DAY, 0, "12", True)
    store.record_daily_answer(engine, cy, DAY, 0, "10", False)
    store.record_daily_answer(engine, cy, days(1), 0, "10", False)
    assert store.daily_shares(engine, DAY, 0) == {"12": 2, "10": 1}
    assert store.daily_answers_of(engine, ann, DAY) == {0: ("12", True)}
    with pytest.raises(StoreError, match="numbered 0 to 4"):
        store.record_daily_answer(engine, ann, DAY, 5, "1", True)


def test_a_retired_item_is_never_due_again(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann").id
    item = miss(engine, ann, DAY, seed="8")
    store.retire_item(engine, ann, item)
    assert store.due_count(engine, ann, days(400)) == 0 and store.next_due(engine, ann, DAY) is None


def test_items_on_the_old_ladder_become_fsrs_cards_due_on_the_same_day(db_url: str) -> None:
    old = store.make_engine(db_url)
    assert store.migrate(old, target=12) == 12
    now = dt.datetime(2026, 11, 1, 12, 0)
    with old.begin() as conn:  # items as the ladder left them: 1 miss, 3 misses, retired
        conn.execute(
            sa.text("INSERT INTO learners (name, created_at) VALUES ('Ann', :t)"), {"t": now}
        )
        for seed, interval, ease, lapses, due in (
            ("1", 8, 2.5, 1, days(3)),
            ("2", 1, 2.1, 3, days(0)),
            ("3", 0, 2.5, 1, None),
        ):
            conn.execute(
                sa.text(
                    "INSERT INTO review_items (learner_id, kind, position, interval_days, ease,"
                    " lapses, streak, reviews, due_on, created_at, updated_at) VALUES"
                    " (1, 'hand', :p, :i, :e, :l, 1, 2, :d, :t, :t)"
                ),
                {
                    "p": f'{{"seed":"{seed}"}}',
                    "i": interval,
                    "e": ease,
                    "l": lapses,
                    "d": due,
                    "t": now,
                },
            )
    old.dispose()

    engine = store.make_engine(db_url)
    assert store.migrate(engine) == store.LATEST_VERSION
    assert "ease" not in {c["name"] for c in sa.inspect(engine).get_columns("review_items")}
    items = {i.position["seed"]: i for i in store.due_items(engine, 1, days(400))}
    assert set(items) == {"1", "2"} and store.due_count(engine, 1, days(0)) == 1
    calm, shaky = items["1"].state, items["2"].state
    assert calm.due_on == days(3) and calm.stability == 8.0 and shaky.stability == 1.0
    assert 1 <= calm.difficulty < shaky.difficulty <= 10  # more misses: harder
    moved = answer(engine, 1, items["1"].id, True, days(3))
    assert moved is not None and moved.interval_days > 8  # recalled at its stability: further
    retired = store.review_item(engine, 1, 3)  # the third row made
    assert retired is not None and retired.state.due_on is None and retired.state.stability is None
    engine.dispose()
