"""The golden check: scoring against the published distribution of all 12,994,800 deals.

The fast path (``cribbage_core.totals``, tables built from the rules with numpy)
is checked on every deal against the published table; the itemised
``score_hand`` (written separately, in ``scoring.py``) is checked against the
fast path on a random sample here, and on every deal in the slow run.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from cribbage_core import Card, InvalidCard, WrongNumberOfCards, full_deck, parse_cards, score_hand
from cribbage_core.totals import (
    DEAL_COUNT,
    MAX_SCORE,
    all_deals,
    hand_total,
    hand_totals,
    rank_points_table,
    score_distribution,
)

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


# Steven S. Lumetta, "Amusing Cribbage Facts" (lumetta.web.engr.illinois.edu/humor/cribbage.html),
# also the table in Wikipedia's "Cribbage statistics": deals (4-card hand + starter, hand rules)
# scoring 0, 1, ..., 29.
PUBLISHED_HAND_COUNTS = (
    1009008,
    99792,
    2813796,
    505008,
    2855676,
    697508,
    1800268,
    751324,
    1137236,
    361224,
    388740,
    51680,
    317340,
    19656,
    90100,
    9168,
    58248,
    11196,
    2708,
    0,
    8068,
    2496,
    444,
    356,
    3680,
    0,
    0,
    0,
    76,
    4,
)

# Computed here (crib rules: only a 5-card flush). Its zero count, 1,022,208, is also the one
# Wikipedia's "Cribbage statistics" gives for a crib; the rest is pinned against regressions and
# explained deal by deal in test_crib_differs_from_hand_exactly_by_the_four_card_flush.
CRIB_COUNTS = (
    1022208,
    99792,
    2839800,
    508908,
    2868960,
    703496,
    1787176,
    755320,
    1118336,
    358368,
    378240,
    43880,
    310956,
    16548,
    88132,
    9072,
    57288,
    11196,
    2264,
    0,
    7828,
    2472,
    444,
    356,
    3680,
    0,
    0,
    0,
    76,
    4,
)

DECK = full_deck()


def cards(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


# ------------------------------------------------------------------ the tables, in small


def test_published_table_adds_up() -> None:
    # guards the constant itself against a typo
    assert sum(PUBLISHED_HAND_COUNTS) == DEAL_COUNT == sum(CRIB_COUNTS)
    mean = sum(s * n for s, n in enumerate(PUBLISHED_HAND_COUNTS)) / DEAL_COUNT
    assert round(mean, 4) == 4.7692


@pytest.mark.parametrize(
    "ranks, points",
    [
        ((5, 5, 5, 5, 11), 28),  # 8 fifteens + 6 pairs
        ((4, 4, 5, 5, 6), 24),  # double-double run
        ((4, 4, 4, 5, 6), 21),  # triple run + pair royal + fifteens
        ((6, 6, 7, 7, 8), 20),
        ((1, 2, 3, 4, 5), 7),  # run of five + fifteen
        ((12, 13, 1, 2, 3), 7),  # Ace is low: only A 2 3 runs (3), plus Q23 and K23 (4)
        ((2, 4, 6, 8, 13), 0),
        ((3, 3, 4, 5, 13), 12),  # double run of three (6), pair (2), 5+K and 3+3+4+5 (4)
    ],
)
def test_rank_table_spot_checks(ranks: tuple[int, ...], points: int) -> None:
    table = rank_points_table()
    # every order of the five ranks gives the same entry
    for shift in range(5):
        rotated = ranks[shift:] + ranks[:shift]
        code = sum((r - 1) * 13**p for r, p in zip(rotated, (4, 3, 2, 1, 0), strict=True))
        assert table[code] == points


def test_flush_and_nobs_in_the_batch_path() -> None:
    hands = np.array([cards("2H 4H 6H 8H")] * 3 + [cards("JD 3C 7C QC")] * 2)
    starters = np.array(cards("KH KS KC 9D 9H"))
    assert hand_totals(hands, starters).tolist() == [5, 4, 4, 1, 0]
    assert hand_totals(hands, starters, is_crib=True).tolist() == [5, 0, 0, 1, 0]


def test_batch_path_rejects_bad_input() -> None:
    with pytest.raises(WrongNumberOfCards, match=r"\(N, 4\)"):
        hand_totals(np.zeros((3, 5), dtype=int), np.zeros(3, dtype=int))
    with pytest.raises(WrongNumberOfCards):
        hand_totals(np.zeros((3, 4), dtype=int), np.zeros(2, dtype=int))
    with pytest.raises(InvalidCard, match="0-51"):
        hand_totals(np.array([[0, 1, 2, 52]]), np.array([5]))
    with pytest.raises(InvalidCard, match="0-51"):
        hand_totals(np.array([[0, 1, 2, 3]]), np.array([-1]))


def test_scalar_path_rejects_a_wrong_hand_size() -> None:
    with pytest.raises(WrongNumberOfCards, match="got 5"):
        hand_total(parse_cards("AH 2H 3H 4H 5H"), Card.parse("6H"))


def test_all_deals_are_each_deal_once() -> None:
    seen = 0
    first_hands = set()
    for hands, starters in all_deals(chunk_hands=50_000):
        assert hands.shape == (len(starters), 4)
        assert not (hands == starters[:, None]).any()  # the starter is never in the hand
        assert (np.diff(hands, axis=1) > 0).all()  # each hand once, in increasing order
        first_hands.add(tuple(hands[0]))
        seen += len(starters)
    assert seen == DEAL_COUNT
    assert len(first_hands) == 6  # 270,725 hands in chunks of 50,000


# ------------------------------------------------------------------ itemised vs fast


def _random_deals(n: int, seed: int) -> list[tuple[tuple[Card, ...], Card]]:
    rng = random.Random(seed)
    deck = list(DECK)
    deals = []
    for _ in range(n):
        five = rng.sample(deck, 5)
        deals.append((tuple(five[:4]), five[4]))
    # flushes are ~1% of random deals: add some of each kind on purpose
    for _ in range(n // 20):
        suit = rng.choice("SHDC")
        same = [c for c in deck if c.suit.name[0] == suit]
        hand = tuple(rng.sample(same, 4))
        rest = [c for c in deck if c not in hand]
        deals.append((hand, rng.choice(rest)))
    return deals


def _check_agreement(deals: Sequence[tuple[tuple[Card, ...], Card]]) -> None:
    hands = np.array([[c.index for c in h] for h, _ in deals])
    starters = np.array([s.index for _, s in deals])
    for is_crib in (False, True):
        batch = hand_totals(hands, starters, is_crib).tolist()
        itemised = [score_hand(h, s, is_crib).total for h, s in deals]
        scalar = [hand_total(h, s, is_crib) for h, s in deals]
        assert itemised == batch
        assert scalar == batch


def test_itemised_scalar_and_batch_agree_on_random_deals() -> None:
    _check_agreement(_random_deals(30_000, seed=2024))


@pytest.mark.slow
def test_itemised_scalar_and_batch_agree_on_many_random_deals() -> None:
    _check_agreement(_random_deals(300_000, seed=7))


# ------------------------------------------------------------------ every deal


@pytest.mark.slow
def test_fast_path_gives_the_published_hand_distribution() -> None:
    counts = score_distribution(is_crib=False)
    assert counts.tolist() == list(PUBLISHED_HAND_COUNTS)
    assert counts.sum() == DEAL_COUNT
    assert round(float((counts * np.arange(MAX_SCORE + 1)).sum() / DEAL_COUNT), 4) == 4.7692
    assert counts[0] == 1_009_008 and counts[28] == 76 and counts[29] == 4
    assert [s for s in range(MAX_SCORE + 1) if counts[s] == 0] == [19, 25, 26, 27]


@pytest.mark.slow
def test_crib_distribution() -> None:
    assert score_distribution(is_crib=True).tolist() == list(CRIB_COUNTS)


@pytest.mark.slow
def test_crib_differs_from_hand_exactly_by_the_four_card_flush() -> None:
    changed = 0
    for hands, starters in all_deals():
        in_hand = hand_totals(hands, starters, is_crib=False).astype(int)
        in_crib = hand_totals(hands, starters, is_crib=True).astype(int)
        suits = hands // 13
        four_flush = (suits == suits[:, :1]).all(axis=1) & (suits[:, 0] != starters // 13)
        # a 4-card flush scores 4 in a hand and nothing in a crib; every other deal is the same
        assert ((in_hand - in_crib) == np.where(four_flush, 4, 0)).all()
        changed += int(four_flush.sum())
    # 4 suits * C(13, 4) hands * 39 starters of another suit
    assert changed == 4 * 715 * 39


def test_no_crib_scores_a_four_card_flush() -> None:
    for hand, starter in [("2H 4H 6H 8H", "KS"), ("JH QH KH AH", "5H"), ("3C 5C 7C 9C", "3D")]:
        in_hand = score_hand(hand, starter)
        in_crib = score_hand(hand, starter, is_crib=True)
        assert [i for i in in_crib.items if i.kind == "flush" and len(i.cards) == 4] == []
        assert in_hand.total - in_crib.total == (0 if starter[-1] == hand[-1] else 4)


# The 24 ways to relabel the four suits; the first is the identity. RELABELLED[r, c] is card c
# (suit-major index: suit * 13 + rank) under relabelling r, and RELABELLED_BIT[r, c] its bit.
SUIT_RELABELLINGS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)
RELABELLED = SUIT_RELABELLINGS[:, np.arange(52) // 13] * 13 + np.arange(52) % 13
RELABELLED_BIT = np.left_shift(1, RELABELLED)


def _orbits(hands: np.ndarray, starters: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which deals are the least of their suit-relabelling orbit, and each one's orbit size.

    A deal's key (its starter, then its hand as a 52-bit mask) is one-to-one, so each orbit
    has exactly one least deal, wherever its chunk. The starter leads the key, so the least
    deal's starter is a spade, and only the 6 relabellings that keep spades need comparing;
    they are also the only ones that can map such a deal to itself, and the orbit has
    24 / (relabellings that map the deal to itself) deals.
    """
    least = starters < 13
    keep_spades = np.flatnonzero(SUIT_RELABELLINGS[:, 0] == 0)
    spade_hands = hands[least]
    keys = np.stack([RELABELLED_BIT[r][spade_hands].sum(axis=1) for r in keep_spades])
    own = keys[0]  # the identity keeps spades too, and comes first
    least_here = own == keys.min(axis=0)
    least[least] = least_here
    fixed_by = (keys[:, least_here] == own[least_here]).sum(axis=0)
    return least, len(SUIT_RELABELLINGS) // fixed_by


