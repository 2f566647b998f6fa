"""A game's performance figure on the bands: recomputed by brute force from the graded decisions,
and games of each bot level landing in their own band (seeded self-play)."""

from __future__ import annotations

import json
import math
import random
from functools import cache

import pytest

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach.game_review import GameReview, analyse_game
from cribbage_core.coach.performance import RANGE_SE, band_edges, band_of, performance
from cribbage_core.tables.bot_skill import LEVELS, TABLE_PATH

#: Games per level in the self-play check (validation/bench_bands.py plays more).
GAMES = 3


@cache
def level_game(level: str, g: int) -> GameReview:
    """One seeded game to 121 of ``level`` (seat 0) against the hard bot, as the bots' figures were measured."""
    bots = [make_bot(level, 7 * g + 3), make_bot("hard", 7 * g + 4)]
    steps = play_game_steps(bots, random.Random(f"bands-test/{level}/{g}"))
    return analyse_game(steps, seats=[0])


def test_the_band_edges_are_the_geometric_midpoints_of_the_table() -> None:
    figures = json.loads(TABLE_PATH.read_text(encoding="utf-8"))["figures"]
    skills = [figures[level]["skill"] for level in ("easy", "medium", "hard", "expert")]
    expected = [math.sqrt(skills[i] * skills[i + 1]) for i in range(3)]
    assert band_edges() == pytest.approx(expected)
    assert [round(e, 3) for e in band_edges()] == [0.706, 0.179, 0.054]
    # each level's own figure lies in its own band
    assert [band_of(s) for s in skills] == list(LEVELS)


def test_band_of_by_brute_force_on_a_grid() -> None:
    edges = band_edges()
    for k in range(3001):
        x = k / 1000
        weaker = sum(1 for e in edges if x > e)  # how many edges the figure is above
        assert band_of(x) == ("expert", "hard", "medium", "easy")[weaker], x


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_the_figure_and_its_range_equal_a_recomputation_from_the_decisions(level: str) -> None:
    review = level_game(level, 0)
    found = performance(review, 0)
    losses = []
    for d in review.decisions:
        if d.seat == 0 and d.kind in ("discard", "play", "go") and d.real_choice:
            losses.append(d.points_lost)
    n = len(losses)
    mean = sum(losses) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (n - 1))
    band = band_of(mean)
    table = json.loads(TABLE_PATH.read_text(encoding="utf-8"))["figures"][band]
    se = max(sd / math.sqrt(n), table["se"] * math.sqrt(table["games"]))
    assert found.decisions == n == review.summary(0).real_choices
    assert found.skill == pytest.approx(mean) and found.skill == pytest.approx(
        review.summary(0).skill
    )
    assert found.se == pytest.approx(se)
    assert found.low == pytest.approx(max(0.0, mean - RANGE_SE * se))
    assert found.high == pytest.approx(mean + RANGE_SE * se)
    assert (found.band, found.low_band, found.high_band) == (
        band,
        band_of(found.low),
        band_of(found.high),
    )


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_games_of_each_level_land_in_its_band(level: str) -> None:
    bands = [performance(level_game(level, g), 0) for g in range(GAMES)]
    assert sum(p.band == level for p in bands) >= 2, [(p.skill, p.band) for p in bands]
    # every game's range reaches the level's own band (weaker bands come first in LEVELS)
    at = LEVELS.index(level)
    assert all(LEVELS.index(p.high_band) <= at <= LEVELS.index(p.low_band) for p in bands)
