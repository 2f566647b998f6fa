"""The Play page's game and clicks: this tab's session, kept in the database after every move.

Every change goes through :func:`commit`, which saves the session (compare-and-set on its
move counter, see ``tutor.store.save_game``) and makes it the one in session state, so a
reload, a server restart or a link opened later resumes exactly there (``?game=<id>``).
A save that fails (the database is down, read-only or locked) never stops the game: it goes
on in this tab, the page says it is not being saved, and the compare-and-set is made against
the last move that *was* saved, so the next save that goes through writes every move since
(:func:`save_pending` tries again at each run). Nothing here loops on a save succeeding.
Every click handler checks the move counter it was drawn with: a double click or a click
from a stale tab changes nothing and says so. The page hands the store, the learner and this
browser's owner key in as a :class:`PlayContext`; nothing here reads them from elsewhere.

A game belongs to whoever started it (``tutor.store.GameOwner``): its learner, or, without
one, the browser that started it. Anyone else who opens its address is *watching*
(:func:`watching`): the page shows the table and the log, no move buttons, and every save
they could still attempt is refused by the store (``NotYourGame``), so nobody makes moves in
another's game or finishes it under their own name.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, NoReturn

import streamlit as st
from streamlit.errors import StreamlitAPIException

from cribbage_core.errors import CribbageError, InvalidSavedGame
from cribbage_core.game import Action, Phase, Play
from tutor.frame.profile import escape_markdown
from tutor.frame.urlstate import new_seed
from tutor.lang.i18n import _, card_text, native_digits
from tutor.play.session import HUMAN, PlaySession, PlaySettings, read_save
from tutor.play.text import error_message, saved_game_problem, seat_names, side_names
from tutor.store import NotYourGame, StaleGame, Store, UnreadableSave

__all__ = [
    "PlayContext",
    "SESSION",
    "SELECTED",
    "bot_delay",
    "current",
    "resume",
    "unsaved",
    "save_pending",
    "show_unsaved",
    "load",
    "commit",
    "do",
    "act",
    "flash",
    "show_flash",
    "clear_flash",
    "start_game",
    "setting_key",
    "new_game",
    "bots_discard",
    "move_on",
    "rerun_part",
    "whole_page_once",
    "record_finished",
    "watching",
    "watched_player",
]

SESSION: Final = "play_session"
SAVED: Final = "play_saved_moves"  # (game id, move counter) of the last save that went through
FAILED_AT: Final = "play_save_failed_at"  # time.monotonic() of the last save that did not
RETRY_SECONDS: Final = 10.0  # a page run tries unsaved moves again this long after a failure
FLASH: Final = "play_flash"
#: the game whose end the whole page has been run for (:func:`whole_page_once`)
ENDED: Final = "play_ended_shown"
SELECTED: Final = "play_selected"
WATCHING: Final = "play_watching"  # the id of a game this tab shows but may not play
WATCHED_PLAYER: Final = "play_watched_player"  # the learner's name of the game watched ("": none)


@dataclass(frozen=True)
class PlayContext:
    """What the page hands to every function that saves or records: the store, the learner,
    and ``browser``, this browser's owner key (``tutor.frame.profile.browser_owner``)."""

    store: Store
    learner: str | None
    browser: str | None = None


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
    session = read_save(game_id, moves, data)
    st.session_state[SESSION] = session
    st.session_state[SAVED] = (session.game_id, moves)
    st.session_state.pop(FAILED_AT, None)
    st.session_state.pop(SELECTED, None)
    return session


