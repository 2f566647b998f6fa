"""One learner's game against the computer: the engine's state plus what the Play page needs.

A :class:`PlaySession` is immutable like the engine's ``GameState``: every method returns a
new session. It is built from its :class:`~cribbage_core.record.GameRecord` (the settings,
the seed and every step: each seat's actions, the deals, the take-backs), and on top of the
state it keeps

- the settings the learner chose (opponent level, players, target, skunk rule, muggins,
  counting mode);
- ``undo``: the states just before each of the learner's discards and cards laid this hand,
  so the last one can be taken back; every take-back is a :class:`Mark` in the game log;
- ``feed``: what happened this hand, move by move (who laid what, the count, what it scored),
  for the page to show the computer's plays one at a time with their reasons;
- ``back``: each side's back peg (its score before its latest peg) for the board;
- the discard review (expected value lost against the advisor's best discard), the learner's
  claimed counts, and the state before the last crib was counted (the hand's summary).

The learner is always seat 0; every other seat is a bot. A game is saved as what happened
(``to_dict``: the record, with the computer's moves as they were made) and read back by
replaying it (``from_dict``), so the undo states, commentary, reviews and claims are rebuilt,
and a save that breaks a rule cannot load. Nothing here imports Streamlit.
"""

from __future__ import annotations

import time
import uuid
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from cribbage_core import fields
from cribbage_core.bots import BOT_LEVELS, check_level, make_bot
from cribbage_core.cards import Card
from cribbage_core.coach.advisor import Advice, advise
from cribbage_core.errors import (
    CribbageError,
    IllegalMove,
    InvalidGameConfig,
    InvalidSavedGame,
    WrongPhase,
)
from cribbage_core.game import (
    Action,
    Count,
    Discard,
    GameConfig,
    GameState,
    Go,
    Muggins,
    Phase,
    Play,
    SkunkRule,
)
from cribbage_core.kinds import ScoreKind
from cribbage_core.record import (
    GameRecord,
    NextDeal,
    Step,
    TakeBack,
    step_text,
)
from cribbage_core.scoring import score_hand
from cribbage_core.seats import role_of
from tutor.play.history import (
    HUMAN,
    Claim,
    Earlier,
    Mark,
    Move,
    MoveKind,
    Review,
    Undo,
    earlier_json,
    log_rows,
    read_earlier,
)
from tutor.play.legacy import upgrade

__all__ = [
    "HUMAN",
    "FIRST_DEALER_CHOICES",
    "SAVE_VERSION",
    "PlaySettings",
    "Move",
    "MoveKind",
    "Mark",
    "Review",
    "Claim",
    "Undo",
    "Earlier",
    "PlaySession",
    "make_game_id",
]

#: Who deals first: cut for deal (shown), the learner, or the player on the learner's left.
FIRST_DEALER_CHOICES: Final = ("cut", "me", "opponent")
#: The most steps a saved game may hold: the longest of many self-played games to 121 took 318
#: (three players); replaying costs about 0.4 ms a step, so this bounds an open to about 0.5 s.
MAX_SAVE_STEPS: Final = 1_200
_FIRST_DEALER_SEATS: Final[Mapping[str, int | None]] = {"cut": None, "me": HUMAN, "opponent": 1}
#: Who dealt first in a game with friends turned round for one seat's review (four players:
#: the partner, or the player on the right); never offered for a new game.
_REVIEW_DEALER_SEATS: Final[Mapping[str, int]] = {"partner": 2, "right": 3}
#: The save format: 2 is the record of moves; 1 (a snapshot) is read by ``tutor.play.legacy``.
SAVE_VERSION: Final = 2


