"""The Play page's game and clicks: this tab's session, kept in the database after every move.

Every change goes through :func:`commit`, which saves the session (compare-and-set on its
move counter, see ``tutor.store.save_game``) before it replaces the one in session state, so
a reload, a server restart or a link opened later resumes exactly there (``?game=<id>``).
Every click handler checks the move counter it was drawn with: a double click or a click
from a stale tab changes nothing and says so. The page hands the store and the learner in
as a :class:`PlayContext`; nothing here reads them from elsewhere.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import streamlit as st

from cribbage_core.errors import CribbageError, InvalidSavedGame
from cribbage_core.game import Action, Phase
from tutor.frame.urlstate import new_seed
from tutor.lang.i18n import _
from tutor.play.session import HUMAN, PlaySession, PlaySettings
from tutor.play.text import error_message, saved_game_problem, seat_names, side_names
from tutor.store import StaleGame, Store, UnreadableSave

__all__ = [
    "PlayContext",
    "SESSION",
    "SELECTED",
    "bot_delay",
    "current",
    "resume",
    "load",
    "commit",
    "do",
    "act",
    "flash",
    "show_flash",
    "clear_flash",
    "start_game",
    "new_game",
    "bots_discard",
    "move_on",
    "record_finished",
]

SESSION: Final = "play_session"
SAVED: Final = "play_saved_moves"
FLASH: Final = "play_flash"
SELECTED: Final = "play_selected"


@dataclass(frozen=True)
class PlayContext:
    """What the page hands to every function that saves or records: the store and the learner."""

    store: Store
    learner: str | None


def bot_delay() -> float:
    """Seconds between the computer's moves, so they appear one at a time (env ``CRIBBAGE_BOT_DELAY``)."""
    try:
        return max(0.0, float(os.environ.get("CRIBBAGE_BOT_DELAY", "0.9")))
    except ValueError:
        return 0.9


def current() -> PlaySession | None:
    """The game of this browser tab, if any."""
    session = st.session_state.get(SESSION)
    return session if isinstance(session, PlaySession) else None


def flash(message: str, kind: str = "warning") -> None:
    """A message shown once, at the next run (e.g. why a click changed nothing)."""
    st.session_state[FLASH] = (kind, message)


def clear_flash() -> None:
    """Forget the message (the learner acted again)."""
    st.session_state.pop(FLASH, None)


def show_flash() -> None:
    """Show the pending message; it stays through the computer's moves until the learner acts."""
    pending = st.session_state.get(FLASH)
    if pending:
        kind, message = pending
        (st.error if kind == "error" else st.warning if kind == "warning" else st.info)(message)


def load(store: Store, game_id: str) -> PlaySession | None:
    """The saved game ``game_id`` into this tab's session state; None if there is no such game.

    Raises ``InvalidSavedGame`` (naming what is wrong) when the saved game cannot be continued.
    """
    try:
        found = store.load_game(game_id)
    except UnreadableSave as error:
        raise InvalidSavedGame(str(error), problem="unreadable") from error
    if found is None:
        return None
    moves, data = found
    session = PlaySession.from_dict(data, moves=moves)
    st.session_state[SESSION] = session
    st.session_state[SAVED] = moves
    st.session_state.pop(SELECTED, None)
    return session


def resume(ctx: PlayContext) -> PlaySession | None:
    """This tab's game, or the one in the address (a reload, a link, a restarted server).

    A missing or broken saved game is explained on the page and None is returned (the page
    then offers a new game); the address keeps the id of the game shown.
    """
    session = current()
    wanted = st.query_params.get("game")
    if wanted and (session is None or session.game_id != wanted):
        try:
            session = load(ctx.store, wanted)
        except InvalidSavedGame as error:
            st.error(saved_game_problem(error) + " " + _("Start a new game below."))
            with st.expander(_("Details")):
                st.code(str(error), language=None)
            session = None
        else:
            if session is None:
                st.error(_("There is no saved game with this address. Start a new one below."))
        if session is None:
            st.session_state.pop(SESSION, None)
            st.query_params.pop("game", None)
    elif session is not None and not wanted:
        st.query_params["game"] = session.game_id
    return session


