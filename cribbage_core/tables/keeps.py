"""What an opponent's discard says about the four cards it kept: the keep table.

In two-player cribbage each player is dealt six cards and lays two away before the play, so
the four it holds are not any four cards: they are the four it *chose*. A hand it would never
keep (say 10-K-2-7 from six cards that held a pair of 5s) is less likely than the deal alone
says. :func:`keep_chances` measures it for every multiset of four ranks and each role: the
chance that a player dealt those four cards plus two random others keeps exactly those four.
The pegging values (:mod:`cribbage_core.coach.peg_value`, ``discard_evidence=True``) multiply each
possible opponent hand by it.

The model of the player (a cheap, documented approximation, not a simulation):

- it values each of its 15 ways to keep four of six by the kept hand's expected show over
  the 46 starters it cannot see, by ranks only (no flush, no nobs), plus the crib table's
  value of the two cards laid away (:mod:`cribbage_core.tables.crib`; + for its own crib, - for
  the opponent's; two cards of different ranks are suited one time in four), as the hard bot
  does;
- it keeps each way with a chance that falls off with how far below the best it is, a
  softmax with :data:`TEMPERATURE` points (a way 1 point worse is kept e^-1 times as often as
  the best one); real players, and learners, do not always find the best keep;
- the two other cards are drawn from the deck less the four (the cards the seat asking can
  see are not removed: the table is one per role, not one per position).

Under a player that kept at random every entry would be 1/15; the table's entries are that
chance, so ``15 * chance`` says how many times likelier than a random keep a hand is.
``scripts/make_keep_table.py`` writes ``cribbage_core/tables/data/keep_table.json`` (the method in
its header); ``tests/core/tables/test_keeps.py`` recomputes entries and checks them against it.

>>> keep_weight((5, 5, 10, 11), dealer=True) > keep_weight((1, 7, 10, 13), dealer=True)
True
>>> round(15 * keep_weight((5, 5, 10, 11), dealer=True), 1) > 1    # likelier than a random keep
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, Final

from cribbage_core.cards import Rank
from cribbage_core.errors import WrongNumberOfCards
from cribbage_core.tables.crib import load_table as crib_table
from cribbage_core.tables.expected import RANK_BIT, rank_points

__all__ = [
    "TABLE_PATH",
    "TEMPERATURE",
    "keep_chance_of",
    "keep_chances",
    "keep_weight",
    "keep_weights",
    "load_table",
    "rank_code",
]

#: Where the committed table lives.
TABLE_PATH: Final = Path(__file__).resolve().parent / "data" / "keep_table.json"
#: The softmax temperature of the modelled player's keep, in expected points.
TEMPERATURE: Final = 1.0


def rank_code(ranks: Sequence[int]) -> int:
    """A multiset of ranks as one int: the sum of :data:`~cribbage_core.tables.expected.RANK_BIT` (3 bits a rank)."""
    return sum(RANK_BIT[r] for r in ranks)


def _key(ranks: Sequence[int]) -> str:
    return "-".join(Rank(r).symbol for r in sorted(ranks))


def _counts(code: int) -> list[int]:
    return [0] + [(code >> (3 * (r - 1))) & 7 for r in range(1, 14)]


def _splits(six: Sequence[int]) -> Iterator[tuple[int, tuple[int, int], int]]:
    """Every distinct (kept four's code, the two laid away, how many ways of the 15) of six ranks."""
    counts = [0] * 14
    for r in six:
        counts[r] += 1
    ranks = sorted(set(six))
    for i, a in enumerate(ranks):
        for b in ranks[i:]:
            if a == b and counts[a] < 2:
                continue
            ways = math.comb(counts[a], 2) if a == b else counts[a] * counts[b]
            yield rank_code(six) - RANK_BIT[a] - RANK_BIT[b], (a, b), ways


def _crib(a: int, b: int, dealer: bool) -> float:
    table = crib_table()["tables"]["2"]["dealer" if dealer else "pone"]
    sa, sb = Rank(a).symbol, Rank(b).symbol
    if a == b:
        return float(table[f"{sa}-{sb}"][0])
    return 0.25 * float(table[f"{sa}-{sb} suited"][0]) + 0.75 * float(
        table[f"{sa}-{sb} offsuit"][0]
    )


def _keep_value(keep: int, six: int, crib: float, dealer: bool) -> float:
    """Expected show of the kept four over the 46 starters (ranks only) ± the crib's value."""
    seen = _counts(six)
    total = 0
    for r in range(1, 14):
        left = 4 - seen[r]
        if left:
            total += left * rank_points(keep + RANK_BIT[r])
    return total / 46 + (crib if dealer else -crib)


def _six_normaliser(
    six: tuple[int, ...], dealer: bool, temperature: float
) -> tuple[float, dict[int, float]]:
    """For six ranks: the sum over the 15 ways of exp(value / T) (less the best, for range), and each keep's value."""
    values: dict[int, float] = {}
    ways_of: dict[int, int] = {}
    code = rank_code(six)
    for keep, (a, b), ways in _splits(six):
        values[keep] = _keep_value(keep, code, _crib(a, b, dealer), dealer)
        ways_of[keep] = ways
    best = max(values.values())
    z = sum(ways_of[k] * math.exp((v - best) / temperature) for k, v in values.items())
    return z, {k: v - best for k, v in values.items()}


def keep_chance_of(ranks: Sequence[int], dealer: bool, temperature: float = TEMPERATURE) -> float:
    """The chance that a player dealt these four cards plus two random others keeps these four.

    Computed afresh (see the module docs); :func:`keep_weight` reads the committed table.
    """
    if (
        len(ranks) != 4
        or not all(1 <= r <= 13 for r in ranks)
        or max(map(list(ranks).count, ranks)) > 4
    ):
        raise WrongNumberOfCards(
            f"a kept hand is four ranks 1-13, at most four of each, got {ranks!r}"
        )
    return _chance(tuple(sorted(ranks)), dealer, temperature, {})


def keep_chances(dealer: bool, temperature: float = TEMPERATURE) -> dict[str, float]:
    """:func:`keep_chance_of` for every multiset of four ranks, keyed as ``'A-4-4-K'`` (seconds)."""
    normalisers: dict[tuple[int, ...], tuple[float, dict[int, float]]] = {}
    return {
        _key(ranks): _chance(ranks, dealer, temperature, normalisers)
        for ranks in combinations_with_replacement(range(1, 14), 4)
    }


def _chance(
    ranks: tuple[int, ...],
    dealer: bool,
    temperature: float,
    normalisers: dict[tuple[int, ...], tuple[float, dict[int, float]]],
) -> float:
    keep = rank_code(ranks)
    held = _counts(keep)
    total = 0.0
    pairs = 0
    for a in range(1, 14):
        for b in range(a, 14):
            ways = math.comb(4 - held[a], 2) if a == b else (4 - held[a]) * (4 - held[b])
            if not ways:
                continue
            six = tuple(sorted((*ranks, a, b)))
            found = normalisers.get(six)
            if found is None:
                found = normalisers[six] = _six_normaliser(six, dealer, temperature)
            z, values = found
            # each of the kept four's card sets is one of the 15 ways: exp(value / T) / z
            total += ways * math.exp(values[keep] / temperature) / z
            pairs += ways
    return total / pairs


@cache
def load_table(path: Path = TABLE_PATH) -> dict[str, Any]:
    """The committed table as parsed JSON (cached)."""
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


@cache
def keep_weights(dealer: bool) -> dict[int, float]:
    """The committed table for the dealer's keep or the pone's, keyed by :func:`rank_code`."""
    table = load_table()["tables"]["dealer" if dealer else "pone"]
    return {
        rank_code(ranks): float(table[_key(ranks)])
        for ranks in combinations_with_replacement(range(1, 14), 4)
    }


def keep_weight(ranks: Sequence[int], dealer: bool) -> float:
    """The committed chance that a player (the dealer, or the pone) dealt these four ranks keeps them."""
    if len(ranks) != 4:
        raise WrongNumberOfCards(f"a kept hand has 4 cards, got {len(ranks)}")
    return keep_weights(dealer)[rank_code(ranks)]
