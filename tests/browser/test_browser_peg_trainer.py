"""Browser test of the Pegging trainer: answer five positions, best and worse cards, and check that
each verdict on the page is the engine's. Every wait is for a condition."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsertools import load, settled, shot
from playwright.sync_api import expect

from cribbage_core.teaching.peg_trainer import banked_position, judge

pytestmark = pytest.mark.browser


def seed_in(page: Any) -> int:
    return int(re.search(r"seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]


def test_five_positions_answered_and_each_verdict_is_the_engines(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1800})
    load(page, f"{app_url}/Pegging_trainer?seed=42")
    right = wrong = 0
    for turn in range(5):
        seed = seed_in(page)
        position = banked_position(seed)
        options = position.advice.options
        card = options[0].card if turn % 2 == 0 else options[-1].card
        verdict = judge(position, card)
        chosen = next(option for option in options if option.card == card)
        page.locator(f".st-key-pegt_lay_{card}").get_by_role(
            "button", name=f"Lay {card.label}"
        ).click()
        alert = page.locator('[data-testid="stAlert"]').filter(
            has_text=re.compile(r"The best card!|you gave up")
        )
        expect(alert.first).to_be_visible()
        text = alert.first.inner_text()
        if verdict.correct:
            assert "The best card!" in text
            right += 1
        else:
            loss = (
                f"{100 * verdict.win_lost:.1f}%"
                if verdict.win_lost is not None
                # the two values as the table shows them, and the loss their difference
                else f"{round(verdict.best.points, 2) - round(chosen.points, 2):.2f} points"
            )
            assert loss in text and verdict.best.card.label in text, text
            wrong += 1
        expect(page.get_by_text("Every card, best first")).to_be_visible()
        if turn == 1:
            shot(page, "peg-trainer-verdict")
        page.locator(".st-key-pegt_next").get_by_role("button", name="Next position").click()
        page.wait_for_url(re.compile(rf"seed=(?!{seed}\b)\d+"))
        settled(page)
    assert right >= 1 and wrong >= 1
