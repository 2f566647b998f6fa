"""Generate cribbage_core/tables/data/peg_table.json: the pegging term of every kept hand, for each role.

Usage: ``nice -n 10 python scripts/make_peg_table.py [--jobs 2]`` (about 10 minutes of CPU).
The method is written into the file's header; see :func:`cribbage_core.coach.peg_value.opening_value`.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.cards import full_deck
from cribbage_core.coach.discard_value import discard_values
from cribbage_core.coach.peg_value import TREMBLE, opening_value
from cribbage_core.tables.peg import TABLE_PATH, keep_key, load_table

METHOD = (
    "Exact expectimax, no sampling (cribbage_core.coach.peg_value.opening_value). For every multiset of "
    "four ranks a seat can keep, and for each role in a two-player deal "
    "('pone': leads the play; 'dealer': the opponent leads), the expected points for minus against "
    "over the whole play: the opponent holds four cards drawn from the deck less the four kept, "
    "every rank-hand weighed by the ways to deal it, and lays the card that scores most now less "
    "what one random reply would score in fifteens, 31s and pairs (ties: the higher card); this "
    "seat plays each turn to maximise the expectation given only what it has seen. The seat's "
    "own two discards and the starter are not removed from the opponent's cards (they are not "
    "known per kept hand); the pegging values of a real position do remove them."
)


def _entry(ranks: tuple[int, ...]) -> tuple[str, float, float]:
    return keep_key(ranks), opening_value(ranks, leads=True), opening_value(ranks, leads=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    parser.add_argument("--baseline-deals", type=int, default=20_000)
    parser.add_argument(
        "--baseline-only", action="store_true", help="keep the tables, redo the baseline"
    )
    args = parser.parse_args()
    keeps = list(combinations_with_replacement(range(1, 14), 4))
    began = time.time()
    table: dict[str, dict[str, float]] = {"pone": {}, "dealer": {}}
    if args.baseline_only:
        table = json.loads(args.out.read_text(encoding="utf-8"))["tables"]
        table = {role: {keep_key(k): table[role][keep_key(k)] for k in keeps} for role in table}
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for i, (key, pone, dealer) in enumerate(pool.imap(_entry, keeps, chunksize=8), 1):
                table["pone"][key] = round(pone, 4)
                table["dealer"][key] = round(dealer, 4)
                if i % 200 == 0:
                    print(f"  {i}/{len(keeps)} kept hands, {time.time() - began:.0f}s", flush=True)
    data = {
        "header": {
            "what": "expected pegging points for minus against over a two-player play, per kept hand and role",
            "method": METHOD,
            "opponent_tremble": TREMBLE,
            "generator": "scripts/make_peg_table.py",
            "entry": "tables[role][ranks]: ranks as 'A-4-4-K'",
        },
        "tables": table,
    }
    args.out.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"wrote {args.out} ({len(keeps)} kept hands x 2 roles) in {time.time() - began:.0f}s",
        flush=True,
    )
    # the luck baseline: the best keep's net of a random dealt hand, per role
    load_table.cache_clear()
    baseline = {}
    for role in ("dealer", "pone"):
        rng = random.Random(f"luck-baseline/{role}")
        nets = []
        for _ in range(args.baseline_deals):
            hand = rng.sample(full_deck(), 6)
            nets.append(discard_values(hand, dealer=role == "dealer", win_view=False).best.net)
        mean = statistics.fmean(nets)
        se = statistics.stdev(nets) / math.sqrt(len(nets))
        baseline[role] = [round(mean, 4), round(se, 4), len(nets)]
        print(f"  baseline {role}: best net {mean:.3f} (SE {se:.3f})", flush=True)
    data["baseline"] = baseline
    data["header"]["baseline"] = (
        "baseline[role] = [mean, standard error, deals]: the best discard's net (hand + crib + pegging, "
        "cribbage_core.coach.discard_value) of random six-card hands, the game review's zero for luck"
    )
    args.out.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - began:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
