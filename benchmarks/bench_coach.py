"""How long coach mode takes to judge a move before it is made (the Play page waits for it).

Usage: ``python benchmarks/bench_coach.py [--games 6] [--seed 1]``

Plays whole games to 121, medium bot (seat 0, the learner's seat) against hard, and times
``cribbage_core.coach.at_table.check`` on every discard and every card laid by seat 0, in game order,
in one fresh process (so the first decisions meet cold caches, as a server's first visitor
does). CPU time of this process (``time.process_time``).
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
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach.at_table import check
from cribbage_core.game import Discard, Play


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"discard": [], "play": []}
    warned = 0
    for g in range(args.games):
        bots = [make_bot("medium", 2 * g), make_bot("hard", 2 * g + 1)]
        steps = play_game_steps(bots, random.Random(f"bench-coach/{args.seed}/{g}"))
        for state, action in steps:
            if action.seat != 0 or not isinstance(action, Discard | Play):
                continue
            c0 = time.process_time()
            verdict = check(state, action, 1.5)
            times["discard" if isinstance(action, Discard) else "play"].append(
                time.process_time() - c0
            )
            warned += verdict.warn
    for kind, found in times.items():
        ordered = sorted(found)
        print(
            f"{kind}: {len(ordered)} moves, median {statistics.median(ordered) * 1000:.1f} ms,"
            f" p90 {ordered[int(len(ordered) * 0.9)] * 1000:.1f} ms, max {ordered[-1] * 1000:.0f} ms (CPU)"
        )
    print(f"{warned} moves of the medium bot warned of at 1.5 points in {args.games} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
