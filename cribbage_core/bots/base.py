"""What every computer player is: the :class:`Bot` protocol, the level names, and
:func:`bots_move`, which lets the bots of a game act."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from cribbage_core.errors import InvalidBotLevel
from cribbage_core.game import Action, GameState, Phase, SeatView

__all__ = ["Bot", "bots_move", "check_level", "BOT_LEVELS", "BOT_NAMES"]

#: The levels a learner plays against on the Play page, weakest first.
BOT_LEVELS: Final = ("easy", "medium", "hard")
#: Every bot :func:`make_bot` makes: the levels, then the coach's expert (for tournaments; it
#: reads the opponent's hand from its discard and plays) and the expert reading the plays alone
#: (as it did before, for comparison).
BOT_NAMES: Final = (*BOT_LEVELS, "expert", "expert-plays-only")


class Bot(Protocol):
    """A computer player: picks one of ``view.legal`` from a seat's view."""

    name: str

    def act(self, view: SeatView) -> Action:
        """The action this bot takes now (one of ``view.legal``)."""
        ...


def check_level(level: object, allowed: Sequence[str] = BOT_LEVELS) -> str:
    """``level`` if it is one of ``allowed`` (:data:`BOT_LEVELS`); else :class:`InvalidBotLevel` naming them.

    >>> check_level("hard")
    'hard'
    >>> check_level("grandmaster")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.InvalidBotLevel: unknown bot level 'grandmaster': choose one of easy, medium, hard
    >>> check_level("expert", BOT_NAMES)
    'expert'
    """
    if not isinstance(level, str) or level not in allowed:
        raise InvalidBotLevel(f"unknown bot level {level!r}: choose one of {', '.join(allowed)}")
    return level


def bots_move(state: GameState, bots: Sequence[Bot]) -> GameState:
    """The state after the bots' next move: every seat that must discard throws (in the
    discard), else the seat to act acts. ``bots[seat]`` plays each seat; call it only in the
    discard, the play or the show (not in the deal or after the game)."""
    if state.phase is Phase.DISCARD:
        for seat in state.must_discard():
            state = state.apply(bots[seat].act(state.view(seat)))
        return state
    actor = state.seat_to_act()
    return state.apply(bots[actor].act(state.view(actor)))
