"""The coach's read of the opponent: whether a card's value depends on what the opponent has shown.

The pegging values (:func:`~cribbage_core.coach.peg_value.peg_values`) weigh every hand the
opponent could hold by what it has shown: its discard (the four cards a player in its role
keeps, :mod:`cribbage_core.tables.keeps`) and its plays this hand (a go proves, a card laid is
evidence). That is the inference a strong player makes, and it moves the values: a card's value
by a point or two, and the best card, against the best card for an opponent read from the deal
alone (every hand weighed by the ways to deal it), in about a fifth of the positions of the play.
This module says when it matters, as data a teacher's sentence is made from:

- :func:`hand_read`: what the read says in cards (:class:`HandRead`): the one or two ranks whose
  chance of being in the opponent's hand the read moves most (a ten, jack, queen and king count
  as one, "a ten-card"), the chance it holds at least one of them, and that chance by the deal
  alone. "Likely" only at :data:`LIKELY` or above (two chances in three), "unlikely" at
  :data:`UNLIKELY` or below;
- :func:`read_fact`: for a card laid (:class:`ReadFact`), whether its value depends on the read
  beyond the documented margins (:attr:`ReadFact.matters`): the best card changes (the best
  card for an opponent read from the deal alone gives up at least a close call,
  :data:`~cribbage_core.coach.grades.CLOSE_CALL`, once the read is made), or the card's own value
  moves by :data:`READ_MARGIN` points or more (in the win view, :data:`READ_WIN_MARGIN` of the
  chance to win). ``docs/coach.md`` says why those margins.

The uniform opponent is ``peg_values(view, evidence=False, discard_evidence=False)``: its plays
and its discard both left unread (``evidence=False`` alone still reads the discard). Two players
only: with three or four, the one-reply values weigh no opponent's hands.

>>> from cribbage_core.cards import Card
>>> from cribbage_core.coach.peg_value import values_view
>>> view = values_view("5H 9C 4D 4S", starter="KD", discards="QH JS")
>>> read = hand_read(view)
>>> read.discard, read.plays, 0.0 <= read.uniform <= 1.0
(True, False, True)
>>> fact = read_fact(view, Card.parse("4D"))
>>> fact.best.rank.symbol, fact.matters == (fact.best_changes or abs(fact.moved) >= READ_MARGIN)
('4', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from cribbage_core.cards import Card
from cribbage_core.coach.grades import CLOSE_CALL, CLOSE_CALL_WIN
from cribbage_core.coach.peg_value import PegAdvice, opponent_hands, peg_values, rank_choice
from cribbage_core.game import Phase, SeatView

__all__ = [
    "LIKELY",
    "READ_MARGIN",
    "READ_WIN_MARGIN",
    "TEN_CARD",
    "UNLIKELY",
    "HandRead",
    "ReadFact",
    "hand_read",
    "read_fact",
    "uniform_values",
]

#: A card's value moved by the read at least this many points is worth telling (docs/coach.md).
READ_MARGIN: Final = 1.0
#: The same in the win view, in chance to win (a point is about five points of % on the grades' scales).
READ_WIN_MARGIN: Final = 0.05
#: "They likely hold": a chance of two in three or more (the usual calibrated sense of "likely").
LIKELY: Final = 2 / 3
#: "They are unlikely to hold": a chance of one in three or less.
UNLIKELY: Final = 1 / 3
#: The rank group of the ten-cards (10, J, Q, K): in the play they count alike.
TEN_CARD: Final = 10
_MOST_NAMED: Final = 2
#: A second group is named beside the first only when the read moves its chance at least this much.
_SECOND_SHIFT: Final = 0.10


@dataclass(frozen=True, slots=True)
class HandRead:
    """What the read says the opponent holds, in ranks a teacher names.

    ``ranks``: the rank groups named (1-9, or :data:`TEN_CARD` for any ten-card), lowest first;
    ``chance``: the chance, reading what it has shown, that it holds at least one card of them;
    ``uniform``: the same chance by the deal alone; ``discard`` and ``plays``: what was read (its
    discard, its cards laid or go's this hand).
    """

    ranks: tuple[int, ...]
    chance: float
    uniform: float
    discard: bool
    plays: bool

    @property
    def more(self) -> bool:
        """The read makes those ranks more likely than the deal alone (else less)."""
        return self.chance > self.uniform

    @property
    def likely(self) -> bool:
        """More likely than the deal alone, and :data:`LIKELY` or above."""
        return self.more and self.chance >= LIKELY - 1e-12

    @property
    def unlikely(self) -> bool:
        """Less likely than the deal alone, and :data:`UNLIKELY` or below."""
        return not self.more and self.chance <= UNLIKELY + 1e-12


@dataclass(frozen=True, slots=True)
class ReadFact:
    """A card laid, and how its value depends on what the opponent has shown.

    ``card``: the card laid; ``best``: the best card reading what the opponent has shown (the
    values every grade uses); ``uniform_best``: the best card against an opponent read from the
    deal alone; ``value`` and ``uniform_value``: ``card``'s value both ways (expected points, or
    the chance to win when ``win``); ``best_changes``: the two best cards differ in rank and, read,
    the uniform best gives up at least a close call; ``hand``: what the read says in cards.
    """

    card: Card
    best: Card
    uniform_best: Card
    value: float
    uniform_value: float
    win: bool
    best_changes: bool
    hand: HandRead

    @property
    def moved(self) -> float:
        """How much the read moves ``card``'s value (read minus uniform)."""
        return self.value - self.uniform_value

    @property
    def moves(self) -> bool:
        """``card``'s value moves by :data:`READ_MARGIN` or more (:data:`READ_WIN_MARGIN`)."""
        margin = READ_WIN_MARGIN if self.win else READ_MARGIN
        return abs(self.moved) >= margin - 1e-12

    @property
    def matters(self) -> bool:
        """The best card changes, or ``card``'s value moves by the margin or more."""
        return self.best_changes or self.moves


