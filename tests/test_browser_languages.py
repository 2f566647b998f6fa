"""Every page in Hindi and Urdu in Debian's Chromium (fonts-noto-core): screenshots to
artifacts/, and Urdu's page content right to left while the cards stay left to right.

With the real Hindi and Urdu catalogs in ``locales/`` the app runs as it is. Until they land,
it runs from a temp copy of the project with pseudo-translated catalogs and lessons (Latin
letters swapped for Devanagari / Arabic ones), and the screenshots are named ``...-pseudo``.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, ROOT, _need_chromium, serve
from i18n_tools import catalog_path, write_pseudo_catalogs

from cribbage_core.hand_quiz import deal_hand

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
def lang_url(tmp_path_factory: pytest.TempPathFactory, app_database_url: str) -> Iterator[str]:
    _need_chromium()
    if REAL:
        with serve(ROOT, app_database_url, "streamlit-languages.log") as url:
            yield url
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


def load(page: Any, url: str) -> None:
    page.goto(url)
    page.get_by_role("heading", level=1).first.wait_for()
    page.wait_for_function("document.querySelectorAll('[data-testid=\"stSpinner\"]').length === 0")
    page.wait_for_timeout(600)
    assert page.locator('[data-testid="stException"]').count() == 0


def direction(page: Any, selector: str) -> str:
    return str(page.locator(selector).first.evaluate("e => getComputedStyle(e).direction"))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name, path", PAGES, ids=[p[0] for p in PAGES])
def test_every_page_in_hindi_and_urdu(page: Any, lang_url: str, lang: str, name: str, path: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    load(page, f"{lang_url}{path}&lang={lang}")
    assert f"lang={lang}" in page.url
    want = "rtl" if lang == "ur" else "ltr"
    assert direction(page, '[data-testid="stMain"]') == want
    assert direction(page, '[data-testid="stMain"] h1') == want
    if page.locator("main .cards").count():
        assert direction(page, "main .cards") == "ltr", "cards keep left to right"
    # every sidebar link carries the language
    hrefs = page.locator('[data-testid="stSidebar"] a').evaluate_all("els => els.map(e => e.href)")
    assert hrefs and all(f"lang={lang}" in href for href in hrefs), hrefs
    page.screenshot(path=str(ARTIFACTS / f"lang-{lang}-{name}{SUFFIX}.png"), full_page=True)


def test_urdu_breakdown_table_is_rtl_and_its_cards_ltr(page: Any, lang_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})
    load(page, f"{lang_url}/Count_the_hand?seed=42&lang=ur")
    page.locator('[data-testid="stMain"] [data-testid="stTextInput"] input').first.fill("۲۵" if deal_hand(42).score.total != 25 else "۲۴")
    page.keyboard.press("Enter")
    page.locator("table.breakdown").wait_for()
    page.wait_for_timeout(500)
    assert direction(page, "table.breakdown") == "rtl"
    assert direction(page, "table.breakdown .cards") == "ltr"
    assert direction(page, '[data-testid="stMetric"]') == "rtl"
    # the first header cell sits at the right in right-to-left layout
    first, last = (
        page.locator("table.breakdown th").nth(i).bounding_box() for i in (0, 3)
    )
    assert first["x"] > last["x"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lang-ur-count-breakdown{SUFFIX}.png"), full_page=True)
