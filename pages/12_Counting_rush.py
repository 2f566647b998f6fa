"""Counting rush: three minutes to count as many hands as you can, against the server's clock."""

from __future__ import annotations

import time

import streamlit as st

from cribbage_core.scoring import MAX_HAND_POINTS
from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.clock import today
from tutor.frame.menu import four_colour, setup_page
from tutor.lang.i18n import N_, _, fmt_int, ngettext
from tutor.quiz import frame
from tutor.quiz.attempts import quiz_learner
from tutor.quiz.count_view import show_deal
from tutor.quiz.rush import COMBO_LEVELS, MALUS_SECONDS, RUN_SECONDS
from tutor.quiz.rush_view import (
    ANSWER_KEY,
    current_run,
    hand_on_show,
    run_length,
    show_clock,
    show_end,
    show_errors,
    show_last,
    start_run,
    submit,
)
from tutor.store import open_store

PAGE = "pages/12_Counting_rush.py"

setup_page(PAGE, N_("Counting rush"))
st.title(_("Counting rush"))
st.container(key="below_intro").caption(
    _(
        "{minutes} minutes: count as many hands as you can. Right counts in a row fill a bar "
        "that adds time when full ({first} seconds, then {second}, {third} and {fourth}); a miss "
        "takes {malus} seconds off and empties the bar. The hands start easy and get harder."
    ).format(
        minutes=fmt_int(round(RUN_SECONDS / 60)),
        **{
            place: fmt_int(round(seconds))
            for place, (_reach, seconds) in zip(
                ("first", "second", "third", "fourth"), COMBO_LEVELS, strict=True
            )
        },
        malus=fmt_int(round(MALUS_SECONDS)),
    )
)
st.caption(
    _(
        "A rush does not change your rating: against its clock you trade care for speed, "
        "so it says less about how well you count than practice at your level does."
    )
)
learner = quiz_learner()
run = current_run()
now = time.time()

if learner is not None:
    best = open_store().rush_best(learner, today())
    if best is not None:
        st.caption(
            ngettext(
                "Your best today: {score} hand.", "Your best today: {score} hands.", best
            ).format(score=fmt_int(best))
        )

if run is None or run.over(now):
    if run is not None:
        show_end(run)
    length = run_length()
    st.button(
        _("Start the rush") if run is None else _("Another rush"),
        key="rush_start",
        on_click=start_run,
        type="primary",
        icon=":material/timer:",
    )
    st.caption(
        ngettext(
            "{seconds} second on the clock.", "{seconds} seconds on the clock.", round(length)
        ).format(seconds=fmt_int(round(length)))
    )
    frame.keyboard("rush_start", "rush_start", nonce=f"start:{run.run_id if run else ''}")
else:
    show_clock()
    show_last()
    seed = hand_on_show()
    show_deal(deal_hand(seed), four_colour())
    st.container(key="rush_seed").caption(_("Deal number {seed}").format(seed=fmt_int(seed)))
    with st.form("rush_form", clear_on_submit=False, enter_to_submit=True):
        st.text_input(
            _("How many points?"),
            key=ANSWER_KEY,
            placeholder=_("a whole number from {low} to {high}").format(
                low=fmt_int(0), high=fmt_int(MAX_HAND_POINTS)
            ),
        )
        st.form_submit_button(
            _("Check my count"), type="primary", key="rush_submit", on_click=submit
        )
    show_errors()
    frame.keyboard(ANSWER_KEY, "rush_submit", nonce=f"{run.run_id}:{run.answered}:{seed}")
