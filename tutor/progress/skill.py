"""The skill chart: each game's skill figure over time against the bots' typical figures
(:func:`skill_chart`), its rows (:func:`skill_frame`), the game clicked on it
(:func:`picked_game`) and its text alternative (:func:`skill_summary`); the Progress page and a
game's review draw it, and :func:`warm_up` builds its specs in a new process."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

import altair as alt
import pandas as pd

from cribbage_core.tables.bot_skill import bot_skill
from tutor.lang.i18n import _, fmt_int, ngettext, own_digits
from tutor.play.friend import FRIEND_LEVEL
from tutor.play.text import LEVEL_LABELS
from tutor.progress.kept import ChartSpec, kept_chart
from tutor.progress.names import bot_level_name
from tutor.progress.scales import LEARNER_COLOUR, LEVEL_COLOURS, level_scale, level_shapes


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


#: The skill chart's height in pixels, its x axis included (Streamlit fits the whole chart in it).
SKILL_CHART_HEIGHT: Final = 340
#: The least height of its plot in pixels (its axis takes the rest): the labels of the bots'
#: lines are spaced for it, so that they stay apart on any screen.
SKILL_PLOT_MIN_HEIGHT: Final = 190
#: The least distance between the centres of two labels of the bots' lines, in pixels (11 px text).
LABEL_GAP_PX: Final = 15


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
