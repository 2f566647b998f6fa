"""The progress page's parts about the quizzes: the learner's answers in figures and charts, recall
on review, the weak spots with their drills, and the answers' export (``pages/5_Progress.py``).

The figures are :mod:`tutor.progress` (pure); this module draws them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import pandas as pd
import streamlit as st

from tutor import progress
from tutor.clock import today
from tutor.frame.profile import learner_params
from tutor.frame.tables import figures_table
from tutor.lang.i18n import _, fmt_int, fmt_percent, kind_name, rating_text
from tutor.rating.service import (
    RATED_KINDS,
    store_history,
    store_question_ratings,
    store_rating,
)
from tutor.rating.skills import LEARNER_START, SKILLS, skill_of
from tutor.store import SERVED_REVIEW_KINDS, Store

__all__ = ["PAGE_COLUMNS", "answers", "export", "ratings", "recall", "themes", "weak_spots"]

ROOT: Final = Path(__file__).resolve().parents[2]
#: The quiz pages that run the weak-spot drill when opened with ?drill=weak, with their links' words.
DRILL_PAGE: Final = "pages/2_Count_the_hand.py"
PEGGING_DRILL_PAGE: Final = "pages/3_Pegging_quiz.py"
TRAINER_DRILL_PAGE: Final = "pages/7_Pegging_trainer.py"
REVIEW_PAGE: Final = "pages/9_Review.py"
#: The attempt columns the progress page reads (one read serves every table, chart and the weak spots).
PAGE_COLUMNS: Final = (
    "kind",
    "seed",
    "correct",
    "categories",
    "categories_missed",
    "seconds",
    "created_at",
)


def answers(attempts: pd.DataFrame) -> None:
    """The quizzes' answers (no game decision among them): the totals and streaks, each quiz's
    figures, accuracy over time, and by scoring category."""
    if attempts.empty:
        st.info(_("No answers recorded yet: answer a few quiz questions and come back."))
        return
    streak = progress.streaks(attempts["correct"])
    answered, right = len(attempts), int(attempts["correct"].sum())
    cols = st.columns(4)
    cols[0].metric(_("Answered"), fmt_int(answered))
    cols[1].metric(_("Accuracy"), fmt_percent(right / answered))
    cols[2].metric(_("Current streak"), fmt_int(streak.current))
    cols[3].metric(_("Best streak"), fmt_int(streak.best))

    st.header(_("By quiz"))
    figures_table(
        progress.named(progress.summary_by_quiz(attempts), "kind", progress.quiz_name),
        {
            "kind": _("Quiz"),
            "answered": _("Answered"),
            "right": _("Right"),
            "accuracy": _("Accuracy"),
            "mean_seconds": _("Seconds per answer"),
        },
        percent={"accuracy"},
    )

    st.header(_("Accuracy over time"))
    daily = progress.daily_accuracy(attempts)
    quizzes = progress.series_scale(daily["kind"], progress.quiz_name, progress.QUIZ_COLOURS)
    st.altair_chart(
        progress.daily_accuracy_chart(
            progress.named(daily, "kind", progress.quiz_name),
            "kind",
            _("Quiz"),
            "answered",
            quizzes,
        ),
        width="stretch",
    )

    st.header(_("By scoring category"))
    categories = progress.named(progress.category_accuracy(attempts), "category", kind_name)
    if categories.empty:
        st.caption(_("No category details recorded yet."))
        return
    # the table above its chart, not beside it: a long name ("Playing for the go and the last
    # card", longer in Hindi) takes most of the width beside a chart
    figures_table(
        categories,
        {
            "category": _("Category"),
            "questions": _("Questions"),
            "missed": _("Missed"),
            "accuracy": _("Accuracy"),
        },
        percent={"accuracy"},
    )
    by_category = progress.daily_category_accuracy(attempts)
    colours = progress.series_scale(by_category["category"], kind_name, progress.CATEGORY_COLOURS)
    st.altair_chart(
        progress.daily_accuracy_chart(
            progress.named(by_category, "category", kind_name),
            "category",
            _("Category"),
            "questions",
            colours,
        ),
        width="stretch",
    )


def _skill_names() -> dict[str, str]:
    return {
        "hand": _("Counting hands"),
        "crib": _("Counting cribs"),
        "pegging": _("Pegging points"),
        "peg_play": _("Pegging play"),
        "discard": _("Discards"),
        "game": _("Whole games"),
    }


#: Each weak-spot area's drill: the page that practises its weakest theme, and the link's words.
def _next_steps() -> dict[str, tuple[str, dict[str, str], str]]:
    return {
        "show": (DRILL_PAGE, {"drill": "weak"}, _("Count hands that practise it")),
        "play": (
            PEGGING_DRILL_PAGE,
            {"drill": "weak"},
            _("Answer pegging questions that practise it"),
        ),
        "trainer": (
            TRAINER_DRILL_PAGE,
            {"drill": "weak"},
            _("Play pegging positions that practise it"),
        ),
        "games": (REVIEW_PAGE, {}, _("Go over the decisions from your games that are due")),
    }


def ratings(db: Store, name: str) -> None:
    """Each rated skill's rating with its deviation (``tutor.rating``)."""
    st.header(_("Your ratings"))
    st.caption(
        _(
            "One rating a skill, worked out as chess puzzle sites do: everyone starts at {start}, "
            "and the number after ± says how sure it is. Only your first try at each question "
            "counts, and a quick right count counts more than a slow one."
        ).format(start=fmt_int(round(LEARNER_START.rating)))
    )
    names = _skill_names()
    found = []
    for kind in RATED_KINDS:
        skill = skill_of(kind)
        if skill is None:
            continue
        rating, answered = store_rating(db, name, skill)
        if answered:
            found.append((names[skill], rating))
    if not found:
        st.caption(_("No rated answers yet: count a few hands on Count the hand."))
        return
    cols = st.container(key="progress_ratings").columns(len(found))
    for col, (label, rating) in zip(cols, found, strict=True):
        col.metric(label, rating_text(rating.rating, rating.deviation))
    history = pd.DataFrame(store_history(db, name), columns=["skill", "day", "rating", "deviation"])
    if not history.empty:
        st.subheader(_("Your ratings over time"))
        st.caption(
            _(
                "Each line is a skill's rating at the end of each day you answered its questions; "
                "the shaded band around it is the rating less and plus its deviation."
            )
        )
        st.altair_chart(
            progress.rating_history_chart(history, names), width="stretch", key="progress_history"
        )


