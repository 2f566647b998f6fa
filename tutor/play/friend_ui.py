"""The Play page's game with a friend: start one, join by link or code, the live table, the moves.

A friend game lives in the store (``tutor.store.friend_games``), not in this tab: the address
holds its join code (``?friend=ABC234``), and each page run reads it. The form that starts one
is ``tutor.play.friend_start``; a game of four (two partnerships, any other seat a friend or the
computer) draws its names, sides and table with ``tutor.play.friend_four``. A visitor takes
the first free seat (bound to their learner, else to this browser, as a game's owner is), so a
reload, a new tab or the same learner elsewhere rejoins that seat; once every seat is taken,
anyone else with the link only watches. The computer's seats move from any player's page, once
a version (:func:`_computer_moves`). Every move is sent to the store with the version this page drew
(compare-and-set): a move of the other seat's, out of turn, against the rules or from an older
view is refused with a message and changes nothing.

Muggins: a count claimed short waits for the other player (:func:`~tutor.play.friend_table.short_count`), who sees
what was missed with a "Muggins! Take N" and a "Pass" button; the counter sees that the other
may take the points; afterwards both (and a watcher) see what was answered (:func:`~tutor.play.friend_table.answers`).

Live: :func:`_watch` is an ``st.fragment`` that runs every second, reads only the game's version
and reruns the page when it changed, so the other player's move shows within about a second and
nothing is redrawn while nothing happens. The table is drawn only from the seat's view
(``tutor.play.friend.view``): the other hand stays on the server until the show.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import uuid
from typing import Any, Final

import streamlit as st

from cribbage_core.cards import Card
from cribbage_core.errors import CribbageError
from cribbage_core.game import Count, Discard, GameState, Muggins, Phase, Play
from cribbage_core.pegging import MAX_COUNT
from cribbage_core.record import GameRecord, NextDeal, Step
from tutor.frame.menu import four_colour, link_params
from tutor.frame.profile import escape_markdown
from tutor.frame.render import show_html
from tutor.frame.status import show_status
from tutor.html.cards import card_svg
from tutor.lang.i18n import _, card_text, fmt_int, ngettext
from tutor.play import friend, friend_four, friend_table
from tutor.play.friend_start import FLASH, PARAM, SEATS, bind, start_form
from tutor.play.session import PlaySession
from tutor.play.text import RESULT_LABELS, error_message, side_names
from tutor.play.ui import PlayContext
from tutor.store import (
    FriendGame,
    NotYourGame,
    NotYourSeat,
    StaleGame,
    Store,
    clean_code,
)

__all__ = ["PARAM", "wanted", "start_form", "page"]

_PICKED: Final = "friend_picked"  # the cards chosen for the crib
_CACHE: Final = "friend_cache"  # (game id, version, record, level): read once a version
#: How long a player may keep the other waiting before the other may hand the seat to the computer.
LEAVE_SECONDS: Final = 60
POLL_SECONDS: Final = 1.0


def wanted() -> bool:
    """Whether the address asks for a friend game (``?friend=CODE``)."""
    return PARAM in st.query_params


def _flash(message: str) -> None:
    st.session_state[FLASH] = message


def _read(game: FriendGame) -> tuple[GameRecord, str, GameState]:
    """The game's record, the computer's level and the state now: replayed once a version."""
    cached = st.session_state.get(_CACHE)
    if cached and cached[0] == game.id and cached[1] == game.version:
        return cached[2], cached[3], cached[4]
    record, level = friend.read_data(game.data)
    state = record.final()
    st.session_state[_CACHE] = (game.id, game.version, record, level, state)
    return record, level, state


def page(ctx: PlayContext) -> None:
    """The whole page for the friend game of the address: join it, play it or watch it."""
    st.title(_("Play a friend"))
    show_status(ctx.store)
    bind(ctx)
    code = clean_code(st.query_params.get(PARAM, ""))
    game = None if code is None else ctx.store.friend_game(code=code)
    if game is None:
        if ctx.store.ok:
            st.error(_("No game has this code: check it, or start a game of your own."))
        else:
            st.error(_("The game cannot be read just now: progress is not being saved."))
        st.button(_("Back to Play"), on_click=_leave, key="friend_back")
        return
    seats: dict[str, int | None] = st.session_state.setdefault(SEATS, {})
    if game.id not in seats:  # once a session: a reload (a new session) asks again
        try:
            seats[game.id] = ctx.store.take_friend_seat(game.id, ctx.learner)
        except NotYourGame:
            seats[game.id] = None
        fresh = ctx.store.friend_game(game.id)
        game = fresh if fresh is not None else game
    seat = seats.get(game.id)
    record, level, state = _read(game)
    seen = friend.view(record, seat, state)
    names = friend_four.names(game, seat)
    pending = st.session_state.pop(FLASH, None)
    if pending:
        st.warning(pending)
    _invite(game, seat)
    # the version drawn, for tests to wait on (the scores are always there: never empty)
    with st.container(key=f"friend_v_{game.version}"):
        friend_table.turn_line(game, seen, names)
        friend_table.scores(seen, names)
    four = len(game.seats) == 4
    if seat is None:
        st.info(
            _("You are watching: every seat is taken, so there are no move buttons here.")
            if four
            else _("You are watching: both seats are taken, so there are no move buttons here."),
            icon=":material/visibility:",
        )
    if four:
        friend_four.table(seen, names)
        friend_table.series_and_show(seen, names)
    else:
        friend_table.table(seen, names)
    friend_table.answers(seen, names)
    if seen.seen.short_count is not None:
        friend_table.short_count(seen.seen.short_count, seen, names)
    if seen.seen.phase is Phase.GAME_OVER:
        _result(ctx, game, record, seen, names)
        return
    if seat is not None:
        _controls(ctx, game, seen, names)
        _computer_moves(ctx, game, record, level, state)
        _hand_over(ctx, game, seen, names)
    _watch(ctx.store, game.id, game.version)


def _leave() -> None:
    st.query_params.pop(PARAM, None)


def _invite(game: FriendGame, seat: int | None) -> None:
    free = any(s.free for s in game.seats)
    if seat is None or not free:
        st.caption(_("Game code: {code}").format(code=game.code))
        return
    base = str(st.context.url or "").split("?")[0]
    link = f"{base}?{PARAM}={game.code}"
    st.info(
        _(
            "Send your friend this link, or the code {code} to type on the Play page. The game "
            "starts when they open it."
        ).format(code=game.code),
        icon=":material/share:",
    )
    st.code(link, language=None)


def _controls(
    ctx: PlayContext, game: FriendGame, seen: friend.FriendView, names: list[str]
) -> None:
    view = seen.seen
    seat = seen.seat
    assert seat is not None
    if any(s.free for s in game.seats):
        return
    colours = four_colour()
    hand = view.hand
    if view.phase is Phase.DISCARD and seen.my_turn:
        need = view.config.discard_size
        chosen = [c for c in st.session_state.get(_PICKED, []) if Card.parse(c) in hand]
        cols = st.container(key="row_play_hand").columns(len(hand))
        for col, card in zip(cols, hand, strict=True):
            picked = str(card) in chosen
            with col:
                show_html(card_svg(card, highlighted=picked, four_colour=colours, width=78))
                st.button(
                    _("✓ {card}").format(card=card_text(card)) if picked else card_text(card),
                    key=f"friend_pick_{card}",
                    on_click=_toggle,
                    args=(str(card), need),
                    type="primary" if picked else "secondary",
                    width="stretch",
                )
        st.button(
            ngettext("Lay away {n} card", "Lay away {n} cards", need).format(n=fmt_int(need)),
            key="friend_discard",
            type="primary",
            disabled=len(chosen) != need,
            on_click=_send,
            args=(ctx, game, seat, Discard(seat, tuple(Card.parse(c) for c in chosen))),
        )
        return
    if hand:
        room = MAX_COUNT - view.count
        playing = view.phase is Phase.PLAY and seen.my_turn
        cols = st.container(key="row_play_hand").columns(max(len(hand), 4))
        for col, card in zip(cols, hand, strict=False):
            fits = playing and card.value <= room
            with col:
                show_html(card_svg(card, dimmed=not fits, four_colour=colours, width=78))
                if view.phase is Phase.PLAY:
                    st.button(
                        _("Lay {card}").format(card=card_text(card)),
                        key=f"friend_lay_{card}",
                        disabled=not fits,
                        on_click=_send,
                        args=(ctx, game, seat, Play(seat, card)),
                        width="stretch",
                    )
    if view.phase is Phase.SHOW and seen.my_turn and view.short_count is not None:
        missed = view.short_count.missed
        muggins, passing = st.container(key="row_muggins").columns(2)
        muggins.button(
            ngettext("Muggins! Take {n} point", "Muggins! Take {n} points", missed).format(
                n=fmt_int(missed)
            ),
            key="friend_muggins",
            type="primary",
            on_click=_send,
            args=(ctx, game, seat, Muggins(seat, True)),
            width="stretch",
        )
        passing.button(
            _("Pass"),
            key="friend_pass",
            on_click=_send,
            args=(ctx, game, seat, Muggins(seat, False)),
            width="stretch",
        )
    elif view.phase is Phase.SHOW and seen.my_turn:
        st.number_input(_("Your count"), 0, 29, key="friend_claim", step=1)
        st.button(
            _("Count"),
            key="friend_count",
            type="primary",
            on_click=_claim,
            args=(ctx, game, seat),
        )
    if view.phase is Phase.DEAL and (seen.my_turn or friend_four.bot_deals(game, seen)):
        st.button(  # for the computer too: it would deal at once, before the show was seen
            _("Deal the next hand"),
            key="friend_deal",
            type="primary",
            on_click=_send,
            args=(ctx, game, view.dealer, NextDeal()),
        )


def _toggle(card: str, need: int) -> None:
    chosen = list(st.session_state.get(_PICKED, []))
    if card in chosen:
        chosen.remove(card)
    else:
        chosen = (chosen + [card])[-need:]
    st.session_state[_PICKED] = chosen


def _claim(ctx: PlayContext, game: FriendGame, seat: int) -> None:
    claimed = int(st.session_state.get("friend_claim", 0) or 0)
    _send(ctx, game, seat, Count(seat, claimed))


def _advance(seat: int, step: Step) -> Any:
    def advance(data: Any) -> tuple[dict[str, Any], bool]:
        record, level = friend.read_data(data)
        after, state = friend.advanced(record, seat, step)
        return friend.to_data(after, level), state.is_over

    return advance


def _send(ctx: PlayContext, game: FriendGame, seat: int, step: Step) -> None:
    """Send one move to the store, at the version this page drew; say why if it is refused.

    Both players lay away at once, so the other's discard often moves the game on between this
    page's last poll and the click on "Lay away": that discard changes nothing this seat may
    choose, so the click is sent again at the version now stored (once; the rules still check
    it there), rather than lost. Any other move from an older view is refused."""
    try:
        try:
            moved = ctx.store.friend_move(
                game.id, seat, game.version, ctx.learner, _advance(seat, step)
            )
        except StaleGame:
            moved = _discard_again(ctx, game, seat, step)
    except StaleGame:
        _flash(_("The game moved on before your click arrived: nothing was changed. Look again."))
        return
    except (NotYourSeat, NotYourGame):
        _flash(_("That is not your seat: you can only watch this game."))
        return
    except CribbageError as error:
        _record, _level, state = _read(game)
        _flash(error_message(error, state.count, _("your friend"), state.config.discard_size))
        return
    if moved is None:
        _flash(_("The move could not be saved just now: progress is not being saved. Try again."))
        return
    st.session_state.pop(_PICKED, None)


def _discard_again(ctx: PlayContext, game: FriendGame, seat: int, step: Step) -> FriendGame | None:
    """A discard refused as stale sent again at the version now stored, a few times (with four
    players the other three lay away too, the computer's at once); any other move re-raises."""
    version = game.version
    for _try in range(4):
        fresh = ctx.store.friend_game(game.id) if isinstance(step, Discard) else None
        if fresh is None or fresh.version == version:
            raise StaleGame(f"the game moved on since version {version}")
        version = fresh.version
        try:
            return ctx.store.friend_move(
                fresh.id, seat, fresh.version, ctx.learner, _advance(seat, step)
            )
        except StaleGame:
            continue
    raise StaleGame(f"the game kept moving on after version {version}")


def _computer_moves(
    ctx: PlayContext, game: FriendGame, record: GameRecord, level: str, state: GameState
) -> None:
    """The computer's seats move from the page of any player there, once a version: the store
    takes the first page's move and refuses the others' (the version moved on), quietly. The
    computer's deal waits for a player's click (:func:`friend_four.bot_deals`)."""
    if any(s.free for s in game.seats) or state.phase is Phase.DEAL:
        return
    bots = [s for s in friend.view(record, None, state).to_act if game.seats[s].bot]
    if not bots:
        return
    bot = bots[0]
    step = friend.bot_step(record, bot, game.seats[bot].bot or level, state)
    # another page may have moved it first: this page shows that move on its rerun
    with contextlib.suppress(StaleGame, NotYourSeat, NotYourGame, CribbageError):
        ctx.store.friend_move(game.id, bot, game.version, ctx.learner, _advance(bot, step))
    st.rerun()


def _hand_over(
    ctx: PlayContext, game: FriendGame, seen: friend.FriendView, names: list[str]
) -> None:
    """When the other player has kept this one waiting a minute: let the computer play for them."""
    waiting = [
        s
        for s in seen.to_act
        if s != seen.seat and not game.seats[s].bot and not game.seats[s].free
    ]
    updated = game.updated_at
    if not waiting or updated is None:
        return
    idle = (dt.datetime.now(dt.UTC).replace(tzinfo=None) - updated).total_seconds()
    if idle < LEAVE_SECONDS:
        return
    other = waiting[0]
    st.button(
        _("{name} seems to have left: let the computer play for them").format(
            name=escape_markdown(names[other])
        ),
        key="friend_to_bot",
        on_click=_to_bot,
        args=(ctx, game, other),
        icon=":material/smart_toy:",
    )


def _to_bot(ctx: PlayContext, game: FriendGame, seat: int) -> None:
    try:
        ctx.store.friend_seat_to_bot(game.id, seat, "medium", game.version, ctx.learner)
    except (StaleGame, NotYourSeat, NotYourGame):
        _flash(_("The game moved on before your click arrived: nothing was changed. Look again."))


@st.fragment(run_every=POLL_SECONDS)
def _watch(db: Store, game_id: str, shown: int) -> None:
    """Every second: the stored version alone; the page reruns only when it moved on."""
    version = db.friend_version(game_id)
    if version is not None and version != shown:
        st.rerun()


def _result(
    ctx: PlayContext,
    game: FriendGame,
    record: GameRecord,
    seen: friend.FriendView,
    names: list[str],
) -> None:
    view = seen.seen
    result = view.result
    assert result is not None
    won = seen.seat is not None and result.winner_side == view.side_of(seen.seat)
    four = len(game.seats) == 4
    names = friend_four.side_names(names, seen.seat)
    if won and four:
        verdict = _("You and your partner win")
    elif won:
        verdict = _("You win")
    elif four:
        verdict = _("{names} win").format(names=escape_markdown(names[result.winner_side]))
    else:
        verdict = _("{name} wins").format(name=escape_markdown(names[result.winner_side]))
    scores = " – ".join(
        f"{escape_markdown(names[i])} {fmt_int(s)}" for i, s in enumerate(view.scores)
    )
    (st.success if won else st.info)(
        _("**{verdict}**, {kind} ({points}): {scores}.").format(
            verdict=verdict,
            kind=_(RESULT_LABELS[result.kind]),
            points=ngettext("{n} game point", "{n} game points", result.game_points).format(
                n=fmt_int(result.game_points)
            ),
            scores=scores,
        ),
        icon=":material/emoji_events:",
    )
    if seen.seat is None:
        return
    review_id = str(uuid.uuid5(uuid.UUID(game.id), f"seat {seen.seat}"))
    _file_for_review(ctx, game, record, seen.seat, review_id, won)
    st.page_link(
        "pages/8_Game_review.py",
        label=_("Review my decisions in this game"),
        query_params={**link_params(), "game": review_id},
        icon=":material/insights:",
    )
    st.button(_("Back to Play"), on_click=_leave, key="friend_done")


def _file_for_review(
    ctx: PlayContext, game: FriendGame, record: GameRecord, seat: int, review_id: str, won: bool
) -> None:
    """Once a game is over: this seat's side of it saved as a game of its own (the seat as the
    one reviewed), for the Game review, and counted in the learner's progress."""
    filed: set[str] = st.session_state.setdefault("friend_filed", set())
    if review_id in filed:
        return
    # two players: the friend's name as they gave it, if any (four: the review names seats)
    other = game.seats[1 - seat] if len(game.seats) == 2 else None
    data = friend.review_save(record, seat, review_id, (other and other.learner) or "")
    session = PlaySession.from_dict(data)
    try:
        saved = ctx.store.save_game(
            review_id,
            data,
            moves=session.moves,
            previous=None,
            finished=True,
            learner=ctx.learner,
            browser=ctx.browser,
        )
    except (StaleGame, NotYourGame):
        saved = True  # filed before (a reload, another tab)
    state = session.state
    result = state.result
    if ctx.learner and result is not None:
        ctx.store.record_game(
            ctx.learner,
            game_id=review_id,
            opponent_level=friend.FRIEND_LEVEL,
            players=state.players,
            target=state.config.target,
            scores=list(state.scores),
            winner=side_names(state.players)[result.winner_side],
            learner_won=won,
            result_kind=result.kind,
            muggins_lost=session.muggins_lost(),
        )
    if saved:
        filed.add(review_id)
