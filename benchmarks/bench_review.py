"""The game review: its speed, the skill figure of each bot, and how often the hard bot errs.

Usage::

    python benchmarks/bench_review.py --speed 10            # time analyse_game on 10 games to 121
    nice -n 10 python benchmarks/bench_review.py --skill 300 --jobs 2   # skill per level
    nice -n 15 python benchmarks/bench_review.py --skill 1000 --minutes 30   # as many as fit in 30 min

``--speed N``: N hard-vs-hard games to 121, each recorded, then reviewed whole (both seats);
prints the CPU seconds per game (this process only) and the wall time, first from cold caches
(a fresh process) and then the rest.

``--skill N``: for each level (easy, medium, hard) N games to 121 of that level (seat 0) against
the hard bot, seat 0 reviewed; prints per level the mean skill figure (expected points lost
per decision with a real choice) with its standard error over games, the decisions graded
mistake or blunder per game (the grades' limits were set so the hard bot makes about none),
the mean luck, and the share of each grade. The levels' games are dealt from the same seeds
(game ``g`` of every level starts from the same deal) and run interleaved in batches of five,
so ``--minutes M`` stops after M minutes with about as many games of each level done; then the
differences easy - medium and medium - hard, with their standard errors. ``--every K`` also
prints the figures so far after each K games of every level (a long run killed early still
leaves its figures).
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

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach.game_review import analyse_game
from cribbage_core.coach.grades import Grade


def speed(games: int, seed: int) -> None:
    cpu: list[float] = []
    wall: list[float] = []
    for g in range(games):
        steps = play_game_steps(
            [make_bot("hard", 2 * g), make_bot("hard", 2 * g + 1)],
            random.Random(f"bench-review/{seed}/{g}"),
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


def _skill_games(
    args: tuple[str, int, int, int],
) -> list[tuple[float, int, float, int, dict[str, int]]]:
    level, seed, start, stop = args
    rows = []
    for g in range(start, stop):
        bots = [make_bot(level, 5 * g), make_bot("hard", 5 * g + 1)]
        steps = play_game_steps(bots, random.Random(f"bench-skill/{seed}/{g}"))
        summary = analyse_game(steps, seats=[0]).summary(0)
        rows.append(
            (summary.skill, summary.errors, summary.luck, summary.real_choices, summary.grades)
        )
    return rows


LEVELS = ("easy", "medium", "hard")


def skill(games: int, seed: int, jobs: int, minutes: float | None = None, every: int = 0) -> None:
    began = time.time()
    tasks = [(level, seed, s, min(s + 5, games)) for s in range(0, games, 5) for level in LEVELS]
    by_level: dict[str, list[tuple[float, int, float, int, dict[str, int]]]] = {
        level: [] for level in LEVELS
    }
    with multiprocessing.get_context("fork").Pool(jobs) as pool:  # leaving it stops the workers
        for task, part in zip(tasks, pool.imap(_skill_games, tasks)):
            by_level[task[0]].extend(part)
            if minutes is not None and time.time() - began >= 60 * minutes:
                break
            done = min(len(rows) for rows in by_level.values())
            if every and done % every == 0 and task[0] == LEVELS[-1] and done < games:
                print(f"-- after {done} games of each level --", flush=True)
                _report(by_level, began)
    print(f"-- {min(len(rows) for rows in by_level.values())} games of each level --", flush=True)
    _report(by_level, began)


def _report(
    by_level: dict[str, list[tuple[float, int, float, int, dict[str, int]]]], began: float
) -> None:
    means: dict[str, tuple[float, float]] = {}
    for level in LEVELS:
        rows = by_level[level]
        if len(rows) < 2:
            print(f"{level:>6}: {len(rows)} games, too few for a figure")
            continue
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
        means[level] = statistics.fmean(skills), se
    for stronger, weaker in zip(("medium", "hard"), ("easy", "medium")):
        if stronger in means and weaker in means:
            (m1, s1), (m2, s2) = means[weaker], means[stronger]
            print(
                f"{weaker} - {stronger}: {m1 - m2:+.3f} points lost per decision (SE {math.hypot(s1, s2):.3f})"
            )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--speed", type=int, default=0, metavar="GAMES")
    parser.add_argument("--skill", type=int, default=0, metavar="GAMES")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None, help="--skill: stop after this long")
    parser.add_argument(
        "--every", type=int, default=0, help="--skill: also report after each this many games"
    )
    args = parser.parse_args()
    if not args.speed and not args.skill:
        args.speed = 5
    if args.speed:
        speed(args.speed, args.seed)
    if args.skill:
        skill(args.skill, args.seed, args.jobs, args.minutes, args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
