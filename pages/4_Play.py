"""Play: a whole game against the computer, with a board, hints, counting practice and undo."""

from __future__ import annotations

import time

import streamlit as st

from cribbage_core.bots import BOT_LEVELS
from cribbage_core.game import Phase
from cribbage_core.kinds import ScoreKind
from cribbage_core.result import SkunkRule
from tutor.frame.menu import setup_page
from tutor.frame.profile import current_learner
from tutor.frame.render import bold
from tutor.frame.status import show_status
from tutor.frame.urlstate import new_seed
from tutor.lang.i18n import N_, _, card_text, cards_text, fmt_int, ngettext
from tutor.play import ui
from tutor.play.session import FIRST_DEALER_CHOICES, HUMAN, PlaySession, PlaySettings
from tutor.play.text import LEVEL_LABELS, RESULT_LABELS, log_frame, seat_names, side_names
from tutor.store import open_store

PAGE = "pages/4_Play.py"
SKUNK_LABELS = {
    SkunkRule.SKUNK: N_("Skunk: win by more than 30 (double: more than 60)"),
    SkunkRule.LURCH: N_("Lurch: loser under half the target"),
    SkunkRule.THREE_QUARTERS: N_("Skunk under 3/4 of the target, double under 1/2"),
    SkunkRule.NONE: N_("None: every win counts one"),
}
DEALER_LABELS = {"cut": N_("Cut for deal"), "me": N_("I deal"), "opponent": N_("The computer deals")}
PLAYER_LABELS = {2: N_("2 players"), 3: N_("3 players"), 4: N_("4 players (partners)")}

setup_page(PAGE, N_("Play"))
st.title(_("Play against the computer"))
db = open_store()
show_status(db)
st.session_state[ui.STORE] = db
st.session_state[ui.LEARNER] = current_learner()


def _start_game() -> None:
    settings = PlaySettings(
        level=st.session_state["play_set_level"],
        players=int(st.session_state["play_set_players"]),
        target=int(st.session_state["play_set_target"]),
        first_dealer=st.session_state["play_set_dealer"],
        skunk_rule=st.session_state["play_set_skunk"],
        muggins=bool(st.session_state["play_set_muggins"]),
        self_count=st.session_state["play_set_counting"] == "self",
    )
    seed = int(st.session_state.get("play_seed_override") or new_seed())
    session = PlaySession.start(settings, seed)
    st.session_state.pop(ui.SAVED, None)
    st.session_state[ui.SELECTED] = []
    if ui.commit(session, None):
        st.query_params["game"] = session.game_id


def _new_game() -> None:
    ui.clear_flash()
    st.session_state.pop(ui.SESSION, None)
    st.session_state.pop(ui.SAVED, None)
    st.query_params.pop("game", None)


def settings_form() -> None:
    """The new-game settings."""
    with st.form("play_settings"):
        st.markdown(bold(_("New game")))
        a, b, c = st.columns(3)
        a.selectbox(_("Opponent"), BOT_LEVELS, index=1, format_func={v: _(LEVEL_LABELS[v]) for v in BOT_LEVELS}.get, key="play_set_level")
        b.radio(_("Game to"), [121, 61], horizontal=True, key="play_set_target", format_func={n: fmt_int(n) for n in (121, 61)}.get)
        c.radio(
            _("Players"), [2, 3, 4], horizontal=True, key="play_set_players",
            format_func={n: _(label) for n, label in PLAYER_LABELS.items()}.get,
        )  # fmt: skip
        d, e, f = st.columns(3)
        d.radio(
            _("First dealer"), FIRST_DEALER_CHOICES, key="play_set_dealer",
            format_func={v: _(label) for v, label in DEALER_LABELS.items()}.get,
        )  # fmt: skip
        e.selectbox(_("Skunk rule"), list(SkunkRule), key="play_set_skunk", format_func={r: _(label) for r, label in SKUNK_LABELS.items()}.get)
        f.radio(
            _("Counting"), ["app", "self"], key="play_set_counting",
            format_func={"app": _("The app counts for me"), "self": _("I count my own hand and crib")}.get,
        )  # fmt: skip
        st.toggle(
            _("Muggins"), key="play_set_muggins",
            help=_("When you count your own hand, points you miss go to the computer."),
        )  # fmt: skip
        st.form_submit_button(_("Deal"), type="primary", on_click=_start_game, icon=":material/playing_cards:")


# ---- which game: this tab's, or the one in the address (a reload, a link, a restarted server)
session = ui.current()
wanted = st.query_params.get("game")
if wanted and (session is None or session.game_id != wanted):
    session = ui.load(db, wanted)
    if session is None:
        st.error(_("There is no saved game with this address. Start a new one below."))
        st.query_params.pop("game", None)
elif session is not None and not wanted:
    st.query_params["game"] = session.game_id

ui.show_flash()
if session is None:
    st.caption(
        _("A whole game of cribbage against the computer. Every move is saved: reload the page or "
          "come back to its address later and the game goes on where you left it.")
    )  # fmt: skip
    settings_form()
    st.stop()

# ---- the computer lays away at once (no waiting: nothing to watch)
while session.phase is Phase.DISCARD and session.bot_to_act() is not None:
    ui.commit(session.bot_step(), session)
    session = ui.current()
    assert session is not None

