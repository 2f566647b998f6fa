"""Browser test of login cards with three browsers on one server: the teacher makes three
accounts and reads a card (on screen and as printed), a second browser signs in with its code
and sees the class, and a stranger's made-up or tampered code signs nobody in."""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import quote

import pytest
from browsertools import load, no_exception, open_expander, settled, shot, submit
from playwright.sync_api import expect

from tutor import store
from tutor.store import classes

pytestmark = [pytest.mark.browser]

PIN = "2468"


def other_browser(page: Any, width: int = 1280, height: int = 900) -> Any:
    """A page in a new browser context: no cookies shared with ``page``."""
    context = page.context.browser.new_context(viewport={"width": width, "height": height})
    return context.new_page()


def sign_in_with(page: Any, code: str) -> None:
    box = page.locator(".st-key-card_sign_in")
    expect(box).to_contain_text("Have a login card?")
    box.get_by_label("The code on your card").fill(code)
    submit(page, box.get_by_role("button", name="Sign in with the card"))


def test_a_teacher_prints_cards_and_a_learner_signs_in_with_one(
    page: Any, app_url: str, app_database_url: str
) -> None:
    tag = uuid.uuid4().hex[:6]
    teacher, club = f"Rao {tag}", f"Club {tag}"
    names = [f"Asha {tag}", f"Ravi {tag}", f"Mei {tag}"]
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    rao = store.create_learner(engine, teacher)
    store.set_pin(engine, rao.id, PIN)
    klass = classes.create_class(engine, rao.id, club, "en")
    engine.dispose()

    # the teacher makes three accounts and gets the sheet of cards
    load(page, f"{app_url}/Class?learner={quote(teacher)}&class={klass.id}")
    page.get_by_label("PIN", exact=True).fill(PIN)
    submit(page, page.get_by_role("button", name="Unlock"))
    expect(page.get_by_role("heading", name="Teach a class")).to_be_visible()
    settled(page)
    open_expander(page, "Make accounts and print login cards")
    page.get_by_label("Names, one a line").fill(f"{names[0]}\n\n{names[0].upper()}\n")
    submit(page, page.get_by_role("button", name="Make the accounts"))  # a name twice: nothing made
    expect(page.get_by_test_id("stAlert").filter(has_text="in the list twice")).to_be_visible()
    expect(page.get_by_text(f"At fault: {names[0].upper()}")).to_be_visible()
    expect(page.locator(".login-card")).to_have_count(0)
    settled(page)
    shot(page, "class-cards-refused")
    page.get_by_label("Names, one a line").fill("\n".join(names) + "\n")
    submit(page, page.get_by_role("button", name="Make the accounts"))
    cards = page.locator(".login-card")
    expect(cards).to_have_count(3)
    expect(page.get_by_text("shown only this once")).to_be_visible()
    settled(page)
    for card, name in zip(cards.all(), names, strict=True):
        expect(card).to_contain_text(name)
        expect(card).to_contain_text(club)
        expect(card).to_contain_text(app_url.split("://", 1)[1])
    code = cards.first.locator(".card-code").inner_text().strip()
    assert len(code) == 14 and code.count("-") == 2, code
    shot(page, "class-cards-sheet")
    page.emulate_media(media="print")
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    expect(page.get_by_text("shown only this once")).to_be_hidden()
    expect(page.get_by_role("button", name="Done: back to the class")).to_be_hidden()
    expect(cards.first).to_be_visible()
    page.screenshot(path="artifacts/class-cards-print.png", full_page=True)
    page.emulate_media(media="screen")
    page.set_viewport_size({"width": 390, "height": 844})  # the sheet on a phone
    settled(page)
    page.wait_for_function(  # Streamlit slides the menu away on a phone: wait till it is gone
        "() => { const s = document.querySelector('[data-testid=stSidebar]');"
        " return !s || s.getBoundingClientRect().right <= 1; }"
    )
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the sheet is {width} px wide on a 390 px phone"
    page.screenshot(path="artifacts/class-cards-phone.png")
    page.set_viewport_size({"width": 1280, "height": 900})

    # a second browser, a phone: the code alone, typed on the home page, signs Asha in there
    tablet = other_browser(page, 390, 844)
    load(tablet, app_url)
    sign_in_with(tablet, code.lower())
    expect(tablet.get_by_text(f"You are signed in as {names[0]}")).to_be_visible()
    settled(tablet)
    width = tablet.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the home page is {width} px wide on a 390 px phone"
    shot(tablet, "class-cards-signed-in-phone")
    load(tablet, f"{app_url}/Class?learner={quote(names[0])}")  # the browser remembers
    expect(tablet.get_by_text(f"Practising as {names[0]}")).to_be_visible()
    expect(tablet.locator(f".st-key-class_joined_{klass.id}")).to_contain_text(club)
    no_exception(tablet)
    tablet.context.close()

    # a stranger: a made-up code and a tampered one sign nobody in
    stranger = other_browser(page)
    load(stranger, f"{app_url}/Class")
    tampered = code[:-1] + ("2" if code[-1] != "2" else "3")
    for wrong in (tampered, "ABCD-EFGH-JKLM"):
        sign_in_with(stranger, wrong)
        expect(stranger.get_by_text("That code signs nobody in")).to_be_visible()
        expect(stranger.get_by_text("Practising as")).to_have_count(0)
    expect(stranger.get_by_text(club)).to_have_count(0)
    shot(stranger, "class-cards-stranger")
    no_exception(stranger)
    stranger.context.close()
    no_exception(page)
