"""Seating: which side a seat scores for, who is pone, and whose crib it is.

Seats are numbered clockwise from 0. With two or three players every seat is its own side;
with four, seats 0 & 2 play as one partnership against 1 & 3. The deal passes to the left,
and the seat on the dealer's left (the pone) leads the play and counts first.

>>> side_of(3, players=4), pone_of(dealer=3, players=4), role_of(2, dealer=0, players=4)
(1, 0, <Role.PARTNER: 'partner'>)
"""

from __future__ import annotations

import enum

__all__ = ["side_of", "pone_of", "Role", "role_of"]


def side_of(seat: int, players: int) -> int:
    """The side a seat scores for: the seat itself, or ``seat % 2`` with four players."""
    return seat % 2 if players == 4 else seat


def pone_of(dealer: int, players: int) -> int:
    """The seat on the dealer's left, who leads the play and counts first."""
    return (dealer + 1) % players


class Role(enum.Enum):
    """Whose crib it is, seen from the seat discarding.

    ``DEALER``: the crib is yours. ``PARTNER`` (4 players): the crib is your
    partner's, so your team's. ``PONE``: the crib belongs to an opponent
    (the dealer's left in any game, and the third player with 3 players).
    """

    DEALER = "dealer"
    PARTNER = "partner"
    PONE = "pone"

    @property
    def crib_sign(self) -> int:
        """+1 when the crib counts for your side, -1 when for an opponent."""
        return -1 if self is Role.PONE else 1


def role_of(seat: int, dealer: int, players: int) -> Role:
    """``seat``'s :class:`Role` when ``dealer`` deals: the dealer, the dealer's partner, or pone.

    >>> [role_of(seat, dealer=1, players=3).name for seat in range(3)]
    ['PONE', 'DEALER', 'PONE']
    """
    if seat == dealer:
        return Role.DEALER
    if side_of(seat, players) == side_of(dealer, players):
        return Role.PARTNER
    return Role.PONE
