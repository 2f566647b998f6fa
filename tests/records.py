"""A game played through a record, as the Play page saves it: each action a step, each deal a
``NextDeal``. The review's and the kept line's tests build their games with it."""

from __future__ import annotations

from collections.abc import Callable

from cribbage_core.game import Action, GameState, Phase
from cribbage_core.record import GameRecord, NextDeal

Choose = Callable[[GameState, int], Action]
#: After an action: the record and state to go on from (a take-back added, say).
Then = Callable[[GameRecord, GameState, int, Action], tuple[GameRecord, GameState]]


def play_record(
    record: GameRecord,
    choose: Choose,
    stop: Callable[[GameRecord], bool] | None = None,
    then: Then | None = None,
) -> GameRecord:
    """``record`` played on to the game's end (or until ``stop(record)``): the seat to act takes
    ``choose(state, seat)``."""
    state = record.final()
    while state.phase is not Phase.GAME_OVER and not (stop and stop(record)):
        if state.phase is Phase.DEAL:
            record, state = record.then(NextDeal()), record.deal(state)
            continue
        seat = state.seat_to_act()
        assert seat is not None
        action = choose(state, seat)
        record, state = record.then(action), state.apply(action)
        if then is not None:
            record, state = then(record, state, seat, action)
    return record
