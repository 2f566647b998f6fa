"""The pegging term of a kept hand: what its four cards are worth in the play, for each role.

``cribbage_core/tables/data/peg_table.json`` (made by ``scripts/make_peg_table.py``; the method is in
its header) holds, for every multiset of four ranks and for the pone (who leads) and the dealer,
the expected points for minus against over a whole two-player play, computed exactly with the
pegging engine (:func:`cribbage_core.coach.peg_value.opening_value`) against the modelled opponent,
then moved by one constant per role so that the role's average is what the expert's self-play
pegs (the dealer's margin, minus it for the pone): against the modelled opponent, weaker than the
seat, each seat out-pegged it from either chair. The discard advice adds it to the hand and the crib.

>>> from cribbage_core import parse_cards
>>> peg_term(parse_cards("5H 5S 10D JC"), dealer=True) > peg_term(parse_cards("AH 6S 9D KC"), dealer=True)
True
>>> keep_key((13, 1, 4, 4))
'A-4-4-K'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import comb, prod
from pathlib import Path
from typing import Any, Final

from cribbage_core.cards import Card, Rank
from cribbage_core.errors import WrongNumberOfCards

__all__ = [
    "TABLE_PATH",
    "keep_key",
    "peg_term",
    "load_table",
    "role_mean",
    "weighted_mean",
    "selfplay_margin",
    "luck_baseline",
]

#: Where the committed table lives.
TABLE_PATH: Final = Path(__file__).resolve().parent / "data" / "peg_table.json"


def keep_key(ranks: Sequence[int]) -> str:
    """The table key of four ranks: sorted, as ``'A-4-4-K'``."""
    if len(ranks) != 4:
        raise WrongNumberOfCards(f"a kept hand has 4 cards, got {len(ranks)}")
    return "-".join(Rank(r).symbol for r in sorted(ranks))


@cache
def load_table(path: Path = TABLE_PATH) -> dict[str, Any]:
    """The committed table as parsed JSON (cached)."""
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def peg_term(keep: Sequence[Card], dealer: bool) -> float:
    """Expected pegging points for minus against of a kept hand, as dealer or as pone (two players)."""
    role = "dealer" if dealer else "pone"
    return float(load_table()["tables"][role][keep_key([c.rank.value for c in keep])])


def weighted_mean(column: Mapping[str, float]) -> float:
    """The mean of a role's column over every kept hand, each weighed by the ways to hold it."""
    total = weight_sum = 0.0
    for ranks in combinations_with_replacement(range(1, 14), 4):
        weight = prod(comb(4, ranks.count(r)) for r in set(ranks))
        total += weight * column[keep_key(ranks)]
        weight_sum += weight
    return total / weight_sum


@cache
def role_mean(dealer: bool) -> float:
    """The pegging term averaged over every kept hand, each weighed by the ways to hold it.

    The table is centred so that this is the dealer's margin in the play of the expert's
    self-play for the dealer and minus it for the pone (:func:`selfplay_margin`): the play is
    zero-sum, so the two add to zero.

    >>> round(role_mean(True) + role_mean(False), 3)
    0.0
    """
    return weighted_mean(load_table()["tables"]["dealer" if dealer else "pone"])


def selfplay_margin() -> tuple[float, float, int]:
    """The dealer's margin in the play per deal in the expert's self-play: (mean, standard error, deals).

    Measured by ``scripts/measure_peg_margin.py``; the table is centred on it.
    """
    measured = load_table()["header"]["centring"]["selfplay"]
    return float(measured["margin"]), float(measured["margin_se"]), int(measured["deals"])


def luck_baseline(dealer: bool) -> float:
    """The best keep's net (hand + crib + pegging) of an average dealt hand, for the dealer or the pone.

    Measured over random deals by ``scripts/make_peg_table.py`` (mean and standard error in the
    file); the game review's luck compares each dealt hand with it.
    """
    mean, _se, _n = load_table()["baseline"]["dealer" if dealer else "pone"]
    return float(mean)
