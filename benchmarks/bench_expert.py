"""The expert bot against another bot, in duplicate pairs (until ``make_bot("expert")`` is in the tournament).

Usage: ``nice -n 10 python benchmarks/bench_expert.py hard --games 200 --jobs 2``

Each pair plays the same deals twice with the seats swapped (``Random(f"expert/{seed}/{i}")``
for both games); prints the expert's wins with a 95% CI over pairs and the CPU time per game.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot  # noqa: E402
from cribbage_core.expert import ExpertBot  # noqa: E402
from cribbage_core.tournament import play_game  # noqa: E402


def _pairs(args: tuple[str, int, int, int]) -> list[tuple[int, float]]:
    other, seed, start, stop = args
    out = []
    for i in range(start, stop):
        began = time.process_time()
        wins = 0
        for swapped in (False, True):
            bots = [ExpertBot(), make_bot(other, seed * 1000 + i)]
            if swapped:
                bots.reverse()
            state, _ = play_game(bots, random.Random(f"expert/{seed}/{i}"))
            assert state.result is not None
            wins += state.result.winner_side == (1 if swapped else 0)
        out.append((wins, time.process_time() - began))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("other", choices=("easy", "medium", "hard"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    pairs = max(1, args.games // 2)
    tasks = [(args.other, args.seed, s, min(s + 5, pairs)) for s in range(0, pairs, 5)]
    rows: list[tuple[int, float]] = []
    began = time.time()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for part in pool.imap_unordered(_pairs, tasks):
            rows.extend(part)
    n = len(rows)
    p = sum(w for w, _ in rows) / (2 * n)
    var = sum((w / 2) ** 2 for w, _ in rows) / n - p * p
    half = 1.96 * math.sqrt(max(var, 0.0) / n)
    cpu = sum(t for _, t in rows) / (2 * n)
    print(
        f"expert vs {args.other}: {2 * n} games ({n} duplicate pairs): expert won {100 * p:.2f}%"
        f" (95% CI {100 * (p - half):.2f}-{100 * (p + half):.2f}%); {cpu:.2f}s CPU a game;"
        f" {time.time() - began:.0f}s wall"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
