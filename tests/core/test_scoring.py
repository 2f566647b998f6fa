"""The show: a table of known hands with their itemised answers, plus properties."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings, strategies as st

from cribbage_core import (
    Card,
    DuplicateCard,
    InvalidCard,
    WrongNumberOfCards,
    full_deck,
    parse_cards,
    score_hand,
)


def by_kind(hand: str, starter: str, crib: bool = False) -> dict[str, list[int]]:
    score = score_hand(parse_cards(hand), Card.parse(starter), is_crib=crib)
    found: dict[str, list[int]] = {}
    for item in score.items:
        found.setdefault(item.kind, []).append(item.points)
    assert score.total == sum(item.points for item in score.items)
    return found


@pytest.mark.parametrize(
    "hand, starter, crib, total, expected",
    [
        # the 29: 5 5 5 + the Jack of the starter's suit, starter a 5
        ("5H 5S 5C JD", "5D", False, 29, {"fifteen": [2] * 8, "pair": [2] * 6, "nobs": [1]}),
        # 28: four fives and a ten card
        ("5H 5S 5C 5D", "KD", False, 28, {"fifteen": [2] * 8, "pair": [2] * 6}),
        # 24: double-double run 4 4 5 5 6
        ("4H 4S 5C 5D", "6S", False, 24, {"fifteen": [2] * 4, "pair": [2, 2], "run": [3] * 4}),
        # 21: 4 4 4 5 + 6 (triple run)
        ("4H 4S 4C 5D", "6S", False, 21, {"fifteen": [2] * 3, "pair": [2] * 3, "run": [3] * 3}),
        # 20: 6 6 7 7 + 8
        ("6H 6S 7C 7D", "8S", False, 20, {"fifteen": [2] * 2, "pair": [2, 2], "run": [3] * 4}),
        # 4-card flush in the hand, but not in the crib
        ("2H 4H 6H 8H", "KS", False, 4, {"flush": [4]}),
        ("2H 4H 6H 8H", "KS", True, 0, {}),
        # 5-card flush counts in both
        ("2H 4H 6H 8H", "KH", False, 5, {"flush": [5]}),
        ("2H 4H 6H 8H", "KH", True, 5, {"flush": [5]}),
        # three hand cards + starter of one suit: no flush
        ("2H 4H 6H 8S", "KH", False, 0, {}),
        # nobs: Jack in hand of the starter's suit
        ("JH 2S 4C 8D", "KH", False, 1, {"nobs": [1]}),
        # a Jack starter is his heels (the dealer's, in the play), not nobs
        ("JH 2S 4C 8D", "JS", False, 2, {"pair": [2]}),
        ("2S 4C 8D KH", "JH", False, 0, {}),
        # the zero hand ("a nineteen")
        ("2S 4C 8D KH", "QD", False, 0, {}),
        ("2S 4C 9D KH", "QD", False, 2, {"fifteen": [2]}),  # a three-card fifteen
        # double run of 4: 3 3 4 5 6 -> 2 runs of 4, a pair, 15s 3+3+4+5, 4+5+6
        ("3H 3S 4C 5D", "6S", False, 14, {"fifteen": [2] * 2, "pair": [2], "run": [4, 4]}),
        # run of 5
        ("AH 2S 3C 4D", "5S", False, 7, {"fifteen": [2], "run": [5]}),
        # four-card fifteen: A 2 3 9 and five-card fifteen
        ("AH 2S 3C 9D", "KS", False, 7, {"fifteen": [2, 2], "run": [3]}),
        ("AH AS 2C 2D", "9S", False, 6, {"fifteen": [2], "pair": [2, 2]}),  # a five-card fifteen
        # flush plus nobs
        ("JH 3H 5H 7H", "9H", False, 10, {"fifteen": [2, 2], "flush": [5], "nobs": [1]}),
    ],
)
def test_known_hands(hand: str, starter: str, crib: bool, total: int, expected: dict) -> None:  # type: ignore[type-arg]
    found = by_kind(hand, starter, crib)
    assert found == expected
    assert score_hand(parse_cards(hand), Card.parse(starter), is_crib=crib).total == total


def test_items_carry_their_exact_cards() -> None:
    s = score_hand(parse_cards("4H 4S 5C 5D"), Card.parse("6S"))
    runs = [frozenset(item.cards) for item in s.items if item.kind == "run"]
    assert len(set(runs)) == 4
    for run in runs:
        assert sorted(int(c.rank) for c in run) == [4, 5, 6]
    nobs = score_hand(parse_cards("JH 2S 4C 8D"), Card.parse("KH")).of_kind("nobs")[0]
    assert nobs.cards == (Card.parse("JH"), Card.parse("KH"))
    for item in s.fifteens:
        assert sum(c.value for c in item.cards) == 15


def test_said_aloud() -> None:
    s = score_hand(parse_cards("5H 6S 4C KH"), Card.parse("5D"))
    # 15s: 5H+KH, 5D+KH, 5H+6S+4C, 5D+6S+4C; pair 5 5; runs 4 5 6 twice
    assert s.said_aloud == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, "
        "and a double run of three is sixteen"
    )
    assert score_hand(parse_cards("JH 2S 4C 8D"), Card.parse("KH")).said_aloud == "nobs is one"
    s = score_hand(parse_cards("7H 8S 9C JD"), Card.parse("2D"))
    assert s.said_aloud == "fifteen two, a run of three is five, and nobs is six"


def test_bad_hands_raise_and_name_the_problem() -> None:
    with pytest.raises(WrongNumberOfCards, match="4 cards"):
        score_hand(parse_cards("5H 5S 5C"), Card.parse("5D"))
    with pytest.raises(WrongNumberOfCards):
        score_hand(parse_cards("5H 5S 5C JD 2C"), Card.parse("5D"))
    with pytest.raises(DuplicateCard, match="5D"):
        score_hand(parse_cards("5H 5S 5C 5D"), Card.parse("5D"))
    with pytest.raises(InvalidCard):
        score_hand(("5H", "5S", "5C", "JD"), Card.parse("5D"))  # type: ignore[arg-type]


def brute_force_total(hand: tuple, starter: Card, crib: bool) -> int:  # type: ignore[type-arg]
    """An independent, slow count straight from RULES.md."""
    five = hand + (starter,)
    points = 0
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(c.value for c in combo) == 15:
                points += 2
    points += 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    for size in (5, 4, 3):
        runs = 0
        for combo in combinations(five, size):
            ranks = sorted(int(c.rank) for c in combo)
            if ranks == list(range(ranks[0], ranks[0] + size)):
                runs += 1
        if runs:
            points += runs * size
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += 5
        elif not crib:
            points += 4
    points += sum(1 for c in hand if int(c.rank) == 11 and c.suit == starter.suit)
    return points


@settings(max_examples=3000)
@given(st.lists(st.sampled_from(full_deck()), min_size=5, max_size=5, unique=True), st.booleans())
def test_matches_brute_force(cards: list, crib: bool) -> None:  # type: ignore[type-arg]
    s = score_hand(tuple(cards[:4]), cards[4], is_crib=crib)
    assert s.total == brute_force_total(tuple(cards[:4]), cards[4], crib)
    assert s.total == sum(
        step.total - prev for step, prev in zip(s.steps, [0] + [st.total for st in s.steps])
    )


def test_crib_never_scores_a_four_card_flush() -> None:
    deck = full_deck()
    hearts = [c for c in deck if c.suit.value == "H"]
    others = [c for c in deck if c.suit.value != "H"]
    seen = Counter()
    for hand in combinations(hearts, 4):
        for starter in others[::7]:
            s = score_hand(hand, starter, is_crib=True)
            seen[len(s.of_kind("flush"))] += 1
    assert seen == Counter({0: seen[0]})
