"""AppTest: the Count the hand page."""

from __future__ import annotations

from apptools import answer, open_page as open_app_page, page_text
from streamlit.testing.v1 import AppTest

from cribbage_core.teaching.hand_quiz import deal_hand

PAGE = "pages/2_Count_the_hand.py"


def open_page(**params: str) -> AppTest:
    return open_app_page(PAGE, **params)


def test_deal_shows_the_seeded_hand() -> None:
    at = open_page(seed="42")
    deal = deal_hand(42)
    text = page_text(at)
    for card in (*deal.hand, deal.starter):
        assert f'aria-label="{card.label},' in text
    assert at.query_params["seed"] == "42"


def test_first_visit_puts_a_seed_in_the_url() -> None:
    at = open_page()
    assert at.query_params["seed"].isdigit()


def test_right_answer() -> None:
    at = open_page(seed="42")
    answer(at, "count", str(deal_hand(42).score.total))
    assert at.success and "Right!" in at.success[0].value
    assert at.session_state["attempts"][-1].correct
    assert [m.value for m in at.metric][:3] == ["1", "100%", "1"]
    assert deal_hand(42).score.said_aloud in page_text(at)  # the count said aloud
    assert "Running total" in page_text(at)  # the itemised breakdown


def test_wrong_answer_names_what_was_missed() -> None:
    seed = next(s for s in range(100) if deal_hand(s, focus="nobs").score.total >= 2)
    deal = deal_hand(seed, focus="nobs")
    at = open_page(seed=str(seed), focus="nobs")
    answer(at, "count", str(deal.score.total - 1))
    assert at.error and "Not quite" in at.error[0].value
    assert "nobs" in at.info[0].value
    assert [m.value for m in at.metric][:3] == ["0", "0%", "1"]


def test_bad_input_counts_nothing() -> None:
    """The page's wiring for an unreadable total; which totals are unreadable (blank, words,
    negatives, fractions, over 29) is tested on the grader itself, in
    tests/tutor/quiz/test_grading.py::test_an_unreadable_total_is_an_error_and_no_verdict."""
    at = answer(open_page(seed="42"), "count", "3.5")
    assert at.error
    assert not at.success
    assert "attempts" not in at.session_state
    assert at.text_input(key="count_answer")  # still asking


def test_next_hand_changes_the_seed_and_clears() -> None:
    at = answer(open_page(seed="42"), "count", "3")
    at.button(key="count_next").click()
    at.run()
    assert not at.exception
    assert at.query_params["seed"] != "42"
    assert at.text_input(key="count_answer").value == ""
    assert not at.error and not at.success


def test_seed_round_trip() -> None:
    first = open_page(seed="123456")
    again = open_page(seed="123456")
    assert page_text(first) == page_text(again)
    assert page_text(first) != page_text(open_page(seed="654321"))


def test_crib_mode_scores_as_a_crib() -> None:
    seed = next(
        s for s in range(500) if deal_hand(s, focus="flush").score.of_kind("flush")[0].points == 4
    )
    at = open_page(seed=str(seed), focus="flush")
    at.radio(key="count_mode").set_value("crib")
    at.run()
    assert not at.exception
    assert at.query_params["mode"] == "crib"
    crib = deal_hand(seed, is_crib=True, focus="flush")
    assert len({c.suit for c in crib.hand}) == 1  # crib flush focus: four crib cards of a suit
    answer(at, "count", str(crib.score.total))
    assert at.success


def test_the_crib_flush_practice_deals_the_four_card_trap() -> None:
    trap = next(
        s
        for s in range(50)
        if deal_hand(s, is_crib=True, focus="flush").starter.suit
        != deal_hand(s, is_crib=True, focus="flush").hand[0].suit
    )
    crib = deal_hand(trap, is_crib=True, focus="flush")
    assert len({c.suit for c in crib.hand}) == 1 and not crib.score.of_kind("flush")
    at = open_page(seed=str(trap), mode="crib", focus="flush")
    answer(at, "count", str(crib.score.total + 4))  # counted the four-card flush, as in a hand
    assert at.error and not at.success


