"""Game review: every decision of one of your games graded, and a round of learn from your mistakes."""

from __future__ import annotations

import streamlit as st

from tutor.clock import today
from tutor.frame.menu import setup_page
from tutor.frame.profile import browser_owner, current_learner
from tutor.frame.status import show_status
from tutor.lang.i18n import N_, _
from tutor.review import band_view, decision_view, mistakes, view
from tutor.store import open_store

setup_page(view.PAGE, N_("Game review"))
st.title(_("Review your game"))
db = open_store()
show_status(db)
game = view.open_game(
    db, current_learner(), browser_owner()
)  # this visitor's game, analysed; else stops
decision_view.file_reviewed(
    db, current_learner(), game, today()
)  # its costly decisions come back for review

view.figures(game)
band_view.performance_band(game)
view.win_chart(game)
view.skill_beside(db, current_learner(), game)
st.session_state.setdefault(view.MODE, view.REVIEW)
mode = st.segmented_control(
    _("What to do"),
    (view.REVIEW, view.LEARN),
    format_func=lambda m: (
        _("Every decision") if m == view.REVIEW else _("Learn from your mistakes")
    ),
    key=view.MODE,
    label_visibility="collapsed",
)
if mode == view.LEARN:
    mistakes.learn(game)
else:
    hand, computer = view.rail(game)
    if hand is not None:
        view.hand_decisions(game, hand, computer)
