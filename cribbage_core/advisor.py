"""The discard advisor: every way to lay away cards, with its exact expected value.

For a dealt hand (6 cards with 2 players, 5 with 3 or 4) and the seat's role,
:func:`advise` lists every discard with

- the expected points of the kept hand, exact over every possible starter
  (46 with 6 cards seen, 47 with 5);
- the expected points the discard brings to the crib, from the project's own
  crib table (:mod:`cribbage_core.cribtable`): added when the crib is your
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

Speed: the fifteens, pairs and runs of five cards depend only on their ranks,
so their points for every one of the 6,175 possible rank multisets are
computed once at import; a hand's rank multiset is a sum of per-rank bit
fields (:data:`RANK_BIT`), so "the kept four plus this starter" is one
addition and one dict look-up. Flush and nobs are added per starter suit.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Final

from .cards import Card, Rank, Suit, format_cards, parse_cards
from .errors import WrongNumberOfCards
from .fast import hand_total

__all__ = [
    "Role",
    "DiscardOption",
    "Advice",
    "advise",
    "hand_points",
    "hand_stats",
    "expected_hand_values",
    "rank_points",
    "RANK_BIT",
]


# ------------------------------------------------------------ the rank table

#: Bit field of one card of each rank (index 1..13; 3 bits per rank, so a sum
#: of up to four cards of a rank never carries). The sum over cards is a key
#: that depends only on the multiset of ranks.
RANK_BIT: Final[tuple[int, ...]] = (0, *(1 << (3 * (r - 1)) for r in range(1, 14)))

_FIVE_SUBSETS: Final = tuple(s for n in range(2, 6) for s in combinations(range(5), n))


def _rank_only_points(ranks: Sequence[int]) -> int:
    """Fifteens, pairs and runs of five cards given by sorted ranks (no suits)."""
    values = [min(r, 10) for r in ranks]
    points = 2 * sum(1 for s in _FIVE_SUBSETS if sum(values[i] for i in s) == 15)
    points += 2 * sum(1 for i, j in combinations(range(5), 2) if ranks[i] == ranks[j])
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    r = 1
    while r <= 13:
        if counts[r]:
            end = r
            while end + 1 <= 13 and counts[end + 1]:
                end += 1
            length = end - r + 1
            if length >= 3:
                ways = 1
                for k in range(r, end + 1):
                    ways *= counts[k]
                points += length * ways
            r = end + 1
        else:
            r += 1
    return points


def _build_rank_table() -> dict[int, int]:
    table: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] != ranks[4]:  # five of a rank cannot be dealt
            table[sum(RANK_BIT[r] for r in ranks)] = _rank_only_points(ranks)
    return table


_RANK_POINTS: Final[dict[int, int]] = _build_rank_table()


def rank_points(key: int) -> int:
    """Fifteens + pairs + runs of five cards whose rank key (sum of :data:`RANK_BIT`) is ``key``.

    >>> rank_points(sum(RANK_BIT[r] for r in (5, 5, 5, 11, 5)))
    28
    """
    return _RANK_POINTS[key]


def hand_points(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """The total of a 4-card hand or crib with its starter, fast (no itemising).

    Equal to ``score_hand(hand, starter, is_crib).total``; delegates to
    :func:`cribbage_core.fast.hand_total` (this is the one place to swap scorers).

    >>> hand_points(parse_cards("5H 5S 5C JD"), Card.parse("5D"))
    29
    """
    return hand_total(hand, starter, is_crib)


# ------------------------------------------------------------------- roles


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


def hand_stats(
    keep: Sequence[Card], seen: Sequence[Card]
) -> tuple[float, int, int, dict[int, int]]:
    """Expected score, min, max and the count of starters giving each score for a kept hand.

    ``seen`` are all the cards the seat knows (the kept hand included); every
    other card is a possible starter, equally likely.

    >>> ev, lo, hi, counts = hand_stats(parse_cards("5H 5S 5C JD"), parse_cards("5H 5S 5C JD 2S 9C"))
    >>> lo, hi, counts[29]
    (14, 29, 1)
    """
    per_starter = _per_starter(keep, seen)
    counts: dict[int, int] = {}
    total = 0
    n = 0
    for points, how_many in per_starter:
        counts[points] = counts.get(points, 0) + how_many
        total += points * how_many
        n += how_many
    return total / n, min(counts), max(counts), counts


def _per_starter(keep: Sequence[Card], seen: Sequence[Card]) -> list[tuple[int, int]]:
    """(hand points, number of starters) grouped by rank and by suit bonus."""
    seen_by_rank: list[set[Suit]] = [set() for _ in range(14)]
    for card in seen:
        seen_by_rank[card.rank].add(card.suit)
    base = RANK_BIT[keep[0].rank] + RANK_BIT[keep[1].rank] + RANK_BIT[keep[2].rank] + RANK_BIT[
        keep[3].rank
    ]
    bonus = _suit_bonus(keep)
    out: list[tuple[int, int]] = []
    for r in range(1, 14):
        missing = 4 - len(seen_by_rank[r])
        if not missing:
            continue
        points = _RANK_POINTS[base + RANK_BIT[r]]
        if not bonus:
            out.append((points, missing))
            continue
        for suit in Suit:
            if suit not in seen_by_rank[r]:
                out.append((points + bonus.get(suit, 0), 1))
    return out


def _suit_bonus(keep: Sequence[Card]) -> dict[Suit, int]:
    """Flush and nobs points of a kept hand for each starter suit (absent suits: 0)."""
    bonus: dict[Suit, int] = {}
    suit = keep[0].suit
    if keep[1].suit is suit and keep[2].suit is suit and keep[3].suit is suit:
        for s in Suit:
            bonus[s] = 5 if s is suit else 4
    for card in keep:
        if card.rank is Rank.JACK:
            bonus[card.suit] = bonus.get(card.suit, 0) + 1
    return bonus


def expected_hand_values(
    cards: Sequence[Card], throw: int
) -> list[tuple[tuple[Card, ...], tuple[Card, ...], float, int, int]]:
    """(keep, discard, expected hand, min, max) for every way to throw ``throw`` cards.

    The expectation is exact over the ``52 - len(cards)`` unseen starters.
    This is the fast core of :func:`advise`, also used by the bots.
    """
    n = len(cards)
    seen_by_rank = [0] * 14
    suit_left = {s: 13 for s in Suit}
    for card in cards:
        seen_by_rank[card.rank] += 1
        suit_left[card.suit] -= 1
    # starters left per (rank, suit) only matter for flush/nobs; per rank for the rest
    left = [0] + [4 - seen_by_rank[r] for r in range(1, 14)]
    ranks_left = [r for r in range(1, 14) if left[r]]
    unseen = 52 - n
    unseen_suits = [tuple(s for s in Suit if Card.of(r, s) not in cards) for r in range(1, 14)]
    unseen_suits.insert(0, ())
    results = []
    for idx in combinations(range(n), n - throw):
        keep = tuple(cards[i] for i in idx)
        discard = tuple(c for c in cards if c not in keep)
        base = RANK_BIT[keep[0].rank] + RANK_BIT[keep[1].rank] + RANK_BIT[keep[2].rank] + RANK_BIT[
            keep[3].rank
        ]
        total = 0
        lo = 99
        hi = -1
        for r in ranks_left:
            p = _RANK_POINTS[base + RANK_BIT[r]]
            total += p * left[r]
            if p < lo:
                lo = p
            if p > hi:
                hi = p
        bonus = _suit_bonus(keep)
        if bonus:
            # exact per-starter min/max with the suit bonus; the mean adds bonus x starters of that suit
            for suit, points in bonus.items():
                total += points * suit_left[suit]
            lo = 99
            hi = -1
            for r in ranks_left:
                p = _RANK_POINTS[base + RANK_BIT[r]]
                for suit in unseen_suits[r]:
                    q = p + bonus.get(suit, 0)
                    if q < lo:
                        lo = q
                    if q > hi:
                        hi = q
        results.append((keep, discard, total / unseen, lo, hi))
    return results


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
    ['2S 9C', '2S JD']
    """
    from .cribtable import crib_value  # the table loads lazily, on first advice

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
                tuple(sorted(keep)), tuple(sorted(discard)), ev, crib, net, lo, hi, i + 1,
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
