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
from sqlalchemy.engine import Engine

from tutor import clock, store
from tutor.quiz import schedule
from tutor.store import StoreError

DAY = dt.date(2026, 12, 1)


def days(n: int) -> dt.date:
    return DAY + dt.timedelta(days=n)


# --- the rule, with a fake clock ----------------------------------------------------------


def test_an_item_missed_today_is_due_tomorrow() -> None:
    item = schedule.first_miss(DAY)
    assert item.due_on == days(1) and item.interval_days == 1 and item.lapses == 1


def test_answered_right_it_moves_to_three_days_then_grows() -> None:
    item = schedule.after_answer(schedule.first_miss(DAY), True, days(1))
    assert item.due_on == days(4) and item.interval_days == 3 and item.streak == 1
    later = schedule.after_answer(item, True, days(4))
    assert later.interval_days == 8 and later.due_on == days(12)


def test_missed_again_it_starts_over_and_comes_back_more_often() -> None:
    right = schedule.after_answer(
        schedule.after_answer(schedule.first_miss(DAY), True, days(1)), True, days(4)
    )
    missed = schedule.after_answer(right, False, days(12))
    assert missed.due_on == days(13) and missed.interval_days == 1
    assert missed.streak == 0 and missed.lapses == 2 and missed.ease < right.ease
    again = schedule.after_answer(schedule.after_answer(missed, True, days(13)), True, days(16))
    assert again.interval_days < 8  # a lower ease: the third interval is shorter than before


def test_clean_answers_at_a_long_interval_retire_the_item() -> None:
    item = schedule.first_miss(DAY)
    seen = []
    while item.due_on is not None:
        item = schedule.after_answer(item, True, item.due_on)
        seen.append(item.interval_days)
    assert seen == [3, 8, 20, 50, 125, 0]
    assert item.reviews == 6 and item.due_on is None


def test_the_ease_never_falls_below_its_floor() -> None:
    item = schedule.first_miss(DAY)
    for n in range(20):
        item = schedule.after_answer(item, False, days(n))
    assert item.ease == schedule.MIN_EASE and item.lapses == 21


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
    return schedule.after_answer(state, correct, today)


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
    assert moved is not None and moved.due_on == days(4)
    assert (
        answer(engine, ann, item, False, days(1), answer_id) is None
    )  # a reload: the first counts
    assert store.due_count(engine, ann, days(3)) == 0 and store.due_count(engine, ann, days(4)) == 1
    missed = answer(engine, ann, item, False, days(4))
    assert missed is not None and missed.due_on == days(5) and missed.lapses == 2
    assert store.recall_by_interval(engine, ann) == [(1, 1, 1), (3, 1, 0)]


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
