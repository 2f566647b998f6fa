"""Write the pegging trainer's fixed positions (``tests/data/peg_trainer_positions.json``).

    python scripts/make_peg_trainer_positions.py [--count 300]

Seeds from 1 up, the options cycling through every kind (and none) and difficulty (and
none), each position the page's: from the bank (``banked_position``); a position is kept when its best and second-best cards are at least 0.1 points apart
(0.01 of the chance to win in the endgame), so "best" is never a coin toss. Each entry keeps
what rebuilds it (seed, kind, level) and what it must still be: the hand, the series, the
count, the best card and every card's value. ``tests/core/teaching/test_peg_trainer_positions.py`` checks
the bank, the pegging values and the page's verdict against them, and that the expert bot's card
is graded best.
"""

from __future__ import annotations

import argparse
import json
from itertools import cycle
from pathlib import Path

from cribbage_core.teaching.peg_trainer import SPOTS, banked_position

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "peg_trainer_positions.json"
MIN_GAP, MIN_WIN_GAP = 0.1, 0.01


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    count = parser.parse_args().count
    options = cycle([(kind, level) for kind in (None, *SPOTS) for level in (None, "close", "far")])
    positions = []
    seed = 0
    while len(positions) < count:
        seed += 1
        kind, level = next(options)
        p = banked_position(seed, kind, level)
        if p.gap < (MIN_WIN_GAP if p.advice.win_view else MIN_GAP):
            continue
        positions.append(
            {
                "seed": seed,
                "kind": kind and str(kind),
                "level": level,
                "hand": [str(c) for c in p.view.hand],
                "series": [str(c) for c in p.view.pile],
                "count": p.view.count,
                "best": str(p.advice.best.card),
                "win_view": p.advice.win_view,
                "values": {
                    str(o.card): [round(o.points, 6), None if o.win is None else round(o.win, 6)]
                    for o in p.advice.options
                },
            }
        )
    OUT.write_text(
        json.dumps(
            {"min_gap": MIN_GAP, "min_win_gap": MIN_WIN_GAP, "positions": positions}, indent=1
        )
        + "\n"
    )
    print(f"{len(positions)} positions from seeds 1-{seed} written to {OUT}")


if __name__ == "__main__":
    main()
