"""The Class page's messages: why the store refused (``ClassError``'s reason in words), and the
line a callback leaves for the page's next run to show."""

from __future__ import annotations

import streamlit as st

from tutor.frame.profile import login_configured
from tutor.lang.i18n import _, fmt_int, fmt_percent
from tutor.store import ClassError
from tutor.store.classes import MAX_CLASS_NAME_LENGTH, MAX_MEMBERS
from tutor.store.tasks import MAX_RUSH_SCORE, MAX_TASK_GAMES

__all__ = ["refusal_text", "say", "show_message"]

_MESSAGE = "class_message"


def refusal_text(error: ClassError) -> str:
    """Why the store refused, in the learner's words; nothing was changed."""
    texts = {
        "form": _(
            "A join code is {n} letters and digits, such as {example}. Nothing was changed."
        ).format(n=fmt_int(12), example="ABCD-EFGH-JKLM"),
        "mistyped": _(
            "That join code has a mistyped letter or digit: check each one against the code "
            "your teacher gave. Nothing was changed."
        ),
        "unknown": _("No class has that join code: ask your teacher for it again."),
        "archived": _("That class is archived: it takes no new learners."),
        "full": _("That class is full: it has {n} learners.").format(n=fmt_int(MAX_MEMBERS)),
        "no_pin": _("To teach a class, protect your name with a PIN first."),
        "not_teacher": _("No class of yours has that number."),
        "other_no_pin": _(
            "Another teacher must sign in to this app once first. Nothing was changed."
        )
        if login_configured()
        else _("Another teacher must protect their name with a PIN first. Nothing was changed."),
        "no_learner": _("Nobody uses that name here. Nothing was changed."),
        "task": _(
            "A task asks for at most {most} answers, with a share right from {low} to {high}. "
            "Nothing was changed."
        ).format(most=fmt_int(500), low=fmt_percent(0), high=fmt_percent(1)),
        "task_past": _("A task is due today or later. Nothing was changed."),
        "task_games": _("A game task asks for {low} to {high} games. Nothing was changed.").format(
            low=fmt_int(1), high=fmt_int(MAX_TASK_GAMES)
        ),
        "task_rush": _(
            "A rush task asks for a score from {low} to {high}. Nothing was changed."
        ).format(low=fmt_int(1), high=fmt_int(MAX_RUSH_SCORE)),
        "name": _(
            "A class's name has at most {n} characters, and some that show. Nothing was changed."
        ).format(n=fmt_int(MAX_CLASS_NAME_LENGTH)),
    }
    return texts.get(error.reason, _("That was refused. Nothing was changed."))


def say(kind: str, text: str) -> None:
    """Leave ``text`` (an ``error`` or a ``success``) for ``show_message`` to show."""
    st.session_state[_MESSAGE] = (kind, text)


def show_message() -> None:
    """The message a callback left, shown once."""
    kind, text = st.session_state.pop(_MESSAGE, (None, ""))
    if kind == "error":
        st.error(text, icon=":material/error:")
    elif kind == "success":
        st.success(text, icon=":material/check_circle:")
