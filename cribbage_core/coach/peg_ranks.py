"""The play on ranks, as the pegging values count it: a card's points on a series, the ranks
that fit on a count, and the order in which the modelled opponent lays its cards.

Suits do not count in the play, so the search (:mod:`cribbage_core.coach.peg_search`) and the
weighing of the opponent's hands (:mod:`cribbage_core.coach.peg_value`) deal in ranks 1-13. A
hand of ranks is an int with 3 bits per rank (``_BIT[r]`` is one card of rank ``r``,
``_MASK[r]`` its three bits), cheap to hash and to take a card from.

:func:`play_points` is a card's points on a series (fifteens, 31s, pairs and runs; the go and
last card are not included), found for every rank at once, once per series (``_after``).
:func:`opponent_order` is the opponent model: the card that scores most now minus what one
random reply would score back, the higher card on a tie.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

__all__ = ["play_points", "opponent_order"]

_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_BIT: Final = tuple(0 if r == 0 else 1 << (3 * (r - 1)) for r in range(14))
_MASK: Final = tuple(0 if r == 0 else 7 << (3 * (r - 1)) for r in range(14))
_SAME: Final = (0, 2, 6, 12)


def play_points(pile: tuple[int, ...], rank: int) -> int:
    """Points for laying a card of ``rank`` (1-13) on a series whose ranks so far are ``pile``.

    Fifteen or 31 (2), pairs (2, 6, 12) and the longest run ending on the card; the go and
    last card are not included. The same as :func:`~cribbage_core.pegging.score_play`'s total.

    >>> play_points((1, 7), 7), play_points((2, 8, 6, 7), 5), play_points((10, 11), 12)
    (4, 4, 3)
    """
    return _after(pile)[rank]


_AFTER: dict[tuple[int, ...], tuple[int, ...]] = {}


def _after(pile: tuple[int, ...]) -> tuple[int, ...]:
    """The points of laying each rank 1-13 on ``pile`` (index 0 unused), computed once per pile."""
    known = _AFTER.get(pile)
    if known is not None:
        return known
    count = 0
    for r in pile:
        count += _VALUE[r]
    n = len(pile)
    out = [0] * 14
    for need in (15 - count, 31 - count):  # fifteen or 31: the ranks of that value
        if 1 <= need <= 9:
            out[need] = 2
        elif need == 10:
            out[10] = out[11] = out[12] = out[13] = 2
    if n:
        last = pile[-1]
        same = 1
        while same < n and same < 3 and pile[n - 1 - same] == last:
            same += 1
        out[last] += _SAME[same]
        # runs: the last k cards (k >= 2) when they hold k distinct ranks; a rank not among them
        # makes a run of k + 1 with them when it extends them (they are consecutive: the rank
        # below or above) or fills their one gap. The longest such window counts.
        best: dict[int, int] = {}  # the rank that makes a run: its length (the longest found last)
        seen = 0
        lo = hi = last
        for k in range(1, n + 1):
            r = pile[n - k]
            if seen >> r & 1:
                break
            seen |= 1 << r
            lo = r if r < lo else lo
            hi = r if r > hi else hi
            if k < 2:
                continue
            span = hi - lo
            if span == k - 1:
                if lo > 1:
                    best[lo - 1] = k + 1
                if hi < 13:
                    best[hi + 1] = k + 1
            elif span == k:
                gap = lo + 1
                while seen >> gap & 1:
                    gap += 1
                best[gap] = k + 1
        for r, length in best.items():
            out[r] += length
    result = tuple(out)
    if len(_AFTER) > 400_000:
        _AFTER.clear()
    _AFTER[pile] = result
    return result


def _fit_mask(count: int) -> int:
    mask = 0
    for r in range(1, 14):
        if count + _VALUE[r] <= 31:
            mask |= _MASK[r]
    return mask


#: ``_FITS[count]``: the bits of every rank that fits on ``count`` (a hand ``rem`` can lay iff ``rem & _FITS[count]``).
_FITS: Final = tuple(_fit_mask(count) for count in range(32))


def _legal(count: int) -> range:
    """Ranks that fit on ``count`` (ranks are ordered by value, so it is a prefix of 1-13)."""
    room = 31 - count
    return range(1, (room if room < 10 else 13) + 1) if room > 0 else range(1, 1)


@lru_cache(maxsize=200_000)
def opponent_order(pile: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks that fit on the series ``pile``, in the order the modelled opponent prefers them.

    A rank's score is its points now minus what one random reply from the cards not in the
    series would score in fifteens, 31s and pairs (the model neither counts the cards of
    earlier series nor looks for runs it gives away); ties go to the higher card, which keeps
    low cards for the go.

    >>> opponent_order(())[:4]           # a lead: the low cards first, the 5 and the tens last
    (4, 3, 2, 1)
    >>> opponent_order((10,))[0]         # on a 10, the 5 makes fifteen
    5
    """
    count = 0
    pool = [0] + [4] * 13  # the cards not in the series, by rank and by value
    by_value = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16]
    for r in pile:
        value = _VALUE[r]
        count += value
        pool[r] -= 1
        by_value[value] -= 1
    n = len(pile)
    reply_cards = 51 - n  # the reply comes from the rest, less the card just laid
    last = pile[-1] if n else 0
    trail = 0  # how many cards of the last rank end the series
    while trail < n and trail < 3 and pile[n - 1 - trail] == last:
        trail += 1
    now = _after(pile)
    scored = []
    for r in _legal(count):
        value = _VALUE[r]
        after = count + value
        if after < 31:
            # fifteen or 31 for the reply (at most one of them can be in reach)
            need = 15 - after if after < 15 else 31 - after
            danger = 2 * (by_value[need] - (need == value and pool[r] > 0)) if need <= 10 else 0
            # a pair (or pair royal, double pair royal) for the reply
            same = trail + 1 if r == last else 1
            if same < 4:
                danger += _SAME[same] * (pool[r] - 1)
            # an int over an int: the same float as the sum made in floats (every term is whole)
            scored.append((now[r] - danger / reply_cards, value, r))
        else:
            scored.append((now[r] - 0.0, value, r))
    scored.sort(reverse=True)
    return tuple(r for _, _, r in scored)
