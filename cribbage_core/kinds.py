"""The game's vocabulary as string enums: what a score is for, when it was scored, how a game ended.

Each member *is* its word (``ScoreKind.THIRTY_ONE == "thirty-one"``, ``str()`` and JSON give
the plain word), so game logs, saved games and database rows written with the plain words
read back unchanged, and ``ScoreKind("pair royal")`` turns a stored word back into its member.
A misspelt kind is an ``AttributeError`` (and a mypy error) instead of a silent mismatch.

>>> ScoreKind.PAIR_ROYAL == "pair royal", ScoreKind("pair royal") is ScoreKind.PAIR_ROYAL
(True, True)
>>> f"{ResultKind.DOUBLE_SKUNK} in the {EventPhase.SHOW_CRIB}"
'double skunk in the show crib'
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["ScoreKind", "EventPhase", "ResultKind", "StepKind", "PegSpot"]


class ScoreKind(StrEnum):
    """What points were scored for: an item of a hand's count or of the play, or a game event.

    The show (:mod:`cribbage_core.scoring`) gives fifteens, pairs, runs, the flush and nobs
    (every pair an item of its own); the play (:mod:`cribbage_core.pegging`) gives fifteen,
    thirty-one, pair / pair royal / double pair royal and runs; the game
    (:mod:`cribbage_core.game`) logs the go, the last card, his heels, a claimed count,
    muggins and the cut for deal (worth 0).
    """

    FIFTEEN = "fifteen"
    PAIR = "pair"
    PAIR_ROYAL = "pair royal"
    DOUBLE_PAIR_ROYAL = "double pair royal"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"
    THIRTY_ONE = "thirty-one"
    GO = "go"
    LAST_CARD = "last card"
    HIS_HEELS = "his heels"
    MUGGINS = "muggins"
    CLAIMED = "claimed"
    CUT_FOR_DEAL = "cut for deal"


class EventPhase(StrEnum):
    """When a logged event happened: cut for deal, the starter (his heels), the play, the show."""

    DEAL = "deal"
    STARTER = "starter"
    PLAY = "play"
    SHOW_HAND = "show hand"
    SHOW_CRIB = "show crib"


class ResultKind(StrEnum):
    """How a game ended for the loser (:mod:`cribbage_core.result`): a plain win or a heavy loss."""

    WIN = "win"
    SKUNK = "skunk"
    DOUBLE_SKUNK = "double skunk"
    LURCH = "lurch"


class StepKind(StrEnum):
    """One step of a game's record (:mod:`cribbage_core.record`): a seat's action, a new deal
    or a take-back. The first four are also what the Play page's commentary says a seat did;
    ``muggins`` is a call of muggins (or a pass) on a count claimed short, between people.

    >>> StepKind("take back") is StepKind.TAKE_BACK
    True
    """

    DISCARD = "discard"
    PLAY = "play"
    GO = "go"
    COUNT = "count"
    DEAL = "deal"
    TAKE_BACK = "take back"
    MUGGINS = "muggins"


class PegSpot(StrEnum):
    """A kind of decision in the play, as the pegging trainer deals and records them
    (:mod:`cribbage_core.teaching.peg_trainer`; stored with each answer as its category, by its word).

    >>> PegSpot("5 and 21") is PegSpot.FIVE_21
    True
    """

    LEAD = "leading"
    FIVE_21 = "5 and 21"
    PAIRING = "pairing"
    RUNS = "runs in the play"
    GO = "go and last card"
    ENDGAME = "endgame"
