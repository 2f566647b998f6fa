"""What a new crib table changes: the largest entries' moves and the trainer's best keep as pone.

Usage: ``python validation/bench_crib_change.py BEFORE.json AFTER.json [--hands 1000] [--top 10]``.

Prints the ``--top`` two-player entries whose mean moved most (each role; three for 3-4
players), each column's mean move, and, for a fixed set of ``--hands`` hands dealt from the
random stream ``crib-change/<i>`` (six cards; five from ``crib-change/<players>/<i>`` with 3-4
players), how many change their best keep as pone (the discard trainer grades with
:func:`cribbage_core.coach.advisor.advise`, whose order :func:`advisor_discard` follows) and as
dealer (with 4 players: the dealer's side).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.cards import format_cards, full_deck
from cribbage_core.tables.crib import advisor_discard


def tables_of(path: Path) -> dict[str, Any]:
    """A table file's tables, or one iteration of make_crib_table.py (damped or not)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    tables: dict[str, Any] = data.get("tables", data.get("damped", data))
    return tables


def column(path: Path, role: str, players: int = 2) -> dict[str, float]:
    return {k: v[0] for k, v in tables_of(path)[str(players)][role].items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    both = set(tables_of(args.before)) & set(tables_of(args.after))
    for players in sorted(int(p) for p in both):
        for role in ("pone", "dealer"):
            old, new = column(args.before, role, players), column(args.after, role, players)
            moves = sorted(old, key=lambda k: -abs(new[k] - old[k]))
            mean = statistics.fmean(new[k] - old[k] for k in old)
            print(f"{players} players, {role}'s column: mean move {mean:+.3f}; largest:")
            for k in moves[: args.top if players == 2 else 3]:
                print(f"  {k:14} {old[k]:6.3f} -> {new[k]:6.3f} ({new[k] - old[k]:+.3f})")
    for players in sorted(int(p) for p in both):
        dealt = 6 if players == 2 else 5
        for role, sign in (("pone", -1), ("dealer", 1)):
            old, new = column(args.before, role, players), column(args.after, role, players)
            changed = []
            for i in range(args.hands):
                stream = f"crib-change/{i}" if players == 2 else f"crib-change/{players}/{i}"
                hand = random.Random(stream).sample(full_deck(), dealt)
                a = advisor_discard(hand, dealt - 4, sign, old)
                b = advisor_discard(hand, dealt - 4, sign, new)
                if set(a) != set(b):
                    changed.append((hand, a, b))
            print(
                f"{players} players, {role}: {len(changed)} of {args.hands} hands change "
                "their best keep"
            )
            for hand, a, b in changed[:5]:
                print(f"  {format_cards(hand)}: throw {format_cards(a)} -> {format_cards(b)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
