"""Browser test of the Pegging trainer's read of the opponent: where a card's value depends on what
the opponent has shown, the verdict says so in words, in English and in Urdu (right to left, the
card labels and percents left to right). Every wait is for a condition."""

from __future__ import annotations

from typing import Any

import pytest
from browsertools import load, shot
from playwright.sync_api import expect

from cribbage_core.cards import Card
from cribbage_core.coach.read import read_fact
from cribbage_core.teaching.peg_trainer import banked_position
from tutor.lang.coach_words import read_lines

pytestmark = pytest.mark.browser


def _position_where_the_read_matters() -> tuple[int, Card]:
    for seed in range(60):
        position = banked_position(seed)
        for option in position.advice.options:
            fact = read_fact(position.view, option.card, position.advice)
            if fact is not None and fact.matters and fact.best_changes:
                return seed, option.card
    raise AssertionError("no banked position where the read changes the best card")


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_the_verdict_says_what_the_coach_reads_of_the_opponent(
    page: Any, app_url: str, lang: str
) -> None:
    seed, card = _position_where_the_read_matters()
    position = banked_position(seed)
    fact = read_fact(position.view, card, position.advice)
    assert fact is not None
    page.set_viewport_size({"width": 1280, "height": 1800})
    load(page, f"{app_url}/Pegging_trainer?seed={seed}&lang={lang}")
    page.locator(f".st-key-pegt_lay_{card}").get_by_role("button").click()
    first = read_lines(fact, lang)[0]
    # the sentence as drawn (markdown turns nothing in it); its card labels read rank first
    said = page.locator('[data-testid="stAlert"]').filter(has_text=first[:20])
    expect(said.first).to_be_visible()
    text = said.first.inner_text()
    for line in read_lines(fact, lang):
        assert line.replace("\u2066", "").replace("\u2069", "") in text.replace(
            "\u2066", ""
        ).replace("\u2069", ""), (line, text)
    if lang == "en":
        assert "Reading your opponent's discard" in text
    said.first.scroll_into_view_if_needed()
    shot(page, f"peg-trainer-read-{lang}")
