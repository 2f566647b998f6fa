"""What each card is worth in the play: expected points for minus against over the rest of the play.

For a position seen from one seat (``state.view(seat)``) in the play, :func:`peg_values` gives
every legal card with the points it is expected to bring, counted as *the seat's side's points
minus the opponents'* from now to the end of the play (the go and last card included), and,
when a side can reach the target in this deal, the chance to win after the hand.

How (two players). The opponent's cards are unknown: every multiset of ranks it could hold
among the cards this seat has not seen is weighed by how many ways it can be dealt, then by
what the opponent did this hand:

- a **go** is proof: a hand the opponent could have laid from when it said go is impossible;
- each **card laid** is evidence: the opponent is modelled as laying the card that scores most
  now minus what one random reply would score back (fifteens, 31s, pairs and runs: a count of
  5 or 21, a lone card inviting a pair), the higher card on a tie, and when it can reach the
  target at once, a card that does. A hand whose model would have laid what was laid keeps
  its weight, any other is multiplied by :data:`TREMBLE` spread over its other choices (real
  opponents do not follow a model exactly). So a card held back when it would have scored
  (no pair made on a 7 by a hand holding a 7) lowers the weight of the hands that hold it;
- its **discard** (``discard_evidence=True``, the default): the four cards it holds and has
  laid are the four it chose to keep from six, so each hand is also weighed by the chance that
  a player in its role keeps those four (:mod:`cribbage_core.tables.keeps`: a softmax over its 15 ways
  to lay two away, valued by the expected show and the crib table). ``discard_evidence=False``
  reads the plays alone (the expert before; the README gives the tournament that measured
  the difference).

The seat itself plays its best: the search is an exact expectimax over the opponent's
possible hands, and this seat's later choices may use only what it will have seen (the
opponent's plays), never the opponent's hand. So for a given position the values are
exact under the model and deterministic; ``tests/core/coach/test_pegvalue.py`` checks them against a
brute force over every hand and against simulated play.

With three or four players the search would be too wide: each card is valued by its points
now minus (for a partner, plus) the next seat's expected best reply, the way the hard bot
looks one reply ahead.

>>> from cribbage_core import parse_cards
>>> advice = values_for("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
>>> advice.best.card.rank.symbol                                  # lead from the pair of 4s
'4'
>>> advice.option("5H").points < advice.option("4D").points      # do not lead a 5
True
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, pairwise
from operator import mul
from typing import Final, TypeAlias

from cribbage_core.cards import Card, full_deck, parse_cards
from cribbage_core.errors import IllegalMove, WrongNumberOfCards
from cribbage_core.game import GameConfig, Phase, SeatView
from cribbage_core.tables.keeps import keep_weights
from cribbage_core.tables.winprob import dealer_table, ends_this_deal
from cribbage_core.totals import hand_total, rank_points_table

__all__ = [
    "PegOption",
    "PegAdvice",
    "peg_values",
    "best_play",
    "values_for",
    "values_view",
    "opponent_hands",
    "opening_value",
    "play_points",
    "opponent_order",
    "TREMBLE",
]

#: How much weight a hand keeps for each card the opponent laid that the model would not have laid.
TREMBLE: Final = 0.25

_VALUE: Final = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
_BIT: Final = tuple(0 if r == 0 else 1 << (3 * (r - 1)) for r in range(14))
_MASK: Final = tuple(0 if r == 0 else 7 << (3 * (r - 1)) for r in range(14))
_SAME: Final = (0, 2, 6, 12)
#: The most one card can score in the play: 31 (or fifteen) with a double pair royal.
_MOST_ONE_CARD: Final = 14


# ------------------------------------------------------------------ play points


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


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class PegOption:
    """One legal card: its points now, the expected points for minus against over the rest of the
    play (``points``, this card's included), and the chance to win after the hand (``win``, only
    when the win view applies)."""

    card: Card
    now: int
    points: float
    win: float | None = None


@dataclass(frozen=True, slots=True)
class PegAdvice:
    """Every legal card of a position, best first (by ``win`` when the win view applies, else by points).

    ``hands`` is how many opponent rank-hands were weighed (0 for the one-reply model of 3-4
    players) and ``effective_hands`` how many they amount to after the evidence of the opponent's
    plays (``1 / sum(w^2)`` of the normalised weights). ``forced`` is true when there was one
    legal card or none (a go).
    """

    options: tuple[PegOption, ...]
    win_view: bool
    hands: int = 0
    effective_hands: float = 0.0
    model: str = "expectimax"
    notes: tuple[str, ...] = field(default=())

    @property
    def best(self) -> PegOption:
        """The first option."""
        return self.options[0]

    @property
    def forced(self) -> bool:
        """Whether the seat had no real choice (one distinct rank, or a go)."""
        return len({o.card.rank for o in self.options}) <= 1

    def option(self, card: Card | str) -> PegOption:
        """The option that lays ``card``."""
        wanted = Card.parse(card) if isinstance(card, str) else card
        for option in self.options:
            if option.card is wanted:
                return option
        raise IllegalMove(
            f"{wanted} is not a legal card here: {' '.join(str(o.card) for o in self.options)}"
        )

    def loss(self, card: Card | str) -> float:
        """Expected points given up by laying ``card`` instead of the best card for points."""
        best = max(o.points for o in self.options)
        return best - self.option(card).points

    def win_loss(self, card: Card | str) -> float | None:
        """The chance to win given up by laying ``card`` (``None`` without the win view)."""
        if not self.win_view:
            return None
        wins = [o.win for o in self.options if o.win is not None]
        mine = self.option(card).win
        assert mine is not None
        return max(wins) - mine


# ------------------------------------------------------------------ the search

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


#: The opponent's hands at a node of the search: what each still holds (a code, see ``_BIT``)
#: and its weight, in the order of the hands at the root (sums add up in that order).
_Hands: TypeAlias = tuple[list[int], list[float]]


def _presence_table() -> dict[int, int]:
    """Bit ``r`` set for each rank ``r`` a hand holds, for every hand of up to four cards."""
    table = {0: 0}
    hands = [0]
    for _ in range(4):
        hands = [
            code + _BIT[r]
            for code in hands
            for r in range(1, 14)
            if (code >> (3 * (r - 1))) & 7 < 4
        ]
        for code in hands:
            table[code] = sum(1 << r for r in range(1, 14) if code & _MASK[r])
    return table


_PRESENT: Final = _presence_table()


def _first_held(order: tuple[int, ...], mask: int) -> int:
    """The first rank of ``order`` among the ranks of ``mask`` (0: none, a go)."""
    for r in order:
        if mask >> r & 1:
            return r
    return 0


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


def _fill(
    me_next: bool,
    pile: tuple[int, ...],
    count: int,
    mine: tuple[int, ...],
    opp_k: int,
    me_passed: bool,
    opp_passed: bool,
    last: int,
    table: _Outcomes,
    rems: list[int],
) -> None:
    """Put the play-outs of the hands ``rems`` not in ``table`` (the position's) into it.

    This seat's cards are all of one rank, so both sides' plays are fixed: the rest of this
    series is looked up by the cards of each hand that fit (played out once for each, by
    :func:`_series_rest`), the play after it in the next series' table (played out hand by hand
    when new, :meth:`_Search.forced`).
    """
    pairs, diffs, rests = table
    fits = _FITS[count]
    my_rank = mine[0] if mine else 0  # this seat's cards are all of one rank
    following: dict[tuple[int, int, int], _Outcomes] = {}
    added = 0
    for rem in rems:
        if rem in pairs:
            continue
        fit = rem & fits
        rest = rests.get(fit)
        if rest is None:
            rest = rests[fit] = _series_rest(
                me_next, pile, count, my_rank, len(mine), fit, opp_k, me_passed, opp_passed, last
            )
        gain, loss, laid, opp_left, mine_left, laid_last = rest
        if mine_left or opp_left:
            after = rem - laid
            ends = following.get(rest[3:])
            if ends is None:
                leads = (laid_last == 1 and mine_left > 0) or not opp_left
                ends = following[rest[3:]] = _forced_table(
                    (leads, (), mine[:mine_left], opp_left, False, False, -1)
                )
            known = ends[0].get(after)
            if known is None:
                leads = (laid_last == 1 and mine_left > 0) or not opp_left
                known = _Search.forced(
                    leads, (), 0, mine[:mine_left], after, opp_left, False, False, -1, ends
                )
            gain += known[0]
            loss += known[1]
        pairs[rem] = (gain, loss)
        diffs[rem] = gain - loss
        added += 1
    _forced_kept[0] += added


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


class _Search:
    """Expectimax over the opponent's possible hands, with this seat's choices made per information set.

    Hands are ints with 3 bits per rank (see ``_BIT``); ``used`` is what the opponent has laid
    since the root (the same for every hand of an information set). A call returns the weighted
    *sum* over the hands given of the outcome (points for minus against, or a win 1 / loss 0),
    so a choice compares sums over the same hands. Once this seat has no real choice left
    (its cards all of one rank), each hand's play is fixed: points mode then plays each hand
    out alone, remembering the result by position (:meth:`forced`).
    """

    def __init__(self, win: _WinModel | None) -> None:
        self.win = win
        self.nodes = 0
        self._choice: dict[tuple[int, ...], dict[int, int]] = {}

    # -- helpers

    def _order_for(self, pile: tuple[int, ...], po: int) -> tuple[int, ...]:
        order = opponent_order(pile)
        win = self.win
        if win is not None:
            need = win.opp_need - po
            winners = tuple(r for r in order if _after(pile)[r] >= need)
            if winners:
                order = winners + tuple(r for r in order if r not in winners)
        return order

    def _end(self, weight: float, pm: int, po: int, used: int) -> float:
        if self.win is None:
            return weight * (pm - po)
        return weight * self.win.after_play(pm, po, used)

    def _home(self, pm: int, po: int) -> float | None:
        """In win mode, 1.0 / 0.0 when a side has reached the target during the play."""
        win = self.win
        if win is None:
            return None
        if pm >= win.my_need:
            return 1.0
        if po >= win.opp_need:
            return 0.0
        return None

    def _all_forced(
        self,
        me_next: bool,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        me_passed: bool,
        opp_passed: bool,
        last: int,
        pm: int,
        po: int,
    ) -> float:
        rems, ws = hands
        table = _forced_table((me_next, pile, mine, opp_k, me_passed, opp_passed, last))
        pairs, diffs, _ = table
        try:  # most hands' play-outs are known
            found = list(map(diffs.__getitem__, rems))
        except KeyError:
            _fill(me_next, pile, count, mine, opp_k, me_passed, opp_passed, last, table, rems)
            found = list(map(diffs.__getitem__, rems))
        win = self.win
        if win is not None:
            # as forced_win, whose first answer (nobody home in the play) is made here for speed
            after_play = win.after_play
            home_me, home_them = win.my_need - pm, win.opp_need - po - _MOST_ONE_CARD
            races: dict[int, tuple[int, int, int]] | None = None
            total = 0.0
            for w, rem in zip(ws, rems):
                gain, loss = pairs[rem]
                if gain < home_me and loss < home_them:
                    total += w * after_play(pm + gain, po + loss, used + rem)
                    continue
                # a side may get home on the way, or the opponent's win-now rule change its play
                if races is None:
                    need_me, need_them = win.my_need - pm, win.opp_need - po
                    key = (
                        me_next,
                        pile,
                        mine,
                        opp_k,
                        me_passed,
                        opp_passed,
                        last,
                        need_me,
                        need_them,
                    )
                    races = _RACES.get(key)
                    if races is None:
                        races = _RACES[key] = {}
                end = races.get(rem)
                if end is None:
                    end = races[rem] = _Search.race(
                        me_next,
                        pile,
                        count,
                        mine,
                        rem,
                        opp_k,
                        me_passed,
                        opp_passed,
                        last,
                        need_me,
                        need_them,
                    )
                    _forced_kept[0] += 1
                home, gain, loss = end
                total += w * (
                    after_play(pm + gain, po + loss, used + rem) if home == 2 else float(home)
                )
            return total
        total = weight * (pm - po)
        for term in map(mul, ws, found):  # in the hands' order, as the values were always added
            total += term
        return total

    @staticmethod
    def race(
        me_next: bool,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        rem: int,
        opp_k: int,
        me_passed: bool,
        opp_passed: bool,
        last: int,
        my_need: int,
        opp_need: int,
    ) -> tuple[int, int, int]:
        """The win view of :meth:`forced`, when both sides' plays are fixed and a side may get
        home: (1, 0, 0) when this seat gets home first (it needs ``my_need`` points from here),
        (0, 0, 0) when the opponent does (``opp_need``; a card that takes it home is laid
        first), else (2, points for, points against) at the end of the play."""
        pm = po = 0
        mine_k = len(mine)
        my_rank = mine[0] if mine else 0
        my_value = _VALUE[my_rank]
        while True:
            if me_next:
                card = my_rank if mine_k and count + my_value <= 31 else 0
            else:
                card = 0
                points_now = _after(pile)
                for r in _legal(count):
                    if rem & _MASK[r] and points_now[r] >= opp_need - po:
                        card = r
                        break
                if not card:
                    for r in opponent_order(pile):
                        if rem & _MASK[r]:
                            card = r
                            break
            if card:
                points = (_AFTER.get(pile) or _after(pile))[card]
                if me_next:
                    pm += points
                    mine_k -= 1
                    last = 0
                else:
                    po += points
                    rem -= _BIT[card]
                    opp_k -= 1
                    last = 1
                if pm >= my_need:
                    return 1, 0, 0
                if po >= opp_need:
                    return 0, 0, 0
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
                        if rem & _FITS[count]:
                            continue
                if count < 31:
                    if last == 0:
                        pm += 1
                    else:
                        po += 1
            else:
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
                    pm += 1
                else:
                    po += 1
            if pm >= my_need:
                return 1, 0, 0
            if po >= opp_need:
                return 0, 0, 0
            if not mine_k and not opp_k:
                return 2, pm, po
            # a new series
            me_next = (last == 1 and mine_k > 0) or not opp_k
            pile, count, me_passed, opp_passed, last = (), 0, False, False, -1

    @staticmethod
    def forced(
        me_next: bool,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        rem: int,
        opp_k: int,
        me_passed: bool,
        opp_passed: bool,
        last: int,
        table: _Outcomes,
    ) -> tuple[int, int]:
        """Points for this seat and for the opponent from here when both sides' plays are fixed
        (one opponent hand ``rem``; the opponent as in points mode).

        Outcomes are remembered at the start and at each new series, where different hands meet.
        """
        marks = [(table, rem, (0, 0))]
        mine_pts = theirs_pts = 0
        mine_k = len(mine)
        my_rank = mine[0] if mine else 0  # this seat's cards are all of one rank
        my_value = _VALUE[my_rank]
        while True:
            if me_next:
                card = my_rank if mine_k and count + my_value <= 31 else 0
            else:
                card = 0
                for r in opponent_order(pile):
                    if rem & _MASK[r]:
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
                    rem -= _BIT[card]
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
                        if rem & _FITS[count]:
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
            # the series is over
            if not mine_k and not opp_k:
                break
            me_next = (last == 1 and mine_k > 0) or not opp_k
            pile, count, me_passed, opp_passed, last = (), 0, False, False, -1
            step = _forced_table((me_next, pile, (my_rank,) * mine_k, opp_k, False, False, -1))
            known = step[0].get(rem)
            if known is not None:
                mine_pts += known[0]
                theirs_pts += known[1]
                break
            marks.append((step, rem, (mine_pts, theirs_pts)))
        for at, hand, (m0, t0) in marks:
            at[0][hand] = (mine_pts - m0, theirs_pts - t0)
            at[1][hand] = (mine_pts - m0) - (theirs_pts - t0)
        _forced_kept[0] += len(marks)
        return mine_pts, theirs_pts

    # -- my turn

    def mine(
        self,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        opp_passed: bool,
        last: int,
        pm: int,
        po: int,
    ) -> float:
        self.nodes += 1
        if len(mine) <= 1 or mine[0] == mine[-1]:
            return self._all_forced(
                True, pile, count, mine, hands, weight, used, opp_k, False, opp_passed, last, pm, po
            )
        legal = sorted({r for r in mine if count + _VALUE[r] <= 31})
        if not legal:
            # a go: the opponent goes on if it can, else the series ends
            if opp_k and not opp_passed:
                return self.theirs(
                    pile, count, mine, hands, weight, used, opp_k, True, last, pm, po
                )
            return self.series_over(mine, hands, weight, used, opp_k, last, pm, po)
        best = -1e300
        for r in legal:
            value = self.after_my_lay(
                pile, count, mine, r, hands, weight, used, opp_k, opp_passed, pm, po
            )
            if value > best:
                best = value
        return best

    def after_my_lay(
        self,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        r: int,
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        opp_passed: bool,
        pm: int,
        po: int,
    ) -> float:
        pm += _after(pile)[r]
        if self.win is not None:
            home = self._home(pm, po)
            if home is not None:
                return weight * home
        rest = list(mine)
        rest.remove(r)
        left = tuple(rest)
        count += _VALUE[r]
        if count == 31:
            return self.new_series(left, hands, weight, used, opp_k, 0, pm, po)
        if not left and not opp_k:
            return self._last_card(0, weight, used, pm, po)
        pile = (*pile, r)
        if opp_k and not opp_passed:
            return self.theirs(pile, count, left, hands, weight, used, opp_k, False, 0, pm, po)
        if left and count + _VALUE[left[0]] <= 31:  # left is sorted: its lowest card fits
            return self.mine(pile, count, left, hands, weight, used, opp_k, True, 0, pm, po)
        return self.series_over(left, hands, weight, used, opp_k, 0, pm, po)

    # -- the opponent's turn

    def theirs(
        self,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        me_passed: bool,
        last: int,
        pm: int,
        po: int,
    ) -> float:
        self.nodes += 1
        if len(mine) <= 1 or mine[0] == mine[-1]:
            return self._all_forced(
                False, pile, count, mine, hands, weight, used, opp_k, me_passed, False, last, pm, po
            )
        order = self._order_for(pile, po)
        choice = self._choice.get(order)
        if choice is None:
            choice = self._choice[order] = {}
        # each hand lays the first card of the order it holds (0: a go), which depends only on
        # the ranks it holds; the hands that lay the same card go on together, a group
        rems, ws = hands
        masks = list(map(_PRESENT.__getitem__, rems))
        try:
            picks = list(map(choice.__getitem__, masks))
        except KeyError:
            for mask in set(masks).difference(choice):
                choice[mask] = _first_held(order, mask)
            picks = list(map(choice.__getitem__, masks))
        firsts = dict.fromkeys(picks)  # the groups in the order of their first hands
        total = 0.0
        if len(firsts) == 1:
            (r,) = firsts
            group = ([rem - _BIT[r] for rem in rems], ws) if r else hands
            return total + self._their_card(
                pile, count, mine, r, group, weight, used, opp_k, me_passed, last, pm, po
            )
        members: dict[int, list[int]] = {r: [] for r in firsts}
        for j, r in enumerate(picks):
            members[r].append(j)
        for r, js in members.items():
            group_ws = [ws[j] for j in js]
            gw = 0.0  # the group's weight, added in the order of its hands
            for w in group_ws:
                gw += w
            bit = _BIT[r]
            group = ([rems[j] - bit for j in js], group_ws)
            total += self._their_card(
                pile, count, mine, r, group, gw, used, opp_k, me_passed, last, pm, po
            )
        return total

    def _their_card(
        self,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        r: int,
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        me_passed: bool,
        last: int,
        pm: int,
        po: int,
    ) -> float:
        """The opponent's hands ``hands`` lay a card of rank ``r`` (already taken from them), or say go (0)."""
        if r:
            return self.after_their_lay(
                pile, count, mine, r, hands, weight, used, opp_k, me_passed, pm, po
            )
        if mine and not me_passed and count + _VALUE[mine[0]] <= 31:  # mine is sorted
            # the opponent says go and this seat goes on
            return self.mine(pile, count, mine, hands, weight, used, opp_k, True, last, pm, po)
        return self.series_over(mine, hands, weight, used, opp_k, last, pm, po)

    def after_their_lay(
        self,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        r: int,
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        me_passed: bool,
        pm: int,
        po: int,
    ) -> float:
        po += _after(pile)[r]
        if self.win is not None:
            home = self._home(pm, po)
            if home is not None:
                return weight * home
        used += _BIT[r]
        opp_k -= 1
        count += _VALUE[r]
        if count == 31:
            return self.new_series(mine, hands, weight, used, opp_k, 1, pm, po)
        if not mine and not opp_k:
            return self._last_card(1, weight, used, pm, po)
        pile = (*pile, r)
        if mine and not me_passed:
            return self.mine(pile, count, mine, hands, weight, used, opp_k, False, 1, pm, po)
        if opp_k:
            return self.theirs(pile, count, mine, hands, weight, used, opp_k, True, 1, pm, po)
        return self.series_over(mine, hands, weight, used, opp_k, 1, pm, po)

    # -- the end of a series and of the play

    def _last_card(self, who: int, weight: float, used: int, pm: int, po: int) -> float:
        if who == 0:
            pm += 1
        else:
            po += 1
        home = self._home(pm, po)
        if home is not None:
            return weight * home
        return self._end(weight, pm, po, used)

    def series_over(
        self,
        mine: tuple[int, ...],
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        last: int,
        pm: int,
        po: int,
    ) -> float:
        """Nobody can lay: the last to lay pegs 1 (go, or last card); the other leads the next series."""
        if not mine and not opp_k:
            return self._last_card(last, weight, used, pm, po)
        if last == 0:
            pm += 1
        elif last == 1:
            po += 1
        home = self._home(pm, po)
        if home is not None:
            return weight * home
        return self.new_series(mine, hands, weight, used, opp_k, last, pm, po)

    def new_series(
        self,
        mine: tuple[int, ...],
        hands: _Hands,
        weight: float,
        used: int,
        opp_k: int,
        last: int,
        pm: int,
        po: int,
    ) -> float:
        """A fresh count: the player after the last to lay leads, if they have cards."""
        if not mine and not opp_k:
            return self._end(weight, pm, po, used)
        me_leads = (last == 1 and bool(mine)) or not opp_k
        if me_leads:
            return self.mine((), 0, mine, hands, weight, used, opp_k, False, -1, pm, po)
        return self.theirs((), 0, mine, hands, weight, used, opp_k, not mine, -1, pm, po)


