"""The progress charts write dates and numbers as the page does: each chart carries Vega's locale
for the learner's language and digits (``tutor.lang.i18n.chart_locale``), the accuracy charts'
date axis has whole days only and, with the script's own digits chosen, a label expression
that writes them (Chromium's drawing: ``tests/browser/test_browser_chart_dates.py``)."""

from __future__ import annotations

import pandas as pd
import pytest
from babel.dates import get_month_names

from tutor import progress
from tutor.lang import i18n
from tutor.lang.numerals import DIGITS, NATIVE_DIGITS

LANGS = ["en", "hi", "ur", "gu", "bn", "pa"]


def daily(days: list[str]) -> pd.DataFrame:
    return pd.DataFrame(
        {"day": pd.to_datetime(days), "kind": "hand", "answered": 2, "accuracy": 0.5}
    )


def skill() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "id": ["a"],
            "day": pd.to_datetime(["2026-12-01"]),
            "game": [1],
            "skill": [0.4],
            "errors": [2],
            "opponent_level": ["easy"],
        }
    )


def weak() -> pd.DataFrame:
    return pd.DataFrame({"area": ["show"], "category": ["run"], "weight": [1.5]})


@pytest.mark.parametrize("native", [False, True])
@pytest.mark.parametrize("lang", LANGS)
def test_every_progress_chart_speaks_the_learners_language_and_digits(
    lang: str, native: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "current_language", lambda: lang)
    monkeypatch.setattr(i18n, "native_digits", lambda: native)
    accuracy = progress.daily_accuracy_chart(
        daily(["2026-11-20", "2026-12-01"]), "kind", i18n._("Quiz", lang), "answered"
    )
    charts = [accuracy, progress.skill_chart(skill()), progress.weak_spot_chart(weak())]
    digits = DIGITS[NATIVE_DIGITS[lang] if native else "latn"]
    for chart in charts:
        locale = chart.to_dict()["config"]["locale"]
        assert locale["time"]["months"][11] == get_month_names("wide", "format", lang)[12]
        assert "".join(locale["number"]["numerals"]) == digits
    spec = accuracy.to_dict()
    tooltip = [item["title"] for item in spec["encoding"]["tooltip"]]
    assert tooltip == [
        i18n._(word, lang) for word in ("Day", "Quiz", "Answered", "Accuracy")
    ]  # not "day", "kind"
    [when] = spec["transform"]
    assert ("replace(" in when["calculate"]) == (
        digits != DIGITS["latn"]
    )  # the tooltip's day in those digits
    x = spec["encoding"]["x"]
    written = x["axis"].get("labelExpr")
    assert (written is None) == (digits == DIGITS["latn"])
    if written is not None:  # every Western digit of a date replaced by the script's own
        assert all(f"/{d}/g, '{own}'" in written for d, own in enumerate(digits))


@pytest.mark.parametrize(
    ("days", "step"),
    [
        (["2026-12-01"], 1),
        (["2026-11-30", "2026-12-01"], 1),
        (["2026-11-20", "2026-12-01"], 2),
        (["2026-10-02", "2026-12-01"], 8),
    ],
)
def test_the_accuracy_charts_tick_whole_days_only(days: list[str], step: int) -> None:
    x = progress.daily_accuracy_chart(daily(days), "kind", "Quiz", "answered").to_dict()[
        "encoding"
    ]["x"]
    assert x["axis"]["tickCount"] == {
        "interval": "day",
        "step": step,
    }  # never "12 PM" between two days
