"""The Play page's Streamlit parts: the session kept in the database, the table, the controls.

Every change goes through :func:`commit`, which saves the session (compare-and-set on its
move counter, see ``tutor.store.save_game``) before it replaces the one in session state, so
a reload, a server restart or a link opened later resumes exactly there (``?game=<id>``).
Every click handler checks the move counter it was drawn with: a double click or a click
from a stale tab changes nothing and says so.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from typing import Any, Final

import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.errors import CribbageError
from cribbage_core.game import Action, Count, Discard, GameState, Go, Phase, Play
from cribbage_core.pegging import MAX_COUNT
from cribbage_core.scoring import MAX_HAND_POINTS, score_hand
from tutor.frame.menu import four_colour
from tutor.frame.render import bold, show_html
from tutor.html.board import PEG_COLOURS, board_svg
from tutor.html.breakdown import hand_breakdown_html
from tutor.html.cards import card_back_svg, card_svg, cards_row
from tutor.lang.i18n import _, card_text, cards_text, fmt_int, ngettext
from tutor.play.session import HUMAN, PlaySession
from tutor.play.text import describe_move, error_message, seat_names, side_names
from tutor.store import StaleGame, Store

__all__ = [
    "SESSION",
    "SAVED",
    "FLASH",
    "SELECTED",
    "bot_delay",
    "current",
    "commit",
    "load",
    "flash",
    "show_flash",
    "clear_flash",
    "do",
    "header",
    "table",
    "discard_controls",
    "play_controls",
    "show_section",
    "counted_steps",
]

SESSION: Final = "play_session"
SAVED: Final = "play_saved_moves"
FLASH: Final = "play_flash"
SELECTED: Final = "play_selected"
STORE: Final = "play_store"
LEARNER: Final = "play_learner"


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


def load(db: Store, game_id: str) -> PlaySession | None:
    """The saved game ``game_id`` into this tab's session state (None if there is none)."""
    found = db.load_game(game_id)
    if found is None:
        return None
    moves, data = found
    try:
        session = PlaySession.from_dict(data)
    except (ValueError, CribbageError):
        return None
    st.session_state[SESSION] = session
    st.session_state[SAVED] = moves
    st.session_state.pop(SELECTED, None)
    return session


def commit(new: PlaySession, base: PlaySession | None) -> bool:
    """Save ``new`` (made from ``base``; None for a new game) and make it this tab's game.

    False (and the saved game reloaded, with a message) if the saved game is no longer at
    ``base``: another tab or a second click moved it on.
    """
    db: Store = st.session_state[STORE]
    previous = None if base is None else base.moves
    try:
        db.save_game(
            new.game_id,
            new.to_dict(),
            moves=new.moves,
            previous=previous,
            finished=new.phase is Phase.GAME_OVER,
            learner=st.session_state.get(LEARNER),
        )
    except StaleGame:
        load(db, new.game_id)
        flash(
            _("This game moved on in another tab or window: here it is as it stands now. "
              "Your click changed nothing."),
        )  # fmt: skip
        return False
    st.session_state[SESSION] = new
    st.session_state[SAVED] = new.moves
    return True


def do(step: Callable[[PlaySession], PlaySession], seen_moves: int) -> None:
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
    commit(new, session)


def _act(action: Action) -> Callable[[PlaySession], PlaySession]:
    return lambda session: session.act(action)


# ---------------------------------------------------------------------------- drawing


def header(session: PlaySession) -> None:
    """Scores (always visible), the board and who deals."""
    state = session.state
    sides = side_names(state.players)
    names = seat_names(state.players)
    cols = st.columns(len(sides) + 1)
    for side, col in enumerate(cols[: len(sides)]):
        gained = state.scores[side] - session.back[side]
        colour = PEG_COLOURS[side]
        last_peg = escape(_("last peg +{n}").format(n=fmt_int(gained))) if gained else "&nbsp;"
        col.markdown(
            f'<div style="border-left:6px solid {colour};padding:2px 10px">'
            f'<div style="font-size:0.85rem;color:#555">{escape(sides[side])}</div>'
            f'<div class="play-score" style="font-size:1.9rem;font-weight:700">{fmt_int(state.scores[side])}</div>'
            f'<div style="font-size:0.8rem;color:#555">'
            f"{last_peg}</div></div>",
            unsafe_allow_html=True,
        )
    with cols[-1]:
        st.markdown(
            _("**Hand {n}** · {dealer} dealt · playing to {target}").format(
                n=fmt_int(max(state.hand_no, 1)), dealer=names[state.dealer], target=fmt_int(state.config.target)
            )
        )
    show_html(board_svg(state.scores, session.back, state.config.target, sides))


