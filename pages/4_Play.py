"""Play: a whole game against the computer, with a board, hints, counting practice and undo;
or a game with a friend by link (``?friend=CODE``)."""

from __future__ import annotations

import streamlit as st

from cribbage_core.game import Phase
from tutor.clock import today
from tutor.frame.menu import setup_page
from tutor.frame.profile import browser_owner, current_learner
from tutor.frame.status import show_status
from tutor.lang.i18n import N_, _
from tutor.play import coach, controls, friend_start, friend_ui, table, ui
from tutor.review import decision_view, keep
from tutor.store import open_store

setup_page("pages/4_Play.py", N_("Play"))
db = open_store()
ctx = ui.PlayContext(store=db, learner=current_learner(), browser=browser_owner())
if friend_ui.wanted():  # a game with a friend (?friend=CODE): its own table, live
    friend_ui.page(ctx)
    st.stop()
st.title(_("Play against the computer"))
show_status(db)

# ---- which game: this tab's, or the one in the address (a reload, a link, a restarted server)
session = ui.resume(ctx)
if session is None:
    ui.show_flash()
    st.container(key="below_intro").caption(  # on a phone, under Deal
        _(
            "A whole game of cribbage against the computer. Every move is saved: reload the page or "
            "come back to its address later and the game goes on where you left it."
        )
    )
    controls.settings_form(ctx)
    friend_start.start_form(ctx)
    coach.settings_panel(ctx)
    st.stop()

if ui.watching(session):  # another's game: the table and the log, no moves
    ui.show_flash()  # why a click changed nothing, when the game turned out to be another's
    controls.watching_note()
    table.settings_caption(session.settings)
    table.header(session)
    table.table(session)
    table.commentary(session)
    if session.phase is Phase.GAME_OVER:
        table.result(session)
    st.header(_("The game log"))
    table.game_log(session)
    st.stop()

table.settings_caption(session.settings)
coach.settings_panel(ctx)  # coach mode: a warning before a costly move; the chance to win


@st.fragment
def _game(game_id: str) -> None:
    """The table, its clicks, the computer's moves and the show: a card laid reruns only this
    part, and so does each computer move after it (the menu, the title and the settings stay as
    they are: a whole page run costs the server about twice as much)."""
    session = ui.current()
    if session is None or session.game_id != game_id or ui.watching(session):
        st.rerun()  # the game was left, or is another's: the whole page, as on a new address
    ui.show_flash()
    session = ui.bots_discard(ctx, session)  # the computer lays away at once: nothing to watch
    ui.show_unsaved(session)  # the database is down: the game goes on here, saved when it is back
    state = session.state
    chance = coach.win_estimate(ctx, session)
    table.header(session, None if chance is None else coach.win_bar(chance))
    table.cut_for_deal(state)
    table.table(session)
    table.commentary(session)

    if state.phase is Phase.DISCARD:
        controls.discard_controls(ctx, session)
    elif state.phase is Phase.PLAY:
        controls.play_controls(ctx, session)
    elif state.phase is Phase.SHOW:
        controls.show_section(ctx, session)
    elif state.phase is Phase.DEAL:
        table.last_show(session)
        controls.deal_button(ctx, session)
    table.discard_review(session)

    if state.phase is Phase.GAME_OVER:
        table.result(session)
        ui.record_finished(ctx, session)
        # the learner's decisions graded, the costly ones kept for review
        keep.keep_finished(db, session, ctx.learner, ctx.browser)
        decision_view.file_finished(db, ctx.learner, session, today())
        ui.whole_page_once(session)  # the menu's count of questions due takes the new ones in
        table.review_link(session)
        st.header(_("The game log"))
        table.game_log(session)
        controls.new_game_button()
        return

    controls.game_buttons(ctx, session)
    # the computer's moves and the counts of the show, one at a time; in each pause the learner's
    # decisions of this hand are handed over to be analysed off the run, and kept once it is over
    ui.move_on(ctx, session, while_waiting=keep.advance)
    coach.search_ahead(session)  # the learner's turn: coach mode's search made while they think
    if state.phase is Phase.DEAL:
        keep.keep_finished(db, session, ctx.learner, ctx.browser)


_game(session.game_id)
