"""Skunk, double skunk and lurch under each SkunkRule, at 121 and 61."""

from __future__ import annotations

import pytest

from cribbage_core.errors import InvalidGameConfig
from cribbage_core.result import SkunkRule, judge

S, L, Q, N = SkunkRule.SKUNK, SkunkRule.LURCH, SkunkRule.THREE_QUARTERS, SkunkRule.NONE


@pytest.mark.parametrize(
    ("rule", "target", "loser", "kind", "points"),
    [
        (S, 121, 91, "win", 1),
        (S, 121, 90, "skunk", 2),
        (S, 121, 61, "skunk", 2),
        (S, 121, 60, "double skunk", 3),
        (S, 121, 0, "double skunk", 3),
        (S, 61, 31, "win", 1),
        (S, 61, 30, "skunk", 2),
        (S, 61, 0, "skunk", 2),  # no double skunk in a 61-point game
        (L, 121, 61, "win", 1),
        (L, 121, 60, "lurch", 2),
        (L, 121, 90, "win", 1),
        (L, 61, 31, "win", 1),
        (L, 61, 30, "lurch", 2),
        (Q, 121, 91, "win", 1),
        (Q, 121, 90, "skunk", 2),
        (Q, 121, 61, "skunk", 2),
        (Q, 121, 60, "double skunk", 4),
        (Q, 61, 46, "win", 1),
        (Q, 61, 45, "skunk", 2),
        (Q, 61, 31, "skunk", 2),
        (Q, 61, 30, "double skunk", 4),
        (N, 121, 0, "win", 1),
    ],
)
def test_loss_lines(rule: SkunkRule, target: int, loser: int, kind: str, points: int) -> None:
    for scores in ((target, loser), (loser, target + 3)):
        result = judge(scores, target, rule)
        assert result.kind == kind and result.game_points == points
        assert result.winner_side == scores.index(max(scores))
        assert result.margin == max(scores) - loser


def test_three_players_each_loser_is_judged() -> None:
    result = judge((121, 95, 40), 121)
    assert result.winner_side == 0 and result.kind == "win" and result.margin == 26
    assert result.losses == ((1, "win", 1), (2, "double skunk", 3))


def test_a_game_not_over_has_no_result() -> None:
    with pytest.raises(InvalidGameConfig):
        judge((120, 3), 121)
