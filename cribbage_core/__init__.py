"""cribbage_core: the rules of cribbage, exact and fast, with no user interface.

>>> from cribbage_core import Card, parse_cards, score_hand, score_play
>>> score_hand(parse_cards("5H 5S 5C JD"), Card.parse("5D")).total
29
>>> score_play(parse_cards("AD 7C 7H")).total
4
"""

from .cards import Card, Rank, Suit, format_cards, full_deck, parse_cards, shuffled_deck
from .errors import (
    CountExceeded,
    CribbageError,
    DuplicateCard,
    IllegalMove,
    InvalidCard,
    WrongNumberOfCards,
)
from .kinds import EventPhase, ResultKind, ScoreKind
from .pegging import PlayScore, score_play
from .scoring import CountStep, HandScore, ScoreItem, score_hand

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "parse_cards",
    "format_cards",
    "full_deck",
    "shuffled_deck",
    "score_hand",
    "HandScore",
    "ScoreItem",
    "CountStep",
    "score_play",
    "PlayScore",
    "ScoreKind",
    "EventPhase",
    "ResultKind",
    "CribbageError",
    "InvalidCard",
    "DuplicateCard",
    "WrongNumberOfCards",
    "CountExceeded",
    "IllegalMove",
]
