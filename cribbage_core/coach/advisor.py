"""The discard advisor: every way to lay away cards, with its exact expected value.

For a dealt hand (6 cards with 2 players, 5 with 3 or 4) and the seat's role,
:func:`advise` lists every discard with

- the expected points of the kept hand, exact over every possible starter
  (46 with 6 cards seen, 47 with 5);
- the expected points the discard brings to the crib, from the project's own
  crib table (:mod:`cribbage_core.tables.crib`): added when the crib is your
  side's, subtracted when it is an opponent's;
- the net (hand + signed crib), and the lowest and highest hand over starters.

Options are sorted best first: by net, then by the best hand, then by the crib,
then by the worst hand; nets equal to the hundredth (as shown) count as a tie,
and the ``tie_note`` of tied options says what separated them.

>>> advice = advise("5H 5S 5C JD 2S 9C", Role.DEALER)
>>> best = advice.best
>>> format_cards(best.keep), format_cards(best.discard)
('5S 5H 5C JD', '2S 9C')
>>> round(best.hand_ev, 2), best.hand_min, best.hand_max
(16.65, 14, 29)

The expected hands come from :mod:`cribbage_core.tables.expected` (exact over rank multisets);
the roles are :class:`cribbage_core.seats.Role`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cribbage_core.cards import Card, format_cards, parse_cards
from cribbage_core.errors import WrongNumberOfCards
from cribbage_core.seats import Role
from cribbage_core.tables.crib import crib_value
from cribbage_core.tables.expected import expected_hand_values
from cribbage_core.totals import hand_total

__all__ = [
    "DiscardOption",
    "Advice",
    "advise",
    "hand_points",
]


def hand_points(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """The total of a 4-card hand or crib with its starter, fast (no itemising).

    Equal to ``score_hand(hand, starter, is_crib).total``; delegates to
    :func:`cribbage_core.totals.hand_total` (this is the one place to swap scorers).

    >>> hand_points(parse_cards("5H 5S 5C JD"), Card.parse("5D"))
    29
    """
    return hand_total(hand, starter, is_crib)


# ---------------------------------------------------------------- the advice


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One way to lay away cards, with its expected value.

    ``crib_ev`` is signed: positive when the crib is your side's, negative
    when an opponent's. ``net = hand_ev + crib_ev``. ``hand_min``/``hand_max``
    are the kept hand's lowest and highest score over the possible starters.
    ``rank`` is 1 for the best option. ``tie_note`` is empty unless another
    option has the same net, and then says what decided the order.
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    net: float
    hand_min: int
    hand_max: int
    rank: int = 0
    tie_note: str = ""

    def __str__(self) -> str:
        return (
            f"keep {format_cards(self.keep)}  throw {format_cards(self.discard)}: "
            f"hand {self.hand_ev:.2f} ({self.hand_min}-{self.hand_max}), crib {self.crib_ev:+.2f},"
            f" net {self.net:.2f}"
        )


@dataclass(frozen=True, slots=True)
class Advice:
    """Every discard of one dealt hand for one role, best first."""

    hand: tuple[Card, ...]
    role: Role
    players: int
    starters: int
    options: tuple[DiscardOption, ...]

    @property
    def best(self) -> DiscardOption:
        """The first option."""
        return self.options[0]

    def option_for(self, discard: Iterable[Card]) -> DiscardOption:
        """The option that lays away exactly these cards."""
        wanted = frozenset(discard)
        for option in self.options:
            if frozenset(option.discard) == wanted:
                return option
        raise KeyError(f"no option discards {format_cards(wanted)}")


def advise(
    hand: Sequence[Card] | str,
    role: Role = Role.DEALER,
    players: int | None = None,
) -> Advice:
    """Every discard of a dealt hand, best first (see the module docs).

    ``hand`` is 6 cards (2 players) or 5 (3 or 4 players; ``players`` then
    says which, default 3). The crib estimate comes from the committed crib
    table for that player count and role.

    >>> [format_cards(o.discard) for o in advise("5H 5S 5C JD 2S 9C", Role.PONE).options[:2]]
    ['2S 9C', '9C JD']
    """
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    if len(cards) == 6:
        if players not in (None, 2):
            raise WrongNumberOfCards(f"{players} players are dealt 5 cards, got 6")
        players = 2
    elif len(cards) == 5:
        if players is None:
            players = 3
        if players not in (3, 4):
            raise WrongNumberOfCards(f"{players} players are dealt 6 cards, got 5")
    else:
        raise WrongNumberOfCards(
            f"a dealt hand has 6 cards (2 players) or 5 (3-4 players), got {len(cards)}"
        )
    if len(set(cards)) != len(cards):
        parse_cards([str(c) for c in cards])  # raises DuplicateCard naming the card
    throw = len(cards) - 4
    raw = []
    for keep, discard, ev, lo, hi in expected_hand_values(cards, throw):
        crib = role.crib_sign * crib_value(discard, role, players)
        raw.append((keep, discard, ev, crib, ev + crib, lo, hi))
    raw.sort(key=lambda o: (-round(o[4], 2), -o[6], -round(o[3], 9), -o[5], _cards_key(o[1])))
    options = []
    for i, (keep, discard, ev, crib, net, lo, hi) in enumerate(raw):
        options.append(
            DiscardOption(
                tuple(sorted(keep)),
                tuple(sorted(discard)),
                ev,
                crib,
                net,
                lo,
                hi,
                i + 1,
                _tie_note(raw, i),
            )
        )
    return Advice(cards, role, players, 52 - len(cards), tuple(options))


def _cards_key(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple(sorted(c.order for c in cards))


_Raw = tuple[tuple[Card, ...], tuple[Card, ...], float, float, float, int, int]


def _tie_note(raw: Sequence[_Raw], i: int) -> str:
    """Why option ``i`` sits where it does among the options with the same net."""
    notes = []
    for j in (i - 1, i + 1):
        if 0 <= j < len(raw) and round(raw[j][4], 2) == round(raw[i][4], 2):
            above = j < i
            a, b = (raw[j], raw[i]) if above else (raw[i], raw[j])
            other = format_cards(sorted(raw[j][1]))
            mine, theirs = raw[i], raw[j]
            place = "below" if above else "above"
            if a[6] != b[6]:
                why = f"its best hand {mine[6]} vs {theirs[6]}"
            elif round(a[3], 9) != round(b[3], 9):
                why = f"its crib {mine[3]:+.2f} vs {theirs[3]:+.2f}"
            elif a[5] != b[5]:
                why = f"its worst hand {mine[5]} vs {theirs[5]}"
            else:
                notes.append(f"equal in every way to throwing {other} (listed by card order)")
                continue
            notes.append(f"same net as throwing {other}; {place} it on {why}")
    return "; ".join(notes)
