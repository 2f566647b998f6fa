"""Learn the rules: short lessons, each with a live example and a check question."""

from __future__ import annotations

import streamlit as st

from tutor.frame.menu import four_colour, link_params, setup_page
from tutor.frame.render import show_html
from tutor.frame.urlstate import address_changed, new_seed, seed_from_url, set_url_param
from tutor.lang.answers import parse_answer
from tutor.lang.i18n import N_, _, fmt_int, note_mentions
from tutor.lessons import LESSONS, lesson_body, lesson_title
from tutor.quiz.attempts import Attempt, record_attempt

PAGE = "pages/1_Learn.py"
IDS = [lesson.id for lesson in LESSONS]

setup_page(PAGE, N_("Learn the rules"))

wanted = st.query_params.get("lesson")
index = IDS.index(wanted) if wanted in IDS else 0
if wanted is not None and wanted not in IDS:
    set_url_param("lesson", None)
    address_changed(_("There is no lesson of that name, so here is the first one."))
lesson = LESSONS[index]
seed = seed_from_url()


def _shown(answer: int | str) -> str:
    return fmt_int(answer) if isinstance(answer, int) else answer


def _go_to(new_index: int) -> None:
    set_url_param("lesson", IDS[new_index])
    st.query_params["seed"] = str(new_seed())
    st.session_state.pop("learn_result", None)
    st.session_state["learn_answer"] = ""


def _on_pick() -> None:
    _go_to(IDS.index(st.session_state["learn_lesson"]))


def _another_example() -> None:
    st.query_params["seed"] = str(new_seed())
    st.session_state.pop("learn_result", None)
    st.session_state["learn_answer"] = ""


st.title(_("Learn the rules"))
st.page_link(
    "pages/11_First_game.py",
    label=_("New to the game? Play a coached first game: one deal, step by step."),
    icon=":material/school:",
    query_params=link_params(),
)
st.session_state["learn_lesson"] = lesson.id
st.selectbox(
    _("Lesson"),
    IDS,
    # Labels made now, in this run's language (a format_func may be called outside the run).
    format_func={lid: f"{fmt_int(i + 1)}. {lesson_title(lid)}" for i, lid in enumerate(IDS)}.get,
    key="learn_lesson",
    on_change=_on_pick,
)
st.progress(
    (index + 1) / len(LESSONS),
    text=_("Lesson {n} of {total}").format(n=fmt_int(index + 1), total=fmt_int(len(LESSONS))),
)

st.header(lesson_title(lesson.id), divider="green")
body = lesson_body(lesson.id)
note_mentions(body)  # terms the lesson shows with their English need it no more
st.markdown(body)

with st.container(border=True):
    st.subheader(_("Live example"))
    for block in lesson.example(seed, four_colour()):
        show_html(block)
    another = _("Deal another example")
    st.button(another, key="learn_another", on_click=_another_example, icon=":material/refresh:")

st.subheader(_("Check yourself"))
check = lesson.check(seed)
result = st.session_state.get("learn_result")
if result is not None and result["key"] != (lesson.id, seed):
    result = None


def _check() -> None:
    """Grade the answer (a callback, so the run it starts shows the verdict)."""
    if check.choices:
        choice = st.session_state.get("learn_choice")
        answer, error = choice, None if choice else _("Please pick one of the answers first.")
    else:
        parsed = parse_answer(st.session_state.get("learn_answer", ""), check.maximum)
        answer, error = parsed.value, parsed.error
    if error:
        st.session_state["learn_error"] = error  # shown once, by the run this starts
        return
    correct = answer == check.answer
    record_attempt(Attempt("learn", seed, answer, check.answer, correct, {"lesson": lesson.id}))
    outcome = {"key": (lesson.id, seed), "answer": answer, "correct": correct}
    st.session_state["learn_result"] = outcome


if result is None:
    with st.form("learn_form", enter_to_submit=True):
        if check.choices:
            st.radio(check.question, check.choices, key="learn_choice", index=None)
        else:
            st.text_input(
                check.question,
                key="learn_answer",
                placeholder=_("a whole number from {low} to {high}").format(
                    low=fmt_int(0), high=fmt_int(check.maximum)
                ),
            )
        st.form_submit_button(_("Check"), type="primary", key="learn_submit", on_click=_check)
    error = st.session_state.pop("learn_error", None)
    if error:
        st.error(error, icon=":material/edit:")
else:
    st.markdown(check.question)
    if result["correct"]:
        st.success(
            _("Right: {answer}.").format(answer=_shown(check.answer)),
            icon=":material/check_circle:",
        )
    else:
        st.error(
            _("Not quite: you said {given}, the answer is {answer}.").format(
                given=_shown(result["answer"]), answer=_shown(check.answer)
            ),
            icon=":material/cancel:",
        )
    st.info(check.explanation, icon=":material/lightbulb:")
    st.button(_("Try another question"), key="learn_again", on_click=_another_example)

previous, following = st.columns(2)
if index > 0:
    previous.button(_("← Previous lesson"), key="learn_prev", on_click=_go_to, args=(index - 1,))
if index < len(LESSONS) - 1:
    following.button(
        _("Next lesson →"), key="learn_next", on_click=_go_to, args=(index + 1,), type="primary"
    )
else:
    following.page_link(
        "pages/2_Count_the_hand.py",
        label=_("Now practise: Count the hand"),
        icon=":material/calculate:",
        query_params=link_params(),
    )
