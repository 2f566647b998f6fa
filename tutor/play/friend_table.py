"""The table of a game with a friend, drawn from the seat's view (``tutor.play.friend.view``):
whose turn it is, the scores, the hands and the series, a count claimed short and the answers of
muggins. The other hand stays on the server until the show; a watcher sees the same table
without a hand of their own. The page and its moves are ``tutor.play.friend_ui``.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from cribbage_core.game import Phase, ShortCount
from cribbage_core.scoring import score_hand
from tutor.frame.menu import four_colour
from tutor.frame.profile import escape_markdown
from tutor.frame.render import bold, plain_html, show_html
from tutor.html.board import PEG_COLOURS, board_svg
from tutor.html.cards import cards_row
from tutor.html.play import table_series_html
from tutor.html.table_top import markdown_bold, scores_html, table_row_html, table_weights
from tutor.lang.i18n import _, fmt_int, ngettext
from tutor.play import friend, friend_four
from tutor.store import FriendGame

__all__ = ["answers", "scores", "series_and_show", "short_count", "table", "turn_line"]


def turn_line(game: FriendGame, seen: friend.FriendView, names: list[str]) -> None:
    """Whose turn it is (or which friend has not come yet), said to this seat or a watcher."""
    view = seen.seen
    waiting = [s for s in seen.to_act if s != seen.seat]
    if view.phase is Phase.GAME_OVER:
        return
    free = sum(1 for s in game.seats if s.free)
    if free and len(game.seats) == 4:
        st.warning(
            ngettext(
                "Waiting for {n} friend to open the link.",
                "Waiting for {n} friends to open the link.",
                free,
            ).format(n=fmt_int(free)),
            icon=":material/hourglass_top:",
        )
        return
    if free:
        st.warning(_("Waiting for your friend to open the link."), icon=":material/hourglass_top:")
        return
    if seen.seat is not None and friend_four.bot_deals(game, seen):
        st.success(
            _("The show is over: look at it, then deal the next hand for {name}.").format(
                name=escape_markdown(names[view.dealer])
            ),
            icon=":material/play_arrow:",
        )
        return
    if seen.my_turn:
        text = {
            Phase.DISCARD: ngettext(
                "Your turn: lay away {n} card to the crib.",
                "Your turn: lay away {n} cards to the crib.",
                view.config.discard_size,
            ).format(n=fmt_int(view.config.discard_size)),
            Phase.PLAY: _("Your turn: lay a card. The count is {count}.").format(
                count=fmt_int(view.count)
            ),
            Phase.SHOW: _("Your turn: call muggins or pass.")
            if view.short_count is not None
            else _("Your turn: count your hand."),
            Phase.DEAL: _("Your turn: deal the next hand."),
        }[view.phase]
        st.success(text, icon=":material/play_arrow:")
    elif waiting:
        st.info(
            _("Waiting for {name} to move.").format(name=escape_markdown(names[waiting[0]])),
            icon=":material/hourglass_top:",
        )


def scores(seen: friend.FriendView, seat_names: list[str]) -> None:
    """The hand, its dealer and the target, each side's score and the board, in one element."""
    view = seen.seen
    names = friend_four.side_names(seat_names, seen.seat)
    hand_line = markdown_bold(
        escape(_("**Hand {n}** · {dealer} dealt · playing to {target}")).format(
            n=fmt_int(max(view.hand_no, 1)),
            dealer=plain_html(seat_names[friend_four.dealt_by(seen)]),
            target=fmt_int(view.config.target),
        )
    )
    sides = [
        (plain_html(names[side]), fmt_int(score), None) for side, score in enumerate(view.scores)
    ]
    show_html(  # one element (see tutor.html.table_top)
        scores_html(sides, hand_line)
        + board_svg(view.scores, view.scores, view.config.target, names)
    )


def _backs(n: int) -> str:
    """``n`` face-down cards as a row of the table's cards: on a phone the row narrows to its
    column (``tutor.frame.menu``), so six backs never run over the crib and the starter."""
    return f'<div style="min-height:84px">{cards_row([], width=52, gap=4, backs=n)}</div>'


def table(seen: friend.FriendView, names: list[str]) -> None:
    """The two-player table: the other's hand (its backs until the show), the crib and the
    starter, then the series or the show."""
    view = seen.seen
    colours = four_colour()
    me = seen.seat
    others = [s for s in range(view.config.players) if s != me]
    dealer = friend_four.dealt_by(seen)
    columns = []
    for other in others:
        label = f"<strong><bdi>{plain_html(names[other])}</bdi></strong>"
        if other == dealer:
            label += " · " + escape(_("dealer"))
        columns.append(
            (label, cards_row(view.hands_shown[other], four_colour=colours, width=52, gap=4))
            if view.hands_shown is not None
            else (label, _backs(view.cards_left[other]))
        )
    crib, starter = escape(_("The crib")), escape(_("Starter"))
    crib_cards = (
        cards_row(view.crib, four_colour=colours, width=52, gap=4)
        if view.crib is not None
        else _backs(sum(view.discarded) * view.config.discard_size)
    )
    columns.append(
        (f"<strong>{crib}</strong> · <bdi>{plain_html(names[dealer])}</bdi>", crib_cards)
    )
    starter_cards = (
        cards_row([view.starter], four_colour=colours, width=52)
        if view.starter is not None
        else _backs(1)
    )
    columns.append((f"<strong>{starter}</strong>", starter_cards))
    show_html(table_row_html(columns, table_weights(len(others))))  # one element
    series_and_show(seen, names)


