"""The show: the itemised count of a hand or crib with its starter.

Every scoring combination is its own :class:`ScoreItem`:

- each fifteen (a hand with eight fifteens lists eight items of 2);
- each pair of equal rank, *separately*: three of a kind is three ``"pair"``
  items (6 points, a "pair royal"), four of a kind six items (12 points, a
  "double pair royal"). Listing every pair keeps "the exact cards involved"
  true for each item; :attr:`HandScore.steps` groups them back into
  "pair royal" the way players say it;
- each run with its own cards (a double run of three is two items);
- the flush (4 hand cards, or 5 with the starter; a crib scores only 5);
- nobs (the Jack of the starter's suit in the hand or crib).

>>> from cribbage_core import parse_cards, Card
>>> s = score_hand(parse_cards("5H 5S 5C JD"), Card.parse("5D"))
>>> s.total, len(s.fifteens), s.said_aloud
(29, 8, 'fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, fifteen sixteen, a double pair royal is twenty-eight, and nobs is twenty-nine')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from operator import itemgetter
from typing import Final, NamedTuple, cast

from cribbage_core.cards import Card, Rank, parse_cards
from cribbage_core.errors import DuplicateCard, InvalidCard, WrongNumberOfCards
from cribbage_core.kinds import ScoreKind

__all__ = [
    "ScoreItem",
    "CountStep",
    "HandScore",
    "score_hand",
    "number_words",
    "HAND_KINDS",
    "MAX_HAND_POINTS",
]

#: The kinds of :class:`ScoreItem` in the show, in the order players count them.
HAND_KINDS: Final[tuple[ScoreKind, ...]] = (
    ScoreKind.FIFTEEN,
    ScoreKind.PAIR,
    ScoreKind.RUN,
    ScoreKind.FLUSH,
    ScoreKind.NOBS,
)

#: The most a hand or crib can score: 29 (5 5 5 and the Jack of the starter's suit, starter a 5).
MAX_HAND_POINTS: Final = 29


class ScoreItem(NamedTuple):
    """One scoring combination: its kind, the exact cards in it, and its points."""

    kind: ScoreKind
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(c.label for c in self.cards)} = {self.points}"


class CountStep(NamedTuple):
    """One phrase of the count said aloud, before it is put into words.

    ``kind`` (a :class:`~cribbage_core.kinds.ScoreKind`) is ``FIFTEEN`` (one step per
    fifteen), ``PAIR`` (one step per rank: ``how_many`` is 1, 3 or 6 pairs), ``RUN`` (one
    step per run length: ``how_many`` runs of ``length`` cards), ``FLUSH`` (``length`` 4 or
    5) or ``NOBS``. ``total`` is the running total after the step. A translation layer
    renders these in any language; :func:`say_steps` renders English.
    """

    kind: ScoreKind
    how_many: int
    length: int
    total: int


# ---------------------------------------------------------------- rank patterns
# Fifteens, pairs and runs depend only on the five ranks. For each sorted rank
# tuple (6,188 of them) the combinations are found once, as positions into the
# rank-sorted five cards, and cached; a call then only picks the cards out.

_Picker = Callable[[Sequence[Card]], tuple[Card, ...]]
_Pattern = tuple[tuple[ScoreKind, _Picker, int], ...]
_PATTERNS: dict[tuple[int, ...], _Pattern] = {}
_SUBSETS: Final = tuple(subset for size in range(2, 6) for subset in combinations(range(5), size))


def _fifteens(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of every combination of cards whose count values sum to 15."""
    values = [Rank(r).count_value for r in ranks]
    return [s for s in _SUBSETS if sum(values[i] for i in s) == 15]


