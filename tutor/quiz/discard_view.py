"""The Discard trainer's answer on the page: the two keeps, the advisor's table, the starter chart.

Streamlit drawing over the pure words, tables and chart of :mod:`tutor.quiz.discard_text`.
"""

from __future__ import annotations

from collections.abc import Callable

import pyarrow as pa  # type: ignore[import-untyped]  # (no type hints; installed with Streamlit)
import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.discard_quiz import DiscardDeal
from tutor.frame.render import bold, show_html
from tutor.html.cards import card_svg, cards_row
from tutor.lang.i18n import _, card_text, fmt_int
from tutor.quiz.discard_text import (
    advice_formats,
    advice_frame,
    points,
    starter_chart,
    starter_rows,
    starter_summary,
    tie_notes,
)
from tutor.quiz.grading import DiscardVerdict

__all__ = ["pick_cards", "pick_key", "show_advice", "show_keeps"]


def pick_key(card: Card) -> str:
    """The session key of the checkbox that throws ``card``."""
    return f"discard_pick_{card}"


def pick_cards(
    deal: DiscardDeal, thrown: tuple[Card, ...] | None, four_colour: bool, on_change: Callable[[], None]
) -> None:
    """The hand, each card with its "Throw" box; once ``thrown`` (graded), the boxes are locked."""
    for cell, card in zip(st.container(key="row_discard_pick").columns(7), deal.hand, strict=False):  # six cards at most, and room
        with cell:
            picked = bool(st.session_state.get(pick_key(card))) if thrown is None else card in thrown
            show_html(
                f'<div dir="ltr" style="display:flex;justify-content:center;padding-top:8px">'
                f"{card_svg(card, highlighted=picked, dimmed=False, four_colour=four_colour, width=88)}</div>"
            )
            st.checkbox(_("Throw {card}").format(card=card_text(card)), key=pick_key(card),
                        disabled=thrown is not None, on_change=on_change)  # fmt: skip


def show_keeps(verdict: DiscardVerdict, four_colour: bool) -> None:
    """The cards the learner kept beside the best keep, each with its net worth."""
    assert verdict.chosen is not None and verdict.best is not None
    titles = (_("You kept"), _("Best keep"))
    for column, title, option in zip(st.columns(2), titles, (verdict.chosen, verdict.best), strict=True):
        with column:
            st.markdown(bold(title) + " · " + _("net {points}").format(points=points(option.net)))
            show_html(cards_row(option.keep, four_colour=four_colour, width=64))


def show_advice(deal: DiscardDeal, verdict: DiscardVerdict) -> None:
    """Every discard, best first (the learner's marked), then the kept hand with every starter."""
    assert verdict.chosen is not None and verdict.best is not None
    st.header(_("Every discard, best first"))
    table = advice_frame(deal.advice, verdict.thrown)
    # A plain table with its numbers formatted by the column settings: a pandas Styler (the
    # rows coloured) cost more to send than the rest of the verdict; the marks say which row
    # is the best and which yours.
    formats = {name: st.column_config.NumberColumn(format=shown) for name, shown in advice_formats().items()}
    st.dataframe(
        table,
        width="stretch",
        height=36 * (len(table) + 1) + 4,  # every row in view: the learner's may be the last
        key="discard_table",
        column_config={"": st.column_config.TextColumn(_("Mark"), width=140), **formats},  # a header a screen reader can say
    )
    notes = tie_notes(deal.advice)
    if notes:
        st.caption("\n".join(f"- **{fmt_int(rank)}** · {note}" for rank, note in notes))
    st.caption(
        _("Hand: the kept cards' average over all {n} starters. Crib: what the thrown cards are worth "
          "in the crib on average, plus for your crib and minus for the opponent's. Net = hand + crib. "
          "Min and max: the kept hand's lowest and highest score.").format(n=deal.advice.starters)
    )  # fmt: skip

    st.header(_("Your kept hand with every possible starter"))
    rows = starter_rows(deal.hand, verdict.chosen.keep, None if verdict.correct else verdict.best.keep)
    # the data as an Arrow table: Streamlit sends it as it is (a list of rows goes through pandas)
    summary = starter_summary(rows)  # under the chart, and its text alternative (the chart's label)
    st.vega_lite_chart(pa.table(rows), spec={**starter_chart(rows), "description": summary}, width="stretch")
    st.caption(summary)
