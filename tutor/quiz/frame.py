"""The frame every quiz page shares: options kept in the URL, the score row, notes, the footer.

A quiz page reads top to bottom: options (:func:`url_choice` / :func:`url_option`), the
session's score (:func:`score_row`), the deal, the answer, the verdict (:func:`show_notes`)
and the way on (:func:`deal_footer`: the next deal, the weak-spot drill, the deal's number).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final, TypeVar

import streamlit as st

from tutor.frame.urlstate import address_changed, set_url_param
from tutor.lang.i18n import _, fmt_int, fmt_percent
from tutor.quiz.attempts import QuizStats, Saved
from tutor.quiz.drill_view import drill_button
from tutor.quiz.feedback import Note, Tone

__all__ = [
    "answered_before",
    "deal_footer",
    "keyboard",
    "score_row",
    "show_notes",
    "url_choice",
    "url_option",
]

T = TypeVar("T", bound=Hashable)

_SHOW: Final[Mapping[Tone, tuple[Callable[..., Any], str | None]]] = {
    "right": (st.success, ":material/check_circle:"),
    "wrong": (st.error, ":material/cancel:"),
    "hint": (st.info, ":material/lightbulb:"),
    "note": (st.caption, None),
}


def url_choice(param: str, choices: Mapping[str, T], default: T) -> T:
    """The option ``?param=`` names (``choices`` maps URL text to value); else ``default``
    (and an unknown one in the address is taken out of it, and the page says so)."""
    raw = st.query_params.get(param)
    if raw is not None and raw not in choices:
        st.query_params.pop(param, None)
        address_changed(
            _(
                "The option “{param}” in the address is not one this page offers, so the usual "
                "one is shown."
            ).format(param=param)
        )
    return choices.get(raw or "", default)


def url_option(
    widget: Callable[..., Any],
    label: str,
    labels: Mapping[T, str],
    *,
    key: str,
    param: str,
    choices: Mapping[str, T],
    value: T,
    then: Callable[[], None] | None = None,
    **options: Any,
) -> None:
    """An option widget (a ``radio`` or ``selectbox``) bound to ``?param=``.

    It shows ``value`` (read with :func:`url_choice`), offers the keys of ``labels`` (shown
    as their labels, already translated: a ``format_func`` may run outside this run), and
    writes a choice back to the URL as its text in ``choices``; a value with no text there
    (the default) removes the parameter. ``then`` runs after (e.g. to clear an answer).
    """
    to_url = {v: text for text, v in choices.items()}

    def chosen() -> None:
        set_url_param(param, to_url.get(st.session_state[key]))
        if then is not None:
            then()

    st.session_state[key] = value
    widget(label, list(labels), format_func=labels.get, key=key, on_change=chosen, **options)


def score_row(stats: QuizStats, streak_help: str, extra: Sequence[Any] = ()) -> None:
    """This visit's score: streak, accuracy, answered (and ``extra``: label, value, help)."""
    cols = st.container(key="quiz_metrics").columns(4 if extra else 3)
    cols[0].metric(_("Streak"), fmt_int(stats.streak), help=streak_help)
    cols[1].metric(_("Accuracy"), fmt_percent(stats.accuracy) if stats.answered else "–")
    cols[2].metric(_("Answered"), fmt_int(stats.answered))
    if extra:
        label, shown, help_text = extra
        cols[3].metric(label, shown, help=help_text)


def show_notes(notes: Sequence[Note]) -> None:
    """Show feedback lines: a right answer green, a wrong one red, a hint blue, a note small."""
    for note in notes:
        show, icon = _SHOW[note.tone]
        if icon is None:
            show(note.text)
        else:
            show(note.text, icon=icon)


def answered_before(saved: Saved | None) -> None:
    """Say so when this deal was answered before (a reload, a second tab): the first answer counts;
    or when the answer is not saved yet (the database is down or locked: saved with the next)."""
    if saved == "repeat":
        st.caption(_("This deal was answered before: the first answer is the one that counts."))
    elif saved == "not saved":
        st.caption(
            ":orange[:material/cloud_off: "
            + _(
                "This answer is not saved yet: it is kept for this visit and saved with your next "
                "answer once the database answers again."
            )
            + "]"
        )


def deal_footer(
    seed: int,
    share: str,
    *,
    next_label: str,
    next_key: str,
    on_next: Callable[[], None],
    answered: bool,
    drill: tuple[str, Callable[[], None], str] | None = None,
    learner: str | None = None,
) -> None:
    """The way on: the next deal (primary once answered), the weak-spot drill, the deal's number.

    ``share`` is the translated caption with ``{seed}``; ``drill`` is the drill button's key,
    its callback and what it deals (None: no button, e.g. while drilling).
    """
    buttons = st.container(horizontal=True)
    buttons.button(
        next_label,
        type="primary" if answered else "secondary",
        key=next_key,
        on_click=on_next,
        icon=":material/refresh:",
        # the keys as printed on a keyboard, in every language
        help=_("Keyboard: {next}, or {enter} once the answer is shown").format(
            next="N", enter="Enter"
        ),
    )
    if drill is not None:
        key, start, aim = drill
        drill_button(buttons, key, start, learner, aim)
    st.caption(share.format(seed=fmt_int(seed)))


# Our own constant script (no learner input reaches it: keys are the page's, the nonce a number).
# It focuses one widget and lets N press the next-deal button (not while typing in a box).
_KEYBOARD_JS: Final = """<script>
(() => {
  const settings = %s;
  const BUTTON = 'button[data-testid^="stBaseButton"]';  // not the help icon beside it
  window.tutorNextKey = settings.next;
  if (!window.tutorKeysInstalled) {
    window.tutorKeysInstalled = true;
    document.addEventListener("keydown", (event) => {
      const typing = event.target.closest && event.target.closest("input, textarea, select");
      if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key !== "n" && event.key !== "N") return;
      const next = document.querySelector(`.st-key-${window.tutorNextKey} ${BUTTON}`);
      if (next) { event.preventDefault(); next.click(); }
    });
  }
  let tries = 0;
  const focus = () => {
    const target = document.querySelector(
      `.st-key-${settings.focus} input, .st-key-${settings.focus} ${BUTTON}`
    );
    if (target) {
      target.focus({preventScroll: settings.keepScroll});
      if (target.select) target.select();  // a second try types over the first
    }
    else if (tries++ < 100) setTimeout(focus, 50);
  };
  focus();
})();
</script>"""


def keyboard(focus: str, next_key: str, nonce: str) -> None:
    """Keyboard use of a quiz: focus the widget keyed ``focus``; N presses the ``next_key`` button.

    Call it for each new state of the question (``nonce`` changes with it: the script runs
    again only when its text does): the answer box on a new question, so typing goes there
    and Enter submits; the next-deal button after the verdict, so Enter (or N) deals again.
    """
    settings = {"focus": focus, "next": next_key, "keepScroll": focus == next_key, "nonce": nonce}
    with st.container(key="quiz_keyboard"):
        st.html(_KEYBOARD_JS % json.dumps(settings), unsafe_allow_javascript=True)
