"""What a Play session keeps besides the engine's state: the moves of the hand (commentary),
take-back marks, discard reviews, claimed counts, undo points, and what a game saved before
records existed brought along (:class:`Earlier`, with its JSON form).

Pure data; :mod:`tutor.play.session` builds and replays them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from cribbage_core import fields
from cribbage_core.cards import Card
from cribbage_core.game import Discard, Event, GameConfig, GameState, Play
from cribbage_core.kinds import ScoreKind, StepKind
from cribbage_core.record import read_step, step_json
from cribbage_core.scoring import MAX_HAND_POINTS

__all__ = [
    "HUMAN",
    "MoveKind",
    "Move",
    "Mark",
    "Review",
    "Claim",
    "Undo",
    "Earlier",
    "earlier_json",
    "read_earlier",
    "log_rows",
]

#: The learner's seat (every other seat is a computer player).
HUMAN: Final = 0


MoveKind = StepKind
"""What a seat did (a :class:`Move`'s ``kind``): one of the engine's four actions, with the
words of the game's record (``StepKind.DISCARD``, ``PLAY``, ``GO``, ``COUNT``)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One thing a seat did this hand, for the page's running commentary.

    ``kind``: a :class:`MoveKind`. ``count`` is the running count after a play.
    ``scored``: ``(seat, kind, points)`` of every event it scored (a go or last card scored
    on a card counts for whoever laid last). ``claimed``: the learner's claim. ``forced``: the
    learner's card or go when it was the only move the rules allowed (the table makes it for them).
    """

    seat: int
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    count: int = 0
    scored: tuple[tuple[int, ScoreKind, int], ...] = ()  # (seat, kind, points)
    claimed: int | None = None
    forced: bool = False


@dataclass(frozen=True, slots=True)
class Mark:
    """A take-back in the game log: after event number ``after_event``, ``undone`` was taken back."""

    hand_no: int
    after_event: int
    undone: Discard | Play

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the take-back returned to the learner's hand."""
        return self.undone.cards if isinstance(self.undone, Discard) else (self.undone.card,)


@dataclass(frozen=True, slots=True)
class Review:
    """How the learner's discard compared with the advisor's best (nets in expected points)."""

    hand_no: int
    discard: tuple[Card, ...]
    best_discard: tuple[Card, ...]
    net: float
    best_net: float
    rank: int
    options: int

    @property
    def ev_lost(self) -> float:
        """Expected points given away against the best discard (0 for the best one)."""
        return max(0.0, self.best_net - self.net)


@dataclass(frozen=True, slots=True)
class Claim:
    """A count the learner typed in counting mode, against what the hand was worth."""

    hand_no: int
    is_crib: bool
    claimed: int
    actual: int


class Undo(NamedTuple):
    """What a take-back returns to: the state, back pegs and commentary before ``action``."""

    state: GameState
    back: tuple[int, ...]
    feed_len: int
    action: Discard | Play
    forced: bool = (
        False  # the only card that fitted, laid for the learner: undone with their choice before it
    )


@dataclass(frozen=True, slots=True)
class Earlier:
    """What a game saved before records existed (save version 1) brought from before its record.

    Its record starts at the hand it was in (``GameRecord.origin``); the move counter, back
    pegs, take-backs, reviews and claims of the hands before stay as they were.
    """

    moves: int
    back: tuple[int, ...]
    marks: tuple[Mark, ...] = ()
    reviews: tuple[Review, ...] = ()
    claims: tuple[Claim, ...] = ()


def earlier_json(earlier: Earlier) -> dict[str, Any]:
    """JSON-safe form of :class:`Earlier`."""
    return {
        "moves": earlier.moves,
        "back": list(earlier.back),
        "marks": [[m.hand_no, m.after_event, step_json(m.undone)] for m in earlier.marks],
        "reviews": [
            [
                r.hand_no,
                _strs(r.discard),
                _strs(r.best_discard),
                r.net,
                r.best_net,
                r.rank,
                r.options,
            ]
            for r in earlier.reviews
        ],
        "claims": [[c.hand_no, c.is_crib, c.claimed, c.actual] for c in earlier.claims],
    }


def read_earlier(value: object, config: GameConfig) -> Earlier:
    """Read :func:`earlier_json` back strictly (``InvalidSavedGame`` names the field)."""
    where = "save.earlier"
    found = fields.obj(value, where, ("moves", "back", "marks", "reviews", "claims"))
    moves = fields.integer(found["moves"], f"{where}.moves", 0, 10**9)
    back = tuple(
        fields.integer(b, f"{where}.back[{i}]", 0, config.target)
        for i, b in enumerate(
            fields.array(found["back"], f"{where}.back", config.sides, config.sides)
        )
    )
    marks = []
    for i, item in enumerate(fields.array(found["marks"], f"{where}.marks")):
        at = f"{where}.marks[{i}]"
        hand_no, after, step = fields.array(item, at, 3, 3)
        undone = read_step(step, f"{at}[2]", config.players)
        if not isinstance(undone, Discard | Play) or undone.seat != HUMAN:
            fields.fail(f"{at}[2]", "a discard or a card laid by seat 0", step)
        marks.append(
            Mark(
                fields.integer(hand_no, f"{at}[0]", 1, 10_000),
                fields.integer(after, f"{at}[1]", 0),
                undone,
            )
        )
    reviews = []
    for i, item in enumerate(fields.array(found["reviews"], f"{where}.reviews")):
        at = f"{where}.reviews[{i}]"
        hand_no, discard, best, net, best_net, rank, options = fields.array(item, at, 7, 7)
        size = config.discard_size
        count = fields.integer(options, f"{at}[6]", 1, 15)
        reviews.append(
            Review(
                fields.integer(hand_no, f"{at}[0]", 1, 10_000),
                fields.cards(discard, f"{at}[1]", size, size),
                fields.cards(best, f"{at}[2]", size, size),
                fields.real(net, f"{at}[3]"),
                fields.real(best_net, f"{at}[4]"),
                fields.integer(rank, f"{at}[5]", 1, count),
                count,
            )
        )
    claims = []
    for i, item in enumerate(fields.array(found["claims"], f"{where}.claims")):
        at = f"{where}.claims[{i}]"
        hand_no, is_crib, claimed, actual = fields.array(item, at, 4, 4)
        claims.append(
            Claim(
                fields.integer(hand_no, f"{at}[0]", 1, 10_000),
                fields.boolean(is_crib, f"{at}[1]"),
                fields.integer(claimed, f"{at}[2]", 0, 1000),
                fields.integer(actual, f"{at}[3]", 0, MAX_HAND_POINTS),
            )
        )
    return Earlier(moves, back, tuple(marks), tuple(reviews), tuple(claims))


def log_rows(log: Sequence[Event], marks: Sequence[Mark], sides: int) -> list[dict[str, Any]]:
    """Every scoring event of ``log`` and every take-back in ``marks``, in order, with the running scores."""
    rows: list[dict[str, Any]] = []
    running = [0] * sides
    ordered = sorted(marks, key=lambda m: m.after_event)
    m = 0
    for i, event in enumerate(log):
        while m < len(ordered) and ordered[m].after_event <= i:
            rows.append(_mark_row(ordered[m], running))
            m += 1
        running[event.side] += event.points
        rows.append(_event_row(event, running))
    rows.extend(_mark_row(mark, running) for mark in ordered[m:])
    return rows


def _event_row(event: Event, running: Sequence[int]) -> dict[str, Any]:
    return {
        "hand": event.hand_no,
        "phase": event.phase,
        "seat": event.seat,
        "side": event.side,
        "kind": event.kind,
        "cards": " ".join(c.label for c in event.cards),
        "points": event.points,
        "scores": tuple(running),
        "note": event.note,
    }


def _mark_row(mark: Mark, running: Sequence[int]) -> dict[str, Any]:
    kind = MoveKind.DISCARD if isinstance(mark.undone, Discard) else MoveKind.PLAY
    return {
        "hand": mark.hand_no,
        "phase": "undo",
        "seat": HUMAN,
        "side": 0,
        "kind": "take-back",
        "cards": " ".join(c.label for c in mark.cards),
        "points": 0,
        "scores": tuple(running),
        "note": " ".join([kind, *(str(c) for c in mark.cards)]),
    }


def _strs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]
