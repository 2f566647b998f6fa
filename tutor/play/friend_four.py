"""A game with friends of four players in two partnerships: names, sides and the table.

Seats 0 and 2 play against 1 and 3 (``cribbage_core.seats``); any seat but the maker's may be
the computer's. Each browser is sent only its own seat's view (``tutor.play.friend.view``),
so the partner's hand stays hidden like the opponents' until the show. The table draws the
three other players as rows (name, partner or opponent, the dealer, whose turn, their cards
face down), one under the other, so that on a phone (390 px) all three fit above one's own
hand; the scores are the two partnerships'.
"""

from __future__ import annotations

from cribbage_core.game import Phase
from cribbage_core.seats import side_of
from tutor.frame.menu import four_colour
from tutor.frame.render import plain_html, show_html
from tutor.html.board import PEG_COLOURS
from tutor.html.cards import cards_row
from tutor.lang.i18n import _, fmt_int, list_text
from tutor.play import friend
from tutor.store import FriendGame

__all__ = ["names", "side_names", "table", "dealt_by", "bot_deals"]


def names(game: FriendGame, seat: int | None) -> list[str]:
    """A name per seat, as this visitor sees them: "You", a learner's name, "Player N" for a
    friend who gave none, the computer (numbered by seat when there are two of them)."""
    several = sum(1 for s in game.seats if s.bot) > 1
    found = []
    for i, holder in enumerate(game.seats):
        if i == seat:
            found.append(_("You"))
        elif holder.bot and several:
            found.append(_("Computer {n}").format(n=fmt_int(i + 1)))
        elif holder.bot:
            found.append(_("Computer"))
        elif holder.learner:
            found.append(holder.learner)
        else:
            found.append(_("Player {n}").format(n=fmt_int(i + 1)))
    return found


def side_names(seat_names: list[str], seat: int | None) -> list[str]:
    """A name per scoring side: the seats' own with two players, the partnerships' with four
    (one's own first: "You and Ann")."""
    if len(seat_names) != 4:
        return seat_names
    sides = []
    for side in (0, 1):
        pair = [seat_names[side], seat_names[side + 2]]
        if seat is not None and side_of(seat, 4) == side:
            pair = [seat_names[seat], seat_names[(seat + 2) % 4]]  # "You" first
        sides.append(list_text(pair))
    return sides


def dealt_by(seen: friend.FriendView) -> int:
    """The seat that dealt the hand on the table: after the show, while the next dealer is
    awaited, the last hand's dealer (whose crib was shown)."""
    return seen.seen.dealer if seen.shown is None else seen.shown.dealer


def bot_deals(game: FriendGame, seen: friend.FriendView) -> bool:
    """Whether the next hand is the computer's to deal: a player deals it for the computer once
    they have seen the show (the computer would deal at once, and the show would be gone)."""
    view = seen.seen
    return view.phase is Phase.DEAL and bool(game.seats[view.dealer].bot)


def _row(
    seen: friend.FriendView, names_: list[str], other: int, colours: bool, waiting: bool
) -> str:
    view = seen.seen
    me = seen.seat
    if me is not None and side_of(other, 4) == side_of(me, 4):
        role = _("your partner")
    elif me is not None:
        role = _("opponent")
    else:
        role = _("partners with {name}").format(name=names_[(other + 2) % 4])
    tags = [role]
    if other == dealt_by(seen):
        tags.append(_("dealer"))
    if view.hands_shown is not None:
        cards = cards_row(view.hands_shown[other], four_colour=colours, width=34, gap=3)
    elif seen.shown is not None:  # the hand is over: its show stays up until the next deal
        cards = cards_row(seen.shown.hands[other], four_colour=colours, width=34, gap=3)
    else:
        cards = cards_row([], width=34, gap=3, backs=view.cards_left[other])
    turn = (
        '<span style="font-weight:700;color:#0a7d32">&#9654; '
        + plain_html(_("to move"))
        + "</span>"
        if waiting
        else ""
    )
    colour = PEG_COLOURS[side_of(other, 4)]
    return (
        f'<div class="friend-four-row" style="display:flex;flex-wrap:wrap;align-items:center;'
        f"gap:4px 12px;border-left:6px solid {colour};padding:4px 8px;margin:0 0 6px 0;"
        f'min-height:58px{";background:#eef8f0" if waiting else ""}">'
        f'<div style="min-width:7.5rem;flex:1 1 7.5rem"><b><bdi>{plain_html(names_[other])}</bdi></b>'
        f'<div style="font-size:0.8rem;color:#555">{plain_html(" · ".join(tags))} {turn}</div>'
        f'</div><div style="flex:0 0 auto">{cards}</div></div>'
    )


def table(seen: friend.FriendView, names_: list[str]) -> None:
    """The three other players, clockwise from one's left, each on a row; then the crib (with
    whose it is) and the starter on one row."""
    view = seen.seen
    colours = four_colour()
    first = 1 if seen.seat is None else seen.seat + 1
    others = [(first + k) % 4 for k in range(3)] if seen.seat is not None else [0, 1, 2, 3]
    dealing = view.phase is Phase.DEAL  # the turn line says who deals (a player, for the computer)
    rows = [
        _row(seen, names_, other, colours, other in seen.to_act and not dealing) for other in others
    ]
    crib_cards = view.crib if seen.shown is None else seen.shown.crib
    crib = (
        cards_row(crib_cards, four_colour=colours, width=34, gap=3)
        if crib_cards is not None
        else cards_row([], width=34, gap=3, backs=sum(view.discarded) * view.config.discard_size)
    )
    starter_card = view.starter if seen.shown is None else seen.shown.starter
    starter = (
        cards_row([starter_card], four_colour=colours, width=34)
        if starter_card is not None
        else cards_row([], width=34, backs=1)
    )
    crib_label = _("The crib · {name}").format(name=names_[dealt_by(seen)])
    starter_label = _("Starter")
    rows.append(
        '<div style="display:flex;flex-wrap:wrap;gap:4px 24px;align-items:flex-end;'
        'margin:4px 0 8px 0">'
        f'<div><div style="font-size:0.85rem"><b><bdi>{plain_html(crib_label)}</bdi></b></div>'
        f'{crib}</div><div><div style="font-size:0.85rem"><b>{plain_html(starter_label)}</b>'
        f"</div>{starter}</div></div>"
    )
    show_html('<div class="friend-four-table">' + "".join(rows) + "</div>")
