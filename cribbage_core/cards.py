"""Ranks, suits and cards: parsing, printing, the deck and seeded shuffles.

There are exactly 52 :class:`Card` objects; :meth:`Card.parse` and
:func:`Card.from_index` always return the same instance for the same card, so
cards compare and hash cheaply.

>>> card = Card.parse("10h")
>>> card
Card.parse('10H')
>>> str(card), card.label, card.value
('10H', '10♥', 10)
>>> parse_cards("5H 5S 5C JD")
(Card.parse('5H'), Card.parse('5S'), Card.parse('5C'), Card.parse('JD'))
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from typing import Final

from cribbage_core.errors import DuplicateCard, InvalidCard

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "parse_cards",
    "format_cards",
    "full_deck",
    "shuffled_deck",
    "check_distinct",
]


class Rank(enum.IntEnum):
    """A card's rank; its integer value is its place in a run (Ace low)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank as printed on a card: ``A``, ``2`` ... ``10``, ``J``, ``Q``, ``K``."""
        return _RANK_SYMBOLS[self]

    @property
    def count_value(self) -> int:
        """What the rank counts towards fifteens and 31: A=1, 2-10 face, J Q K = 10."""
        return min(int(self), 10)


class Suit(enum.Enum):
    """A card's suit, named by its letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_FACE_SYMBOLS: Final = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_RANK_SYMBOLS: Final = {r: _FACE_SYMBOLS.get(r, str(int(r))) for r in Rank}
_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

_RANK_TOKENS: Final[dict[str, Rank]] = {r.symbol: r for r in Rank}
_RANK_TOKENS["T"] = Rank.TEN
_SUIT_TOKENS: Final[dict[str, Suit]] = {s.value: s for s in Suit}
_SUIT_TOKENS.update({s.symbol: s for s in Suit})
_SUIT_TOKENS.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Card:
    """A playing card: an immutable (rank, suit) pair.

    Use :meth:`Card.parse` or :meth:`Card.of`; they, and ``Card(rank, suit)``, all return the
    one shared instance of that card.

    >>> Card.of(Rank.JACK, Suit.DIAMONDS) is Card.parse("jd") is Card(Rank.JACK, Suit.DIAMONDS)
    True
    >>> Card.parse("QS").value, Card.parse("QS").rank
    (10, <Rank.QUEEN: 12>)
    """

    __slots__ = ("rank", "suit", "value", "index", "order", "_str")

    rank: Rank
    suit: Suit
    value: int
    index: int
    order: int
    _str: str

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        # Cards compare by identity, so ``Card(rank, suit)`` must be the shared instance too:
        # a second five of hearts would be a 53rd card that no deck check could see.
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise InvalidCard(f"a card needs a Rank and a Suit, got {rank!r} and {suit!r}")
        deck: tuple[Card, ...] | None = globals().get("_DECK")
        if deck is not None:
            return deck[_SUIT_ORDER.index(suit) * 13 + int(rank) - 1]
        return super().__new__(cls)

    def __init__(self, rank: Rank, suit: Suit) -> None:
        if getattr(self, "_str", None) is not None:
            return  # the shared instance, made once
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "value", rank.count_value)
        # index 0..51: suit-major, rank-minor (AS=0 ... KS=12, AH=13 ...)
        object.__setattr__(self, "index", _SUIT_ORDER.index(suit) * 13 + int(rank) - 1)
        # order: rank-major sort key (A♠ A♥ A♦ A♣ 2♠ ...), used to sort hands fast
        object.__setattr__(self, "order", (int(rank) - 1) * 4 + _SUIT_ORDER.index(suit))
        object.__setattr__(self, "_str", rank.symbol + suit.value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    @staticmethod
    def of(rank: Rank | int, suit: Suit | str) -> Card:
        """The card of this rank and suit (rank as :class:`Rank` or 1-13, suit as :class:`Suit` or letter)."""
        try:
            r = Rank(rank)
            s = suit if isinstance(suit, Suit) else _SUIT_TOKENS[suit.upper()]
        except (ValueError, KeyError, AttributeError):
            raise InvalidCard(f"no card of rank {rank!r} and suit {suit!r}") from None
        return _DECK[_SUIT_ORDER.index(s) * 13 + int(r) - 1]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0-51; see :attr:`index`)."""
        if not 0 <= index < 52:
            raise InvalidCard(f"a card index is 0-51, got {index}")
        return _DECK[index]

    @staticmethod
    def parse(token: str) -> Card:
        """Read one card: rank (``A 2-10 T J Q K``, any case) then suit (``S H D C`` or ``♠♥♦♣``).

        >>> Card.parse("T♣"), Card.parse(" ah ")
        (Card.parse('10C'), Card.parse('AH'))
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        cribbage_core.errors.InvalidCard: '1X' is not a card: write a rank (A, 2-10 or T, J, Q, K) then a suit (S, H, D, C or ♠ ♥ ♦ ♣), e.g. 5H or 10♣
        """
        if not isinstance(token, str):
            raise InvalidCard(f"a card is written as text such as '5H', got {token!r}")
        text = token.strip().upper()
        rank = _RANK_TOKENS.get(text[:-1])
        suit = _SUIT_TOKENS.get(text[-1:])
        if rank is None or suit is None:
            raise InvalidCard(
                f"{token.strip()!r} is not a card: write a rank (A, 2-10 or T, J, Q, K) then a suit "
                "(S, H, D, C or ♠ ♥ ♦ ♣), e.g. 5H or 10♣"
            )
        return _DECK[_SUIT_ORDER.index(suit) * 13 + int(rank) - 1]

    @property
    def label(self) -> str:
        """A readable label with the suit symbol, e.g. ``5♥`` (used as the card's accessible name)."""
        return self.rank.symbol + self.suit.symbol

    def __str__(self) -> str:
        return self._str

    def __repr__(self) -> str:
        return f"Card.parse({self._str!r})"

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        """Cards sort by rank, then suit (♠ ♥ ♦ ♣)."""
        return self.order < other.order


_DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in _SUIT_ORDER for rank in Rank)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several distinct cards separated by spaces or commas (or given as a list of tokens).

    >>> parse_cards("10h, jd qs")
    (Card.parse('10H'), Card.parse('JD'), Card.parse('QS'))
    >>> parse_cards("5H 5h")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.DuplicateCard: '5h' repeats 5H: every card in a deal is distinct
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    for token in tokens:
        card = Card.parse(token)
        if card in cards:
            raise DuplicateCard(
                f"{token.strip()!r} repeats {card}: every card in a deal is distinct"
            )
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    """The cards as parseable text, e.g. ``"5H 5S JD"``."""
    return " ".join(str(c) for c in cards)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (spades, hearts, diamonds, clubs; Ace to King)."""
    return _DECK


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A new shuffled deck drawn from ``rng``; the same seed gives the same order."""
    deck = list(_DECK)
    rng.shuffle(deck)
    return deck


def check_distinct(cards: Sequence[Card], where: str = "a deal") -> None:
    """Raise :class:`DuplicateCard` naming the first card that appears twice in ``cards``.

    ``where`` says what the cards are, for the message.

    >>> check_distinct(parse_cards("5H 6H"))
    >>> check_distinct(parse_cards("5H 6H") * 2, "the scripted deck")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.DuplicateCard: 5H appears twice in the scripted deck: every card is distinct
    """
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise DuplicateCard(f"{card} appears twice in {where}: every card is distinct")
            seen.add(card)
