"""Keyboard alone: a count answered; a game dealt, a discard made and a card
laid; the discard and pegging trainers answered; with Tab, Space and Enter only. Every control
reached shows where the focus is, and a verdict is in an ARIA live region (Streamlit's alerts are
``role="alert"`` or ``"status"``)."""

from __future__ import annotations

from typing import Any

import pytest
from browsertools import load, settled, shot
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand

pytestmark = pytest.mark.browser

#: Presses of Tab allowed to reach a control: the sidebar's menu and options come first.
TABS = 80


def focused_in(page: Any, css: str) -> bool:
    return bool(page.evaluate("css => document.activeElement?.closest(css) != null", css))


def tab_to(page: Any, css: str, *, enabled: bool = True) -> None:
    """Press Tab until the focus is on a button (or box) inside ``css``; it must show a focus ring."""
    settled(page)
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if focused_in(page, css) and (
            not enabled or page.evaluate("() => !document.activeElement.disabled")
        ):
            kind = page.evaluate(
                "() => { const a = document.activeElement; return a.tagName === 'INPUT' ? a.type : ''; }"
            )
            if kind in (
                "checkbox",
                "radio",
            ):  # a tick box's ring is round its label (the page shell's)
                page.wait_for_function(
                    "() => getComputedStyle(document.activeElement.closest('label')).outlineStyle === 'solid'"
                )
                return
            if kind:
                # a text box's ring is its frame's border in the theme's colour (after a transition)
                page.wait_for_function(
                    """() => getComputedStyle(document.activeElement.closest(
                        '[data-testid="stTextInputRootElement"]')).borderTopColor === 'rgb(30, 107, 58)'"""
                )
                return
            ring = page.evaluate(
                """() => { const s = getComputedStyle(document.activeElement);
                           return [s.outlineStyle, s.outlineWidth, s.boxShadow]; }"""
            )
            assert (ring[0] != "none" and ring[1] != "0px") or ring[2] != "none", (
                ring
            )  # a visible focus ring
            return
    raise AssertionError(f"{TABS} presses of Tab never reached {css}")


def verdict_is_announced(page: Any, text: str) -> None:
    verdict = page.get_by_test_id("stAlertContainer").filter(has_text=text)
    expect(verdict).to_be_visible()
    assert verdict.first.get_attribute("role") in ("alert", "status")


def test_a_count_then_a_discard_and_a_card_laid_by_keyboard_alone(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=42")
    tab_to(page, ".st-key-count_answer")  # reachable by Tab too, not only by the page's own focus
    page.keyboard.type(str(deal_hand(42).score.total))
    page.keyboard.press("Enter")
    verdict_is_announced(page, "Right!")

    load(page, f"{app_url}/Play")
    tab_to(page, '[data-testid="stFormSubmitButton"]')  # Deal, past the new-game choices
    page.keyboard.press("Enter")
    picks = page.locator('[class*="st-key-play_pick_"] button:visible')
    expect(picks).to_have_count(6)
    for chosen in (1, 2):
        tab_to(
            page, '[class*="st-key-play_pick_"]:has(button[data-testid="stBaseButton-secondary"])'
        )
        page.keyboard.press("Enter")
        expect(
            page.locator(
                '[class*="st-key-play_pick_"] button[data-testid="stBaseButton-primary"]:visible'
            )
        ).to_have_count(chosen)
    tab_to(page, ".st-key-play_confirm_discard")
    page.keyboard.press("Enter")
    lay = page.locator('[class*="st-key-play_lay_"] button:visible')
    expect(lay).to_have_count(4)
    expect(
        page.locator('[class*="st-key-play_lay_"] button:visible:enabled').first
    ).to_be_visible()  # my turn
    tab_to(page, '[class*="st-key-play_lay_"]')  # an enabled one: my turn, a card that fits
    card = page.evaluate(
        "() => document.activeElement.closest('[class*=st-key-play_lay_]').className.match(/st-key-play_lay_(\\S+)/)[1]"
    )
    expect(page.locator(f".st-key-play_lay_{card}")).to_have_count(1)
    page.keyboard.press("Enter")
    # laid: that card has left my hand (the computer's reply, and a card of mine the table lays for
    # me when it is the only one that fits, may follow at once: no count of the cards left)
    expect(page.locator(f".st-key-play_lay_{card}")).to_have_count(0)
    shot(page, "keyboard-card-laid")


def test_the_discard_and_pegging_trainers_by_keyboard_alone(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Discard_trainer?seed=42")
    expect(page.locator('[class*="st-key-discard_pick_"]')).to_have_count(6)
    for ticked in (1, 2):  # Tab to a card's box, Space ticks it
        tab_to(page, '[class*="st-key-discard_pick_"]:has(input:not(:checked))')
        page.keyboard.press("Space")
        expect(page.locator('[class*="st-key-discard_pick_"] input:checked')).to_have_count(ticked)
    tab_to(page, ".st-key-discard_confirm")
    page.keyboard.press("Enter")
    expect(
        page.get_by_test_id("stVegaLiteChart")
    ).to_be_visible()  # graded: the table and the chart
    load(page, f"{app_url}/Pegging_trainer?seed=42")
    tab_to(page, '[class*="st-key-pegt_lay_"]')  # a card that fits
    page.keyboard.press("Enter")
    expect(page.locator('[class*="st-key-pegt_lay_"] button:visible:enabled')).to_have_count(
        0
    )  # laid and graded
