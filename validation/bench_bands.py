"""Where games of each bot level land on the game review's performance bands, and how often a
game's range holds the level's typical figure (:mod:`cribbage_core.coach.performance`).

Usage: ``nice -n 10 python validation/bench_bands.py --games 100 --jobs 2``. Each game is played to
121 against the hard bot, as ``scripts/make_bot_skill.py`` measured the bots, but from other seeds
(``random.Random('bands/<seed>/<level>/<game>')``), so the bands are checked out of sample.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach.game_review import analyse_game
from cribbage_core.coach.performance import Performance, band_edges, performance
from cribbage_core.tables.bot_skill import LEVELS, OPPONENT, bot_skill


def _game(task: tuple[str, int, int]) -> tuple[str, Performance]:
    level, seed, g = task
    bots = [make_bot(level, 7 * g + 3), make_bot(OPPONENT, 7 * g + 4)]
    steps = play_game_steps(bots, random.Random(f"bands/{seed}/{level}/{g}"))
    return level, performance(analyse_game(steps, seats=[0]), 0)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20, help="games per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    figures = bot_skill()
    print("edges:", ", ".join(f"{e:.3f}" for e in band_edges(figures)))
    tasks = [(level, args.seed, g) for level in LEVELS for g in range(args.games)]
    found: dict[str, list[Performance]] = collections.defaultdict(list)
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for level, p in pool.imap_unordered(_game, tasks):
            found[level].append(p)
    for level in LEVELS:
        games = found[level]
        bands = collections.Counter(p.band for p in games)
        held = sum(p.low <= figures[level].skill <= p.high for p in games)
        print(
            f"{level:>6}: {len(games)} games, own band {bands[level]}/{len(games)} "
            f"({dict(bands)}), range holds {figures[level].skill:.3f} in {held}/{len(games)}; "
            f"figure mean {statistics.fmean(p.skill for p in games):.3f}, "
            f"sd {statistics.stdev(p.skill for p in games):.3f}, "
            f"mean se {statistics.fmean(p.se for p in games):.3f}, "
            f"decisions a game {statistics.fmean(p.decisions for p in games):.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
