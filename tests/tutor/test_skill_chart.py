"""The skill chart (Progress, and the review beside past games): a level keeps its colour on every
chart, whatever levels a chart shows and in every language, and the labels of the bots' lines never
overlap, however close the figures."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pandas as pd
import pytest

from cribbage_core.tables.bot_skill import LEVELS
from tutor import progress
from tutor.lang import i18n

PLAYED = ("easy", "medium", "hard")  # the opponents a learner plays; the expert is a line only


def figures(levels: list[str]) -> pd.DataFrame:
    """One game a level, in the order given, levels in words as the pages pass them."""
    return progress.named(
        pd.DataFrame(
            {
                "id": [f"g{i}" for i in range(len(levels))],
                "day": pd.to_datetime(["2026-12-01"] * len(levels)),
                "game": range(1, len(levels) + 1),
                "skill": [0.9 - 0.1 * i for i in range(len(levels))],
                "errors": [3] * len(levels),
                "opponent_level": levels,
            }
        ),
        "opponent_level",
        progress.level_name,
    )


def drawn_colours(chart: Any) -> dict[str, dict[str, str]]:
    """What the chart draws each level in (stored keys): its games' points (colour and shape,
    read through the chart's own scales), its dashed line and its label's dash."""
    spec = chart.to_dict()
    datasets = spec["datasets"]
    by_name = {progress.level_name(k): k for k in PLAYED}
    found: dict[str, dict[str, str]] = {}
    for layer in spec["layer"]:
        mark, encoding = layer["mark"], layer.get("encoding", {})
        rows = datasets[layer["data"]["name"]] if "data" in layer else []
        if mark["type"] == "point" and "color" in encoding:  # the games
            colour, shape = encoding["color"]["scale"], encoding["shape"]["scale"]
            for row in rows:
                level = by_name[row["opponent_level"]]
                i = colour["domain"].index(row["opponent_level"])
                found.setdefault(level, {})["points"] = colour["range"][i]
                found[level]["shape"] = shape["range"][shape["domain"].index(row["opponent_level"])]
        elif (
            mark["type"] in ("rule", "point") and "color" in mark and "level" in rows[0]
        ):  # a bot's line or dash
            found.setdefault(rows[0]["level"], {})[
                mark["type"] if mark["type"] == "rule" else "dash"
            ] = mark["color"]
    return found


@pytest.mark.parametrize("lang", ["en", "ur", "hi"])
def test_a_level_has_one_colour_and_shape_on_every_skill_chart(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "current_language", lambda: lang)  # the level names in that language
    charts = [
        progress.skill_chart(figures(["hard", "medium", "easy"])),  # the progress page, every level
        progress.skill_chart(figures(["medium"]), current="g0"),  # a review: one game, one level
        progress.skill_chart(figures(["hard", "easy", "hard"]), current="g2"),  # no medium game
    ]
    seen = [drawn_colours(chart) for chart in charts]
    for drawn in seen:
        for level, colour in progress.LEVEL_COLOURS.items():
            assert drawn[level]["rule"] == drawn[level]["dash"] == colour, (lang, level)
            if "points" in drawn[level]:
                assert drawn[level]["points"] == colour, (lang, level)
                assert drawn[level]["shape"] == progress.LEVEL_SHAPES[level], (lang, level)
    assert {"easy", "medium", "hard"} <= {
        level for drawn in seen for level in drawn if "points" in drawn[level]
    }
    assert len(set(progress.LEVEL_COLOURS.values())) == len(LEVELS)  # no two levels alike
    assert len(set(progress.LEVEL_SHAPES.values())) == len(LEVELS)


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_a_game_with_a_friend_has_a_colour_and_shape_of_its_own(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "current_language", lambda: lang)
    chart = progress.skill_chart(figures(["easy", "friend", "hard"]), current="g1")
    spec = chart.to_dict()
    [points] = [
        layer
        for layer in spec["layer"]
        if layer["mark"]["type"] == "point" and "color" in layer.get("encoding", {})
    ]
    colour, shape = points["encoding"]["color"]["scale"], points["encoding"]["shape"]["scale"]
    friend = progress.level_name("friend")
    assert friend != "friend"  # in words, as the legend shows it
    assert colour["range"][colour["domain"].index(friend)] == progress.FRIEND_COLOUR
    assert shape["range"][shape["domain"].index(friend)] == progress.FRIEND_SHAPE
    assert progress.FRIEND_COLOUR not in progress.LEVEL_COLOURS.values()
    assert progress.FRIEND_SHAPE not in progress.LEVEL_SHAPES.values()


def test_the_level_colours_stand_out_from_the_page() -> None:
    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    for level, colour in {**progress.LEVEL_COLOURS, "friend": progress.FRIEND_COLOUR}.items():
        assert 1.05 / (luminance(colour) + 0.05) >= 3, level  # WCAG's 3:1 for a graphic on white


def _pixels(values: list[float], top: float) -> list[float]:
    return [progress.SKILL_PLOT_MIN_HEIGHT * (1 - v / top) for v in values]


def test_labels_of_close_lines_move_apart_and_stay_on_the_axis() -> None:
    rng = random.Random(14)
    for _ in range(500):
        values = [rng.choice([0.0, rng.uniform(0, 2)]) for _ in range(rng.randint(1, 6))]
        top = progress.nice_top(max(values))
        placed = _pixels(progress.spread_labels(values, top), top)
        ordered = sorted(placed)
        assert all(b - a >= progress.LABEL_GAP_PX - 1e-9 for a, b in pairwise(ordered)), values
        assert all(-1e-9 <= p <= progress.SKILL_PLOT_MIN_HEIGHT + 1e-9 for p in placed), values
        # the order of the lines is kept: a higher line has its label higher
        order = sorted(range(len(values)), key=lambda i: -values[i])
        assert [placed[i] for i in order] == sorted(placed), values
    # lines far apart keep their labels on them
    assert progress.spread_labels([1.6, 0.3], top=2.0) == pytest.approx([1.6, 0.3])


def test_the_bots_labels_on_the_chart_are_apart() -> None:
    chart = progress.skill_chart(figures(["easy"]))
    spec = chart.to_dict()
    [text] = [layer for layer in spec["layer"] if layer["mark"]["type"] == "text"]
    rows = spec["datasets"][text["data"]["name"]]
    top = spec["layer"][0]["encoding"]["y"]["scale"]["domain"][1]
    placed = sorted(_pixels([r["label_at"] for r in rows], top))
    assert all(b - a >= progress.LABEL_GAP_PX - 1e-9 for a, b in pairwise(placed)), placed
