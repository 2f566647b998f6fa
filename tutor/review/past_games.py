"""The learner's past games on the progress page: the games by opponent level, each game's skill
figure over time (a click on a game opens its review) and links to the last ten games' reviews."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from tutor import progress
from tutor.frame.menu import link_params
from tutor.frame.render import bold
from tutor.frame.tables import figures_table
from tutor.lang.i18n import _, fmt_date, fmt_int, ltr
from tutor.review.view import PAGE as REVIEW_PAGE

__all__ = ["past_games"]

#: The games listed with a link to their review, the latest first.
LINKED_GAMES = 10


def past_games(games: pd.DataFrame) -> None:
    """The learner's finished games (``Store.games_frame``): the table by opponent level, the
    skill chart and the review links."""
    st.header(_("Games against the computer"))
    if games.empty:
        st.caption(_("No finished games yet."))
        return
    figures_table(
        progress.named(progress.games_by_level(games), "opponent_level", progress.level_name),
        {
            "opponent_level": _("Opponent"),
            "played": _("Played"),
            "won": _("Won"),
            "lost": _("Lost"),
            "skunks_given": _("Skunks given"),
            "skunked": _("Skunked"),
            "muggins_lost": _("Points lost to muggins"),
        },
    )
    skill_over_time(games)
    review_links(games)


def skill_over_time(games: pd.DataFrame) -> None:
    """Each game's skill figure over time beside the bots' typical figures; a click on a game
    offers the link to its review."""
    st.markdown(bold(_("Your skill over time")))
    figures = progress.named(progress.skill_frame(games), "opponent_level", progress.level_name)
    if figures.empty:
        st.caption(
            _("No game has its skill figure yet: finish a game, or open the review of a past one.")
        )
        return
    chart = progress.skill_chart(figures).described(progress.skill_summary(figures))
    event = st.vega_lite_chart(
        spec=chart.vega_lite(), width="stretch", on_select="rerun", key="progress_skill"
    )
    st.caption(
        _(
            "Points lost on average per decision with a real choice, against the best play the coach "
            "knows: lower is better. Click a game to open its review."
        )
    )
    st.caption(progress.bot_lines_caption())
    picked = progress.picked_game(event.selection if event else None)
    if picked is not None and picked in set(games["id"]):
        when = games.loc[games["id"] == picked, "finished_at"].iloc[0]
        st.page_link(
            REVIEW_PAGE,
            label=_("Open the review of the game of {date}").format(date=fmt_date(when.date())),
            icon=":material/rate_review:",
            query_params={**link_params(), "game": picked},
        )


def review_links(games: pd.DataFrame) -> None:
    """A link to the review of each of the last ten games, the latest first."""
    st.markdown(bold(_("Review a game")))
    for game in games.tail(LINKED_GAMES).iloc[::-1].to_dict("records"):
        scores = ltr(" – ".join(fmt_int(s) for s in game["scores"]))
        won = _("won") if game["learner_won"] else _("lost")
        st.page_link(
            REVIEW_PAGE,
            label=_("{date}: against {level}, {scores}, {result}").format(
                date=game["finished_at"].strftime("%Y-%m-%d"),
                level=progress.level_name(game["opponent_level"]),
                scores=scores,
                result=won,
            ),
            icon=":material/rate_review:",
            query_params={**link_params(), "game": game["id"]},
        )