def _face_down(n: int, width: int = 52) -> str:
    backs = "".join(card_back_svg(width=width) for _ in range(n))
    return f'<div dir="ltr" style="display:flex;gap:4px;padding:6px 0;min-height:{round(width * 1.4) + 12}px">{backs}</div>'


def table(session: PlaySession) -> None:
    """The opponents' hands, the crib, the starter, and the current series with the count."""
    state = session.state
    names = seat_names(state.players)
    colours = four_colour()
    others = [seat for seat in range(state.players) if seat != HUMAN]
    cols = st.columns([2.2] * len(others) + [2.0, 1.2])
    in_show = state.phase is Phase.SHOW or state.ended_in is Phase.SHOW
    for col, seat in zip(cols, others, strict=False):
        with col:
            left = len(state.hands[seat])
            st.markdown(f"**{escape(names[seat])}**" + (" · " + _("dealer") if seat == state.dealer else ""))
            if in_show and state.kept[seat]:
                show_html(cards_row(state.kept[seat], four_colour=colours, width=52, gap=4))
            else:
                show_html(_face_down(left))
    with cols[-2]:
        crib_owner = names[state.dealer]
        st.markdown(bold(_("The crib")) + " · " + escape(crib_owner))
        crib_up = in_show and state.show_step >= state.players
        if crib_up or (state.phase is Phase.GAME_OVER and state.ended_in is not Phase.PLAY and crib_up):
            show_html(cards_row(state.crib, four_colour=colours, width=52, gap=4))
        else:
            in_crib = len(state.crib) if state.starter is not None else sum(len(d) for d in state.discards)
            show_html(_face_down(in_crib))
    with cols[-1]:
        st.markdown(bold(_("Starter")))
        if state.starter is not None:
            show_html(cards_row([state.starter], four_colour=colours, width=52))
        else:
            show_html(_face_down(1))
    if state.phase is Phase.PLAY or (state.phase is Phase.GAME_OVER and state.ended_in is Phase.PLAY):
        _series(session)


def _series(session: PlaySession) -> None:
    state = session.state
    names = seat_names(state.players)
    colours = four_colour()
    starts = list(state.series_starts) or [0]
    current_start = starts[-1]
    earlier = state.played[:current_start]
    now = state.played[current_start:]
    cells = []
    for seat, card in now:
        cells.append(
            '<figure style="margin:0;display:flex;flex-direction:column;align-items:center;gap:2px">'
            f"{card_svg(card, four_colour=colours, width=60)}"
            f'<figcaption style="font-size:0.75rem;color:{PEG_COLOURS[state.side_of(seat)]};font-weight:600">'
            f"{escape(names[seat])}</figcaption></figure>"
        )
    gone = [names[s] for s, passed in enumerate(state.passed) if passed]
    note = (" · " + _("go: {names}").format(names=", ".join(gone))) if gone else ""
    past = ""
    earlier_label = escape(_("Earlier this hand:"))
    if earlier:
        past = (
            f'<div style="font-size:0.8rem;color:#666;margin-top:4px">{earlier_label} '
            + escape(cards_text([card for _, card in earlier]))
            + "</div>"
        )
    play_label, count_label = escape(_("The play")), escape(_("Count"))
    show_html(
        '<div class="pile-series" style="border:1px dashed #b0bec5;border-radius:10px;padding:6px 12px;margin:6px 0">'
        f'<div style="display:flex;justify-content:space-between;align-items:baseline">'
        f'<strong>{play_label}</strong>'
        f'<span class="play-count" style="font-size:1.5rem;font-weight:700">{count_label}: {fmt_int(state.count)}</span></div>'
        f'<div dir="ltr" style="display:flex;flex-wrap:wrap;gap:8px;min-height:100px;align-items:flex-start">{"".join(cells)}</div>'
        f'<div style="font-size:0.8rem;color:#666">{escape(note)}</div>{past}</div>'
    )


