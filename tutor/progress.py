"""Progress statistics: pure pandas over the frames ``tutor.store`` reads (no Streamlit here).

Each function takes ``attempts_frame`` / ``games_frame`` output and returns a small table the
progress page shows as it is or charts (the words and the Altair chart are at the end), or,
for the weak-spot drill, the weight of each category a learner keeps missing
(:func:`weak_spot_weights`); :func:`streaks` also counts the quiz pages' streaks.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final, NamedTuple, TypeVar

import altair as alt
import pandas as pd

from cribbage_core.kinds import PegSpot, ResultKind, ScoreKind
from cribbage_core.tables.bot_skill import bot_skill
from tutor.lang import i18n
from tutor.lang.i18n import (
    N_,
    _,
    chart_digits,
    chart_locale,
    fmt_date,
    fmt_int,
    fmt_percent,
    kind_name,
    list_text,
    ngettext,
    own_digits,
    rating_text,
)
from tutor.play.friend import FRIEND_LEVEL
from tutor.play.text import LEVEL_LABELS
from tutor.store import Store, naive_utc

WEAK_SPOT_HALF_LIFE_DAYS = 7.0
WEAK_SPOT_WINDOW = dt.timedelta(days=90)  # misses older than this are forgotten
#: The attempt columns :func:`weak_spot_weights` reads.
WEAK_SPOT_COLUMNS = ("kind", "categories", "categories_missed", "created_at")
#: The attempts' kind of a decision from the learner's games (``tutor.review.items``): no quiz answer.
GAME_DECISIONS: Final = "game"
#: Weak spots are kept apart by area, each fed by its own answers: the show (Count the hand),
#: the play's points (the pegging quiz), the pegging trainer's kinds of position, and the
#: decisions of the learner's games (discard, pegging play). A pair missed in the play is a
#: weak spot of the play only: it never steers the show's drill.
WEAK_SPOT_AREAS: Final = {
    "show": ("hand", "crib"),
    "play": ("pegging",),
    "trainer": ("peg_trainer",),
    "games": (GAME_DECISIONS,),
}


class Streaks(NamedTuple):
    """Right answers in a row: the run going on now, and the longest ever."""

    current: int
    best: int


def streaks(answers: Iterable[bool]) -> Streaks:
    """Current and best streak of right answers, given whether each answer was right, in order.

    The one streak count: the progress page's (stored attempts) and the quiz pages' (this visit).

    >>> streaks([True, True, False, True])
    Streaks(current=1, best=2)
    """
    current = best = 0
    for correct in answers:
        current = current + 1 if correct else 0
        best = max(best, current)
    return Streaks(current, best)


def recall_table(rows: Iterable[tuple[int, int, int]]) -> pd.DataFrame:
    """Recall on review per interval: (days since last asked, asked, right at the first try) rows
    (``Store.recall``) as a table with each interval's share right.

    >>> recall_table([(1, 4, 3), (3, 2, 2)]).to_dict("records")[0]
    {'interval_days': 1, 'asked': 4, 'right': 3, 'recall': 0.75}
    """
    table = pd.DataFrame(list(rows), columns=["interval_days", "asked", "right"])
    table["recall"] = (table["right"] / table["asked"]).round(3) if not table.empty else []
    return table


def _days(attempts: pd.DataFrame) -> pd.Series:
    return pd.to_datetime(attempts["created_at"]).dt.floor("D")


def summary_by_quiz(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per quiz kind: answered, right, accuracy (0-1) and mean seconds per answer."""
    if attempts.empty:
        return pd.DataFrame(columns=["kind", "answered", "right", "accuracy", "mean_seconds"])
    grouped = attempts.groupby("kind", sort=True)
    table = pd.DataFrame(
        {
            "answered": grouped["correct"].size(),
            "right": grouped["correct"].sum().astype(int),
            "mean_seconds": grouped["seconds"].mean().round(1),
        }
    )
    table["accuracy"] = (table["right"] / table["answered"]).round(3)
    return table.reset_index()[["kind", "answered", "right", "accuracy", "mean_seconds"]]


