"""Pegging quiz: a play from a simulated hand; what does the last card score?"""

from __future__ import annotations

import streamlit as st

from cribbage_core.pegging import PEGGING_KINDS
from cribbage_core.pegging_quiz import pegging_question
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.render import bold, show_html
from tutor.frame.urlstate import new_seed, seed_from_url
from tutor.html.cards import card_back_svg
from tutor.html.play import hand_left_html, play_breakdown_html, play_html
from tutor.lang.answers import parse_answer
from tutor.lang.i18n import N_, _, card_text, fmt_int, fmt_percent, ngettext
from tutor.quiz.attempts import (
    Attempt,
    deal_ticket,
    next_deal,
    quiz_learner,
    quiz_stats,
    record_attempt,
)
from tutor.quiz.categories import pegging_categories, pegging_missed
from tutor.quiz.drill import drill_pegging_seed
from tutor.quiz.drill_view import drill_banner, drill_button, drill_on, start_drill

PAGE = "pages/3_Pegging_quiz.py"
MAX_POINTS = 15

lang = setup_page(PAGE, N_("Pegging quiz"))
st.title(_("Pegging quiz"))
st.caption(
    _("The cards laid so far in a hand of two-player cribbage. You laid the last card, "
      "highlighted. How many points does it score? Count fifteens, 31, pairs and runs, "
      "and add the go or last-card point if nobody can lay another card.")
)  # fmt: skip
learner = quiz_learner()

drilling = drill_on()
if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
    start_drill(drill_pegging_seed, PEGGING_KINDS, "peg_drill")
seed = seed_from_url()
question = pegging_question(seed)
ticket = deal_ticket("pegging", seed)


def _clear_answer() -> None:
    st.session_state["peg_answer"] = ""
    st.session_state.pop("peg_result", None)


def _next_question() -> None:
    if drill_on():
        start_drill(drill_pegging_seed, PEGGING_KINDS, "peg_drill")
    else:
        st.query_params["seed"] = str(new_seed())
        next_deal()
    _clear_answer()


def _start_drill() -> None:
    start_drill(drill_pegging_seed, PEGGING_KINDS, "peg_drill")
    _clear_answer()


if drilling:
    drill_banner(seed, "peg_drill", leave_key="peg_leave_drill")

stats = quiz_stats("pegging")
metrics = st.columns(3)
metrics[0].metric(_("Streak"), fmt_int(stats.streak), help=_("Right answers in a row"))
metrics[1].metric(_("Accuracy"), fmt_percent(stats.accuracy) if stats.answered else "–")
metrics[2].metric(_("Answered"), fmt_int(stats.answered))

colours = four_colour()
dealer = _("you") if question.dealer == 0 else _("your opponent")
st.markdown(
    _("**The play** ({dealer} dealt, so {leader} led)").format(
        dealer=dealer, leader=_("your opponent") if question.dealer == 0 else _("you")
    )
)
show_html(play_html(question.steps, four_colour=colours))

left, right = st.columns(2)
with left:
    st.markdown(bold(_("Your cards not yet laid")))
    show_html(hand_left_html(question.your_cards_left, four_colour=colours))
with right:
    st.markdown(bold(_("Your opponent")))
    left_text = ngettext("{n} card left", "{n} cards left", question.opponent_cards_left).format(
        n=fmt_int(question.opponent_cards_left)
    ) if question.opponent_cards_left else _("no cards left")
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

result = st.session_state.get("peg_result")
if result is not None and result["seed"] != seed:
    result = None

last_card = card_text(question.pile[-1])
if result is None:
    with st.form("peg_form", enter_to_submit=True):
        st.text_input(
            _("How many points does your {card} score?").format(card=last_card),
            key="peg_answer",
            placeholder=_("a whole number from 0 to {n}").format(n=fmt_int(MAX_POINTS)),
        )
        submitted = st.form_submit_button(_("Check"), type="primary", key="peg_submit")
    if submitted:
        parsed = parse_answer(st.session_state.get("peg_answer", ""), MAX_POINTS)
        if parsed.error:
            st.error(parsed.error, icon=":material/edit:")
        else:
            answer = int(parsed.value or 0)
            correct = answer == question.total
            saved = record_attempt(
                Attempt("pegging", seed, answer, question.total, correct,
                        {"kinds": sorted(question.kinds), "drill": drilling},
                        attempt_id=ticket.attempt_id,
                        categories=tuple(pegging_categories(question)),
                        categories_missed=tuple(pegging_missed(question, answer)),
                        seconds=ticket.seconds())
            )  # fmt: skip
            st.session_state["peg_result"] = {"seed": seed, "answer": answer, "correct": correct,
                                              "saved": saved}  # fmt: skip
            st.rerun()

if result is not None:
    if result["correct"]:
        st.success(
            _("Right! Your {card} scores {total}.").format(card=last_card, total=fmt_int(question.total)),
            icon=":material/check_circle:",
        )
    else:
        st.error(
            _("Not quite: you said {answer}, your {card} scores {total}.").format(
                answer=fmt_int(result["answer"]), card=last_card, total=fmt_int(question.total)
            ),
            icon=":material/cancel:",
        )
        if question.go_kind and result["answer"] == question.total - 1:
            st.info(
                _("So close: you forgot the point for the go or the last card."),
                icon=":material/lightbulb:",
            )
    if result.get("saved") == "repeat":
        st.caption(_("This deal was answered before: the first answer is the one that counts."))
    st.markdown(bold(_("What it scores")))
    show_html(play_breakdown_html(question.play, question.go_kind, four_colour=colours))

buttons = st.container(horizontal=True)
buttons.button(
    _("Next question"),
    type="primary" if result is not None else "secondary",
    key="peg_next",
    on_click=_next_question,
    icon=":material/refresh:",
)
if not drilling:
    drill_button(
        buttons, "peg_drill_start", _start_drill, learner,
        _("Deal plays that score what you miss most."),
    )  # fmt: skip
st.caption(_("Deal number {seed}: share this page's address to show someone this exact play.").format(seed=seed))
