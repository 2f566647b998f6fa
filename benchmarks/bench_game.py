"""How many complete games per second the engine plays with random legal moves.

    python benchmarks/bench_game.py [--games 300]   # every player count (2, 3, 4) and length (121, 61)

Two loops: "random" picks uniformly from ``state.legal_actions()``; "view bot"
decides from ``state.view(seat)`` the way a bot must (first legal action,
exact counts), which is what a tournament helper pays per decision. The target
for the tournament helper is 50 games/s on this 2-core machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.game import Discard, GameConfig, GameState, Phase, new_game


def play_random(seed: int, cfg: GameConfig) -> GameState:
    """One game with uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_game(rng, cfg)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return state


def play_view_bot(seed: int, cfg: GameConfig) -> GameState:
    """One game where every seat decides from its own SeatView (first legal action)."""
    rng = random.Random(seed)
    state = new_game(rng, cfg)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
        elif state.phase is Phase.DISCARD:
            seat = state.seat_to_act()
            view = state.view(seat)
            state = state.apply(Discard(seat, view.hand[: len(view.legal[0].cards)]))  # type: ignore[union-attr]
        else:
            state = state.apply(state.view(state.seat_to_act()).legal[0])
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    for players in (2, 3, 4):
        for target in (121, 61):
            cfg = GameConfig(players=players, target=target)
            for name, loop in (("random", play_random), ("view bot", play_view_bot)):
                start = time.perf_counter()
                for seed in range(args.games):
                    loop(seed, cfg)
                elapsed = time.perf_counter() - start
                print(
                    f"{players}p to {target:3}  {name:8}  {args.games / elapsed:7.0f} games/s "
                    f"({elapsed / args.games * 1e3:5.2f} ms/game, one core)"
                )


if __name__ == "__main__":
    main()
