"""A coached first game: one scripted deal of two-player cribbage, played from both seats.

The deal is fixed so that every lesson goes the same way where it matters: the cut for deal
has no tie (a queen against a king: equal in count, but the queen is the lower rank, so it
deals), the starter is no jack, and once both seats have laid away the coach's discards
(:func:`coach_discard`, the discard advisor's best), *every* line of play the learner may
choose holds a go and a 31 (``tests/core/teaching/test_first_game.py`` plays all 384 of them). The rules
are the engine's own (:class:`~cribbage_core.game.GameState`): the lesson only says what
happens.

:func:`play_hint` is the coach's card for the seat to act, with the reason it gives: the
hard bot's choice (:mod:`cribbage_core.bots`), which sees only that seat's view.

>>> state = deal(start())
>>> state.dealer, state.pone, [str(c) for c in state.hands[state.pone]]
(0, 1, ['3C', '10C', '10H', 'KH', 'KD', '6S'])
>>> [str(c) for c in coach_discard(state, state.pone).best.discard]
['3C', '6S']
"""

from __future__ import annotations

import enum
import random
from typing import Final, NamedTuple

from cribbage_core.bots import make_bot
from cribbage_core.cards import Card, parse_cards
from cribbage_core.coach.advisor import Advice, advise
from cribbage_core.game import Discard, GameConfig, GameState, Go, Phase, Play, new_game
from cribbage_core.kinds import EventPhase, ScoreKind
from cribbage_core.pegging import score_play
from cribbage_core.seats import Role

__all__ = [
    "CUT_SEED",
    "DECK",
    "HintKind",
    "PlayHint",
    "coach_discard",
    "coached_discards",
    "cuts",
    "deal",
    "play_hint",
    "start",
]

#: The seed of the cut for deal: seat 0 cuts Q♦, seat 1 K♠, so seat 0 deals.
CUT_SEED: Final = 101
#: The deal: six cards to the pone (seat 1), six to the dealer (seat 0), then the starter;
#: the rest of the deck follows in order (the engine completes a scripted deck).
DECK: Final = parse_cards("3C 10C 10H KH KD 6S  5S 3S QD 6C QS 2D  4D")
#: The coach's tie-breaks in the play (the hard bot's seed).
_BOT_SEED: Final = 17


def start() -> GameState:
    """A new two-player game to 121, the dealer chosen by the scripted cut (phase DEAL).

    >>> [(e.seat, str(e.cards[0])) for e in start().log]
    [(0, 'QD'), (1, 'KS')]
    """
    return new_game(random.Random(CUT_SEED), GameConfig(players=2))


def cuts(state: GameState) -> tuple[tuple[int, Card], ...]:
    """Every card cut for deal: (seat, card), in the order cut."""
    return tuple(
        (e.seat, e.cards[0])
        for e in state.log
        if e.phase is EventPhase.DEAL and e.kind == ScoreKind.CUT_FOR_DEAL
    )


def deal(state: GameState) -> GameState:
    """The scripted deal (phase DISCARD)."""
    return state.deal(deck=DECK)


def coach_discard(state: GameState, seat: int) -> Advice:
    """The discard advisor's view of ``seat``'s six cards (``.best`` is the coach's discard)."""
    role = Role.DEALER if seat == state.dealer else Role.PONE
    return advise(state.hands[seat], role)


class HintKind(enum.StrEnum):
    """Why the coach lays its card (each is its own sentence on the page)."""

    GO = "go"  # no card fits: say go
    ONLY = "only"  # one card fits
    SCORES = "scores"  # the card scores now
    LEAD_LOW = "lead low"  # leading a card under 5: no one card makes 15 on it
    LEAD = "lead"  # leading another card
    SAFE = "safe"  # no card scores; the coach's leaves the fewest points to the other side


class PlayHint(NamedTuple):
    """The coach's move for the seat to act: a card (None: go), why, and what it scores now."""

    card: Card | None
    kind: HintKind
    points: int = 0


def play_hint(state: GameState) -> PlayHint:
    """The coach's move now, in the play.

    >>> play_hint(coached_discards(deal(start())))
    PlayHint(card=Card.parse('10C'), kind=<HintKind.LEAD: 'lead'>, points=0)
    """
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise ValueError(f"hints are for the play; the game is in the {state.phase.value}")
    seat = state.to_act
    legal = state.legal_for(seat)
    if isinstance(legal[0], Go):
        return PlayHint(None, HintKind.GO)
    action = make_bot("hard", _BOT_SEED).act(state.view(seat))
    assert isinstance(action, Play)
    card = action.card
    points = score_play((*state.pile, card)).total
    if len(legal) == 1:
        return PlayHint(card, HintKind.ONLY, points)
    if points:
        return PlayHint(card, HintKind.SCORES, points)
    if not state.pile:
        return PlayHint(card, HintKind.LEAD_LOW if card.value < 5 else HintKind.LEAD)
    return PlayHint(card, HintKind.SAFE)


def coached_discards(state: GameState) -> GameState:
    """The state after both seats lay away the coach's discards (the pone first): the play begins."""
    for seat in (state.pone, state.dealer):
        state = state.apply(Discard(seat, coach_discard(state, seat).best.discard))
    return state
