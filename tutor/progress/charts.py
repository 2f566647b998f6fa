"""The progress page's charts of answers (Altair, in the learner's language): accuracy per day
(:func:`daily_accuracy_chart`), the weak spots (:func:`weak_spot_chart`) and each skill's rating
over time (:func:`rating_history_chart`), each with its text alternative (Vega-Lite's
``description``, which the browser reads out as the chart's label)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

import altair as alt
import pandas as pd

from tutor.lang.i18n import (
    N_,
    _,
    chart_digits,
    fmt_date,
    fmt_percent,
    kind_name,
    list_text,
    rating_text,
)
from tutor.progress.kept import localised
from tutor.progress.names import area_name

#: A legend's row in pixels (Streamlit's theme), how many rows fit beside a chart of Streamlit's
#: default height (the rest were cut off: a learner of every quiz has 16 categories), the
#: longest label drawn whole ("Playing for the go and the last card" was cut at Vega's 160),
#: and the plot's height with its axis when the legend is under it.
LEGEND_ROW_PX: Final = 30
PLOT_PX: Final = 320
LEGEND_ROWS_IN_DEFAULT: Final = 10
LEGEND_LABEL_PX: Final = 260

#: The most days labelled on an accuracy chart's axis, whole days only (left to itself, Vega
#: ticked a short span at noon too: "12 PM" between the days, "१२ pm" in Hindi).
DAY_TICKS: Final = 8
#: The accuracy charts' counts, named in their tooltips (the field's own name was shown, in English).
COUNT_TITLES: Final = {"answered": N_("Answered"), "questions": N_("Questions")}
#: A day in a tooltip: "Dec 1, 2026", the month's name and the digits the learner's.
DAY_TEXT: Final = "timeFormat(toDate(datum.day), '%b %-d, %Y')"


def daily_accuracy_chart(
    daily: pd.DataFrame, series: str, title: str, count: str, colours: alt.Scale | None = None
) -> alt.Chart:
    """Accuracy per day as lines, one per value of ``series`` (a quiz, or a category), coloured
    by ``colours`` (:func:`series_scale`). Their legend is beside the plot; more lines than fit
    beside it, it is under it, one name a row (on a phone too, where two columns would not fit)."""
    lines = daily[series].nunique()
    span = (daily["day"].max() - daily["day"].min()).days if len(daily) else 0
    ticks = alt.TimeIntervalStep(interval="day", step=max(1, math.ceil(span / DAY_TICKS)))
    digits = chart_digits()  # Vega writes a date's digits in Western ones whatever the locale
    many = lines > LEGEND_ROWS_IN_DEFAULT
    chart: alt.Chart = (
        alt.Chart(daily)
        .transform_calculate(when=chart_digits(DAY_TEXT) or DAY_TEXT)
        .mark_line(point=True)
        .encode(
            x=alt.X(
                "day:T",
                title=_("Day"),
                axis=alt.Axis(tickCount=ticks, labelExpr=digits or alt.Undefined),
            ),
            y=alt.Y(
                "accuracy:Q",
                title=_("Accuracy"),
                axis=alt.Axis(format="%"),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=alt.Color(
                f"{series}:N",
                title=title,
                scale=alt.Undefined if colours is None else colours,
                legend=alt.Legend(
                    labelLimit=LEGEND_LABEL_PX,
                    orient="bottom" if many else "right",
                    direction="vertical",
                    columns=1,
                ),
            ),
            tooltip=[
                alt.Tooltip("when:N", title=_("Day")),
                alt.Tooltip(f"{series}:N", title=title),
                alt.Tooltip(
                    f"{count}:Q", title=_(COUNT_TITLES[count]) if count in COUNT_TITLES else count
                ),
                alt.Tooltip("accuracy:Q", title=_("Accuracy"), format=".0%"),
            ],
        )
        .properties(description=accuracy_summary(daily, series))
    )
    if many:  # the legend under the plot, the chart that much taller
        chart = chart.properties(height=PLOT_PX + LEGEND_ROW_PX * (lines + 1))
    return localised(chart)


def accuracy_summary(daily: pd.DataFrame, series: str) -> str:
    """:func:`daily_accuracy_chart` in words: each line's accuracy on its first and last day.

    >>> daily = pd.DataFrame({"day": pd.to_datetime(["2026-12-01", "2026-11-30", "2026-12-01"]),
    ...     "kind": ["Hand", "Hand", "Crib"], "accuracy": [0.75, 0.5, 1.0]})
    >>> accuracy_summary(daily, "kind")
    'Hand: from 50% on November 30, 2026 to 75% on December 1, 2026 · Crib: 100% on December 1, 2026'
    """
    lines = []
    for name, rows in daily.sort_values("day", kind="stable").groupby(series, sort=False):
        first, last = rows.iloc[0], rows.iloc[-1]
        if len(rows) == 1:
            lines.append(
                _("{name}: {accuracy} on {day}").format(
                    name=name,
                    accuracy=fmt_percent(first["accuracy"]),
                    day=fmt_date(first["day"].date()),
                )
            )
        else:
            lines.append(
                _("{name}: from {first} on {first_day} to {last} on {last_day}").format(
                    name=name,
                    first=fmt_percent(first["accuracy"]),
                    first_day=fmt_date(first["day"].date()),
                    last=fmt_percent(last["accuracy"]),
                    last_day=fmt_date(last["day"].date()),
                )
            )
    return " · ".join(lines)


def weak_spot_chart(weak: pd.DataFrame) -> alt.Chart:
    """The weak spots (:func:`weak_spot_table`) as bars in the table's order, coloured by area,
    with their text alternative: the three heaviest."""
    spots = pd.DataFrame(
        {
            "label": [
                f"{area_name(a)} · {kind_name(c)}"
                for a, c in zip(weak["area"], weak["category"], strict=True)
            ],
            "area": [area_name(a) for a in weak["area"]],
            "weight": weak["weight"].astype(float),
        }
    )
    top = spots.sort_values("weight", ascending=False, kind="stable")["label"].head(3)
    chart: alt.Chart = (
        alt.Chart(spots)
        .mark_bar()
        .encode(
            x=alt.X("weight:Q", title=_("Weight")),
            y=alt.Y("label:N", sort=None, title=None),
            color=alt.Color("area:N", title=None),
            tooltip=[
                alt.Tooltip("label:N", title=_("Category")),
                alt.Tooltip("weight:Q", title=_("Weight"), format=".2f"),
            ],
        )
        .properties(description=_("Weighed most: {spots}.").format(spots=list_text(list(top))))
    )
    return localised(chart)


def rating_history_chart(history: pd.DataFrame, names: Mapping[str, str]) -> alt.LayerChart:
    """Each skill's rating at the end of each day it was rated, as a line, with its deviation as
    a band (rating ± deviation) around it; ``history`` has columns skill, day, rating,
    deviation (``tutor.store.rating_history``), ``names`` each skill's name."""
    frame = history.assign(
        skill=[names.get(s, s) for s in history["skill"]],
        day=pd.to_datetime(history["day"]),
        low=history["rating"] - history["deviation"],
        high=history["rating"] + history["deviation"],
        rating=history["rating"].round(),
        deviation=history["deviation"].round(),
    )
    last = frame.sort_values("day").groupby("skill", sort=False).tail(1)
    described = list_text(
        [
            _("{skill}: {rating}").format(skill=s, rating=rating_text(r, d))
            for s, r, d in zip(last["skill"], last["rating"], last["deviation"], strict=True)
        ]
    )
    span = (frame["day"].max() - frame["day"].min()).days if len(frame) else 0
    ticks = alt.TimeIntervalStep(interval="day", step=max(1, math.ceil(span / DAY_TICKS)))
    digits = chart_digits()  # Vega writes a date's digits in Western ones whatever the locale
    colour = alt.Color(
        "skill:N", title=None, legend=alt.Legend(orient="bottom", direction="vertical", columns=1)
    )
    x = alt.X(
        "day:T", title=_("Day"), axis=alt.Axis(tickCount=ticks, labelExpr=digits or alt.Undefined)
    )
    base = alt.Chart(frame).transform_calculate(when=chart_digits(DAY_TEXT) or DAY_TEXT)
    band = base.mark_area(opacity=0.18).encode(
        x=x,
        y=alt.Y("low:Q", title=_("Rating"), scale=alt.Scale(zero=False)),
        y2="high:Q",
        color=colour,
    )
    line = base.mark_line(point=True).encode(
        x=x,
        y=alt.Y("rating:Q"),
        color=colour,
        tooltip=[
            alt.Tooltip("skill:N", title=_("Skill")),
            alt.Tooltip("when:N", title=_("Day")),
            alt.Tooltip("rating:Q", title=_("Rating")),
            alt.Tooltip("deviation:Q", title=_("Deviation")),
        ],
    )
    chart = alt.LayerChart(layer=[band, line]).properties(
        description=_("Your ratings at the end of each day: {ratings}.").format(ratings=described)
    )
    return localised(chart)
