"""The daily five's parts: which question is on show, how an answer is recorded, everyone's answers.

The day and the question are in the address (``?date=2026-12-01&q=3``), so a link shows the
same question to anyone. An answer is recorded as an attempt of its quiz (so a miss comes
back on the Review page, like any other) and, for a learner with a name, as that learner's
answer to the day's question (the first one stands), which :func:`show_shares` counts with
everyone else's.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

import pandas as pd
import streamlit as st

from cribbage_core.cards import parse_cards
from cribbage_core.errors import CribbageError
from tutor.frame.urlstate import set_url_param
from tutor.lang.i18n import _, cards_text, fmt_int, ngettext
from tutor.progress import quiz_name
from tutor.quiz.attempts import Attempt, Saved, next_deal, record_attempt
from tutor.quiz.daily import DailyQuestion
from tutor.quiz.serve import Recorder, Served, clear_served
from tutor.store import Store

__all__ = [
    "ARCHIVE_DAYS",
    "DAY_PARAM",
    "QUESTION_PARAM",
    "chip_label",
    "daily_marks",
    "daily_recorder",
    "mark_answered",
    "next_daily",
    "question_picker",
    "show_shares",
]

DAY_PARAM: Final = "date"
QUESTION_PARAM: Final = "q"
#: How far back the archive lists days.
ARCHIVE_DAYS: Final = tuple(dt.timedelta(days=n) for n in range(1, 29))
_PICKER: Final = "daily_question"
_FIRST_KEY: Final = (
    "daily_first"  # (day, question) -> the learner's answer counted before this visit
)


def next_daily(number: int) -> None:
    """Show question ``number`` (0-4): a new deal token, empty answer boxes."""
    set_url_param(QUESTION_PARAM, str(number + 1))
    next_deal()
    clear_served()


def _picked() -> None:
    next_daily(int(st.session_state[_PICKER]))


_MARKS: Final = "daily_marks"  # day (ISO) -> {question number: right}, answered in this session


def mark_answered(day: dt.date, number: int, right: bool) -> None:
    """Remember that question ``number`` of ``day`` was answered (its first answer stands)."""
    marks: dict[str, dict[int, bool]] = st.session_state.setdefault(_MARKS, {})
    marks.setdefault(day.isoformat(), {}).setdefault(number, right)


def daily_marks(store: Store, learner: str | None, day: dt.date) -> dict[int, bool]:
    """The day's questions answered, and whether the first answer was right: the learner's
    stored answers (a name), else this session's."""
    marks = dict(st.session_state.get(_MARKS, {}).get(day.isoformat(), {}))
    if learner is not None:
        for number, (_answer, right) in store.daily_answers_of(learner, day).items():
            marks[number] = right
    return marks


def answered_before(
    store: Store, learner: str | None, day: dt.date, number: int
) -> tuple[str, bool] | None:
    """The learner's stored first answer to question ``number`` of ``day`` and whether it was
    right, when it was given before this session (this session's answer is shown with its
    question); None for no name or no such answer."""
    if learner is None or number in st.session_state.get(_MARKS, {}).get(day.isoformat(), {}):
        return None
    return store.daily_answers_of(learner, day).get(number)


def show_answered_before(kind: str, first: tuple[str, bool]) -> None:
    """Above a question answered on an earlier visit: the answer counted, right or not, and that
    another try is practice only."""
    answer = _answer_text(kind, first[0])
    if first[1]:
        text = _(
            "You answered this question on an earlier visit: {answer}, which was right. Try it "
            "again if you like; your first answer stays the one counted."
        )
    else:
        text = _(
            "You answered this question on an earlier visit: {answer}, which was not right. Try "
            "it again if you like; your first answer stays the one counted."
        )
    st.info(text.format(answer=answer), icon=":material/history:")