def make_game_id() -> str:
    """A fresh id for a game (a UUID: it goes in the address, ``?game=...``)."""
    return str(uuid.uuid4())


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """What the learner chose for a new game (``level``: one of ``cribbage_core.bots.BOT_LEVELS``).

    A setting the rules or the bots do not have raises ``InvalidGameConfig`` (for the level its
    subclass ``InvalidBotLevel``), a ``CribbageError`` whose message says what is allowed.
    """

    level: str = "medium"
    players: int = 2
    target: int = 121
    first_dealer: str = "cut"
    skunk_rule: SkunkRule = SkunkRule.SKUNK
    muggins: bool = False
    self_count: bool = False  # counting mode: the learner types their own hand and crib counts
    step_show: bool = (
        False  # the show waits for a click before each count (else it runs on by itself)
    )
    #: A game with a friend, filed for its review: the other player's name ("" when they gave
    #: none); None: the opponent was the computer at ``level``.
    friend: str | None = None

    def __post_init__(self) -> None:
        check_level(self.level)
        if self.first_dealer in _REVIEW_DEALER_SEATS and self.friend is not None:
            if _REVIEW_DEALER_SEATS[self.first_dealer] >= self.players:
                raise InvalidGameConfig(
                    f"first dealer {self.first_dealer!r} needs four players, got {self.players}"
                )
        elif self.first_dealer not in FIRST_DEALER_CHOICES:
            raise InvalidGameConfig(
                f"first dealer must be one of {', '.join(FIRST_DEALER_CHOICES)}, got {self.first_dealer!r}"
            )
        self.config()  # checks players and target

    def config(self) -> GameConfig:
        """The engine's configuration for these settings."""
        return GameConfig(self.players, self.target, self.skunk_rule, self.muggins)

    @property
    def first_dealer_seat(self) -> int | None:
        """The seat that deals first, or None to cut for deal."""
        if self.first_dealer in _REVIEW_DEALER_SEATS:
            return _REVIEW_DEALER_SEATS[self.first_dealer]
        return _FIRST_DEALER_SEATS[self.first_dealer]

    @staticmethod
    def of_record(
        record: GameRecord,
        level: str,
        self_count: bool,
        step_show: bool = False,
        friend: str | None = None,
    ) -> PlaySettings:
        """The settings a game's record was played with (``InvalidSavedGame`` if none fit);
        ``friend``: the other player's name, for a game with friends (where a game of four
        turned round for one seat may have been dealt first by seat 2 or 3)."""
        dealers: dict[str, int | None] = dict(_FIRST_DEALER_SEATS)
        if friend is not None and record.config.players == 4:
            dealers.update(_REVIEW_DEALER_SEATS)
        choice = next((c for c, seat in dealers.items() if seat == record.first_dealer), None)
        if choice is None:
            fields.fail(
                "game.first_dealer", "null (cut for deal), 0 (you) or 1", record.first_dealer
            )
        cfg = record.config
        return PlaySettings(
            level,
            cfg.players,
            cfg.target,
            choice,
            cfg.skunk_rule,
            cfg.muggins,
            self_count,
            step_show,
            friend,
        )


def _bot_seed(seed: int, state: GameState, seat: int) -> int:
    key = f"{seed}:{state.hand_no}:{len(state.played)}:{state.show_step}:{seat}"
    return zlib.crc32(key.encode())


