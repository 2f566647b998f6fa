"""Browser test of spaced review: a missed count comes back the next day.

Miss a count today; the home page says nothing is due. Then a second server on the same
database with the clock a day on (``CRIBBAGE_TUTOR_DAY_OFFSET=1``, ``tutor.clock``): its
home page says one question is due, the Review page serves that very hand, and answering it
right leaves nothing due. Every wait is for a condition (``browsertools``).
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from browsertools import load, settled, shot
from conftest import ROOT, serve
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor import clock

pytestmark = pytest.mark.browser


def test_a_missed_count_is_due_tomorrow_and_answered_on_the_review_page(
    page: Any, app_url: str, app_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    learner = f"Tess{uuid.uuid4().hex[:6]}"
    total = deal_hand(42).score.total
    load(page, f"{app_url}/Count_the_hand?seed=42&learner={learner}")
    box = page.locator(".st-key-count_answer input")
    box.fill(str(total + 1))
    page.keyboard.press("Enter")
    expect(page.get_by_text("try once more")).to_be_visible()  # the first answer is recorded
    load(page, f"{app_url}/?learner={learner}")
    expect(page.get_by_text("Due today: 0")).to_be_visible()

    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")  # the next day, on a server of its own
    with serve(ROOT, app_database_url, "streamlit-server-tomorrow.log") as tomorrow:
        load(page, f"{tomorrow}/?learner={learner}")
        expect(page.get_by_text("Due today: 1")).to_be_visible()
        expect(page.get_by_role("link", name="Review your mistakes (1 due)")).to_be_visible()
        shot(page, "review-due-on-home")
        page.get_by_role("link", name="Review now").click()
        expect(page.get_by_role("heading", name="Review your mistakes")).to_be_visible()
        settled(page)
        hand = page.locator('main svg[role="img"]')
        deal = deal_hand(42)
        # the home page's own example cards can linger while the Review page draws: wait for the hand
        expect(hand.first).to_have_attribute(
            "aria-label", re.compile(rf"^{re.escape(deal.hand[0].label)}(,|$)")
        )
        labels = hand.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
        assert [label.split(",")[0] for label in labels[:5]] == [
            c.label for c in (*deal.hand, deal.starter)
        ]
        page.locator(".st-key-count_answer input").fill(str(total))
        page.keyboard.press("Enter")
        expect(page.get_by_text("Right!")).to_be_visible()
        shot(page, "review-answered")
        page.get_by_role("button", name="Next question").click()
        expect(page.get_by_text("Nothing to review today.")).to_be_visible()
