"""Generate cribbage_core/tables/data/winprob.json: the chance to win from every score, for games to 121 and 61.

Usage::

    nice -n 10 python scripts/make_winprob_table.py --deals 100000 --jobs 2   # ~15 min on 2 cores
    python scripts/make_winprob_table.py --from-deals build/winprob_deals.txt  # DP only, ~1 min

Two steps. (1) Self-play: ``--deals`` independent two-player deals between two copies of
``--bot`` (default ``hard``, the strongest bot when the table was made), each from 0-0 with a
fresh shuffle, recorded in counting order (:class:`cribbage_core.bots.selfplay.DealRecord`); they
are kept in ``--deals-file`` so step 2 can be rerun. (2) Dynamic programming
(:func:`cribbage_core.tables.winprob.solve_table`) over every score pair, in decreasing order of
the sum of the scores, for each target. The method is written into the file's header.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import DealRecord, play_deal
from cribbage_core.tables.winprob import (
    TABLE_PATH,
    DealSamples,
    deal_marginals,
    solve_table,
)

METHOD = (
    "Self-play, then dynamic programming. {deals} independent two-player deals were played "
    "between two copies of the '{bot}' bot (seed {seed}), each from a score of 0-0 with a fresh "
    "shuffle, and every point was recorded in counting order: his heels and each peg of the play "
    "(go and last card included) in the order they were scored, then the pone's hand, the "
    "dealer's hand and the crib. For a target T, D[x][y] is the chance that the player about to "
    "deal, with x points, beats the pone, with y points (0 <= x, y < T). Each D[x][y] is the mean "
    "over the recorded deals of: 1 if the dealer reaches T first while that deal's points are "
    "counted in order from (x, y), 0 if the pone does, else 1 - D[y'][x'] with the new scores "
    "(the pone deals next). Scores only grow, so D is filled in decreasing order of x + y. The "
    "deals were played from 0-0, so the bots' end-of-game play (the hard bot's keep-what-gets-home "
    "discards near the target) is not in the deal distribution; the calibration check over "
    "held-out whole games (validation/bench_winprob.py) measures what that costs. Sampling noise: "
    "the table was solved again from each half of the deals; 'split_half' gives the largest and "
    "the mean absolute difference between the two halves' tables (the full table's noise is about "
    "that divided by 2)."
)


def _deal_batch(args: tuple[str, int, int, int]) -> list[str]:
    bot, seed, start, stop = args
    lines = []
    for i in range(start, stop):
        rng = random.Random(f"winprob/{seed}/{i}")
        record = play_deal(make_bot(bot, seed * 7 + i), make_bot(bot, seed * 11 + i), rng)
        lines.append(record.to_text())
    return lines


def generate(bot: str, deals: int, seed: int, jobs: int, out: Path) -> list[DealRecord]:
    """Play and save ``deals`` deals (in order of their index, whatever the number of processes)."""
    chunk = 500
    tasks = [(bot, seed, s, min(s + chunk, deals)) for s in range(0, deals, chunk)]
    lines: list[str] = []
    began = time.time()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for batch in pool.imap(_deal_batch, tasks):
            lines.extend(batch)
            if len(lines) % 10_000 < chunk:
                print(f"  {len(lines)} deals, {time.time() - began:.0f}s", flush=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        f"# bot={bot} seed={seed} deals={deals}\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    return [DealRecord.from_text(line) for line in lines]


def read_deals(path: Path) -> tuple[dict[str, str], list[DealRecord]]:
    """The header fields and deals of a deals file."""
    text = path.read_text(encoding="utf-8").splitlines()
    header = dict(part.split("=", 1) for part in text[0].lstrip("# ").split())
    return header, [DealRecord.from_text(line) for line in text[1:] if line.strip()]


def _rows(table: np.ndarray) -> list[list[int]]:
    """The table in ten-thousandths (D[x][y] row x), to keep the file small and exact to read."""
    return np.rint(table * 10_000).astype(int).tolist()  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deals-file", type=Path, default=Path("build/winprob_deals.txt"))
    parser.add_argument(
        "--from-deals", type=Path, default=None, help="skip the self-play: read deals"
    )
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    began = time.time()
    if args.from_deals is not None:
        header, records = read_deals(args.from_deals)
        bot, seed = header["bot"], int(header["seed"])
    else:
        bot, seed = args.bot, args.seed
        records = generate(bot, args.deals, seed, args.jobs, args.deals_file)
    print(f"{len(records)} deals ready, {time.time() - began:.0f}s", flush=True)
    samples = DealSamples.of(records)
    half = len(records) // 2
    halves = (DealSamples.of(records[:half]), DealSamples.of(records[half:]))
    tables = {}
    for target in (121, 61):
        table = solve_table(samples, target)
        a, b = (solve_table(h, target) for h in halves)
        diff = np.abs(a - b)
        tables[str(target)] = {
            "dealer_wins": _rows(table),
            "split_half": {
                "max_abs": round(float(diff.max()), 4),
                "mean_abs": round(float(diff.mean()), 5),
            },
        }
        print(
            f"target {target}: D[0][0] = {table[0, 0]:.4f}; split-half max {diff.max():.4f},"
            f" mean {diff.mean():.5f}; {time.time() - began:.0f}s",
            flush=True,
        )
    data = {
        "header": {
            "what": "chance that the player about to deal wins a 2-player game, for every score pair",
            "method": METHOD.format(deals=len(records), bot=bot, seed=seed),
            "bot": bot,
            "deals": len(records),
            "seed": seed,
            "generator": "scripts/make_winprob_table.py",
            "entry": "tables[target]['dealer_wins'][x][y]: ten-thousandths; x = dealer's score, y = pone's",
        },
        "marginals": deal_marginals(samples),
        "tables": tables,
    }
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KB) in {time.time() - began:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