@dataclass(frozen=True, slots=True)
class PlaySession:
    """A game against bots, with undo, commentary, board pegs and reviews (see the module)."""

    game_id: str
    settings: PlaySettings
    record: GameRecord
    state: GameState
    back: tuple[int, ...] = ()
    undo: tuple[Undo, ...] = ()
    marks: tuple[Mark, ...] = ()
    feed: tuple[Move, ...] = ()
    reviews: tuple[Review, ...] = ()
    claims: tuple[Claim, ...] = ()
    last_show: GameState | None = None
    earlier: Earlier | None = None
    bot_seconds: float = field(default=0.0, compare=False)

    # ------------------------------------------------------------------ starting

    @staticmethod
    def start(
        settings: PlaySettings,
        seed: int,
        game_id: str | None = None,
        decks: Sequence[tuple[int, Sequence[Card]]] = (),
    ) -> PlaySession:
        """A new game, cut for (or dealer chosen) and the first hand dealt.

        Hand ``n`` is dealt from ``Random(f"{seed}:{n}")``, or from ``decks`` (scripted decks as
        ``(hand_no, cards)``, for lessons and tests).
        """
        record = GameRecord(
            settings.config(),
            seed,
            settings.first_dealer_seat,
            tuple((n, tuple(cards)) for n, cards in decks),
        )
        return PlaySession._begin(game_id or make_game_id(), settings, record, None)

    @staticmethod
    def _begin(
        game_id: str, settings: PlaySettings, record: GameRecord, earlier: Earlier | None
    ) -> PlaySession:
        state = replace(record, steps=()).first_state()
        if earlier is None:
            return PlaySession(
                game_id, settings, replace(record, steps=()), state, back=(0,) * state.config.sides
            )
        return PlaySession(
            game_id,
            settings,
            replace(record, steps=()),
            state,
            back=earlier.back,
            marks=earlier.marks,
            reviews=earlier.reviews,
            claims=earlier.claims,
            earlier=earlier,
        )

    @staticmethod
    def replay(
        game_id: str, settings: PlaySettings, record: GameRecord, earlier: Earlier | None = None
    ) -> PlaySession:
        """The session ``record`` makes: every step taken again, as the learner, a bot or the table.

        Raises ``InvalidSavedGame`` naming the first step the rules do not allow.
        """
        session = PlaySession._begin(game_id, settings, record, earlier)
        for number, step in enumerate(record.steps, 1):
            try:
                session = session._take(step)
            except CribbageError as error:
                raise InvalidSavedGame(
                    f"step {number} ({step_text(step)}) breaks a rule: {error}",
                    problem="move",
                    where=f"game.steps[{number - 1}]",
                    step=number,
                ) from error
        return session

    def _take(self, step: Step) -> PlaySession:
        if isinstance(step, NextDeal):
            return self.deal_next()
        if isinstance(step, TakeBack):
            if step.seat != HUMAN:
                raise IllegalMove(
                    f"only the learner (seat {HUMAN}) takes moves back, not seat {step.seat}"
                )
            return self.take_back()
        if step.seat == HUMAN:
            return self.act(step)
        return self._apply(step)

    # ------------------------------------------------------------------ questions

    @property
    def seed(self) -> int:
        """The game's seed: the cut for deal and every hand's shuffle come from it."""
        return self.record.seed

    @property
    def moves(self) -> int:
        """The move counter (saving is compare-and-set on it): every step taken so far."""
        return (self.earlier.moves if self.earlier else 0) + len(self.record.steps)

    @property
    def phase(self) -> Phase:
        """The engine's phase."""
        return self.state.phase

    def is_bot(self, seat: int) -> bool:
        """Every seat but the learner's is a computer player."""
        return seat != HUMAN

    def bot_to_act(self) -> int | None:
        """The bot seat that acts next without waiting for the learner, if any.

        In the discard every bot lays away at once; in the play the bot whose turn it is. In
        the show bots count when the learner asks for the next count (see ``next_count``).
        """
        state = self.state
        if state.phase is Phase.DISCARD:
            return next((s for s in state.must_discard() if self.is_bot(s)), None)
        if state.phase is Phase.PLAY and state.to_act is not None and self.is_bot(state.to_act):
            return state.to_act
        return None

    def forced_move(self) -> Go | Play | None:
        """The learner's move when the rules leave them only one: in the play, go when no card
        fits under 31, or the one card that fits. The table makes it for them (a click would
        decide nothing); None when they have a choice, or it is not their turn in the play."""
        state = self.state
        if state.phase is not Phase.PLAY or state.to_act != HUMAN:
            return None
        legal = state.legal_actions()
        only = legal[0] if len(legal) == 1 else None
        return only if isinstance(only, Go | Play) else None

    def forced_go(self) -> bool:
        """Whether the learner must say go: no card of theirs fits (see :meth:`forced_move`)."""
        return isinstance(self.forced_move(), Go)

    def moves_on_alone(self) -> bool:
        """Whether the next move waits for nobody's click: a computer's discard or card, the
        learner's forced card or go, or in the show a count the learner does not type (unless
        the show goes step by step)."""
        if self.bot_to_act() is not None or self.forced_move() is not None:
            return True
        state = self.state
        if state.phase is not Phase.SHOW or self.settings.step_show:
            return False
        return state.to_act != HUMAN or not self.settings.self_count

    def move_on(self) -> PlaySession:
        """Make the move that waits for nobody (see :meth:`moves_on_alone`)."""
        if not self.moves_on_alone():
            raise IllegalMove("nothing moves on by itself now: it is your turn")
        if self.bot_to_act() is not None:
            return self.bot_step()
        forced = self.forced_move()
        if forced is not None:
            return self.act(forced)
        return self.act(Count(HUMAN)) if self.state.to_act == HUMAN else self.next_count()

    def my_turn(self) -> bool:
        """Whether the learner must act now (discard, lay a card / go, or count)."""
        state = self.state
        if state.phase is Phase.DISCARD:
            return HUMAN in state.must_discard()
        return state.phase in (Phase.PLAY, Phase.SHOW) and state.to_act == HUMAN

    @property
    def can_undo(self) -> bool:
        """Whether the learner's last discard or card laid (this hand) can be taken back."""
        return (
            bool(self.undo)
            and self.state.phase in (Phase.DISCARD, Phase.PLAY)
            and self.undo[-1].state.hand_no == self.state.hand_no
        )

    def advice(self) -> Advice:
        """The discard advisor's ranking for the learner's dealt hand (in the discard)."""
        state = self.state
        if state.phase is not Phase.DISCARD or not state.hands[HUMAN]:
            raise WrongPhase("discard advice is for the discard, before you lay away")
        hand = state.hands[HUMAN] + state.discards[HUMAN]
        return advise(hand, role_of(HUMAN, state.dealer, state.players), state.players)

    def review(self, hand_no: int | None = None) -> Review | None:
        """The discard review of a hand (default: the current one), once the learner discarded."""
        wanted = self.state.hand_no if hand_no is None else hand_no
        return next((r for r in self.reviews if r.hand_no == wanted), None)

    def muggins_lost(self) -> int:
        """Points the learner's side missed in counting that the other side took."""
        mine = self.state.side_of(HUMAN)
        return sum(
            e.points for e in self.state.log if e.kind == ScoreKind.MUGGINS and e.side != mine
        )

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> PlaySession:
        """Apply the learner's ``action``; raises the engine's error (nothing changes) if illegal."""
        if action.seat != HUMAN:
            raise IllegalMove(f"you play seat {HUMAN}, not seat {action.seat}")
        before = self.state
        session = self._apply(action)  # raises before anything is remembered
        if isinstance(action, Discard | Play):
            forced = session.feed[-1].forced
            session = replace(
                session, undo=self.undo + (Undo(before, self.back, len(self.feed), action, forced),)
            )
        if isinstance(action, Discard):
            role = role_of(HUMAN, before.dealer, before.players)
            options = advise(before.hands[HUMAN], role, before.players)
            chosen = options.option_for(action.cards)
            review = Review(
                before.hand_no,
                tuple(sorted(action.cards)),
                options.best.discard,
                chosen.net,
                options.best.net,
                chosen.rank,
                len(options.options),
            )
            kept = tuple(r for r in session.reviews if r.hand_no != before.hand_no)
            session = replace(session, reviews=kept + (review,))
        if isinstance(action, Count) and action.claimed is not None:
            counted = before.counting()
            assert counted is not None and before.starter is not None
            actual = score_hand(counted.cards, before.starter, is_crib=counted.is_crib).total
            claim = Claim(before.hand_no, counted.is_crib, action.claimed, actual)
            session = replace(session, claims=session.claims + (claim,))
        return session

    def bot_step(self) -> PlaySession:
        """Let the next bot (``bot_to_act``) make one move."""
        seat = self.bot_to_act()
        if seat is None:
            raise IllegalMove("no computer player is to act now")
        return self._bot_move(seat)

    def next_count(self) -> PlaySession:
        """In the show: count the next hand when it is a bot's (bots count exactly)."""
        state = self.state
        if state.phase is not Phase.SHOW or state.to_act is None or not self.is_bot(state.to_act):
            raise IllegalMove("it is not a computer player's turn to count")
        return self._bot_move(state.to_act)

    def _bot_move(self, seat: int) -> PlaySession:
        started = time.perf_counter()
        bot = make_bot(self.settings.level, seed=_bot_seed(self.seed, self.state, seat))
        action = bot.act(self.state.view(seat))
        thought = time.perf_counter() - started
        session = self._apply(action)
        return replace(session, bot_seconds=self.bot_seconds + thought)

    def deal_next(self) -> PlaySession:
        """Deal the next hand (after the show)."""
        state = self.state
        if state.phase is not Phase.DEAL:
            raise WrongPhase(
                f"the next hand is dealt after the show, not during the {state.phase.value}"
            )
        dealt = self.record.deal(state)
        return replace(self, state=dealt, feed=(), undo=(), record=self.record.then(NextDeal()))

    def take_back(self) -> PlaySession:
        """Undo the learner's last discard or card laid (and the computer's replies after it)."""
        if not self.can_undo:
            raise IllegalMove("there is nothing of yours to take back in this hand")
        undo = self.undo[-1]
        state = undo.state
        mark = Mark(state.hand_no, len(state.log), undo.action)
        redo_discard = state.phase is Phase.DISCARD and HUMAN in state.must_discard()
        return replace(
            self,
            state=state,
            back=undo.back,
            undo=self.undo[:-1],
            feed=self.feed[: undo.feed_len],
            marks=self.marks + (mark,),
            reviews=tuple(r for r in self.reviews if r.hand_no != state.hand_no)
            if redo_discard
            else self.reviews,
            record=self.record.then(TakeBack(HUMAN)),
        )

    def _forced(self, action: Go | Play) -> bool:
        return action.seat == HUMAN and self.forced_move() == action

    def take_back_choice(self) -> PlaySession:
        """Undo the learner's last choice: :meth:`take_back` until the move taken back is one they
        chose (a card laid for them, as the only one that fitted, goes back with the choice
        before it; the record keeps one take-back per move, so it replays as it was played)."""
        session = self.take_back()
        while self.undo[len(session.undo)].forced and session.can_undo:
            session = session.take_back()
        return session

    def _apply(self, action: Action) -> PlaySession:
        before = self.state
        after = before.apply(action)
        new_events = after.log[len(before.log) :]
        scored = tuple((e.seat, e.kind, e.points) for e in new_events if e.points)
        back = list(self.back)
        for side in range(len(after.scores)):
            if after.scores[side] != before.scores[side]:
                back[side] = before.scores[side]
        if isinstance(action, Discard):
            move = Move(action.seat, MoveKind.DISCARD, action.cards)
        elif isinstance(action, Play):
            count = before.count + action.card.value
            move = Move(
                action.seat,
                MoveKind.PLAY,
                (action.card,),
                count,
                scored,
                forced=self._forced(action),
            )
        elif isinstance(action, Go):
            move = Move(
                action.seat, MoveKind.GO, (), before.count, scored, forced=self._forced(action)
            )
        elif isinstance(action, Muggins):  # a call (or a pass) on a count claimed short
            counted = before.counting()
            assert counted is not None
            move = Move(action.seat, MoveKind.MUGGINS, counted.cards, 0, scored)
        else:
            counted = before.counting()
            assert counted is not None
            move = Move(action.seat, MoveKind.COUNT, counted.cards, 0, scored, action.claimed)
        last_show = (
            before
            if before.phase is Phase.SHOW and after.phase is not Phase.SHOW
            else self.last_show
        )
        return replace(
            self,
            state=after,
            back=tuple(back),
            feed=self.feed + (move,),
            last_show=last_show,
            record=self.record.then(action),
        )

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: the game's record, the opponent level and counting mode (see the module)."""
        data: dict[str, Any] = {
            "version": SAVE_VERSION,
            "game_id": self.game_id,
            "level": self.settings.level,
            "self_count": self.settings.self_count,
            "step_show": self.settings.step_show,
            "game": self.record.to_dict(),
        }
        if self.earlier is not None:
            data["earlier"] = earlier_json(self.earlier)
        if self.settings.friend is not None:
            data["friend"] = self.settings.friend
        return data

    @staticmethod
    def from_dict(data: object, moves: int | None = None) -> PlaySession:
        """Read back :meth:`to_dict` (or a version 1 snapshot) by replaying it.

        ``moves`` is the move counter the save was stored with, if any: it must match. Raises
        ``InvalidSavedGame`` naming what is wrong (a field, a step that breaks a rule, ...).
        """
        if not isinstance(data, dict):
            raise InvalidSavedGame(
                f"a saved game is a JSON object, got {type(data).__name__}", problem="unreadable"
            )
        version = data.get("version")
        if version == 1:
            data = upgrade(data)
        elif version != SAVE_VERSION:
            raise InvalidSavedGame(
                f"unknown saved-game version {str(version)[:20]!r}: expected {SAVE_VERSION}",
                problem="version",
                where="version",
            )
        found = fields.obj(
            data,
            "save",
            ("version", "game_id", "level", "self_count", "game"),
            ("step_show", "earlier", "friend"),
        )
        game_id = fields.text(found["game_id"], "save.game_id", longest=36)
        level = fields.text(found["level"], "save.level", BOT_LEVELS)
        self_count = fields.boolean(found["self_count"], "save.self_count")
        record = GameRecord.from_dict(found["game"], "game")
        step_show = fields.boolean(found.get("step_show", False), "save.step_show")
        friend = (
            fields.text(found["friend"], "save.friend", longest=40) if "friend" in found else None
        )
        settings = PlaySettings.of_record(record, level, self_count, step_show, friend)
        earlier = None if "earlier" not in found else read_earlier(found["earlier"], record.config)
        session = PlaySession.replay(game_id, settings, record, earlier)
        if earlier is not None:
            for i, mark in enumerate(earlier.marks):
                fields.integer(
                    mark.after_event, f"save.earlier.marks[{i}][1]", 0, len(session.state.log)
                )
            for side, (peg, score) in enumerate(
                zip(session.back, session.state.scores, strict=True)
            ):
                fields.integer(peg, f"save.earlier.back[{side}]", 0, score)
        if moves is not None and moves != session.moves:
            raise InvalidSavedGame(
                f"the move counter says {moves} but the saved moves make {session.moves}",
                problem="mismatch",
                where="moves",
            )
        return session

    # ------------------------------------------------------------------ the log

    def log_rows(self) -> list[dict[str, Any]]:
        """Every scoring event (and every take-back), in order, with the running scores."""
        return log_rows(self.state.log, self.marks, self.state.config.sides)


