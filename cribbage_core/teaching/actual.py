"""What a card laid, or a throw, actually gave in the deal, against the cards really held.

The review's figures for a card laid are averages over every hand the opponent could hold
(:mod:`cribbage_core.coach.peg_value`); once the hand is over the real hands are known, and a
learner can see what the choice gave in this deal. :func:`actual_play` lays the card and plays
the rest of the play out with the real hands, the Hard computer player playing every seat
(the same seed each time, so each option meets the same replies), and returns the points the
seat's side pegged minus the other side's from that card to the end of the play.
:func:`actual_discard` counts what a throw's keep and its crib scored with the real starter and
the other seats' real throws, beside what another throw would have scored in their place.

>>> import random
>>> from cribbage_core.bots import make_bot
>>> from cribbage_core.bots.selfplay import play_game_steps
>>> from cribbage_core.game import Play
>>> steps = play_game_steps([make_bot("easy", 1), make_bot("hard", 2)], random.Random(5), target=61)
>>> state, action = next((s, a) for s, a in steps if isinstance(a, Play))
>>> isinstance(actual_play(state, action.card), int)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from cribbage_core.bots import bots_move, make_bot
from cribbage_core.cards import Card
from cribbage_core.errors import IllegalMove
from cribbage_core.game import GameState, Phase, Play
from cribbage_core.scoring import score_hand

__all__ = ["REPLAY_LEVEL", "ActualDiscard", "actual_discard", "actual_play"]

#: The player that plays the rest of the play out, for every seat.
REPLAY_LEVEL: Final = "hard"
_SEED: Final = 30


def actual_play(state: GameState, card: Card) -> int:
    """Points the side of the seat to act pegs minus the other sides' (the most of them), from
    laying ``card`` in ``state`` (the real hands) to the end of the play."""
    if state.phase is not Phase.PLAY or state.to_act is None:
        raise IllegalMove("a card is laid in the play, on the seat's turn")
    seat = state.to_act
    side = state.side_of(seat)
    before = state.scores
    bots = [make_bot(REPLAY_LEVEL, _SEED + i) for i in range(state.players)]
    after = state.apply(Play(seat, card))
    while after.phase is Phase.PLAY:
        after = bots_move(after, bots)
    gains = [a - b for a, b in zip(after.scores, before)]
    theirs = max(g for s, g in enumerate(gains) if s != side)
    return gains[side] - theirs


class ActualDiscard(NamedTuple):
    """What a throw's keep scored in the show with the real starter (``hand``) and what the
    crib scored (``crib``), and the same for the other throw (``other_hand``, ``other_crib``)."""

    hand: int
    crib: int
    other_hand: int
    other_crib: int


def actual_discard(
    dealt: Sequence[Card],
    thrown: Sequence[Card],
    other: Sequence[Card],
    starter: Card,
    crib: Sequence[Card],
) -> ActualDiscard:
    """The show's points of keeping ``dealt`` less ``thrown`` and of the ``crib`` it went to,
    with ``starter``, beside those of throwing ``other`` instead (the rest of the crib, the other
    seats' throws, unchanged). The play is not counted: it depends on every card laid after.

    >>> from cribbage_core.cards import parse_cards
    >>> dealt, crib = parse_cards("6H 7D 8H KC 5S QD"), parse_cards("7D 8H 2C 3C")
    >>> actual_discard(dealt, parse_cards("7D 8H"), parse_cards("KC QD"), Card.parse("9C"), crib)
    ActualDiscard(hand=6, crib=5, other_hand=9, other_crib=4)
    """
    if not set(thrown) <= set(crib):
        raise ValueError("the thrown cards are in the crib they were thrown to")
    rest = [c for c in crib if c not in thrown]
    kept = [c for c in dealt if c not in thrown]
    other_kept = [c for c in dealt if c not in other]
    return ActualDiscard(
        score_hand(kept, starter).total,
        score_hand(crib, starter, is_crib=True).total,
        score_hand(other_kept, starter).total,
        score_hand([*rest, *other], starter, is_crib=True).total,
    )
