"""Pegging quiz: a play from a simulated hand; what does the last card score?"""

from __future__ import annotations

import streamlit as st

from cribbage_core.pegging import PEGGING_KINDS
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.urlstate import seed_from_url
from tutor.lang.i18n import N_, _, card_text, fmt_int
from tutor.quiz import frame
from tutor.quiz.attempts import (
    Attempt,
    deal_ticket,
    quiz_learner,
    quiz_stats,
    record_attempt,
    redraw_menu_if_due_changed,
)
from tutor.quiz.drill import drill_pegging_seed
from tutor.quiz.drill_view import drill_banner, drill_on, next_question, start_drill
from tutor.quiz.feedback import pegging_notes
from tutor.quiz.grading import grade_pegging
from tutor.quiz.level_view import level_on, level_panel, next_at_level
from tutor.quiz.pegging_view import answer_form, show_question, show_score
from tutor.quiz.positions import pegging_position

PAGE = "pages/3_Pegging_quiz.py"

lang = setup_page(PAGE, N_("Pegging quiz"))
st.title(_("Pegging quiz"))
st.container(key="below_intro").caption(  # on a phone, under the question
    _(
        "The cards laid so far in a hand of two-player cribbage. You laid the last card, "
        "highlighted. How many points does it score? Count fifteens, {thirty_one}, pairs and runs, "
        "and add the go or last-card point if nobody can lay another card."
    ).format(thirty_one=fmt_int(31))
)
learner = quiz_learner()


@st.fragment
def _quiz() -> None:
    """The question, the answer, its verdict and the next question: an answer or "Next
    question" reruns only this part (the menu and the title stay as they are)."""
    level = level_on()
    drilling = drill_on() and level is None
    if drilling and "seed" not in st.query_params:  # arrived by a "Practise my weak spots" link
        start_drill(drill_pegging_seed, PEGGING_KINDS, "peg_drill", "play")
    seed = seed_from_url()
    question = pegging_question(seed)
    ticket = deal_ticket("pegging", seed)

    def _clear_answer() -> None:
        st.session_state["peg_answer"] = ""
        st.session_state.pop("peg_result", None)
        st.session_state.pop("peg_error", None)

    def _next_question() -> None:
        if level is not None:
            next_at_level("pegging", level)
        else:
            next_question(drill_pegging_seed, PEGGING_KINDS, "peg_drill", "play")
        _clear_answer()

    def _start_drill() -> None:
        start_drill(drill_pegging_seed, PEGGING_KINDS, "peg_drill", "play")
        _clear_answer()

    if drilling:
        drill_banner(seed, "peg_drill", leave_key="peg_leave_drill")
    frame.score_row(quiz_stats("pegging"), _("Right answers in a row"))
    if learner is not None:
        level_panel("pegging", level)

    colours = four_colour()
    show_question(question, colours)

    def _check() -> None:
        """Grade the answer (a callback, so the run it starts shows the verdict)."""
        verdict = grade_pegging(question, st.session_state.get("peg_answer", ""))
        if verdict.error:
            st.session_state["peg_error"] = verdict.error  # shown once, by the run this starts
            return
        saved = record_attempt(
            Attempt(
                "pegging",
                seed,
                verdict.answer,
                question.total,
                verdict.correct,
                {"kinds": sorted(question.kinds), "drill": drilling},
                attempt_id=ticket.attempt_id,
                categories=verdict.categories,
                categories_missed=verdict.missed,
                seconds=ticket.seconds(),
            ),
            position=pegging_position(seed),
        )
        st.session_state["peg_result"] = {"seed": seed, "verdict": verdict, "saved": saved}

    result = st.session_state.get("peg_result")
    if result is not None and result["seed"] != seed:
        result = None

    last_card = card_text(question.pile[-1])
    if result is None:
        answer_form(question, on_submit=_check)
        error = st.session_state.pop("peg_error", None)
        if error:
            st.error(error, icon=":material/edit:")

    if result is not None:
        frame.show_notes(pegging_notes(result["verdict"], last_card))
        frame.answered_before(result.get("saved"))
        show_score(question, colours)

    frame.deal_footer(
        seed,
        _("Deal number {seed}: share this page's address to show someone this exact play."),
        next_label=_("Next question"),
        next_key="peg_next",
        on_next=_next_question,
        answered=result is not None,
        drill=None
        if drilling
        else ("peg_drill_start", _start_drill, _("Deal plays that score what you miss most.")),
        learner=learner,
    )
    frame.keyboard(
        "peg_answer" if result is None else "peg_next", "peg_next", nonce=f"{seed}:{result is None}"
    )
    redraw_menu_if_due_changed()


_quiz()
