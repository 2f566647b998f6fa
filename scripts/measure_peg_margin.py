"""Measure the dealer's margin in the play in the expert's self-play: the figure the pegging term is centred on.

Usage: ``nice -n 15 python scripts/measure_peg_margin.py --deals 4000 --minutes 20 --out FILE``.

Deal ``i`` is dealt from the random stream ``peg-margin/i`` from 0-0 (far from the target, so
the play is never the win view's) and played out by the expert (reading the opponent's discard,
``make_bot("expert")``) in both seats. For each deal it records the points of the play alone
(go, 31 and last card included; his heels left out, as no kept hand makes them) of the dealer
and of the pone. The results are saved after every batch and a run started again with the same
``--out`` goes on from the deals it has, so a stopped run loses nothing; runs started at other
``--first`` deals (two processes at once) are merged by ``make_peg_table.py --selfplay A B``.
``--summary`` prints the margin with its standard error (deals are independent).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import drive
from cribbage_core.game import GameConfig, new_game
from cribbage_core.kinds import EventPhase

BOT = "expert"


def play_margin(index: int, bot_name: str = BOT) -> tuple[int, int]:
    """The dealer's and the pone's points in the play of deal ``index`` (both seats ``bot_name``)."""
    rng = random.Random(f"peg-margin/{index}")
    bots = (make_bot(bot_name), make_bot(bot_name))
    start = new_game(rng, GameConfig(players=2, target=121), first_dealer=0).deal(rng)
    end = drive(start, bots, until_new_deal=True)
    points = [0, 0]
    for event in end.log:
        if event.hand_no == start.hand_no and event.points and event.phase is EventPhase.PLAY:
            points[event.side] += event.points
    return points[0], points[1]  # seat 0 deals


def summary(deals: list[list[int]]) -> dict[str, Any]:
    """Mean dealer, pone and margin (dealer - pone) per deal, with standard errors."""
    margins = [d - p for d, p in deals]
    n = len(margins)

    def se(values: list[int]) -> float:
        return statistics.stdev(values) / math.sqrt(n)

    return {
        "bot": BOT,
        "deals": n,
        "dealer_play": round(statistics.fmean(d for d, _ in deals), 4),
        "dealer_play_se": round(se([d for d, _ in deals]), 4),
        "pone_play": round(statistics.fmean(p for _, p in deals), 4),
        "pone_play_se": round(se([p for _, p in deals]), 4),
        "margin": round(statistics.fmean(margins), 4),
        "margin_se": round(se(margins), 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long")
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first deal's index")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--summary", action="store_true", help="print the saved figures and stop")
    args = parser.parse_args()
    data: dict[str, Any] = {"bot": BOT, "first": args.first, "deals": []}
    if args.out.exists():
        data = json.loads(args.out.read_text(encoding="utf-8"))
    deals: list[list[int]] = data["deals"]
    if args.summary:
        print(json.dumps(summary(deals)))
        return 0
    began = time.process_time()
    wall = time.time()
    already = len(deals)
    while len(deals) < args.deals:
        if args.minutes is not None and time.time() - wall > 60 * args.minutes:
            break
        for i in range(len(deals), min(args.deals, len(deals) + args.batch)):
            deals.append(list(play_margin(data["first"] + i)))
        args.out.write_text(json.dumps(data) + "\n", encoding="utf-8")
        s = summary(deals)
        print(
            f"  {s['deals']} deals: margin {s['margin']:+.3f} (SE {s['margin_se']:.3f}),"
            f" {(time.process_time() - began) / max(1, s['deals'] - already):.3f} s of CPU a deal",
            flush=True,
        )
    print(json.dumps(summary(deals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
