"""The Counting rush page's parts: the run in the session, its clock, the answer, the end.

The run (:class:`tutor.quiz.rush.Rush`) lives in the session with the server's start time;
each answer is timed by the server when it arrives (``time.time()``), and the clock drawn by
:func:`show_clock` (a fragment run every second) only shows what the server keeps: when it
finds the time up it reruns the page, which then shows the end. ``?seconds=`` shortens a run
(10 to 180, for trying the page and for tests); a shorter run is never kept as a best, so it
cannot be used to beat one. A rush rates nothing (see the page's intro): its hands are
recorded neither as attempts nor as rated answers; its misses go to the spaced review only
when the learner asks.
"""

from __future__ import annotations

import random
import time
import uuid
from dataclasses import replace
from functools import partial
from typing import Final

import streamlit as st

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.clock import today
from tutor.frame.menu import link_params
from tutor.frame.profile import current_learner
from tutor.lang.i18n import _, fmt_int, ngettext
from tutor.quiz.grading import grade_count
from tutor.quiz.positions import count_position
from tutor.quiz.rush import (
    MALUS_SECONDS,
    RUN_SECONDS,
    Rush,
    answer,
    combo_progress,
    start,
    target_rating,
)
from tutor.quiz.schedule import after_miss
from tutor.rating.service import store_bank_position
from tutor.seeds import draw_seed
from tutor.store import open_store, position_text

__all__ = [
    "ANSWER_KEY",
    "RUN_KEY",
    "add_mistakes",
    "current_run",
    "hand_on_show",
    "run_length",
    "show_clock",
    "show_end",
    "show_last",
    "start_run",
    "submit",
]

RUN_KEY: Final = "rush_run"
ANSWER_KEY: Final = "rush_answer"
_HAND_KEY: Final = "rush_hand"  # the seed on show
_LAST_KEY: Final = "rush_last"  # (seed, the total given, right) of the last answer
_ERROR_KEY: Final = "rush_error"
_ADDED_KEY: Final = "rush_added"  # run ids whose mistakes went to the review
_KEPT_KEY: Final = "rush_kept"  # run ids kept in the store
MIN_SECONDS: Final = 10


def run_length() -> float:
    """The run's length: three minutes, or fewer with ``?seconds=`` (never more)."""
    raw = st.query_params.get("seconds")
    if raw is not None and raw.isdigit() and MIN_SECONDS <= int(raw) < RUN_SECONDS:
        return float(raw)
    return RUN_SECONDS


def current_run() -> Rush | None:
    """The run of this session (None before the first)."""
    found = st.session_state.get(RUN_KEY)
    return found if isinstance(found, Rush) else None


def _serve(run: Rush) -> None:
    """Put the next hand on show: the bank's hand nearest the run's target, not served yet."""
    served = [position_text({"seed": s}) for s in run.served]
    rng = random.Random(f"{run.run_id}:{run.answered}")
    found = store_bank_position(open_store(), "hand", target_rating(run), served, rng)
    seed = found["seed"] if found else str(draw_seed(rng))
    st.session_state[_HAND_KEY] = seed
    st.session_state[RUN_KEY] = replace(run, served=(*run.served, seed))
    st.session_state[ANSWER_KEY] = ""


def start_run() -> None:
    """Start a run now (a button callback)."""
    st.session_state.pop(_LAST_KEY, None)
    st.session_state.pop(_ERROR_KEY, None)
    _serve(start(uuid.uuid4().hex, time.time(), run_length()))


def hand_on_show() -> int:
    """The seed of the hand to count."""
    return int(st.session_state[_HAND_KEY])


def submit() -> None:
    """Grade the count typed (a callback): timed by the server as it arrives."""
    run = current_run()
    if run is None:
        return
    now = time.time()
    seed = hand_on_show()
    score = deal_hand(seed).score
    verdict = grade_count(score, str(st.session_state.get(ANSWER_KEY, "")))
    if verdict.errors:
        st.session_state[_ERROR_KEY] = verdict.errors
        return
    st.session_state.pop(_ERROR_KEY, None)
    if run.over(now):
        return  # too late: the end shows
    st.session_state[_LAST_KEY] = (seed, verdict.answer, score.total, verdict.correct)
    _serve(answer(run, str(seed), verdict.correct, now))


def show_errors() -> None:
    """Why the last answer could not be read (once)."""
    for error in st.session_state.pop(_ERROR_KEY, ()):
        st.error(error, icon=":material/error:")


