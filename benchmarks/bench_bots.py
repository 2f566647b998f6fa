"""How long a bot takes per decision (target for hard: under 1 s, aim ~50 ms).

Usage: ``python benchmarks/bench_bots.py [--games 40] [--level hard] [--players 2]``
Plays whole games bot against bot and times every ``act`` call, by phase.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import BOT_LEVELS, make_bot
from cribbage_core.game import GameConfig, Phase, new_game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", choices=BOT_LEVELS, default="hard")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"discard": [], "play": [], "show": []}
    for seed in range(args.games):
        rng = random.Random(seed)
        bots = [make_bot(args.level, seat) for seat in range(args.players)]
        state = new_game(rng, GameConfig(players=args.players))
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.DEAL:
                state = state.deal(rng)
                continue
            phase = state.phase.value
            seats = state.must_discard() if state.phase is Phase.DISCARD else (state.to_act,)
            for seat in seats:
                assert seat is not None
                view = state.view(seat)
                start = time.perf_counter()
                action = bots[seat].act(view)
                times[phase].append(time.perf_counter() - start)
                state = state.apply(action)
    for phase, values in times.items():
        if not values:
            continue
        values.sort()
        print(
            f"{args.level} {phase:<8} {len(values):>6} decisions: median {statistics.median(values) * 1000:.3f} ms,"
            f" p99 {values[int(len(values) * 0.99)] * 1000:.3f} ms, max {values[-1] * 1000:.3f} ms"
        )
    worst = max(max(v) for v in times.values() if v)
    print(
        f"slowest decision {worst * 1000:.1f} ms -> {'OK' if worst < 1 else 'TOO SLOW'} (limit 1 s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
