"""Browser test: the progress page's charts write their dates and numbers as the rest of the
page does, in Chromium: the months and weekdays of the date axis in the learner's language
(Babel's, as ``fmt_date`` writes them), and with the sidebar's "own digits" on, every digit of
the axes in the script's own. Urdu on a phone (360 px), Hindi with its digits on a desktop.
Every wait is for a condition; the screenshots were looked at."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from typing import Any

import pytest
from browsertools import load, settled, shot
from conftest import new_tab
from playwright.sync_api import expect

from tutor import store
from tutor.lang.numerals import DIGITS, NATIVE_DIGITS

pytestmark = pytest.mark.browser

#: The days answered: 12, one a day, up to today (a month's first day and a Sunday among them).
DAYS = 12


@pytest.fixture()
def learner(app_database_url: str) -> str:
    name = f"Dia{uuid.uuid4().hex[:6]}"
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    found = store.create_learner(engine, name)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)
    for day in range(DAYS):
        for i in range(2):
            wrong = (day + i) % 3 == 0
            store.record_attempt(
                engine,
                attempt_id=str(uuid.uuid4()),
                learner_id=found.id,
                kind=("hand", "pegging")[i],
                seed=day,
                answer=10 if wrong else 12,
                right_answer=12,
                correct=not wrong,
                categories=["fifteen", "pair"],
                categories_missed=["pair"] if wrong else [],
                seconds=5,
                at=now - dt.timedelta(days=day, hours=i),
            )
    engine.dispose()
    return name


def axis_labels(page: Any, axis: str) -> list[str]:
    """The labels of the first chart's ``axis`` ("X" or "Y"), once it is drawn."""
    chart = page.get_by_test_id("stVegaLiteChart").first
    chart.scroll_into_view_if_needed()
    labels = chart.locator(f'g[aria-label^="{axis}-axis"] g.role-axis-label text')
    expect(labels.first).to_be_visible()
    settled(page)
    return [text for text in labels.all_text_contents() if text.strip()]


def test_urdu_dates_on_a_phone_are_in_urdu(browser: Any, app_url: str, learner: str) -> None:
    with new_tab(browser, viewport={"width": 360, "height": 800}) as page:
        load(page, f"{app_url}/Progress?learner={learner}&lang=ur")
        days = axis_labels(page, "X")
        shot(page, "chart-dates-ur-360")
        assert len(days) >= 2, days
        assert not [day for day in days if re.search("[A-Za-z]", day)], (
            days
        )  # no "Nov 23", no "Tue 24"
        assert any(re.search("[\u0600-\u06ff]", day) for day in days), (
            days
        )  # Urdu month or weekday names


def own_digits_on(page: Any) -> None:
    """Switch the sidebar's "own digits" on (this session keeps it)."""
    switch = page.locator(".st-key-menu_native_digits")
    switch.locator("label").click()
    expect(switch.get_by_role("switch")).to_be_checked()
    settled(page)


def test_hindi_with_its_own_digits_has_no_western_digit_on_the_axes(
    browser: Any, app_url: str, learner: str
) -> None:
    with new_tab(browser, viewport={"width": 1280, "height": 900}) as page:
        load(page, f"{app_url}/Progress?learner={learner}&lang=hi")
        western = axis_labels(page, "Y")
        assert any(re.search("[0-9]", label) for label in western), (
            western
        )  # until the learner asks
        own_digits_on(page)
        expect(
            page.get_by_test_id("stVegaLiteChart")
            .first.locator('g[aria-label^="Y-axis"] text')
            .filter(has_text=re.compile(f"[{DIGITS[NATIVE_DIGITS['hi']]}]"))
            .first
        ).to_be_visible()
        days, shares = axis_labels(page, "X"), axis_labels(page, "Y")
        shot(page, "chart-dates-hi-own-digits")
        assert not [label for label in days + shares if re.search("[0-9A-Za-z]", label)], (
            days,
            shares,
        )
        assert any(re.search(f"[{DIGITS['deva']}]", day) for day in days), days
        assert "१००%" in shares, shares
        # a point's tooltip: its day, count and accuracy in Hindi's words and digits too
        page.get_by_test_id("stVegaLiteChart").first.locator(
            "g.mark-symbol.role-mark path"
        ).last.hover()
        tooltip = page.locator("#vg-tooltip-element")
        expect(tooltip).to_contain_text("दिन")
        assert not re.search("[0-9A-Za-z]", tooltip.inner_text()), tooltip.inner_text()
        shot(page, "chart-dates-hi-tooltip")
