"""Exact expected hand values over the unseen starters, by rank multisets.

For a kept hand (four cards) and the cards a seat has seen, every unseen card is an equally
likely starter; :func:`hand_stats` gives the expected score, its lowest and highest and how
many starters give each score, and :func:`expected_hand_values` does it for every way to lay
away cards from a dealt hand. The discard advisor (:mod:`cribbage_core.coach.advisor`), the crib
table (:mod:`cribbage_core.tables.crib`) and the bots all build on these.

Speed: the fifteens, pairs and runs of five cards depend only on their ranks,
so their points for every one of the 6,175 possible rank multisets are a table,
committed as data (``data/rank_points.json``, made by ``scripts/make_rank_points.py``
with :func:`build_rank_table`, and checked against it by ``tests/core/tables/test_expected.py``):
reading it at import takes a few milliseconds where building it took 0.2 s of
every new process. A hand's rank multiset is a sum of per-rank bit fields
(:data:`RANK_BIT`), so "the kept four plus this starter" is one addition and one
dict look-up. Flush and nobs are added per starter suit.

>>> from cribbage_core import format_cards, parse_cards
>>> options = expected_hand_values(parse_cards("5H 5S 5C JD 2S 9C"), 2)
>>> keep, discard, ev, lo, hi = max(options, key=lambda option: option[2])
>>> format_cards(keep), round(ev, 2), lo, hi
('5H 5S 5C JD', 16.65, 14, 29)
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Final

from cribbage_core.cards import Card, Rank, Suit

__all__ = [
    "RANK_BIT",
    "RANK_POINTS_PATH",
    "rank_multisets",
    "build_rank_table",
    "rank_points",
    "hand_stats",
    "expected_hand_values",
]


# ------------------------------------------------------------ the rank table

#: Bit field of one card of each rank (index 1..13; 3 bits per rank, so a sum
#: of up to four cards of a rank never carries). The sum over cards is a key
#: that depends only on the multiset of ranks.
RANK_BIT: Final[tuple[int, ...]] = (0, *(1 << (3 * (r - 1)) for r in range(1, 14)))

_FIVE_SUBSETS: Final = tuple(s for n in range(2, 6) for s in combinations(range(5), n))


def _rank_only_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of five cards given by sorted ranks (no suits)."""
    values = [min(r, 10) for r in ranks]
    points = 2 * sum(1 for s in _FIVE_SUBSETS if sum(values[i] for i in s) == 15)
    points += 2 * sum(1 for i, j in combinations(range(5), 2) if ranks[i] == ranks[j])
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    r = 1
    while r <= 13:
        if counts[r]:
            end = r
            while end + 1 <= 13 and counts[end + 1]:
                end += 1
            length = end - r + 1
            if length >= 3:
                ways = 1
                for k in range(r, end + 1):
                    ways *= counts[k]
                points += length * ways
            r = end + 1
        else:
            r += 1
    return points


#: The committed table of :func:`build_rank_table` (its points, in the order of :func:`rank_multisets`).
RANK_POINTS_PATH: Final = Path(__file__).resolve().parent / "data" / "rank_points.json"


def rank_multisets() -> Iterator[tuple[int, ...]]:
    """Every multiset of five ranks (1-13) a deal can hold, as sorted ranks, in a fixed order.

    >>> next(rank_multisets()), sum(1 for _ in rank_multisets())
    ((1, 1, 1, 1, 2), 6175)
    """
    return (
        ranks for ranks in combinations_with_replacement(range(1, 14), 5) if ranks[0] != ranks[4]
    )


def build_rank_table() -> dict[int, int]:
    """The points of every rank multiset (:func:`rank_multisets`) by its key, computed (0.2 s)."""
    return {sum(RANK_BIT[r] for r in ranks): _rank_only_points(ranks) for ranks in rank_multisets()}


def _read_rank_table() -> dict[int, int]:
    points = json.loads(RANK_POINTS_PATH.read_text(encoding="utf-8"))["points"]
    bits = RANK_BIT
    keys = [bits[a] + bits[b] + bits[c] + bits[d] + bits[e] for a, b, c, d, e in rank_multisets()]
    return dict(zip(keys, points, strict=True))


_RANK_POINTS: Final[dict[int, int]] = _read_rank_table()


def rank_points(key: int) -> int:
    """Fifteens + pairs + runs of five cards whose rank key (sum of :data:`RANK_BIT`) is ``key``.

    >>> rank_points(sum(RANK_BIT[r] for r in (5, 5, 5, 11, 5)))
    28
    """
    return _RANK_POINTS[key]


# ------------------------------------------------------------ expected values


