"""Browser test of hostile names and answers: what Chromium draws
from a name or an answer made to look like a link or markup is text, never an ``<a>``.

Streamlit's markdown links a bare URL, ``www.…`` or an e-mail address even when every
markdown sign is escaped, which only a browser shows; ``tests/ops/test_hostile.py`` checks the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from browsertools import load, settled, shot, visit
from conftest import new_tab
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py

NAMES = [
    "https://evil.example/x",
    "www.evil.com",
    "a@evil.com",
    "[a](javascript:1)",
    "**Ann** <b>x</b>",
]


def links_in(locator: Any) -> list[str]:
    return list(locator.locator("a").evaluate_all("els => els.map(e => e.outerHTML)"))


@pytest.fixture(scope="module")
def names_tab(browser: Any) -> Iterator[Any]:
    """One page for every hostile name, which only opens pages and reads them: each is opened
    inside the app (``visit``), the name in the address as on a page load of its own."""
    with new_tab(browser, viewport={"width": 1280, "height": 900}) as tab:
        yield tab


@pytest.mark.parametrize("name", NAMES)
def test_a_name_is_plain_text_in_the_main_area_and_the_quiz_sidebar(
    names_tab: Any, app_url: str, name: str
) -> None:
    page = names_tab
    visit(page, f"{app_url}/Progress?learner={quote(name)}")
    shown = page.locator("main .learner-name")
    expect(shown).to_have_text(f"Practising as {name}")
    assert not links_in(shown)
    visit(page, f"{app_url}/Count_the_hand?seed=42&learner={quote(name)}")
    sidebar = page.get_by_test_id("stSidebar").locator(".learner-name")
    expect(sidebar).to_have_text(f"Practising as {name}")
    assert not links_in(sidebar)
    settled(page)
    if name == NAMES[0]:
        shot(page, "hostile-name-sidebar")


@pytest.mark.parametrize("typed", ["[a](javascript:1)", "www.evil.com", "a@evil.com"])
def test_a_typed_answer_is_echoed_as_text(page: Any, app_url: str, typed: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=42")
    box = page.get_by_label("How many points?")
    box.fill(typed)
    box.press("Enter")
    alert = page.get_by_test_id("stAlert").filter(has_text="is not a number")
    expect(alert).to_contain_text(f"“{typed}” is not a number")
    assert not links_in(alert)
    if typed.startswith("["):
        shot(page, "hostile-answer")


def test_a_bad_address_gets_one_box_saying_what_changed(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=abc&lang=xx&learner={'z' * 45}")
    box = page.get_by_test_id("stAlert").filter(has_text="in the address")
    expect(box).to_have_count(1)
    expect(box).to_contain_text("The deal number in the address")
    expect(box).to_contain_text("The language in the address")
    expect(box).to_contain_text("longer than 40 characters")
    shot(page, "hostile-address")
