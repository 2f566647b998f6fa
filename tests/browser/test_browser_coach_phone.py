"""Coach mode on a phone (390×844): the warning after "Lay away 2 cards" is brought into view,
and the chance-to-win bar's caption is drawn whole, not covered by what follows.

The warning is drawn below the hand, which on a phone is off screen: the page scrolls to it so
its two buttons are inside the viewport, and it says why in cards (what the throw breaks, or
what it gives whose crib). Screenshot: artifacts/coach-warning-phone.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsertools import ARTIFACTS, no_exception, settled, shot, switch_on
from playwright.sync_api import expect
from test_browser_play import BUTTON, PICK_BOX, new_game
from test_browser_play_coach import WARNING, costly_deal

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844

# Where the bar's caption ends, and where the element after the bar's own begins.
_CAPTION_PLACE = """() => {
  const caption = document.querySelector('.win-bar-basis').getBoundingClientRect();
  const next = document.querySelector('.win-bar').closest('[data-testid=stElementContainer]')
    .nextElementSibling.getBoundingClientRect();
  return {right: caption.right, bottom: caption.bottom, next_top: next.top};
}"""


def test_the_coach_warning_and_its_buttons_come_into_view_on_a_phone(
    page: Any, app_url: str, app_database_url: str
) -> None:
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})
    new_game(page, app_url)
    page.get_by_text("Coach", exact=True).click()  # the expander
    switch_on(page, "Coach mode: warn me before a costly move")
    expect(page.get_by_text(re.compile("^The coach warns you before a move"))).to_be_visible()
    switch_on(page, "Show my chance to win beside the board")
    expect(page.locator(".win-bar-basis")).to_be_visible()
    settled(page)
    caption = page.evaluate(_CAPTION_PLACE)
    assert caption["right"] <= WIDTH and caption["bottom"] <= caption["next_top"], caption

    _game_id, _session, worst, _verdict = costly_deal(page, app_database_url)
    for card in worst.cards:  # on a phone each card's own button is drawn in a row of its own
        button = page.locator(f".st-key-play_pick_{card} button:visible").first
        button.click()
        expect(page.locator(f".st-key-play_pick_{card} button:visible").first).to_contain_text("✓")
        settled(page)  # the run's old, disabled confirm button is gone
    confirm = page.locator(f".st-key-play_confirm_discard {BUTTON}")
    confirm.scroll_into_view_if_needed()
    confirm.click()
    warning = page.locator(WARNING)
    expect(warning).to_contain_text("The review will grade it")
    expect(warning).to_contain_text(re.compile("crib|breaks the"))  # the reason, in cards
    expect(page.locator(PICK_BOX)).to_have_count(6)
    for key in ("play_coach_think", "play_coach_anyway"):
        button = page.locator(f".st-key-{key} {BUTTON}")
        expect(button).to_be_in_viewport(ratio=1.0)
        box = button.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, (key, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (key, box)
    settled(page)
    no_exception(page)
    shot(page, "coach-warning-phone")
    page.screenshot(path=str(ARTIFACTS / "coach-warning-phone-screen.png"))  # what the phone shows
