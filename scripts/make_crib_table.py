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
    "entry moves more than the tolerance. With damping d, each iteration's table is d x the table "
    "the others discarded by + (1 - d) x its simulation (a fixed point of that is one of the "
    "plain iteration; with 3-4 players the single cards' entries swing between iterations "
    "without it, as the others' choice between near-equal single cards follows the table). The "
    "crib is scored exactly over every starter not among the dealt cards, and averaged over the "
    "deals. runs[players] says how each player count's table was made: deals an entry, damping, "
    "and per stage (a first one may use fewer deals) each iteration's largest move from the one "
    "before and largest residual (its simulation's largest distance from the table the others "
    "discarded by), the largest over the player counts run together. Each entry is [mean, "
    "standard error] of the total crib points; the error is the last simulation's."
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


def damp(previous: Tables, simulated: Tables, damping: float) -> Tables:
    """``damping`` x the table the others discarded by + the rest x the new simulation.

    A fixed point of the damped iteration is one of the plain iteration (the table equals the
    simulation made with it); damping only stops entries that decide between near-equal discards
    from swinging back and forth. The standard error is the new simulation's (the same deals)."""
    return {
        p: {
            role: {
                k: [round(damping * previous[p][role][k][0] + (1 - damping) * v[0], 4), v[1]]
                for k, v in column.items()
            }
            for role, column in simulated[p].items()
        }
        for p in simulated
    }


def settle(
    first: Tables | None, samples: tuple[int, int], most: int, args: Any
) -> tuple[list[Tables], list[float], list[float]]:
    """Iterate from ``first`` at ``samples`` (2 players, 3-4) until no entry moves more than the
    tolerance or ``most`` iterations; every iteration saved in ``--work`` and read back if there.

    Returns the tables, the largest move between successive ones and, for each iteration, the
    largest residual: how far its simulation was from the table the others discarded by (the
    move itself without damping)."""
    tag = f"{args.seed}-{samples[0]}-{samples[1]}-{'-'.join(map(str, args.players))}"
    if args.damping and first is not None:
        tag += f"-damped{args.damping:g}"
    history: list[Tables] = []
    moves: list[float] = []
    residuals: list[float] = []
    while len(history) < most and (len(moves) == 0 or moves[-1] > args.tolerance):
        path = args.work / f"{tag}-{'rough' if first is None else 'from'}-{len(history)}.json"
        previous = history[-1] if history else first
        if path.exists():
            saved = json.loads(path.read_text())
            simulated, tables = saved.get("simulated", saved), saved.get("damped", saved)
        else:
            simulated = iterate(previous, args.players, samples, args)
            tables = simulated
            if previous is not None and args.damping:
                tables = damp(previous, simulated, args.damping)
            path.write_text(json.dumps({"simulated": simulated, "damped": tables}))
        if previous is not None:
            residuals.append(largest_move(simulated, previous))
        history.append(tables)
        if len(history) > 1:
            moves.append(largest_move(history[-1], history[-2]))
        print(
            f"samples {samples}, iteration {len(history)}: largest move "
            f"{moves[-1] if moves else float('nan'):.4f}, largest residual "
            f"{residuals[-1] if residuals else float('nan'):.4f}",
            flush=True,
        )
    return history, moves, residuals


def mean_move(a: Tables, b: Tables) -> float:
    """The mean change of the entries' means between two tables."""
    moves = [abs(a[p][r][k][0] - b[p][r][k][0]) for p in a for r in a[p] for k in a[p][r]]
    return sum(moves) / len(moves)


def run_record(
    args: Any, players: int, iterations: list[tuple[str, list[float], list[float], float | None]]
) -> dict[str, Any]:
    """How one player count's table was made, for the header's ``runs``."""
    samples = args.samples if players == 2 else args.samples_single
    return {
        "deals_an_entry": samples,
        "seed": args.seed,
        "damping": args.damping,
        "tolerance": args.tolerance,
        "iterations": [
            {
                "deals_an_entry": args.warm_samples if stage == "warm" else samples,
                "largest_moves": [round(m, 4) for m in moves],
                "largest_residuals": [round(r, 4) for r in residuals],
                **({} if last is None else {"last_mean_move": round(last, 4)}),
            }
            for stage, moves, residuals, last in iterations
        ],
        "players_run_together": args.players,
    }


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
    parser.add_argument(
        "--damping",
        type=float,
        default=0.0,
        help="each iteration's table: this share of the one before, the rest of its simulation",
    )
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", type=Path, default=Path("crib_iterations"))
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    start = time.time()
    args.work.mkdir(parents=True, exist_ok=True)
    full = (args.samples, args.samples_single)
    # iteration 0: the others discard by the rough estimate
    rough, _, _ = settle(None, full, 1, args)
    iterations: list[tuple[str, list[float], list[float], float | None]] = []
    first = rough[-1]
    if args.warm_samples:
        warm, moves, residuals = settle(
            first, (args.warm_samples, args.warm_samples), args.max_iterations, args
        )
        iterations.append(("warm", moves, residuals, None))
        first = warm[-1]
    history, moves, residuals = settle(
        first, full, args.full_iterations or args.max_iterations, args
    )
    before_last = history[-2] if len(history) > 1 else first
    iterations.append(("full", moves, residuals, mean_move(history[-1], before_last)))
    print(f"settled in {time.time() - start:.0f}s: {iterations}", flush=True)
    old = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else None
    tables: Tables = dict(old["tables"]) if old else {}
    runs: dict[str, Any] = dict(old["header"].get("runs", {})) if old else {}
    for players in args.players:
        tables[str(players)] = history[-1][str(players)]
        runs[str(players)] = run_record(args, players, iterations)
    data = {
        "header": {
            "what": "expected total crib points for each discard, by player count and role",
            "method": METHOD,
            "runs": {p: runs[p] for p in sorted(runs)},
            "generator": "scripts/make_crib_table.py",
            "entry": "[mean, standard error]",
        },
        "tables": {p: tables[p] for p in sorted(tables)},
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
