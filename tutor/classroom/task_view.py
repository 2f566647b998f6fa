"""The Class page's tasks: a task in words, a learner's tasks with their progress (on the Class
page and the home page), and a teacher's form that sets and removes them.

Progress is the store's (``tutor.store.tasks``), counted from what was answered and played.
"""

from __future__ import annotations

import datetime as dt
from typing import Final

import pandas as pd
import streamlit as st

from tutor import progress
from tutor.classroom.messages import refusal_text, say
from tutor.clock import today
from tutor.frame.menu import REVIEW_PAGE, link_params
from tutor.frame.profile import visitor_store
from tutor.lang.i18n import N_, _, fmt_date, fmt_int, fmt_percent, ngettext
from tutor.store import (
    ALL_TASK_KINDS,
    FIRST_GAME_TASK,
    GAME_TASKS,
    REVIEW_TASK,
    RUSH_TASK,
    ClassError,
    SchoolClass,
    Store,
    TaskProgress,
)

__all__ = ["home_tasks", "task_columns", "task_kind_name", "task_line", "task_text", "tasks_part"]


FIRST_GAME_PAGE: Final = "pages/11_First_game.py"

#: What the task form offers: the quizzes, the games against each level, a counting rush, the
#: coached first game, the spaced review.
_GAME_TASK_NAMES: Final = {
    GAME_TASKS["easy"]: N_("Games against the easy computer"),
    GAME_TASKS["medium"]: N_("Games against the medium computer"),
    GAME_TASKS["hard"]: N_("Games against the hard computer"),
    RUSH_TASK: N_("A counting rush"),
    FIRST_GAME_TASK: N_("Finish the coached first game"),
    REVIEW_TASK: N_("Clear your review"),
}


def task_kind_name(kind: str) -> str:
    """The name of a task's kind in the form: a quiz's, or a game or rush task's."""
    return _(_GAME_TASK_NAMES[kind]) if kind in _GAME_TASK_NAMES else progress.quiz_name(kind)


def task_text(kind: str, answers: int, accuracy: int, due_on: dt.date) -> str:
    """A task in words: the quiz, how many answers, how many right, by when (a game task: how
    many games against which level; a rush task: the score to reach)."""
    shown = {"n": fmt_int(answers), "day": fmt_date(due_on)}
    if kind == FIRST_GAME_TASK:
        return _("Play the coached first game to the end of its deal, by {day}").format(**shown)
    if kind == REVIEW_TASK:
        return _(
            "Clear your review by {day}: leave no question due for review (this shows how it is "
            "now)"
        ).format(**shown)
    if kind == GAME_TASKS["easy"]:
        return ngettext(
            "Play {n} game to the end against the easy computer, by {day}",
            "Play {n} games to the end against the easy computer, by {day}",
            answers,
        ).format(**shown)
    if kind == GAME_TASKS["medium"]:
        return ngettext(
            "Play {n} game to the end against the medium computer, by {day}",
            "Play {n} games to the end against the medium computer, by {day}",
            answers,
        ).format(**shown)
    if kind == GAME_TASKS["hard"]:
        return ngettext(
            "Play {n} game to the end against the hard computer, by {day}",
            "Play {n} games to the end against the hard computer, by {day}",
            answers,
        ).format(**shown)
    if kind == RUSH_TASK:
        return _("Score {n} or more in a counting rush, by {day}").format(**shown)
    return _("{quiz}: {n} answers, {percent} or more of them right, by {day}").format(
        quiz=progress.quiz_name(kind),
        n=fmt_int(answers),
        percent=fmt_percent(accuracy / 100),
        day=fmt_date(due_on),
    )


def task_line(found: TaskProgress) -> None:
    """One task of the learner's, with its progress (done, or how far)."""
    task = found.task
    with st.container(border=True, key=f"class_task_{task.id}"):
        st.markdown(
            _("**{name}**: {task}").format(
                name=task.class_name,
                task=task_text(task.kind, task.answers, task.accuracy, task.due_on),
            )
        )
        if task.kind == FIRST_GAME_TASK:
            _first_game_line(found)
        elif task.kind == REVIEW_TASK:
            _review_line(found)
        elif task.kind in GAME_TASKS.values() or task.kind == RUSH_TASK:
            _game_or_rush_line(found)
        elif found.done:
            st.success(
                _("Done: {right} of your last {n} answers were right.").format(
                    right=fmt_int(found.right_of_last), n=fmt_int(task.answers)
                ),
                icon=":material/check_circle:",
            )
        else:
            st.progress(
                min(found.answered, task.answers) / task.answers,
                text=_("{answered} answered; {right} of the last {n} right.").format(
                    answered=fmt_int(found.answered),
                    right=fmt_int(found.right_of_last),
                    n=fmt_int(min(found.answered, task.answers)),
                ),
            )


def _first_game_line(found: TaskProgress) -> None:
    """The first-game task: done, or the way to the game."""
    if found.done:
        st.success(
            _("Done: you have played the coached first game to the end."),
            icon=":material/check_circle:",
        )
        return
    st.caption(_("Not done yet: it counts once the crib of its deal is counted."))
    st.page_link(
        FIRST_GAME_PAGE,
        label=_("A coached first game"),
        icon=":material/school:",
        query_params=link_params(),
    )


def _review_line(found: TaskProgress) -> None:
    """The review task, as it is now: nothing due, or how many and the way to them."""
    if found.done:
        st.success(
            _("Done for now: no question is due for review."),
            icon=":material/check_circle:",
        )
        return
    st.caption(
        ngettext(
            "{n} question is due for review now.",
            "{n} questions are due for review now.",
            found.answered,
        ).format(n=fmt_int(found.answered))
    )
    st.page_link(
        REVIEW_PAGE, label=_("Review now"), icon=":material/replay:", query_params=link_params()
    )