def hand_stats(
    keep: Sequence[Card], seen: Sequence[Card]
) -> tuple[float, int, int, dict[int, int]]:
    """Expected score, min, max and the count of starters giving each score for a kept hand.

    ``seen`` are all the cards the seat knows (the kept hand included); every
    other card is a possible starter, equally likely.

    >>> from cribbage_core import parse_cards
    >>> ev, lo, hi, counts = hand_stats(parse_cards("5H 5S 5C JD"), parse_cards("5H 5S 5C JD 2S 9C"))
    >>> lo, hi, counts[29]
    (14, 29, 1)
    """
    per_starter = _per_starter(keep, seen)
    counts: dict[int, int] = {}
    total = 0
    n = 0
    for points, how_many in per_starter:
        counts[points] = counts.get(points, 0) + how_many
        total += points * how_many
        n += how_many
    return total / n, min(counts), max(counts), counts


def _per_starter(keep: Sequence[Card], seen: Sequence[Card]) -> list[tuple[int, int]]:
    """(hand points, number of starters) grouped by rank and by suit bonus."""
    seen_by_rank: list[set[Suit]] = [set() for _ in range(14)]
    for card in seen:
        seen_by_rank[card.rank].add(card.suit)
    base = (
        RANK_BIT[keep[0].rank]
        + RANK_BIT[keep[1].rank]
        + RANK_BIT[keep[2].rank]
        + RANK_BIT[keep[3].rank]
    )
    bonus = _suit_bonus(keep)
    out: list[tuple[int, int]] = []
    for r in range(1, 14):
        missing = 4 - len(seen_by_rank[r])
        if not missing:
            continue
        points = _RANK_POINTS[base + RANK_BIT[r]]
        if not bonus:
            out.append((points, missing))
            continue
        for suit in Suit:
            if suit not in seen_by_rank[r]:
                out.append((points + bonus.get(suit, 0), 1))
    return out


def _suit_bonus(keep: Sequence[Card]) -> dict[Suit, int]:
    """Flush and nobs points of a kept hand for each starter suit (absent suits: 0)."""
    bonus: dict[Suit, int] = {}
    suit = keep[0].suit
    if keep[1].suit is suit and keep[2].suit is suit and keep[3].suit is suit:
        for s in Suit:
            bonus[s] = 5 if s is suit else 4
    for card in keep:
        if card.rank is Rank.JACK:
            bonus[card.suit] = bonus.get(card.suit, 0) + 1
    return bonus


def expected_hand_values(
    cards: Sequence[Card], throw: int
) -> list[tuple[tuple[Card, ...], tuple[Card, ...], float, int, int]]:
    """(keep, discard, expected hand, min, max) for every way to throw ``throw`` cards.

    The expectation is exact over the ``52 - len(cards)`` unseen starters.
    This is the fast core of :func:`advise`, also used by the bots.
    """
    n = len(cards)
    seen_by_rank = [0] * 14
    suit_left = dict.fromkeys(Suit, 13)
    for card in cards:
        seen_by_rank[card.rank] += 1
        suit_left[card.suit] -= 1
    # starters left per (rank, suit) only matter for flush/nobs; per rank for the rest
    left = [0] + [4 - seen_by_rank[r] for r in range(1, 14)]
    ranks_left = [r for r in range(1, 14) if left[r]]
    unseen = 52 - n
    unseen_suits = [tuple(s for s in Suit if Card.of(r, s) not in cards) for r in range(1, 14)]
    unseen_suits.insert(0, ())
    results = []
    for idx in combinations(range(n), n - throw):
        keep = tuple(cards[i] for i in idx)
        discard = tuple(c for c in cards if c not in keep)
        base = (
            RANK_BIT[keep[0].rank]
            + RANK_BIT[keep[1].rank]
            + RANK_BIT[keep[2].rank]
            + RANK_BIT[keep[3].rank]
        )
        total = 0
        lo = 99
        hi = -1
        for r in ranks_left:
            p = _RANK_POINTS[base + RANK_BIT[r]]
            total += p * left[r]
            if p < lo:
                lo = p
            if p > hi:
                hi = p
        bonus = _suit_bonus(keep)
        if bonus:
            # exact per-starter min/max with the suit bonus; the mean adds bonus x starters of that suit
            for suit, points in bonus.items():
                total += points * suit_left[suit]
            lo = 99
            hi = -1
            for r in ranks_left:
                p = _RANK_POINTS[base + RANK_BIT[r]]
                for suit in unseen_suits[r]:
                    q = p + bonus.get(suit, 0)
                    if q < lo:
                        lo = q
                    if q > hi:
                        hi = q
        results.append((keep, discard, total / unseen, lo, hi))
    return results