def _pairs(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of every two cards of equal rank."""
    return [(i, j) for i, j in combinations(range(len(ranks)), 2) if ranks[i] == ranks[j]]


def _runs(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of every run of 3+ consecutive ranks (a double run gives two).

    ``ranks`` must be sorted. Each maximal stretch of consecutive distinct
    ranks of length 3+ yields one run per choice of card for each rank.
    """
    positions: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        positions.setdefault(r, []).append(i)
    distinct = sorted(positions)
    runs: list[tuple[int, ...]] = []
    start = 0
    for end in range(1, len(distinct) + 1):
        if end == len(distinct) or distinct[end] != distinct[end - 1] + 1:
            stretch = distinct[start:end]
            if len(stretch) >= 3:
                runs.extend(product(*(positions[r] for r in stretch)))
            start = end
    return runs


def _picker(positions: tuple[int, ...]) -> _Picker:
    return cast(_Picker, itemgetter(*positions))


def _pattern(ranks: tuple[int, ...]) -> _Pattern:
    found = _PATTERNS.get(ranks)
    if found is None:
        found = tuple(
            [(ScoreKind.FIFTEEN, _picker(s), 2) for s in _fifteens(ranks)]
            + [(ScoreKind.PAIR, _picker(s), 2) for s in _pairs(ranks)]
            + [(ScoreKind.RUN, _picker(s), len(s)) for s in _runs(ranks)]
        )
        _PATTERNS[ranks] = found
    return found


# --------------------------------------------------------------------- the score


def _order_key(card: Card) -> int:
    return card.order


@dataclass(frozen=True, slots=True)
class HandScore:
    """The itemised count of one hand or crib with its starter.

    ``items`` lists every scoring combination (see the module docs);
    ``total == sum(item.points for item in items)``.
    """

    hand: tuple[Card, ...]
    starter: Card
    is_crib: bool
    items: tuple[ScoreItem, ...]
    total: int

    def of_kind(self, kind: str) -> tuple[ScoreItem, ...]:
        """The items of one kind (one of :data:`HAND_KINDS`, or its word, e.g. ``"run"``)."""
        return tuple(item for item in self.items if item.kind == kind)

    @property
    def fifteens(self) -> tuple[ScoreItem, ...]:
        """Every fifteen, 2 points each."""
        return self.of_kind(ScoreKind.FIFTEEN)

    def points_by_kind(self) -> dict[ScoreKind, int]:
        """Points per kind, every kind present (0 where none): for per-category answers."""
        points = dict.fromkeys(HAND_KINDS, 0)
        for item in self.items:
            points[item.kind] += item.points
        return points

    @property
    def steps(self) -> tuple[CountStep, ...]:
        """The count as players say it, one :class:`CountStep` per phrase."""
        return count_steps(self.items)

    @property
    def said_aloud(self) -> str:
        """The count said aloud in English: ``"fifteen two, fifteen four, a pair is six, ..."``."""
        return say_steps(self.steps)


def score_hand(hand: Iterable[Card] | str, starter: Card | str, is_crib: bool = False) -> HandScore:
    """Count a 4-card hand (or crib, with ``is_crib=True``) with its starter.

    Cards may be given as :class:`Card` objects or as text (``"5H 5S 5C JD"``).

    >>> score_hand("4H 4S 5C 5D", "6S").total
    24
    >>> score_hand("2H 4H 6H 8H", "KS", is_crib=True).total  # a crib's 4-card flush scores nothing
    0
    >>> score_hand("5H 6S", "7C")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.WrongNumberOfCards: a hand or crib has 4 cards, got 2 (5H 6S)
    """
    cards = parse_cards(hand) if isinstance(hand, str) else tuple(hand)
    if isinstance(starter, str):
        starter = Card.parse(starter)
    if len(cards) != 4:
        raise WrongNumberOfCards(
            f"a hand or crib has 4 cards, got {len(cards)} ({' '.join(map(str, cards))})"
        )
    five = (*cards, starter)
    for card in five:
        if type(card) is not Card:
            raise InvalidCard(f"expected a Card, got {card!r}")
    if len(set(five)) != 5:
        raise DuplicateCard(
            f"{' '.join(map(str, five))}: a card appears twice; hand and starter are distinct cards"
        )

    ordered = sorted(five, key=_order_key)
    items = [
        ScoreItem(kind, getter(ordered), points)
        for kind, getter, points in _pattern(tuple([c.rank for c in ordered]))
    ]
    total = 0
    for item in items:
        total += item.points

    suit = cards[0].suit
    if cards[1].suit is suit and cards[2].suit is suit and cards[3].suit is suit:
        if starter.suit is suit:
            items.append(ScoreItem(ScoreKind.FLUSH, five, 5))
            total += 5
        elif not is_crib:
            items.append(ScoreItem(ScoreKind.FLUSH, cards, 4))
            total += 4
    for card in cards:
        if card.rank is Rank.JACK and card.suit is starter.suit:
            items.append(ScoreItem(ScoreKind.NOBS, (card, starter), 1))
            total += 1
    return HandScore(cards, starter, is_crib, tuple(items), total)


# ----------------------------------------------------------- the count said aloud


def count_steps(items: Iterable[ScoreItem]) -> tuple[CountStep, ...]:
    """Group items into the phrases players say, with running totals.

    Pairs are grouped per rank (1 pair, 3 = pair royal, 6 = double pair
    royal), runs per length (2 runs of three = a double run).
    """
    steps: list[CountStep] = []
    total = 0
    items = list(items)
    for item in items:
        if item.kind == ScoreKind.FIFTEEN:
            total += 2
            steps.append(CountStep(ScoreKind.FIFTEEN, 1, 2, total))
    pairs_by_rank: dict[Rank, int] = {}
    for item in items:
        if item.kind == ScoreKind.PAIR:
            pairs_by_rank[item.cards[0].rank] = pairs_by_rank.get(item.cards[0].rank, 0) + 1
    for count in pairs_by_rank.values():
        total += 2 * count
        steps.append(CountStep(ScoreKind.PAIR, count, {1: 2, 3: 3, 6: 4}.get(count, 2), total))
    runs_by_length: dict[int, int] = {}
    for item in items:
        if item.kind == ScoreKind.RUN:
            runs_by_length[len(item.cards)] = runs_by_length.get(len(item.cards), 0) + 1
    for length, count in runs_by_length.items():
        total += length * count
        steps.append(CountStep(ScoreKind.RUN, count, length, total))
    for item in items:
        if item.kind in (ScoreKind.FLUSH, ScoreKind.NOBS):
            total += item.points
            steps.append(CountStep(item.kind, 1, len(item.cards), total))
    return tuple(steps)


_ONES: Final = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS: Final = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty"}


def number_words(n: int) -> str:
    """English words for 0-69, as said in a count: ``number_words(24) == 'twenty-four'``."""
    if not 0 <= n < 70:
        raise ValueError(f"number_words covers 0-69, got {n}")
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("" if ones == 0 else "-" + _ONES[ones])


_RUN_NAMES: Final = {1: "a run", 2: "a double run", 3: "a triple run", 4: "a double-double run"}
_PAIR_NAMES: Final = {1: "a pair", 3: "a pair royal", 6: "a double pair royal"}


def say_steps(steps: Sequence[CountStep]) -> str:
    """English words for a count: ``"fifteen two, a pair is four, and nobs is five"``.

    >>> say_steps(())
    'nineteen (no points)'
    """
    if not steps:
        return "nineteen (no points)"
    phrases: list[str] = []
    for i, step in enumerate(steps):
        total = number_words(step.total)
        if step.kind == ScoreKind.FIFTEEN:
            phrase = f"fifteen {total}"
        elif step.kind == ScoreKind.PAIR:
            phrase = f"{_PAIR_NAMES.get(step.how_many, f'{step.how_many} pairs')} is {total}"
        elif step.kind == ScoreKind.RUN:
            phrase = f"{_RUN_NAMES[step.how_many]} of {number_words(step.length)} is {total}"
        elif step.kind == ScoreKind.FLUSH:
            phrase = f"a {number_words(step.length)}-card flush is {total}"
        else:
            phrase = f"nobs is {total}"
        if i == len(steps) - 1 and i > 0 and step.kind != ScoreKind.FIFTEEN:
            phrase = "and " + phrase
        phrases.append(phrase)
    return ", ".join(phrases)