def daily_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per day and quiz kind: answered, right and accuracy (0-1)."""
    columns = ["day", "kind", "answered", "right", "accuracy"]
    if attempts.empty:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(
        {"day": _days(attempts), "kind": attempts["kind"], "correct": attempts["correct"]}
    )
    table = frame.groupby(["day", "kind"]).agg(
        answered=("correct", "size"), right=("correct", "sum")
    )
    table["right"] = table["right"].astype(int)
    table["accuracy"] = (table["right"] / table["answered"]).round(3)
    return table.reset_index()[columns]


def _category_counts(attempts: pd.DataFrame) -> dict[tuple[pd.Timestamp, str], list[int]]:
    """(day, category) -> [questions involving it, times missed], in one pass."""
    counts: dict[tuple[pd.Timestamp, str], list[int]] = {}
    if attempts.empty:
        return counts
    for day, involved, missed in zip(
        _days(attempts), attempts["categories"], attempts["categories_missed"], strict=True
    ):
        for category in involved:
            tally = counts.setdefault((day, category), [0, 0])
            tally[0] += 1
            tally[1] += category in missed
    return counts


def category_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per scoring category: questions involving it, times missed, accuracy (0-1); worst first."""
    columns = ["category", "questions", "missed", "accuracy"]
    totals: dict[str, list[int]] = {}
    for (_day, category), (questions, missed) in _category_counts(attempts).items():
        tally = totals.setdefault(category, [0, 0])
        tally[0] += questions
        tally[1] += missed
    if not totals:
        return pd.DataFrame(columns=columns)
    table = pd.DataFrame(
        [(c, q, m, round(1 - m / q, 3)) for c, (q, m) in totals.items()], columns=columns
    )
    return table.sort_values(["accuracy", "category"]).reset_index(drop=True)


