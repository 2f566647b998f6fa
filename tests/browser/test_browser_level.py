"""Practise at my level in Chromium: right answers in a row serve harder hands."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from browsertools import load, settled, shot
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.rating.bank import first_rating

pytestmark = pytest.mark.browser


def seed_in(page: Any) -> int:
    return int(re.search(r"[?&]seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]


def test_right_counts_at_my_level_serve_harder_hands(page: Any, app_url: str) -> None:
    name = f"Level {uuid.uuid4().hex[:6]}"
    load(page, f"{app_url}/Count_the_hand?learner={name.replace(' ', '+')}")
    page.get_by_role("button", name="Practise at my level").click()
    page.wait_for_url(re.compile(r"level=normal"))
    settled(page)
    expect(page.get_by_text("Everyone starts at 800")).to_be_visible()
    ratings = []
    for n in range(8):
        seed = seed_in(page)
        ratings.append(first_rating("hand", {"seed": str(seed)}).rating)
        box = page.locator(".st-key-count_answer input")
        expect(box).to_be_focused()
        page.keyboard.type(str(deal_hand(seed).score.total))
        page.keyboard.press("Enter")
        expect(page.get_by_text("Your rating went from")).to_be_visible()
        expect(page.get_by_text("You took")).to_be_visible()
        if n == 0:
            shot(page, "level-first-answer")
        # N is for the page, not a box: wait until the verdict's run moved focus off the answer
        next_hand = page.locator(".st-key-count_next").get_by_role("button", name="Next hand")
        expect(next_hand).to_be_focused()
        page.keyboard.press("n")
        page.wait_for_url(re.compile(rf"seed=(?!{seed}\b)\d+"))
        settled(page)
    expect(page.get_by_text("Your rating for counting hands")).to_be_visible()
    shot(page, "level-after-eight")
    assert "level=normal" in page.url
    assert max(ratings[-3:]) > ratings[0], ratings  # harder hands as the rating climbs