def resume(ctx: PlayContext) -> PlaySession | None:
    """This tab's game, or the one in the address (a reload, a link, a restarted server).

    A missing or broken saved game is explained on the page and None is returned (the page
    then offers a new game); the address keeps the id of the game shown. A game that cannot
    be read because the database is down keeps its address, so a reload later finds it.
    """
    session = current()
    wanted = st.query_params.get("game")
    if wanted and (session is None or session.game_id != wanted):
        failures = ctx.store.failures
        try:
            session = load(ctx.store, wanted)
        except InvalidSavedGame as error:
            st.error(saved_game_problem(error) + " " + _("Start a new game below."))
            with st.expander(_("Details")):
                st.code(str(error), language=None)
            session = None
        else:
            if session is None and ctx.store.failures != failures:
                st.error(
                    _(
                        "This game cannot be read now: the database does not answer. Reload this "
                        "page later to go on with it, or start a new game below."
                    )
                )
                st.session_state.pop(SESSION, None)
                return None
            if session is None:
                st.error(_("There is no saved game with this address. Start a new one below."))
        if session is None:
            st.session_state.pop(SESSION, None)
            st.query_params.pop("game", None)
    elif session is not None and not wanted:
        st.query_params["game"] = session.game_id
    if session is not None:
        _check_owner(ctx, session)
        if watching(session):
            return _fresh(ctx, session)
        session = save_pending(ctx, session)
    return session


def _check_owner(ctx: PlayContext, session: PlaySession) -> None:
    """Note whether this tab may play ``session`` (its owner) or only watches it."""
    owner = ctx.store.game_owner(session.game_id)
    if owner is not None and not owner.allows(ctx.learner, ctx.browser):
        st.session_state[WATCHING] = session.game_id
        st.session_state[WATCHED_PLAYER] = owner.learner or ""
    else:
        st.session_state.pop(WATCHING, None)
        st.session_state.pop(WATCHED_PLAYER, None)


def watching(session: PlaySession) -> bool:
    """Whether this tab only watches ``session``: the game belongs to someone else."""
    return st.session_state.get(WATCHING) == session.game_id


def watched_player(session: PlaySession) -> str | None:
    """Who plays ``session`` when this tab only watches it: the owner's learner name, or "The
    player" for a game started without one; None when it is this tab's own game ("You")."""
    if not watching(session):
        return None
    return str(st.session_state.get(WATCHED_PLAYER) or "") or _("The player")


def _fresh(ctx: PlayContext, session: PlaySession) -> PlaySession:
    """A watched game as it is saved now (its owner plays on elsewhere)."""
    try:
        return load(ctx.store, session.game_id) or session
    except InvalidSavedGame:
        return session


def _saved_moves(game_id: str) -> int | None:
    """The move counter of ``game_id``'s last save that went through in this tab (None: never)."""
    saved = st.session_state.get(SAVED)
    if isinstance(saved, tuple) and len(saved) == 2 and saved[0] == game_id:
        return int(saved[1])
    return None


def unsaved(session: PlaySession) -> bool:
    """Whether some of ``session`` is not in the database yet (a save failed since the last one)."""
    saved = _saved_moves(session.game_id)
    return saved is None or saved < session.moves


def _failed_lately() -> bool:
    failed_at = st.session_state.get(FAILED_AT)
    return isinstance(failed_at, float) and time.monotonic() - failed_at < RETRY_SECONDS


def commit(
    ctx: PlayContext, new: PlaySession, base: PlaySession | None, by_learner: bool = True
) -> bool:
    """Save ``new`` (made from ``base``; None for a new game) and make it this tab's game.

    The save is compare-and-set against the last move of this game saved from this tab, so
    moves made while the database was down are all written by the first save that goes
    through. A save that fails leaves ``new`` this tab's game, unsaved (True, and the page
    says so). False (and the saved game reloaded, with a message) if the saved game moved on
    since this tab last saved it: another tab, or a second click.

    The computer's moves (``by_learner=False``) are not saved while a save failed less than
    ``RETRY_SECONDS`` ago, so a locked database costs the learner one wait, not one per move.
    """
    if not by_learner and _failed_lately():
        st.session_state[SESSION] = new
        return True
    previous = None if base is None else _saved_moves(new.game_id)
    try:
        saved = ctx.store.save_game(
            new.game_id,
            new.to_dict(),
            moves=new.moves,
            previous=previous,
            finished=new.phase is Phase.GAME_OVER,
            learner=ctx.learner,
            browser=ctx.browser,
        )
    except StaleGame:
        return _reload_stale(ctx, new, unsaved=base is not None and base.moves != previous)
    except NotYourGame:
        # another learner's game (or another browser's): nothing is saved, the tab only watches
        st.session_state[WATCHING] = new.game_id
        st.session_state.pop(WATCHED_PLAYER, None)  # its owner is read on the next run
        if base is not None:
            st.session_state[SESSION] = base
        flash(
            _("This game belongs to the player who started it: you can watch it, not play it."),
            "error",
        )
        return False
    st.session_state[SESSION] = new
    if saved:
        st.session_state[SAVED] = (new.game_id, new.moves)
        st.session_state.pop(FAILED_AT, None)
    else:
        st.session_state[FAILED_AT] = time.monotonic()
    return True


