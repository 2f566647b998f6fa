"""AppTest: the daily five's chips show which questions are done and right, and the five end
with a tally, a kind word and one next step."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from apptools import open_page, own_database

from tutor import store

DAILY = "pages/10_Daily_five.py"
DAY = dt.date(2026, 12, 1)


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return own_database(tmp_path, monkeypatch, today=DAY)


def answered(url: str, name: str, rights: dict[int, bool]) -> None:
    engine = store.make_engine(url)
    store.migrate(engine)
    handle = store.Store(engine)
    try:
        for number, right in rights.items():
            assert handle.record_daily_answer(name, DAY, number, "x", right)
    finally:
        engine.dispose()


def chips(at: object) -> list[str]:
    [picker] = at.get("button_group")  # type: ignore[attr-defined]
    return [str(o.content) for o in picker.proto.options]


def test_the_chips_show_done_and_right_and_the_five_end_with_a_tally(db_url: str) -> None:
    answered(db_url, "Ann", {0: True, 2: False})
    at = open_page(DAILY, learner="Ann", date=DAY.isoformat(), q="2")
    assert not at.exception
    assert chips(at) == ["1 ✓", "2", "3 ✗", "4", "5"]
    assert not [i for i in at.info if "earlier visit" in i.value]  # question 2 is not answered
    again = open_page(DAILY, learner="Ann", date=DAY.isoformat(), q="1")
    assert [i.value for i in again.info if "earlier visit" in i.value] == [
        "You answered this question on an earlier visit: x, which was right. Try it again if "
        "you like; your first answer stays the one counted."
    ]
    assert not at.get("page_link") or all(
        "Next:" not in str(link.label) for link in at.get("page_link")
    )
    answered(db_url, "Ann", {1: True, 3: True, 4: False})
    done = open_page(DAILY, learner="Ann", date=DAY.isoformat(), q="5")
    assert not done.exception
    assert chips(done) == ["1 ✓", "2 ✓", "3 ✗", "4 ✓", "5 ✗"]
    assert [i.value for i in done.info if "earlier visit" in i.value] == [
        "You answered this question on an earlier visit: x, which was not right. Try it again "
        "if you like; your first answer stays the one counted."
    ]
    tally = [s.value for s in done.success if "of 5 right" in s.value]
    assert tally == [
        "3 of 5 right. Good work: most of them right. Each miss goes on your review list."
    ]
    nexts = [link for link in done.get("page_link") if str(link.label).startswith("Next:")]
    assert len(nexts) == 1


def test_the_spaced_review_ends_with_a_tally_and_a_next_step(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from apptools import answer

    from cribbage_core.teaching.hand_quiz import deal_hand
    from tutor import clock

    deal = deal_hand(42, is_crib=True)
    at = open_page("pages/2_Count_the_hand.py", seed="42", mode="crib", learner="Ann")
    answer(at, "count", str(deal.score.total + 1))  # a miss: due tomorrow
    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    review = open_page("pages/9_Review.py", learner="Ann")
    answer(review, "count", str(deal.score.total))
    review.button(key="review_next").click().run()
    assert not review.exception
    assert any(s.value.startswith("1 of 1 right. Well done") for s in review.success)
    nexts = [link for link in review.get("page_link") if str(link.label).startswith("Next:")]
    assert [str(link.label) for link in nexts] == ["Next: play another game"]


@pytest.mark.parametrize("learner", ["Ann", None])  # None: no name, so no miss is kept
def test_a_counting_run_ends_with_a_tally_a_kind_word_and_one_next_step(
    db_url: str, learner: str | None
) -> None:
    from apptools import answer

    from cribbage_core.teaching.hand_quiz import deal_hand
    from tutor.quiz.closing import RUN_LENGTH

    named = {"learner": learner} if learner else {}
    at = open_page("pages/2_Count_the_hand.py", seed="7", **named)
    for counted in range(RUN_LENGTH):
        assert any(f"Counting run: {counted} of {RUN_LENGTH}" in c.value for c in at.caption)
        assert not [s for s in at.success if f"of {RUN_LENGTH} right" in s.value]
        total = deal_hand(int(at.query_params["seed"]), is_crib=False).score.total
        if counted == 3:  # one miss: a second try, then the answer
            answer(at, "count", str(total + 1))
            at.button(key="count_reveal").click().run()
        else:
            answer(at, "count", str(total))
        if counted < RUN_LENGTH - 1:
            at.button(key="count_next").click().run()
            assert not at.exception, at.exception
    tally = [s.value for s in at.success if f"of {RUN_LENGTH} right" in s.value]
    word = (
        "Good work: most of them right. Each miss goes on your review list."
        if learner
        else "Thank you for working through them. Misses are kept for review only with a name: "
        "give one to have them come back."
    )
    assert tally == [f"{RUN_LENGTH - 1} of {RUN_LENGTH} right. {word}"]
    nexts = [str(link.label) for link in at.get("page_link") if str(link.label).startswith("Next:")]
    assert nexts == ["Next: go over your missed questions on the page Review your mistakes"]
    at.button(key="count_next").click().run()  # the next hand starts a new run
    assert not [s for s in at.success if f"of {RUN_LENGTH} right" in s.value]


def test_a_missed_combination_comes_back_as_a_combination_question_saying_what_was_missed(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_app_count_combos import claim, seed_with

    from cribbage_core.teaching.hand_quiz import deal_hand
    from tutor import clock
    from tutor.html.breakdown import describe_item

    seed = seed_with({"fifteen", "pair"})
    deal = deal_hand(seed)
    *found, missed = deal.score.items
    at = open_page("pages/2_Count_the_hand.py", seed=str(seed), learner="Ann")
    at.toggle(key="count_combos").set_value(True).run()
    for item in found:
        claim(at, seed, item.cards, item.kind)
    at.button(key="count_combo_check").click().run()
    assert at.error and "You found" in at.error[0].value
    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    review = open_page("pages/9_Review.py", learner="Ann")
    # the same question, asked the same way: find the combinations, told which one was missed
    said = [i.value for i in review.info if i.value.startswith("Last time")]
    assert said == [
        "Last time you missed this combination: "
        f"{describe_item(missed, deal.score.starter)}. Find every combination again."
    ]
    assert not [t for t in review.text_input if t.key == "count_answer"]
    for item in deal.score.items:
        claim(review, seed, item.cards, item.kind)
    review.button(key="count_combo_check").click().run()
    assert not review.exception, review.exception
    assert review.success and "you found every combination" in review.success[0].value
    review.button(key="review_next").click().run()
    assert any(s.value.startswith("1 of 1 right. Well done") for s in review.success)