def daily_category_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per day and scoring category: questions involving it and accuracy (0-1)."""
    columns = ["day", "category", "questions", "accuracy"]
    rows = [
        (day, category, q, round(1 - m / q, 3))
        for (day, category), (q, m) in sorted(_category_counts(attempts).items())
    ]
    return pd.DataFrame(rows, columns=columns)


def games_by_level(games: pd.DataFrame) -> pd.DataFrame:
    """Per opponent level: games played, won, lost, and skunks given and taken.

    A skunk here is any result kind other than a plain win (skunk, double skunk, lurch).
    """
    columns = ["opponent_level", "played", "won", "lost", "skunks_given", "skunked", "muggins_lost"]
    if games.empty:
        return pd.DataFrame(columns=columns)
    frame = games.assign(
        skunk=games["result_kind"] != ResultKind.WIN,
        lost=~games["learner_won"].astype(bool),
    )
    frame["skunks_given"] = frame["skunk"] & frame["learner_won"]
    frame["skunked"] = frame["skunk"] & frame["lost"]
    table = frame.groupby("opponent_level").agg(
        played=("id", "size"),
        won=("learner_won", "sum"),
        lost=("lost", "sum"),
        skunks_given=("skunks_given", "sum"),
        skunked=("skunked", "sum"),
        muggins_lost=("muggins_lost", "sum"),
    )
    return table.astype(int).reset_index()[columns]


def weak_spot_weights(
    attempts: pd.DataFrame,
    now: dt.datetime | None = None,
    half_life_days: float = WEAK_SPOT_HALF_LIFE_DAYS,
    area: str | None = None,
) -> dict[str, float]:
    """How much each category needs practice, from attempts (as ``attempts_frame`` gives them).

    ``area`` (a key of ``WEAK_SPOT_AREAS``) counts only that area's answers, as a drill must;
    None counts every answer given (the frame must then hold one area's answers).

    Spaced repetition of mistakes: each miss of a category adds ``0.5 ** (age / half_life)``
    (a miss today adds 1, one a half-life ago 0.5); each later question in that category
    answered right takes off half as much, so practice that succeeds lowers the weight.
    Attempts older than ``WEAK_SPOT_WINDOW`` are ignored. Only categories with a weight above
    zero are returned, heaviest first.
    """
    now = naive_utc(now)
    totals: dict[str, float] = {}
    if area is not None:
        attempts = attempts[attempts["kind"].isin(WEAK_SPOT_AREAS[area])]
    if attempts.empty:
        return {}
    ages = (now - attempts["created_at"].dt.tz_localize(None)).dt.total_seconds() / 86_400.0
    window = WEAK_SPOT_WINDOW.total_seconds() / 86_400.0
    for age, involved, missed in zip(
        ages.clip(lower=0.0), attempts["categories"], attempts["categories_missed"], strict=True
    ):
        if age > window:
            continue
        weight = math.pow(0.5, age / half_life_days)
        for category in missed:
            totals[category] = totals.get(category, 0.0) + weight
        for category in set(involved) - set(missed):
            totals[category] = totals.get(category, 0.0) - 0.5 * weight
    positive = {c: round(w, 4) for c, w in totals.items() if w > 1e-9}
    return dict(sorted(positive.items(), key=lambda item: (-item[1], item[0])))


def weak_spot_table(attempts: pd.DataFrame, now: dt.datetime | None = None) -> pd.DataFrame:
    """Every area's weak spots, area by area (``WEAK_SPOT_AREAS`` order), heaviest first in each:
    columns ``area``, ``category``, ``weight``. A category missed in two areas is two rows."""
    rows = [
        (area, category, weight)
        for area in WEAK_SPOT_AREAS
        for category, weight in weak_spot_weights(attempts, now=now, area=area).items()
    ]
    return pd.DataFrame(rows, columns=["area", "category", "weight"])


def weak_spots_by_learner(
    attempts: pd.DataFrame,
    now: dt.datetime | None = None,
    half_life_days: float = WEAK_SPOT_HALF_LIFE_DAYS,
) -> dict[int, list[tuple[str, str, float]]]:
    """:func:`weak_spot_table` of each ``learner_id`` in ``attempts`` at once, as (area,
    category, weight) rows in the same order: one pass over the rows, for a class's table (a
    call of :func:`weak_spot_table` per learner costs tens of milliseconds of pandas each)."""
    now = naive_utc(now)
    if attempts.empty:
        return {}
    area_of = {kind: area for area, kinds in WEAK_SPOT_AREAS.items() for kind in kinds}
    ages = (now - attempts["created_at"].dt.tz_localize(None)).dt.total_seconds() / 86_400.0
    window = WEAK_SPOT_WINDOW.total_seconds() / 86_400.0
    totals: dict[int, dict[str, dict[str, float]]] = {}
    for who, kind, age, involved, missed in zip(  # plain lists: a Series iterates slowly
        attempts["learner_id"].tolist(),
        attempts["kind"].tolist(),
        ages.clip(lower=0.0).to_numpy(dtype=float).tolist(),
        attempts["categories"].tolist(),
        attempts["categories_missed"].tolist(),
        strict=True,
    ):
        area = area_of.get(kind)
        if area is None or age > window:
            continue
        weights = totals.setdefault(int(who), {}).setdefault(area, {})
        weight = math.pow(0.5, age / half_life_days)
        for category in missed:
            weights[category] = weights.get(category, 0.0) + weight
        for category in set(involved) - set(missed):
            weights[category] = weights.get(category, 0.0) - 0.5 * weight
    found: dict[int, list[tuple[str, str, float]]] = {}
    for who, areas in totals.items():
        rows = []
        for area in WEAK_SPOT_AREAS:
            positive = {c: round(w, 4) for c, w in areas.get(area, {}).items() if w > 1e-9}
            rows += [(area, c, w) for c, w in sorted(positive.items(), key=lambda i: (-i[1], i[0]))]
        found[who] = rows
    return found


def weak_spots(
    store: Store, learner_name: str, area: str | None = None, now: dt.datetime | None = None
) -> dict[str, float]:
    """:func:`weak_spot_weights` over the learner's recent attempts of ``area`` (None: every
    answer); {} when none or the database is down."""
    since = naive_utc(now) - WEAK_SPOT_WINDOW
    frame = store.attempts_frame(learner_name, columns=WEAK_SPOT_COLUMNS, since=since)
    return weak_spot_weights(frame, now=now, area=area)


# ---------------------------------------------------------------------------------------------
# Words and charts for the progress page (in the learner's language)

#: A game's performance band, named by the computer level whose typical figure it holds
#: (``cribbage_core.coach.performance``): the game review and the class table say it.
BAND_NAMES: Final = {
    "expert": N_("Expert-like"),
    "hard": N_("Strong: like the hard computer"),
    "medium": N_("Club player: like the medium computer"),
    "easy": N_("Beginner: like the easy computer"),
}

QUIZ_LABELS = {
    "hand": N_("Hand"),
    "crib": N_("Crib"),
    "pegging": N_("Pegging quiz"),
    "discard": N_("Discard trainer"),
    "peg_trainer": N_("Pegging trainer"),
    "game": N_("Decisions in your games"),
}
#: Each weak-spot area's name on the progress page.
AREA_LABELS = {
    "show": N_("The show"),
    "play": N_("Points in the play"),
    "trainer": N_("Pegging trainer"),
    "games": N_("Your games"),
}


def area_name(area: str) -> str:
    """A weak-spot area in the learner's language."""
    return _(AREA_LABELS[area]) if area in AREA_LABELS else area


def quiz_name(kind: str) -> str:
    """A stored quiz kind in the learner's language."""
    return _(QUIZ_LABELS[kind]) if kind in QUIZ_LABELS else kind


