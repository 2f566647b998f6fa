"""Progress: accuracy over time per quiz and per category, streaks, games, weak spots, CSV."""

from pathlib import Path

import streamlit as st

from tutor import progress
from tutor.clock import today
from tutor.frame.menu import link_params, setup_page
from tutor.frame.pin import pin_settings
from tutor.frame.profile import learner_params, learner_widget
from tutor.frame.render import bold
from tutor.frame.status import show_status
from tutor.lang.i18n import N_, _, fmt_date, fmt_int, fmt_percent, kind_name, ltr
from tutor.store import SERVED_REVIEW_KINDS, open_store

# The quiz pages that run the weak-spot drill when opened with ?drill=weak.
DRILL_PAGE = "pages/2_Count_the_hand.py"
PEGGING_DRILL_PAGE = "pages/3_Pegging_quiz.py"
REVIEW_PAGE = "pages/8_Game_review.py"
TRAINER_DRILL_PAGE = "pages/7_Pegging_trainer.py"
PAGE_COLUMNS = ("kind", "correct", "categories", "categories_missed", "seconds", "created_at")

setup_page("pages/5_Progress.py", N_("Progress"))
st.title(_("Your progress"))
name = learner_widget()
db = open_store()
show_status(db)
if name is None:
    st.stop()
pin_settings(name)

# One read serves every table, chart and the weak spots (10,000 attempts: tens of ms).
attempts = db.attempts_frame(name, columns=PAGE_COLUMNS)
every_answer = attempts  # the weak spots weigh the games' decisions too, each area apart
attempts = attempts[attempts["kind"] != progress.GAME_DECISIONS]  # the quizzes' figures: answers only
games = db.games_frame(name)

if attempts.empty:
    st.info(_("No answers recorded yet: answer a few quiz questions and come back."))
else:
    streak = progress.streaks(attempts["correct"])
    answered, right = len(attempts), int(attempts["correct"].sum())
    cols = st.columns(4)
    cols[0].metric(_("Answered"), fmt_int(answered))
    cols[1].metric(_("Accuracy"), fmt_percent(right / answered))
    cols[2].metric(_("Current streak"), fmt_int(streak.current))
    cols[3].metric(_("Best streak"), fmt_int(streak.best))

    st.header(_("By quiz"))
    st.dataframe(
        progress.named(progress.summary_by_quiz(attempts), "kind", progress.quiz_name),
        hide_index=True,
        column_config={
            "kind": _("Quiz"),
            "answered": _("Answered"),
            "right": _("Right"),
            "accuracy": st.column_config.NumberColumn(_("Accuracy"), format="percent"),
            "mean_seconds": _("Seconds per answer"),
        },
    )

    st.header(_("Accuracy over time"))
    daily = progress.named(progress.daily_accuracy(attempts), "kind", progress.quiz_name)
    st.altair_chart(progress.daily_accuracy_chart(daily, "kind", _("Quiz"), "answered"), width="stretch")

    st.header(_("By scoring category"))
    categories = progress.named(progress.category_accuracy(attempts), "category", kind_name)
    if categories.empty:
        st.caption(_("No category details recorded yet."))
    else:
        left, right_col = st.columns([2, 3])
        left.dataframe(
            categories,
            hide_index=True,
            column_config={
                "category": _("Category"),
                "questions": _("Questions"),
                "missed": _("Missed"),
                "accuracy": st.column_config.NumberColumn(_("Accuracy"), format="percent"),
            },
        )
        by_category = progress.named(progress.daily_category_accuracy(attempts), "category", kind_name)
        right_col.altair_chart(
            progress.daily_accuracy_chart(by_category, "category", _("Category"), "questions"), width="stretch"
        )

st.header(_("Review: recall by interval"))
st.caption(
    _("Due today: {n}").format(n=fmt_int(db.due_count(name, today(), SERVED_REVIEW_KINDS))) + " · "
    + _("Answers on review right at the first try, by the days since the question was last asked.")
)  # fmt: skip
recall = progress.recall_table(db.recall(name))
if recall.empty:
    st.caption(_("No answers on review yet."))
