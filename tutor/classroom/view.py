"""The Class page's parts: a learner's classes (join with a code, leave), a teacher's classes
(create one, its join code and link, other teachers, archive), the class table and a member's
progress read-only.

Who may see what is the store's to decide (``tutor.store.classes``); a refusal comes back as
an empty answer or a ``ClassError`` whose reason is worded here.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from tutor import progress
from tutor.classroom.cards_view import accounts_part
from tutor.classroom.messages import refusal_text, say, show_message
from tutor.classroom.table import CHANGE_DAYS, class_table, table_csv
from tutor.classroom.task_view import task_columns, task_line, tasks_part
from tutor.clock import today
from tutor.frame.profile import learner_params, visitor_store
from tutor.frame.render import plain_html
from tutor.frame.tables import figures_table
from tutor.frame.urlstate import set_url_param
from tutor.lang.i18n import (
    LANG_KEY,
    _,
    available_languages,
    current_language,
    fmt_int,
    kind_name,
    language_name,
    list_text,
    rating_text,
)
from tutor.rating.skills import SKILLS
from tutor.store import (
    ClassError,
    SchoolClass,
    Store,
    shown_code,
)
from tutor.store.classes import MAX_CLASS_NAME_LENGTH

__all__ = [
    "CLASS_KEY",
    "JOIN_KEY",
    "MEMBER_KEY",
    "PAGE",
    "learner_classes",
    "member_progress",
    "teacher_classes",
]

PAGE = "pages/13_Class.py"
PAGE_ADDRESS = "Class"  # the page's path in the address (Streamlit names it from the file)
CLASS_KEY = "class"  # ?class=<id>: the teacher's class on show
MEMBER_KEY = "member"  # ?member=<learner id>: that member's progress, read-only
JOIN_KEY = "join"  # ?join=<code>: the join link's code, put in the box


def skill_names() -> dict[str, str]:
    """Each skill's name (the Progress page's words)."""
    return {
        "hand": _("Counting hands"),
        "crib": _("Counting cribs"),
        "pegging": _("Pegging points"),
        "peg_play": _("Pegging play"),
        "discard": _("Discards"),
        "game": _("Whole games"),
    }


def _class_name_html(name: str) -> str:
    return f"<b><bdi>{plain_html(name)}</bdi></b>"


# ---------------------------------------------------------------------------------------------
# A learner's classes


def _join(name: str) -> None:
    typed = str(st.session_state.get("class_join_code", ""))
    try:
        joined = visitor_store().join_class(name, typed)
    except ClassError as error:
        say("error", refusal_text(error))
        return
    if joined is None:
        say("error", _("You could not join now: your progress is not being saved."))
        return
    st.session_state["class_join_code"] = ""
    if JOIN_KEY in st.query_params:
        del st.query_params[JOIN_KEY]
    klass, new = joined
    text = (
        _("You joined {name}. Your progress stays yours.")
        if new
        else _("You are in {name} already.")
    )
    say("success", text.format(name=klass.name))


def _leave(name: str, klass: SchoolClass) -> None:
    if visitor_store().leave_class(name, klass.id):
        say(
            "success",
            _("You left {name}: its teachers see nothing more of your progress.").format(
                name=klass.name
            ),
        )


def learner_classes(db: Store, name: str) -> None:
    """The classes the learner is in, each with "Leave", and the box to join one by its code."""
    st.header(_("Your classes"))
    show_message()
    joined = db.classes_joined(name)
    if not joined:
        st.caption(_("You are in no class yet. A teacher gives you a join code."))
    for klass in joined:
        with st.container(border=True, key=f"class_joined_{klass.id}"):
            left, right = st.columns([3, 1], vertical_alignment="center")
            left.html(_class_name_html(klass.name))
            right.button(
                _("Leave"), key=f"class_leave_{klass.id}", on_click=_leave, args=(name, klass)
            )
    for progress_now in db.my_tasks(name, today()):
        task_line(progress_now)
    offered = st.query_params.get(JOIN_KEY)
    if offered and "class_join_code" not in st.session_state:
        st.session_state["class_join_code"] = offered[:40]
    with st.form("class_join", border=True):
        st.text_input(_("Join code"), key="class_join_code", max_chars=40)
        st.caption(
            _(
                "While you are in a class, its teachers see your progress: your answers, "
                "ratings and games. You can leave at any time."
            )
        )
        st.form_submit_button(_("Join the class"), type="primary", on_click=_join, args=(name,))


# ---------------------------------------------------------------------------------------------
# A teacher's classes


def _create(name: str) -> None:
    state = st.session_state
    try:
        made = visitor_store().create_class(
            name, str(state.get("class_new_name", "")), str(state.get("class_new_language"))
        )
    except ClassError as error:
        say("error", refusal_text(error))
        return
    if made is None:
        say("error", _("The class was not made: your progress is not being saved."))
        return
    state["class_new_name"] = ""
    state["class_chosen"] = made.id
    say(
        "success",
        _("The class {name} is made. Give your learners its join code.").format(name=made.name),
    )


def _add_teacher(name: str, class_id: int) -> None:
    other = str(st.session_state.get("class_other_teacher", "")).strip()
    st.session_state["class_other_teacher"] = ""
    try:
        added = visitor_store().add_teacher(name, class_id, other) if other else None
    except ClassError as error:
        say("error", refusal_text(error))
        return
    if added:
        say("success", _("{name} teaches this class too.").format(name=other))
    elif added is False:
        say("success", _("{name} teaches this class already.").format(name=other))


def _archive(name: str, class_id: int, archived: bool) -> None:
    visitor_store().archive_class(name, class_id, archived)


def join_link(code: str) -> str:
    """The address that opens the Class page with ``code`` in the join box."""
    try:
        base = str(st.context.url or "")
    except Exception:  # noqa: BLE001 - no request (a test run): a link from the page's path
        base = ""
    root = base.split("?", 1)[0].rsplit("/", 1)[0] + "/" if "://" in base else ""
    return f"{root}{PAGE_ADDRESS}?{urlencode({JOIN_KEY: shown_code(code)})}"


def teacher_classes(db: Store, name: str) -> None:
    """Making a class, and the chosen class of this teacher: its code, teachers and table."""
    st.header(_("Teach a class"))
    if not db.may_teach(name):
        st.info(
            _(
                "To teach a class, protect your name with a PIN first (on the Progress page): "
                "then only you can open your classes."
            ),
            icon=":material/lock:",
        )
        st.page_link(
            "pages/5_Progress.py",
            label=_("Progress"),
            icon=":material/insights:",
            query_params=learner_params(),
        )
        return
    with (
        st.expander(_("Make a new class"), icon=":material/add:"),
        st.form("class_new", border=False),
    ):
        st.text_input(_("The class's name"), key="class_new_name", max_chars=MAX_CLASS_NAME_LENGTH)
        languages = available_languages()
        st.session_state.setdefault("class_new_language", current_language())
        st.selectbox(
            _("The class's language"),
            languages,
            format_func=language_name,
            key="class_new_language",
        )
        st.form_submit_button(_("Make the class"), on_click=_create, args=(name,))
    taught = db.classes_taught(name)
    if not taught:
        st.caption(_("You teach no class yet."))
        return
    by_id = {c.id: c for c in taught}
    asked = st.query_params.get(CLASS_KEY, "")
    if asked.isdigit() and int(asked) in by_id and "class_chosen" not in st.session_state:
        st.session_state["class_chosen"] = int(asked)
    if st.session_state.get("class_chosen") not in by_id:
        st.session_state["class_chosen"] = taught[0].id
    st.selectbox(
        _("Your class"),
        list(by_id),
        format_func=lambda i: by_id[i].name,
        key="class_chosen",
    )
    klass = by_id[int(st.session_state["class_chosen"])]
    set_url_param(CLASS_KEY, str(klass.id))
    class_panel(db, name, klass)


def class_panel(db: Store, teacher: str, klass: SchoolClass) -> None:
    """One class: its join code and link, its teachers, archiving, and its table."""
    with st.container(border=True, key="class_code"):
        st.markdown(_("Join code: **{code}**").format(code=shown_code(klass.join_code)))
        st.caption(
            _("{language} · Learners type the code on this page, or open this link:").format(
                language=language_name(klass.language)
            )
        )
        st.code(join_link(klass.join_code), language=None)
        if klass.archived:
            st.caption(_("This class is archived: it takes no new learners."))
    left, right = st.columns(2)
    with left.popover(_("Teachers"), icon=":material/group:"):
        st.write(list_text(db.class_teachers(teacher, klass.id)))
        with st.form("class_add_teacher", border=False):
            st.text_input(
                _("Another teacher's name"),
                key="class_other_teacher",
                max_chars=40,
                help=_("They must have protected their name with a PIN."),
            )
            st.form_submit_button(
                _("Add the teacher"), on_click=_add_teacher, args=(teacher, klass.id)
            )
    right.button(
        _("Open the class again") if klass.archived else _("Archive the class"),
        key="class_archive",
        on_click=_archive,
        args=(teacher, klass.id, not klass.archived),
    )
    tasks_part(db, teacher, klass)
    accounts_part(db, teacher, klass)
    class_table_part(db, teacher, klass)


def _weak_name(area: str, category: str) -> str:
    return kind_name(category)


def class_table_part(db: Store, teacher: str, klass: SchoolClass) -> None:
    """The class table: one row a member, sortable, a filter by name, a CSV download and a
    link to each member's progress."""
    st.subheader(_("The class table"))
    figures = db.class_figures(teacher, klass.id)
    if figures is None or not figures.members:
        st.caption(_("No learner has joined this class yet."))
        return
    table = class_table(
        figures,
        weak_names=_weak_name,
        join=list_text,
        band_names=lambda band: _(progress.BAND_NAMES[band]),
        yes_no=lambda done: _("Yes") if done else _("No"),
    )
    task_headers = task_columns(db, teacher, klass, table)
    names = skill_names()
    rated = [s for s in SKILLS if table[s].notna().any()]
    shown_skills = st.multiselect(
        _("Skills to show"),
        SKILLS,
        default=rated,
        format_func=lambda s: names[s],
        placeholder=_("Choose the skills"),
        key="class_skills",
    )
    wanted = st.text_input(_("Find a learner"), key="class_filter", max_chars=40)
    if wanted.strip():
        table = table[
            table["name"].str.casefold().str.contains(wanted.strip().casefold(), regex=False)
        ]
    params = {**learner_params(), LANG_KEY: current_language(), CLASS_KEY: str(klass.id)}
    table = table.assign(
        open=[
            f"{PAGE_ADDRESS}?{urlencode({**params, MEMBER_KEY: str(i)})}"
            for i in table["learner_id"]
        ]
    )
    headers = {**_headers(shown_skills), **task_headers}
    config: dict[str, object] = {
        "name": st.column_config.TextColumn(_("Learner"), pinned=True),
        "open": st.column_config.LinkColumn(_("Progress"), display_text=_("Open")),
        "accuracy": st.column_config.NumberColumn(headers["accuracy"], format="%.1f%%"),
        "performance": st.column_config.NumberColumn(
            headers["performance"],
            format="%.2f",
            help=_(
                "The mean, over the learner's reviewed games, of each game's points lost per "
                "decision with a real choice: the smaller, the stronger. The band is where that "
                "mean falls among the computer's levels, as on the game review."
            ),
        ),
        "first_game": st.column_config.TextColumn(
            headers["first_game"],
            help=_(
                "Whether the learner has played the coached first game to the end of its deal. "
                "The app keeps it when their game gets there."
            ),
        ),
        "last_active": st.column_config.DateColumn(headers["last_active"]),
    }
    for key, label in task_headers.items():  # a task's long name stays whole in its help
        config[key] = st.column_config.TextColumn(label, width="medium", help=label)
    for key, label in headers.items():
        config.setdefault(key, st.column_config.Column(label))
    st.dataframe(
        table,
        hide_index=True,
        column_order=["name", *headers, "open"],
        column_config=config,  # type: ignore[arg-type]
        key="class_table",
    )
    st.caption(
        _(
            "Each rating is shown with its deviation (±): the smaller, the surer. The changes are "
            "over the last {week} and {month} days. A click on a column's name sorts by it."
        ).format(week=fmt_int(CHANGE_DAYS[0]), month=fmt_int(CHANGE_DAYS[1]))
    )
    st.download_button(
        _("Download the table (CSV)"),
        data=table_csv(table, {"name": _("Learner"), **headers}),
        file_name="cribbage-class.csv",
        mime="text/csv",
        icon=":material/download:",
        key="class_csv",
    )


