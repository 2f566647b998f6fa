"""Generate cribbage_core/tables/data/crib_table.json: the expected crib for every discard.

Usage: ``nice -n 10 python scripts/make_crib_table.py [--samples 3000] [--seed 1] [--jobs 2]``
(about 4-5 minutes of CPU an iteration, two to four iterations). The method is written into the
file's header; see :mod:`cribbage_core.tables.crib` for the simulation itself.

The other players discard as the project's advisor does (exact expected hand ± this very table),
so the table is found by iteration: iteration 0 discards by the rough crib estimate (the method
the table had before), each later one by the table the one before made, every entry from the same
random deals each time (so that two iterations differ only by the discards that changed), until
no entry moves more than ``--tolerance``. Each iteration is saved in ``--work`` as it finishes and
a run started again goes on from the last one saved.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.seats import Role
from cribbage_core.tables.crib import (
    TABLE_PATH,
    all_keys,
    representative_discard,
    simulate_crib,
)

METHOD = (
    "Monte Carlo, iterated to a fixed point. For each discard (2 players: two ranks, suited or "
    "offsuit; 3-4 players: one rank) and each role ('dealer' = the crib is the thrower's side's, "
    "'pone' = an opponent's), deal the thrower's other kept cards and every other hand at random "
    "from the remaining deck (3 players: plus one deck card to the crib). Each other player lays "
    "away what the project's advisor would (cribbage_core.tables.crib.advisor_discard: the exact "
    "expected hand over all starters they cannot see, plus this table's entry for the discard "
    "when the crib is their side's, minus it when not, ties broken as the advisor breaks them). "
    "As the table is its own input it is iterated: iteration 0 has the others discard by the "
    "rough crib estimate (cribtable.rough_crib_estimate) instead, each later iteration by the "
    "table of the one before, every entry from the same random deals in every iteration, until no "
    "entry moves more than the tolerance (iterations: the largest move of each). The crib is "
    "scored exactly over every starter not among the dealt cards, and averaged over samples. "
    "Each entry is [mean, standard error] of the total crib points."
)

Tables = dict[str, dict[str, dict[str, list[float]]]]


def entry_rng(seed: int, players: int, role: str, key: str) -> random.Random:
    """The reproducible random stream of one table entry."""
    return random.Random(f"{seed}/{players}/{role}/{key}")


def means(tables: Tables, players: int) -> dict[str, dict[str, float]]:
    """One player count's columns as ``{role: {key: mean}}``, what the simulation reads."""
    return {role: {k: v[0] for k, v in col.items()} for role, col in tables[str(players)].items()}


_PREVIOUS: Tables | None = None  # the table the workers discard by (set before the fork)


def _entry(job: tuple[int, str, str, int, int]) -> tuple[int, str, str, list[float]]:
    players, role_name, key, samples, seed = job
    role = Role.DEALER if role_name == "dealer" else Role.PONE
    table = None if _PREVIOUS is None else means(_PREVIOUS, players)
    rng = entry_rng(seed, players, role_name, key)
    mean, se = simulate_crib(representative_discard(key), role, players, samples, rng, table)
    return players, role_name, key, [round(mean, 4), round(se, 4)]


def iterate(
    previous: Tables | None, player_counts: list[int], samples: tuple[int, int], args: Any
) -> Tables:
    """One iteration: every entry simulated with the others discarding by ``previous``."""
    global _PREVIOUS
    _PREVIOUS = previous
    jobs = [
        (players, role, key, samples[0] if players == 2 else samples[1], args.seed)
        for players in player_counts
        for role in ("dealer", "pone")
        for key in all_keys(players)
    ]
    tables: Tables = {str(p): {"dealer": {}, "pone": {}} for p in player_counts}
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for players, role, key, entry in pool.imap_unordered(_entry, jobs, chunksize=4):
            tables[str(players)][role][key] = entry
    for players in player_counts:  # in the keys' order
        for role in ("dealer", "pone"):
            column = tables[str(players)][role]
            tables[str(players)][role] = {k: column[k] for k in all_keys(players)}
    return tables


def largest_move(a: Tables, b: Tables) -> float:
    """The largest change of any entry's mean between two tables."""
    return max(
        abs(a[p][role][k][0] - b[p][role][k][0]) for p in a for role in a[p] for k in a[p][role]
    )


def settle(
    first: Tables | None, samples: tuple[int, int], most: int, args: Any
) -> tuple[list[Tables], list[float]]:
    """Iterate from ``first`` at ``samples`` (2 players, 3-4) until no entry moves more than the
    tolerance or ``most`` iterations; every iteration saved in ``--work`` and read back if there."""
    tag = f"{args.seed}-{samples[0]}-{samples[1]}-{'-'.join(map(str, args.players))}"
    history: list[Tables] = []
    moves: list[float] = []
    while len(history) < most and (len(moves) == 0 or moves[-1] > args.tolerance):
        path = args.work / f"{tag}-{'rough' if first is None else 'from'}-{len(history)}.json"
        if path.exists():
            tables = json.loads(path.read_text())
        else:
            previous = history[-1] if history else first
            tables = iterate(previous, args.players, samples, args)
            path.write_text(json.dumps(tables))
        history.append(tables)
        if len(history) > 1:
            moves.append(largest_move(history[-1], history[-2]))
        print(
            f"samples {samples}, iteration {len(history)}: largest move "
            f"{moves[-1] if moves else float('nan'):.4f}",
            flush=True,
        )
    return history, moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=3000, help="deals per 2-player entry")
    parser.add_argument(
        "--samples-single", type=int, default=2000, help="deals per 3-4 player entry"
    )
    parser.add_argument(
        "--warm-samples",
        type=int,
        default=None,
        help="settle with this many deals an entry first, then iterate at --samples",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--tolerance", type=float, default=0.02)
    parser.add_argument("--max-iterations", type=int, default=6)
    parser.add_argument(
        "--full-iterations", type=int, default=None, help="at most this many at --samples"
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", type=Path, default=Path("crib_iterations"))
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    start = time.time()
    args.work.mkdir(parents=True, exist_ok=True)
    full = (args.samples, args.samples_single)
    # iteration 0: the others discard by the rough estimate
    rough, _ = settle(None, full, 1, args)
    iterations = []
    first = rough[-1]
    if args.warm_samples:
        warm, moves = settle(
            first, (args.warm_samples, args.warm_samples), args.max_iterations, args
        )
        iterations.append({"samples": args.warm_samples, "largest_moves": moves})
        first = warm[-1]
    history, moves = settle(first, full, args.full_iterations or args.max_iterations, args)
    iterations.append({"samples": args.samples, "largest_moves": moves})
    print(f"settled in {time.time() - start:.0f}s: {iterations}", flush=True)
    data = {
        "header": {
            "what": "expected total crib points for each discard, by player count and role",
            "method": METHOD,
            "samples_two_players": args.samples,
            "samples_three_four_players": args.samples_single,
            "seed": args.seed,
            "tolerance": args.tolerance,
            "iterations": [
                {
                    "samples": i["samples"],
                    "largest_moves": [round(m, 4) for m in i["largest_moves"]],
                }
                for i in iterations
            ],
            "generator": "scripts/make_crib_table.py",
            "entry": "[mean, standard error]",
        },
        "tables": history[-1],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
