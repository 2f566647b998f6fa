"""Generate cribbage_core/tables/data/bot_skill.json: each bot's typical skill figure, with its standard error.

Usage: ``nice -n 15 python scripts/make_bot_skill.py --games 150 --jobs 2`` (each game is played to
121 and its bot's seat reviewed; about 1-3 s of CPU a game, the expert's the slowest).
The method is written into the file's header; :mod:`cribbage_core.tables.bot_skill` reads it.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach.game_review import analyse_game
from cribbage_core.tables.bot_skill import LEVELS, OPPONENT, TABLE_PATH

METHOD = (
    "Self-play, then the game review. For each level, N games to 121 between that bot (seat 0) "
    "and the hard bot (seat 1), each from its own seeded shuffle (random.Random('bot-skill/<seed>/"
    "<game>'), the bots seeded 5g and 5g+1); seat 0's decisions reviewed by "
    "cribbage_core.coach.game_review.analyse_game exactly as a learner's game is. A game's skill figure is "
    "its mean expected points lost per decision with a real choice (SeatSummary.skill); the "
    "level's figure is the mean over its games, with the standard error of that mean (the "
    "games' standard deviation over the square root of their number)."
)


def _games(task: tuple[str, int, int, int]) -> list[tuple[float, int, int]]:
    level, seed, start, stop = task
    rows = []
    for g in range(start, stop):
        bots = [make_bot(level, 5 * g), make_bot(OPPONENT, 5 * g + 1)]
        steps = play_game_steps(bots, random.Random(f"bot-skill/{seed}/{g}"))
        summary = analyse_game(steps, seats=[0]).summary(0)
        rows.append((summary.skill, summary.real_choices, summary.errors))
    return rows


def _commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=150, help="games per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS), choices=LEVELS)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    figures: dict[str, dict[str, float | int]] = {}
    if args.out.exists():  # levels not asked for keep their figures
        figures = json.loads(args.out.read_text(encoding="utf-8")).get("figures", {})
    for level in args.levels:
        began = time.time()
        tasks = [(level, args.seed, s, min(s + 5, args.games)) for s in range(0, args.games, 5)]
        rows: list[tuple[float, int, int]] = []
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for part in pool.imap_unordered(_games, tasks):
                rows.extend(part)
                print(
                    f"  {level}: {len(rows)}/{args.games} games, {time.time() - began:.0f}s",
                    flush=True,
                )
        skills = [r[0] for r in rows]
        mean = statistics.fmean(skills)
        se = statistics.stdev(skills) / math.sqrt(len(skills))
        figures[level] = {
            "skill": round(mean, 4),
            "se": round(se, 4),
            "games": len(rows),
            "real_choices_a_game": round(statistics.fmean(r[1] for r in rows), 2),
            "errors_a_game": round(statistics.fmean(r[2] for r in rows), 3),
        }
        print(
            f"{level:>6}: {len(rows)} games, skill {mean:.3f} (SE {se:.3f}), {time.time() - began:.0f}s",
            flush=True,
        )
        _write(args, figures)  # each level as soon as it is measured
    return 0


def _write(args: argparse.Namespace, figures: dict[str, dict[str, float | int]]) -> None:
    data = {
        "header": {
            "what": "each bot's typical skill figure: expected points lost per decision with a real choice",
            "method": METHOD,
            "opponent": OPPONENT,
            "seed": args.seed,
            "commit": _commit(),
            "generator": "scripts/make_bot_skill.py",
            "entry": "figures[level] = {skill, se (standard error of skill), games, real_choices_a_game, errors_a_game}",
        },
        "figures": {level: figures[level] for level in LEVELS if level in figures},
    }
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
