"""Browser test of the coached first game, from the Learn page to the check,
in English and in Urdu (right to left). Screenshots go to ``artifacts/first-game-*.png``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from browsertools import load, no_exception, settled, shot
from playwright.sync_api import expect

from cribbage_core.scoring import score_hand
from cribbage_core.teaching.first_game import coach_discard, coached_discards, deal, start

pytestmark = pytest.mark.browser


def click(page: Any, key: str) -> None:
    page.locator(f".st-key-{key} button").click()


def lay_away(page: Any, hand: Any, cards: Any) -> None:
    for card in cards:
        box = page.locator(f".st-key-fg_pick_{hand.index(card)}")
        box.locator("label").click()
        expect(box.locator("input")).to_be_checked()
    click(page, "fg_throw")


def play_through(
    page: Any, app_url: str, lang: str, at: Callable[[str], None] = lambda state: None
) -> None:
    """The whole coached game from the Learn page's link; ``at`` is called with "start", "play" and
    "end" when the page is in that state (the accessibility audit looks at it there)."""
    rtl = lang == "ur"
    load(page, f"{app_url}/Learn?lang={lang}")
    page.locator('a[href*="First_game"]').first.click()
    expect(page.locator(".st-key-fg_cut button")).to_be_visible()
    no_exception(page)
    if rtl:
        expect(page.locator("main")).to_have_css("direction", "rtl")
    at("start")
    click(page, "fg_cut")
    expect(page.locator(".st-key-fg_deal button")).to_be_visible()
    shot(page, f"first-game-{lang}-cut")
    click(page, "fg_deal")

    state = deal(start())
    expect(page.locator(".st-key-fg_throw button")).to_be_visible()
    lay_away(page, state.hands[1], state.hands[1][:2])  # not the coach's: why, and try again
    expect(page.get_by_test_id("stAlertContentError")).to_be_visible()
    for i in range(6):
        box = page.locator(f".st-key-fg_pick_{i}")
        if box.locator("input").is_checked():
            box.locator("label").click()
            expect(box.locator("input")).not_to_be_checked()
    click(page, "fg_discard_hint")
    expect(page.get_by_test_id("stAlertContentInfo")).to_be_visible()
    shot(page, f"first-game-{lang}-discard")
    lay_away(page, state.hands[1], coach_discard(state, 1).best.discard)
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    settled(page)
    lay_away(page, state.hands[0], coach_discard(state, 0).best.discard)
    expect(page.locator(".st-key-fg_play button")).to_be_visible()
    click(page, "fg_play")

    # the play: the first card that fits each time, or go; until the play is over
    show = page.locator(".st-key-fg_show button")
    laid = 0
    while True:
        expect(page.locator(".st-key-fg_lay").or_(show).first).to_be_visible()
        settled(page)
        if show.count():
            break
        if laid == 3:
            click(page, "fg_play_hint")
            expect(page.get_by_test_id("stAlertContentInfo")).to_be_visible()
            shot(page, f"first-game-{lang}-play")
            at("play")
        lines = page.locator("ol li").count()
        page.locator(".st-key-fg_lay button:enabled").first.click()
        laid += 1
        expect(
            page.locator("ol li").nth(lines)
        ).to_be_visible()  # the move's own line: its run is drawn
    shot(page, f"first-game-{lang}-play-over")
    items = page.locator("ol li")
    assert items.count() >= 9  # eight cards, a go and the points they scored
    click(page, "fg_show")

    played = coached_discards(state)
    counts = [
        score_hand(played.kept[1], played.starter).total,
        score_hand(played.kept[0], played.starter).total,
        score_hand(played.crib, played.starter, is_crib=True).total,
    ]
    for step, total in enumerate(counts):
        box = page.locator(".st-key-fg_count input")
        expect(box).to_be_visible()
        box.fill(
            str(total + 1 if step == 0 else total)
        )  # the first count wrong: one more try, then the answer and why
        click(page, "fg_count_submit")
        if step == 0:
            click(page, "fg_count_reveal")
        expect(page.locator(".st-key-fg_count_next button")).to_be_visible()
        alert = "stAlertContentError" if step == 0 else "stAlertContentSuccess"
        expect(page.get_by_test_id(alert)).to_be_visible()
        if step == 2:
            shot(page, f"first-game-{lang}-crib")
        click(page, "fg_count_next")

    expect(page.locator(".st-key-fg_check button")).to_be_visible()
    for question, option in ((0, 0), (1, 0), (2, 2)):
        page.locator(f".st-key-fg_q{question} label:has(input[type=radio])").nth(option).click()
    click(page, "fg_check")
    expect(page.get_by_test_id("stAlertContentSuccess")).to_have_count(
        4
    )  # three right, and the end
    no_exception(page)
    shot(page, f"first-game-{lang}-end")
    at("end")


def test_the_coached_first_game_in_english(page: Any, app_url: str) -> None:
    play_through(page, app_url, "en")


def test_the_coached_first_game_in_urdu(page: Any, app_url: str) -> None:
    play_through(page, app_url, "ur")
