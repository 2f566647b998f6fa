"""Browser test: the skill chart as Chromium draws it, on a desktop and on a phone (390 px), in
English and Urdu: each opponent's games in its level's colour (the same on every chart: see
``tests/tutor/test_skill_chart.py``), and the labels of the bots' lines all apart, none on another,
within the chart. Every wait is for a condition; screenshots looked at."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from browsertools import load, settled
from conftest import ARTIFACTS, new_tab
from playwright.sync_api import expect

from cribbage_core.tables.bot_skill import bot_skill
from tutor import progress, store
from tutor.lang.i18n import _
from tutor.play.text import LEVEL_LABELS

pytestmark = pytest.mark.browser

#: Games against each level, their skill figures close to the strong bots' lines.
GAMES = [("hard", 0.9), ("medium", 0.5), ("easy", 0.3), ("hard", 0.12), ("medium", 0.05)]


@pytest.fixture()
def learner(app_database_url: str) -> Iterator[str]:
    name = f"Ivy{uuid.uuid4().hex[:6]}"
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    found = store.create_learner(engine, name)
    for level, skill in GAMES:
        game_id = str(uuid.uuid4())
        store.record_game(
            engine,
            game_id=game_id,
            learner_id=found.id,
            opponent_level=level,
            players=2,
            target=121,
            scores=[121, 90],
            winner=name,
            learner_won=True,
            result_kind="win",
        )
        store.set_game_figures(engine, found.id, game_id, skill, 0.0, 1)
    engine.dispose()
    yield name


def _boxes(chart: Any, selector: str) -> list[dict[str, Any]]:
    return list(
        chart.locator(selector).evaluate_all(
            """els => els.map(e => { const b = e.getBoundingClientRect();
             return {text: e.textContent, label: e.getAttribute('aria-label'), fill: e.getAttribute('fill'),
                     top: b.top, bottom: b.bottom, left: b.left, right: b.right}; })"""
        )
    )


@pytest.mark.parametrize("lang", ["en", "ur"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_skill_chart_keeps_level_colours_and_apart_labels(
    browser: Any, app_url: str, learner: str, lang: str, width: int
) -> None:
    with new_tab(browser, viewport={"width": width, "height": 900}) as page:
        load(page, f"{app_url}/Progress?learner={learner}&lang={lang}")
        chart = page.locator(".st-key-progress_skill")
        chart.scroll_into_view_if_needed()
        labels = chart.locator("g.mark-text.role-mark text")
        expect(labels).to_have_count(len(bot_skill()))
        settled(page)
        texts = sorted(_boxes(chart, "g.mark-text.role-mark text"), key=lambda b: b["top"])
        for upper, lower in pairwise(texts):
            assert upper["bottom"] <= lower["top"] + 1, (
                upper,
                lower,
            )  # no two labels on one another
        frame = chart.locator("svg.marks").bounding_box()
        assert frame is not None
        for text in texts:  # every label whole inside the chart (nothing cut at the right edge)
            assert (
                frame["x"] <= text["left"] and text["right"] <= frame["x"] + frame["width"] + 1
            ), text
        # each game's point in its opponent's colour
        names = {_(label, lang): level for level, label in LEVEL_LABELS.items()}
        points = [
            b
            for b in _boxes(chart, "g.mark-symbol.role-mark path")
            if b["label"] and "; " in b["label"]
        ]
        seen = set()
        for point in points:
            level = next((names[n] for n in names if n in point["label"]), None)
            if level is not None and point["fill"] not in (None, "transparent"):
                assert point["fill"] == progress.LEVEL_COLOURS[level], point
                seen.add(level)
        assert seen == {"easy", "medium", "hard"}, points
        ARTIFACTS.mkdir(exist_ok=True)
        chart.screenshot(path=str(ARTIFACTS / f"skill-chart-{lang}-{width}.png"))