def _headers(skills: list[str]) -> dict[str, str]:
    names = skill_names()
    headers: dict[str, str] = {}
    for skill in skills:
        headers[skill] = names[skill]
        headers[f"{skill}_dev"] = _("{skill} ±").format(skill=names[skill])
        for days in CHANGE_DAYS:
            headers[f"{skill}_{days}"] = _("{skill}: change in {n} days").format(
                skill=names[skill], n=fmt_int(days)
            )
    headers.update(
        {
            "answers": _("Answers"),
            "accuracy": _("Accuracy"),
            "minutes": _("Minutes practised"),
            "games": _("Games played"),
            "first_game": _("First game done"),
            "performance": _("Points lost per decision in games"),
            "band": _("Performance band"),
            "weak": _("Weak themes"),
            "last_active": _("Last active"),
        }
    )
    return headers


# ---------------------------------------------------------------------------------------------
# A member's progress, read-only


def member_progress(db: Store, teacher: str, class_id: str, member: str) -> None:
    """One member's progress for a teacher of the class: ratings, answers by quiz and weak
    spots, read-only. Anyone else (or a learner who left) is told there is nothing to show."""
    klass = db.class_of(teacher, int(class_id)) if class_id.isdigit() else None
    who = (
        db.member_learner(teacher, klass.id, int(member))
        if klass is not None and member.isdigit()
        else None
    )
    back = {**learner_params(), LANG_KEY: current_language()}
    if klass is not None:
        back[CLASS_KEY] = str(klass.id)
    if klass is None or who is None:
        st.warning(_("There is nothing to show here: not a learner of a class you teach."))
        st.page_link(
            PAGE, label=_("Back to your classes"), icon=":material/arrow_back:", query_params=back
        )
        return
    st.header(_("Progress of {name} (read-only)").format(name=who.name))
    st.caption(_("In your class {name}.").format(name=klass.name))
    ratings = db.member_ratings(teacher, klass.id, who.id) or {}
    names = skill_names()
    found = [(names[s], ratings[s]) for s in SKILLS if s in ratings]
    if found:
        for col, (label, rating) in zip(st.columns(len(found)), found, strict=True):
            col.metric(label, rating_text(rating.rating, rating.deviation))
    answers = db.member_attempts(
        teacher, klass.id, who.id, ["kind", "seed", "correct", "seconds", "categories",
                                    "categories_missed", "created_at"]
    )  # fmt: skip
    if answers is None or answers.empty:
        st.caption(_("No answers yet."))
    else:
        quizzes = answers[answers["kind"] != progress.GAME_DECISIONS]
        if not quizzes.empty:
            figures_table(
                progress.named(progress.summary_by_quiz(quizzes), "kind", progress.quiz_name),
                {
                    "kind": _("Quiz"),
                    "answered": _("Answered"),
                    "right": _("Right"),
                    "accuracy": _("Accuracy"),
                    "mean_seconds": _("Seconds per answer"),
                },
                percent={"accuracy"},
            )
        weak = progress.weak_spot_table(answers)
        if not weak.empty:
            st.subheader(_("Weak spots"))
            st.dataframe(
                pd.DataFrame(
                    {
                        _("Area"): [progress.area_name(a) for a in weak["area"]],
                        _("Category"): [kind_name(c) for c in weak["category"]],
                    }
                ),
                hide_index=True,
            )
    st.page_link(
        PAGE, label=_("Back to your classes"), icon=":material/arrow_back:", query_params=back
    )