def _check_chunk(chunk: tuple[int, np.ndarray, np.ndarray]) -> tuple[int, int]:
    """Compare score_hand and hand_total with hand_totals on one deal of each orbit in a chunk.

    A deal and its suit-relabelled twins score alike (the rules name no suit), so one deal
    per orbit, weighted by the orbit's size, stands for every deal. The deal checked is the
    orbit's least one relabelled at random (seeded), so every suit plays every part: a
    suit-specific slip in score_hand is not hidden behind always-spades representatives.
    Returns (orbits checked, deals they stand for).
    """
    seed, hands, starters = chunk
    least, sizes = _orbits(hands, starters)
    relabellings = SUIT_RELABELLINGS[np.random.default_rng(seed).integers(24, size=len(sizes))]
    rows = np.arange(len(sizes))[:, None]
    hands, starters = hands[least].astype(np.int64), starters[least].astype(np.int64)
    hands = np.sort(relabellings[rows, hands // 13] * 13 + hands % 13, axis=1)
    starters = relabellings[rows[:, 0], starters // 13] * 13 + starters % 13
    from_index = Card.from_index
    for is_crib in (False, True):
        expected = hand_totals(hands, starters, is_crib).tolist()
        card_hands = [tuple(map(from_index, h)) for h in hands.tolist()]
        card_starters = list(map(from_index, starters.tolist()))
        for hand, starter, total in zip(card_hands, card_starters, expected, strict=True):
            if score_hand(hand, starter, is_crib).total != total:
                raise AssertionError(f"score_hand {hand} {starter} crib={is_crib}: fast {total}")
            if hand_total(hand, starter, is_crib) != total:
                raise AssertionError(f"hand_total {hand} {starter} crib={is_crib}: fast {total}")
    return len(sizes), int(sizes.sum())


def test_orbits_of_a_few_deals() -> None:
    # A-4 of one suit and the 5 of another: 12 twins (two unused suits swap to no effect),
    # and the least is A-4 of hearts (suit 1) with the 5 of spades (suit 0)
    twins = [(b, a) for a in range(4) for b in range(4) if a != b]
    hands = np.array([[b * 13 + r for r in range(4)] for b, _ in twins])
    starters = np.array([a * 13 + 4 for _, a in twins])
    least, sizes = _orbits(hands, starters)
    assert [t for t, is_least in zip(twins, least) if is_least] == [(1, 0)]
    assert sizes.tolist() == [12]
    # four fives and a jack: the hand is every suit, so only the jack's suit tells twins apart
    fives = np.array([[4, 17, 30, 43]] * 4)
    jacks = np.array([10, 23, 36, 49])
    least, sizes = _orbits(fives, jacks)
    assert least.tolist() == [True, False, False, False] and sizes.tolist() == [4]


@pytest.mark.slow
def test_itemised_agrees_with_fast_path_on_every_deal() -> None:
    # one deal per suit-relabelling orbit (~0.6 million) with score_hand, spread over processes
    workers = max(1, min(4, os.cpu_count() or 1))
    context = multiprocessing.get_context("fork")
    chunks = ((i, h, s) for i, (h, s) in enumerate(all_deals(chunk_hands=5_000)))
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        results = list(pool.map(_check_chunk, chunks))
    orbits = sum(n for n, _ in results)
    assert sum(deals for _, deals in results) == DEAL_COUNT
    assert DEAL_COUNT / 24 < orbits < DEAL_COUNT / 12
