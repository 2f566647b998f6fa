"""Progress: accuracy over time per quiz and per category, streaks, games, weak spots, CSV."""

import streamlit as st

from tutor import progress
from tutor.frame.menu import setup_page
from tutor.frame.pin import pin_settings
from tutor.frame.profile import learner_widget
from tutor.frame.status import show_status
from tutor.lang.i18n import N_, _
from tutor.quiz import progress_view
from tutor.review.past_games import past_games
from tutor.store import open_store

setup_page("pages/5_Progress.py", N_("Progress"))
st.title(_("Your progress"))
name = learner_widget()
db = open_store()
show_status(db)
if name is None:
    st.stop()
pin_settings(name)

# One read serves every table, chart and the weak spots (10,000 attempts: tens of ms).
every_answer = db.attempts_frame(
    name, columns=progress_view.PAGE_COLUMNS
)  # the weak spots weigh the games' decisions too
games = db.games_frame(name)

progress_view.answers(
    every_answer[every_answer["kind"] != progress.GAME_DECISIONS]
)  # the quizzes': answers only
progress_view.ratings(db, name)
progress_view.themes(db, name, every_answer)
progress_view.recall(db, name)
past_games(games)
progress_view.weak_spots(every_answer)
progress_view.export(db, name, every_answer)
