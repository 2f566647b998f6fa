"""Generate cribbage_core/tables/data/keep_table.json: how likely a player is to keep each four ranks, per role.

Usage: ``python scripts/make_keep_table.py [--temperature 1.0]`` (about 5 seconds).
The method is written into the file's header; see :mod:`cribbage_core.tables.keeps`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.tables.keeps import TABLE_PATH, TEMPERATURE, keep_chances

METHOD = (
    "Exact enumeration, no sampling (cribbage_core.tables.keeps.keep_chances). For every multiset of four "
    "ranks K and each role in a two-player deal ('dealer': the crib is the player's own; 'pone': "
    "the opponent's), the chance that a player dealt the four cards K plus two others drawn at "
    "random from the 48 cards left keeps exactly K. The player values each of its 15 ways to lay "
    "two away by the kept four's expected show over the 46 starters it cannot see (ranks only: "
    "fifteens, pairs, runs; no flush or nobs) plus the crib table's mean for the two laid away "
    "(cribbage_core/tables/data/crib_table.json; two ranks apart are suited one time in four, so 0.25 x "
    "suited + 0.75 x offsuit), added as dealer and subtracted as pone, and keeps each way with "
    "chance proportional to exp(value / T), a softmax over the 15 ways with temperature T points. "
    "A player keeping at random would give 1/15 everywhere."
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--temperature", type=float, default=TEMPERATURE)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    tables = {
        role: {
            key: round(chance, 6)
            for key, chance in keep_chances(role == "dealer", args.temperature).items()
        }
        for role in ("dealer", "pone")
    }
    data = {
        "header": {
            "what": "chance that a player dealt these four ranks and two random cards keeps these four, by role",
            "method": METHOD,
            "temperature": args.temperature,
            "generator": "scripts/make_keep_table.py",
            "entry": "chance (1/15 = a random keep)",
        },
        "tables": tables,
    }
    args.out.write_text(json.dumps(data, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    print(
        f"wrote {args.out} ({sum(len(t) for t in tables.values())} entries, T = {args.temperature})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