def level_name(level: str) -> str:
    """An opponent level in the learner's language (a game with a friend: "A friend")."""
    if level == FRIEND_LEVEL:
        return _("A friend")
    return _(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level


def named(frame: pd.DataFrame, column: str, name: Callable[[str], str]) -> pd.DataFrame:
    """The frame with the stored keys of one column shown as words in the learner's language."""
    return frame.assign(**{column: frame[column].map(name)})


#: One colour per quiz and per scoring category, the same on every chart whatever else is drawn
#: and in every language (Vega gave each name its colour by its place in the alphabet, so a
#: category changed colour with the language, and from the eleventh name on colours repeated):
#: each at least 3:1 against the white page, no two alike; the quizzes take Okabe and Ito's
#: colour-blind-safe colours. A key none of them knows is grey.
QUIZ_COLOURS: Final[dict[str, str]] = {
    "hand": "#0072B2",
    "crib": "#D55E00",
    "pegging": "#009E73",
    "discard": "#CC79A7",
    "peg_trainer": "#7B3294",
    GAME_DECISIONS: "#666666",
}
CATEGORY_COLOURS: Final[dict[str, str]] = {
    # the show (and the play's fifteen, pair and run)
    ScoreKind.FIFTEEN: "#0072B2",
    ScoreKind.PAIR: "#D55E00",
    ScoreKind.RUN: "#009E73",
    ScoreKind.FLUSH: "#CC79A7",
    ScoreKind.NOBS: "#7B3294",
    # the play
    ScoreKind.THIRTY_ONE: "#8C510A",
    ScoreKind.PAIR_ROYAL: "#B2182B",
    ScoreKind.DOUBLE_PAIR_ROYAL: "#1B7837",
    ScoreKind.GO: "#C51B7D",
    ScoreKind.LAST_CARD: "#01665E",
    # the pegging trainer's kinds of position
    PegSpot.LEAD: "#666666",
    PegSpot.FIVE_21: "#A6761D",
    PegSpot.PAIRING: "#6B7A00",
    PegSpot.RUNS: "#000000",
    PegSpot.GO: "#1F3A93",
    PegSpot.ENDGAME: "#E15759",
}
OTHER_COLOUR: Final = "#767676"


#: A legend's row in pixels (Streamlit's theme), how many rows fit beside a chart of Streamlit's
#: default height (the rest were cut off: a learner of every quiz has 16 categories), the
#: longest label drawn whole ("Playing for the go and the last card" was cut at Vega's 160),
#: and the plot's height with its axis when the legend is under it.
LEGEND_ROW_PX: Final = 30
PLOT_PX: Final = 320
LEGEND_ROWS_IN_DEFAULT: Final = 10
LEGEND_LABEL_PX: Final = 260


def series_scale(
    keys: Iterable[str], name: Callable[[str], str], colours: Mapping[str, str]
) -> alt.Scale:
    """The colour scale of the stored ``keys`` (quizzes or categories): its domain their names in
    the learner's language, in the order of ``colours`` (the legend's order, the same in every
    language), each with its colour there.

    >>> scale = series_scale(["run", "pair", "odd"], str.upper, CATEGORY_COLOURS).to_dict()
    >>> scale["domain"], scale["range"]
    (['PAIR', 'RUN', 'ODD'], ['#D55E00', '#009E73', '#767676'])
    """
    present = set(keys)
    ordered = [key for key in colours if key in present] + sorted(present - set(colours))
    return alt.Scale(
        domain=[name(key) for key in ordered],
        range=[colours.get(key, OTHER_COLOUR) for key in ordered],
    )


#: The most days labelled on an accuracy chart's axis, whole days only (left to itself, Vega
#: ticked a short span at noon too: "12 PM" between the days, "१२ pm" in Hindi).
DAY_TICKS: Final = 8
#: The accuracy charts' counts, named in their tooltips (the field's own name was shown, in English).
COUNT_TITLES: Final = {"answered": N_("Answered"), "questions": N_("Questions")}
#: A day in a tooltip: "Dec 1, 2026", the month's name and the digits the learner's.
DAY_TEXT: Final = "timeFormat(toDate(datum.day), '%b %-d, %Y')"

Drawn = TypeVar("Drawn", alt.Chart, alt.LayerChart)


def localised(chart: Drawn) -> Drawn:
    """``chart`` writing its dates and numbers as the rest of the page does: month and weekday
    names in the learner's language, numbers in their digits (:func:`chart_locale`). The last
    step before it is drawn: a chart so configured can no longer be layered."""
    configured: Drawn = chart.configure(locale=chart_locale())
    return configured


@dataclass(frozen=True)
class ChartSpec:
    """A chart as Vega-Lite: its spec, made by Altair once for what shapes it and kept
    (:func:`kept_chart`), and this run's data by name. Building and checking a layered Altair
    chart costs a page run about 0.1-0.2 s of CPU; a kept spec costs a dict copy, and the data
    goes to the browser as Arrow, as Altair's would.

    ``vega_lite()`` is what ``st.vega_lite_chart(spec=...)`` takes; ``to_dict()`` is the spec
    with its data as rows, as Altair's ``to_dict`` writes it."""

    spec: Mapping[str, Any]  # shared by every run that draws this shape: never changed
    data: Mapping[str, pd.DataFrame]
    description: str = ""

    def described(self, text: str) -> ChartSpec:
        """The chart with its text alternative (its label in the browser)."""
        return replace(self, description=text)

    def vega_lite(self) -> dict[str, Any]:
        spec = {**self.spec, "datasets": dict(self.data)}
        if self.description:
            spec["description"] = self.description
        return spec

    def to_dict(self) -> dict[str, Any]:
        spec = self.vega_lite()
        spec["datasets"] = {name: rows.to_dict("records") for name, rows in self.data.items()}
        return spec


@functools.lru_cache(maxsize=256)
def _kept_spec(
    build: Callable[..., alt.Chart | alt.LayerChart],
    language: str,
    native: bool,
    shape: tuple[Hashable, ...],
) -> Mapping[str, Any]:
    spec: dict[str, Any] = build(*shape).configure(locale=chart_locale()).to_dict()  # localised
    return spec


def kept_chart(
    build: Callable[..., alt.Chart | alt.LayerChart],
    shape: tuple[Hashable, ...],
    data: Mapping[str, pd.DataFrame],
) -> ChartSpec:
    """The chart ``build(*shape)`` draws (its data named, ``alt.NamedData``), localised, with
    ``data`` by those names. Its spec is made once a language, a choice of digits and a
    ``shape``: everything but the data it draws must come in through ``shape``."""
    spec = _kept_spec(build, i18n.current_language(), i18n.native_digits(), shape)
    return ChartSpec(spec, data)


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


def skill_frame(games: pd.DataFrame) -> pd.DataFrame:
    """The games that have their skill figure (``games_frame``), oldest first, for the chart:
    ``id``, ``day``, ``game`` (1, 2, ... in order), ``skill``, ``errors``, ``opponent_level``.

    >>> games = pd.DataFrame({"id": ["a", "b"], "finished_at": pd.to_datetime(["2026-12-01", "2026-12-02"]),
    ...     "skill": [0.8, None], "errors": [3, None], "opponent_level": ["easy", "hard"]})
    >>> skill_frame(games)[["id", "game", "skill", "errors"]].to_dict("records")
    [{'id': 'a', 'game': 1, 'skill': 0.8, 'errors': 3}]
    """
    columns = ["id", "day", "game", "skill", "errors", "opponent_level"]
    if games.empty or "skill" not in games:
        return pd.DataFrame(columns=columns)
    found = games[pd.to_numeric(games["skill"], errors="coerce").notna()].sort_values("finished_at")
    return pd.DataFrame(
        {
            "id": found["id"].astype(str),
            "day": pd.to_datetime(found["finished_at"]),
            "game": range(1, len(found) + 1),
            "skill": found["skill"].astype(float).round(3),
            "errors": found["errors"].astype(int),
            "opponent_level": found["opponent_level"].astype(str),
        }
    )[columns].reset_index(drop=True)


#: The chart's selection (a click on a game's point) by the game's id.
SKILL_PICK = "game"


def bot_level_name(level: str) -> str:
    """A bot's level in the learner's language (the expert is the engine the review grades with)."""
    return _("Expert") if level == "expert" else level_name(level)


def bot_figures() -> pd.DataFrame:
    """The bots' typical skill figures (:mod:`cribbage_core.tables.bot_skill`), weakest first, for the
    chart's reference lines: ``level``, ``skill``, ``se`` (its standard error), ``games`` and
    ``label`` (in the learner's language).

    >>> frame = bot_figures()
    >>> list(frame["level"]), frame["skill"].is_monotonic_decreasing
    (['easy', 'medium', 'hard', 'expert'], True)
    >>> frame["label"][0].startswith("Easy computer: ")
    True
    """
    rows = [
        {
            "level": level,
            "skill": round(f.skill, 3),
            "se": round(f.se, 3),
            "games": f.games,
            "label": _("{level} computer: {figure}").format(
                level=bot_level_name(level), figure=own_digits(f"{f.skill:.2f}")
            ),
        }
        for level, f in bot_skill().items()
    ]
    return pd.DataFrame(rows, columns=["level", "skill", "se", "games", "label"])


def bot_lines_caption() -> str:
    """What the dashed lines of a skill chart are, in the learner's language."""
    return _(
        "Dashed lines: the computer's typical figure at each level, from its games against the hard computer."
    )


#: One colour per level, the same on every chart whatever the levels shown or the language
#: (Okabe and Ito's colour-blind-safe palette, each at least 3:1 against the white page), and a
#: shape per level for the games' points, so that colour is never the only difference; the
#: bots' lines carry their labels. The learner's own line is black.
LEVEL_COLOURS: Final = {
    "easy": "#009E73",
    "medium": "#0072B2",
    "hard": "#D55E00",
    "expert": "#CC79A7",
}
LEVEL_SHAPES: Final = {
    "easy": "circle",
    "medium": "square",
    "hard": "triangle-up",
    "expert": "diamond",
}
#: A game with a friend (a person, not a bot level) is drawn apart from every level: a purple of
#: its own (7.6:1 on white) and a cross, and it has no bot's line.
FRIEND_COLOUR: Final = "#6A3D9A"
FRIEND_SHAPE: Final = "cross"
LEARNER_COLOUR: Final = "#000000"
#: The skill chart's height in pixels, its x axis included (Streamlit fits the whole chart in it).
SKILL_CHART_HEIGHT: Final = 340
#: The least height of its plot in pixels (its axis takes the rest): the labels of the bots'
#: lines are spaced for it, so that they stay apart on any screen.
SKILL_PLOT_MIN_HEIGHT: Final = 190
#: The least distance between the centres of two labels of the bots' lines, in pixels (11 px text).
LABEL_GAP_PX: Final = 15


def level_scale(levels: Iterable[str]) -> alt.Scale:
    """The colour scale of ``levels`` (stored keys), its domain the levels in the learner's
    language: the one place a level gets its colour."""
    keys = list(levels)
    colours = {**LEVEL_COLOURS, FRIEND_LEVEL: FRIEND_COLOUR}
    return alt.Scale(domain=[bot_level_name(k) for k in keys], range=[colours[k] for k in keys])


def level_shapes(levels: Iterable[str]) -> alt.Scale:
    """The shape scale of ``levels``, as :func:`level_scale`."""
    keys = list(levels)
    shapes = {**LEVEL_SHAPES, FRIEND_LEVEL: FRIEND_SHAPE}
    return alt.Scale(domain=[bot_level_name(k) for k in keys], range=[shapes[k] for k in keys])


def nice_top(value: float) -> float:
    """A round top for a skill axis that shows ``value`` with a little room above it.

    >>> nice_top(1.6248), nice_top(0.31), nice_top(0.0)
    (2.0, 0.5, 0.1)
    """
    wanted = max(value * 1.05, 0.1)
    magnitude = 10.0 ** math.floor(math.log10(wanted))
    return next(round(m * magnitude, 10) for m in (1, 2, 2.5, 5, 10) if m * magnitude >= wanted)


def spread_labels(
    values: Iterable[float],
    top: float,
    height: float = SKILL_PLOT_MIN_HEIGHT,
    gap: float = LABEL_GAP_PX,
) -> list[float]:
    """Where to write the label of each value on a 0..``top`` axis ``height`` pixels high, in the
    axis' units: at its own value, moved apart so that two labels are at least ``gap`` pixels
    apart and none leaves the axis; in the order given.

    >>> [round(at, 3) for at in spread_labels([1.62, 0.28, 0.09, 0.03], top=2.0, height=300)]  # 0.09 moved up
    [1.62, 0.28, 0.15, 0.05]
    """
    values = list(values)
    pixels = [height * (1 - v / top) for v in values]  # down from the top, as drawn
    order = sorted(range(len(values)), key=lambda i: pixels[i])
    placed = [min(max(pixels[i], gap / 2), height - gap / 2) for i in order]
    for k in range(1, len(placed)):  # top to bottom: push each label below the one above
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if (
        placed and placed[-1] > height - gap / 2
    ):  # then up from the bottom, if the last went past it
        placed[-1] = height - gap / 2
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    at = dict(zip(order, placed, strict=True))
    return [top * (1 - at[i] / height) for i in range(len(values))]


def bot_rules(levels: Iterable[str], y_scale: alt.Scale) -> alt.LayerChart:
    """The bots' typical figures as dashed rules across a skill chart in their level's colour,
    each labelled in a column at the right end: at the height of its line, or moved apart
    (:func:`spread_labels`, in the data: ``label_at``) so that no two labels overlap. Each
    level's rows are the dataset ``bots-<level>``, all of them ``bots``."""
    tooltip = [
        alt.Tooltip("label:N", title=_("Typical figure")),
        alt.Tooltip("se:Q", title=_("Standard error"), format=".3f"),
        alt.Tooltip("games:Q", title=_("Games measured")),
    ]
    # a layer a level: a colour given as a value, so the opponents' legend is one (colour with shape)
    rules = [
        alt.Chart(alt.NamedData(f"bots-{level}"))
        .mark_rule(strokeDash=[5, 4], strokeWidth=1.5, color=LEVEL_COLOURS[level])
        .encode(y=alt.Y("skill:Q", scale=y_scale), tooltip=tooltip)
        for level in levels
    ]
    label_y = alt.Y("label_at:Q", scale=y_scale)
    # before each label a short dash in its line's colour, so a label moved off its line still points to it
    keys = [
        alt.Chart(alt.NamedData(f"bots-{level}"))
        .mark_point(
            shape="stroke",
            size=120,
            strokeWidth=2.5,
            opacity=1,
            color=LEVEL_COLOURS[level],
            xOffset=10,
        )
        .encode(y=label_y, x=alt.value("width"))
        for level in levels
    ]
    labels = (
        alt.Chart(alt.NamedData("bots"))
        .mark_text(align="left", dx=20, baseline="middle", color="#424242", fontSize=11)
        .encode(y=label_y, x=alt.value("width"), text="label:N")
    )
    return alt.LayerChart(layer=[*rules, *keys, labels])


def skill_chart(figures: pd.DataFrame, current: str | None = None) -> ChartSpec:
    """Each game's skill figure over time (``skill_frame``, levels already in words): a line
    through the games in order, a point per game in its opponent's colour and shape (its day in
    the tooltip), clickable; the game ``current`` ringed; the bots' typical figures as labelled
    dashed rules (:func:`bot_figures`). A level has the same colour on every chart
    (:data:`LEVEL_COLOURS`). The spec is kept (:func:`kept_chart`) by its axis's top, the bots'
    levels and whether a game is ringed."""
    bots = bot_figures()
    top = nice_top(max([*figures["skill"].astype(float), *bots["skill"]], default=0.0))
    bots = bots.assign(label_at=spread_labels(bots["skill"], top))
    levels = tuple(str(level) for level in bots["level"])
    data = {
        "figures": figures,
        "bots": bots,
        **{f"bots-{level}": bots[bots["level"] == level] for level in levels},
    }
    if current is not None:
        data["ring"] = figures[figures["id"] == current]
    return kept_chart(_skill_layers, (top, levels, current is not None), data)


def warm_up() -> None:
    """Build the skill chart's specs a review and the Progress page draw first, in the default
    language, each learner's figures under the easy computer's (``tutor.frame.warm`` calls it)."""
    bots = bot_figures()
    shape = (nice_top(float(bots["skill"].max())), tuple(str(level) for level in bots["level"]))
    for ringed in (False, True):
        kept_chart(_skill_layers, (*shape, ringed), {})


def _skill_layers(top: float, levels: tuple[str, ...], ringed: bool) -> alt.LayerChart:
    """:func:`skill_chart`'s layers, its data named: ``figures``, the bots' and ``ring``."""
    y_scale = alt.Scale(domain=[0, top], nice=False)
    # by game, not by day: several games on one day stay apart, and one game is not a date axis
    x = alt.X(
        "game:Q",
        title=_("Your games, in order"),
        axis=alt.Axis(tickMinStep=1, format="d"),
        scale=alt.Scale(padding=16, nice=False),
    )  # the ringed latest game clear of the labels
    y = alt.Y(
        "skill:Q",
        title=_("Your skill figure ({zero} is perfect)").format(zero=fmt_int(0)),
        scale=y_scale,
    )
    games = alt.NamedData("figures")
    line = (
        alt.Chart(games)
        .mark_line(color=LEARNER_COLOUR, strokeWidth=1.5)
        .encode(x=x, y=y, order="game:Q")
    )
    pick = alt.selection_point(
        fields=["id"], name=SKILL_PICK, on="click", nearest=True
    )  # near a point is enough
    # the opponents' legend above the plot: the right of it is the column of the bots' labels
    legend = alt.Legend(orient="top", titleOrient="left", symbolSize=90)
    points = (
        alt.Chart(games)
        .mark_point(filled=True, size=110, cursor="pointer")
        .encode(
            x=x,
            y=y,
            color=alt.Color(
                "opponent_level:N",
                title=_("Opponent"),
                scale=level_scale([*LEVEL_LABELS, FRIEND_LEVEL]),
                legend=legend,
            ),
            shape=alt.Shape(
                "opponent_level:N",
                title=_("Opponent"),
                scale=level_shapes([*LEVEL_LABELS, FRIEND_LEVEL]),
                legend=legend,
            ),
            tooltip=[
                alt.Tooltip("day:T", title=_("Day")),
                alt.Tooltip("opponent_level:N", title=_("Opponent")),
                alt.Tooltip("skill:Q", title=_("Your skill figure"), format=".2f"),
                alt.Tooltip("errors:Q", title=_("Mistakes and blunders")),
            ],
        )
        .add_params(pick)
    )
    chart: alt.LayerChart = bot_rules(levels, y_scale) + line + points
    if ringed:
        ring = alt.Chart(alt.NamedData("ring")).mark_point(
            size=420, strokeWidth=2.5, color="#212121"
        )
        chart += ring.encode(x=x, y=y)
    return chart.properties(height=SKILL_CHART_HEIGHT)


def picked_game(selection: object) -> str | None:
    """The id of the game clicked on the chart (Streamlit's selection state), if any.

    >>> picked_game({"game": [{"id": "g1"}]}), picked_game({}), picked_game(None)
    ('g1', None, None)
    """
    points = selection.get(SKILL_PICK) if isinstance(selection, dict) else None
    if not points or not isinstance(points[0], dict):
        return None
    found = points[0].get("id")
    return str(found) if found else None


# ---------------------------------------------------------------------------------------------
# The charts in words: each chart's text alternative (Vega-Lite's ``description``, which the
# browser reads out as the chart's label), in the learner's language


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


def skill_summary(figures: pd.DataFrame) -> str:
    """:func:`skill_chart` in words: the first, the latest and the best skill figure.

    >>> skill_summary(pd.DataFrame({"skill": [1.2, 0.5, 0.8]}))
    'Your skill figure over 3 games: from 1.20 in the first to 0.80 in the latest, best 0.50 (0 is perfect).'
    """
    skill = figures["skill"].astype(float)
    figure = {"first": skill.iloc[0], "last": skill.iloc[-1], "best": skill.min()}
    return ngettext(
        "Your skill figure over {n} game: {last} ({zero} is perfect).",
        "Your skill figure over {n} games: from {first} in the first to {last} in the latest, best {best} "
        "({zero} is perfect).",
        len(skill),
    ).format(
        n=fmt_int(len(skill)),
        zero=fmt_int(0),
        **{k: own_digits(f"{v:.2f}") for k, v in figure.items()},
    )


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


# ---------------------------------------------------------------------------------------------
# Where I stand: each skill's rating over time, and the themes scored as lichess scores them

#: A theme is weak with at least this many first tries missed (lichess's dashboard: 3).
THEME_FAILURES: Final = 3
#: A theme is shown only with more first tries than the area's count over this (lichess: 40).
THEME_SHARE: Final = 40
THEME_COLUMNS: Final = (
    "area",
    "category",
    "tries",
    "first_wins",
    "rating_avg",
    "performance",
    "weak",
)


def performance(rating_avg: float, first_wins: int, tries: int) -> int:
    """lichess's theme performance: the average rating of the questions tried, less 500, plus
    1000 times the share solved at the first try (all right: +500, all wrong: -500).

    >>> performance(1200.0, 3, 4), performance(1200.0, 0, 4)
    (1450, 700)
    """
    return round(rating_avg - 500 + round(1000 * first_wins / tries))


def theme_scores(
    attempts: pd.DataFrame,
    question_rating: Callable[[str, str], float],
) -> tuple[pd.DataFrame, dict[str, int]]:
    """Each area's themes (its categories) scored as lichess's puzzle dashboard scores themes
    (``modules/puzzle/src/main/PuzzleDashboard.scala``), and each area's own score.

    Only a question's first try counts (the first row of each quiz kind and seed; a replay, a
    retry and a review answer later are not first tries; each decision of a game is one). ``question_rating(kind, seed)`` is
    the question's rating. A theme's :func:`performance` is over the first tries whose question
    involves it; the area's over all its first tries. As on lichess, a theme is listed when it
    has more tries than the area's over :data:`THEME_SHARE`, and weak when at least
    :data:`THEME_FAILURES` of its first tries were missed and it scores below its area.
    Returns (the themes, columns :data:`THEME_COLUMNS`, weakest first; {area: score}).
    """
    rows: list[tuple[str, str, int, int, float, int, bool]] = []
    overall: dict[str, int] = {}
    for area, kinds in WEAK_SPOT_AREAS.items():
        mine = attempts[attempts["kind"].isin(kinds)]
        if mine.empty:
            continue
        # a game's decisions share the game's id as their seed: each is its own question
        key = [
            f"#{i}" if kind == GAME_DECISIONS else str(seed)
            for i, (kind, seed) in enumerate(zip(mine["kind"], mine["seed"], strict=True))
        ]
        first = mine[~pd.DataFrame({"kind": mine["kind"], "key": key}).duplicated(keep="first")]
        ratings = [
            float(question_rating(k, str(s)))
            for k, s in zip(first["kind"], first["seed"], strict=True)
        ]
        wins = [bool(c) for c in first["correct"]]
        overall[area] = performance(sum(ratings) / len(ratings), sum(wins), len(wins))
        themes: dict[str, list[tuple[float, bool]]] = {}
        for rating, win, involved in zip(ratings, wins, first["categories"], strict=True):
            for category in set(involved):
                themes.setdefault(category, []).append((rating, win))
        for category, tried in themes.items():
            tries = len(tried)
            if tries <= len(first) / THEME_SHARE:
                continue
            first_wins = sum(win for _, win in tried)
            avg = sum(r for r, _ in tried) / tries
            score = performance(avg, first_wins, tries)
            weak = tries - first_wins >= THEME_FAILURES and score < overall[area]
            rows.append((area, category, tries, first_wins, round(avg, 1), score, weak))
    table = pd.DataFrame(rows, columns=list(THEME_COLUMNS))
    table = table.sort_values(["performance", "tries"], ascending=[True, False], kind="stable")
    return table.reset_index(drop=True), overall


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