#: The rank groups a mask of groups holds (bit g: group g), for every mask.
_GROUPS_OF: Final = tuple(
    tuple(g for g in range(1, TEN_CARD + 1) if mask >> g & 1) for mask in range(2 << TEN_CARD)
)


def _masks(hands: Sequence[tuple[tuple[int, ...], float]]) -> list[tuple[int, float]]:
    """Each hand as the mask of the rank groups it holds, with its chance."""
    out = []
    for ranks, w in hands:
        mask = 0
        for r in ranks:
            mask |= 1 << min(r, TEN_CARD)
        out.append((mask, w))
    return out


def _each_group(masks: Sequence[tuple[int, float]]) -> list[float]:
    """The chance of holding at least one card of each group (index 1-10)."""
    chances = [0.0] * (TEN_CARD + 1)
    for mask, w in masks:
        for g in _GROUPS_OF[mask]:
            chances[g] += w
    return chances


def _holds(masks: Sequence[tuple[int, float]], groups: Sequence[int]) -> float:
    """The chance that a hand holds at least one card of ``groups``."""
    wanted = sum(1 << g for g in groups)
    return sum(w for mask, w in masks if mask & wanted)


def _what_was_read(view: SeatView) -> tuple[bool, bool]:
    opp = 1 - view.seat
    laid = sum(1 for seat, _ in view.played if seat == opp)
    discard = view.cards_left[opp] + laid == 4  # as the values read it (peg_value._kept)
    return discard, laid > 0 or bool(view.passed[opp])


def hand_read(view: SeatView) -> HandRead | None:
    """What reading the opponent says it holds (see the module docs); None with three or four
    players, or when it holds no card.

    The groups named are those whose chance the read moves most, all one way (more likely, or
    less): the first always, a second when the read moves its chance by 0.10 or more too. Kept
    for the latest positions asked (a page asks again on every rerun).
    """
    return _hand_read(view)


@lru_cache(maxsize=256)
def _hand_read(view: SeatView) -> HandRead | None:
    opp = 1 - view.seat
    if view.config.players != 2 or view.cards_left[opp] == 0:
        return None
    read = _masks(opponent_hands(view))
    plain = _masks(opponent_hands(view, evidence=False, discard_evidence=False))
    now, before = _each_group(read), _each_group(plain)
    shifts = {g: now[g] - before[g] for g in range(1, TEN_CARD + 1) if before[g] > 0}
    up = max(shifts.values())
    down = min(shifts.values())
    sign = 1.0 if up >= -down else -1.0
    order = sorted(shifts, key=lambda g: (-sign * shifts[g], g))
    named = [order[0]]
    for g in order[1:_MOST_NAMED]:
        if sign * shifts[g] >= _SECOND_SHIFT:
            named.append(g)
    discard, plays = _what_was_read(view)
    groups = tuple(sorted(named))
    return HandRead(groups, _holds(read, groups), _holds(plain, groups), discard, plays)


def uniform_values(view: SeatView) -> PegAdvice:
    """The pegging values against an opponent read from the deal alone (nothing it showed read)."""
    return peg_values(view, evidence=False, discard_evidence=False)


def _value(advice: PegAdvice, card: Card) -> float:
    option = advice.option(card)
    if advice.win_view:
        assert option.win is not None
        return option.win
    return option.points


def read_fact(
    view: SeatView,
    card: Card,
    advice: PegAdvice | None = None,
    uniform: PegAdvice | None = None,
) -> ReadFact | None:
    """How ``card``'s value (legal in ``view``) depends on what the opponent has shown.

    ``advice``: ``peg_values(view)`` and ``uniform``: :func:`uniform_values` of ``view``, when
    the caller has them (``cribbage_core.coach.positions`` keeps both); searched here otherwise.
    None with three or four players, or without a real choice (one rank that fits).
    """
    if view.config.players != 2 or view.phase is not Phase.PLAY:
        return None
    if not rank_choice(view):
        return None
    hand = hand_read(view)
    if hand is None:
        return None
    advice = peg_values(view) if advice is None else advice
    uniform = uniform_values(view) if uniform is None else uniform
    win = advice.win_view
    other = uniform.best.card
    if win:
        lost = advice.win_loss(other) or 0.0
        changes = lost >= CLOSE_CALL_WIN - 1e-12
    else:
        changes = advice.loss(other) >= CLOSE_CALL - 1e-12
    changes = changes and other.rank != advice.best.card.rank
    return ReadFact(
        card,
        advice.best.card,
        other,
        _value(advice, card),
        _value(uniform, card),
        win,
        changes,
        hand,
    )