def themes(db: Store, name: str, every_answer: pd.DataFrame) -> None:
    """The themes (scoring kinds, pegging spot kinds, game decision kinds) scored as lichess
    scores puzzle themes (``tutor.progress.theme_scores``), the weak ones marked, and one next
    step: a link to the drill of the weakest theme."""
    if every_answer.empty:
        return
    questions = store_question_ratings(db, name)
    mine = {s: store_rating(db, name, s)[0].rating for s in SKILLS}

    def rating_of(kind: str, seed: str) -> float:
        skill = skill_of(kind)
        if skill is None:
            return LEARNER_START.rating
        return questions.get((skill, seed), mine.get(skill, LEARNER_START.rating))

    table, overall = progress.theme_scores(every_answer, rating_of)
    if table.empty:
        return
    st.header(_("Your themes"))
    st.caption(
        _(
            "Each theme is scored as chess puzzle sites score theirs: the average rating of its "
            "questions you tried, less {minus}, plus {plus} times the share you got right at the "
            "first try. A question nobody has rated yet counts at your own rating. A theme is weak "
            "when you missed at least {failures} of its questions at the first try and it scores "
            "below all your answers in its area."
        ).format(minus=fmt_int(500), plus=fmt_int(1000), failures=fmt_int(progress.THEME_FAILURES))
    )
    weak_label, fine_label = _("Weak"), _("Fine")
    shown = pd.DataFrame(
        {
            "area": [progress.area_name(a) for a in table["area"]],
            "theme": [kind_name(c) for c in table["category"]],
            "tries": table["tries"],
            "accuracy": [w / t for w, t in zip(table["first_wins"], table["tries"], strict=True)],
            "score": table["performance"],
            "area_score": [overall[a] for a in table["area"]],
            "weak": [weak_label if w else fine_label for w in table["weak"]],
        }
    )
    with st.container(key="progress_themes"):
        figures_table(
            shown,
            {
                "area": _("Area"),
                "theme": _("Theme"),
                "tries": _("First tries"),
                "accuracy": _("Right at the first try"),
                "score": _("Score"),
                "area_score": _("Area's score"),
                "weak": _("Weak?"),
            },
            percent={"accuracy"},
        )
    weakest = table[table["weak"]]
    with st.container(key="progress_next_step"):
        st.subheader(_("Your next step"))
        if weakest.empty:
            st.write(_("No weak theme: practise at your level to keep your ratings moving."))
            st.page_link(
                DRILL_PAGE,
                label=_("Practise at my level"),
                icon=":material/trending_up:",
                query_params={**learner_params(), "level": "normal"},
            )
            return
        top = weakest.iloc[0]
        page, params, label = _next_steps()[str(top["area"])]
        st.write(
            _("Your weakest theme is {theme} in {area}, scoring {score}.").format(
                theme=kind_name(str(top["category"])),
                area=progress.area_name(str(top["area"])),
                score=fmt_int(int(top["performance"])),
            )
        )
        if (ROOT / page).exists():
            st.page_link(
                page,
                label=label,
                icon=":material/target:",
                query_params={**learner_params(), **params},
            )