def test_focus_filter_deals_that_feature() -> None:
    at = open_page(seed="9")
    at.selectbox(key="count_focus").set_value("double run")
    at.run()
    assert not at.exception
    assert at.query_params["focus"] == "double-run"
    deal = deal_hand(9, focus="double run")
    answer(at, "count", str(deal.score.total))
    assert at.success


def test_per_category_mode() -> None:
    deal = deal_hand(5)
    at = open_page(seed="5")
    at.toggle(key="count_by_kind").set_value(True)
    at.run()
    for kind, points in deal.score.points_by_kind().items():
        at.text_input(key=f"count_kind_{kind}").input(str(points))
    at.button(key="count_submit").click()
    at.run()
    assert not at.exception and at.success


def test_per_category_mode_wrong_category_is_named() -> None:
    deal = deal_hand(5)
    at = open_page(seed="5")
    at.toggle(key="count_by_kind").set_value(True)
    at.run()
    points = deal.score.points_by_kind()
    for kind, value in points.items():
        at.text_input(key=f"count_kind_{kind}").input(str(value + (1 if kind == "nobs" else 0)))
    at.button(key="count_submit").click()
    at.run()
    assert not at.exception and at.error
    assert at.info[0].value.startswith("Check these categories: Nobs")  # one more try first
    at.button(key="count_reveal").click().run()
    assert "Nobs (you said 1" in at.info[0].value


def test_per_category_bad_input() -> None:
    at = open_page(seed="5")
    at.toggle(key="count_by_kind").set_value(True)
    at.run()
    at.text_input(key="count_kind_nobs").input("2")
    at.button(key="count_submit").click()
    at.run()
    assert not at.exception and at.error and "attempts" not in at.session_state


def test_a_wrong_count_gets_one_more_try_with_a_hint_before_the_breakdown() -> None:
    seed = next(s for s in range(100) if deal_hand(s, focus="nobs").score.total >= 2)
    deal = deal_hand(seed, focus="nobs")
    at = answer(open_page(seed=str(seed), focus="nobs"), "count", str(deal.score.total - 1))
    assert "try once more" in at.error[0].value
    assert "nobs" in at.info[0].value and str(deal.score.total) not in at.info[0].value
    assert "Running total" not in page_text(at)  # the breakdown waits
    assert at.text_input(key="count_answer") and at.button(key="count_reveal")
    assert [m.value for m in at.metric][:3] == ["0", "0%", "1"]  # the first answer is recorded

    answer(at, "count", str(deal.score.total))
    assert at.success and "second try" in at.success[0].value
    assert "Running total" in page_text(at)
    [attempt] = at.session_state["attempts"]  # the second answer is not recorded
    assert attempt.answer == deal.score.total - 1 and not attempt.correct
    assert [m.value for m in at.metric][:3] == ["0", "0%", "1"]


def test_a_second_wrong_count_shows_the_whole_answer() -> None:
    deal = deal_hand(42)
    at = answer(open_page(seed="42"), "count", str(deal.score.total + 2))
    assert "try once more" in at.error[0].value and "too many" in at.info[0].value
    answer(at, "count", str(deal.score.total + 3))
    assert (
        f"you said {deal.score.total + 3}, the hand scores {deal.score.total}" in at.error[0].value
    )
    assert "Running total" in page_text(at)
    assert len(at.session_state["attempts"]) == 1


def test_show_the_answer_skips_the_second_try() -> None:
    deal = deal_hand(42)
    at = answer(open_page(seed="42"), "count", str(deal.score.total + 2))
    at.button(key="count_reveal").click().run()
    assert f"you said {deal.score.total + 2}" in at.error[0].value
    assert "Running total" in page_text(at)
    assert "count_answer" not in [box.key for box in at.text_input]  # no more tries