def chip_label(number: int, marks: dict[int, bool]) -> str:
    """A question's chip: its number, and ✓ or ✗ once answered.

    >>> chip_label(0, {0: True}), chip_label(1, {0: True}), chip_label(2, {2: False})
    ('1 ✓', '2', '3 ✗')
    """
    if number not in marks:
        return fmt_int(number + 1)
    return fmt_int(number + 1) + (" ✓" if marks[number] else " ✗")


def question_picker(count: int, marks: dict[int, bool] | None = None) -> int:
    """The question in ``?q=`` (1 to ``count``; else the first), with buttons to choose another
    (each marked done and right or wrong, see :func:`chip_label`)."""
    done = marks or {}
    raw = st.query_params.get(QUESTION_PARAM, "1")
    number = int(raw) - 1 if raw in {str(n) for n in range(1, count + 1)} else 0
    st.session_state[_PICKER] = number
    st.segmented_control(
        _("Question"),
        list(range(count)),
        format_func=lambda n: chip_label(n, done),
        key=_PICKER,
        on_change=_picked,
        required=True,
    )
    return number


def daily_recorder(
    store: Store, learner: str | None, day: dt.date, question: DailyQuestion
) -> Recorder:
    """How an answer to the day's question is recorded: as its quiz's attempt (a miss comes back
    for review) and as the learner's daily answer (counted once, the first)."""

    def record(attempt: Attempt) -> Saved:
        saved = record_attempt(attempt, store, position=question.position)
        mark_answered(day, question.number, attempt.correct)
        if learner is not None:
            counted = store.record_daily_answer(
                learner, day, question.number, str(attempt.answer), attempt.correct
            )
            if not counted and not store.problem:
                first = store.daily_answers_of(learner, day).get(question.number)
                st.session_state[_FIRST_KEY] = {(day, question.number): first}
        return saved

    return record


def _answer_text(kind: str, answer: str) -> str:
    """An answer as the learner reads it: a number in their digits, cards as labels kept left to
    right (a thrown pair, or the card a Pegging trainer answer laid: "5H" is shown "5♥")."""
    if answer.isdigit() or kind not in ("discard", "peg_trainer"):
        return fmt_int(int(answer)) if answer.isdigit() else answer
    try:
        return cards_text(parse_cards(answer))
    except CribbageError:
        return answer


def show_shares(
    store: Store, day: dt.date, question: DailyQuestion, served: Served, learner: str | None
) -> None:
    """How everyone on this server answered the question, the engine's answer marked."""
    st.subheader(_("How everyone answered"))
    first = st.session_state.get(_FIRST_KEY, {}).get((day, question.number))
    if first is not None:
        st.caption(
            _(
                "You answered this question before: your first answer, {answer}, is the one counted."
            ).format(answer=_answer_text(question.kind, first[0]))
        )
    if learner is None:
        st.caption(_("Choose a name in the sidebar to add your answer to everyone's."))
    shares = store.daily_shares(day, question.number)
    total = sum(shares.values())
    if not total:
        st.caption(_("Nobody's answer is counted yet."))
    else:
        rows = sorted(shares.items(), key=lambda pair: (-pair[1], pair[0]))
        st.dataframe(
            pd.DataFrame(
                {
                    _("Answer"): [_answer_text(question.kind, a) for a, _n in rows],
                    _("Share"): [n / total for _a, n in rows],
                    _("Learners"): [n for _a, n in rows],
                    _("Engine"): ["✓" if a == served.right_answer else "" for a, _n in rows],
                }
            ),
            hide_index=True,
            column_config={
                _("Share"): st.column_config.ProgressColumn(
                    _("Share"), format="percent", min_value=0, max_value=1
                )
            },
        )
        st.caption(
            ngettext("{n} learner answered.", "{n} learners answered.", total).format(
                n=fmt_int(total)
            )
        )
    st.markdown(
        _("The engine's answer ({quiz}): **{answer}**").format(
            quiz=quiz_name(question.kind), answer=_answer_text(question.kind, served.right_answer)
        )
    )