def commit(ctx: PlayContext, new: PlaySession, base: PlaySession | None) -> bool:
    """Save ``new`` (made from ``base``; None for a new game) and make it this tab's game.

    False (and the saved game reloaded, with a message) if the saved game is no longer at
    ``base``: another tab or a second click moved it on.
    """
    try:
        ctx.store.save_game(
            new.game_id,
            new.to_dict(),
            moves=new.moves,
            previous=None if base is None else base.moves,
            finished=new.phase is Phase.GAME_OVER,
            learner=ctx.learner,
        )
    except StaleGame:
        try:
            load(ctx.store, new.game_id)
        except InvalidSavedGame:
            st.session_state.pop(SESSION, None)
        flash(
            _("This game moved on in another tab or window: here it is as it stands now. "
              "Your click changed nothing."),
        )  # fmt: skip
        return False
    st.session_state[SESSION] = new
    st.session_state[SAVED] = new.moves
    return True


def do(ctx: PlayContext, step: Callable[[PlaySession], PlaySession], seen_moves: int) -> None:
    """Click handler: apply ``step`` to the game drawn at move ``seen_moves``; explain refusals."""
    clear_flash()
    session = current()
    if session is None:
        return
    if session.moves != seen_moves:
        flash(_("That click came from an older view of the table (a double click?): nothing was changed."))
        return
    try:
        new = step(session)
    except CribbageError as error:
        state = session.state
        names = seat_names(state.players)
        to_act = names[state.to_act] if state.to_act is not None else names[HUMAN]
        flash(error_message(error, state.count, to_act, state.config.discard_size), "error")
        return
    commit(ctx, new, session)


def act(action: Action) -> Callable[[PlaySession], PlaySession]:
    """The learner's ``action`` as a step for :func:`do`."""
    return lambda session: session.act(action)


def start_game(ctx: PlayContext) -> None:
    """Settings form handler: deal a new game with the chosen settings (``play_set_*`` keys)."""
    settings = PlaySettings(
        level=st.session_state["play_set_level"],
        players=int(st.session_state["play_set_players"]),
        target=int(st.session_state["play_set_target"]),
        first_dealer=st.session_state["play_set_dealer"],
        skunk_rule=st.session_state["play_set_skunk"],
        muggins=bool(st.session_state["play_set_muggins"]),
        self_count=st.session_state["play_set_counting"] == "self",
        step_show=st.session_state["play_set_counting"] == "step",
    )
    seed = int(st.session_state.get("play_seed_override") or new_seed())
    session = PlaySession.start(settings, seed)
    st.session_state.pop(SAVED, None)
    st.session_state[SELECTED] = []
    if commit(ctx, session, None):
        st.query_params["game"] = session.game_id


def new_game() -> None:
    """Button handler: leave this game (it stays saved) for the new-game form."""
    clear_flash()
    st.session_state.pop(SESSION, None)
    st.session_state.pop(SAVED, None)
    st.query_params.pop("game", None)


def bots_discard(ctx: PlayContext, session: PlaySession) -> PlaySession:
    """The computer lays away at once (nothing to watch); the game as it is then."""
    for _turn in range(session.state.players):  # never more rounds than bots, saved or not
        if session.phase is not Phase.DISCARD or session.bot_to_act() is None:
            break
        commit(ctx, session.bot_step(), session)
        session = current() or session
    return session


def move_on(ctx: PlayContext, session: PlaySession) -> None:
    """The move that waits for nobody's click (a computer's card, or the next count of the show)
    after a pause, so each appears on its own; then a new run to show it."""
    if not session.moves_on_alone():
        return
    seat = session.bot_to_act()
    if seat is not None:
        waiting = _("{name} is thinking…").format(name=seat_names(session.state.players)[seat])
    else:
        waiting = _("Counting the next hand…")
    with st.spinner(waiting):
        time.sleep(bot_delay())
        now = current()
        if now is not None and now.moves == session.moves:
            commit(ctx, now.move_on(), now)
    st.rerun()


def record_finished(ctx: PlayContext, session: PlaySession) -> None:
    """Record a finished game for the learner's progress (once: the store ignores a repeat)."""
    state = session.state
    result = state.result
    if not ctx.learner or result is None:
        return
    sides = side_names(state.players)
    ctx.store.record_game(
        ctx.learner, game_id=session.game_id, opponent_level=session.settings.level,
        players=state.players, target=state.config.target, scores=list(state.scores),
        winner=sides[result.winner_side], learner_won=result.winner_side == state.side_of(HUMAN),
        result_kind=result.kind, muggins_lost=session.muggins_lost(),
    )  # fmt: skip
