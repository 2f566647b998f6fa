"""Coach mode in Play: a warning before a costly move, and the chance to win beside the board.

Off by default. The learner turns it on (and chooses the threshold, and the bar) under
"Coach" on the Play page; the choice is kept in this browser session and, for a named
learner, with their preferences in the database (``Store.preferences``), so it is there on
their next visit. With coach mode on, a discard or a card laid is judged before it is made
(:func:`cribbage_core.coach.at_table.check`, the game review's own evaluations and grade): one that
gives up more than the threshold is not made; the page says what it gives up, with "Play it
anyway" (the move is made as chosen) and "Think again" (nothing is made; the cards stay
chosen). A warned move made anyway is saved and reviewed like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import streamlit as st

from cribbage_core.coach.at_table import CoachCheck, WinEstimate, check, could_warn, win_now
from cribbage_core.coach.peg_value import rank_choice
from cribbage_core.coach.positions import prepare_ahead
from cribbage_core.errors import CribbageError
from cribbage_core.game import Discard, Phase, Play
from tutor.frame.render import bring_into_view
from tutor.html.winbar import win_bar_html
from tutor.lang.i18n import _, fmt_percent
from tutor.play import ui
from tutor.play.coach_text import (
    THRESHOLDS,
    coach_rule,
    coach_warning,
    coach_why,
    threshold_label,
    win_basis_label,
    win_title,
)
from tutor.play.session import HUMAN, PlaySession
from tutor.play.ui import PlayContext

__all__ = [
    "CoachSettings",
    "SETTINGS",
    "PENDING",
    "Pending",
    "coach_settings",
    "settings_panel",
    "try_move",
    "search_ahead",
    "pending_warning",
    "win_bar",
]

SETTINGS: Final = "play_coach"  # CoachSettings of this browser session
_LOADED_FOR: Final = "play_coach_learner"  # whose saved preferences SETTINGS was read from
PENDING: Final = "play_coach_pending"  # the move held back by a warning (a Pending)
_PREFERENCE: Final = "coach"  # the key in the learner's preferences


@dataclass(frozen=True, slots=True)
class CoachSettings:
    """Coach mode on or off, its threshold (expected points, one of ``THRESHOLDS``), and the bar."""

    on: bool = False
    threshold: float = 1.5
    win_bar: bool = False

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form, as kept with the learner's preferences."""
        return {"on": self.on, "threshold": self.threshold, "win_bar": self.win_bar}

    @staticmethod
    def from_json(data: object) -> CoachSettings:
        """Read :meth:`to_json` back; anything unexpected falls back to the default (off)."""
        if not isinstance(data, dict):
            return CoachSettings()
        on, bar, threshold = data.get("on"), data.get("win_bar"), data.get("threshold")
        return CoachSettings(
            on=on if isinstance(on, bool) else False,
            threshold=float(threshold)
            if threshold in THRESHOLDS and not isinstance(threshold, bool)
            else 1.5,
            win_bar=bar if isinstance(bar, bool) else False,
        )


@dataclass(frozen=True, slots=True)
class Pending:
    """A move the coach held back: the game's move counter it was chosen at, the move, the verdict."""

    moves: int
    action: Discard | Play
    verdict: CoachCheck


def coach_settings(ctx: PlayContext) -> CoachSettings:
    """This session's coach settings; the first time for a learner, their saved ones."""
    known = st.session_state.get(SETTINGS)
    if isinstance(known, CoachSettings) and st.session_state.get(_LOADED_FOR) == ctx.learner:
        return known
    settings = known if isinstance(known, CoachSettings) else CoachSettings()
    if ctx.learner:
        saved = ctx.store.preferences(ctx.learner).get(_PREFERENCE)
        if saved is not None:
            settings = CoachSettings.from_json(saved)
    st.session_state[SETTINGS] = settings
    st.session_state[_LOADED_FOR] = ctx.learner
    return settings


def _changed(ctx: PlayContext) -> None:
    settings = CoachSettings(
        on=bool(st.session_state.get("play_coach_on")),
        threshold=float(st.session_state.get("play_coach_threshold", 1.5)),
        win_bar=bool(st.session_state.get("play_coach_bar")),
    )
    st.session_state[SETTINGS] = settings
    if not settings.on:
        st.session_state.pop(PENDING, None)
    if ctx.learner:
        preferences = dict(ctx.store.preferences(ctx.learner))
        preferences[_PREFERENCE] = settings.to_json()
        ctx.store.set_preferences(ctx.learner, preferences)