def commentary(session: PlaySession, last: int = 5) -> None:
    """The latest moves of this hand, oldest first, each with what it scored and why."""
    names = seat_names(session.state.players)
    moves = [m for m in session.feed if m.kind != "count"][-last:]
    if not moves:
        return
    items = "".join(
        f'<li style="{"font-weight:600" if i == len(moves) - 1 else "color:#444"}">'
        f"{escape(describe_move(m, names))}</li>"
        for i, m in enumerate(moves)
    )
    show_html(f'<ul class="play-feed" style="margin:2px 0 8px 0;padding-left:1.2rem">{items}</ul>')


def discard_controls(session: PlaySession) -> None:
    """Your six cards: click to choose the crib cards, then confirm; the Hint table."""
    state = session.state
    names = seat_names(state.players)
    need = state.config.discard_size
    hand = state.hands[HUMAN]
    chosen: list[str] = [c for c in st.session_state.get(SELECTED, []) if Card.parse(c) in hand]
    whose = _("your") if state.dealer == HUMAN else (
        _("your partner's") if state.players == 4 and state.dealer == 2 else names[state.dealer] + _("'s")
    )  # fmt: skip
    st.markdown(
        ngettext(
            "**Your hand.** Choose {n} card for {whose} crib, then confirm.",
            "**Your hand.** Choose {n} cards for {whose} crib, then confirm.",
            need,
        ).format(n=fmt_int(need), whose=whose)
    )
    cols = st.columns(len(hand))
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
        args=(session.moves,),
    )
    right.toggle(_("Hint"), key="play_hint", help=_("Show the discard advisor's ranking of every discard."))
    if st.session_state.get("play_hint"):
        advice_table(session)


def _toggle(card: str, seen_moves: int) -> None:
    clear_flash()
    session = current()
    if session is None or session.moves != seen_moves:
        flash(_("That click came from an older view of the table (a double click?): nothing was changed."))
        return
    chosen = list(st.session_state.get(SELECTED, []))
    if card in chosen:
        chosen.remove(card)
    else:
        chosen.append(card)
        need = session.state.config.discard_size
        chosen = chosen[-need:]  # choosing one more drops the oldest choice
    st.session_state[SELECTED] = chosen


def _confirm_discard(seen_moves: int) -> None:
    chosen = tuple(Card.parse(c) for c in st.session_state.get(SELECTED, []))
    st.session_state[SELECTED] = []
    do(_act(Discard(HUMAN, chosen)), seen_moves)


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
        _("Expected points over every possible starter; the crib counts for you when it is yours "
          "and against you when it is not.")
    )  # fmt: skip
    st.dataframe(rows, hide_index=True, width="stretch", key="play_advice")


def play_controls(session: PlaySession) -> None:
    """Your cards as buttons (cards you cannot lay are disabled); Go only when nothing fits."""
    state = session.state
    hand = state.hands[HUMAN]
    names = seat_names(state.players)
    mine = state.to_act == HUMAN
    room = MAX_COUNT - state.count
    if mine:
        st.markdown(_("**Your turn.** The count is {count}: lay a card.").format(count=fmt_int(state.count)))
    else:
        assert state.to_act is not None
        st.markdown(_("**{name} to play.**").format(name=escape(names[state.to_act])))
    colours = four_colour()
    if hand:
        cols = st.columns(max(len(hand), 4))
        for col, card in zip(cols, hand, strict=False):
            fits = card.value <= room
            with col:
                show_html(card_svg(card, dimmed=not (mine and fits), four_colour=colours, width=78))
                st.button(
                    _("Lay {card}").format(card=card_text(card)),
                    key=f"play_lay_{card}",
                    disabled=not (mine and fits),
                    on_click=do,
                    args=(_act(Play(HUMAN, card)), session.moves),
                    width="stretch",
                    help=None if fits else _("This card would take the count past 31."),
                )
    else:
        st.caption(_("You have laid all your cards."))
    if mine and not any(card.value <= room for card in hand):
        st.button(
            _("Go (I cannot lay a card)"),
            key="play_go",
            type="primary",
            on_click=do,
            args=(_act(Go(HUMAN)), session.moves),
        )


