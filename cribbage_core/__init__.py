"""cribbage_core: the rules of cribbage, exact and fast, with no user interface.

The rules are the top-level modules (cards, scoring, pegging, the game and its records); the
rooms above them are :mod:`~cribbage_core.tables` (precomputed knowledge),
:mod:`~cribbage_core.coach` (what a decision is worth), :mod:`~cribbage_core.bots` (every
player) and :mod:`~cribbage_core.teaching` (quiz deals and trainer positions). What a library
user needs is here:

>>> from cribbage_core import Card, parse_cards, score_hand, score_play
>>> score_hand(parse_cards("5H 5S 5C JD"), Card.parse("5D")).total
29
>>> score_play(parse_cards("AD 7C 7H")).total
4

A whole hand between two bots, from the deal to the next deal:

>>> import random
>>> from cribbage_core import GameConfig, Phase, make_bot, new_game
>>> state = new_game(random.Random(1), GameConfig(players=2), first_dealer=0)
>>> state = state.deal(random.Random(2))
>>> bots = [make_bot("hard", 3), make_bot("hard", 4)]
>>> while state.phase is not Phase.DEAL:
...     seat = state.must_discard()[0] if state.phase is Phase.DISCARD else state.seat_to_act()
...     state = state.apply(bots[seat].act(state.view(seat)))
>>> state.hand_no, sum(state.scores) > 0
(1, True)
"""

from cribbage_core.bots import BOT_LEVELS, BOT_NAMES, Bot, make_bot
from cribbage_core.cards import (
    Card,
    Rank,
    Suit,
    format_cards,
    full_deck,
    parse_cards,
    shuffled_deck,
)
from cribbage_core.errors import (
    CardNotInHand,
    CountExceeded,
    CribbageError,
    DuplicateCard,
    IllegalMove,
    InvalidBotLevel,
    InvalidCard,
    InvalidGameConfig,
    InvalidSavedGame,
    MustPlay,
    NotYourTurn,
    WrongNumberOfCards,
    WrongPhase,
)
from cribbage_core.game import (
    Action,
    Count,
    Discard,
    Event,
    GameConfig,
    GameState,
    Go,
    Muggins,
    Phase,
    Play,
    SeatView,
    ShortCount,
    new_game,
)
from cribbage_core.kinds import EventPhase, ResultKind, ScoreKind
from cribbage_core.pegging import PlayScore, score_play
from cribbage_core.record import GameRecord, NextDeal, TakeBack
from cribbage_core.result import GameResult, SkunkRule
from cribbage_core.scoring import CountStep, HandScore, ScoreItem, score_hand
from cribbage_core.seats import Role, role_of

__all__ = [
    # cards
    "Card",
    "Rank",
    "Suit",
    "parse_cards",
    "format_cards",
    "full_deck",
    "shuffled_deck",
    # the show and the play
    "score_hand",
    "HandScore",
    "ScoreItem",
    "CountStep",
    "score_play",
    "PlayScore",
    "ScoreKind",
    "EventPhase",
    "ResultKind",
    # the game, its actions and its record
    "new_game",
    "GameConfig",
    "SkunkRule",
    "GameState",
    "SeatView",
    "Phase",
    "Event",
    "Action",
    "Discard",
    "Play",
    "Go",
    "Count",
    "Muggins",
    "ShortCount",
    "NextDeal",
    "TakeBack",
    "GameResult",
    "GameRecord",
    # seats
    "Role",
    "role_of",
    # players
    "Bot",
    "make_bot",
    "BOT_LEVELS",
    "BOT_NAMES",
    # errors
    "CribbageError",
    "InvalidCard",
    "DuplicateCard",
    "WrongNumberOfCards",
    "CountExceeded",
    "IllegalMove",
    "WrongPhase",
    "NotYourTurn",
    "CardNotInHand",
    "MustPlay",
    "InvalidGameConfig",
    "InvalidBotLevel",
    "InvalidSavedGame",
]
