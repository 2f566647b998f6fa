"""Every page in Hindi and Urdu in Debian's Chromium (fonts-noto-core): screenshots to
artifacts/, and Urdu's page content right to left while the cards stay left to right.

With the real Hindi and Urdu catalogs in ``locales/`` the app runs as it is. Until they land,
it runs from a temp copy of the project with pseudo-translated catalogs and lessons (Latin
letters swapped for Devanagari / Arabic ones), and the screenshots are named ``...-pseudo``.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsertools import load, shot, visit
from conftest import ROOT, _need_chromium, new_tab, serve
from i18n_tools import catalog_path, write_pseudo_catalogs
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.frame.menu import PAGES as MENU

pytestmark = pytest.mark.browser
LANGS = ("hi", "ur")
REAL = all(catalog_path(lang).exists() for lang in LANGS)
SUFFIX = "" if REAL else "-pseudo"


def url_path(page: Path) -> str:
    """Streamlit's URL for a page file: ``pages/2_Count_the_hand.py`` -> ``/Count_the_hand``."""
    return "/" + page.stem.lstrip("0123456789_")


PAGES = [("home", "/?seed=1")] + [
    (page.stem, url_path(page) + ("?seed=42" if "Count" in page.stem else "?seed=7&lesson=05_show"))
    for page in sorted((ROOT / "pages").glob("*.py"))
]


@pytest.fixture(scope="module")
def lang_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, app_database_url: str
) -> Iterator[str]:
    _need_chromium()
    if REAL:  # the project's own server will do
        yield request.getfixturevalue("app_url")
        return
    copy = tmp_path_factory.mktemp("app")
    for name in ("app.py", "pages", "tutor", "cribbage_core", ".streamlit", "lessons"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, copy / name)
    write_pseudo_catalogs(copy / "locales", copy / "lessons", LANGS)
    for glossary in (ROOT / "locales").glob("*/glossary.json"):
        (copy / "locales" / glossary.parent.name).mkdir(exist_ok=True)
        shutil.copy(glossary, copy / "locales" / glossary.parent.name / "glossary.json")
    with serve(copy, app_database_url, "streamlit-languages.log") as url:
        yield url


@pytest.fixture(scope="module")
def lang_tab(browser: Any) -> Iterator[Any]:
    """One tab (1280 x 1400) for every page in both languages, each page opened inside the app
    (``visit``): a page load of its own cost Chromium about 1.5 s of CPU more a page."""
    with new_tab(browser, viewport={"width": 1280, "height": 1400}) as tab:
        yield tab


def has_direction(page: Any, selector: str, want: str) -> None:
    """The first element matching ``selector`` is laid out ``want`` (waits for the style sheet)."""
    expect(page.locator(selector).first).to_have_css("direction", want)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name, path", PAGES, ids=[p[0] for p in PAGES])
def test_every_page_in_hindi_and_urdu(
    lang_tab: Any, lang_url: str, lang: str, name: str, path: str
) -> None:
    page = lang_tab
    visit(page, f"{lang_url}{path}&lang={lang}")
    assert f"lang={lang}" in page.url
    want = "rtl" if lang == "ur" else "ltr"
    has_direction(page, '[data-testid="stMain"]', want)
    has_direction(page, '[data-testid="stMain"] h1', want)
    if page.locator("main .cards").count():
        has_direction(page, "main .cards", "ltr")  # cards keep left to right
    # every menu link is drawn and carries the language
    links = page.locator('[data-testid="stSidebar"] a')
    expect(links).to_have_count(len(MENU))
    for i in range(len(MENU)):
        expect(links.nth(i)).to_have_attribute("href", re.compile(rf"[?&]lang={lang}(&|$)"))
    shot(page, f"lang-{lang}-{name}{SUFFIX}")


def test_urdu_breakdown_table_is_rtl_and_its_cards_ltr(page: Any, lang_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})
    load(page, f"{lang_url}/Count_the_hand?seed=42&lang=ur")
    page.locator('[data-testid="stMain"] [data-testid="stTextInput"] input').first.fill(
        "۲۵" if deal_hand(42).score.total != 25 else "۲۴"
    )
    page.keyboard.press("Enter")
    page.locator(".st-key-count_reveal button").click()  # a wrong count: skip its second try
    page.locator("table.breakdown").wait_for()
    has_direction(page, "table.breakdown", "rtl")
    has_direction(page, "table.breakdown .cards", "ltr")
    has_direction(page, '[data-testid="stMetric"]', "rtl")
    shot(page, f"lang-ur-count-breakdown{SUFFIX}")  # waits for the run to end: all is laid out
    # the first header cell sits at the right in right-to-left layout
    first, last = (page.locator("table.breakdown th").nth(i).bounding_box() for i in (0, 3))
    assert first["x"] > last["x"]
