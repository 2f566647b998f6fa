"""AppTest: wrong answers become review items; the Review page serves them; the due count.

Every test points ``DATABASE_URL`` at its own SQLite file and sets the app's clock with
``CRIBBAGE_TUTOR_TODAY`` (``tutor.clock``), moving it on by a day where the test needs it.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from apptools import answer, open_page, own_database

from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor import clock, store

COUNT = "pages/2_Count_the_hand.py"
PEGGING = "pages/3_Pegging_quiz.py"
DISCARD = "pages/6_Discard_trainer.py"
DAY = dt.date(2026, 12, 1)


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return own_database(tmp_path, monkeypatch, today=DAY)


def items(
    url: str, name: str = "Ann", on: dt.date = DAY + dt.timedelta(days=1)
) -> list[store.ReviewItem]:
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
    assert (item.kind, item.position, item.state.due_on) == (
        "crib",
        {"seed": "42"},
        DAY + dt.timedelta(days=1),
    )

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
    assert found == {
        ("pegging", (("seed", "7"),)),
        ("discard", (("role", deal.role.value), ("seed", "11"))),
    }


REVIEW = "pages/9_Review.py"
DAILY = "pages/10_Daily_five.py"


def markdown(at: object) -> str:
    return " ".join(str(m.value) for m in at.markdown)  # type: ignore[attr-defined]


def test_a_missed_count_is_due_tomorrow_on_the_home_page_and_answered_on_the_review_page(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal = deal_hand(42, is_crib=True)
    at = open_page(COUNT, seed="42", mode="crib", learner="Ann")
    answer(at, "count", str(deal.score.total + 1))

    today = open_page(REVIEW, learner="Ann")
    assert "Nothing to review today." in [s.value for s in today.success]
    assert today.metric[0].value == "0"
    home = open_page(None, learner="Ann")
    assert "Due today: 0" in markdown(home)

    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")  # tomorrow
    home = open_page(None, learner="Ann")
    assert "Due today: 1" in markdown(home)
    assert any(link.label == "Review your mistakes (1 due)" for link in home.get("page_link"))
    review = open_page(REVIEW, learner="Ann")
    assert review.metric[0].value == "1"
    assert review.query_params["item"] == str(items(db_url)[0].id)
    answer(review, "count", str(deal.score.total))
    assert "Right!" in review.success[0].value
    assert items(db_url, on=DAY + dt.timedelta(days=2)) == []  # right: FSRS's 2 days, not before
    [item] = items(db_url, on=DAY + dt.timedelta(days=3))
    assert item.state.interval_days == 2 and item.state.streak == 1
    review.button(key="review_next").click().run()
    assert "Nothing to review today." in [s.value for s in review.success]

    progress = open_page("pages/5_Progress.py", learner="Ann")
    [table] = [df.value for df in progress.dataframe if "interval_days" in df.value.columns]
    assert table.to_dict("records") == [{"interval_days": 1, "asked": 1, "right": 1, "recall": 1.0}]


def test_a_miss_on_review_starts_the_item_over(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = pegging_question(7)
    answer(open_page(PEGGING, seed="7", learner="Ann"), "peg", str(question.total + 1))
    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    review = open_page(REVIEW, learner="Ann")
    answer(review, "peg", str(question.total + 2))
    [item] = items(db_url, on=DAY + dt.timedelta(days=2))
    assert item.state.lapses == 2 and item.state.due_on == DAY + dt.timedelta(days=2)


def test_the_review_page_asks_for_a_name_and_refuses_an_item_that_is_not_due(db_url: str) -> None:
    at = open_page(REVIEW)
    assert at.text_input(key="profile_name_input") is not None
    answer(
        open_page(COUNT, seed="42", learner="Ann"),
        "count",
        "0" if deal_hand(42).score.total else "1",
    )
    [item] = items(db_url)
    early = open_page(REVIEW, learner="Ann", item=str(item.id))  # not due until tomorrow
    assert "Nothing to review today." in [s.value for s in early.success]
    other = open_page(REVIEW, learner="Bob", item=str(item.id))  # not Bob's
    assert "Nothing to review today." in [s.value for s in other.success]


def test_two_learners_see_the_same_daily_five_and_everyones_answers(db_url: str) -> None:
    from tutor.quiz.daily import daily_questions

    first = daily_questions(DAY)[0]
    total = deal_hand(int(first.position["seed"])).score.total
    ann = open_page(DAILY, learner="Ann")
    assert ann.query_params["date"] == DAY.isoformat()
    bob = open_page(DAILY, learner="Bob", date=DAY.isoformat(), q="1")
    assert page_cards(bob) == page_cards(ann)
    next_day = open_page(DAILY, learner="Bob", date=(DAY - dt.timedelta(days=1)).isoformat(), q="1")
    assert page_cards(next_day) != page_cards(ann)
    answer(ann, "count", str(total))
    answer(bob, "count", str(total + 1))
    assert not bob.dataframe  # a second try first; everyone's answers once the count is shown
    bob.button(key="count_reveal").click().run()
    [shares] = [df.value for df in bob.dataframe]
    assert sorted(shares["Learners"]) == [1, 1] and list(shares["Engine"]).count("✓") == 1
    assert len(items(db_url, name="Bob")) == 1  # Bob's miss comes back for review
    tomorrow = open_page(DAILY, learner="Ann", date=DAY.isoformat(), q="2")
    assert tomorrow.query_params["q"] == "2"


def test_a_daily_five_from_the_future_or_a_bad_date_gives_todays(db_url: str) -> None:
    at = open_page(DAILY, date="2999-01-01")
    assert at.query_params["date"] == DAY.isoformat()
    assert any("no daily five for that date" in w.value for w in at.warning)


def page_cards(at: object) -> list[str]:
    import re

    return re.findall(r'aria-label="([^"]+)"', markdown(at))


TRAINER = "pages/7_Pegging_trainer.py"


def test_a_wrong_card_in_the_pegging_trainer_comes_back_with_the_trainers_widgets_and_verdict(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cribbage_core.kinds import PegSpot
    from cribbage_core.teaching.peg_trainer import banked_position, judge

    position = banked_position(42, PegSpot.PAIRING)
    worst = position.advice.options[-1].card
    at = open_page(TRAINER, seed="42", kind="pairing", learner="Ann")
    at.button(key=f"pegt_lay_{worst}").click().run()
    assert not at.exception
    best = position.advice.best.card
    again = open_page(TRAINER, seed="43", learner="Ann")  # a right card is no item
    right = banked_position(43).advice.best.card
    again.button(key=f"pegt_lay_{right}").click().run()
    [item] = items(db_url)
    assert (item.kind, item.position) == ("peg_trainer", {"seed": "42", "kind": "pairing"})

    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    review = open_page(REVIEW, learner="Ann", item=str(item.id))
    assert review.header[0].value == "Pegging trainer"
    laid = {b.key for b in review.button if b.key and b.key.startswith("pegt_lay_")}
    assert laid == {f"pegt_lay_{c}" for c in position.view.hand}  # the trainer's own buttons
    review.button(key=f"pegt_lay_{best}").click().run()
    assert not review.exception
    assert review.success[0].value.startswith("The best card!")
    heading = [c.value for c in review.caption if "missed" in c.value]
    assert heading == ["missed once"]  # as it stood when served, not as the answer just moved it
    assert (
        judge(position, best).correct and len(review.dataframe) == 1
    )  # the trainer's table of values
    [moved] = items(db_url, on=DAY + dt.timedelta(days=3))
    assert moved.state.streak == 1 and moved.state.interval_days == 2
    links = [
        link.proto.query_string
        for link in review.get("page_link")
        if link.proto.label == "Open on its own page"
    ]
    assert links and {"seed=42", "kind=pairing"} <= set(links[0].split("&"))
