"""AppTest: wrong answers become review items; the Review page serves them; the due count.

Every test points ``DATABASE_URL`` at its own SQLite file and sets the app's clock with
``CRIBBAGE_TUTOR_TODAY`` (``tutor.clock``), moving it on by a day where the test needs it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from apptools import answer, open_page

from cribbage_core.discard_quiz import deal_discard
from cribbage_core.hand_quiz import deal_hand
from cribbage_core.pegging_quiz import pegging_question
from tutor import clock, store

COUNT = "pages/2_Count_the_hand.py"
PEGGING = "pages/3_Pegging_quiz.py"
DISCARD = "pages/6_Discard_trainer.py"
DAY = dt.date(2026, 12, 1)


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv(clock.TODAY_ENV, DAY.isoformat())
    return url


def items(url: str, name: str = "Ann", on: dt.date = DAY + dt.timedelta(days=1)) -> list[store.ReviewItem]:
    engine = store.make_engine(url)
    store.migrate(engine)
    try:
        learner = store.learner_by_name(engine, name)
        return store.due_items(engine, learner.id, on) if learner else []
    finally:
        engine.dispose()


def test_a_wrong_count_becomes_an_item_due_tomorrow_and_a_right_one_does_not(db_url: str) -> None:
    at = open_page(COUNT, seed="42", mode="crib", learner="Ann")
    answer(at, "count", str(deal_hand(42, is_crib=True).score.total + 1))
    assert items(db_url, on=DAY) == []
    [item] = items(db_url)
    assert (item.kind, item.position, item.state.due_on) == ("crib", {"seed": "42"}, DAY + dt.timedelta(days=1))

    right = open_page(COUNT, seed="43", learner="Ann")
    answer(right, "count", str(deal_hand(43).score.total))
    assert len(items(db_url)) == 1


def test_without_a_name_nothing_is_kept_for_review(db_url: str) -> None:
    at = open_page(COUNT, seed="42")
    answer(at, "count", str(deal_hand(42).score.total + 1))
    assert items(db_url) == []


def test_a_wrong_pegging_answer_and_a_wrong_discard_become_items(db_url: str) -> None:
    at = open_page(PEGGING, seed="7", learner="Ann")
    answer(at, "peg", str(pegging_question(7).total + 1))
    deal = deal_discard(11, role=deal_discard(11).role)
    worst = deal.advice.options[-1].discard
    page = open_page(DISCARD, seed="11", role=deal.role.value, level="any", learner="Ann")
    for card in worst:
        page.checkbox(key=f"discard_pick_{card}").check()
    page.button(key="discard_confirm").click()
    page.run()
    assert not page.exception
    found = {(i.kind, tuple(sorted(i.position.items()))) for i in items(db_url)}
    assert found == {("pegging", (("seed", "7"),)), ("discard", (("role", deal.role.value), ("seed", "11")))}