def settings_panel(ctx: PlayContext) -> None:
    """Coach mode, its threshold and the chance-to-win bar (kept with the learner's preferences)."""
    settings = coach_settings(ctx)
    # the widgets show the settings (a learner's saved ones arrive after the widgets were first drawn)
    st.session_state["play_coach_on"] = settings.on
    st.session_state["play_coach_threshold"] = settings.threshold
    st.session_state["play_coach_bar"] = settings.win_bar
    with st.expander(_("Coach"), icon=":material/school:", key="play_coach_panel"):
        st.toggle(
            _("Coach mode: warn me before a costly move"),
            key="play_coach_on",
            on_change=_changed,
            args=(ctx,),
            help=_(
                "Before a discard or a card that gives up more than you choose below, the page says what "
                "it gives up and asks: play it anyway, or think again."
            ),
        )
        st.select_slider(
            _("Warn me when a move gives up more than"),
            THRESHOLDS,
            key="play_coach_threshold",
            format_func=threshold_label,
            on_change=_changed,
            args=(ctx,),
            disabled=not settings.on,
        )
        if settings.on:
            st.caption(coach_rule(settings.threshold))
        st.toggle(
            _("Show my chance to win beside the board"),
            key="play_coach_bar",
            on_change=_changed,
            args=(ctx,),
            help=_(
                "Two players only. An estimate from the app's table of games between strong computer "
                "players: not a promise, and it does not know the computer's cards."
            ),
        )


def try_move(ctx: PlayContext, action: Discard | Play, seen_moves: int) -> None:
    """Click handler for the learner's discard or card: with coach mode on, a move that gives up
    more than the threshold is held back (:data:`PENDING`) for the learner to confirm; otherwise,
    and for every other move, it is made at once (``tutor.play.ui.do``)."""
    st.session_state.pop(PENDING, None)
    settings = st.session_state.get(SETTINGS)
    session = ui.current()
    if (
        isinstance(settings, CoachSettings)
        and settings.on
        and session is not None
        and session.moves == seen_moves
        and not ui.watching(session)
    ):
        try:
            verdict = check(session.state, action, settings.threshold)
        except (CribbageError, KeyError):  # an illegal move: the game's own check says why below
            verdict = None
        if verdict is not None and verdict.warn:
            ui.clear_flash()
            st.session_state[PENDING] = Pending(seen_moves, action, verdict)
            return
    if isinstance(action, Discard):
        st.session_state[ui.SELECTED] = []
    ui.do(ctx, ui.act(action), seen_moves)


def search_ahead(session: PlaySession) -> None:
    """With coach mode on and the learner to lay a card with a real choice, have the position's
    pegging values searched now, off this run, while the learner thinks
    (:func:`cribbage_core.coach.positions.prepare_ahead`): the check of their card, and the review's
    analysis of it in the computer's pause, then read them instead of searching. Where some card
    could be warned of at the learner's threshold, the values against an opponent read from the
    deal alone too, which the warning's read of the opponent compares with."""
    settings = st.session_state.get(SETTINGS)
    if not isinstance(settings, CoachSettings) or not settings.on or ui.watching(session):
        return
    state = session.state
    if state.phase is not Phase.PLAY or state.to_act != HUMAN:
        return
    view = state.view(HUMAN)
    if rank_choice(view):
        threshold = settings.threshold
        prepare_ahead(view, None if state.players != 2 else lambda a: could_warn(a, threshold))


def _anyway(ctx: PlayContext) -> None:
    pending = st.session_state.pop(PENDING, None)
    if not isinstance(pending, Pending):
        return
    if isinstance(pending.action, Discard):
        st.session_state[ui.SELECTED] = []
    ui.do(ctx, ui.act(pending.action), pending.moves)


def _think_again() -> None:
    st.session_state.pop(PENDING, None)


def pending_warning(ctx: PlayContext, session: PlaySession) -> None:
    """The coach's warning for the move held back, with "Play it anyway" and "Think again"."""
    pending = st.session_state.get(PENDING)
    if not isinstance(pending, Pending):
        return
    if pending.moves != session.moves or not session.my_turn():
        st.session_state.pop(
            PENDING, None
        )  # the game moved on (undo, another tab): nothing to confirm
        return
    with st.container(border=True, key="play_coach_warning"):
        why = coach_why(pending.verdict, pending.action, session.state)
        st.warning(
            "\n\n".join(
                [
                    coach_warning(pending.verdict, pending.action, players=session.state.players),
                    *why,
                ]
            ),
            icon=":material/school:",
        )
        st.caption(coach_rule(pending.verdict.threshold))
        with st.container(horizontal=True):
            st.button(
                _("Think again"),
                key="play_coach_think",
                type="primary",
                on_click=_think_again,
                icon=":material/psychology:",
            )
            st.button(
                _("Play it anyway"),
                key="play_coach_anyway",
                on_click=_anyway,
                args=(ctx,),
                icon=":material/arrow_forward:",
            )
    bring_into_view("play_coach_warning", f"{pending.moves}:{pending.action}")


def win_estimate(ctx: PlayContext, session: PlaySession) -> WinEstimate | None:
    """The learner's chance to win now, when they asked for the bar (two players only)."""
    if not coach_settings(ctx).win_bar:
        return None
    return win_now(session.state, HUMAN)


def win_bar(estimate: WinEstimate) -> str:
    """The bar's HTML for ``estimate`` (drawn beside the board by ``tutor.play.table.header``)."""
    return win_bar_html(
        estimate.chance,
        fmt_percent(estimate.chance),
        win_basis_label(estimate.basis),
        win_title(estimate),
    )
