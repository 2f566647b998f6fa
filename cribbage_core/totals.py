"""Total-only scoring of the show, fast: for bots, advisors and statistics.

:func:`~cribbage_core.scoring.score_hand` lists every fifteen, pair and run
with its cards, which is what a learner needs but more than a bot weighing
thousands of discards needs. This module gives only the total, from tables:

- fifteens, pairs and runs depend only on the five ranks. :data:`RANK_POINTS`
  (built once, lazily, in a fraction of a second with numpy) holds their points for every
  *ordered* tuple of five ranks, 13**5 = 371,293 entries, so a lookup needs no
  sorting: the index is ``r0*13**4 + r1*13**3 + r2*13**2 + r3*13 + r4`` with
  ranks 0-12 (Ace = 0), in any order of the five cards;
- the flush (4 hand cards of one suit: 4, or 5 with the starter; a crib only
  scores the 5) and nobs (the Jack of the starter's suit in the hand) are two
  comparisons.

The table is computed here from the rules, independently of ``scoring.py``,
so the two implementations check each other (``tests/core/test_golden.py``).

Cards are given as :class:`~cribbage_core.cards.Card` objects to
:func:`hand_total`, or as card indices 0-51 (``Card.index``: suit-major,
``suit * 13 + rank - 1``) to the numpy batch functions.

>>> from cribbage_core import parse_cards, Card
>>> hand_total(parse_cards("5H 5S 5C JD"), Card.parse("5D"))
29
>>> import numpy as np
>>> hands = np.array([[c.index for c in parse_cards("2H 4H 6H 8H")]])
>>> hand_totals(hands, np.array([Card.parse("KS").index])).tolist()
[4]
>>> hand_totals(hands, np.array([Card.parse("KS").index]), is_crib=True).tolist()
[0]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Final

import numpy as np
from numpy.typing import NDArray

from cribbage_core.cards import Card, full_deck
from cribbage_core.errors import InvalidCard, WrongNumberOfCards
from cribbage_core.scoring import MAX_HAND_POINTS

__all__ = [
    "DEAL_COUNT",
    "MAX_SCORE",
    "all_deals",
    "hand_total",
    "hand_totals",
    "rank_points_table",
    "score_distribution",
]

#: The highest possible show, 29 (:data:`~cribbage_core.scoring.MAX_HAND_POINTS`).
MAX_SCORE: Final = MAX_HAND_POINTS
#: Number of (4-card hand, starter) deals: C(52, 4) * 48.
DEAL_COUNT: Final = 12_994_800

_POWERS: Final = (13**4, 13**3, 13**2, 13, 1)

# Filled on first use by rank_points_table().
_TABLE: NDArray[np.int8] | None = None
_TABLE_LIST: list[int] = []


def _build_rank_points() -> NDArray[np.int8]:
    """Fifteens + pairs + runs for every ordered 5-tuple of ranks 0-12.

    Works on one 1-D array per card position (and per rank), which numpy runs
    much faster than reductions along short rows.
    """
    codes = np.arange(13**5, dtype=np.int32)
    ranks = [((codes // p) % 13).astype(np.int16) for p in _POWERS]  # 0-12 per position
    values = [np.minimum(r + 1, 10) for r in ranks]
    points = np.zeros(len(codes), dtype=np.int16)
    # fifteens: 2 for every combination of 2-5 cards whose count values sum to 15;
    # each subset's sum is a smaller subset's sum plus one more card
    sums: dict[tuple[int, ...], NDArray[np.int16]] = {(i,): values[i] for i in range(5)}
    for size in range(2, 6):
        for subset in combinations(range(5), size):
            sums[subset] = sums[subset[:-1]] + values[subset[-1]]
            points += 2 * (sums[subset] == 15)
    # pairs: 2 for every two cards of equal rank
    for i, j in combinations(range(5), 2):
        points += 2 * (ranks[i] == ranks[j])
    # runs: how many cards of each rank, with an empty rank either side of A..K
    empty = np.zeros(len(codes), dtype=np.int16)
    counts = [empty] + [sum((r == rank).astype(np.int16) for r in ranks) for rank in range(13)]
    counts.append(empty)
    # Five cards hold at most one maximal run of 3+ distinct ranks; it scores its
    # length times the product of the counts of its ranks (a double run is 2 runs).
    # The product is 0 unless every rank of the stretch is present.
    for length in (3, 4, 5):
        for start in range(1, 15 - length):
            ways = counts[start].copy()
            for k in range(start + 1, start + length):
                ways *= counts[k]
            maximal = (counts[start - 1] == 0) & (counts[start + length] == 0)
            points += length * ways * maximal
    return points.astype(np.int8)


def rank_points_table() -> NDArray[np.int8]:
    """Points for fifteens, pairs and runs, indexed by the five ranks' code.

    The code of ranks ``r0..r4`` (0-12, Ace = 0, any order) is
    ``r0*13**4 + r1*13**3 + r2*13**2 + r3*13 + r4``. Built on first use.

    >>> int(rank_points_table()[4 * 13**4 + 4 * 13**3 + 4 * 13**2 + 4 * 13 + 10])  # 5555 J
    28
    """
    global _TABLE, _TABLE_LIST
    if _TABLE is None:
        _TABLE = _build_rank_points()
        _TABLE.setflags(write=False)
        _TABLE_LIST = _TABLE.tolist()
    return _TABLE


# ------------------------------------------------------------------ one deal

# Per card index, its rank (0-12) times each position's power of 13: the
# code is then a sum of five list lookups, with no arithmetic on enums.
_DECK: Final = full_deck()
_PART: Final = tuple(tuple(c.index % 13 * p for c in _DECK) for p in _POWERS)
_NOBS_JACK: Final = {c: Card.from_index(c.index // 13 * 13 + 10) for c in _DECK}


def hand_total(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """The total of the show for a 4-card hand (or crib) and its starter.

    The same number as ``score_hand(hand, starter, is_crib).total``, over ten
    times faster (a few million deals a second). For speed it does not check
    that the five cards are distinct or that they are :class:`Card` objects:
    use :func:`~cribbage_core.scoring.score_hand` for input you have not made
    yourself.

    >>> from cribbage_core import parse_cards, Card
    >>> hand_total(parse_cards("4H 4S 5C 5D"), Card.parse("6S"))
    24
    >>> hand_total(parse_cards("5H 6S"), Card.parse("7C"))
    Traceback (most recent call last):
    ...
    cribbage_core.errors.WrongNumberOfCards: a hand or crib has 4 cards, got 2
    """
    try:
        a, b, c, d = hand
    except ValueError:
        raise WrongNumberOfCards(f"a hand or crib has 4 cards, got {len(hand)}") from None
    if not _TABLE_LIST:
        rank_points_table()
    p0, p1, p2, p3, p4 = _PART
    total = _TABLE_LIST[p0[a.index] + p1[b.index] + p2[c.index] + p3[d.index] + p4[starter.index]]
    suit = a.suit
    if b.suit is suit and c.suit is suit and d.suit is suit:
        if starter.suit is suit:
            total += 5
        elif not is_crib:
            total += 4
    jack = _NOBS_JACK[starter]  # Cards are shared instances: `is` is exact
    if jack is a or jack is b or jack is c or jack is d:
        total += 1
    return total


# ------------------------------------------------------------- many deals

_IntArray = NDArray[np.integer]


def hand_totals(hands: _IntArray, starters: _IntArray, is_crib: bool = False) -> NDArray[np.int8]:
    """Show totals for many deals at once, vectorised with numpy.

    ``hands`` is an ``(N, 4)`` array of card indices 0-51 (``Card.index``),
    ``starters`` an ``(N,)`` array; the result is an ``(N,)`` int8 array.
    Cards are not checked for being distinct (a deal with a repeated card
    gets a meaningless total); indices outside 0-51 raise
    :class:`~cribbage_core.errors.InvalidCard`.
    """
    hands = np.asarray(hands)
    starters = np.asarray(starters)
    if hands.ndim != 2 or hands.shape[1] != 4 or starters.shape != (hands.shape[0],):
        raise WrongNumberOfCards(
            f"hands must have shape (N, 4) and starters (N,); got {hands.shape} and "
            f"{starters.shape}"
        )
    if hands.size and not (
        0 <= min(hands.min(), starters.min()) <= max(hands.max(), starters.max()) <= 51
    ):
        raise InvalidCard("card indices are 0-51 (Card.index)")
    table = rank_points_table()
    hands = hands.astype(np.int32, copy=False)
    starters = starters.astype(np.int32, copy=False)
    suits = hands // 13
    ranks = hands - 13 * suits
    starter_suit = starters // 13
    code = ranks[:, 0] * _POWERS[0]
    code += ranks[:, 1] * _POWERS[1]
    code += ranks[:, 2] * _POWERS[2]
    code += ranks[:, 3] * _POWERS[3]
    code += starters - 13 * starter_suit
    total: NDArray[np.int8] = table[code]
    flush = (
        (suits[:, 0] == suits[:, 1]) & (suits[:, 0] == suits[:, 2]) & (suits[:, 0] == suits[:, 3])
    )
    five = flush & (suits[:, 0] == starter_suit)
    total += (5 * five).astype(np.int8)
    if not is_crib:
        total += (4 * (flush & ~five)).astype(np.int8)
    nobs_jack = starter_suit * 13 + 10
    total += (hands == nobs_jack[:, None]).any(axis=1).astype(np.int8)
    return total


def all_deals(chunk_hands: int = 20_000) -> Iterator[tuple[NDArray[np.int8], NDArray[np.int8]]]:
    """Every (4-card hand, starter) deal, as ``(hands, starters)`` index arrays in chunks.

    Each of the C(52, 4) = 270,725 hands comes with each of the 48 cards not
    in it, so the chunks hold :data:`DEAL_COUNT` deals in all. A chunk covers
    ``chunk_hands`` hands (the last one fewer).

    >>> sum(len(starters) for _, starters in all_deals()) == DEAL_COUNT
    True
    """
    hands = np.array(list(combinations(range(52), 4)), dtype=np.int8)
    deck = np.arange(52, dtype=np.int8)
    for start in range(0, len(hands), chunk_hands):
        block = hands[start : start + chunk_hands]
        # a (hands, 52) mask of the cards still in the deck: 48 per row
        in_deck = np.ones((len(block), 52), dtype=bool)
        in_deck[np.arange(len(block))[:, None], block] = False
        rows, starters = np.nonzero(in_deck)
        yield block[rows], deck[starters]


def score_distribution(is_crib: bool = False) -> NDArray[np.int64]:
    """How many of the 12,994,800 deals score each total 0-29, via :func:`hand_totals`.

    Index ``s`` of the result is the number of deals whose show totals ``s``.
    Takes about a second or two.
    """
    counts = np.zeros(MAX_SCORE + 1, dtype=np.int64)
    for hands, starters in all_deals():
        counts += np.bincount(hand_totals(hands, starters, is_crib), minlength=MAX_SCORE + 1)
    return counts
