"""The discard, valued in full: hand, crib and pegging apart, with standard errors and the chance to win.

For a dealt hand, :func:`discard_values` lists every way to lay away cards with

- ``hand``: the kept hand's expected show, exact over every starter (as the advisor);
- ``crib``: the crib's expected points from the project's crib table, signed (+ your side's,
  - an opponent's), with the table entry's standard error (it comes from simulation);
- ``pegging`` (two players): the kept hand's expected points for minus against over the play
  for its role (:mod:`cribbage_core.tables.peg`, exact under the pegging engine's model);
- ``net`` = hand + crib + pegging, with the crib's standard error;
- ``win``: where a side can reach the target this deal (the win view), the chance to win
  after keeping these cards: the deal is counted in the rules' order
  (:func:`~cribbage_core.tables.winprob.deal_win_probability`) with the kept hand's exact
  distribution over the starters, the crib and the play of a typical deal from the table's
  self-play moved to this keep's means, and the opponent's hand of a typical deal.

Options are sorted best first: by the chance to win under the win view, else by net.

>>> values = discard_values("5H 5S 5C JD 2S 9C", dealer=True)
>>> best = values.best
>>> [str(c) for c in best.discard], round(best.hand, 2), best.pegging is not None
(['2S', '9C'], 16.65, True)
>>> round(best.net - (best.hand + best.crib + (best.pegging or 0.0)), 9)
0.0
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from cribbage_core.cards import Card, format_cards, parse_cards
from cribbage_core.coach.advisor import advise
from cribbage_core.errors import WrongNumberOfCards
from cribbage_core.game import SeatView
from cribbage_core.seats import Role
from cribbage_core.tables.crib import discard_key, load_table as crib_table, table_role
from cribbage_core.tables.expected import hand_stats
from cribbage_core.tables.peg import peg_term, role_mean
from cribbage_core.tables.winprob import (
    Dist,
    deal_win_probability,
    ends_this_deal,
    shifted,
    typical_deal,
)

__all__ = [
    "KeepOption",
    "DiscardValues",
    "discard_values",
    "discard_values_for_view",
    "keep_win",
    "shift_axis",
]


@dataclass(frozen=True, slots=True)
class KeepOption:
    """One way to lay away cards, with its components (see the module docs)."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand: float
    crib: float
    crib_se: float
    pegging: float | None
    net: float
    hand_min: int
    hand_max: int
    win: float | None = None

    def __str__(self) -> str:
        peg = "" if self.pegging is None else f", pegging {self.pegging:+.2f}"
        win = "" if self.win is None else f", win {100 * self.win:.1f}%"
        return (
            f"keep {format_cards(self.keep)}  throw {format_cards(self.discard)}: hand {self.hand:.2f},"
            f" crib {self.crib:+.2f} (±{self.crib_se:.2f}){peg}, net {self.net:.2f}{win}"
        )


@dataclass(frozen=True, slots=True)
class DiscardValues:
    """Every discard of one dealt hand, best first."""

    hand: tuple[Card, ...]
    role: Role
    players: int
    scores: tuple[int, int]
    target: int
    win_view: bool
    options: tuple[KeepOption, ...]

    @property
    def best(self) -> KeepOption:
        """The first option."""
        return self.options[0]

    def option_for(self, discard: Iterable[Card]) -> KeepOption:
        """The option that lays away exactly these cards."""
        wanted = frozenset(discard)
        for option in self.options:
            if frozenset(option.discard) == wanted:
                return option
        raise KeyError(f"no option discards {format_cards(sorted(wanted))}")

    def loss(self, discard: Iterable[Card]) -> tuple[float, float]:
        """Expected points given up against the best net, and the standard error of that difference."""
        mine = self.option_for(discard)
        best = max(self.options, key=lambda o: o.net)
        se = (
            0.0
            if discard_key(best.discard) == discard_key(mine.discard)
            else math.hypot(best.crib_se, mine.crib_se)
        )
        return max(0.0, best.net - mine.net), se

    def win_loss(self, discard: Iterable[Card]) -> float | None:
        """The chance to win given up against the best option (``None`` without the win view)."""
        if not self.win_view:
            return None
        mine = self.option_for(discard).win
        best = max(o.win for o in self.options if o.win is not None)
        assert mine is not None
        return max(0.0, best - mine)


def discard_values(
    hand: Sequence[Card] | str,
    dealer: bool | None = None,
    *,
    role: Role | None = None,
    players: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
    win_view: bool | None = None,
) -> DiscardValues:
    """Every discard of a dealt hand with hand, crib, pegging, net and (win view) the chance to win.

    Give the role as ``dealer=True/False`` (two players) or ``role=``. ``scores`` are (this
    seat's side, the opponents'); ``win_view=None`` turns the chances on when a side can reach
    the target this deal, ``True`` computes them at any score (two players only).
    """
    if role is None:
        if dealer is None:
            raise ValueError("say whose crib it is: dealer=True/False or role=Role...")
        role = Role.DEALER if dealer else Role.PONE
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    return _discard_values(cards, role, players, (scores[0], scores[1]), target, win_view)