def recall(db: Store, name: str) -> None:
    """The questions on review: how many are due today, and recall by the days since each was asked."""
    st.header(_("Review: recall by interval"))
    st.caption(
        _("Due today: {n}").format(n=fmt_int(db.due_count(name, today(), SERVED_REVIEW_KINDS)))
        + " · "
        + _(
            "Answers on review right at the first try, by the days since the question was last asked."
        )
    )
    table = progress.recall_table(db.recall(name))
    if table.empty:
        st.caption(_("No answers on review yet."))
        return
    figures_table(
        table,
        {
            "interval_days": _("Days since last asked"),
            "asked": _("Asked"),
            "right": _("Right at the first try"),
            "recall": _("Recall"),
        },
        percent={"recall"},
    )


def weak_spots(every_answer: pd.DataFrame) -> None:
    """The weak spots (the quizzes' answers and the games' decisions, each area weighed by its own)
    as a chart, and a link to each drill that deals them."""
    st.header(_("Weak spots"))
    weak = progress.weak_spot_table(every_answer)
    if weak.empty:
        st.caption(_("Nothing to drill: no recent misses."))
    else:
        st.write(_("Recent misses count most; a right answer later makes them count less."))
        st.caption(
            _("Each area is weighed by its own answers, and its drill deals what you miss there.")
        )
        st.altair_chart(progress.weak_spot_chart(weak), width="stretch")
    drills = (
        (DRILL_PAGE, _("Practise my weak spots"), ":material/target:"),
        (PEGGING_DRILL_PAGE, _("Practise my weak spots in pegging"), ":material/playing_cards:"),
        (
            TRAINER_DRILL_PAGE,
            _("Practise my weak spots in the pegging trainer"),
            ":material/swipe_up:",
        ),
    )
    for page, label, icon in drills:
        if (ROOT / page).exists():
            st.page_link(
                page, label=label, icon=icon, query_params={**learner_params(), "drill": "weak"}
            )


def export(db: Store, name: str, every_answer: pd.DataFrame) -> None:
    """The learner's answers as a CSV file, built only when the button is clicked."""
    if every_answer.empty:
        return
    st.download_button(
        _("Download my answers (CSV)"),
        data=lambda: db.export_csv(name),  # built only when clicked
        file_name="cribbage-progress.csv",
        mime="text/csv",
        on_click="ignore",
    )
