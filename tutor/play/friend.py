"""A game between friends, pure: its record, the moves each seat may make, what each seat may see.

The game is a :class:`~cribbage_core.record.GameRecord` like a game against the computer,
kept in the store (``tutor.store.friend_games``) as JSON with the computer's level (for a seat
handed to the computer) and moved only by :func:`advance`, which the store calls inside its
compare-and-set: the move must be the seat's own (a discard while it still holds six cards,
its card or go when it is to act, the next deal when it deals next), legal by the rules, and
then the moves that decide nothing are made at once (a go when no card fits, and without
muggins each count of the show, which is exact).

With muggins each player counts their own hand and crib, and muggins is called by the players
(``GameConfig.muggins_called``): a count claimed short waits (``GameState.short_count``) for the
other player, and only them, to call "Muggins!" and take the points missed, or to pass
(:class:`~cribbage_core.game.Muggins`), a move like any other, through the same
compare-and-set. A seat handed to the computer always calls.

:func:`view` is what one seat may see: the engine's ``SeatView`` (its own hand, the cut, the
play so far, the scores; the other hands only once they are shown), and after the show the
hands that were shown. A watcher's view holds no hand at all. The page draws from a view only,
so nothing else of the game reaches a browser.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Any, Final

from cribbage_core import fields
from cribbage_core.bots import check_level, make_bot
from cribbage_core.cards import Card
from cribbage_core.errors import IllegalMove, NotYourTurn, WrongPhase
from cribbage_core.game import (
    Count,
    Discard,
    GameConfig,
    GameState,
    Go,
    Muggins,
    Phase,
    Play,
    SeatView,
    SkunkRule,
    cut_for_deal,
)
from cribbage_core.kinds import ScoreKind
from cribbage_core.record import GameRecord, NextDeal, Step, TakeBack
from tutor.play.session import PlaySession, PlaySettings

__all__ = [
    "FORMAT",
    "FriendSettings",
    "Shown",
    "Answer",
    "FriendView",
    "new_record",
    "to_data",
    "read_data",
    "advance",
    "advanced",
    "FRIEND_LEVEL",
    "view",
    "bot_step",
    "record_for_seat",
    "review_save",
    "REVIEW_LEVEL",
]

#: The version of the JSON a friend game is kept as.
FORMAT: Final = 1
#: The level a friend game's review is saved under (the save format needs one; the review of
#: a seat's own decisions does not depend on it).
REVIEW_LEVEL: Final = "medium"
#: The opponent a friend game is filed under in each player's progress.
FRIEND_LEVEL: Final = "friend"


@dataclass(frozen=True, slots=True)
class FriendSettings:
    """What the player who starts a friend game chooses: two players, or four in two
    partnerships (seats 0 and 2 against 1 and 3); the rules options."""

    target: int = 121
    skunk_rule: SkunkRule = SkunkRule.SKUNK
    muggins: bool = False
    players: int = 2

    def config(self) -> GameConfig:
        """The engine's configuration (raises ``InvalidGameConfig`` for a bad target): between
        people, muggins is called by the player it would score for."""
        return GameConfig(self.players, self.target, self.skunk_rule, self.muggins, self.muggins)


def new_record(settings: FriendSettings, seed: int) -> GameRecord:
    """A new game: the cut for deal made from the seed (so each seat's record of it can be
    turned round for the review), the first hand dealt.

    >>> record = new_record(FriendSettings(target=61), seed=5)
    >>> record.first_state().phase, record.first_dealer in (0, 1)
    (<Phase.DISCARD: 'discard'>, True)
    """
    config = settings.config()
    dealer, _ = cut_for_deal(random.Random(seed), config.players)
    return GameRecord(config, seed, first_dealer=dealer)


def to_data(record: GameRecord, level: str = "medium") -> dict[str, Any]:
    """The JSON a friend game is kept as: its record and the computer's level for a seat handed over."""
    return {"format": FORMAT, "level": level, "game": record.to_dict()}


def read_data(data: object) -> tuple[GameRecord, str]:
    """Read :func:`to_data` back (``InvalidSavedGame`` naming what is wrong)."""
    found = fields.obj(data, "friend", ("format", "level", "game"))
    fields.integer(found["format"], "friend.format", FORMAT, FORMAT)
    level = fields.text(found["level"], "friend.level", longest=40)
    check_level(level)
    return GameRecord.from_dict(found["game"], "friend.game"), level


