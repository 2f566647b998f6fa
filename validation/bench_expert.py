"""The expert bot against another bot in duplicate games: the tournament, with its CPU cost.

Usage: ``nice -n 10 python validation/bench_expert.py hard --games 1000 --jobs 2``

The same as ``python -m cribbage_core.bots.tournament expert hard --games N --seed 1`` (each pair
plays the same deals twice with the seats swapped); the report's last line gives the CPU time
a game, which is the cost to plan a longer run on a shared machine by.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import BOT_LEVELS
from cribbage_core.bots.tournament import run_tournament


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("other", choices=BOT_LEVELS)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(run_tournament("expert", args.other, args.games, args.seed, args.jobs).report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