def _game_or_rush_line(found: TaskProgress) -> None:
    """A game or rush task's progress: the games finished, or the best run's score."""
    task = found.task
    if task.kind == RUSH_TASK:
        text = ngettext(
            "Best score {best} of {n} wanted ({runs} run).",
            "Best score {best} of {n} wanted ({runs} runs).",
            found.answered,
        ).format(
            best=fmt_int(found.right_of_last), n=fmt_int(task.answers), runs=fmt_int(found.answered)
        )
    else:
        text = ngettext(
            "{done} of {n} game played.", "{done} of {n} games played.", task.answers
        ).format(done=fmt_int(found.right_of_last), n=fmt_int(task.answers))
    if found.done:
        st.success(_("Done: {progress}").format(progress=text), icon=":material/check_circle:")
    else:
        st.progress(min(found.right_of_last, task.answers) / task.answers, text=text)


def home_tasks(name: str) -> None:
    """The learner's tasks from their classes, for the home page (nothing without one)."""
    found = visitor_store().my_tasks(name, today())
    if not found:
        return
    st.header(_("Your tasks"))
    for progress_now in found:
        task_line(progress_now)


def _set_task(name: str, class_id: int) -> None:
    state = st.session_state
    try:
        made = visitor_store().set_task(
            name,
            class_id,
            str(state.get("class_task_kind")),
            int(state.get("class_task_answers") or 0),
            int(state.get("class_task_accuracy") or 0),
            state.get("class_task_due") or today(),
            today(),
        )
    except ClassError as error:
        say("error", refusal_text(error))
        return
    if made is not None:
        say(
            "success",
            _("The task is set: {task}.").format(
                task=task_text(made.kind, made.answers, made.accuracy, made.due_on)
            ),
        )


def _remove_task(name: str, class_id: int, task_id: int) -> None:
    visitor_store().remove_task(name, class_id, task_id)


def tasks_part(db: Store, teacher: str, klass: SchoolClass) -> None:
    """The class's tasks, each with "Remove", and the form that sets one."""
    tasks = db.class_tasks(teacher, klass.id)
    with st.expander(_("Tasks ({n})").format(n=fmt_int(len(tasks))), icon=":material/task:"):
        for task in tasks:
            left, right = st.columns([4, 1], vertical_alignment="center")
            left.write(task_text(task.kind, task.answers, task.accuracy, task.due_on))
            right.button(
                _("Remove"),
                key=f"class_task_remove_{task.id}",
                on_click=_remove_task,
                args=(teacher, klass.id, task.id),
            )
        with st.form("class_task", border=True):
            st.selectbox(
                _("Task"), ALL_TASK_KINDS, format_func=task_kind_name, key="class_task_kind"
            )
            left, right = st.columns(2)
            left.number_input(
                _("Answers, games, or the rush's score"),
                min_value=1,
                max_value=500,
                value=30,
                key="class_task_answers",
                help=_(
                    "For a quiz, the answers to give; for games, how many to play to the end; "
                    "for a counting rush, the score one run must reach."
                ),
            )
            right.number_input(
                _("Percent right, at least (quizzes)"),
                min_value=0,
                max_value=100,
                value=80,
                key="class_task_accuracy",
            )
            st.caption(
                _(
                    "The coached first game needs neither number: it is done once a learner "
                    "has finished it, even before the task was set."
                )
            )
            st.caption(
                _(
                    "Clearing the review needs no number either. It shows whether each learner "
                    "has a question due for review now; no earlier day is kept, so look on the "
                    "due day."
                )
            )
            st.date_input(
                _("Due by"),
                value=today() + dt.timedelta(days=7),
                min_value=today(),
                key="class_task_due",
            )
            st.form_submit_button(_("Set the task"), on_click=_set_task, args=(teacher, klass.id))


def task_columns(
    db: Store, teacher: str, klass: SchoolClass, table: pd.DataFrame
) -> dict[str, str]:
    """Add a column a task of the class to the class table (each member's progress, "✓ " when
    done) and give their headers."""
    task_headers: dict[str, str] = {}
    progress_of = db.member_task_progress(teacher, klass.id, today())
    for task in db.class_tasks(teacher, klass.id):
        key = f"task_{task.id}"
        task_headers[key] = _("Task: {quiz}, by {day}").format(
            quiz=task_kind_name(task.kind), day=fmt_date(task.due_on)
        )
        cells = []
        for who in table["learner_id"]:
            found = progress_of.get((int(who), task.id))
            right = 0 if found is None else found.right_of_last
            answered = 0 if found is None else found.answered
            if task.kind == FIRST_GAME_TASK:
                text = _("finished") if right else _("not yet")
            elif task.kind == REVIEW_TASK:
                text = (
                    _("none due now")
                    if found is None or found.done
                    else _("{n} due now").format(n=fmt_int(answered))
                )
            elif task.kind == RUSH_TASK:
                text = _("best {best} of {n}").format(best=fmt_int(right), n=fmt_int(task.answers))
            elif task.kind in GAME_TASKS.values():
                text = ngettext("{done} of {n} game", "{done} of {n} games", task.answers).format(
                    done=fmt_int(right), n=fmt_int(task.answers)
                )
            else:
                text = _("{right} of {n} right ({answered} answered)").format(
                    right=fmt_int(right), n=fmt_int(task.answers), answered=fmt_int(answered)
                )
            cells.append(("✓ " if found is not None and found.done else "") + text)
        table[key] = cells
    return task_headers
