"""Generate cribbage_core/tables/data/crib_table.json: the expected crib for every discard.

Usage: ``python scripts/make_crib_table.py [--samples 3000] [--seed 1]`` (about two
minutes on one core). The method is written into the file's header; see
:mod:`cribbage_core.tables.crib` for the simulation itself.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.seats import Role
from cribbage_core.tables.crib import (
    TABLE_PATH,
    all_keys,
    representative_discard,
    simulate_crib,
)

METHOD = (
    "Monte Carlo. For each discard (2 players: two ranks, suited or offsuit; 3-4 players: one rank) "
    "and each role ('dealer' = the crib is the thrower's side's, 'pone' = an opponent's), deal the "
    "thrower's other kept cards and every other hand at random from the remaining deck (3 players: "
    "plus one deck card to the crib). Each other player lays away the cards that maximise their exact "
    "expected hand (over all starters they cannot see) plus the rough crib estimate "
    "(cribtable.rough_crib_estimate) when the crib is their side's, minus it when not. The crib is "
    "then scored exactly over every starter not among the dealt cards, and averaged over samples. "
    "Each entry is [mean, standard error] of the total crib points."
)


def entry_rng(seed: int, players: int, role: str, key: str) -> random.Random:
    """The reproducible random stream of one table entry."""
    return random.Random(f"{seed}/{players}/{role}/{key}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=3000, help="deals per 2-player entry")
    parser.add_argument(
        "--samples-single", type=int, default=2000, help="deals per 3-4 player entry"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    start = time.time()
    tables: dict[str, dict[str, dict[str, list[float]]]] = {}
    for players in (2, 3, 4):
        samples = args.samples if players == 2 else args.samples_single
        tables[str(players)] = {}
        for role_name, role in (("dealer", Role.DEALER), ("pone", Role.PONE)):
            column: dict[str, list[float]] = {}
            for key in all_keys(players):
                rng = entry_rng(args.seed, players, role_name, key)
                mean, se = simulate_crib(representative_discard(key), role, players, samples, rng)
                column[key] = [round(mean, 4), round(se, 4)]
            tables[str(players)][role_name] = column
            print(f"{players} players, {role_name}: {time.time() - start:.0f}s", flush=True)
    data = {
        "header": {
            "what": "expected total crib points for each discard, by player count and role",
            "method": METHOD,
            "samples_two_players": args.samples,
            "samples_three_four_players": args.samples_single,
            "seed": args.seed,
            "generator": "scripts/make_crib_table.py",
            "entry": "[mean, standard error]",
        },
        "tables": tables,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - start:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
