"""Browser tests: Debian's Chromium against a real `streamlit run` server (fixtures in conftest).

Screenshots are saved to artifacts/ for a person to look at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import ARTIFACTS
from cribbage_core.hand_quiz import deal_hand
from cribbage_core.pegging_quiz import pegging_question

pytestmark = pytest.mark.browser


def load(page: Any, url: str) -> None:
    page.goto(url)
    page.get_by_role("heading", level=1).first.wait_for()
    page.wait_for_function("document.querySelectorAll('[data-testid=\"stSpinner\"]').length === 0")
    assert page.locator('[data-testid="stException"]').count() == 0


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(400)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def card_labels(page: Any) -> list[str]:
    page.locator('main svg[role="img"]').first.wait_for()
    page.wait_for_timeout(300)  # let the rest of the page arrive
    return page.locator('main svg[role="img"]').evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")


@pytest.mark.parametrize(
    "path, heading",
    [
        ("/", "Learn cribbage, one hand at a time"),
        ("/Learn?lesson=04_play&seed=3", "Learn the rules"),
        ("/Count_the_hand?seed=42", "Count the hand"),
        ("/Pegging_quiz?seed=7", "Pegging quiz"),
    ],
)
def test_each_page_opens_first(page: Any, app_url: str, path: str, heading: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1800})
    load(page, app_url + path)
    assert page.get_by_role("heading", level=1).first.inner_text() == heading
    assert card_labels(page), "cards are drawn (inline SVG survives rendering)"
    name = path.strip("/").split("?")[0] or "home"
    shot(page, f"page-{name}")


def test_count_quiz_right_then_next_then_wrong(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2200})
    load(page, f"{app_url}/Count_the_hand?seed=42")
    deal = deal_hand(42)
    labels = card_labels(page)
    assert [label.split(",")[0] for label in labels[:5]] == [c.label for c in (*deal.hand, deal.starter)]
    page.get_by_label("How many points?").fill(str(deal.score.total))
    page.get_by_role("button", name="Check my count").click()
    page.get_by_text("Right!").wait_for()
    page.get_by_text(deal.score.said_aloud).wait_for()
    shot(page, "count-right")

    page.get_by_role("button", name="Next hand").click()
    page.wait_for_url(re.compile(r"seed=(?!42\b)\d+"))
    seed = int(re.search(r"seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]
    page.get_by_label("How many points?").wait_for()
    wrong = deal_hand(seed).score.total + 1
    page.get_by_label("How many points?").fill(str(wrong))
    page.keyboard.press("Enter")
    page.get_by_text("Not quite").wait_for()
    shot(page, "count-wrong")


def test_count_quiz_bad_input(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=42")
    page.get_by_label("How many points?").fill("2.5")
    page.get_by_role("button", name="Check my count").click()
    page.get_by_text("no decimals").wait_for()
    assert page.get_by_text("Right!").count() == 0


def test_pegging_quiz_right_and_wrong(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})
    q = pegging_question(7)
    load(page, f"{app_url}/Pegging_quiz?seed=7")
    page.get_by_label(re.compile("How many points does your")).fill(str(q.total))
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Right!").wait_for()
    shot(page, "pegging-right")
    load(page, f"{app_url}/Pegging_quiz?seed=7")
    page.get_by_label(re.compile("How many points does your")).fill(str(q.total + 1))
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Not quite").wait_for()
    shot(page, "pegging-wrong")


def test_menu_link_leads_to_another_page(page: Any, app_url: str) -> None:
    load(page, app_url + "/")
    page.locator('[data-testid="stSidebar"]').get_by_role("link", name="Pegging quiz").click()
    page.wait_for_url(re.compile(r"/Pegging_quiz"))
    page.get_by_role("heading", name="Pegging quiz", level=1).wait_for()
    assert page.locator('[data-testid="stException"]').count() == 0


def test_deep_link_with_seed_survives_a_reload(page: Any, app_url: str) -> None:
    q = pegging_question(123)
    load(page, f"{app_url}/Pegging_quiz?seed=123")
    first = card_labels(page)
    laid = [step.card.label for step in q.steps if step.card is not None]
    assert [label.split(",")[0] for label in first[: len(laid)]] == laid
    page.reload()
    page.get_by_role("heading", level=1).first.wait_for()
    page.wait_for_timeout(500)
    assert card_labels(page) == first
    assert "seed=123" in page.url
