"""What a card laid actually gave in the deal, against the cards really held.

The review's figures for a card laid are averages over every hand the opponent could hold
(:mod:`cribbage_core.coach.peg_value`); once the hand is over the real hands are known, and a
learner can see what the choice gave in this deal. :func:`actual_play` lays the card and plays
the rest of the play out with the real hands, the Hard computer player playing every seat
(the same seed each time, so each option meets the same replies), and returns the points the
seat's side pegged minus the other side's from that card to the end of the play.

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

from typing import Final

from cribbage_core.bots import bots_move, make_bot
from cribbage_core.cards import Card
from cribbage_core.errors import IllegalMove
from cribbage_core.game import GameState, Phase, Play

__all__ = ["REPLAY_LEVEL", "actual_play"]

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