def read_save(game_id: str, moves: int | None, data: object) -> PlaySession:
    """The one reader of a saved game, for the Play page and the Game review alike.

    The size is checked first, before anything is replayed (at most ``MAX_SAVE_STEPS`` steps,
    and as many earlier lines); then every check of :meth:`PlaySession.from_dict` (fields, bot
    level, each step by the rules, the move counter ``moves``); then that the save is the game
    of this address (``game_id``): a save that holds another game's id is refused, as saving it
    would write another row. Raises ``InvalidSavedGame`` naming what is wrong.
    """
    if isinstance(data, dict):
        game = data.get("game")
        steps = game.get("steps") if isinstance(game, dict) else None
        earlier = data.get("earlier")
        for what, items in (("save.game.steps", steps), ("save.earlier", earlier)):
            if isinstance(items, list) and len(items) > MAX_SAVE_STEPS:
                raise InvalidSavedGame(
                    f"{what} holds {len(items)} entries, more than any game's ({MAX_SAVE_STEPS})",
                    problem="field",
                    where=what,
                )
    session = PlaySession.from_dict(data, moves=moves)
    if session.game_id != game_id:
        raise InvalidSavedGame(
            f"the save at {game_id[:36]!r} holds game {session.game_id!r}",
            problem="field",
            where="save.game_id",
        )
    return session
