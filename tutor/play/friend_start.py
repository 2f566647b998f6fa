"""The Play page's form to start a game with friends, or to join one by its code.

Two players, or four in two partnerships (seats 0 and 2 against 1 and 3): the player who
starts chooses for each other seat a friend (free, taken by whoever opens the link) or the
computer at a level. The game lives in the store (``tutor.store.friend_games``) with the
computer's seats already taken, and starts when the last friend has joined.
"""

from __future__ import annotations

import uuid
from typing import Final

import streamlit as st

from cribbage_core.bots import BOT_LEVELS
from cribbage_core.result import SkunkRule
from tutor.frame.render import bold
from tutor.frame.urlstate import new_seed
from tutor.lang.i18n import _, fmt_int
from tutor.play import friend
from tutor.play.text import LEVEL_LABELS, SKUNK_LABELS, player_label, skunk_label
from tutor.play.ui import PlayContext
from tutor.store import CODE_LENGTH, NotYourGame, clean_code

__all__ = ["PARAM", "FLASH", "SEATS", "FRIEND", "start_form", "bind", "seat_key"]

PARAM: Final = "friend"  # the address parameter holding the join code
FLASH: Final = "friend_flash"
SEATS: Final = "friend_seat"  # {game id: the seat this visitor holds, or None: watching}
#: A seat's choice in the form: a friend, who joins by the link (else a computer level).
FRIEND: Final = "friend"
#: The computer's level at each other seat of a new game of four, unless a friend is chosen.
_DEFAULTS: Final = {1: FRIEND, 2: "medium", 3: "medium"}


def seat_key(seat: int) -> str:
    """The form's key for who plays ``seat`` of a game of four."""
    return f"friend_set_seat_{seat}"


def _seat_labels() -> dict[int, str]:
    return {
        1: _("On your left (an opponent)"),
        2: _("Opposite you (your partner)"),
        3: _("On your right (an opponent)"),
    }


def start_form(ctx: PlayContext) -> None:
    """On the Play page's first screen: start a game with friends, or join one by its code."""
    pending = st.session_state.pop(FLASH, None)
    if pending:
        st.warning(pending)
    with st.form("friend_settings"):
        st.markdown(bold(_("Play a friend")))
        st.caption(
            _(
                "Two players, or four in two partnerships, each in their own browser: you get a "
                "link and a short code to send. Afterwards each of you gets the review of your "
                "own decisions."
            )
        )
        target, skunk = st.container(key="pairs_friend_settings").columns(2)
        target.radio(
            _("Game to"),
            [121, 61],
            horizontal=True,
            key="friend_set_target",
            format_func={n: fmt_int(n) for n in (121, 61)}.__getitem__,
        )
        skunk.selectbox(
            _("Skunk rule"),
            list(SkunkRule),
            key="friend_set_skunk",
            format_func={r: skunk_label(r, short=True) for r in SKUNK_LABELS}.__getitem__,
            help="\n\n".join(skunk_label(r) for r in SkunkRule),
        )
        st.toggle(
            _("Muggins"),
            key="friend_set_muggins",
            help=_("Each of you counts your own hand; points one misses go to the other."),
        )
        st.radio(
            _("Players"),
            [2, 4],
            horizontal=True,
            key="friend_set_players",
            format_func={n: player_label(n) for n in (2, 4)}.__getitem__,
        )
        st.caption(
            _(
                "With four players you and your partner, opposite you, play against the two on "
                "your left and right. Choose for each seat a friend, who joins by the link, or "
                "the computer."
            )
        )
        choices = [FRIEND, *BOT_LEVELS]
        labels = {FRIEND: _("A friend")} | {
            v: _("Computer ({level})").format(level=_(LEVEL_LABELS[v])) for v in BOT_LEVELS
        }
        cols = st.container(key="row_friend_seats").columns(3)
        for col, (seat, label) in zip(cols, _seat_labels().items(), strict=True):
            col.selectbox(
                label,
                choices,
                index=choices.index(_DEFAULTS[seat]),
                key=seat_key(seat),
                format_func=labels.__getitem__,
            )
        st.form_submit_button(
            _("Start a game with a friend"),
            type="primary",
            on_click=_start,
            args=(ctx,),
            icon=":material/group:",
        )
    with st.form("friend_join"):
        st.text_input(_("A friend's code"), key="friend_code", max_chars=12)
        st.form_submit_button(_("Join the game"), on_click=_join_by_code)


def bind(ctx: PlayContext) -> None:
    """The store binds a seat to this browser's owner key (set by the page shell, else here)."""
    if ctx.store.browser is None:
        ctx.store.browser = ctx.browser


def _bots(players: int) -> dict[int, str] | None:
    """The computer's seats chosen for a game of four ({seat: level}); None: no friend seat."""
    if players != 4:
        return {}
    chosen = {s: str(st.session_state.get(seat_key(s), _DEFAULTS[s])) for s in (1, 2, 3)}
    bots = {s: level for s, level in chosen.items() if level in BOT_LEVELS}
    return None if len(bots) == 3 else bots


def _start(ctx: PlayContext) -> None:
    bind(ctx)
    players = 4 if st.session_state.get("friend_set_players") == 4 else 2
    bots = _bots(players)
    if bots is None:
        st.session_state[FLASH] = _(
            "Choose a friend for at least one seat, or play against the computer above."
        )
        return
    settings = friend.FriendSettings(
        target=int(st.session_state.get("friend_set_target", 121)),
        skunk_rule=st.session_state.get("friend_set_skunk", SkunkRule.SKUNK),
        muggins=bool(st.session_state.get("friend_set_muggins", False)),
        players=players,
    )
    record = friend.new_record(settings, new_seed())
    try:
        game = ctx.store.create_friend_game(
            str(uuid.uuid4()), friend.to_data(record), players, ctx.learner, bots
        )
    except NotYourGame:
        game = None
    if game is None:
        st.session_state[FLASH] = _(
            "The game could not be started: progress is not being saved just now."
        )
        return
    st.session_state.setdefault(SEATS, {})[game.id] = 0
    st.query_params[PARAM] = game.code


def _join_by_code() -> None:
    code = clean_code(st.session_state.get("friend_code", ""))
    if code is None:
        st.session_state[FLASH] = _("A code is {n} letters and digits, such as {example}.").format(
            n=fmt_int(CODE_LENGTH), example="ABC234"
        )
        return
    st.query_params[PARAM] = code