def show_last() -> None:
    """The last answer's verdict, in a line."""
    found = st.session_state.get(_LAST_KEY)
    if found is None:
        return
    _seed, given, total, correct = found
    if correct:
        st.success(_("Right: {total}.").format(total=fmt_int(total)), icon=":material/check:")
    else:
        off = round(MALUS_SECONDS)
        st.error(
            ngettext(
                "Not {given}: that hand scored {total}. {seconds} second off.",
                "Not {given}: that hand scored {total}. {seconds} seconds off.",
                off,
            ).format(given=fmt_int(int(given)), total=fmt_int(total), seconds=fmt_int(off)),
            icon=":material/close:",
        )


def _clock_text(seconds: float) -> str:
    whole = int(seconds + 0.999)  # 0.2 s left still shows 1
    return _("{minutes}:{seconds} left").format(
        minutes=fmt_int(whole // 60), seconds=fmt_int(whole % 60).rjust(2, fmt_int(0))
    )


@st.fragment(run_every=1.0)
def show_clock() -> None:
    """The time left and the combo bar, drawn again every second; at the end, the whole page."""
    run = current_run()
    if run is None:
        return
    now = time.time()
    if run.over(now):
        st.rerun()
    full, adds = combo_progress(run.combo)
    row = st.container(horizontal=True, key="rush_clock")  # side by side on a phone too
    row.metric(_("Time"), _clock_text(run.left(now)))
    row.metric(_("Counted right"), fmt_int(run.score))
    st.progress(
        full,
        text=ngettext(
            "Combo {combo}: fill the bar for {seconds} more second.",
            "Combo {combo}: fill the bar for {seconds} more seconds.",
            round(adds),
        ).format(combo=fmt_int(run.combo), seconds=fmt_int(round(adds))),
    )


def add_mistakes(run_id: str, seeds: tuple[str, ...]) -> None:
    """Send the run's missed hands to the spaced review (a button callback)."""
    learner = current_learner()
    if learner is None:
        return
    store = open_store()
    for seed in dict.fromkeys(seeds):
        store.record_miss(
            learner, "hand", count_position(int(seed)), partial(after_miss, today=today())
        )
    st.session_state[_ADDED_KEY] = {*st.session_state.get(_ADDED_KEY, set()), run_id}


def _keep(run: Rush, learner: str | None) -> None:
    """Keep a full-length run once for the day's best (a named learner's)."""
    if learner is None or run.length < RUN_SECONDS:
        return
    kept: set[str] = st.session_state.setdefault(_KEPT_KEY, set())
    if run.run_id in kept:
        return
    if open_store().record_rush(
        learner, run.run_id, today(), run.score, run.answered, run.best_combo
    ):
        kept.add(run.run_id)


def show_end(run: Rush) -> None:
    """The run's score, today's best, the hands missed and the way on."""
    learner = current_learner()
    _keep(run, learner)
    st.header(_("Time is up"))
    st.success(
        ngettext(
            "You counted {n} hand right out of {answered}.",
            "You counted {n} hands right out of {answered}.",
            run.score,
        ).format(n=fmt_int(run.score), answered=fmt_int(run.answered)),
        icon=":material/flag:",
    )
    st.caption(_("Longest run of right counts: {combo}.").format(combo=fmt_int(run.best_combo)))
    if run.length < RUN_SECONDS:
        st.caption(
            ngettext(
                "A short run of {seconds} second: it is not kept for your best.",
                "A short run of {seconds} seconds: it is not kept for your best.",
                round(run.length),
            ).format(seconds=fmt_int(round(run.length)))
        )
    if run.mistakes:
        st.subheader(_("The hands you missed"))
        for seed in dict.fromkeys(run.mistakes):
            st.page_link(
                "pages/2_Count_the_hand.py",
                label=_("Deal number {seed}").format(seed=fmt_int(int(seed))),
                icon=":material/open_in_new:",
                query_params={**link_params(), "seed": seed},
            )
        if learner is None:
            st.caption(_("Choose a name to keep the hands you missed for review."))
        elif run.run_id in st.session_state.get(_ADDED_KEY, set()):
            st.info(
                _("They are in your review: they come back tomorrow."), icon=":material/replay:"
            )
        else:
            st.button(
                _("Review the hands I missed"),
                key="rush_add",
                on_click=add_mistakes,
                args=(run.run_id, run.mistakes),
                icon=":material/replay:",
            )
