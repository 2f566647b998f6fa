"""The committed table of every rank multiset's points (``cribbage_core/tables/data/rank_points.json``)
is the one the rules give (``build_rank_table``), and it is the one the engine reads."""

from __future__ import annotations

import json

from cribbage_core.tables import expected
from cribbage_core.tables.expected import (
    RANK_BIT,
    RANK_POINTS_PATH,
    build_rank_table,
    rank_multisets,
    rank_points,
)


def test_the_committed_rank_points_are_the_rules() -> None:
    built = build_rank_table()
    assert len(built) == 6175
    assert built == expected._RANK_POINTS  # what the engine reads at import
    committed = json.loads(RANK_POINTS_PATH.read_text(encoding="utf-8"))["points"]
    assert committed == [built[sum(RANK_BIT[r] for r in ranks)] for ranks in rank_multisets()]


def test_a_few_known_multisets() -> None:
    def key(*ranks: int) -> int:
        return sum(RANK_BIT[r] for r in ranks)

    assert rank_points(key(5, 5, 5, 5, 11)) == 28  # the 29 hand less nobs
    assert rank_points(key(1, 2, 3, 4, 5)) == 7  # a run of five and one fifteen
    assert rank_points(key(2, 4, 6, 8, 13)) == 0
