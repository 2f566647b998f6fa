"""Recording quiz attempts: this session's list (streak, accuracy) and the progress database.

:func:`record_attempt` is the one place an answer is recorded. It keeps the attempt in
session state and, when a learner has chosen a name and the quiz is one the store keeps
(``tutor.store.QUIZ_KINDS``: hand, crib, pegging, discard, peg_trainer), stores it through
``tutor.store.open_store()``; a first attempt on a quiz page (one with a position) is also
rated (``tutor.rating.service.rate_attempt``); an answer to a due review item served by
"practise at my level" (``?due=``) moves that item's schedule instead of filing a miss. Without a name the attempt stays in this session only; with a
database that is down (or a write lock held elsewhere: a write waits a few seconds at most,
``tutor.store.WRITE_WAIT_SECONDS``) it is kept in the session, the page says it is not saved
yet, and it is saved with the next answer the database takes.

No attempt counts twice. Each deal gets a ticket (:func:`deal_ticket`) when it is first
shown: a random token kept in the URL (``?deal=``), so a reload after submit finds the same
token; the attempt id is a UUID derived from that token, the quiz kind, the seed, the
variant (e.g. a focus filter) and the learner, so a double submit, a rerun or a reload
stores one row (the store ignores a repeated id), while the same link opened by another
learner is that learner's own attempt. "Next hand" makes a new token (:func:`next_deal`).
"""

from __future__ import annotations

import secrets
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Final, Literal

import streamlit as st

from tutor.clock import today
from tutor.frame.profile import claimed_learner, current_learner, learner_widget
from tutor.frame.status import problem_text
from tutor.frame.urlstate import address_changed
from tutor.lang.i18n import _
from tutor.progress import streaks
from tutor.quiz.schedule import after_miss, answered, grade_of
from tutor.rating.service import attempt_score, rate_attempt
from tutor.store import QUIZ_KINDS, Attempt, Store, open_store

__all__ = [
    "DEAL_PARAM",
    "DUE_PARAM",
    "RATED_KEY",
    "Attempt",
    "DealTicket",
    "QuizStats",
    "attempts",
    "deal_ticket",
    "next_deal",
    "quiz_learner",
    "quiz_stats",
    "record_attempt",
    "redraw_menu_if_due_changed",
    "unsaved_count",
]

_KEY: Final = "attempts"
_CLOCK_KEY: Final = "attempt_clock"
_UNSAVED_KEY: Final = "attempts_unsaved"  # (learner, attempt) the database did not take yet
_DUE_CHANGED_KEY: Final = "attempts_due_changed"  # a due review item was answered this run
DEAL_PARAM: Final = "deal"
#: A due review item served among "practise at my level"'s questions: its id.
DUE_PARAM: Final = "due"
#: The last rated attempt of this session: (attempt id, ``tutor.store.RatedAnswer``).
RATED_KEY: Final = "attempt_rated"
_ID_NAMESPACE: Final = uuid.UUID("6f0c5f1e-3b0e-4d36-9a55-8d1c2a7e4b21")
_TOKEN_BYTES: Final = 6  # 8 URL-safe characters

Saved = Literal["saved", "repeat", "not saved", "no learner", "session"]


@dataclass(frozen=True, slots=True)
class DealTicket:
    """A shown deal's attempt id and when it was first shown (``time.monotonic()``)."""

    attempt_id: str
    shown_at: float = field(compare=False)

    def seconds(self) -> float:
        """Seconds since the deal was first shown in this session."""
        return round(time.monotonic() - self.shown_at, 2)


def _valid_token(raw: object) -> bool:
    return (
        isinstance(raw, str)
        and 4 <= len(raw) <= 24
        and raw.replace("-", "").replace("_", "").isalnum()
    )


def next_deal() -> None:
    """Give the next deal a fresh token (call with the new seed, e.g. in "Next hand")."""
    st.query_params[DEAL_PARAM] = secrets.token_urlsafe(_TOKEN_BYTES)


