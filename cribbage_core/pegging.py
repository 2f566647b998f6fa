"""The play (pegging): the points the last card laid scores in the current series.

The go / last-card point is a game-flow event (see :mod:`cribbage_core.game`),
not part of :func:`score_play`; 31 scores 2 here and never an extra go.

>>> from cribbage_core import parse_cards
>>> p = score_play(parse_cards("AD 7C 7H"))
>>> p.count, p.total, [str(item.kind) for item in p.items]
(15, 4, ['fifteen', 'pair'])
>>> score_play(parse_cards("2S 8H 6C 7D 5S")).items[-1].kind, score_play(parse_cards("2S 8H 6C 7D 5S")).total
(<ScoreKind.RUN: 'run'>, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from cribbage_core.cards import Card, parse_cards
from cribbage_core.errors import CountExceeded, DuplicateCard, InvalidCard, WrongNumberOfCards
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import ScoreItem

__all__ = [
    "PlayScore",
    "score_play",
    "count_of",
    "can_lay",
    "PLAY_KINDS",
    "PEGGING_KINDS",
    "MAX_COUNT",
]

#: The highest count the play may reach.
MAX_COUNT: Final = 31

#: The kinds of item :func:`score_play` gives.
PLAY_KINDS: Final[tuple[ScoreKind, ...]] = (
    ScoreKind.FIFTEEN,
    ScoreKind.THIRTY_ONE,
    ScoreKind.PAIR,
    ScoreKind.PAIR_ROYAL,
    ScoreKind.DOUBLE_PAIR_ROYAL,
    ScoreKind.RUN,
)

#: Everything a card laid in the play can score: the items of :func:`score_play`, then the
#: go and last-card points the game adds when the series ends on it.
PEGGING_KINDS: Final[tuple[ScoreKind, ...]] = (*PLAY_KINDS, ScoreKind.GO, ScoreKind.LAST_CARD)

_SAME_RANK: Final = {
    2: (ScoreKind.PAIR, 2),
    3: (ScoreKind.PAIR_ROYAL, 6),
    4: (ScoreKind.DOUBLE_PAIR_ROYAL, 12),
}


@dataclass(frozen=True, slots=True)
class PlayScore:
    """What the last card of ``pile`` scores: its items, their total, and the count."""

    pile: tuple[Card, ...]
    count: int
    items: tuple[ScoreItem, ...]
    total: int


def count_of(cards: Iterable[Card]) -> int:
    """The running count: the sum of the cards' count values."""
    return sum(card.value for card in cards)


def can_lay(card: Card, count: int) -> bool:
    """Whether ``card`` can be laid on a series whose count is ``count`` (stays at 31 or under)."""
    return count + card.value <= MAX_COUNT


def _run_length(pile: Sequence[Card]) -> int:
    """The longest k >= 3 such that the last k cards are k consecutive ranks, else 0."""
    for k in range(len(pile), 2, -1):
        ranks = {int(card.rank) for card in pile[-k:]}
        if len(ranks) == k and max(ranks) - min(ranks) == k - 1:
            return k
    return 0


def score_play(pile: Iterable[Card] | str) -> PlayScore:
    """Score the last card of ``pile``: the cards laid since the count was last reset.

    >>> score_play("QH KS").total  # Q and K both count 10 but are no pair
    0
    >>> score_play("2S 5H 7C 7D 6S").total  # the second 7 breaks the run
    0
    >>> score_play("10S JH QD 2C")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.CountExceeded: 2C would take the count from 30 to 32: the count may never pass 31
    """
    cards = parse_cards(pile) if isinstance(pile, str) else tuple(pile)
    if not cards:
        raise WrongNumberOfCards("the play needs at least one card laid to score")
    for card in cards:
        if type(card) is not Card:
            raise InvalidCard(f"expected a Card, got {card!r}")
    if len(set(cards)) != len(cards):
        raise DuplicateCard(f"{' '.join(map(str, cards))}: a card appears twice in the play")
    count = 0
    for card in cards:
        count += card.value
        if count > MAX_COUNT:
            raise CountExceeded(
                f"{card} would take the count from {count - card.value} to {count}: "
                "the count may never pass 31"
            )
    items: list[ScoreItem] = []
    if count == 15:
        items.append(ScoreItem(ScoreKind.FIFTEEN, cards, 2))
    elif count == MAX_COUNT:
        items.append(ScoreItem(ScoreKind.THIRTY_ONE, cards, 2))
    last_rank = cards[-1].rank
    same = 1
    while same < len(cards) and cards[-1 - same].rank is last_rank:
        same += 1
    if same >= 2:
        kind, points = _SAME_RANK[same]
        items.append(ScoreItem(kind, cards[-same:], points))
    run = _run_length(cards)
    if run:
        items.append(ScoreItem(ScoreKind.RUN, cards[-run:], run))
    return PlayScore(cards, count, tuple(items), sum(item.points for item in items))
