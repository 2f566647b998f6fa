"""The specific errors the rules engine raises.

Every error is a :class:`ValueError` subclass whose message says what was
wrong and what is allowed, so a page can show it to a learner as it is.
"""

from __future__ import annotations


class CribbageError(ValueError):
    """Base class of every error raised by :mod:`cribbage_core`."""


class InvalidCard(CribbageError):
    """A card token could not be read (for example ``"1X"`` or ``"5"``)."""


class DuplicateCard(CribbageError):
    """The same card appears twice where every card must be distinct."""


class WrongNumberOfCards(CribbageError):
    """A hand, crib or discard has the wrong number of cards."""


class CountExceeded(CribbageError):
    """A pile of cards laid in the play whose count passes 31."""


class IllegalMove(CribbageError):
    """An action the rules do not allow in the current state of a game."""


class WrongPhase(IllegalMove):
    """An action made in a phase of the game that does not take it (e.g. a play during the show)."""


class NotYourTurn(IllegalMove):
    """An action by a seat that may not act now (another seat is to act, or it already discarded)."""


class CardNotInHand(IllegalMove):
    """A card discarded or laid that the seat does not hold."""


class MustPlay(IllegalMove):
    """A "go" said by a seat that can still lay a card without passing 31."""


class InvalidGameConfig(CribbageError):
    """A game set up with an unsupported number of players, target or option."""


class InvalidBotLevel(InvalidGameConfig):
    """A computer player asked for at a level there is none of (``bots.BOT_LEVELS``)."""


class InvalidSavedGame(CribbageError):
    """A saved game (:class:`~cribbage_core.record.GameRecord`) that cannot be read back.

    ``problem`` says what kind of fault it is: ``"unreadable"`` (not JSON, or not an object),
    ``"version"`` (a format this code does not know), ``"field"`` (a field missing, of the
    wrong type or out of range: ``where`` names it, e.g. ``"game.config.muggins"``), ``"move"``
    (``step``, counted from 1, breaks a rule: the engine's error is the ``__cause__``) or
    ``"mismatch"`` (a field that does not follow from the moves played).
    """

    def __init__(
        self, message: str, *, problem: str = "field", where: str = "", step: int | None = None
    ) -> None:
        super().__init__(message)
        self.problem = problem
        self.where = where
        self.step = step