else:
    st.dataframe(
        recall,
        hide_index=True,
        column_config={
            "interval_days": _("Days since last asked"),
            "asked": _("Asked"),
            "right": _("Right at the first try"),
            "recall": st.column_config.NumberColumn(_("Recall"), format="percent"),
        },
    )

st.header(_("Games against the computer"))
if games.empty:
    st.caption(_("No finished games yet."))
else:
    st.dataframe(
        progress.named(progress.games_by_level(games), "opponent_level", progress.level_name),
        hide_index=True,
        column_config={
            "opponent_level": _("Opponent"),
            "played": _("Played"),
            "won": _("Won"),
            "lost": _("Lost"),
            "skunks_given": _("Skunks given"),
            "skunked": _("Skunked"),
            "muggins_lost": _("Points lost to muggins"),
        },
    )

    st.markdown(bold(_("Your skill over time")))
    figures = progress.named(progress.skill_frame(games), "opponent_level", progress.level_name)
    if figures.empty:
        st.caption(_("No game has its skill figure yet: finish a game, or open the review of a past one."))
    else:
        chart = progress.skill_chart(figures).properties(description=progress.skill_summary(figures))
        event = st.altair_chart(chart, width="stretch", on_select="rerun", key="progress_skill")
        st.caption(_("Points lost on average per decision with a real choice, against the best play the coach "
                     "knows: lower is better. Click a game to open its review."))  # fmt: skip
        st.caption(progress.bot_lines_caption())
        picked = progress.picked_game(event.selection if event else None)
        if picked is not None and picked in set(games["id"]):
            when = games.loc[games["id"] == picked, "finished_at"].iloc[0]
            st.page_link(REVIEW_PAGE, label=_("Open the review of the game of {date}").format(date=fmt_date(when.date())),
                         icon=":material/rate_review:", query_params={**link_params(), "game": picked})  # fmt: skip

    recent = games.tail(10).iloc[::-1]
    st.markdown(bold(_("Review a game")))
    for game in recent.itertuples():
        scores = ltr(" – ".join(fmt_int(s) for s in game.scores))
        won = _("won") if game.learner_won else _("lost")
        st.page_link(
            REVIEW_PAGE,
            label=_("{date}: against {level}, {scores}, {result}").format(
                date=game.finished_at.strftime("%Y-%m-%d"), level=progress.level_name(game.opponent_level),
                scores=scores, result=won,
            ),
            icon=":material/rate_review:",
            query_params={**link_params(), "game": game.id},
        )  # fmt: skip

st.header(_("Weak spots"))
weak = progress.weak_spot_table(every_answer)
if weak.empty:
    st.caption(_("Nothing to drill: no recent misses."))
else:
    st.write(_("Recent misses count most; a right answer later makes them count less."))
    st.caption(_("Each area is weighed by its own answers, and its drill deals what you miss there."))
    st.altair_chart(progress.weak_spot_chart(weak), width="stretch")
if (Path(__file__).resolve().parent.parent / DRILL_PAGE).exists():
    st.page_link(
        DRILL_PAGE,
        label=_("Practise my weak spots"),
        icon=":material/target:",
        query_params={**learner_params(), "drill": "weak"},
    )
if (Path(__file__).resolve().parent.parent / PEGGING_DRILL_PAGE).exists():
    st.page_link(
        PEGGING_DRILL_PAGE,
        label=_("Practise my weak spots in pegging"),
        icon=":material/playing_cards:",
        query_params={**learner_params(), "drill": "weak"},
    )
if (Path(__file__).resolve().parent.parent / TRAINER_DRILL_PAGE).exists():
    st.page_link(
        TRAINER_DRILL_PAGE,
        label=_("Practise my weak spots in the pegging trainer"),
        icon=":material/swipe_up:",
        query_params={**learner_params(), "drill": "weak"},
    )

if not every_answer.empty:
    st.download_button(
        _("Download my answers (CSV)"),
        data=lambda: db.export_csv(name),  # built only when clicked
        file_name="cribbage-progress.csv",
        mime="text/csv",
        on_click="ignore",
    )