def _reload_stale(ctx: PlayContext, new: PlaySession, unsaved: bool) -> bool:
    """The saved game moved on elsewhere: show it as saved, and say what became of this click."""
    try:
        found = load(ctx.store, new.game_id)
    except InvalidSavedGame:
        found = None
    if found is None:
        # the saved copy is gone or unreadable: this tab's game goes on, saved afresh next time
        st.session_state[SESSION] = new
        st.session_state.pop(SAVED, None)
        st.session_state[FAILED_AT] = time.monotonic()
        return True
    if unsaved:
        flash(
            _(
                "While this game could not be saved, it moved on in another tab or window. The "
                "moves made here since the last save could not be kept: here is the game as it "
                "was saved there."
            ),
            "error",
        )
    else:
        flash(
            _(
                "This game moved on in another tab or window: here it is as it stands now. "
                "Your click changed nothing."
            ),
        )
    return False


def save_pending(ctx: PlayContext, session: PlaySession) -> PlaySession:
    """Try again to save moves a failed save left unsaved (at most every ``RETRY_SECONDS``)."""
    if not unsaved(session) or session is not current() or _failed_lately():
        return session
    commit(ctx, session, session)
    return current() or session


def show_unsaved(session: PlaySession) -> None:
    """Say so when this game is not (all) saved: the database is down, read-only or locked."""
    if unsaved(session):
        st.warning(
            _(
                "This game is not being saved just now. It goes on in this tab, and is saved with "
                "every move since as soon as the database answers again: keep this tab open until then."
            ),
            icon=":material/cloud_off:",
        )


def do(ctx: PlayContext, step: Callable[[PlaySession], PlaySession], seen_moves: int) -> None:
    """Click handler: apply ``step`` to the game drawn at move ``seen_moves``; explain refusals."""
    clear_flash()
    session = current()
    if session is None:
        return
    if watching(session):
        flash(
            _("This game belongs to the player who started it: you can watch it, not play it."),
            "error",
        )
        return
    if session.moves != seen_moves:
        flash(
            _(
                "That click came from an older view of the table (a double click?): nothing was changed."
            )
        )
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


def setting_key(name: str) -> str:
    """The key of a settings choice whose labels hold numbers (the target, the players, the skunk
    rule): one key per digit style. Streamlit matches a choice by its label, so a choice made
    before the learner switched digits would come back as its old label instead of its value."""
    return f"play_set_{name}" + ("_own_digits" if native_digits() else "")


def start_game(ctx: PlayContext) -> None:
    """Settings form handler: deal a new game with the chosen settings (``play_set_*`` keys)."""
    settings = PlaySettings(
        level=st.session_state["play_set_level"],
        players=int(st.session_state[setting_key("players")]),
        target=int(st.session_state[setting_key("target")]),
        first_dealer=st.session_state["play_set_dealer"],
        skunk_rule=st.session_state[setting_key("skunk")],
        muggins=bool(st.session_state["play_set_muggins"]),
        self_count=st.session_state["play_set_counting"] == "self",
        step_show=st.session_state["play_set_counting"] == "step",
    )
    seed = int(st.session_state.get("play_seed_override") or new_seed())
    session = PlaySession.start(settings, seed)
    st.session_state.pop(SAVED, None)
    st.session_state.pop(WATCHING, None)
    st.session_state[SELECTED] = []
    if commit(ctx, session, None):
        st.query_params["game"] = session.game_id


