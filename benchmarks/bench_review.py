"""The game review: its speed, the skill figure of each bot, and how often the hard bot errs.

Usage::

    python benchmarks/bench_review.py --speed 10            # time analyse_game on 10 games to 121
    nice -n 10 python benchmarks/bench_review.py --skill 300 --jobs 2   # skill per level

``--speed N``: N hard-vs-hard games to 121, each recorded, then reviewed whole (both seats);
prints the CPU seconds per game (this process only) and the wall time, first from cold caches
(a fresh process) and then the rest.

``--skill N``: for each level (easy, medium, hard) N games to 121 of that level (seat 0) against
the hard bot, seat 0 reviewed; prints per level the mean skill figure (expected points lost
per decision with a real choice) with its standard error over games, the decisions graded
mistake or blunder per game (the grades' limits were set so the hard bot makes about none),
the mean luck, and the share of each grade.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot  # noqa: E402
from cribbage_core.grades import Grade  # noqa: E402
from cribbage_core.review import analyse_game  # noqa: E402
from cribbage_core.selfplay import play_game_steps  # noqa: E402


def speed(games: int, seed: int) -> None:
    cpu: list[float] = []
    wall: list[float] = []
    for g in range(games):
        steps = play_game_steps(
            [make_bot("hard", 2 * g), make_bot("hard", 2 * g + 1)], random.Random(f"bench-review/{seed}/{g}")
        )
        c0, w0 = time.process_time(), time.perf_counter()
        review = analyse_game(steps)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        print(
            f"  game {g}: {len(review.decisions)} decisions, final {list(review.final_scores)},"
            f" {cpu[-1]:.2f}s CPU ({wall[-1]:.2f}s wall)",
            flush=True,
        )
    rest = cpu[1:] or cpu
    print(
        f"first game (cold caches) {cpu[0]:.2f}s CPU; the others median {statistics.median(rest):.2f}s,"
        f" max {max(rest):.2f}s CPU (target: under 2 s a game on one core)"
    )


def _skill_games(args: tuple[str, int, int, int]) -> list[tuple[float, int, float, int, dict[str, int]]]:
    level, seed, start, stop = args
    rows = []
    for g in range(start, stop):
        bots = [make_bot(level, 5 * g), make_bot("hard", 5 * g + 1)]
        steps = play_game_steps(bots, random.Random(f"bench-skill/{seed}/{g}"))
        summary = analyse_game(steps, seats=[0]).summary(0)
        rows.append((summary.skill, summary.errors, summary.luck, summary.real_choices, summary.grades))
    return rows


def skill(games: int, seed: int, jobs: int) -> None:
    for level in ("easy", "medium", "hard"):
        began = time.time()
        tasks = [(level, seed, s, min(s + 10, games)) for s in range(0, games, 10)]
        rows = []
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap_unordered(_skill_games, tasks):
                rows.extend(part)
        skills = [r[0] for r in rows]
        errors = [r[1] for r in rows]
        lucks = [r[2] for r in rows]
        grades = {g.value: sum(r[4][g.value] for r in rows) for g in Grade}
        total = sum(grades.values()) or 1
        se = statistics.stdev(skills) / math.sqrt(len(skills))
        se_e = statistics.stdev(errors) / math.sqrt(len(errors))
        print(
            f"{level:>6}: {len(rows)} games; skill {statistics.fmean(skills):.3f} (SE {se:.3f}) points lost per"
            f" real decision ({statistics.fmean(r[3] for r in rows):.1f} real decisions a game);"
            f" mistakes+blunders {statistics.fmean(errors):.2f} a game (SE {se_e:.2f});"
            f" luck {statistics.fmean(lucks):+.2f}; grades "
            + ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in grades.items())
            + f"; {time.time() - began:.0f}s",
            flush=True,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--speed", type=int, default=0, metavar="GAMES")
    parser.add_argument("--skill", type=int, default=0, metavar="GAMES")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if not args.speed and not args.skill:
        args.speed = 5
    if args.speed:
        speed(args.speed, args.seed)
    if args.skill:
        skill(args.skill, args.seed, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
