"""What a card laid actually gave in the deal, against the real hands."""

from __future__ import annotations

import random

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.game import Phase, Play
from cribbage_core.pegging import MAX_COUNT, score_play
from cribbage_core.teaching.actual import actual_play


def test_the_last_card_of_the_play_gives_its_points_and_the_last_card() -> None:
    checked = 0
    for seed in range(4):
        steps = play_game_steps(
            [make_bot("easy", 1), make_bot("hard", 2)], random.Random(seed), target=61
        )
        for state, action in steps:
            if not isinstance(action, Play) or state.phase is not Phase.PLAY:
                continue
            value = actual_play(state, action.card)
            assert value == actual_play(state, action.card)  # the same replies each time
            assert -MAX_COUNT <= value <= MAX_COUNT
            if sum(len(h) for h in state.hands) == 1:  # the very last card of the play
                scored = score_play((*state.pile, action.card))
                last = 0 if scored.count == MAX_COUNT else 1
                assert value == scored.total + last, (state.pile, action.card)
                checked += 1
    assert checked >= 4
