"""Browser test of ownership: a protected name asks for its PIN once per
browser (the token cookie, written by script, is what a reload reads), and a game opened in
another browser is only watched."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from browsertools import load, no_exception, settled, shot
from playwright.sync_api import expect

from tutor import store

pytestmark = pytest.mark.browser

BUTTON = "button"


def other_browser(page: Any) -> Any:
    """A page in a new browser context: no cookies shared with ``page``."""
    context = page.context.browser.new_context(viewport={"width": 1280, "height": 900})
    return context.new_page()


def test_a_pin_is_asked_once_per_browser(page: Any, app_url: str, app_database_url: str) -> None:
    name = f"Pinned {uuid.uuid4().hex[:8]}"
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    store.set_pin(engine, store.create_learner(engine, name).id, "2468")
    engine.dispose()

    load(page, f"{app_url}/Progress?learner={name.replace(' ', '%20')}")
    gate = page.locator(".st-key-pin_gate")
    expect(gate).to_contain_text("This name is protected")
    page.get_by_label("PIN", exact=True).fill("1111")
    page.get_by_role("button", name="Unlock").click()
    expect(page.get_by_test_id("stAlert").filter(has_text="That PIN is not right")).to_be_visible()
    page.get_by_label("PIN", exact=True).fill("2468")
    page.get_by_role("button", name="Unlock").click()
    expect(page.locator("main .learner-name")).to_have_text(f"Practising as {name}")
    settled(page)
    shot(page, "owner-pin-unlocked")
    cookies = {c["name"] for c in page.context.cookies()}
    assert any(c.startswith("cribbage_pin_") for c in cookies), cookies

    page.reload()  # the same browser: the cookie's token, no PIN asked
    settled(page)
    expect(page.locator("main .learner-name")).to_have_text(f"Practising as {name}")
    expect(page.locator(".st-key-pin_gate")).to_have_count(0)
    no_exception(page)

    stranger = other_browser(page)
    load(stranger, f"{app_url}/Progress?learner={name.replace(' ', '%20')}")
    expect(stranger.locator(".st-key-pin_gate")).to_contain_text("This name is protected")
    stranger.context.close()


def test_a_game_opened_in_another_browser_is_only_watched(page: Any, app_url: str) -> None:
    page.goto(f"{app_url}/Play")
    settled(page)
    page.get_by_role("button", name="Deal").click()
    expect(page.locator(".st-key-play_confirm_discard")).to_have_count(1)
    settled(page)
    match = re.search(r"game=([0-9a-f-]{36})", page.url)
    assert match, page.url

    watcher = other_browser(page)
    load(watcher, f"{app_url}/Play?game={match.group(1)}")
    expect(
        watcher.get_by_test_id("stAlert").filter(has_text="You are watching this game")
    ).to_be_visible()
    expect(watcher.locator("svg.board")).to_have_count(1)
    expect(watcher.locator(".st-key-play_confirm_discard")).to_have_count(0)
    expect(watcher.locator("[class*='st-key-play_pick_']")).to_have_count(0)
    shot(watcher, "owner-watching")
    watcher.context.close()

    page.reload()  # the owner's browser (its cookie): still the owner's game, with its buttons
    settled(page)
    expect(page.locator(".st-key-play_confirm_discard")).to_have_count(1)
    expect(
        page.get_by_test_id("stAlert").filter(has_text="You are watching this game")
    ).to_have_count(0)