def series_and_show(seen: friend.FriendView, names: list[str]) -> None:
    """The play's cards laid so far in this series (and the count), or the last hand's show."""
    view = seen.seen
    colours = four_colour()
    if view.phase is Phase.PLAY:
        start = (view.series_starts or (0,))[-1]
        laid = [(names[s], card, PEG_COLOURS[view.side_of(s)]) for s, card in view.played[start:]]
        said_go = [names[s] for s, passed in enumerate(view.passed) if passed]
        earlier = [card for _, card in view.played[:start]]
        show_html(table_series_html(laid, view.count, said_go, earlier, four_colour=colours))
    if seen.shown is not None:
        _shown(seen.shown, names, seen.seat)


def _shown(shown: friend.Shown, names: list[str], me: int | None) -> None:
    """The last hand's show in the order it is counted (from the dealer's left, the dealer's
    hand and then the crib last)."""
    st.markdown(bold(_("The show of hand {n}").format(n=fmt_int(shown.hand_no))))
    colours = four_colour()
    players = len(shown.hands)
    seats = [(shown.dealer + 1 + k) % players for k in range(players)]
    order = [(s, shown.hands[s], False) for s in seats] + [(shown.dealer, shown.crib, True)]
    for seat, cards, is_crib in order:
        points = score_hand(cards, shown.starter, is_crib=is_crib).total
        if seat == me:
            label = _("Your crib") if is_crib else _("Your hand")
        else:
            label = (_("{name}'s crib") if is_crib else _("{name}'s hand")).format(
                name=escape_markdown(names[seat])
            )
        st.markdown(
            label + " · " + ngettext("{n} point", "{n} points", points).format(n=fmt_int(points))
        )
        show_html(cards_row(list(cards) + [shown.starter], four_colour=colours, width=44, gap=4))


def short_count(short: ShortCount, seen: friend.FriendView, names: list[str]) -> None:
    """A count claimed short, waiting: what was missed, and who may take it."""
    view = seen.seen
    crib = view.crib is not None  # turned up for its count, the last of the show
    claimed, actual, missed = fmt_int(short.claimed), fmt_int(short.actual), short.missed
    if seen.seat == short.seat:
        if crib:
            text = ngettext(
                "You counted {claimed} for your crib, but it is worth {actual}: {name} may call "
                "muggins and take the {n} point you missed.",
                "You counted {claimed} for your crib, but it is worth {actual}: {name} may call "
                "muggins and take the {n} points you missed.",
                missed,
            )
        else:
            text = ngettext(
                "You counted {claimed} for your hand, but it is worth {actual}: {name} may call "
                "muggins and take the {n} point you missed.",
                "You counted {claimed} for your hand, but it is worth {actual}: {name} may call "
                "muggins and take the {n} points you missed.",
                missed,
            )
        name = names[short.caller]
    else:
        if crib:
            text = ngettext(
                "{name} counted {claimed} for their crib, but it is worth {actual}: {n} point "
                "missed.",
                "{name} counted {claimed} for their crib, but it is worth {actual}: {n} points "
                "missed.",
                missed,
            )
        else:
            text = ngettext(
                "{name} counted {claimed} for their hand, but it is worth {actual}: {n} point "
                "missed.",
                "{name} counted {claimed} for their hand, but it is worth {actual}: {n} points "
                "missed.",
                missed,
            )
        name = names[short.seat]
    st.warning(
        text.format(name=escape_markdown(name), claimed=claimed, actual=actual, n=fmt_int(missed)),
        icon=":material/front_hand:",
    )


def answers(seen: friend.FriendView, names: list[str]) -> None:
    """This hand's calls of muggins and passes, for both players and a watcher to see."""
    for answer in seen.answers:
        counter, caller = (
            escape_markdown(names[answer.counter]),
            escape_markdown(names[answer.caller]),
        )
        n = answer.points
        if answer.called and seen.seat == answer.caller:
            text = ngettext(
                "You called muggins on {name}'s count and took {n} point.",
                "You called muggins on {name}'s count and took {n} points.",
                n,
            ).format(name=counter, n=fmt_int(n))
        elif answer.called and seen.seat == answer.counter:
            text = ngettext(
                "{name} called muggins on your count and took {n} point.",
                "{name} called muggins on your count and took {n} points.",
                n,
            ).format(name=caller, n=fmt_int(n))
        elif answer.called:
            text = ngettext(
                "{caller} called muggins on {name}'s count and took {n} point.",
                "{caller} called muggins on {name}'s count and took {n} points.",
                n,
            ).format(caller=caller, name=counter, n=fmt_int(n))
        elif seen.seat == answer.caller:
            text = _("You passed: no muggins on {name}'s count.").format(name=counter)
        elif seen.seat == answer.counter:
            text = _("{name} passed: no muggins on your count.").format(name=caller)
        else:
            text = _("{caller} passed: no muggins on {name}'s count.").format(
                caller=caller, name=counter
            )
        st.info(text, icon=":material/front_hand:")