def _on_its_own(state: GameState) -> Go | Count | None:
    """The move that decides nothing, if one is next: a go, or without muggins an exact count."""
    if state.phase is Phase.PLAY and state.to_act is not None:
        legal = state.legal_for(state.to_act)
        only = legal[0] if len(legal) == 1 else None
        if isinstance(only, Go):
            return only
    if state.phase is Phase.SHOW and state.to_act is not None and not state.config.muggins:
        return Count(state.to_act)
    return None


def advance(record: GameRecord, seat: int, step: Step) -> GameRecord:
    """``record`` with ``seat``'s ``step`` and the moves that follow on their own (see :func:`advanced`).

    Raises the engine's error (``NotYourTurn``, ``WrongPhase``, ``CardNotInHand``, ...), whose
    message says what is allowed, for a move that is not this seat's to make now.

    >>> record = new_record(FriendSettings(target=61), seed=5)
    >>> state = record.final()
    >>> after = advance(record, state.pone, state.legal_for(state.pone)[0])
    >>> after.final().must_discard() == (state.dealer,)
    True
    >>> advance(after, state.pone, after.final().legal_for(state.dealer)[0])
    Traceback (most recent call last):
    ...
    cribbage_core.errors.NotYourTurn: ...
    """
    return advanced(record, seat, step)[0]


def advanced(
    record: GameRecord, seat: int, step: Step, state: GameState | None = None
) -> tuple[GameRecord, GameState]:
    """:func:`advance`, with the state it leads to (``state``: the record's final state, if known)."""
    state = record.final() if state is None else state
    if isinstance(step, TakeBack):
        raise IllegalMove("a game with a friend has no take-backs")
    if isinstance(step, NextDeal):
        if state.phase is not Phase.DEAL:
            raise WrongPhase(
                f"the next hand is dealt after the show, not during the {state.phase.value}"
            )
        if seat != state.dealer:
            raise NotYourTurn(f"seat {state.dealer} deals the next hand, not seat {seat}")
    elif step.seat != seat:
        raise NotYourTurn(f"seat {seat} cannot move for seat {step.seat}")
    # a move against the rules raises here, and nothing changes
    state = record.deal(state) if isinstance(step, NextDeal) else state.apply(step)
    record = record.then(step)
    while not state.is_over:
        follow = _on_its_own(state)
        if follow is None:
            break
        state = state.apply(follow)
        record = record.then(follow)
    return record, state


@dataclass(frozen=True, slots=True)
class Shown:
    """The hands shown at the end of the last hand: the starter, each seat's four, the crib."""

    hand_no: int
    dealer: int
    starter: Card
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer to a count claimed short this hand: ``caller`` called muggins (``called``) and
    took ``points`` of ``counter``'s count, or passed (``points`` 0)."""

    counter: int
    caller: int
    called: bool
    points: int


@dataclass(frozen=True, slots=True)
class FriendView:
    """What one seat (``seat``; None: a watcher) may see of the game now; ``answers``: this
    hand's calls of muggins and passes, in order."""

    seat: int | None
    seen: SeatView
    shown: Shown | None
    steps: int
    answers: tuple[Answer, ...] = ()

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats whose move is awaited: in the discard every seat yet to lay away."""
        seen = self.seen
        if seen.phase is Phase.DISCARD:
            return tuple(i for i, done in enumerate(seen.discarded) if not done)
        if seen.phase is Phase.DEAL:
            return (seen.dealer,)
        return () if seen.to_act is None else (seen.to_act,)

    @property
    def my_turn(self) -> bool:
        """Whether this seat's move is awaited."""
        return self.seat is not None and self.seat in self.to_act


def _last_shown(record: GameRecord, state: GameState) -> Shown | None:
    if state.phase is not Phase.DEAL or not record.steps:
        return None
    before = None
    for replayed in record.replay():
        if replayed.before.phase is Phase.SHOW:
            before = replayed.before
    if before is None or before.starter is None or before.hand_no != state.hand_no:
        return None
    return Shown(
        before.hand_no, before.dealer, before.starter, before.kept, before.crib, state.scores
    )


