"""Cards and numbers in a right-to-left page (Urdu), in Debian's Chromium: every card's corner
ranks lie inside the card, and cards and signed numbers in running text read left to right
("5♥", "+2"), and lists start beside their bullets, wherever they are drawn: the cards you click on the Play page (discard, then a
card laid), the Discard trainer after a throw, Count the hand after an answer.

The same checks run in English, where nothing may change. Screenshots go to artifacts/.
"""

from __future__ import annotations

from typing import Any

import pytest
from browsertools import load, no_exception, settled, shot
from playwright.sync_api import expect
from test_browser_play import BUTTON, PICK_BOX, Clicks, discard, lay_or_go, my_turn

from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.lang.i18n import _

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py
LANGS = ("ur", "en")

# Each text element of each face-up card in the main area that sticks out of its card.
_CORNERS_OUTSIDE = """main => {
  const out = [];
  for (const card of main.querySelectorAll('svg.card:not(.back)')) {
    const box = card.getBoundingClientRect();
    for (const text of card.querySelectorAll('text')) {
      const r = text.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) {
        out.push(`${card.getAttribute('aria-label')}: "${text.textContent}" at ${Math.round(r.left - box.left)}..${Math.round(r.right - box.left)} of 0..${Math.round(box.width)}`);
      }
    }
  }
  return out;
}"""

# Every card label ("10♠") and signed number ("+2", "−1.25") in the main area's text, outside the
# cards themselves, with where its first and last characters are drawn: the rank (the sign) must be
# drawn to the left of the suit (the digits).
_RUNS = """main => {
  const runs = [];
  const pattern = /(10|[A2-9JQK])[♠♥♦♣]|(?<![\\p{L}\\p{N}])[+\\u2212-]\\d+(\\.\\d+)?/gu;
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('svg')) continue;
    for (const m of node.data.matchAll(pattern)) {
      const range = document.createRange();
      const place = (start, end) => {
        range.setStart(node, start); range.setEnd(node, end);
        return range.getBoundingClientRect();
      };
      const first = place(m.index, m.index + 1);
      const last = place(m.index + m[0].length - 1, m.index + m[0].length);
      if (!first.width || !last.width || Math.abs(first.top - last.top) > first.height) continue;
      runs.push({text: m[0], context: node.data.slice(0, 60), ltr: first.left < last.left});
    }
  }
  return runs;
}"""


# How far the text of each item of a list in the main area starts from its bullet's side.
_BULLET_GAPS = """main => [...main.querySelectorAll('li')].map(li => {
  const range = document.createRange();
  range.selectNodeContents(li);
  const text = range.getBoundingClientRect(), box = li.getBoundingClientRect();
  return getComputedStyle(li).direction === 'rtl' ? box.right - text.right : text.left - box.left;
})"""


def check_cards_and_runs(page: Any, lang: str, name: str, *, want_runs: bool = True) -> None:
    """Every corner inside its card, every card label and signed number left to right."""
    settled(page)
    no_exception(page)
    shot(page, f"rtl-{lang}-{name}")
    main = page.locator("main")
    assert main.locator("svg.card:not(.back)").count(), "no card drawn"
    outside = main.evaluate(_CORNERS_OUTSIDE)
    assert not outside, f"{name}: corner ranks outside their cards: {outside}"
    runs = main.evaluate(_RUNS)
    if want_runs:
        assert runs, f"{name}: no card in the running text"
    backwards = [run for run in runs if not run["ltr"]]
    assert not backwards, f"{name}: read right to left: {backwards}"
    gaps = main.evaluate(_BULLET_GAPS)
    assert not gaps or max(gaps) < 12, f"{name}: list items start {gaps} px from their bullets"


@pytest.mark.parametrize("lang", LANGS)
def test_play_cards_read_left_to_right(page: Any, app_url: str, lang: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1600})
    page.goto(f"{app_url}/Play?lang={lang}")
    settled(page)
    page.get_by_role("button", name=_("Deal", lang)).click()
    expect(page.locator(PICK_BOX)).to_have_count(6)
    check_cards_and_runs(page, lang, "play-discard")  # the cards to click, and "✓ 5♥" on a button
    discard(page, Clicks())
    my_turn(page)
    if page.locator(f'[class*="st-key-play_lay_"] {BUTTON}:not([disabled])').count():
        lay_or_go(page)
        my_turn(page)
    expect(page.locator(".play-feed li").first).to_be_visible()
    check_cards_and_runs(
        page, lang, "play-play"
    )  # "Lay 5♥", the commentary: "You laid away 5♥ K♦."


@pytest.mark.parametrize("lang", LANGS)
def test_discard_trainer_cards_read_left_to_right(page: Any, app_url: str, lang: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2400})
    seed = 11
    deal = deal_discard(seed, players=2, role=None, difficulty=None)
    load(page, f"{app_url}/Discard_trainer?seed={seed}&lang={lang}")
    for card in deal.hand[: deal.throw]:
        box = page.locator(f".st-key-discard_pick_{card} input")
        page.locator(f".st-key-discard_pick_{card} label").click()
        expect(box).to_be_checked()
    page.locator(f".st-key-discard_confirm {BUTTON}").click()
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    expect(page.locator('[data-testid="stVegaLiteChart"]')).to_be_visible()
    check_cards_and_runs(page, lang, "discard-trainer")  # "Throw 5♥" under each card, the notes


@pytest.mark.parametrize("lang", LANGS)
def test_count_the_hand_cards_read_left_to_right(page: Any, app_url: str, lang: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})
    seed = 42
    load(page, f"{app_url}/Count_the_hand?seed={seed}&lang={lang}")
    answer = page.locator('[data-testid="stMain"] [data-testid="stTextInput"] input').first
    answer.fill(str(deal_hand(seed).score.total))
    answer.press("Enter")
    expect(page.locator("table.breakdown")).to_be_visible()
    check_cards_and_runs(page, lang, "count-the-hand")  # "5♥ + 10♠ = 15", "+2"
