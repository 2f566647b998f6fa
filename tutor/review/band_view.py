"""The review page's performance band: this game's skill figure on named bands, with its range,
and where each computer level lands (:mod:`cribbage_core.coach.performance`)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from cribbage_core.coach.performance import RANGE_SE, band_edges, performance
from cribbage_core.tables.bot_skill import LEVELS, bot_skill
from tutor.frame.render import bold
from tutor.frame.tables import figures_table
from tutor.lang.i18n import _, fmt_int, ltr, ngettext, own_digits
from tutor.progress import BAND_NAMES
from tutor.review.game import LEARNER, ReviewedGame

__all__ = ["BAND_NAMES", "band_rows", "performance_band"]


def _figure(value: float) -> str:
    return ltr(own_digits(f"{value:.2f}"))


def band_rows(mine: float | None = None) -> pd.DataFrame:
    """The bands, strongest first: ``band`` (its name), ``range`` (its points lost per
    decision), ``computer`` (that level's typical figure) and ``game`` (``mine``, in its band's
    row; empty elsewhere)."""
    edges = band_edges()
    figures = bot_skill()
    rows = []
    for i, level in enumerate(LEVELS):  # weakest first: edges[i - 1] above, edges[i] below
        above = edges[i - 1] if i > 0 else None
        below = edges[i] if i < len(edges) else None
        if above is None:
            span = _("over {low}").format(low=_figure(below or 0.0))
        elif below is None:
            span = _("under {high}").format(high=_figure(above))
        else:
            span = ltr(f"{_figure(below)} – {_figure(above)}")
        holds = (
            mine is not None
            and (below is None or mine > below)
            and (above is None or mine <= above)
        )
        rows.append(
            {
                "band": _(BAND_NAMES[level]),
                "range": span,
                "computer": _figure(figures[level].skill) if level in figures else "–",
                "game": _figure(mine) if holds and mine is not None else "",
            }
        )
    return pd.DataFrame(rows[::-1])


def performance_band(game: ReviewedGame) -> None:
    """This game's band, its figure with its range, and the table of bands with the computer's levels."""
    found = performance(game.review, LEARNER)
    if not found.decisions:
        return
    st.markdown(bold(_("Your performance band: {band}").format(band=_(BAND_NAMES[found.band]))))
    st.markdown(
        ngettext(
            "{figure} points lost per decision with a real choice, likely between {low} and "
            "{high} ({n} decision).",
            "{figure} points lost per decision with a real choice, likely between {low} and "
            "{high} ({n} decisions).",
            found.decisions,
        ).format(
            figure=_figure(found.skill),
            low=_figure(found.low),
            high=_figure(found.high),
            n=fmt_int(found.decisions),
        )
    )
    if found.low_band != found.high_band:
        st.caption(
            _("One game is short: its range reaches from “{weaker}” to “{stronger}”.").format(
                weaker=_(BAND_NAMES[found.high_band]), stronger=_(BAND_NAMES[found.low_band])
            )
        )
    figures_table(
        band_rows(found.skill),
        {
            "band": _("Band"),
            "range": _("Points lost per decision"),
            "computer": _("The computer's typical figure"),
            "game": _("This game"),
        },
    )
    st.caption(
        _(
            "The figure leaves out forced plays and near ties, as the computer's figures do (from "
            "its games against the hard computer). The range is {k} standard errors either side. "
            "The standard error is the larger of two: the spread of your decisions' points lost "
            "over the square root of their number, and the spread of the computer's figures from "
            "one game to the next at this band's level. Each edge between bands lies midway, as "
            "a ratio, between two levels' figures."
        ).format(k=fmt_int(int(RANGE_SE)))
    )
