"""Quiz deals: seeded, focus filters that really filter, and the likely-missed hint."""

import pytest

from cribbage_core import score_hand
from cribbage_core.errors import CribbageError
from cribbage_core.teaching.hand_quiz import FOCUSES, deal_hand, has_focus, likely_missed


@pytest.mark.parametrize("is_crib", [False, True])
@pytest.mark.parametrize("focus", [None, *FOCUSES])
def test_deal_is_a_function_of_seed_mode_and_focus(is_crib: bool, focus: str | None) -> None:
    for seed in range(25):
        deal = deal_hand(seed, is_crib=is_crib, focus=focus)
        assert deal == deal_hand(seed, is_crib=is_crib, focus=focus)
        assert len({*deal.hand, deal.starter}) == 5
        assert deal.score == score_hand(deal.hand, deal.starter, is_crib=is_crib)
        if focus is not None:
            assert has_focus(deal.score, focus)


def test_focus_checks_the_feature_itself() -> None:
    assert has_focus(score_hand("3H 3S 4C 5D", "KS"), "double run")
    assert not has_focus(score_hand("3H 4S 5C 9D", "KS"), "double run")
    assert has_focus(score_hand("AH 2S 3C 9D", "KS"), "four-card fifteen")  # A+2+3+9
    assert not has_focus(score_hand("5H 10S 3C 9D", "KS"), "four-card fifteen")
    assert has_focus(score_hand("2H 4H 6H 8H", "KS", is_crib=True), "flush")  # the crib's trap: 0
    assert has_focus(score_hand("2H 4H 6H 8H", "KS"), "flush")
    assert has_focus(score_hand("JH 4S 6C 8D", "KH"), "nobs")
    assert not has_focus(score_hand("JH 4S 6C 8D", "KS"), "nobs")


def test_crib_flush_focus_deals_five_card_flushes_and_the_four_card_trap() -> None:
    five = trap = 0
    for seed in range(40):
        deal = deal_hand(seed, is_crib=True, focus="flush")
        assert len({card.suit for card in deal.hand}) == 1  # four crib cards of one suit
        if deal.starter.suit == deal.hand[0].suit:
            five += 1
            assert sum(item.points for item in deal.score.of_kind("flush")) == 5
        else:  # the trap: a starter of another suit, and a crib's four-card flush scores 0
            trap += 1
            assert not deal.score.of_kind("flush")
    assert five >= 10 and trap >= 10  # both, about as often


def test_the_hand_flush_focus_still_deals_hands_that_score_a_flush() -> None:
    for seed in range(20):
        assert deal_hand(seed, focus="flush").score.of_kind("flush")


def test_different_seeds_give_different_hands() -> None:
    assert len({deal_hand(seed).hand for seed in range(50)}) == 50


def test_unknown_focus_is_refused() -> None:
    with pytest.raises(CribbageError, match="unknown focus 'pairs'"):
        deal_hand(1, focus="pairs")


def test_likely_missed_names_the_gap() -> None:
    nobs_hand = score_hand("5H 6S JC 10D", "4C")  # 15s, run, nobs
    assert likely_missed(nobs_hand, nobs_hand.total - 1) == ("nobs",)
    flush_hand = score_hand("2H 4H 6H 8H", "KS")  # flush 4 + fifteens
    assert "flush" in likely_missed(flush_hand, flush_hand.total - 4)
    run_hand = score_hand("2H 3S 4C 9D", "KS")  # run of 3 and 2+4+9 = 15
    assert likely_missed(run_hand, run_hand.total - 3) == ("run",)
    assert likely_missed(run_hand, run_hand.total + 2) == ()
    assert likely_missed(run_hand, run_hand.total) == ()
