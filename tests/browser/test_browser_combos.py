"""Browser tests of counting by combinations on Count the hand: by mouse and
by keyboard alone, right and wrong, in English and in Urdu (right to left). Screenshots go to
``artifacts/combos-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from browsertools import load, no_exception, settled, shot
from playwright.sync_api import expect

from cribbage_core.kinds import ScoreKind
from cribbage_core.teaching.hand_quiz import deal_hand

pytestmark = pytest.mark.browser


def seed_with(kinds: set[str]) -> int:
    return next(
        s
        for s in range(2000)
        if kinds <= {i.kind for i in deal_hand(s).score.items}
        and len(deal_hand(s).score.items) <= 5
    )


def find_mode(page: Any) -> None:
    page.locator(".st-key-count_combos label").click()
    expect(
        page.locator(".st-key-count_pick_0 input")
    ).to_be_focused()  # the cursor is on the first card


def choose(
    page: Any, seed: int, cards: Any, kind: ScoreKind, before: int, on_card: bool = False
) -> None:
    """Tick the cards' boxes with the mouse (``on_card``: a click on the card itself) and press
    the kind's button; wait for the new row."""
    deal = deal_hand(seed)
    five = (*deal.hand, deal.starter)
    for card in cards:
        box = page.locator(f".st-key-count_pick_{five.index(card)}")
        if on_card:
            drawn = page.locator(
                f'.st-key-row_count_pick svg[aria-label^="{card.label},"]'
            ).bounding_box()
            page.mouse.click(drawn["x"] + drawn["width"] / 2, drawn["y"] + drawn["height"] / 2)
        else:
            box.locator("label").click()
        expect(box.locator("input")).to_be_checked()
        settled(page)
    page.locator(f".st-key-count_claim_{kind} button").click()
    expect(page.locator("table.breakdown tbody tr")).to_have_count(before + 1)


def test_every_combination_found_by_mouse(page: Any, app_url: str) -> None:
    seed = seed_with({ScoreKind.FIFTEEN, ScoreKind.PAIR})
    load(page, f"{app_url}/Count_the_hand?seed={seed}")
    find_mode(page)
    items = deal_hand(seed).score.items
    for n, item in enumerate(items):
        choose(
            page, seed, item.cards, item.kind, n, on_card=n == 0
        )  # a click on the card ticks it too
    shot(page, "combos-en-chosen")
    page.locator(".st-key-count_combo_check button").click()
    expect(page.get_by_text("Right: you found every combination")).to_be_visible()
    expect(page.locator("table.combo-verdict tr.combo-found")).to_have_count(len(items))
    no_exception(page)
    shot(page, "combos-en-right")


def test_a_wrong_choice_by_keyboard_alone(page: Any, app_url: str) -> None:
    seed = seed_with({ScoreKind.PAIR})
    deal = deal_hand(seed)
    five = (*deal.hand, deal.starter)
    pair = deal.score.of_kind(ScoreKind.PAIR)[0]
    load(page, f"{app_url}/Count_the_hand?seed={seed}")
    find_mode(page)
    # Tab from box to box, Space ticks; the pair's two cards, then Tab on to "Fifteen" and Enter.
    at = 0
    for card in sorted(pair.cards, key=five.index):
        while at < five.index(card):
            page.keyboard.press("Tab")
            at += 1
        page.keyboard.press("Space")
        expect(page.locator(f".st-key-count_pick_{at} input")).to_be_checked()
        settled(page)  # the tick's run is over: the cursor is still on the box
        expect(page.locator(f".st-key-count_pick_{at} input")).to_be_focused()
    for _ in range(at, 5):
        page.keyboard.press("Tab")
    expect(page.locator(".st-key-count_claim_fifteen button")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("table.breakdown tbody tr")).to_have_count(1)
    settled(page)
    expect(page.locator(".st-key-count_pick_0 input")).to_be_focused()  # back to the first card
    page.locator(".st-key-count_combo_check button").focus()
    page.keyboard.press("Enter")
    value = pair.cards[0].value
    expect(page.get_by_text(f"{value} + {value} is {2 * value}, not 15.")).to_be_visible()
    expect(page.locator("table.combo-verdict tr.combo-wrong")).to_have_count(1)
    expect(page.locator("table.combo-verdict tr.combo-missed")).to_have_count(len(deal.score.items))
    next_hand = page.locator(".st-key-count_next").get_by_role("button", name="Next hand")
    expect(next_hand).to_be_focused()  # Enter or N: the next hand
    shot(page, "combos-en-wrong")


def test_urdu_right_to_left(page: Any, app_url: str) -> None:
    seed = seed_with({ScoreKind.FIFTEEN, ScoreKind.PAIR})
    load(page, f"{app_url}/Count_the_hand?seed={seed}&lang=ur")
    find_mode(page)
    items = deal_hand(seed).score.items
    choose(page, seed, items[0].cards, items[0].kind, 0)
    pair = deal_hand(seed).score.of_kind(ScoreKind.PAIR)[0]
    choose(page, seed, pair.cards, ScoreKind.RUN, 1)  # a pair is no run
    expect(page.locator("main")).to_have_css("direction", "rtl")
    first, starter = (page.locator(f".st-key-count_pick_{i}").bounding_box() for i in (0, 4))
    assert (
        first["x"] < starter["x"]
    )  # the cards run left to right, the starter last, as in every row
    shot(page, "combos-ur-chosen")
    page.locator(".st-key-count_combo_check button").click()
    expect(page.locator("table.combo-verdict tr.combo-wrong")).to_have_count(1)
    expect(page.locator("table.combo-verdict tr.combo-found")).to_have_count(1)
    no_exception(page)
    shot(page, "combos-ur-verdict")