def new_game() -> None:
    """Button handler: leave this game (it stays saved) for the new-game form."""
    clear_flash()
    st.session_state.pop(SESSION, None)
    st.session_state.pop(SAVED, None)
    st.session_state.pop(WATCHING, None)
    st.query_params.pop("game", None)


def bots_discard(ctx: PlayContext, session: PlaySession) -> PlaySession:
    """The computer lays away at once (nothing to watch); the game as it is then."""
    for _turn in range(session.state.players):  # never more rounds than bots, saved or not
        if session.phase is not Phase.DISCARD or session.bot_to_act() is None:
            break
        commit(ctx, session.bot_step(), session, by_learner=False)
        session = current() or session
    return session


def move_on(
    ctx: PlayContext,
    session: PlaySession,
    while_waiting: Callable[[PlaySession], object] | None = None,
) -> None:
    """The move that waits for nobody's click (a computer's card, the learner's forced card or go,
    or the next count of the show) after a pause, so each appears on its own; then a new run to show it.

    ``while_waiting(session)`` is work done in the pause (the time it takes is taken off the pause),
    such as analysing the learner's last move for the game's review."""
    if not session.moves_on_alone():
        return
    seat = session.bot_to_act()
    if seat is not None:
        waiting = _("{name} is thinking…").format(name=seat_names(session.state.players)[seat])
    elif session.forced_go():
        waiting = _("No card of yours fits: the table says go for you…")
    elif isinstance(forced := session.forced_move(), Play):
        waiting = _("Only your {card} fits: the table lays it for you…").format(
            card=card_text(forced.card)
        )
    else:
        waiting = _("Counting the next hand…")
    # said at once, in one element (st.spinner starts a thread for each pause: a tenth of the
    # server's CPU for a move when it was used here)
    st.caption(f":material/hourglass_top: {escape_markdown(waiting)}")
    began = time.monotonic()
    if while_waiting is not None:
        while_waiting(session)
    time.sleep(max(0.0, bot_delay() - (time.monotonic() - began)))
    now = current()
    if now is not None and now.moves == session.moves:
        commit(ctx, now.move_on(), now, by_learner=False)
    if current() is not session:  # never rerun on a game that did not change: no loop
        rerun_part()


def rerun_part() -> NoReturn:
    """Run again the ``st.fragment`` this is called in when it runs alone (a click in it), or
    the whole page when the fragment runs as part of it (Streamlit refuses a fragment's rerun
    then)."""
    try:
        st.rerun(scope="fragment")
    except StreamlitAPIException:
        st.rerun()


def whole_page_once(session: PlaySession) -> None:
    """Run the whole page once when the game has just ended, so that what stands outside the
    table's fragment (the menu's count of questions due) takes the game in: the run that ended
    it may have been the fragment's alone."""
    if st.session_state.get(ENDED) == session.game_id:
        return
    st.session_state[ENDED] = session.game_id
    st.rerun()


def record_finished(ctx: PlayContext, session: PlaySession) -> None:
    """Record a finished game for the learner's progress (once: the store ignores a repeat)."""
    state = session.state
    result = state.result
    if not ctx.learner or result is None or watching(session):
        return  # a watcher never records another's game as their own
    sides = side_names(state.players)
    ctx.store.record_game(
        ctx.learner,
        game_id=session.game_id,
        opponent_level=session.settings.level,
        players=state.players,
        target=state.config.target,
        scores=list(state.scores),
        winner=sides[result.winner_side],
        learner_won=result.winner_side == state.side_of(HUMAN),
        result_kind=result.kind,
        muggins_lost=session.muggins_lost(),
    )
