"""A class: a teacher's classes and their table, a learner's classes and joining one."""

import streamlit as st

from tutor.classroom.cards_view import cards_sheet
from tutor.classroom.view import (
    CLASS_KEY,
    MEMBER_KEY,
    PAGE,
    learner_classes,
    member_progress,
    teacher_classes,
)
from tutor.frame.menu import setup_page
from tutor.frame.pin import card_sign_in
from tutor.frame.profile import learner_widget
from tutor.frame.status import show_status
from tutor.lang.i18n import N_, _
from tutor.store import open_store

setup_page(PAGE, N_("Class"))
st.title(_("Class"))
name = learner_widget()
db = open_store()
show_status(db)
card_sign_in()  # nobody practising here: a login card's code signs its learner in
if name is None:
    st.stop()
if cards_sheet(name):  # the login cards just made, to print: the page shows nothing else
    st.stop()

member = st.query_params.get(MEMBER_KEY)
if member is not None:
    member_progress(db, name, st.query_params.get(CLASS_KEY, ""), member)
    st.stop()
learner_classes(db, name)
teacher_classes(db, name)
