"""Generate cribbage_core/tables/data/rank_points.json: the fifteens, pairs and runs of every rank multiset.

Usage: ``python scripts/make_rank_points.py`` (a fraction of a second). The points are
:func:`cribbage_core.tables.expected.build_rank_table`'s, listed in the order of
:func:`cribbage_core.tables.expected.rank_multisets`; ``tests/core/tables/test_expected.py`` checks that the
committed file still equals the table computed from the rules.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.tables.expected import (
    RANK_BIT,
    RANK_POINTS_PATH,
    build_rank_table,
    rank_multisets,
)


def main() -> None:
    table = build_rank_table()
    points = [table[sum(RANK_BIT[r] for r in ranks)] for ranks in rank_multisets()]
    data = {
        "what": "fifteens + pairs + runs of five cards, for every multiset of five ranks (1-13) a deal can hold, "
        "in the order of cribbage_core.tables.expected.rank_multisets()",
        "points": points,
    }
    RANK_POINTS_PATH.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {len(points)} multisets to {RANK_POINTS_PATH}")


if __name__ == "__main__":
    main()
