"""The daily five: the same five questions for everyone today, and how everyone answered."""

from __future__ import annotations

import streamlit as st

from tutor.clock import today
from tutor.frame.menu import four_colour, link_params, setup_page
from tutor.frame.urlstate import address_changed
from tutor.lang.i18n import N_, _, fmt_date
from tutor.quiz.attempts import quiz_learner
from tutor.quiz.closing import close_session
from tutor.quiz.daily import FIRST_DAY, daily_questions, read_day
from tutor.quiz.daily_view import (
    ARCHIVE_DAYS,
    DAY_PARAM,
    answered_before,
    daily_marks,
    daily_recorder,
    next_daily,
    question_picker,
    show_answered_before,
    show_shares,
)
from tutor.quiz.serve import keyboard, serve_question
from tutor.store import open_store

PAGE = "pages/10_Daily_five.py"

setup_page(PAGE, N_("Daily five"))
st.title(_("The daily five"))
st.container(key="below_intro").caption(  # on a phone, under the question
    _(
        "Five questions, the same for everyone on a day: two counts, one discard and two pegging "
        "questions. After each one, see how everyone on this server answered."
    )
)
learner = quiz_learner()
db = open_store()

# ---- the day, from the address: ?date=2026-12-01 (a shareable link), else today
now = today()
raw = st.query_params.get(DAY_PARAM)
day = read_day(raw, now)
if day is None:
    if raw is not None:
        address_changed(_("There is no daily five for that date, so here is today's."))
    day = now
    st.query_params[DAY_PARAM] = day.isoformat()
questions = daily_questions(day)
marks = daily_marks(db, learner, day)
number = question_picker(len(questions), marks)
question = questions[number]
st.header(fmt_date(day))
first = answered_before(db, learner, day, number)
if first is not None:
    show_answered_before(question.kind, first)

served = serve_question(
    question.kind,
    question.position,
    ("daily", day, number),
    four_colour(),
    daily_recorder(db, learner, day, question),
    variant=f"daily:{day.isoformat()}:{number}",
    extra={"daily": day.isoformat()},
)
if served is not None and served.done:
    show_shares(db, day, question, served, learner)
if number + 1 < len(questions):
    st.button(
        _("Next question"),
        key="daily_next",
        on_click=next_daily,
        args=(number + 1,),
        type="primary" if served else "secondary",
        icon=":material/skip_next:",
    )
keyboard(question.kind, served, "daily_next", nonce=f"{day}:{number}")
marks = daily_marks(db, learner, day)
if len(marks) == len(questions) and (served is None or served.done):
    close_session(
        sum(marks.values()),
        len(questions),
        "pages/9_Review.py",
        _("Next: go over your missed questions on the page Review your mistakes"),
        "daily_close",
        saved=learner is not None,
    )
st.caption(_("Share this day's five: the page's address holds the date."))

st.divider()
st.header(_("Past days"))
past = [old for old in (now - back for back in ARCHIVE_DAYS) if old >= FIRST_DAY]
for column, shown in zip(st.columns(4), [past[i::4] for i in range(4)], strict=True):
    for old in shown:
        column.page_link(
            PAGE,
            label=fmt_date(old),
            icon=":material/calendar_month:",
            query_params={**link_params(), DAY_PARAM: old.isoformat()},
        )
