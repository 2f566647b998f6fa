"""The coach at the table: what a move would give up, asked before it is made, and the chance to win now.

- :func:`check` judges a discard or a card about to be laid exactly as the game review will
  (:func:`cribbage_core.coach.game_review.judge`: the expert's evaluations, the same grade) and says
  whether it gives up more than the learner's threshold. The threshold is in expected points;
  where the chance to win decides the grade (a side can reach the target this deal) the same
  threshold is read on the grades' other scale (:func:`win_threshold`), so "warn me from 1.5
  points" is "warn me from a mistake" in both.
- :func:`win_now` is the chance to win of a seat's side (two players) at any moment of a deal,
  with what it is built on (:class:`WinBasis`): at the start of a deal the win table alone
  (``cribbage_core.tables.winprob``: self-play of the strongest bot); after the cut, the seat's own
  hand exactly and the rest of the deal (the play still to come, the other hand, the crib) as a
  typical deal's; in the show, the counts still to come (the seat's own exact, the others
  typical). It is an estimate for a table of strong bots, not a promise.

>>> import random
>>> from cribbage_core.game import GameConfig, Discard, new_game
>>> state = new_game(random.Random(3), GameConfig(players=2), first_dealer=0).deal(random.Random(4))
>>> verdict = check(state, Discard(1, state.hands[1][:2]), threshold=0.5)
>>> verdict.warn == (verdict.points_lost > 0.5)
True
>>> estimate = win_now(state, 0)
>>> estimate.basis.value, round(estimate.chance, 3) == round(1 - win_now(state, 1).chance, 3)
('deal', True)
"""

from __future__ import annotations

import enum
import functools
import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from cribbage_core.coach.game_review import Decision, judge
from cribbage_core.coach.grades import POINT_LIMITS, WIN_LIMITS, Grade
from cribbage_core.coach.peg_value import PegAdvice
from cribbage_core.errors import CribbageError
from cribbage_core.game import Discard, GameState, Go, Phase, Play
from cribbage_core.tables.winprob import (
    Dist,
    deal_win_probability,
    point_mass,
    typical_deal,
    win_probability,
)
from cribbage_core.totals import hand_total

__all__ = [
    "CoachCheck",
    "InvalidThreshold",
    "WinBasis",
    "WinEstimate",
    "check",
    "could_warn",
    "win_threshold",
    "win_now",
]


class InvalidThreshold(CribbageError):
    """A coach threshold that is not a number of points from 0 to 29."""


@dataclass(frozen=True, slots=True)
class CoachCheck:
    """A move judged before it is made: the review's :class:`~cribbage_core.coach.game_review.Decision` of it,
    the threshold it was held to, and whether it gives up more (``warn``)."""

    decision: Decision
    threshold: float
    warn: bool

    @property
    def points_lost(self) -> float:
        """Expected points given up against the best option."""
        return self.decision.points_lost

    @property
    def win_lost(self) -> float | None:
        """The chance to win given up (a fraction), where the win view applies; else None."""
        return self.decision.win_lost

    @property
    def grade(self) -> Grade:
        """The grade the review will give the move."""
        return self.decision.grade

    @property
    def best_label(self) -> str:
        """The best option, as the review labels it (``"throw 5H 5S"``, ``"5H"``)."""
        return self.decision.options[0].label


def _check_threshold(threshold: float) -> float:
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, int | float)
        or not 0 <= threshold <= 29
    ):
        raise InvalidThreshold(
            f"a coach threshold is a number of points from 0 to 29, got {threshold!r}"
        )
    if math.isnan(threshold):
        raise InvalidThreshold("a coach threshold is a number of points from 0 to 29, got nan")
    return float(threshold)


def win_threshold(points: float) -> float:
    """The chance to win (a fraction) that stands for ``points`` on the grades' scales.

    Piecewise linear through the grade limits (0.05 points : 0.5 %, 0.30 : 1.5 %, 1.50 : 8 %,
    3.00 : 16 %), and on at the last step's rate.

    >>> win_threshold(1.5), win_threshold(3.0), round(win_threshold(0.9), 4)
    (0.08, 0.16, 0.0475)
    """
    points = _check_threshold(points)
    xs = (0.0, *POINT_LIMITS)
    ys = (0.0, *WIN_LIMITS)
    for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
        if points <= x1:
            return y0 + (y1 - y0) * (points - x0) / (x1 - x0)
    slope = (ys[-1] - ys[-2]) / (xs[-1] - xs[-2])
    return min(1.0, ys[-1] + slope * (points - xs[-1]))


def check(state: GameState, action: Discard | Play | Go, threshold: float) -> CoachCheck:
    """Judge ``action`` from ``state`` before it is made; ``warn`` when it gives up more than
    ``threshold`` expected points (in the win view: more than :func:`win_threshold` of it in
    chance to win). Nothing is warned of where there was no real choice."""
    limit = _check_threshold(threshold)
    decision = judge(state, action)
    if not decision.real_choice:
        return CoachCheck(decision, limit, False)
    if decision.win_lost is not None:
        warn = decision.win_lost > win_threshold(limit) + 1e-12
    else:
        warn = decision.points_lost > limit + 1e-12
    return CoachCheck(decision, limit, warn)


