"""How long the pegging values take per decision (target: median under 20 ms on one core).

Usage: ``python benchmarks/bench_pegvalue.py [--games 30] [--seed 1] [--plays-only]``

Plays whole two-player games between hard bots (every seed its own game) and, at every turn
in the play where the seat has a real choice (two ranks or more that fit), times
``peg_values(state.view(seat))`` in the order the decisions come, as a bot or the game review
meets them. CPU time of this process (``time.process_time``), so other jobs on a shared
machine do not count; wall time is printed beside it. The values weigh the opponent's hands by
its keep too (:mod:`cribbage_core.tables.keeps`, the default); ``--plays-only`` times them without.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.coach.peg_value import peg_values
from cribbage_core.game import GameConfig, Phase, Play, new_game


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plays-only", action="store_true")
    args = parser.parse_args()
    cpu: dict[int, list[float]] = {}
    wall: list[float] = []
    win_cpu: list[float] = []
    for g in range(args.games):
        rng = random.Random(f"bench-peg/{args.seed}/{g}")
        bots = [make_bot("hard", 2 * g), make_bot("hard", 2 * g + 1)]
        state = new_game(rng, GameConfig())
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.DEAL:
                state = state.deal(rng)
                continue
            seats = state.must_discard() if state.phase is Phase.DISCARD else (state.to_act,)
            for seat in seats:
                assert seat is not None
                view = state.view(seat)
                if (
                    state.phase is Phase.PLAY
                    and len({a.card.rank for a in view.legal if isinstance(a, Play)}) > 1
                ):
                    c0, w0 = time.process_time(), time.perf_counter()
                    advice = peg_values(view, discard_evidence=not args.plays_only)
                    c1, w1 = time.process_time(), time.perf_counter()
                    cpu.setdefault(len(view.hand), []).append(c1 - c0)
                    wall.append(w1 - w0)
                    if advice.win_view:
                        win_cpu.append(c1 - c0)
                state = state.apply(bots[seat].act(view))
    every = sorted(t for times in cpu.values() for t in times)
    print(f"{len(every)} decisions with a choice in {args.games} hard-vs-hard games")
    for held in sorted(cpu, reverse=True):
        times = sorted(cpu[held])
        print(
            f"  {held} cards held: {len(times):>5} decisions, median {statistics.median(times) * 1000:6.2f} ms,"
            f" p90 {times[int(len(times) * 0.9)] * 1000:6.2f} ms, max {times[-1] * 1000:6.1f} ms (CPU)"
        )
    if win_cpu:
        print(
            f"  with the win view: {len(win_cpu)} decisions, median {statistics.median(win_cpu) * 1000:.2f} ms CPU"
        )
    median = statistics.median(every)
    print(
        f"all: median {median * 1000:.2f} ms CPU (wall {statistics.median(wall) * 1000:.2f} ms),"
        f" p90 {every[int(len(every) * 0.9)] * 1000:.2f} ms, max {every[-1] * 1000:.1f} ms"
        f" -> {'OK' if median < 0.020 else 'TOO SLOW'} (median target 20 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