def _answers(record: GameRecord, state: GameState) -> tuple[Answer, ...]:
    """This hand's answers to counts claimed short: each :class:`Muggins` step since the last deal
    follows the short count it answers, and a call's points are its muggins event's."""
    steps: list[Step] = []
    for step in reversed(record.steps):
        if isinstance(step, NextDeal):
            break
        steps.append(step)
    steps.reverse()
    taken = iter(
        e.points for e in state.log if e.hand_no == state.hand_no and e.kind == ScoreKind.MUGGINS
    )
    answers = []
    for before, step in pairwise(steps):
        if isinstance(step, Muggins) and isinstance(before, Count):
            points = next(taken, 0) if step.call else 0
            answers.append(Answer(before.seat, step.seat, step.call, points))
    return tuple(answers)


def view(record: GameRecord, seat: int | None, state: GameState | None = None) -> FriendView:
    """What ``seat`` may see (None: a watcher, who sees only what is face up).

    >>> record = new_record(FriendSettings(target=61), seed=5)
    >>> mine, theirs = view(record, 0), view(record, None)
    >>> len(mine.seen.hand), theirs.seen.hand, theirs.seen.legal
    (6, (), ())
    """
    state = record.final() if state is None else state
    if seat is None:
        seen = replace(state.view(0), hand=(), discards=(), legal=())
    else:
        seen = state.view(seat)
    return FriendView(
        seat, seen, _last_shown(record, state), len(record.steps), _answers(record, state)
    )


def bot_step(record: GameRecord, seat: int, level: str, state: GameState | None = None) -> Step:
    """The computer's move for ``seat`` (its turn: a discard, a card, a go, a count or the deal)."""
    state = record.final() if state is None else state
    if state.phase is Phase.DEAL:
        return NextDeal()
    key = f"{record.seed}:{state.hand_no}:{len(state.played)}:{state.show_step}:{seat}"
    bot = make_bot(level, seed=zlib.crc32(key.encode()))
    action = bot.act(state.view(seat))
    if isinstance(action, Discard | Play | Go | Count | Muggins):
        return action
    raise IllegalMove(f"the computer has no move for seat {seat}")  # pragma: no cover


def record_for_seat(record: GameRecord, seat: int) -> GameRecord:
    """The game as seat ``seat`` played it, with that seat as seat 0 (the one the game review
    grades): every seat turned round by ``seat`` places, the same cards to each (a hand is
    dealt by the dealer's place, and the first dealer is turned with it). With four players
    the partnerships stay together (seats ``seat`` and ``seat + 2`` become 0 and 2).

    >>> record = new_record(FriendSettings(target=61), seed=5)
    >>> state = record.final()
    >>> record = advance(record, state.pone, state.legal_for(state.pone)[0])
    >>> turned = record_for_seat(record, 1).final()
    >>> turned.hands[0] == record.final().hands[1], turned.dealer == 1 - state.dealer
    (True, True)
    >>> four = new_record(FriendSettings(target=61, players=4), seed=5)
    >>> record_for_seat(four, 3).final().hands[0] == four.final().hands[3]
    True
    """
    players = record.config.players
    if not 0 <= seat < players:
        raise IllegalMove(f"no seat {seat} in a game of {players} players")
    if seat == 0:
        return record

    def turn(old: int) -> int:
        return (old - seat) % players

    steps: list[Step] = []
    for step in record.steps:
        if isinstance(step, Discard):
            steps.append(Discard(turn(step.seat), step.cards))
        elif isinstance(step, Play):
            steps.append(Play(turn(step.seat), step.card))
        elif isinstance(step, Go):
            steps.append(Go(turn(step.seat)))
        elif isinstance(step, Count):
            steps.append(Count(turn(step.seat), step.claimed))
        elif isinstance(step, Muggins):
            steps.append(Muggins(turn(step.seat), step.call))
        else:
            steps.append(step)
    first = None if record.first_dealer is None else turn(record.first_dealer)
    return replace(record, first_dealer=first, steps=tuple(steps))


def review_save(record: GameRecord, seat: int, game_id: str, friend: str = "") -> dict[str, Any]:
    """The game as seat ``seat`` played it, in the Play page's save format (its seat as seat 0),
    so that the game review of a saved game grades that seat's own decisions; ``friend``: the
    other player's name ("" when they gave none), for the review to name them.

    >>> record = new_record(FriendSettings(target=61), seed=5)
    >>> saved = review_save(record, 1, "g", "Ann")
    >>> saved["game"]["first_dealer"] == 1 - record.first_dealer, saved["friend"]
    (True, 'Ann')
    """
    turned = record_for_seat(record, seat)
    settings = PlaySettings.of_record(turned, REVIEW_LEVEL, self_count=False, friend=friend[:40])
    return PlaySession.replay(game_id, settings, turned).to_dict()
