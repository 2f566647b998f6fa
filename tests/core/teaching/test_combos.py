"""Counting by combinations (cribbage_core.teaching.combos): hand-checked hands, then every hand's claims
against the scorer (a hypothesis property)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from cribbage_core import Card, ScoreKind, full_deck, parse_cards, score_hand
from cribbage_core.errors import CardNotInHand, IllegalMove
from cribbage_core.scoring import HAND_KINDS
from cribbage_core.teaching.combos import (
    Claim,
    Flaw,
    check_claim,
    claim_points,
    grade_combinations,
    item_key,
)


def claim(kind: str, cards: str) -> Claim:
    return Claim.of(kind, parse_cards(cards))


def flaw(score, kind: str, cards: str):
    verdict = check_claim(score, claim(kind, cards))
    return verdict.flaw, verdict.detail


# ---------------------------------------------------------------- a double-double run

DOUBLE_DOUBLE = score_hand("3H 3S 4C 4D", "5S")
# Counted by hand: 3+3+4+5 twice (fifteen 4), two pairs (8), four runs of three 3-4-5 (20).
DOUBLE_DOUBLE_CLAIMS = [
    claim("fifteen", "3H 3S 4C 5S"),
    claim("fifteen", "3H 3S 4D 5S"),
    claim("pair", "3H 3S"),
    claim("pair", "4C 4D"),
    claim("run", "3H 4C 5S"),
    claim("run", "3H 4D 5S"),
    claim("run", "3S 4C 5S"),
    claim("run", "3S 4D 5S"),
]


def test_a_double_double_run_found_one_run_at_a_time_scores_twenty() -> None:
    grade = grade_combinations(DOUBLE_DOUBLE, DOUBLE_DOUBLE_CLAIMS)
    assert DOUBLE_DOUBLE.total == 20
    assert grade.correct and grade.counted == grade.said == 20
    assert grade.missed == () and grade.kinds_missed == ()


def test_a_double_double_run_missing_one_run_names_it() -> None:
    grade = grade_combinations(DOUBLE_DOUBLE, DOUBLE_DOUBLE_CLAIMS[:-1])
    assert not grade.correct and grade.counted == 17
    assert [item_key(item) for item in grade.missed] == [item_key(claim("run", "3S 4D 5S"))]
    assert grade.kinds_missed == (ScoreKind.RUN,)


def test_a_double_run_claimed_as_one_run_of_four_says_one_rank_twice() -> None:
    assert flaw(DOUBLE_DOUBLE, "run", "3H 3S 4C 5S") == (Flaw.RUN_SAME_RANK, 0)
    assert flaw(DOUBLE_DOUBLE, "run", "3H 4C") == (Flaw.RUN_SHORT, 2)


def test_a_sum_that_is_not_fifteen_says_what_it_is() -> None:
    score = score_hand("6H 8C 5D 10S", "KD")
    assert flaw(score, "fifteen", "6H 8C") == (Flaw.FIFTEEN_SUM, 14)
    assert flaw(score, "fifteen", "5D KD") == (None, 0)
    assert flaw(score, "fifteen", "10S") == (Flaw.FIFTEEN_SUM, 10)


def test_pairs_one_at_a_time() -> None:
    score = score_hand("5H 5S 5C JD", "5D")  # 29: four fives are six pairs
    assert flaw(score, "pair", "5H 5S") == (None, 0)
    assert flaw(score, "pair", "5H 5S 5C") == (Flaw.PAIR_ROYAL, 3)
    assert flaw(score, "pair", "5H JD") == (Flaw.PAIR_RANKS, 0)
    assert flaw(score, "pair", "5H") == (Flaw.PAIR_SIZE, 1)
    pairs = [Claim.of("pair", two) for two in combinations(parse_cards("5H 5S 5C 5D"), 2)]
    fifteens = [item for item in score.items if item.kind == ScoreKind.FIFTEEN]
    everything = pairs + [Claim.of(i.kind, i.cards) for i in fifteens] + [claim("nobs", "JD")]
    grade = grade_combinations(score, everything)
    assert grade.correct and grade.counted == 29


def test_a_run_inside_a_longer_run_and_a_gap() -> None:
    score = score_hand("3H 4S 5C 6D", "9S")
    assert flaw(score, "run", "3H 4S 5C") == (Flaw.RUN_LONGER, 4)
    assert flaw(score, "run", "4S 5C 6D") == (Flaw.RUN_LONGER, 4)
    assert flaw(score, "run", "3H 4S 5C 6D") == (None, 0)
    assert flaw(score, "run", "5C 6D 9S") == (Flaw.RUN_GAP, 0)


# ---------------------------------------------------------------- flushes, hand and crib


def test_a_crib_flush_needs_all_five() -> None:
    crib = score_hand("2H 4H 6H 8H", "KH", is_crib=True)
    assert crib.of_kind(ScoreKind.FLUSH)[0].points == 5
    assert flaw(crib, "flush", "2H 4H 6H 8H KH") == (None, 0)
    assert claim_points(claim("flush", "2H 4H 6H 8H KH")) == 5
    assert flaw(crib, "flush", "2H 4H 6H 8H") == (Flaw.FLUSH_FIVE, 0)  # count all five


def test_four_crib_cards_of_one_suit_are_no_flush() -> None:
    crib = score_hand("2H 4H 6H 8H", "KS", is_crib=True)
    assert crib.of_kind(ScoreKind.FLUSH) == ()
    assert flaw(crib, "flush", "2H 4H 6H 8H") == (Flaw.FLUSH_CRIB, 0)
    assert flaw(crib, "flush", "2H 4H 6H 8H KS") == (Flaw.FLUSH_CRIB, 0)
    grade = grade_combinations(crib, [claim("flush", "2H 4H 6H 8H")])
    assert crib.total == 0 and not grade.correct and grade.kinds_missed == (ScoreKind.FLUSH,)


def test_a_hand_flush_of_four_and_of_five() -> None:
    four = score_hand("2H 4H 6H 8H", "KS")
    assert flaw(four, "flush", "2H 4H 6H 8H") == (None, 0)
    assert flaw(four, "flush", "2H 4H 6H 8H KS") == (Flaw.FLUSH_SUIT, 0)
    assert flaw(four, "flush", "2H 4H 6H") == (Flaw.FLUSH_CARDS, 3)
    five = score_hand("2H 4H 6H 8H", "KH")
    assert flaw(five, "flush", "2H 4H 6H 8H") == (Flaw.FLUSH_FIVE, 0)
    assert flaw(five, "flush", "2H 4H 6H KH") == (Flaw.FLUSH_CARDS, 4)


# ---------------------------------------------------------------- nobs


def test_nobs_is_the_jack_of_the_starters_suit_in_the_hand() -> None:
    score = score_hand("JD JC 2S 3H", "7D")
    assert flaw(score, "nobs", "JD") == (None, 0)
    assert flaw(score, "nobs", "JD 7D") == (None, 0)  # with the starter: the same combination
    assert flaw(score, "nobs", "JC") == (Flaw.NOBS_SUIT, 0)
    assert flaw(score, "nobs", "JD JC") == (Flaw.NOBS_NOT_JACK, 0)
    assert flaw(score, "nobs", "2S") == (Flaw.NOBS_NOT_JACK, 0)
    grade = grade_combinations(score, [claim("nobs", "JD"), claim("nobs", "JD 7D")])
    assert [v.flaw for v in grade.claims] == [None, Flaw.REPEAT]
    heels = score_hand("2D 3C 4S 9H", "JH")
    assert flaw(heels, "nobs", "JH") == (Flaw.NOBS_STARTER, 0)


def test_bad_claims_are_refused_not_graded() -> None:
    score = score_hand("JD JC 2S 3H", "7D")
    with pytest.raises(CardNotInHand, match="5H"):
        check_claim(score, claim("pair", "5H 5S"))
    with pytest.raises(IllegalMove):
        check_claim(score, Claim.of("pair", ()))
    with pytest.raises(IllegalMove):
        Claim.of("go", ())


def test_a_repeat_counts_once_and_is_marked() -> None:
    grade = grade_combinations(DOUBLE_DOUBLE, [*DOUBLE_DOUBLE_CLAIMS, DOUBLE_DOUBLE_CLAIMS[0]])
    assert grade.counted == 20 and grade.said == 22 and not grade.correct
    assert grade.claims[-1].flaw is Flaw.REPEAT and grade.kinds_missed == (ScoreKind.FIFTEEN,)


# ---------------------------------------------------------------- against the scorer

FIVE_CARDS = st.lists(st.sampled_from(full_deck()), min_size=5, max_size=5, unique=True)


def every_claim(cards: tuple[Card, ...]):
    for size in range(1, 6):
        for chosen in combinations(cards, size):
            for kind in HAND_KINDS:
                yield Claim.of(kind, chosen)


@settings(max_examples=150, deadline=None)
@given(five=FIVE_CARDS, is_crib=st.booleans())
def test_the_combinations_the_rules_accept_are_exactly_the_scorers_items(five, is_crib) -> None:
    """Judged by the rules alone, every claim over every subset of the five cards: those that are
    combinations, one per combination, are the scorer's items, and their points its total."""
    score = score_hand(five[:4], five[4], is_crib=is_crib)
    accepted = {
        item_key(c): claim_points(c)
        for c in every_claim(tuple(five))
        if check_claim(score, c).found
    }
    assert set(accepted) == {item_key(item) for item in score.items}
    assert sum(accepted.values()) == score.total
    full = grade_combinations(score, [Claim.of(item.kind, item.cards) for item in score.items])
    assert full.correct and full.counted == full.said == score.total
