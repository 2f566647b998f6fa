"""A counting rush in Chromium, run to its end: the server's clock, drawn every second."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from browsertools import load, settled, shot
from conftest import new_tab
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand

pytestmark = pytest.mark.browser


def hand_total(page: Any) -> int:
    """The total of the hand on show, read from its cards' labels and the run's seed."""
    label = page.locator(".st-key-rush_seed").inner_text()
    return deal_hand(int(re.sub(r"\D", "", label))).score.total


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A phone's screen (390 x 844, touch): the rush is played on one as often as not."""
    with new_tab(browser, viewport={"width": 390, "height": 844}, has_touch=True) as tab:
        yield tab


def test_a_short_rush_runs_to_its_end_by_keyboard_on_a_phone(phone: Any, app_url: str) -> None:
    page = phone
    name = f"Rush {uuid.uuid4().hex[:6]}"
    load(page, f"{app_url}/Counting_rush?seconds=40&learner={name.replace(' ', '+')}")
    expect(page.get_by_text("A rush does not change your rating")).to_be_visible()
    expect(page.get_by_role("button", name="Start the rush")).to_be_focused()
    page.keyboard.press("Enter")
    clock = page.get_by_text(re.compile(r"^0:\d\d left$"))
    expect(clock).to_be_visible()
    first = clock.inner_text()
    seed = page.locator(".st-key-rush_seed")
    for right in (True, True, False):
        box = page.locator(".st-key-rush_answer input")
        expect(box).to_be_focused()
        shown = seed.inner_text()
        total = hand_total(page)
        page.keyboard.type(str(total if right else (total + 1) % 30))
        page.keyboard.press("Enter")
        # this answer's own verdict: the next hand is dealt with it (a "Right:" still on show
        # from the answer before is not this one's, and its hand's total would be typed again)
        expect(seed).not_to_have_text(shown)
        verdict = r"^Right:" if right else r"^Not \d+: that hand scored \d+\. 10 seconds off\.$"
        expect(page.get_by_text(re.compile(verdict))).to_be_visible()
        settled(page)
    expect(clock).not_to_have_text(first)  # the clock moves without a click
    wide = page.evaluate(
        "() => document.querySelector('[data-testid=\"stMain\"]').scrollWidth - innerWidth"
    )
    assert wide <= 0  # nothing scrolls sideways on the phone
    shot(page, "rush-running")
    expect(page.get_by_role("heading", name="Time is up")).to_be_visible(timeout=60_000)
    expect(page.get_by_text("You counted 2 hands right out of 3.")).to_be_visible()
    expect(page.get_by_text("not kept for your best")).to_be_visible()
    expect(page.locator(".st-key-rush_answer")).to_have_count(0)
    page.get_by_role("button", name="Review the hands I missed").click()
    expect(page.get_by_text("They are in your review")).to_be_visible()
    shot(page, "rush-end")
