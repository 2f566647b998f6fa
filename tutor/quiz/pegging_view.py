"""The pegging quiz's parts: the play so far and both hands, the answer form, what the card scores.

Streamlit drawing, shared by the pegging quiz, the Review page and the daily five; the
grading is :func:`tutor.quiz.grading.grade_pegging`, the words :mod:`tutor.quiz.feedback`.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from cribbage_core.teaching.pegging_quiz import PeggingQuestion
from tutor.frame.render import bold, show_html
from tutor.html.cards import card_back_svg
from tutor.html.play import hand_left_html, play_breakdown_html, play_html
from tutor.lang.i18n import _, card_text, fmt_int, ngettext
from tutor.quiz.grading import PEGGING_MAX_POINTS

__all__ = ["ANSWER_KEY", "answer_form", "show_question", "show_score"]

#: The session key of the answer box.
ANSWER_KEY = "peg_answer"


def show_question(question: PeggingQuestion, four_colour: bool) -> None:
    """Who dealt, the cards laid so far, your cards left and what the opponent has left."""
    dealer = _("you") if question.dealer == 0 else _("your opponent")
    st.markdown(
        _("**The play** ({dealer} dealt, so {leader} led)").format(
            dealer=dealer, leader=_("your opponent") if question.dealer == 0 else _("you")
        )
    )
    show_html(play_html(question.steps, four_colour=four_colour))
    left, right = st.container(key="row_peg_left").columns(2)
    with left:
        st.markdown(bold(_("Your cards not yet laid")))
        show_html(hand_left_html(question.your_cards_left, four_colour=four_colour))
    with right:
        st.markdown(bold(_("Your opponent")))
        left_text = (
            ngettext("{n} card left", "{n} cards left", question.opponent_cards_left).format(
                n=fmt_int(question.opponent_cards_left)
            )
            if question.opponent_cards_left
            else _("no cards left")
        )
        if question.opponent_cards_left:
            show_html(
                '<div dir="ltr" style="display:flex;gap:4px;padding:4px 0">'
                + "".join(card_back_svg(width=30) for _ in range(question.opponent_cards_left))
                + "</div>"
            )
        status = left_text
        if question.opponent_said_go:
            status += " · " + _("said go in this series")
        st.caption(status)


def answer_form(question: PeggingQuestion, on_submit: Callable[[], None]) -> None:
    """The answer box for the last card's points; ``on_submit`` grades it (a callback)."""
    with st.form("peg_form", enter_to_submit=True):
        st.text_input(
            _("How many points does your {card} score?").format(card=card_text(question.pile[-1])),
            key=ANSWER_KEY,
            placeholder=_("a whole number from {low} to {high}").format(
                low=fmt_int(0), high=fmt_int(PEGGING_MAX_POINTS)
            ),
        )
        st.form_submit_button(_("Check"), type="primary", key="peg_submit", on_click=on_submit)


def show_score(question: PeggingQuestion, four_colour: bool) -> None:
    """What the last card scores, item by item."""
    st.markdown(bold(_("What it scores")))
    show_html(play_breakdown_html(question.play, question.go_kind, four_colour=four_colour))