def deal_ticket(kind: str, seed: int, variant: str = "") -> DealTicket:
    """The ticket of the deal on show: its attempt id and the time it was first shown.

    The token comes from ``?deal=`` (made and put there if missing), so a reload keeps it.
    """
    token = st.query_params.get(DEAL_PARAM)
    if token is None or not _valid_token(token):
        if token is not None:
            address_changed(
                _(
                    "The answer token in the address ({param}) is damaged, so this deal has a new "
                    "one: your answer is recorded as usual."
                ).format(param=f"{DEAL_PARAM}=…")
            )
        next_deal()
        token = st.query_params[DEAL_PARAM]
    learner = current_learner() or ""
    attempt_id = str(
        uuid.uuid5(_ID_NAMESPACE, "\n".join((token, kind, str(seed), variant, learner)))
    )
    clock: dict[tuple[str, str, int, str], float] = st.session_state.setdefault(_CLOCK_KEY, {})
    shown_at = clock.setdefault((token, kind, seed, variant), time.monotonic())
    return DealTicket(attempt_id, shown_at)


def _in_session(attempt: Attempt) -> bool:
    done: list[Attempt] = st.session_state.get(_KEY, [])
    return bool(attempt.attempt_id) and any(a.attempt_id == attempt.attempt_id for a in done)


def record_attempt(
    attempt: Attempt,
    store: Store | None = None,
    position: Mapping[str, str] | None = None,
    review_position: Mapping[str, str] | None = None,
) -> Saved:
    """Record one answer; say where it went.

    ``position``: the address parameters that deal this very question again (its seed and
    options, e.g. ``{"seed": "42", "focus": "nobs"}``). A wrong answer stored now with a
    position becomes a review item (:mod:`tutor.quiz.schedule`: due the next day), or sets its
    item back to the start when it is one already. ``review_position``: the position that item
    keeps instead, when the question is to come back in another way than it is rated (a count
    answered by its combinations comes back as a combination question, with what was missed).

    ``"saved"``: stored in the database now (with any answers kept from when it was down);
    ``"repeat"``: this attempt id was recorded before (the first answer stands); ``"not
    saved"``: the database is down or locked (see the store's ``problem``): kept, and saved
    with the next answer it takes; ``"no learner"``: no name chosen, kept for this session
    only; ``"session"``: a quiz the database does not keep (lesson checks).
    """
    if _in_session(attempt):
        return "repeat"
    name = current_learner()
    if attempt.kind not in QUIZ_KINDS or name is None:
        _keep_in_session(attempt)
        return "session" if attempt.kind not in QUIZ_KINDS else "no learner"
    store = store or open_store()
    filed = position if review_position is None else review_position
    if not attempt.attempt_id:
        attempt = replace(attempt, attempt_id=str(uuid.uuid4()))
    stored = store.record_attempt(name, attempt)
    if not stored and not store.problem:
        return "repeat"  # answered before (e.g. before a reload): not counted here either
    _keep_in_session(attempt)
    if not stored:
        kept = (name, attempt, filed)
        st.session_state[_UNSAVED_KEY] = [*st.session_state.get(_UNSAVED_KEY, []), kept]
        return "not saved"
    reviewed = _answer_due(store, name, attempt, position, filed)
    if reviewed:
        st.session_state[_DUE_CHANGED_KEY] = True
    else:
        _file_miss(store, name, attempt, filed)
    if position is not None and not reviewed:  # a first attempt on a quiz page
        rated = rate_attempt(store, name, attempt.kind, position, attempt.correct, attempt.seconds)
        if rated is not None:
            st.session_state[RATED_KEY] = (attempt.attempt_id, rated)
    _save_kept(store)
    return "saved"


def redraw_menu_if_due_changed() -> None:
    """Run the whole page once more when an answer just moved a due review item: a quiz drawn
    in an ``st.fragment`` reruns alone, and the menu's "(n due)" would stay as it was."""
    if st.session_state.pop(_DUE_CHANGED_KEY, False):
        st.rerun(scope="app")


