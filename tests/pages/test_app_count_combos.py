"""AppTest: Count the hand by finding the combinations (select each one's cards, say its kind)."""

from __future__ import annotations

from apptools import open_page, page_text
from streamlit.testing.v1 import AppTest

from cribbage_core.kinds import ScoreKind
from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.quiz.combo_view import pick_key

PAGE = "pages/2_Count_the_hand.py"


def seed_with(kinds: set[str], **options) -> int:
    """A seed whose hand scores (at least) these kinds."""
    return next(
        s for s in range(2000) if kinds <= {i.kind for i in deal_hand(s, **options).score.items}
    )


def combos_page(seed: int, **params: str) -> AppTest:
    at = open_page(PAGE, seed=str(seed), **params)
    at.toggle(key="count_combos").set_value(True).run()
    return at


def claim(at: AppTest, seed: int, cards, kind: str, **options) -> AppTest:
    deal = deal_hand(seed, **options)
    five = (*deal.hand, deal.starter)
    for card in cards:
        at.checkbox(key=pick_key(five.index(card))).check()
    at.button(key=f"count_claim_{kind}").click().run()
    return at


def test_every_combination_found_is_right_and_recorded() -> None:
    seed = seed_with({"fifteen", "pair"})
    deal = deal_hand(seed)
    at = combos_page(seed)
    for item in deal.score.items:
        claim(at, seed, item.cards, item.kind)
    assert not at.error
    assert "Your count so far" in page_text(at)
    at.button(key="count_combo_check").click().run()
    assert at.success and "you found every combination" in at.success[0].value
    attempt = at.session_state["attempts"][-1]
    assert attempt.correct and attempt.answer == deal.score.total
    assert attempt.extra["way"] == "combinations" and len(attempt.extra["claims"]) == len(
        deal.score.items
    )
    assert attempt.categories_missed == ()
    assert "Combination by combination" in page_text(at)


def test_a_wrong_choice_says_why_and_a_missed_one_is_drawn() -> None:
    seed = seed_with({"fifteen", "pair"})
    deal = deal_hand(seed)
    at = combos_page(seed)
    pair = deal.score.of_kind(ScoreKind.PAIR)[0]
    claim(at, seed, pair.cards, "fifteen")  # a pair is not a fifteen (unless two 7½s...)
    at.button(key="count_combo_check").click().run()
    assert at.error and "You found 0 of the hand's" in at.error[0].value
    text = page_text(at)
    value = pair.cards[0].value
    assert f"{value} + {value} is {2 * value}, not 15." in text
    assert "Missed" in text and "Not a combination" in text
    attempt = at.session_state["attempts"][-1]
    assert not attempt.correct and ScoreKind.FIFTEEN in attempt.categories_missed
    assert ScoreKind.PAIR in attempt.categories_missed


def test_nothing_selected_or_a_repeat_changes_nothing() -> None:
    seed = seed_with({"pair"})
    deal = deal_hand(seed)
    at = combos_page(seed)
    at.button(key="count_claim_pair").click().run()
    assert at.error and "Select the cards of one combination first" in at.error[0].value
    pair = deal.score.of_kind(ScoreKind.PAIR)[0]
    claim(at, seed, pair.cards, "pair")
    claim(at, seed, pair.cards, "pair")
    assert at.error and "already" in at.error[0].value
    at.button(key="count_claim_undo").click().run()
    at.button(key="count_combo_check").click().run()
    assert at.session_state["attempts"][-1].answer == 0  # the take-back left nothing


def test_a_crib_of_four_of_one_suit_is_no_flush() -> None:
    seed = next(
        s
        for s in range(3000)
        if deal_hand(s, is_crib=True, focus="flush").score.of_kind(ScoreKind.FLUSH) == ()
    )
    at = combos_page(seed, mode="crib", focus="flush")
    deal = deal_hand(seed, is_crib=True, focus="flush")
    claim(at, seed, deal.hand, "flush", is_crib=True, focus="flush")
    at.button(key="count_combo_check").click().run()
    assert "In the crib a flush needs all five cards" in page_text(at)
