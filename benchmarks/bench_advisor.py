"""Median time of one full discard advice (target: under 50 ms).

Usage: ``python benchmarks/bench_advisor.py [--hands 2000]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core import full_deck
from cribbage_core.coach.advisor import advise
from cribbage_core.seats import Role


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(1)
    deck = full_deck()
    advise(rng.sample(deck, 6), Role.DEALER)  # loads the crib table
    for dealt, players in ((6, 2), (5, 3), (5, 4)):
        times = []
        for i in range(args.hands):
            hand = rng.sample(deck, dealt)
            role = Role.DEALER if i % 2 else Role.PONE
            start = time.perf_counter()
            advise(hand, role, players)
            times.append(time.perf_counter() - start)
        median = statistics.median(times) * 1000
        print(
            f"{players} players ({dealt} cards): median {median:.3f} ms, "
            f"p99 {sorted(times)[int(len(times) * 0.99)] * 1000:.3f} ms over {args.hands} hands"
            f" -> {'OK' if median < 50 else 'TOO SLOW'} (target < 50 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
