"""The coached first game on a phone (390×844): the scores take one line and the hand to lay
away from is on the first screen. Screenshot: artifacts/first-game-phone-discard.png."""

from __future__ import annotations

from typing import Any

import pytest
from browsertools import load, no_exception, settled, shot
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844


def test_the_first_games_hand_is_on_the_first_screen_of_a_phone(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    load(page, f"{app_url}/First_game")
    page.locator(".st-key-fg_cut button").click()
    expect(page.locator(".st-key-fg_deal button")).to_be_visible()
    page.locator(".st-key-fg_deal button").click()
    expect(page.locator(".st-key-fg_throw button")).to_be_visible()
    settled(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    score = page.get_by_text("Score: dealer")
    expect(score).to_have_count(1)  # one line, not two stacked metrics
    cards = page.locator('[class*="st-key-fg_pick_"] input').locator("xpath=ancestor::*[1]")
    first_card = page.locator("svg.card").first
    box = first_card.bounding_box()
    assert box is not None and box["y"] + box["height"] <= HEIGHT, box  # on the first screen
    assert cards.count() >= 6
    no_exception(page)
    shot(page, "first-game-phone-discard")
    page.screenshot(path="artifacts/first-game-phone-first-screen.png")
