"""A game kept as what happened: its setup and every step, rebuilt by replaying them.

A :class:`GameRecord` holds the configuration, the seed and first dealer, any scripted decks and
the steps: every seat's actions (:class:`~cribbage_core.game.Discard`, ``Play``, ``Go``,
``Count``, ``Muggins``), each :class:`NextDeal` and each :class:`TakeBack`. Chance comes only from the seed:
the cut for deal draws from ``Random(seed)`` and hand ``n`` is dealt from ``deal_rng(seed, n)``
(``Random(f"{seed}:{n}")``) unless a scripted deck is given for it. So the steps rebuild the
game exactly, and :meth:`GameRecord.replay` applies them through the engine: a record whose
steps break a rule cannot be read back (:class:`~cribbage_core.errors.InvalidSavedGame` names
the step and the rule), and neither can one whose JSON is damaged (:meth:`GameRecord.from_dict`
reads strictly, naming the field).

A take-back returns to the state before that seat's latest discard or card laid this hand (and
the moves after it); it is allowed in the discard and the play only, as on the Play page.

>>> from cribbage_core.game import GameConfig, Phase
>>> record = GameRecord(GameConfig(target=61), seed=7, first_dealer=0)
>>> state = record.first_state()
>>> state.phase, state.hand_no, state.dealer
(<Phase.DISCARD: 'discard'>, 1, 0)
>>> record = record.then(state.legal_for(1)[0]).then(TakeBack(1))
>>> record.final() == state
True
>>> GameRecord.from_dict(record.to_dict()) == record
True
>>> bad = record.to_dict() | {"steps": [["play", 1, "AS"]]}
>>> GameRecord.from_dict(bad).final()
Traceback (most recent call last):
...
cribbage_core.errors.InvalidSavedGame: step 1 (play 1 AS) breaks a rule: cannot lay a card during the discard: now Discard
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, NamedTuple, TypeAlias

from cribbage_core import fields, seats
from cribbage_core.cards import Card, full_deck
from cribbage_core.errors import CribbageError, IllegalMove, InvalidGameConfig, InvalidSavedGame
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
    SkunkRule,
    awaiting_deal_fields,
    new_game,
)
from cribbage_core.kinds import EventPhase, ScoreKind, StepKind
from cribbage_core.pegging import PEGGING_KINDS
from cribbage_core.scoring import HAND_KINDS, MAX_HAND_POINTS

__all__ = [
    "NextDeal",
    "TakeBack",
    "Step",
    "Origin",
    "GameRecord",
    "Replayed",
    "ReplayPoint",
    "deal_rng",
    "step_text",
    "step_json",
    "read_step",
    "read_config",
    "config_json",
    "read_event",
    "event_json",
]

#: The largest seed a record holds (the app draws far smaller ones: tutor.seeds.MAX_SEED).
_LARGEST_SEED: Final = 2**64 - 1
#: The largest count a record may claim (the engine scores an over-claim as the true count).
MAX_CLAIM: Final = 1000


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Deal the next hand (after the show)."""


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Take back ``seat``'s latest discard or card laid this hand, with every move made after it."""

    seat: int


Step: TypeAlias = Action | NextDeal | TakeBack


def deal_rng(seed: int, hand_no: int) -> random.Random:
    """The random generator hand ``hand_no`` of a game with ``seed`` is shuffled with."""
    return random.Random(f"{seed}:{hand_no}")


def step_text(step: Step) -> str:
    """A step in words for messages: ``"play 1 7D"``, ``"discard 0 5H 6C"``, ``"deal"``."""
    return " ".join(str(part) for part in step_json(step))


@dataclass(frozen=True, slots=True)
class Origin:
    """Where a record starts when not at a new game: after hand ``hand_no``, ``dealer`` to deal next.

    Only games saved before records existed need one (their earlier hands are known by their
    log alone); the scores are the log's.
    """

    hand_no: int
    dealer: int
    log: tuple[Event, ...]


class ReplayPoint(NamedTuple):
    """Where a replay stands: the steps replayed, the state after them, and the states a
    take-back this hand can return to (``(seat, state before its discard or card laid)``)."""

    number: int
    state: GameState
    taken: tuple[tuple[int, GameState], ...]