def _answer_due(
    store: Store,
    name: str,
    attempt: Attempt,
    position: Mapping[str, str] | None,
    filed: Mapping[str, str] | None,
) -> bool:
    """An answer to a due review item served by "practise at my level" (``?due=`` its id):
    it moves the item's schedule as on the Review page; False when the address names no
    item of this learner due today at this very question."""
    raw = st.query_params.get(DUE_PARAM)
    if position is None or raw is None or not raw.isdigit():
        return False
    item = store.review_item(name, int(raw))
    due_on = item.state.due_on if item is not None else None
    if item is None or due_on is None or due_on > today():
        return False
    if item.kind != attempt.kind or dict(item.position) not in (dict(position), dict(filed or {})):
        return False
    score = attempt_score(attempt.kind, position, attempt.correct, attempt.seconds)
    update = answered(grade_of(score), today())
    store.answer_review(name, item.id, attempt.attempt_id, attempt.correct, update)
    return True


def _file_miss(
    store: Store, name: str, attempt: Attempt, position: Mapping[str, str] | None
) -> None:
    """A wrong answer with a position becomes a review item (kept by the store if busy)."""
    if position is not None and not attempt.correct:
        store.record_miss(name, attempt.kind, position, partial(after_miss, today=today()))


def _save_kept(store: Store) -> None:
    """Store the answers a database that was down did not take (each id stores once), and the
    review items their misses make."""
    kept: list[tuple[str, Attempt, Mapping[str, str] | None]] = st.session_state.get(
        _UNSAVED_KEY, []
    )
    while kept:
        name, attempt, position = kept[0]
        stored = store.record_attempt(name, attempt)
        if not stored and store.problem:
            break  # down again: the rest wait for the next answer
        if stored:
            _file_miss(store, name, attempt, position)
        kept = kept[1:]
        st.session_state[_UNSAVED_KEY] = kept


def unsaved_count() -> int:
    """How many answers of this session wait to be saved (the database did not take them)."""
    return len(st.session_state.get(_UNSAVED_KEY, []))


def _keep_in_session(attempt: Attempt) -> None:
    st.session_state[_KEY] = [*st.session_state.get(_KEY, []), attempt]


def attempts(*quizzes: str) -> list[Attempt]:
    """This session's attempts, optionally of some quizzes only, oldest first."""
    found: list[Attempt] = st.session_state.get(_KEY, [])
    return [a for a in found if not quizzes or a.kind in quizzes]


@dataclass(frozen=True, slots=True)
class QuizStats:
    """Answered, right, the current streak of right answers, and accuracy (0-1)."""

    answered: int
    right: int
    streak: int
    best_streak: int

    @property
    def accuracy(self) -> float:
        """Share of answers that were right (0 when nothing is answered yet)."""
        return self.right / self.answered if self.answered else 0.0


def quiz_stats(*quizzes: str) -> QuizStats:
    """Streak and accuracy of some quizzes (e.g. ``"hand", "crib"``) in this session."""
    done = [attempt.correct for attempt in attempts(*quizzes)]
    streak = streaks(done)
    return QuizStats(len(done), sum(done), streak.current, streak.best)


def quiz_learner() -> str | None:
    """Who is answering: the name widget in the sidebar, one quiet line on the page.

    The line says answers are kept for this visit only (no name yet), or that progress is
    not being saved and why (database down). Returns the learner's name, or None.
    """
    with st.sidebar:
        name = learner_widget(compact=True)
    reason = problem_text(open_store())
    if name is None and reason and claimed_learner():
        # a name whose access cannot be checked is refused (fail closed): the learner has a
        # name, so say that the database is the trouble, not that they should choose one
        note = _("Progress is not being saved: {reason}. The quiz works as usual.").format(
            reason=reason
        )
        st.caption(f":orange[:material/cloud_off: {note}]")
        return None
    if name is None:
        st.container(key="below_no_name").caption(  # on a phone, below the question
            ":material/person_off: "
            + _(
                "Answers are kept for this visit only: choose a name in the sidebar to keep "
                "your progress."
            )
        )
        return None
    if reason:
        note = _("Progress is not being saved: {reason}. The quiz works as usual.").format(
            reason=reason
        )
        st.caption(f":orange[:material/cloud_off: {note}]")
    return name
