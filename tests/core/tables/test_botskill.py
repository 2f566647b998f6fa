"""The bots' typical skill figures: the data file says how it was made, and the figures are in order
of strength; the skill charts (Progress, and the review) carry them as labelled lines."""

from __future__ import annotations

import json
from itertools import pairwise

import pandas as pd
import pytest

from cribbage_core.tables.bot_skill import LEVELS, OPPONENT, TABLE_PATH, bot_skill
from tutor import progress
from tutor.progress import names, skill


def test_the_data_file_holds_its_method_and_each_figure_with_its_standard_error() -> None:
    data = json.loads(TABLE_PATH.read_text(encoding="utf-8"))
    header = data["header"]
    assert (
        "standard error" in header["method"] and header["generator"] == "scripts/make_bot_skill.py"
    )
    assert header["opponent"] == OPPONENT
    assert tuple(data["figures"]) == LEVELS  # every bot measured, weakest first
    for level, f in data["figures"].items():
        assert f["games"] >= 80, level
        assert 0 < f["se"] < f["skill"] / 3, level  # measured closely enough to order the bots


def test_the_figures_are_ordered_easy_medium_hard_expert_apart_by_more_than_their_errors() -> None:
    figures = bot_skill()
    assert list(figures) == list(LEVELS)
    for weaker, stronger in pairwise(LEVELS):
        a, b = figures[weaker], figures[stronger]
        assert a.skill - b.skill > 2 * (a.se**2 + b.se**2) ** 0.5, (weaker, stronger)


def _layers(chart: object) -> list[dict[str, object]]:
    spec = chart.to_dict()  # type: ignore[attr-defined]
    return list(spec["layer"])


def _values(spec: dict[str, object], chart: object) -> list[dict[str, object]]:
    """The rows a layer draws (Altair moves each layer's data into the top-level datasets)."""
    whole = chart.to_dict()  # type: ignore[attr-defined]
    data = (
        spec["data"] if "data" in spec else whole["data"]
    )  # data shared by the layers is the whole chart's
    return list(whole["datasets"][data["name"]])  # type: ignore[index]


def _mark(layer: dict[str, object]) -> str:
    mark = layer["mark"]
    return str(mark["type"] if isinstance(mark, dict) else mark)


def test_the_skill_chart_carries_a_labelled_line_per_bot() -> None:
    games = pd.DataFrame(
        {
            "id": ["a", "b"],
            "day": pd.to_datetime(["2026-12-01", "2026-12-02"]),
            "game": [1, 2],
            "skill": [0.9, 0.5],
            "errors": [4, 2],
            "opponent_level": ["Easy", "Hard"],
        }
    )
    chart = progress.skill_chart(games, current="b")
    layers = _layers(chart)
    rules = [layer for layer in layers if _mark(layer) == "rule"]
    assert [r["skill"] for layer in rules for r in _values(layer, chart)] == [
        round(f.skill, 3) for f in bot_skill().values()
    ]
    [text] = [layer for layer in layers if _mark(layer) == "text"]  # one column of labels
    labels = [r["label"] for r in _values(text, chart)]
    assert labels == list(progress.bot_figures()["label"])  # each line labelled once, weakest first
    assert labels[0] == f"Easy computer: {bot_skill()['easy'].skill:.2f}"
    assert labels[-1].startswith("Expert computer: ")
    ring = _values(layers[-1], chart)
    assert [r["id"] for r in ring] == ["b"]  # the current game ringed


@pytest.mark.parametrize("lang, word", [("ur", "کمپیوٹر"), ("hi", "कंप्यूटर")])
def test_the_lines_are_labelled_in_the_learners_language(
    lang: str, word: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    translate = skill._
    for module in (skill, names):  # the label's words, and the level's name in it
        monkeypatch.setattr(module, "_", lambda message: translate(message, lang))
    labels = list(progress.bot_figures()["label"])
    assert all(word in label for label in labels), labels
    assert not any("computer" in label for label in labels)