class Replayed(NamedTuple):
    """One step of a replay: its number (from 1), the step, and the states before and after it."""

    number: int
    step: Step
    before: GameState
    after: GameState


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game as its setup and steps (see the module). Immutable: :meth:`then` returns a longer record.

    ``decks`` are scripted decks, as ``(hand_no, cards)`` pairs; a short deck is completed with
    the missing cards in deck order.
    """

    config: GameConfig
    seed: int
    first_dealer: int | None = None
    decks: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    steps: tuple[Step, ...] = field(default=(), repr=False)
    origin: Origin | None = None

    def __post_init__(self) -> None:
        if type(self.seed) is not int or not 0 <= self.seed <= _LARGEST_SEED:
            raise InvalidGameConfig(
                f"a seed is a whole number 0-{_LARGEST_SEED}, got {self.seed!r}"
            )
        completed = []
        for hand_no, deck in self.decks:
            missing = [c for c in full_deck() if c not in deck]
            completed.append((hand_no, tuple(deck) + tuple(missing)))
        object.__setattr__(self, "decks", tuple(completed))

    # ------------------------------------------------------------------ building

    def then(self, step: Step) -> GameRecord:
        """This record with one more step (not checked here: :meth:`replay` checks)."""
        return replace(self, steps=self.steps + (step,))

    def first_state(self) -> GameState:
        """The game before the first step: cut for (or from the origin), the first hand dealt."""
        if self.origin is None:
            start = new_game(random.Random(self.seed), self.config, first_dealer=self.first_dealer)
        else:
            start = _origin_state(self.config, self.origin)
        return self.deal(start)

    def deal(self, state: GameState) -> GameState:
        """Deal the next hand of this game: its scripted deck, else shuffled from the seed."""
        hand_no = state.hand_no + 1
        deck = next((cards for n, cards in self.decks if n == hand_no), None)
        if deck is not None:
            return state.deal(deck=deck)
        return state.deal(deal_rng(self.seed, hand_no))

    # ------------------------------------------------------------------ replaying

    def replay(self) -> Iterator[Replayed]:
        """Apply every step through the engine, in order; raises ``InvalidSavedGame`` at the first illegal one."""
        yield from self._replayed(self.first_state(), [], 0)

    def replay_to(self, resume: ReplayPoint | None = None) -> tuple[list[Replayed], ReplayPoint]:
        """The steps after ``resume`` replayed as :meth:`replay` does, and the point after the
        last. ``resume`` is a point an earlier ``replay_to`` returned for a record with this setup
        and these first steps (the caller's to know: it is not checked), so that a record one
        step longer is replayed by that step alone.

        >>> from cribbage_core.game import GameConfig
        >>> record = GameRecord(GameConfig(target=61), seed=7, first_dealer=0)
        >>> longer = record.then(record.first_state().legal_for(1)[0])
        >>> _, point = record.replay_to()
        >>> steps, end = longer.replay_to(point)
        >>> len(steps), end.number, end.state == longer.final()
        (1, 1, True)
        """
        if resume is None:
            state, taken, start = self.first_state(), [], 0
        else:
            state, taken, start = resume.state, list(resume.taken), resume.number
        replayed = list(self._replayed(state, taken, start))
        if replayed:
            state = replayed[-1].after
        return replayed, ReplayPoint(len(self.steps), state, tuple(taken))

    def _replayed(
        self, state: GameState, taken: list[tuple[int, GameState]], start: int
    ) -> Iterator[Replayed]:
        for number, step in enumerate(self.steps[start:], start + 1):
            try:
                after = self._take(state, step, taken)
            except CribbageError as error:
                raise InvalidSavedGame(
                    f"step {number} ({step_text(step)}) breaks a rule: {error}",
                    problem="move",
                    where=f"steps[{number - 1}]",
                    step=number,
                ) from error
            yield Replayed(number, step, state, after)
            state = after

    def _take(self, state: GameState, step: Step, taken: list[tuple[int, GameState]]) -> GameState:
        if isinstance(step, NextDeal):
            if state.phase is not Phase.DEAL:
                raise IllegalMove(
                    f"the next hand is dealt after the show, not during the {state.phase.value}"
                )
            taken.clear()
            return self.deal(state)
        if isinstance(step, TakeBack):
            if state.phase not in (Phase.DISCARD, Phase.PLAY):
                raise IllegalMove("a take-back is for the discard and the play of the hand")
            mine = [i for i, (seat, _) in enumerate(taken) if seat == step.seat]
            if not mine:
                raise IllegalMove(f"seat {step.seat} has nothing to take back in this hand")
            back = taken[mine[-1]][1]
            del taken[mine[-1] :]
            return back
        after = state.apply(step)
        if isinstance(step, Discard | Play):
            taken.append((step.seat, state))
        return after

    def final(self) -> GameState:
        """The game after every step."""
        return self.replay_to()[1].state

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (cards as text such as ``"10H"``, steps as lists such as ``["play", 1, "7D"]``)."""
        data: dict[str, Any] = {
            "config": config_json(self.config),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "decks": [[hand_no, [str(c) for c in deck]] for hand_no, deck in self.decks],
            "steps": [step_json(step) for step in self.steps],
        }
        if self.origin is not None:
            data["origin"] = {
                "hand_no": self.origin.hand_no,
                "dealer": self.origin.dealer,
                "log": [event_json(e) for e in self.origin.log],
            }
        return data

    @staticmethod
    def from_dict(data: object, where: str = "game") -> GameRecord:
        """Read :meth:`to_dict` back strictly; ``InvalidSavedGame`` names the first field that is wrong.

        Only the form is checked here; :meth:`replay` (or :meth:`final`) checks the steps against the rules.
        """
        found = fields.obj(
            data, where, ("config", "seed", "first_dealer", "decks", "steps"), ("origin",)
        )
        config = read_config(found["config"], f"{where}.config")
        players = config.players
        seed = fields.integer(found["seed"], f"{where}.seed", 0, _LARGEST_SEED)
        first = found["first_dealer"]
        first_dealer = (
            None
            if first is None
            else fields.integer(first, f"{where}.first_dealer", 0, players - 1)
        )
        decks: list[tuple[int, tuple[Card, ...]]] = []
        for i, item in enumerate(fields.array(found["decks"], f"{where}.decks")):
            at = f"{where}.decks[{i}]"
            hand_no, cards = fields.array(item, at, 2, 2)
            number = fields.integer(hand_no, f"{at}[0]", 1, 10_000)
            if any(n == number for n, _ in decks):
                raise InvalidSavedGame(f"{at}: a second deck for hand {number}", where=at)
            decks.append((number, fields.cards(cards, f"{at}[1]", 52, 52)))
        origin = None
        if found.get("origin") is not None:
            origin = read_origin(found["origin"], f"{where}.origin", config)
        steps = tuple(
            read_step(item, f"{where}.steps[{i}]", players)
            for i, item in enumerate(fields.array(found["steps"], f"{where}.steps"))
        )
        return GameRecord(config, seed, first_dealer, tuple(decks), steps, origin)


# ---------------------------------------------------------------------------- JSON forms


def config_json(config: GameConfig) -> dict[str, Any]:
    """The ``config`` object of :meth:`GameRecord.to_dict` (``muggins_called`` only when set,
    so a game without it is saved as before it existed).

    >>> config_json(GameConfig(target=61, muggins=True, muggins_called=True))["muggins_called"]
    True
    >>> "muggins_called" in config_json(GameConfig(muggins=True))
    False
    """
    data: dict[str, Any] = {
        "players": config.players,
        "target": config.target,
        "skunk_rule": config.skunk_rule.value,
        "muggins": config.muggins,
    }
    if config.muggins_called:
        data["muggins_called"] = True
    return data


def step_json(step: Step) -> list[Any]:
    """A step as JSON: ``["discard", 0, "5H", "6C"]``, ``["play", 1, "7D"]``, ``["go", 1]``,
    ``["count", 0]`` or ``["count", 0, 12]`` (a claimed count), ``["muggins", 1, true]`` (a call
    of muggins; ``false``: a pass), ``["deal"]``, ``["take back", 0]``."""
    if isinstance(step, Discard):
        return [StepKind.DISCARD.value, step.seat, *(str(c) for c in step.cards)]
    if isinstance(step, Play):
        return [StepKind.PLAY.value, step.seat, str(step.card)]
    if isinstance(step, Go):
        return [StepKind.GO.value, step.seat]
    if isinstance(step, Count):
        return [StepKind.COUNT.value, step.seat] + ([] if step.claimed is None else [step.claimed])
    if isinstance(step, TakeBack):
        return [StepKind.TAKE_BACK.value, step.seat]
    if isinstance(step, Muggins):
        return [StepKind.MUGGINS.value, step.seat, step.call]
    return [StepKind.DEAL.value]


_STEP_SIZES: Final = {
    StepKind.DISCARD: (3, 4),
    StepKind.PLAY: (3, 3),
    StepKind.GO: (2, 2),
    StepKind.COUNT: (2, 3),
    StepKind.DEAL: (1, 1),
    StepKind.TAKE_BACK: (2, 2),
    StepKind.MUGGINS: (3, 3),
}


def read_step(value: object, where: str, players: int) -> Step:
    """Read one step written by :func:`step_json` (seats checked against ``players``)."""
    if not isinstance(value, list) or not value:
        fields.fail(where, 'a step such as ["play", 1, "7D"]', value)
    kind = StepKind(fields.text(value[0], f"{where}[0]", [k.value for k in _STEP_SIZES]))
    fields.array(value, where, *_STEP_SIZES[kind])
    if kind is StepKind.DEAL:
        return NextDeal()
    seat = fields.integer(value[1], f"{where}[1]", 0, players - 1)
    if kind is StepKind.DISCARD:
        return Discard(seat, fields.cards(value[2:], f"{where}[2:]"))
    if kind is StepKind.PLAY:
        return Play(seat, fields.card(value[2], f"{where}[2]"))
    if kind is StepKind.GO:
        return Go(seat)
    if kind is StepKind.TAKE_BACK:
        return TakeBack(seat)
    if kind is StepKind.MUGGINS:
        return Muggins(seat, fields.boolean(value[2], f"{where}[2]"))
    claimed = None if len(value) == 2 else fields.integer(value[2], f"{where}[2]", 0, MAX_CLAIM)
    return Count(seat, claimed)


def read_config(value: object, where: str) -> GameConfig:
    """Read the ``config`` object of :meth:`GameRecord.to_dict`."""
    found = fields.obj(
        value, where, ("players", "target", "skunk_rule", "muggins"), ("muggins_called",)
    )
    players = fields.integer(found["players"], f"{where}.players", 2, 4)
    target = fields.integer(found["target"], f"{where}.target")
    rule = fields.text(found["skunk_rule"], f"{where}.skunk_rule", [r.value for r in SkunkRule])
    muggins = fields.boolean(found["muggins"], f"{where}.muggins")
    called = fields.boolean(found.get("muggins_called", False), f"{where}.muggins_called")
    if called and not muggins:
        fields.fail(f"{where}.muggins_called", "false (muggins is off)", called)
    try:
        return GameConfig(players, target, SkunkRule(rule), muggins, called)
    except InvalidGameConfig as error:
        raise InvalidSavedGame(f"{where}: {error}", where=f"{where}.target") from error


def event_json(event: Event) -> list[Any]:
    """A log event as JSON (the form of ``GameState.to_dict``'s log)."""
    return [
        event.hand_no,
        event.phase,
        event.seat,
        event.side,
        event.kind,
        [str(c) for c in event.cards],
        event.points,
        event.note,
    ]


#: Which kinds of event each phase of the log holds, and the points each kind is worth
#: (``None``: as many as its cards for a run or a flush; a range for claims and muggins).
_EVENT_KINDS: Final[Mapping[EventPhase, Sequence[ScoreKind]]] = {
    EventPhase.DEAL: (ScoreKind.CUT_FOR_DEAL,),
    EventPhase.STARTER: (ScoreKind.HIS_HEELS,),
    EventPhase.PLAY: PEGGING_KINDS,
    EventPhase.SHOW_HAND: (*HAND_KINDS, ScoreKind.CLAIMED, ScoreKind.MUGGINS),
    EventPhase.SHOW_CRIB: (*HAND_KINDS, ScoreKind.CLAIMED, ScoreKind.MUGGINS),
}
_POINTS: Final[Mapping[ScoreKind, int]] = {
    ScoreKind.CUT_FOR_DEAL: 0,
    ScoreKind.HIS_HEELS: 2,
    ScoreKind.FIFTEEN: 2,
    ScoreKind.THIRTY_ONE: 2,
    ScoreKind.PAIR: 2,
    ScoreKind.PAIR_ROYAL: 6,
    ScoreKind.DOUBLE_PAIR_ROYAL: 12,
    ScoreKind.GO: 1,
    ScoreKind.LAST_CARD: 1,
    ScoreKind.NOBS: 1,
}


def read_event(value: object, where: str, config: GameConfig) -> Event:
    """Read one log event, checking that its seat, side, kind and points agree with the rules."""
    items = fields.array(value, where, 8, 8)
    hand_no = fields.integer(items[0], f"{where}[0]", 0, 10_000)
    phase = EventPhase(fields.text(items[1], f"{where}[1]", tuple(_EVENT_KINDS)))
    seat = fields.integer(items[2], f"{where}[2]", 0, config.players - 1)
    side = fields.integer(items[3], f"{where}[3]", 0, config.sides - 1)
    kind = ScoreKind(fields.text(items[4], f"{where}[4]", _EVENT_KINDS[phase]))
    cards = fields.cards(items[5], f"{where}[5]", 0, 8)
    points = fields.integer(items[6], f"{where}[6]", 0, MAX_HAND_POINTS)
    note = fields.text(items[7], f"{where}[7]", longest=400)
    if side != seats.side_of(seat, config.players):
        fields.fail(f"{where}[3]", f"seat {seat}'s side", side)
    wanted = _POINTS.get(kind, len(cards) if kind in (ScoreKind.RUN, ScoreKind.FLUSH) else None)
    if wanted is not None and points != wanted:
        fields.fail(f"{where}[6]", f"{wanted} (the points of a {kind})", points)
    if wanted is None and points < 1:
        fields.fail(f"{where}[6]", f"1 or more (the points of a {kind})", points)
    if (hand_no == 0) != (phase is EventPhase.DEAL):
        fields.fail(f"{where}[0]", "0 for the cut for deal only", hand_no)
    return Event(hand_no, phase, seat, side, kind, cards, points, note)


def read_origin(value: object, where: str, config: GameConfig) -> Origin:
    """Read the ``origin`` object: the hand it starts after, the next dealer, the log so far."""
    found = fields.obj(value, where, ("hand_no", "dealer", "log"))
    hand_no = fields.integer(found["hand_no"], f"{where}.hand_no", 0, 10_000)
    dealer = fields.integer(found["dealer"], f"{where}.dealer", 0, config.players - 1)
    log = tuple(
        read_event(item, f"{where}.log[{i}]", config)
        for i, item in enumerate(fields.array(found["log"], f"{where}.log"))
    )
    for i, event in enumerate(log):
        if event.hand_no > hand_no or (i and event.hand_no < log[i - 1].hand_no):
            fields.fail(
                f"{where}.log[{i}][0]",
                f"a hand from {log[i - 1].hand_no if i else 0} to {hand_no}",
                event.hand_no,
            )
    origin = Origin(hand_no, dealer, log)
    _origin_state(config, origin, where)  # the scores must leave the game going on
    return origin


def _origin_state(config: GameConfig, origin: Origin, where: str = "origin") -> GameState:
    scores = [0] * config.sides
    for event in origin.log:
        scores[event.side] += event.points
    if max(scores) >= config.target:
        raise InvalidSavedGame(
            f"{where}.log: scores {scores} reach the target {config.target}, so the game would be over",
            where=f"{where}.log",
        )
    return GameState(
        config=config,
        hand_no=origin.hand_no,
        dealer=origin.dealer,
        scores=tuple(scores),
        log=origin.log,
        result=None,
        **awaiting_deal_fields(config.players),
    )
