"""The pegging search's play-outs once this seat has no real choice left, kept across searches.

When this seat's cards are all of one rank, both sides' plays are fixed for each hand the
opponent may hold, so the rest of the play depends only on the position and that hand. The
search (:mod:`cribbage_core.coach.peg_search`) plays each hand out once and keeps the outcome
here: ``_FORCED`` by the position, then by the opponent's hand (:func:`_forced_table`), and
``_RACES`` for the win view's play-outs in which a side may get home on the way. A game's later
decisions meet the same play-outs again; :func:`_bound_forced` drops them all, before a search,
once there are more than :data:`_FORCED_SIZE`. :func:`_series_rest` plays the rest of one
series out when both sides' plays are fixed.

Every name here is private to the pegging values (:mod:`cribbage_core.coach.peg_value`).
"""

from __future__ import annotations

from typing import Final, TypeAlias

from cribbage_core.coach.peg_ranks import (
    _AFTER,
    _BIT,
    _FITS,
    _MASK,
    _VALUE,
    _after,
    opponent_order,
)

__all__: list[str] = []

# Plays with no choice left for this seat depend only on the position and the opponent's hand,
# so their outcomes are kept across searches (a game's later decisions meet the same ones): by
# the position (who is next, the series, this seat's cards, the opponent's number of cards, who
# has said go, who laid last), then by the opponent's hand left (an int, cheap to hash, where a
# key of both would hash the series and this seat's cards again for every hand).
# Each position's table holds both sides' points by the opponent's hand, their difference for
# points mode, and the rest of the position's series by the opponent's cards that fit on its
# count (only those can be laid before it ends, so hands alike in them play it alike):
# (points for, against, the opponent's cards laid, its cards and this seat's left, who laid last).
_Outcomes: TypeAlias = tuple[
    dict[int, tuple[int, int]], dict[int, int], dict[int, tuple[int, int, int, int, int, int]]
]
_FORCED: dict[tuple[object, ...], _Outcomes] = {}
#: How many play-outs ``_FORCED`` keeps at most between searches (all are dropped beyond it).
_FORCED_SIZE: Final = 400_000
_forced_kept = [0]  # how many it holds (a list: a module-level counter the search can add to)


def _forced_table(key: tuple[object, ...]) -> _Outcomes:
    """The play-outs known from one position, by the opponent's hand left (made when new)."""
    table = _FORCED.get(key)
    if table is None:
        table = _FORCED[key] = ({}, {}, {})
    return table


# The win view's play-outs in which a side may get home on the way, by the position and the
# points each side still needs, then by the opponent's hand: (1, 0, 0) when this seat gets home
# first, (0, 0, 0) when the opponent does, else (2, points for, points against).
_RACES: dict[tuple[object, ...], dict[int, tuple[int, int, int]]] = {}


def _bound_forced() -> None:
    """Drop every kept play-out once there are more than :data:`_FORCED_SIZE` (before a search)."""
    if _forced_kept[0] > _FORCED_SIZE:
        _FORCED.clear()
        _RACES.clear()
        _forced_kept[0] = 0


def _series_rest(
    me_next: bool,
    pile: tuple[int, ...],
    count: int,
    my_rank: int,
    mine_k: int,
    fit: int,
    opp_k: int,
    me_passed: bool,
    opp_passed: bool,
    last: int,
) -> tuple[int, int, int, int, int, int]:
    """The rest of a series when both sides' plays are fixed (this seat holds ``mine_k`` cards of
    ``my_rank``): points for this seat and for the opponent (the go included), the opponent's
    cards laid (a code), the cards each side has left after it (the opponent's, this seat's) and
    who laid last. ``fit``: the opponent's cards that fit on ``count`` (its others cannot be laid
    in this series, so they do not change it)."""
    mine_pts = theirs_pts = 0
    laid = 0
    my_value = _VALUE[my_rank]
    while True:
        if me_next:
            card = my_rank if mine_k and count + my_value <= 31 else 0
        else:
            card = 0
            for r in opponent_order(pile):
                if fit & _MASK[r]:
                    card = r
                    break
        if card:
            points = (_AFTER.get(pile) or _after(pile))[card]
            if me_next:
                mine_pts += points
                mine_k -= 1
                last = 0
            else:
                theirs_pts += points
                fit -= _BIT[card]
                laid += _BIT[card]
                opp_k -= 1
                last = 1
            count += _VALUE[card]
            pile = (*pile, card)
            if count < 31 and (mine_k or opp_k):
                if me_next:
                    if opp_k and not opp_passed:
                        me_next = False
                        continue
                    if mine_k and count + my_value <= 31:
                        continue
                else:
                    if mine_k and not me_passed:
                        me_next = True
                        continue
                    if fit & _FITS[count]:
                        continue
            if count < 31:
                if last == 0:  # the go, or the last card
                    mine_pts += 1
                else:
                    theirs_pts += 1
        else:
            # a go: the other side goes on if it can, else the series ends
            if me_next:
                me_passed = True
                if opp_k and not opp_passed:
                    me_next = False
                    continue
            else:
                opp_passed = True
                if mine_k and not me_passed:
                    me_next = True
                    continue
            if last == 0:
                mine_pts += 1
            else:
                theirs_pts += 1
        return mine_pts, theirs_pts, laid, opp_k, mine_k, last
