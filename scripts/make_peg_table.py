"""Generate cribbage_core/tables/data/peg_table.json: the pegging term of every kept hand, for each role.

Usage: ``nice -n 10 python scripts/make_peg_table.py --selfplay FILE [--jobs 2]`` (about 10 minutes
of CPU); ``--recentre`` keeps the exact values and only centres them again (on a new ``FILE``) and
redoes the luck baseline (a minute). ``FILE`` is what ``scripts/measure_peg_margin.py`` saved.
``--baseline-only`` (no ``FILE``) keeps the table and its centring as they are and redoes only
the luck baseline, which stands on the crib table too (the nets of the discards).
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
from itertools import combinations_with_replacement, pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.cards import full_deck
from cribbage_core.coach.discard_value import discard_values
from cribbage_core.coach.peg_value import TREMBLE, opening_value
from cribbage_core.tables.peg import TABLE_PATH, keep_key, load_table, weighted_mean

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_peg_margin import summary  # noqa: E402

METHOD = (
    "Exact expectimax, no sampling (cribbage_core.coach.peg_value.opening_value). For every multiset of "
    "four ranks a seat can keep, and for each role in a two-player deal "
    "('pone': leads the play; 'dealer': the opponent leads), the expected points for minus against "
    "over the whole play: the opponent holds four cards drawn from the deck less the four kept, "
    "every rank-hand weighed by the ways to deal it, and lays the card that scores most now less "
    "what one random reply would score in fifteens, 31s and pairs (ties: the higher card); this "
    "seat plays each turn to maximise the expectation given only what it has seen. The seat's "
    "own two discards and the starter are not removed from the opponent's cards (they are not "
    "known per kept hand); the pegging values of a real position do remove them. Then each role's "
    "column is moved by one constant (see centring)."
)

CENTRING = (
    "The exact values are the seat playing its best against the modelled opponent, a weaker "
    "player than the seat, so each seat out-pegs it from either chair: their weighted means were "
    "raw_mean (dealer and pone add to far more than zero, though the play is zero-sum). The "
    "discard is chosen on the differences between keeps of one role, which held up when played "
    "out (4-4-5-6 against its other keep as pone: a gap of 1.58 advised, 1.73-1.80 played by the "
    "expert against hard); what was flattered is the level. So each role's column is moved by "
    "one constant (shift) so that its mean over every kept hand, each weighed by the ways to hold "
    "it, is the dealer's margin in the play measured in the expert's self-play (selfplay: "
    "scripts/measure_peg_margin.py, deals from 0-0 played by make_bot('expert') in both seats, "
    "the play's points only, his heels left out) for the dealer and minus it for the pone. "
    "Centred, not rebuilt with a stronger opponent: the engine's opponent model is what the "
    "coach grades every card against, and a constant per role changes no advised keep, no grade "
    "and no chance to win (the win view uses a keep's edge over its role's mean), only the "
    "pegging and net figures a learner reads, which now average what real play gives. What it "
    "leaves: any flattery that differs from keep to keep."
)


def _entry(ranks: tuple[int, ...]) -> tuple[str, float, float]:
    return keep_key(ranks), opening_value(ranks, leads=True), opening_value(ranks, leads=False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=TABLE_PATH)
    parser.add_argument("--baseline-deals", type=int, default=20_000)
    parser.add_argument(
        "--selfplay",
        type=Path,
        nargs="+",
        help="scripts/measure_peg_margin.py's saved deals (one file a run)",
    )
    parser.add_argument(
        "--baseline-only",
        action="store_true",
        help="keep the table and its centring, redo the luck baseline (the crib table changed)",
    )
    parser.add_argument(
        "--recentre",
        action="store_true",
        help="keep the exact values, centre them again and redo the baseline",
    )
    args = parser.parse_args()
    if args.baseline_only:
        data = json.loads(args.out.read_text(encoding="utf-8"))
        write_baseline(data, args.out, args.baseline_deals)
        return 0
    if not args.selfplay:
        parser.error("--selfplay is required unless --baseline-only")
    deals, ranges = [], []
    for path in args.selfplay:
        saved = json.loads(path.read_text(encoding="utf-8"))
        first = saved.get("first", 0)
        ranges.append([first, first + len(saved["deals"])])
        deals += saved["deals"]
    ranges.sort()
    if any(a[1] > b[0] for a, b in pairwise(ranges)):
        parser.error(f"the saved runs overlap: deals {ranges}")
    measured = summary(deals)
    measured["deal_ranges"] = ranges
    measured["generator"] = "scripts/measure_peg_margin.py"
    keeps = list(combinations_with_replacement(range(1, 14), 4))
    began = time.time()
    table: dict[str, dict[str, float]] = {"pone": {}, "dealer": {}}
    if args.recentre:
        old = json.loads(args.out.read_text(encoding="utf-8"))
        old_shift = old["header"].get("centring", {}).get("shift", {"dealer": 0.0, "pone": 0.0})
        table = {
            role: {
                keep_key(k): round(old["tables"][role][keep_key(k)] - old_shift[role], 4)
                for k in keeps
            }
            for role in ("pone", "dealer")
        }
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for i, (key, pone, dealer) in enumerate(pool.imap(_entry, keeps, chunksize=8), 1):
                table["pone"][key] = round(pone, 4)
                table["dealer"][key] = round(dealer, 4)
                if i % 200 == 0:
                    print(f"  {i}/{len(keeps)} kept hands, {time.time() - began:.0f}s", flush=True)
    raw_mean = {role: weighted_mean(table[role]) for role in table}
    target = {"dealer": measured["margin"], "pone": -measured["margin"]}
    shift = {role: round(target[role] - raw_mean[role], 4) for role in table}
    table = {
        role: {key: round(value + shift[role], 4) for key, value in column.items()}
        for role, column in table.items()
    }
    print(f"  raw means {raw_mean}, centred on {target} by {shift}", flush=True)
    data = {
        "header": {
            "what": "expected pegging points for minus against over a two-player play, per kept hand and role",
            "method": METHOD,
            "opponent_tremble": TREMBLE,
            "generator": "scripts/make_peg_table.py",
            "entry": "tables[role][ranks]: ranks as 'A-4-4-K'",
            "centring": {
                "why": CENTRING,
                "selfplay": measured,
                "raw_mean": {role: round(mean, 4) for role, mean in raw_mean.items()},
                "shift": shift,
            },
        },
        "tables": table,
    }
    args.out.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"wrote {args.out} ({len(keeps)} kept hands x 2 roles) in {time.time() - began:.0f}s",
        flush=True,
    )
    write_baseline(data, args.out, args.baseline_deals)
    print(f"wrote {args.out} in {time.time() - began:.0f}s")
    return 0


def write_baseline(data: dict[str, Any], out: Path, deals: int) -> None:
    """The luck baseline: the best keep's net of a random dealt hand, per role, into ``out``."""
    load_table.cache_clear()
    baseline = {}
    for role in ("dealer", "pone"):
        rng = random.Random(f"luck-baseline/{role}")
        nets = []
        for _ in range(deals):
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
    out.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
