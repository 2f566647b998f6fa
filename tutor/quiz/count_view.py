"""The Count page's parts: the deal on the table, the answer form, the count said aloud and shown.

Streamlit drawing; the grading is :func:`tutor.quiz.grading.grade_count`, the words
:mod:`tutor.quiz.feedback`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

import streamlit as st

from cribbage_core.hand_quiz import HandDeal
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, MAX_HAND_POINTS, HandScore
from tutor.frame.render import bold, show_html
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import cards_row
from tutor.lang.i18n import _, fmt_int, kind_label, say_count

__all__ = ["ANSWER_KEY", "answer_form", "clear_answer", "kind_key", "show_count", "show_deal", "typed_answer"]

#: The session key of the total's answer box.
ANSWER_KEY = "count_answer"


def kind_key(kind: ScoreKind) -> str:
    """The session key of one category's answer box."""
    return f"count_kind_{kind}"


def clear_answer() -> None:
    """Empty every answer box (a new deal)."""
    st.session_state[ANSWER_KEY] = ""
    for kind in HAND_KINDS:
        st.session_state[kind_key(kind)] = ""


def show_deal(deal: HandDeal, four_colour: bool) -> None:
    """The four cards (the hand or the crib) and the starter beside them."""
    hand_col, starter_col = st.container(key="row_deal").columns([4, 1.3])
    with hand_col:
        st.markdown(bold(_("The crib") if deal.is_crib else _("Your hand")))
        show_html(cards_row(deal.hand, four_colour=four_colour, width=84))
    with starter_col:
        st.markdown(bold(_("Starter")))
        show_html(cards_row([deal.starter], four_colour=four_colour, width=84))


def answer_form(by_kind: bool, on_submit: Callable[[], None]) -> None:
    """The answer form: the total, or one box per category; ``on_submit`` runs on "Check my count"
    (a callback, before the run it starts, so that one run shows the verdict)."""
    with st.form("count_form", clear_on_submit=False, enter_to_submit=True):
        if by_kind:
            for col, kind in zip(st.columns(len(HAND_KINDS)), HAND_KINDS, strict=True):
                col.text_input(kind_label(kind), key=kind_key(kind), placeholder=fmt_int(0))
        else:
            st.text_input(
                _("How many points?"),
                key=ANSWER_KEY,
                placeholder=_("a whole number from {low} to {high}").format(low=fmt_int(0), high=fmt_int(MAX_HAND_POINTS)),
            )
        st.form_submit_button(_("Check my count"), type="primary", key="count_submit", on_click=on_submit)


def typed_answer(by_kind: bool) -> str | Mapping[str, str]:
    """What the answer form holds: the total, or each category's box."""
    if by_kind:
        return {kind: st.session_state.get(kind_key(kind), "") for kind in HAND_KINDS}
    return str(st.session_state.get(ANSWER_KEY, ""))


def show_count(score: HandScore, four_colour: bool, breakdown: bool = True) -> None:
    """The count said aloud, then (``breakdown``) every combination with its cards, points and
    running total."""
    st.markdown(bold(_("The count, said aloud")))
    show_html(f'<div class="count-aloud">“{escape(say_count(score.steps))}”</div>')
    if not breakdown:
        return
    st.markdown(bold(_("Every combination")))
    show_html(hand_breakdown_html(score, four_colour=four_colour))
