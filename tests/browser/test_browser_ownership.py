"""Browser test of ownership: a protected name asks for its PIN once per
browser (the token cookie, written by script, is what a reload reads), a game opened in
another browser is only watched, and a name belongs to the browser that first used it: another
browser cannot put a PIN on it, and a stranger's wrong tries do not lock out the owner's browser
that signed in before (two browser contexts on one server: two browsers)."""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from browsertools import load, no_exception, open_expander, settled, shot, submit
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor import store
from tutor.store.access import FREE_TRIES

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py

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
    submit(page, page.get_by_role("button", name="Unlock"))
    expect(page.get_by_test_id("stAlert").filter(has_text="That PIN is not right")).to_be_visible()
    page.get_by_label("PIN", exact=True).fill("2468")
    submit(page, page.get_by_role("button", name="Unlock"))
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
    submit(page, page.get_by_role("button", name="Deal"))
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


def unlock(page: Any, pin: str, then: str | re.Pattern[str]) -> None:
    """Give ``pin`` in the PIN box and wait for ``then`` in an alert."""
    page.get_by_label("PIN", exact=True).fill(pin)
    submit(page, page.get_by_role("button", name="Unlock"))
    expect(page.get_by_test_id("stAlert").filter(has_text=then)).to_be_visible()


def test_a_name_is_its_first_browsers_and_a_stranger_cannot_lock_its_owner_out(
    page: Any, app_url: str
) -> None:
    name = f"Owner{uuid.uuid4().hex[:8]}"
    progress = f"{app_url}/Progress?learner={name}"
    load(page, f"{app_url}/Count_the_hand?learner={name}&seed=42")  # browser A uses the name
    page.locator(".st-key-count_answer input").fill(str(deal_hand(42).score.total))
    page.keyboard.press("Enter")
    expect(page.get_by_text("Right!")).to_be_visible()

    stranger = other_browser(page)  # browser B may not protect A's name
    load(stranger, progress)
    open_expander(stranger, "Protect my name with a PIN")
    expect(stranger.get_by_text("This name was first used in another browser")).to_be_visible()
    expect(stranger.get_by_role("button", name="Set the PIN")).to_have_count(0)

    load(page, progress)  # A protects it and is shown its recovery code once
    protect = open_expander(page, "Protect my name with a PIN")
    for label in ("New PIN", "The new PIN again"):
        protect.get_by_label(label, exact=True).fill("2468")
        expect(protect.get_by_label(label, exact=True)).to_have_value("2468")
    submit(page, protect.get_by_role("button", name="Set the PIN"))
    expect(page.get_by_test_id("stAlert").filter(has_text="The PIN is set")).to_be_visible()
    expect(page.get_by_test_id("stCode")).to_have_text(re.compile(r"^(\w{4}-){3}\w{4}$"))
    shot(page, "owner-recovery-code")

    load(stranger, progress)  # B's wrong tries put the name's wait on B, right PIN or not
    expect(stranger.locator(".st-key-pin_gate")).to_contain_text("This name is protected")
    for tried in range(1, FREE_TRIES):
        unlock(stranger, "1111", f"{FREE_TRIES - tried} more tr")
    unlock(stranger, "1111", re.compile("0 more tries|Too many wrong PINs"))
    unlock(stranger, "2468", "Too many wrong PINs for this name")
    stranger.context.close()

    load(page, progress)  # A signs out, then back in with its PIN: no wait for A
    submit(page, page.locator(".st-key-profile_switch").get_by_role("button", name="Not you?"))
    expect(page.locator("main .learner-name")).to_have_count(0)
    load(page, progress)
    expect(page.locator(".st-key-pin_gate")).to_contain_text("This name is protected")
    page.get_by_label("PIN", exact=True).fill("2468")
    submit(page, page.get_by_role("button", name="Unlock"))
    expect(page.locator("main .learner-name")).to_have_text(f"Practising as {name}")
    expect(page.get_by_test_id("stCode")).to_have_count(0)  # the code was shown only once
    no_exception(page)
