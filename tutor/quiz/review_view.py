"""The Review page's parts: which item is on show, its heading, and how its answer is recorded.

The item on show is kept in the address (``?item=``), so a reload shows the same question;
an item in the address that is not the learner's, or not due and not answered in this
visit, gives way to the worst item due. An answer is recorded as an attempt of its quiz
(``extra["review"]`` = the item's id) and moves the item on its schedule
(:func:`tutor.quiz.schedule.answered`), once: the attempt id is the store's key for both.
The answer's FSRS grade (:func:`review_grade`) counts a count's speed as its rating does.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Final

import streamlit as st

from tutor.frame.menu import link_params
from tutor.frame.urlstate import read_seed
from tutor.lang.i18n import _, fmt_date, fmt_int, ngettext
from tutor.progress import quiz_name
from tutor.quiz.attempts import Attempt, Saved, next_deal, record_attempt
from tutor.quiz.positions import quiz_link
from tutor.quiz.schedule import Rating, answered, grade_of
from tutor.quiz.serve import Recorder, clear_served
from tutor.rating.service import attempt_score
from tutor.store import SERVED_REVIEW_KINDS, ReviewItem, ReviewState, Store

__all__ = [
    "ITEM_PARAM",
    "item_heading",
    "next_due_caption",
    "next_item",
    "open_elsewhere",
    "pick_item",
    "review_grade",
    "review_recorder",
    "session_tally",
    "set_aside",
]

ITEM_PARAM = "item"
_ANSWERED_KEY = "review_answered"  # ids of the items answered in this visit
_SERVED_STATE = "review_served_state"  # each item's schedule as it was first served in this visit


_TALLY_KEY: Final = "review_tally"  # item id -> right at its first answer, this session


def pick_item(store: Store, learner: str, today: dt.date) -> ReviewItem | None:
    """The item to show: the one in the address if it may be shown, else the worst due one."""
    raw = st.query_params.get(ITEM_PARAM)
    item_id = read_seed(raw) if raw is not None else None
    answered_here: set[int] = st.session_state.get(_ANSWERED_KEY, set())
    if item_id is not None:
        item = store.review_item(learner, item_id)
        if (
            item is not None
            and item.kind in SERVED_REVIEW_KINDS
            and (
                item.id in answered_here
                or (item.state.due_on is not None and item.state.due_on <= today)
            )
        ):
            return item
    due = store.due_items(learner, today, SERVED_REVIEW_KINDS, limit=1)
    if not due:
        st.query_params.pop(ITEM_PARAM, None)
        return None
    st.query_params[ITEM_PARAM] = str(due[0].id)
    return due[0]


def next_item() -> None:
    """On to the next due item: a new deal token, empty answer boxes."""
    st.query_params.pop(ITEM_PARAM, None)
    st.session_state.pop(_SERVED_STATE, None)
    next_deal()
    clear_served()


def item_heading(item: ReviewItem) -> None:
    """Which quiz the item is from, how often it was missed and how long since it was asked
    (as it stood when it was served: an answer given here has moved it on already)."""
    st.header(quiz_name(item.kind))
    served: dict[int, ReviewState] = st.session_state.get(_SERVED_STATE, {})
    state = served.get(item.id, item.state)
    st.session_state[_SERVED_STATE] = {**served, item.id: state}
    missed = ngettext("missed once", "missed {n} times", state.lapses).format(
        n=fmt_int(state.lapses)
    )
    if state.streak:
        since = ngettext(
            "right the last time, {n} day ago",
            "right the last time, {n} days ago",
            state.interval_days,
        ).format(n=fmt_int(state.interval_days))
        st.caption(f"{missed} · {since}")
    else:
        st.caption(missed)


def open_elsewhere(where: Any, item: ReviewItem) -> None:
    """A link to the question on its own quiz page (to look at it again, without the schedule)."""
    page, params = quiz_link(item.kind, item.position)
    where.page_link(
        page,
        label=_("Open on its own page"),
        icon=":material/open_in_new:",
        query_params={**link_params(), **params},
    )


def review_grade(attempt: Attempt, item: ReviewItem) -> Rating:
    """The answer's FSRS grade: Again when wrong, Hard when a count is right but slow (its
    result under 1, ``tutor.rating.service.attempt_score``), else Good."""
    try:
        score = attempt_score(attempt.kind, item.position, attempt.correct, attempt.seconds)
    except (KeyError, ValueError):  # a position that deals no count: graded by right or wrong
        score = 1.0 if attempt.correct else 0.0
    return grade_of(score)


def review_recorder(store: Store, learner: str, item: ReviewItem, today: dt.date) -> Recorder:
    """How an answer to ``item`` is recorded: as its quiz's attempt, and on the item's schedule."""

    def record(attempt: Attempt) -> Saved:
        saved = record_attempt(attempt, store)
        if saved == "saved":
            store.answer_review(
                learner,
                item.id,
                attempt.attempt_id,
                attempt.correct,
                answered(review_grade(attempt, item), today),
            )
        st.session_state[_ANSWERED_KEY] = {*st.session_state.get(_ANSWERED_KEY, set()), item.id}
        tally: dict[int, bool] = st.session_state.setdefault(_TALLY_KEY, {})
        tally.setdefault(item.id, attempt.correct)  # the first answer to each item counts
        return saved

    return record


def session_tally() -> tuple[int, int]:
    """This session's review so far: (items answered right at the first answer, items answered)."""
    tally: dict[int, bool] = st.session_state.get(_TALLY_KEY, {})
    return sum(tally.values()), len(tally)


def next_due_caption(store: Store, learner: str, today: dt.date) -> None:
    """When the next item comes back (nothing when none is waiting)."""
    coming = store.next_due(learner, today)
    if coming is not None:
        st.caption(_("The next question comes back on {date}.").format(date=fmt_date(coming)))


def set_aside(store: Store, learner: str, item: ReviewItem) -> None:
    """An item whose position deals nothing (written by another version of the app) is retired,
    so the next due item is served, and the learner is told."""
    st.warning(
        _("This question can no longer be dealt, so it is set aside."), icon=":material/link_off:"
    )
    store.retire_item(learner, item.id)
    st.query_params.pop(ITEM_PARAM, None)