state = session.state
names = seat_names(state.players)
settings = session.settings
st.caption(
    _("Opponent: {level} · {players} · skunk rule: {skunk} · muggins {muggins} · {counting}").format(
        level=_(LEVEL_LABELS[settings.level]),
        players=_(PLAYER_LABELS[settings.players]),
        skunk=_(SKUNK_LABELS[settings.skunk_rule]),
        muggins=_("on") if settings.muggins else _("off"),
        counting=_("you count your own hand") if settings.self_count else _("the app counts"),
    )
)
ui.header(session)

if state.hand_no == 1 and state.phase in (Phase.DISCARD, Phase.PLAY):
    cuts = [e for e in state.log if e.kind == ScoreKind.CUT_FOR_DEAL]
    if cuts:
        st.info(
            _("Cut for deal: {cuts}. The lowest card deals: {dealer}.").format(
                cuts=", ".join(f"{names[e.seat]} {card_text(e.cards[0])}" for e in cuts),
                dealer=names[state.dealer],
            ),
            icon=":material/content_cut:",
        )

ui.table(session)
ui.commentary(session)

if state.phase is Phase.DISCARD:
    ui.discard_controls(session)
elif state.phase is Phase.PLAY:
    ui.play_controls(session)
elif state.phase is Phase.SHOW:
    ui.show_section(session)
elif state.phase is Phase.DEAL:
    last = session.last_show
    if last is not None:
        st.subheader(_("Hand {n}: the show").format(n=fmt_int(last.hand_no)))
        ui.show_counted(session, last, last.players + 1)
    st.button(
        _("Deal the next hand"), key="play_deal", type="primary",
        on_click=ui.do, args=(lambda s: s.deal_next(), session.moves),
    )  # fmt: skip

# ---- the discard review, once the hand is played out
review_hand = state.hand_no if state.phase is Phase.SHOW else (
    session.last_show.hand_no if state.phase is Phase.DEAL and session.last_show else None
)  # fmt: skip
review = session.review(review_hand) if review_hand else None
if review is not None:
    if review.ev_lost < 0.005:
        st.success(
            _("Your discard ({cards}) was the best of {n}: {net} points expected.").format(
                cards=cards_text(review.discard), n=fmt_int(review.options), net=f"{review.net:.2f}"
            ),
            icon=":material/thumb_up:",
        )
    else:
        st.info(
            _("Your discard ({cards}) ranked {rank} of {n}: it lost {lost} expected points against "
              "the best, {best} ({best_net} expected).").format(
                cards=cards_text(review.discard), rank=fmt_int(review.rank),
                n=fmt_int(review.options), lost=f"{review.ev_lost:.2f}",
                best=cards_text(review.best_discard), best_net=f"{review.best_net:.2f}",
            ),
            icon=":material/insights:",
        )  # fmt: skip

# ---- the end of the game
if state.phase is Phase.GAME_OVER:
    result = state.result
    assert result is not None
    sides = side_names(state.players)
    won = result.winner_side == state.side_of(HUMAN)
    verdict = (_("You win") if state.players != 4 else _("You and your partner win")) if won else _(
        "{name} wins"
    ).format(name=sides[result.winner_side])
    scores = " – ".join(f"{sides[i]} {fmt_int(s)}" for i, s in enumerate(state.scores))
    (st.success if won else st.error)(
        _("**{verdict}**, {kind} ({points}): {scores}.").format(
            verdict=verdict, kind=_(RESULT_LABELS[result.kind]),
            points=ngettext("{n} game point", "{n} game points", result.game_points).format(
                n=fmt_int(result.game_points)
            ), scores=scores,
        ),
        icon=":material/emoji_events:" if won else ":material/sentiment_dissatisfied:",
    )  # fmt: skip
    if state.ended_in is Phase.SHOW and state.starter is not None:
        ui.show_counted(session, state, state.show_step + 1)
    learner = st.session_state.get(ui.LEARNER)
    if learner:
        db.record_game(
            learner, game_id=session.game_id, opponent_level=settings.level, players=state.players,
            target=state.config.target, scores=list(state.scores), winner=sides[result.winner_side],
            learner_won=won, result_kind=result.kind, muggins_lost=session.muggins_lost(),
        )  # fmt: skip
    st.subheader(_("The game log"))
    st.dataframe(log_frame(session), hide_index=True, width="stretch", key="play_log")
    st.button(_("New game"), key="play_new_after", type="primary", on_click=_new_game)
    st.stop()

# ---- take-backs, the log so far, a new game
with st.container(horizontal=True):
    st.button(
        _("Undo my last move"), key="play_undo", disabled=not session.can_undo,
        on_click=ui.do, args=(lambda s: s.take_back(), session.moves),
        help=_("Take back your last discard or card laid (practice only: the game log marks it)."),
        icon=":material/undo:",
    )  # fmt: skip
    st.button(_("New game"), key="play_new", on_click=_new_game, icon=":material/add:")
if st.toggle(_("Show the game log so far"), key="play_show_log"):
    st.dataframe(log_frame(session), hide_index=True, width="stretch", key="play_log_so_far")
st.caption(_("Game {id}: this page's address brings it back.").format(id=session.game_id))

# ---- the computer's moves in the play, one at a time
if session.bot_to_act() is not None:
    with st.spinner(_("{name} is thinking…").format(name=names[session.bot_to_act() or 1])):
        time.sleep(ui.bot_delay())
        moves = session.moves
        current = ui.current()
        if current is not None and current.moves == moves:
            ui.commit(current.bot_step(), current)
    st.rerun()
