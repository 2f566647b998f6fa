"""The play: points for the last card laid, from RULES.md's examples and more."""

import pytest
from hypothesis import given, strategies as st

from cribbage_core import (
    CountExceeded,
    DuplicateCard,
    WrongNumberOfCards,
    full_deck,
    parse_cards,
    score_play,
)


def kinds(pile: str) -> dict[str, int]:
    return {item.kind: item.points for item in score_play(parse_cards(pile)).items}


@pytest.mark.parametrize(
    "pile, expected",
    [
        ("AD 7C 7H", {"fifteen": 2, "pair": 2}),  # RULES.md: 15 for 2 and a pair for 2
        ("2S 8H 6C 7D 5S", {"run": 4}),  # RULES.md: the last four form a run of 4
        ("2S 5H 7C 7D 6S", {}),  # RULES.md: the extra 7 breaks the run
        ("QH KS", {}),  # Q and K both count 10 but are no pair
        ("10S 5D", {"fifteen": 2}),
        ("10S JD QC AH", {"thirty-one": 2}),  # 31 scores 2, not 2 + a go
        ("5S 5H 5D", {"fifteen": 2, "pair royal": 6}),
        ("3S 3H 3D", {"pair royal": 6}),
        ("2S 2H 2D 2C", {"double pair royal": 12}),
        ("4S 5H 6D", {"fifteen": 2, "run": 3}),
        ("3S 4H 2D AC 5S", {"fifteen": 2, "run": 5}),
        ("7S 8H 9D 7C", {"run": 3, "thirty-one": 2}),  # 8 9 7 at the end, count 31
        ("5S 6H 7D 7C", {"pair": 2}),  # the pair breaks the run
        ("9S 7H 8D", {"run": 3}),  # any order
        ("KS QH JD", {"run": 3}),
        ("QS KH AD", {}),  # the Ace is low: K-A is not a run
        ("7S 7H 8D 8C", {"pair": 2}),
        ("5S 5H 10C 5D", {}),  # the 10 breaks the pair royal
        ("10S 7H 7D 7C", {"thirty-one": 2, "pair royal": 6}),
        ("AS 2H 3D 4C 5S 6H 7D", {"run": 7}),  # count 28
        ("8S 8H 7D 8C", {"thirty-one": 2}),  # the 7 breaks the pair royal
        ("2S 3H 2D", {}),
    ],
)
def test_known_piles(pile: str, expected: dict[str, int]) -> None:
    assert kinds(pile) == expected
    assert score_play(parse_cards(pile)).total == sum(expected.values())


def test_items_name_the_cards_that_score() -> None:
    p = score_play(parse_cards("2S 8H 6C 7D 5S"))
    (run,) = p.items
    assert run.cards == parse_cards("8H 6C 7D 5S")
    assert p.count == 28


def test_bad_piles_raise_specific_errors() -> None:
    with pytest.raises(CountExceeded, match="31"):
        score_play(parse_cards("KS QH JD 2C"))
    with pytest.raises(DuplicateCard):
        score_play([parse_cards("5H")[0]] * 2)
    with pytest.raises(WrongNumberOfCards):
        score_play(())


def brute_force(pile: tuple) -> int:  # type: ignore[type-arg]
    """An independent count of the last card's points, by definition."""
    points = 0
    count = sum(c.value for c in pile)
    points += 2 if count in (15, 31) else 0
    same = 1
    while same < len(pile) and pile[-1 - same].rank == pile[-1].rank:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    best = 0
    for k in range(3, len(pile) + 1):
        ranks = sorted(int(c.rank) for c in pile[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            best = k
    return points + best


@given(st.permutations(full_deck()), st.integers(1, 8))
def test_matches_brute_force(deck: list, length: int) -> None:  # type: ignore[type-arg]
    pile: list = []  # type: ignore[type-arg]
    for card in deck:
        if sum(c.value for c in pile) + card.value <= 31:
            pile.append(card)
        if len(pile) == length:
            break
    assert score_play(tuple(pile)).total == brute_force(tuple(pile))