def could_warn(advice: PegAdvice, threshold: float) -> bool:
    """Whether some card of a position (its values ``advice``) gives up more than ``threshold``,
    as :func:`check` measures it: a card the coach could warn of, where its warning may then need
    the coach's read of the opponent (so coach mode searches the uniform values ahead).

    >>> from cribbage_core.coach.peg_value import values_for
    >>> advice = values_for("5H 9C 4D 4S", starter="KD", discards="QH JS")
    >>> could_warn(advice, 0.3), could_warn(advice, 29)
    (True, False)
    """
    limit = _check_threshold(threshold)
    if advice.forced:
        return False
    if advice.win_view:
        return any(
            (advice.win_loss(o.card) or 0.0) > win_threshold(limit) + 1e-12 for o in advice.options
        )
    return any(advice.loss(o.card) > limit + 1e-12 for o in advice.options)


# ------------------------------------------------------------------ the chance to win now


class WinBasis(enum.StrEnum):
    """What a :class:`WinEstimate` is built on."""

    DEAL = "deal"  # the start of a deal: the scores and who deals, from the win table
    PLAY = "play"  # after the cut: the seat's hand exact, the rest of the deal typical
    SHOW = "show"  # the show: the seat's own count exact, the counts of others typical
    OVER = "over"  # the game is over: 1 or 0


@dataclass(frozen=True, slots=True)
class WinEstimate:
    """The chance (0-1) that a seat's side wins, and what it is built on."""

    chance: float
    basis: WinBasis


def win_now(state: GameState, seat: int) -> WinEstimate | None:
    """The chance that ``seat``'s side wins from ``state`` (two players; None with three or four).

    Uses only what ``seat`` may see: its own hand, the starter, the scores (see the module docs).
    """
    if state.players != 2:
        return None
    side = state.side_of(seat)
    me, them = state.scores[side], state.scores[1 - side]
    target = state.config.target
    if state.phase is Phase.GAME_OVER:
        assert state.result is not None
        return WinEstimate(1.0 if state.result.winner_side == side else 0.0, WinBasis.OVER)
    dealer = state.dealer == seat
    if state.phase in (Phase.DEAL, Phase.DISCARD) or state.starter is None:
        return WinEstimate(win_probability(me, them, dealer, target), WinBasis.DEAL)
    kept = state.kept[seat] if state.kept[seat] else state.hands[seat]
    mine = hand_total(kept, state.starter) if len(kept) == 4 else None
    if state.phase is Phase.PLAY:
        played = len(state.played) / (4 * state.players)
        return WinEstimate(_win_after_cut(me, them, dealer, target, mine, played, 0), WinBasis.PLAY)
    # the show: pone's hand (step 0), the dealer's (1), the crib (2); what is counted is in the scores
    chance = _win_after_cut(me, them, dealer, target, mine, None, state.show_step)
    return WinEstimate(chance, WinBasis.SHOW)


@functools.lru_cache(maxsize=4096)
def _win_after_cut(
    me: int, them: int, dealer: bool, target: int, mine: int | None, played: float | None, done: int
) -> float:
    """:func:`win_now` after the cut, from what it reads of the state: the scores, who deals, the
    seat's own hand total (None: not known yet), the share of the play made (None: the show, of
    which ``done`` counts are made). Kept: a table redraws the same chance many times."""
    deal = typical_deal()
    mine_dist: Dist = (
        point_mass(mine) if mine is not None else (deal.dealer_hand if dealer else deal.pone_hand)
    )
    theirs = deal.pone_hand if dealer else deal.dealer_hand
    if played is not None:
        peg = _rest_of_play(deal.pegging, 1.0 - played)
        pone_hand, dealer_hand = (theirs, mine_dist) if dealer else (mine_dist, theirs)
        return deal_win_probability(
            me, them, dealer, peg, pone_hand, dealer_hand, deal.crib, target
        )
    pone_hand_left: Dist = point_mass(0) if done > 0 else (theirs if dealer else mine_dist)
    dealer_hand_left: Dist = point_mass(0) if done > 1 else (mine_dist if dealer else theirs)
    crib_left: Dist = point_mass(0) if done > 2 else deal.crib
    return deal_win_probability(
        me, them, dealer, point_mass(0), pone_hand_left, dealer_hand_left, crib_left, target
    )


def _rest_of_play(pegging: NDArray[np.float64], left: float) -> NDArray[np.float64]:
    """A typical play's points ``[pone, dealer]`` scaled to the share ``left`` of it still to come
    (each point total moved to ``left`` times itself, split between the two nearest whole points)."""
    rows, cols = pegging.shape
    out = np.zeros((rows, cols))
    for p in range(rows):
        for d in range(cols):
            mass = pegging[p, d]
            if not mass:
                continue
            sp, sd = p * left, d * left
            p0, d0 = int(sp), int(sd)
            fp, fd = sp - p0, sd - d0
            for pi, wp in ((p0, 1.0 - fp), (p0 + 1, fp)):
                if not wp:
                    continue
                for di, wd in ((d0, 1.0 - fd), (d0 + 1, fd)):
                    if wd:
                        out[pi, di] += mass * wp * wd
    return out
