"""The exact pegging search (two players): an expectimax over the opponent's possible hands.

The seat itself plays its best: :class:`_Search` values a card as the weighted sum, over every
rank-hand the opponent may hold, of the points for minus against to the end of the play (or, in
the win view, of the chance to win after the hand: :mod:`cribbage_core.coach.peg_win`). The
opponent lays by its model (:func:`~cribbage_core.coach.peg_ranks.opponent_order`); this seat's
later choices may use only what it will have seen (the opponent's plays), never the opponent's
hand, so the hands that lay the same card go on together and this seat makes one choice for
them all. Once this seat has no real choice left (its cards all of one rank), each hand is
played out alone and its outcome kept across searches (:mod:`cribbage_core.coach.peg_forced`,
filled by :func:`_fill`).

:mod:`cribbage_core.coach.peg_value` weighs the opponent's hands and turns the search's sums
into advice; every name here is private to it.
"""

from __future__ import annotations

from operator import mul
from typing import Final, TypeAlias

from cribbage_core.coach.peg_forced import (
    _RACES,
    _forced_kept,
    _forced_table,
    _Outcomes,
    _series_rest,
)
from cribbage_core.coach.peg_ranks import (
    _AFTER,
    _BIT,
    _FITS,
    _MASK,
    _VALUE,
    _after,
    _legal,
    opponent_order,
)
from cribbage_core.coach.peg_win import _WinModel

__all__: list[str] = []

#: The most one card can score in the play: 31 (or fifteen) with a double pair royal.
_MOST_ONE_CARD: Final = 14


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
