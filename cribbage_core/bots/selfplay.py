"""Self-play: one deal or whole games between bots, recorded for the win-probability table and its checks.

:func:`play_deal` plays a single two-player deal from a given score and returns a
:class:`DealRecord`: every point in counting order (his heels, each peg of the play in
the order it was scored, the pone's hand, the dealer's hand, the crib).
``scripts/make_winprob_table.py`` builds the win-probability table from many of them;
:func:`play_recorded_game` plays a game to the end and keeps the score and dealer at the
start of each deal, which the calibration checks compare with the table.

>>> from cribbage_core.bots import make_bot
>>> record = play_deal(make_bot("medium", 1), make_bot("medium", 2), random.Random(3))
>>> record.pone_total + record.dealer_total == sum(p for _, p in record.pegging) + record.pone_hand \\
...     + record.dealer_hand + record.crib
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cribbage_core.bots.base import Bot, bots_move
from cribbage_core.game import Action, GameConfig, GameState, Phase, new_game
from cribbage_core.tables.winprob import DealRecord

__all__ = ["play_deal", "GameTrace", "play_recorded_game", "play_game_steps", "drive"]


def drive(state: GameState, bots: Sequence[Bot], until_new_deal: bool) -> GameState:
    """Let ``bots[seat]`` act for every seat until the game is over (or the hand is over)."""
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            if until_new_deal:
                return state
            raise ValueError("drive() does not deal: deal the next hand first")
        state = bots_move(state, bots)
    return state


def play_deal(
    dealer_bot: Bot,
    pone_bot: Bot,
    rng: random.Random,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
) -> DealRecord:
    """Play one two-player deal from ``scores`` (dealer's, pone's) and record its points.

    Seat 0 deals. From scores far enough from the target the deal is always counted to the end;
    nearer the target a deal that ends the game is recorded up to the winning peg.
    """
    start = new_game(rng, GameConfig(players=2, target=target), first_dealer=0)
    start = replace(start, scores=scores).deal(rng)
    end = drive(start, (dealer_bot, pone_bot), until_new_deal=True)
    pegging: list[tuple[bool, int]] = []
    show = {"pone": 0, "dealer": 0, "crib": 0}
    for event in end.log:
        if event.hand_no != start.hand_no or not event.points:
            continue
        if event.phase in ("starter", "play"):
            pegging.append((event.side == 0, event.points))
        elif event.phase == "show crib":
            show["crib"] += event.points
        else:
            show["dealer" if event.side == 0 else "pone"] += event.points
    return DealRecord(tuple(pegging), show["pone"], show["dealer"], show["crib"])


@dataclass(frozen=True, slots=True)
class GameTrace:
    """A whole two-player game: the scores (seat 0, seat 1) and dealer at the start of each deal, the winner."""

    starts: tuple[tuple[int, int, int], ...]  # (score of seat 0, score of seat 1, dealer seat)
    winner: int
    first_dealer: int
    final: GameState


def play_recorded_game(bots: Sequence[Bot], rng: random.Random, target: int = 121) -> GameTrace:
    """Play a two-player game to the end (cut for deal from ``rng``), keeping each deal's starting scores."""
    state = new_game(rng, GameConfig(players=2, target=target))
    first = state.dealer
    starts: list[tuple[int, int, int]] = []
    while state.phase is not Phase.GAME_OVER:
        starts.append((state.scores[0], state.scores[1], state.dealer))
        state = drive(state.deal(rng), bots, until_new_deal=True)
    assert state.result is not None
    return GameTrace(tuple(starts), state.result.winner_side, first, state)


def play_game_steps(
    bots: Sequence[Bot], rng: random.Random, target: int = 121, stop: int | None = None
) -> list[tuple[GameState, Action]]:
    """Play a game between ``bots`` (seat ``i`` is ``bots[i]``) and keep every (state before, action).

    ``stop`` ends it after that many actions (an ongoing game). This is what
    :func:`cribbage_core.coach.game_review.analyse_game` reads.
    """
    state = new_game(rng, GameConfig(players=len(bots), target=target))
    steps: list[tuple[GameState, Action]] = []
    while state.phase is not Phase.GAME_OVER and (stop is None or len(steps) < stop):
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
            continue
        seat = state.seat_to_act()
        action = bots[seat].act(state.view(seat))
        steps.append((state, action))
        state = state.apply(action)
    return steps
