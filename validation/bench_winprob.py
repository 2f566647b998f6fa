"""The win table against held-out self-play: the first dealer's edge and calibration by decile.

Usage: ``nice -n 10 python validation/bench_winprob.py [--games 10000] [--target 121] [--jobs 2]``

Plays ``--games`` whole two-player games between two copies of the table's bot (cut for
deal; each game its own seed, none shared with the deals the table was made from). At the
start of every deal it notes the table's chance for seat 0, and at the end who won. Prints:

- the first dealer's win rate with its 95% CI, beside ``win_probability(0, 0, True)``;
- predicted against observed by decile of the prediction (0-10%, ..., 90-100%): deals,
  mean prediction, observed win rate, their difference and its standard error. The deals
  of one game are not independent, so the standard error is computed over games
  (cluster-robust: the residuals summed per game).
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

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_recorded_game
from cribbage_core.tables.winprob import table_header, win_probability

Row = tuple[int, int, list[tuple[float, int]]]  # (first dealer won, game number, [(p, won)])


def _games(args: tuple[str, int, int, int, int]) -> list[Row]:
    bot, target, seed, start, stop = args
    rows: list[Row] = []
    for g in range(start, stop):
        bots = [make_bot(bot, 2 * g), make_bot(bot, 2 * g + 1)]
        trace = play_recorded_game(
            bots, random.Random(f"winprob-bench/{seed}/{target}/{g}"), target
        )
        won = int(trace.winner == 0)
        points = [
            (win_probability(s0, s1, dealer == 0, target), won) for s0, s1, dealer in trace.starts
        ]
        rows.append((int(trace.winner == trace.first_dealer), g, points))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--target", type=int, default=121, choices=(121, 61))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bot", default=None, help="default: the bot the table was made with")
    args = parser.parse_args()
    bot = args.bot or table_header()["bot"]
    chunk = 50
    tasks = [
        (bot, args.target, args.seed, s, min(s + chunk, args.games))
        for s in range(0, args.games, chunk)
    ]
    began = time.time()
    rows: list[Row] = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for part in pool.imap_unordered(_games, tasks):
            rows.extend(part)
    n = len(rows)
    rate = sum(r[0] for r in rows) / n
    se = math.sqrt(rate * (1 - rate) / n)
    table = win_probability(0, 0, True, args.target)
    print(f"{n} held-out {bot}-vs-{bot} games to {args.target} in {time.time() - began:.0f}s")
    print(
        f"first dealer won {100 * rate:.2f}% (95% CI {100 * (rate - 1.96 * se):.2f}-{100 * (rate + 1.96 * se):.2f}%);"
        f" table {100 * table:.2f}%; difference {100 * (table - rate):+.2f} points (SE {100 * se:.2f})"
    )
    print("decile      deals  games  predicted  observed  difference  (SE)")
    worst = 0.0
    for d in range(10):
        lo, hi = d / 10, (d + 1) / 10
        per_game: dict[int, tuple[float, int, int]] = {}  # residual sum, deals
        cells = 0
        pred_sum = won_sum = 0.0
        for _, g, points in rows:
            for p, won in points:
                if lo <= p < hi or (d == 9 and p == 1.0):
                    r, k, _ = per_game.get(g, (0.0, 0, 0))
                    per_game[g] = (r + won - p, k + 1, 0)
                    cells += 1
                    pred_sum += p
                    won_sum += won
        if not cells:
            continue
        diff = (won_sum - pred_sum) / cells
        se_d = math.sqrt(sum(r * r for r, _, _ in per_game.values())) / cells
        worst = max(worst, abs(diff))
        print(
            f"{100 * lo:3.0f}-{100 * hi:3.0f}%  {cells:7d} {len(per_game):6d}   {100 * pred_sum / cells:6.2f}%"
            f"   {100 * won_sum / cells:6.2f}%    {100 * diff:+6.2f}     ({100 * se_d:.2f})"
        )
    print(f"largest decile difference {100 * worst:.2f} points (target: within 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
