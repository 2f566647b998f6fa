"""Browser test: on a phone (390 px) every quiz page puts this visit's score below its options,
after the question, as Count the hand does; the Discard trainer too, whose score is drawn inside
its fragment (``st.fragment``), before a throw and after it (the fragment's own rerun)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browsertools import load, settled, shot, visit
from conftest import new_tab
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: The quiz pages with options (the pegging quiz has none).
QUIZZES = ("Count_the_hand?seed=42", "Pegging_trainer?seed=42", "Discard_trainer?seed=42")


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    with new_tab(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ) as tab:
        yield tab


def _tops(page: Any, *selectors: str) -> list[float]:
    settled(page)
    return [page.locator(s).first.bounding_box()["y"] for s in selectors]


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_the_score_sits_below_the_options_on_every_quiz_page(
    phone: Any, app_url: str, lang: str
) -> None:
    for quiz in QUIZZES:  # each after the first opened inside the app
        visit(phone, f"{app_url}/{quiz}&lang={lang}")
        options, score = _tops(phone, ".st-key-quiz_options", ".st-key-quiz_metrics")
        assert options < score, quiz


def test_the_discard_trainers_score_stays_below_after_a_throw(phone: Any, app_url: str) -> None:
    load(phone, f"{app_url}/Discard_trainer?seed=42&lang=ur")
    intro, options, score = _tops(
        phone, ".st-key-below_intro", ".st-key-quiz_options", ".st-key-quiz_metrics"
    )
    assert intro < options < score
    picks = phone.locator('[class*="st-key-discard_pick_"] label')
    for i in range(2):
        picks.nth(i).tap()
        expect(phone.locator('[class*="st-key-discard_pick_"] input').nth(i)).to_be_checked()
    phone.locator(".st-key-discard_confirm button").tap()
    expect(phone.locator(".st-key-discard_confirm")).to_have_count(0)
    expect(phone.locator(".st-key-quiz_metrics [data-testid='stMetricValue']").nth(2)).to_have_text(
        "1"
    )  # answered
    next_hand, options, score = _tops(
        phone, ".st-key-discard_next", ".st-key-quiz_options", ".st-key-quiz_metrics"
    )
    assert next_hand < options < score
    shot(phone, "phone-390-ur-discard-score-below")