@dataclass(frozen=True, slots=True)
class _WinModel:
    """What the win view needs at the end of the play: scores, needs, the show and the table."""

    my_need: int  # points this seat's side still needs at the root
    opp_need: int
    my_score: int
    opp_score: int
    dealer: bool
    my_show: int  # this seat's hand with the starter
    opp_known: tuple[int, ...]  # ranks of the opponent's cards laid before the root
    starter_rank: int
    crib: tuple[float, ...]  # distribution of the crib's points
    target: int
    # what after_play answered, by (pm, po, used); the opponent's show by its cards laid; the
    # crib's share by the two totals before it: a search asks the same ends many times
    known: dict[tuple[int, int, int], float] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    shows: dict[int, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    crib_wins: dict[tuple[int, int], float] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def after_play(self, pm: int, po: int, used: int) -> float:
        """The chance to win once the play is over (this seat pegged ``pm`` and the opponent ``po``
        from the root; ``used``: the opponent's cards laid from the root): the show in order, then
        the table."""
        key = (pm, po, used)
        found = self.known.get(key)
        if found is not None:
            return found
        opp_show = self.shows.get(used)
        if opp_show is None:
            ranks = list(self.opp_known)
            for r in range(1, 14):
                ranks.extend([r] * ((used >> (3 * (r - 1))) & 7))
            opp_show = _rank_show(tuple(sorted(ranks)), self.starter_rank) if len(ranks) == 4 else 0
            self.shows[used] = opp_show
        found = self.known[key] = self._after_show(
            self.my_score + pm, self.opp_score + po, opp_show
        )
        return found

    def _after_show(self, me: int, them: int, opp_show: int) -> float:
        target = self.target
        if self.dealer:
            pone, pone_hand, dealer, dealer_hand = them, opp_show, me, self.my_show
        else:
            pone, pone_hand, dealer, dealer_hand = me, self.my_show, them, opp_show
        if pone + pone_hand >= target:
            dealer_wins = 0.0
        elif dealer + dealer_hand >= target:
            dealer_wins = 1.0
        else:
            pone += pone_hand
            dealer += dealer_hand
            known = self.crib_wins.get((pone, dealer))
            if known is None:
                table = dealer_table(target)
                known = 0.0
                for points, p in enumerate(self.crib):
                    if p:
                        after = dealer + points
                        known += p * (1.0 if after >= target else 1.0 - float(table[pone, after]))
                self.crib_wins[(pone, dealer)] = known
            dealer_wins = known
        return dealer_wins if self.dealer else 1.0 - dealer_wins


def _rank_show(ranks: tuple[int, ...], starter: int) -> int:
    """Fifteens, pairs and runs of four ranks with the starter (suits unknown: no flush or nobs)."""
    table = rank_points_table()
    a, b, c, d = ranks
    return int(
        table[(a - 1) * 13**4 + (b - 1) * 13**3 + (c - 1) * 169 + (d - 1) * 13 + starter - 1]
    )


# ------------------------------------------------------------------ the position


def _rank_hands(pool: Sequence[int], k: int) -> tuple[list[int], list[float]]:
    """Every multiset of ``k`` ranks within ``pool`` (as codes), weighted by the ways to deal it."""
    codes: list[int] = []
    weights: list[float] = []

    def walk(r: int, left: int, code: int, ways: int) -> None:
        if left == 0:
            codes.append(code)
            weights.append(float(ways))
            return
        if r > 13:
            return
        for m in range(min(left, pool[r]), -1, -1):
            walk(r + 1, left - m, code + m * _BIT[r], ways * math.comb(pool[r], m))

    walk(1, k, 0, 1)
    return codes, weights


def _series(view: SeatView) -> list[list[tuple[int, Card]]]:
    """The cards laid this hand, cut into series."""
    starts = list(view.series_starts) + [len(view.played)]
    return [list(view.played[a:b]) for a, b in pairwise(starts)]


def _evidence(
    view: SeatView, opp: int, codes: list[int], weights: list[float], tremble: float
) -> list[float]:
    """Weights after the opponent's go's (proof) and laid cards (evidence, see :data:`TREMBLE`)."""
    played = view.played
    opp_later = [0] * (len(played) + 1)  # code of the opponent's cards laid at index >= t
    for t in range(len(played) - 1, -1, -1):
        seat, card = played[t]
        opp_later[t] = opp_later[t + 1] + (_BIT[card.rank] if seat == opp else 0)
    out = list(weights)
    index = 0
    series = _series(view)
    for number, cards in enumerate(series):
        current = number == len(series) - 1
        pile: tuple[int, ...] = ()
        count = 0
        pass_count: int | None = None
        for j, (seat, card) in enumerate(cards):
            t = index + j
            if seat == opp:
                order = opponent_order(pile)
                later = opp_later[t]
                rank = card.rank.value
                for h, code in enumerate(codes):
                    if not out[h]:
                        continue
                    held = code + later
                    # which of its cards of that rank it laid is chance: 1 / how many it held
                    out[h] /= (held >> (3 * (rank - 1))) & 7
                    choices = [r for r in order if held & _MASK[r]]
                    if len(choices) > 1 and choices[0] != rank:
                        out[h] *= tremble / (len(choices) - 1)
            else:
                nxt = cards[j + 1][0] if j + 1 < len(cards) else None
                ended = j + 1 == len(cards) and not current
                after = count + card.value
                opp_had_cards = bool(opp_later[t + 1]) or view.cards_left[opp] > 0
                if pass_count is None and after < 31 and opp_had_cards and (nxt == seat or ended):
                    pass_count = after
            pile = (*pile, card.rank.value)
            count += card.value
        if current and view.passed[opp] and pass_count is None:
            pass_count = count
        if (  # the opponent laid last and the series ended: it could not lay again
            not current
            and count < 31
            and cards
            and cards[-1][0] == opp
            and pass_count is None
            and (view.cards_left[opp] > 0 or opp_later[index + len(cards)])
        ):
            pass_count = count
        if pass_count is not None:
            room = 31 - pass_count
            # every card the opponent held then, so every card it holds now, was too big to lay
            for h, code in enumerate(codes):
                if out[h] and any(code & _MASK[r] for r in range(1, 14) if _VALUE[r] <= room):
                    out[h] = 0.0
        index += len(cards)
    return out


def _unseen_cards(view: SeatView) -> list[Card]:
    seen = {*view.hand, *view.discards, *(c for _, c in view.played)}
    if view.starter is not None:
        seen.add(view.starter)
    return [c for c in full_deck() if c not in seen]


def _crib_distribution(view: SeatView, unseen: Sequence[Card]) -> tuple[float, ...]:
    """The crib's points: this seat's discards with two of the unseen cards, every pair alike."""
    assert view.starter is not None
    mine = view.discards
    counts: dict[int, int] = {}
    if len(mine) == 2:
        for a, b in combinations(unseen, 2):
            points = hand_total((mine[0], mine[1], a, b), view.starter, True)
            counts[points] = counts.get(points, 0) + 1
    else:  # not this seat's discards (should not happen with two players): a typical crib
        return (1.0,)
    size = max(counts) + 1
    total = sum(counts.values())
    return tuple(counts.get(k, 0) / total for k in range(size))


def peg_values(
    view: SeatView,
    *,
    win_view: bool | None = None,
    evidence: bool = True,
    tremble: float = TREMBLE,
    discard_evidence: bool = True,
) -> PegAdvice:
    """Every legal card of this seat's turn in the play, with its value (see the module docs).

    ``win_view=None`` turns the win view on when a side can reach the target this deal
    (:func:`~cribbage_core.tables.winprob.ends_this_deal`); ``True``/``False`` force it (two players).
    ``evidence=False`` weighs the opponent's hands by the deal alone; ``tremble`` is the
    weight kept for each play the model would not have made (:data:`TREMBLE`).
    ``discard_evidence=True`` (the default: the expert's and the grader's values) also weighs
    them by how likely a player in the opponent's role keeps those four cards
    (:mod:`cribbage_core.tables.keeps`); ``False`` reads the opponent's plays alone.
    """
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        raise IllegalMove(f"seat {view.seat} is not to lay a card now (phase {view.phase.value})")
    cards = sorted({c for c in view.hand if view.count + c.value <= 31})
    if not cards:
        return PegAdvice((), False, notes=("go",))
    if view.config.players != 2:
        return _one_reply(view, cards)
    _bound_forced()
    with _no_cyclic_collection():
        return _two_players(view, cards, win_view, evidence, tremble, discard_evidence)


@contextmanager
def _no_cyclic_collection() -> Iterator[None]:
    """Hold Python's cyclic garbage collector during a search.

    A search makes hundreds of thousands of small tuples and lists (keys, groups of hands)
    and no reference cycles, so the collector, which runs after every few hundred new
    objects and then walks the large caches of play-outs, finds nothing and costs about a
    tenth of the search. Nothing is lost: it runs again afterwards (if it was on).
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def opponent_hands(
    view: SeatView,
    *,
    evidence: bool = True,
    tremble: float = TREMBLE,
    discard_evidence: bool = True,
) -> list[tuple[tuple[int, ...], float]]:
    """The opponent's possible hands (as sorted ranks) with their chances, as the pegging values weigh them.

    Two players only. Every multiset of ranks the opponent could hold among the cards this seat
    has not seen, weighted by the ways to deal it, then by the evidence of this hand's play
    (see the module docs; ``tremble=0`` keeps only the hands whose model would have played
    exactly so; by default also by the opponent's keep, ``discard_evidence=False`` leaves it out).

    >>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    >>> hands = opponent_hands(view)
    >>> len(hands), round(sum(p for _, p in hands), 9)
    (1802, 1.0)
    """
    codes, weights = _weights(view, evidence, tremble, discard_evidence)
    return [(_ranks_of(code), w) for code, w in zip(codes, weights)]


def _ranks_of(code: int) -> tuple[int, ...]:
    return tuple(r for r in range(1, 14) for _ in range((code >> (3 * (r - 1))) & 7))


def _weights(
    view: SeatView, evidence: bool, tremble: float, discard_evidence: bool = False
) -> tuple[list[int], list[float]]:
    opp = 1 - view.seat
    pool = [0] * 14
    for c in _unseen_cards(view):
        pool[c.rank] += 1
    codes, weights = _rank_hands(pool, view.cards_left[opp])
    if evidence:
        weights = _evidence(view, opp, codes, weights, tremble)
    if discard_evidence and view.config.players == 2:
        weights = _kept(view, opp, codes, weights)
    keep = [i for i, w in enumerate(weights) if w > 0]
    if not keep:  # the evidence rules out every hand (not in a legal game): weigh by the deal
        codes, weights = _rank_hands(pool, view.cards_left[opp])
        keep = list(range(len(codes)))
    total = sum(weights[i] for i in keep)
    return [codes[i] for i in keep], [weights[i] / total for i in keep]


def _kept(view: SeatView, opp: int, codes: list[int], weights: list[float]) -> list[float]:
    """Weights times the chance that the opponent, in its role, keeps its four cards (held + laid)."""
    laid = 0
    n_laid = 0
    for seat, card in view.played:
        if seat == opp:
            laid += _BIT[card.rank]
            n_laid += 1
    if view.cards_left[opp] + n_laid != 4:
        # the position does not show all four of its cards (a position typed with fewer cards
        # held than its plays leave): its keep cannot be read, so the discard says nothing
        return weights
    chance = keep_weights(view.dealer == opp)
    return [w * chance[code + laid] if w else 0.0 for code, w in zip(codes, weights)]


def _win_model(view: SeatView) -> _WinModel:
    """What the win view needs of a two-player position: scores, this seat's show, the crib."""
    seat, opp = view.seat, 1 - view.seat
    assert view.starter is not None
    target = view.config.target
    kept = [*view.hand, *(c for s, c in view.played if s == seat)]
    return _WinModel(
        my_need=target - view.scores[seat],
        opp_need=target - view.scores[opp],
        my_score=view.scores[seat],
        opp_score=view.scores[opp],
        dealer=view.dealer == seat,
        my_show=hand_total(kept, view.starter) if len(kept) == 4 else 0,
        opp_known=tuple(sorted(c.rank.value for s, c in view.played if s == opp)),
        starter_rank=view.starter.rank.value,
        crib=_crib_distribution(view, _unseen_cards(view)),
        target=target,
    )


def _two_players(
    view: SeatView,
    cards: list[Card],
    win_view: bool | None,
    evidence: bool,
    tremble: float,
    discard_evidence: bool,
    best_only: bool = False,
) -> PegAdvice:
    """The two-player values; ``best_only``: just enough of them to put the same card first
    (see :func:`best_play`; the other options are left out)."""
    seat = view.seat
    opp = 1 - seat
    assert view.starter is not None
    opp_k = view.cards_left[opp]
    codes, weights = _weights(view, evidence, tremble, discard_evidence)
    effective = 1.0 / sum(w * w for w in weights)
    pile = tuple(c.rank.value for c in view.pile)
    mine = tuple(sorted(c.rank.value for c in view.hand))
    hands = (codes, weights)
    opp_passed = view.passed[opp]
    target = view.config.target
    me_score, opp_score = view.scores[seat], view.scores[opp]
    dealer = view.dealer == seat
    use_win = ends_this_deal(me_score, opp_score, dealer, target) if win_view is None else win_view
    points_search = _Search(None)
    values: dict[int, tuple[float, float | None]] = {}
    win_search: _Search | None = None
    if use_win:
        model = _win_model(view)
        win_search = _Search(model)
    ranks = sorted({c.rank.value for c in cards})
    if best_only and win_search is not None:
        # the chance to win comes first: the points are needed only where the best chances tie
        wins = {}
        for r in ranks:
            chance = win_search.after_my_lay(
                pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
            )
            wins[r] = min(1.0, max(0.0, chance))
        firsts = {r: round(-w, 9) for r, w in wins.items()}  # as _sort_key
        best = min(firsts.values())
        ranks = [r for r in ranks if firsts[r] == best]
        for r in ranks:
            points = 0.0
            if len(ranks) > 1:
                points = points_search.after_my_lay(
                    pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
                )
            values[r] = (points, wins[r])
        cards = [c for c in cards if c.rank.value in values]
        ranks = []
    for r in ranks:
        points = points_search.after_my_lay(
            pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
        )
        win = None
        if win_search is not None:
            win = win_search.after_my_lay(
                pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
            )
            win = min(1.0, max(0.0, win))  # a sum of weights that add to 1 can round past it
        values[r] = (points, win)
    options = [
        PegOption(
            c, play_points(pile, c.rank.value), values[c.rank.value][0], values[c.rank.value][1]
        )
        for c in cards
    ]
    options.sort(key=lambda o: _sort_key(o, use_win))
    return PegAdvice(tuple(options), use_win, len(codes), effective)


def best_play(view: SeatView, *, discard_evidence: bool = True) -> Card:
    """The card :func:`peg_values` puts first (``discard_evidence`` as there), with less work:
    in the win view the expected points are valued only for the ranks whose chances to win tie
    for the best, as they alone break the tie. What the expert bot plays.

    >>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS", scores=(115, 117))
    >>> best_play(view) == peg_values(view).best.card
    True
    """
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        raise IllegalMove(f"seat {view.seat} is not to lay a card now (phase {view.phase.value})")
    cards = sorted({c for c in view.hand if view.count + c.value <= 31})
    if not cards:
        raise IllegalMove(f"seat {view.seat} has no card that fits on {view.count}: a go")
    if view.config.players != 2:
        return _one_reply(view, cards).best.card
    _bound_forced()
    with _no_cyclic_collection():
        return _two_players(
            view, cards, None, True, TREMBLE, discard_evidence, best_only=True
        ).best.card


def opening_value(kept: Sequence[int], leads: bool, pool: Sequence[int] | None = None) -> float:
    """Expected points for minus against over a whole two-player play, before its first card.

    ``kept`` are this seat's four ranks (1-13); it leads when it is the pone (``leads``), else
    the opponent leads. The opponent holds four of the cards ``pool[r]`` per rank (default:
    the deck less ``kept``), every hand weighed by the ways to deal it, and plays by the model.
    This is the pegging term of the discard advice (``cribbage_core/tables/data/peg_table.json``).

    >>> opening_value((5, 5, 10, 10), leads=False) > opening_value((1, 6, 9, 13), leads=False)
    True
    """
    mine = tuple(sorted(kept))
    if len(mine) != 4 or not all(1 <= r <= 13 for r in mine):
        raise WrongNumberOfCards(f"a kept hand is four ranks 1-13, got {kept!r}")
    if pool is None:
        counts = [0] + [4] * 13
        for r in mine:
            counts[r] -= 1
        pool = counts
    codes, weights = _rank_hands(pool, 4)
    total = sum(weights)
    _bound_forced()
    search = _Search(None)
    hands = (codes, [w / total for w in weights])
    if leads:
        return max(
            search.after_my_lay((), 0, mine, r, hands, 1.0, 0, 4, False, 0, 0)
            for r in sorted(set(mine))
        )
    return search.theirs((), 0, mine, hands, 1.0, 0, 4, False, -1, 0, 0)


def _sort_key(option: PegOption, win: bool) -> tuple[float, ...]:
    first = -(option.win or 0.0) if win else 0.0
    return (round(first, 9), round(-option.points, 9), -option.card.value, option.card.order)


def _one_reply(view: SeatView, cards: list[Card]) -> PegAdvice:
    """Three or four players: points now minus (a partner: plus) the next seat's expected best reply."""
    unseen = _unseen_cards(view)
    pool = [0] * 14
    for c in unseen:
        pool[c.rank] += 1
    total = sum(pool)
    pile = tuple(c.rank.value for c in view.pile)
    n = view.config.players
    options = []
    for card in cards:
        r = card.rank.value
        now = _after(pile)[r]
        count = view.count + card.value
        nxt = (view.seat + 1) % n
        while nxt != view.seat and (view.cards_left[nxt] == 0 or view.passed[nxt]):
            nxt = (nxt + 1) % n
        reply = 0.0
        if nxt != view.seat and count < 31:
            k = view.cards_left[nxt]
            after = (*pile, r)
            ranked = sorted(
                ((play_points(after, s), s) for s in _legal(count) if pool[s]), reverse=True
            )
            covered = 0
            p_prev = 1.0
            for points, s in ranked:
                if points == 0:
                    break
                covered += pool[s]
                p_none = math.comb(total - covered, k) / math.comb(total, k) if total >= k else 0.0
                reply += (p_prev - p_none) * points
                p_prev = p_none
            if view.side_of(nxt) == view.my_side:
                reply = -reply
        options.append(PegOption(card, now, now - reply))
    options.sort(key=lambda o: _sort_key(o, False))
    return PegAdvice(tuple(options), False, model="one reply")


# ------------------------------------------------------------------ positions from text


def values_for(
    hand: str,
    pile: str = "",
    starter: str = "",
    discards: str = "",
    *,
    dealer: bool = False,
    opponent_cards: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
    win_view: bool | None = None,
) -> PegAdvice:
    """Values for a two-player position written as text (see :func:`values_view`): what ``peg`` prints."""
    view = values_view(
        hand,
        pile,
        starter,
        discards,
        dealer=dealer,
        opponent_cards=opponent_cards,
        scores=scores,
        target=target,
    )
    return peg_values(view, win_view=win_view)


def values_view(
    hand: str,
    pile: str = "",
    starter: str = "",
    discards: str = "",
    *,
    dealer: bool = False,
    opponent_cards: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
) -> SeatView:
    """Seat 0's view of a two-player position in the play, written as text.

    ``hand``: this seat's cards still held; ``pile``: the cards of the current series, in order,
    laid alternately and ending with the opponent's (so this seat is to lay); ``starter``;
    ``discards``: this seat's two cards in the crib (default: two unseen cards chosen for it,
    the lowest unused). ``opponent_cards``: how many the opponent still holds (default: as many
    as the alternation leaves it). ``scores``: (this seat's, the opponent's).
    """
    mine = parse_cards(hand)
    laid = parse_cards(pile) if pile.strip() else ()
    start = parse_cards(starter) if starter.strip() else ()
    thrown = parse_cards(discards) if discards.strip() else ()
    if not 1 <= len(mine) <= 4:
        raise WrongNumberOfCards(f"the hand in the play holds 1-4 cards, got {len(mine)}")
    if len(start) > 1:
        raise WrongNumberOfCards(f"one starter, got {len(start)}")
    if thrown and len(thrown) != 2:
        raise WrongNumberOfCards(f"two cards in the crib, got {len(thrown)}")
    every = [*mine, *laid, *start, *thrown]
    parse_cards([str(c) for c in every])  # DuplicateCard names the card
    deck = [c for c in full_deck() if c not in every]
    if not start:
        start = (deck.pop(),)
    if not thrown:
        thrown = (deck.pop(0), deck.pop(0))
    # who laid what: alternately, the last card the opponent's
    me, opp = 0, 1
    seats = [(opp if (len(laid) - 1 - i) % 2 == 0 else me) for i in range(len(laid))]
    mine_laid = seats.count(me)
    opp_laid = seats.count(opp)
    if len(mine) + mine_laid > 4:
        raise WrongNumberOfCards(
            f"{len(mine)} cards held and {mine_laid} laid in this series make more than 4"
        )
    opp_k = 4 - opp_laid if opponent_cards is None else opponent_cards
    if not 0 <= opp_k <= 4 - opp_laid:
        raise WrongNumberOfCards(f"the opponent can hold 0-{4 - opp_laid} cards here, got {opp_k}")
    count = sum(c.value for c in laid)
    if count > 31:
        raise IllegalMove(f"the series counts {count}: the count never passes 31")
    played = tuple(zip(seats, laid))
    config = GameConfig(players=2, target=target)
    legal_cards = [c for c in mine if count + c.value <= 31]
    view = SeatView(
        seat=me,
        config=config,
        phase=Phase.PLAY,
        hand_no=1,
        dealer=me if dealer else opp,
        to_act=me,
        hand=tuple(mine),
        discards=tuple(thrown),
        discarded=(True, True),
        cards_left=(len(mine), opp_k),
        starter=start[0],
        pile=tuple(laid),
        count=count,
        played=played,
        series_starts=(0,),
        passed=(False, False),
        hands_shown=None,
        crib=None,
        scores=scores,
        log=(),
        result=None,
        legal=(),
    )
    if not legal_cards:
        raise IllegalMove(
            f"no card of {' '.join(map(str, mine))} fits on a count of {count}: that is a go"
        )
    return view
