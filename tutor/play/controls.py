"""The Play page's controls: the new-game form, the discard, the cards to lay, the counts, undo.

Every button goes through :func:`tutor.play.ui.do` with the move counter it was drawn at, and
the :class:`~tutor.play.ui.PlayContext` the page handed in.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from cribbage_core.bots import BOT_LEVELS
from cribbage_core.cards import Card
from cribbage_core.game import Count, Discard, Play
from cribbage_core.pegging import MAX_COUNT
from cribbage_core.result import SkunkRule
from cribbage_core.scoring import MAX_HAND_POINTS
from tutor.frame.menu import four_colour
from tutor.frame.render import bold, show_html
from tutor.html.cards import card_svg, cards_row
from tutor.lang.i18n import _, card_text, cards_text, fmt_int, ngettext
from tutor.play import coach, table, ui
from tutor.play.session import FIRST_DEALER_CHOICES, HUMAN, PlaySession
from tutor.play.text import (
    DEALER_LABELS,
    LEVEL_LABELS,
    PLAYER_LABELS,
    SKUNK_LABELS,
    player_label,
    seat_names,
    skunk_label,
)
from tutor.play.ui import PlayContext, act, do

__all__ = [
    "settings_form",
    "discard_controls",
    "advice_table",
    "play_controls",
    "show_section",
    "deal_button",
    "game_buttons",
    "new_game_button",
    "watching_note",
]

_STALE = "That click came from an older view of the table (a double click?): nothing was changed."


def settings_form(ctx: PlayContext) -> None:
    """The new-game settings, and Deal."""
    # each choice's label is made now, in this run's language, so the form submits in any language
    with st.form("play_settings"):
        st.markdown(bold(_("New game")))
        choices = st.container(key="pairs_play_settings")  # on a phone, two choices to a line
        level, target, players = choices.columns(3)
        level.selectbox(
            _("Opponent"),
            BOT_LEVELS,
            index=1,
            key="play_set_level",
            format_func={v: _(LEVEL_LABELS[v]) for v in BOT_LEVELS}.__getitem__,
        )
        target.radio(
            _("Game to"),
            [121, 61],
            horizontal=True,
            key=ui.setting_key("target"),
            format_func={n: fmt_int(n) for n in (121, 61)}.__getitem__,
        )
        players.radio(
            _("Players"),
            [2, 3, 4],
            horizontal=True,
            key=ui.setting_key("players"),
            format_func={n: player_label(n) for n in PLAYER_LABELS}.__getitem__,
        )
        dealer, skunk, counting = choices.columns(3)
        dealer.radio(
            _("First dealer"),
            FIRST_DEALER_CHOICES,
            key="play_set_dealer",
            format_func={v: _(label) for v, label in DEALER_LABELS.items()}.__getitem__,
        )
        skunk.selectbox(  # each rule said short (the box is one line), and in full in its help
            _("Skunk rule"),
            list(SkunkRule),
            key=ui.setting_key("skunk"),
            format_func={r: skunk_label(r, short=True) for r in SKUNK_LABELS}.__getitem__,
            help="\n\n".join(skunk_label(r) for r in SkunkRule),
        )
        counting.radio(
            _("Counting"),
            ["app", "step", "self"],
            key="play_set_counting",
            format_func={
                "app": _("The app counts for me"),
                "step": _("The app counts, one hand at a time"),
                "self": _("I count my own hand and crib"),
            }.__getitem__,
        )
        st.toggle(
            _("Muggins"),
            key="play_set_muggins",
            help=_("When you count your own hand, points you miss go to the computer."),
        )
        st.form_submit_button(
            _("Deal"),
            type="primary",
            on_click=ui.start_game,
            args=(ctx,),
            icon=":material/playing_cards:",
        )


def _discard_prompt(dealer: int, players: int, names: list[str], need: int) -> str:
    """Which crib the cards go to, one whole sentence per case (never a seat name glued to "'s")."""
    if dealer == HUMAN:
        text = ngettext(
            "**Your hand.** Choose {n} card for your crib, then confirm.",
            "**Your hand.** Choose {n} cards for your crib, then confirm.",
            need,
        )
    elif players == 4 and dealer == 2:
        text = ngettext(
            "**Your hand.** Choose {n} card for your partner's crib, then confirm.",
            "**Your hand.** Choose {n} cards for your partner's crib, then confirm.",
            need,
        )
    else:
        text = ngettext(
            "**Your hand.** Choose {n} card for {name}'s crib, then confirm.",
            "**Your hand.** Choose {n} cards for {name}'s crib, then confirm.",
            need,
        )
    return text.format(n=fmt_int(need), name=names[dealer])


def discard_controls(ctx: PlayContext, session: PlaySession) -> None:
    """Your six cards: click to choose the crib cards, then confirm; the Hint table."""
    state = session.state
    names = seat_names(state.players)
    need = state.config.discard_size
    hand = state.hands[HUMAN]
    chosen: list[str] = [c for c in st.session_state.get(ui.SELECTED, []) if Card.parse(c) in hand]
    st.markdown(_discard_prompt(state.dealer, state.players, names, need))
    cols = st.container(key="row_play_hand").columns(len(hand))
    colours = four_colour()
    for col, card in zip(cols, hand, strict=True):
        picked = str(card) in chosen
        with col:
            show_html(card_svg(card, highlighted=picked, four_colour=colours, width=78))
            st.button(
                _("✓ {card}").format(card=card_text(card)) if picked else card_text(card),
                key=f"play_pick_{card}",
                on_click=_toggle,
                args=(str(card), session.moves),
                type="primary" if picked else "secondary",
                width="stretch",
                help=_("Click again to keep it") if picked else _("Lay this card away to the crib"),
            )
    left, right = st.columns([2, 1])
    left.button(
        ngettext("Lay away {n} card", "Lay away {n} cards", need).format(n=fmt_int(need)),
        key="play_confirm_discard",
        type="primary",
        disabled=len(chosen) != need,
        on_click=_confirm_discard,
        args=(ctx, session.moves),
    )
    coach.pending_warning(ctx, session)
    right.toggle(
        _("Hint"), key="play_hint", help=_("Show the discard advisor's ranking of every discard.")
    )
    if st.session_state.get("play_hint"):
        advice_table(session)


def _toggle(card: str, seen_moves: int) -> None:
    ui.clear_flash()
    session = ui.current()
    if session is None or session.moves != seen_moves:
        ui.flash(_(_STALE))
        return
    chosen = list(st.session_state.get(ui.SELECTED, []))
    if card in chosen:
        chosen.remove(card)
    else:
        chosen.append(card)
        need = session.state.config.discard_size
        chosen = chosen[-need:]  # choosing one more drops the oldest choice
    st.session_state[ui.SELECTED] = chosen


def _confirm_discard(ctx: PlayContext, seen_moves: int) -> None:
    chosen = tuple(Card.parse(c) for c in st.session_state.get(ui.SELECTED, []))
    coach.try_move(
        ctx, Discard(HUMAN, chosen), seen_moves
    )  # the coach may hold it back: the cards stay chosen


def advice_table(session: PlaySession) -> None:
    """Every discard ranked by the advisor: expected hand, crib and net points."""
    advice = session.advice()
    rows = [
        {
            _("Rank"): o.rank,
            _("Lay away"): cards_text(o.discard),
            _("Keep"): cards_text(o.keep),
            _("Hand (expected)"): round(o.hand_ev, 2),
            _("Crib (expected)"): round(o.crib_ev, 2),
            _("Net"): round(o.net, 2),
            _("Hand min-max"): f"{o.hand_min}-{o.hand_max}",
        }
        for o in advice.options
    ]
    st.caption(
        _(
            "Expected points over every possible starter; the crib counts for you when it is yours "
            "and against you when it is not."
        )
    )
    st.dataframe(rows, hide_index=True, width="stretch", key="play_advice")


def play_controls(ctx: PlayContext, session: PlaySession) -> None:
    """Your cards as buttons (cards you cannot lay are disabled); when only one card fits, or none,
    the table lays it or says go for you."""
    state = session.state
    hand = state.hands[HUMAN]
    names = seat_names(state.players)
    mine = state.to_act == HUMAN
    room = MAX_COUNT - state.count
    forced = session.forced_move() if mine else None
    if isinstance(forced, Play):
        st.markdown(
            _("**Only your {card} fits.** The count is {count}: it is laid for you.").format(
                card=card_text(forced.card), count=fmt_int(state.count)
            )
        )
    elif forced is not None:
        st.markdown(
            _("**No card of yours fits.** The count is {count}: go.").format(
                count=fmt_int(state.count)
            )
        )
    elif mine:
        st.markdown(
            _("**Your turn.** The count is {count}: lay a card.").format(count=fmt_int(state.count))
        )
    else:
        assert state.to_act is not None
        st.markdown(_("**{name} to play.**").format(name=escape(names[state.to_act])))
    colours = four_colour()
    if hand:
        cols = st.container(key="row_play_hand").columns(max(len(hand), 4))
        for col, card in zip(cols, hand, strict=False):
            fits = card.value <= room
            with col:
                show_html(card_svg(card, dimmed=not (mine and fits), four_colour=colours, width=78))
                st.button(
                    _("Lay {card}").format(card=card_text(card)),
                    key=f"play_lay_{card}",
                    disabled=not (mine and fits),
                    on_click=coach.try_move,
                    args=(ctx, Play(HUMAN, card), session.moves),
                    width="stretch",
                    help=None
                    if fits
                    else _("This card would take the count past {thirty_one}.").format(
                        thirty_one=fmt_int(31)
                    ),
                )
        coach.pending_warning(ctx, session)
    else:
        st.caption(_("You have laid all your cards."))
    # One move only (the card that fits, or go): the table makes it for the learner (tutor.play.ui.move_on).


def show_section(ctx: PlayContext, session: PlaySession) -> None:
    """The show: what is counted so far, then the next count (yours to type, or the computer's)."""
    state = session.state
    names = seat_names(state.players)
    st.header(_("The show"))
    table.show_counted(session, state, state.show_step)
    counting = state.counting()
    assert counting is not None and state.starter is not None
    seat, cards, is_crib = counting
    if session.moves_on_alone():
        return  # the show runs on by itself (tutor.play.ui.move_on)
    if seat != HUMAN:
        label = _("Count {name}'s crib") if is_crib else _("Count {name}'s hand")
        st.button(
            label.format(name=names[seat]),
            key="play_next_count",
            type="primary",
            on_click=do,
            args=(ctx, lambda s: s.next_count(), session.moves),
        )
        return
    title = _("Your crib") if is_crib else _("Your hand")
    st.markdown(bold(title) + " · " + _("with the starter"))
    show_html(cards_row((*cards, state.starter), four_colour=four_colour(), width=70))
    if not session.settings.self_count:
        st.button(
            _("Count my crib") if is_crib else _("Count my hand"),
            key="play_count_mine",
            type="primary",
            on_click=do,
            args=(ctx, act(Count(HUMAN)), session.moves),
        )
        return
    with st.form("play_count_form", clear_on_submit=True):
        st.text_input(
            _("How many points?"),
            key="play_claim",
            placeholder=_("a whole number from {low} to {high}").format(
                low=fmt_int(0), high=fmt_int(29)
            ),
        )
        st.form_submit_button(
            _("Claim my count"), type="primary", on_click=_claim, args=(ctx, session.moves)
        )


def _claim(ctx: PlayContext, seen_moves: int) -> None:
    from tutor.lang.answers import parse_answer

    parsed = parse_answer(st.session_state.get("play_claim", ""), MAX_HAND_POINTS)
    if parsed.error:
        ui.flash(parsed.error, "error")
        return
    do(ctx, act(Count(HUMAN, int(parsed.value or 0))), seen_moves)


def deal_button(ctx: PlayContext, session: PlaySession) -> None:
    """After the show: deal the next hand."""
    st.button(
        _("Deal the next hand"),
        key="play_deal",
        type="primary",
        on_click=do,
        args=(ctx, lambda s: s.deal_next(), session.moves),
    )


def game_buttons(ctx: PlayContext, session: PlaySession) -> None:
    """Undo, New game, the log so far, and the game's address."""
    with st.container(horizontal=True):
        st.button(
            _("Undo my last move"),
            key="play_undo",
            disabled=not session.can_undo,
            on_click=do,
            args=(ctx, lambda s: s.take_back_choice(), session.moves),
            help=_(
                "Take back your last discard or card laid (practice only: the game log marks it)."
            ),
            icon=":material/undo:",
        )
        st.button(_("New game"), key="play_new", on_click=ui.new_game, icon=":material/add:")
    if st.toggle(_("Show the game log so far"), key="play_show_log"):
        table.game_log(session, key="play_log_so_far")
    st.caption(_("Game {id}: this page's address brings it back.").format(id=session.game_id))


def new_game_button() -> None:
    """At the end of a game: start another."""
    st.button(_("New game"), key="play_new_after", type="primary", on_click=ui.new_game)


def watching_note() -> None:
    """For a game that belongs to someone else: you are watching it; start your own."""
    st.info(
        _(
            "You are watching this game: it belongs to the player who started it, so there are no "
            "move buttons here. You can start a game of your own."
        ),
        icon=":material/visibility:",
    )
    with st.container(horizontal=True):
        st.button(
            _("Start your own game"), key="play_own_game", type="primary", on_click=ui.new_game
        )
        st.button(_("Show the latest moves"), key="play_watch_refresh", icon=":material/refresh:")