def counted_steps(state: GameState, upto: int) -> list[tuple[int, tuple[Card, ...], bool]]:
    """The (seat, cards, is_crib) counted in the show before step ``upto`` (pone first, crib last)."""
    n = state.players
    steps = []
    for step in range(min(upto, n + 1)):
        if step == n:
            steps.append((state.dealer, state.crib, True))
        else:
            seat = (state.dealer + 1 + step) % n
            steps.append((seat, state.kept[seat], False))
    return steps


def show_counted(session: PlaySession, state: GameState, upto: int) -> None:
    """Each counted hand and crib with its itemised breakdown (and the learner's claim)."""
    names = seat_names(state.players)
    colours = four_colour()
    assert state.starter is not None
    for seat, cards, is_crib in counted_steps(state, upto):
        score = score_hand(cards, state.starter, is_crib=is_crib)
        if seat == HUMAN:
            title = (_("Your crib: {points}") if is_crib else _("Your hand: {points}")).format(
                points=fmt_int(score.total)
            )
        else:
            title = (
                _("{name}'s crib: {points}") if is_crib else _("{name}'s hand: {points}")
            ).format(name=names[seat], points=fmt_int(score.total))
        with st.expander(title, expanded=True):
            claim = next(
                (c for c in session.claims if c.hand_no == state.hand_no and c.is_crib == is_crib and seat == HUMAN),
                None,
            )
            if claim is not None:
                _claim_verdict(session, claim.claimed, claim.actual, score)
            show_html(hand_breakdown_html(score, four_colour=colours))


def _claim_verdict(session: PlaySession, claimed: int, actual: int, score: Any) -> None:
    from cribbage_core.hand_quiz import likely_missed
    from tutor.lang.i18n import kind_label

    if claimed == actual:
        st.success(_("You counted {n}: right.").format(n=fmt_int(actual)))
    elif claimed > actual:
        st.warning(
            _("You claimed {claimed}, but it is worth {actual}: you score {actual}.").format(
                claimed=fmt_int(claimed), actual=fmt_int(actual)
            )
        )
    else:
        missed = ", ".join(kind_label(k) for k in likely_missed(score, claimed))
        if session.settings.muggins:
            st.error(
                _("You claimed {claimed} of {actual}. Muggins! The computer takes the {gap} you missed "
                  "(look at: {missed}).").format(
                    claimed=fmt_int(claimed), actual=fmt_int(actual), gap=fmt_int(actual - claimed), missed=missed
                )
            )  # fmt: skip
        else:
            st.warning(
                _("You claimed {claimed} of {actual}: you score {claimed}; {gap} missed (look at: {missed}).").format(
                    claimed=fmt_int(claimed), actual=fmt_int(actual), gap=fmt_int(actual - claimed), missed=missed
                )
            )


def show_section(session: PlaySession) -> None:
    """The show: what is counted so far, then the next count (yours to type, or the computer's)."""
    state = session.state
    names = seat_names(state.players)
    st.subheader(_("The show"))
    show_counted(session, state, state.show_step)
    what = state.counting()
    assert what is not None and state.starter is not None
    seat, cards, is_crib = what
    if seat != HUMAN:
        label = _("Count {name}'s crib") if is_crib else _("Count {name}'s hand")
        st.button(
            label.format(name=names[seat]),
            key="play_next_count",
            type="primary",
            on_click=do,
            args=(lambda s: s.next_count(), session.moves),
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
            args=(_act(Count(HUMAN)), session.moves),
        )
        return
    with st.form("play_count_form", clear_on_submit=True):
        st.text_input(
            _("How many points?"), key="play_claim", placeholder=_("a whole number from 0 to 29")
        )
        st.form_submit_button(
            _("Claim my count"), type="primary", on_click=_claim, args=(session.moves,)
        )


def _claim(seen_moves: int) -> None:
    from tutor.lang.answers import parse_answer

    parsed = parse_answer(st.session_state.get("play_claim", ""), MAX_HAND_POINTS)
    if parsed.error:
        flash(parsed.error, "error")
        return
    do(_act(Count(HUMAN, int(parsed.value or 0))), seen_moves)