@functools.lru_cache(maxsize=2048)
def _discard_values(
    cards: tuple[Card, ...],
    role: Role,
    players: int | None,
    scores: tuple[int, int],
    target: int,
    win_view: bool | None,
) -> DiscardValues:
    """:func:`discard_values`, kept: coach mode judges a discard before it is made, and the
    review's analysis of the hand values the same discard again in the computer's pause."""
    advice = advise(cards, role, players)
    players = advice.players
    two = players == 2
    is_dealer = role is not Role.PONE
    if two and role is Role.PARTNER:
        raise WrongNumberOfCards("a partner's role is for four players")
    use_win = two and (
        ends_this_deal(scores[0], scores[1], is_dealer, target) if win_view is None else win_view
    )
    table = crib_table()["tables"][str(players)][table_role(role)]
    options = []
    for o in advice.options:
        se = float(table[discard_key(o.discard)][1])
        pegging = peg_term(o.keep, is_dealer) if two else None
        net = o.hand_ev + o.crib_ev + (pegging or 0.0)
        win = None
        if use_win:
            assert pegging is not None
            win = _keep_win(o.keep, cards, abs(o.crib_ev), pegging, is_dealer, scores, target)
        options.append(
            KeepOption(
                o.keep,
                o.discard,
                o.hand_ev,
                o.crib_ev,
                se,
                pegging,
                net,
                o.hand_min,
                o.hand_max,
                win,
            )
        )
    if use_win:
        options.sort(key=lambda o: (-round(o.win or 0.0, 9), -round(o.net, 9)))
    else:
        options.sort(key=lambda o: -round(o.net, 9))
    return DiscardValues(cards, role, players, scores, target, use_win, tuple(options))


def discard_values_for_view(view: SeatView, win_view: bool | None = None) -> DiscardValues:
    """The discard values of a seat in the discard, from its view."""
    hand = view.hand + view.discards
    if view.seat == view.dealer:
        role = Role.DEALER
    elif view.side_of(view.seat) == view.side_of(view.dealer):
        role = Role.PARTNER
    else:
        role = Role.PONE
    mine = view.scores[view.my_side]
    theirs = max(s for side, s in enumerate(view.scores) if side != view.my_side)
    return discard_values(
        hand,
        role=role,
        players=view.config.players,
        scores=(mine, theirs),
        target=view.config.target,
        win_view=win_view,
    )


def keep_win(values: DiscardValues, option: KeepOption) -> float:
    """The chance to win after ``option`` of ``values`` (two players), whatever the win view."""
    if values.players != 2 or option.pegging is None:
        raise WrongNumberOfCards("the chance to win is for two players")
    dealer = values.role is not Role.PONE
    return _keep_win(
        option.keep,
        values.hand,
        abs(option.crib),
        option.pegging,
        dealer,
        values.scores,
        values.target,
    )


def _keep_win(
    keep: tuple[Card, ...],
    dealt: tuple[Card, ...],
    crib: float,
    pegging: float,
    dealer: bool,
    scores: tuple[int, int],
    target: int,
) -> float:
    """The chance to win after keeping ``keep`` (see the module docs)."""
    deal = typical_deal()
    _ev, _lo, _hi, counts = hand_stats(keep, dealt)
    total = sum(counts.values())
    mine: Dist = np.zeros(max(counts) + 1)
    for points, n in counts.items():
        mine[points] = n / total
    # the play: a typical deal's, with this keep's edge over the average keep for the role
    edge = pegging - role_mean(dealer)
    mine_axis = 1 if dealer else 0
    peg = shift_axis(deal.pegging, mine_axis if edge >= 0 else 1 - mine_axis, abs(edge))
    crib_dist = shifted(deal.crib, crib - deal.mean("crib"))
    if dealer:
        return deal_win_probability(
            scores[0], scores[1], True, peg, deal.pone_hand, mine, crib_dist, target
        )
    return deal_win_probability(
        scores[0], scores[1], False, peg, mine, deal.dealer_hand, crib_dist, target
    )


def shift_axis(grid: NDArray[np.float64], axis: int, by: float) -> NDArray[np.float64]:
    """``grid`` with the points on ``axis`` moved up by ``by`` (split between two whole shifts)."""
    low = math.floor(by)
    frac = by - low
    shape = list(grid.shape)
    shape[axis] += low + 1
    out = np.zeros(shape)
    for shift, weight in ((low, 1.0 - frac), (low + 1, frac)):
        if weight:
            index = [slice(None), slice(None)]
            index[axis] = slice(shift, shift + grid.shape[axis])
            out[tuple(index)] += weight * grid
    return out
