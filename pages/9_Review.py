"""Review: the questions you got wrong come back when they are due, worst first."""

from __future__ import annotations

import streamlit as st

from tutor.clock import today
from tutor.frame.menu import four_colour, setup_page
from tutor.frame.profile import browser_owner, learner_widget
from tutor.frame.status import show_status
from tutor.lang.i18n import N_, _, fmt_int
from tutor.quiz.closing import close_session
from tutor.quiz.positions import BadPosition
from tutor.quiz.review_view import (
    item_heading,
    next_due_caption,
    next_item,
    open_elsewhere,
    pick_item,
    review_recorder,
    session_tally,
    set_aside,
)
from tutor.quiz.serve import keyboard, serve_question
from tutor.review.decision_view import serve_decision
from tutor.review.items import GAME_KIND
from tutor.store import SERVED_REVIEW_KINDS, open_store

PAGE = "pages/9_Review.py"

setup_page(PAGE, N_("Review your mistakes"))
# TRANSLATORS: review = go over them to correct them (not "repeat your mistakes").
st.title(_("Review your mistakes"))
st.caption(
    _(
        "Every question you got wrong comes back: the next day, then after {days} days, then further "
        "apart each time you get it right at the first try. Miss it again and it starts over."
    ).format(days=fmt_int(3))
)
name = learner_widget()
db = open_store()
show_status(db)
if name is None:
    st.stop()

day = today()
st.metric(_("Due today"), fmt_int(db.due_count(name, day, SERVED_REVIEW_KINDS)))
item = pick_item(db, name, day)
if item is None:
    right, answered = session_tally()
    if answered:  # the session's close: a tally, a kind word, one next step
        close_session(right, answered, "pages/4_Play.py", _("Next: play another game"), "rv_close")
    st.success(_("Nothing to review today."), icon=":material/task_alt:")
    next_due_caption(db, name, day)
    st.stop()

item_heading(item)
try:
    recorder, variant = review_recorder(db, name, item, day), f"review:{item.id}"
    if item.kind == GAME_KIND:  # a decision from one of the learner's games
        served = serve_decision(
            db,
            name,
            browser_owner(),
            item.position,
            ("review", item.id),
            recorder,
            variant,
            extra={"review": item.id},
        )
    else:
        served = serve_question(
            item.kind,
            item.position,
            ("review", item.id),
            four_colour(),
            recorder,
            variant,
            extra={"review": item.id},
        )
except BadPosition:
    set_aside(db, name, item)
    served = None
buttons = st.container(horizontal=True)
buttons.button(
    _("Next question"),
    key="review_next",
    on_click=next_item,
    type="primary" if served else "secondary",
    icon=":material/skip_next:",
)
open_elsewhere(buttons, item)
keyboard(item.kind, served, "review_next", nonce=str(item.id))
