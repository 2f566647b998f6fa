"""One learner's game against the computer: the engine's state plus what the Play page needs.

A :class:`PlaySession` is immutable like the engine's ``GameState``: every method returns a
new session. On top of the state it keeps

- the settings the learner chose (opponent level, players, target, skunk rule, muggins,
  counting mode) and the game's seed (each hand is dealt from ``Random(f"{seed}:{hand_no}")``,
  so a saved game needs no random-generator state to go on);
- ``undo``: the states just before each of the learner's discards and cards laid this hand,
  so the last one can be taken back; every take-back is a :class:`Mark` in the game log;
- ``feed``: what happened this hand, move by move (who laid what, the count, what it scored),
  for the page to show the computer's plays one at a time with their reasons;
- ``back``: each side's back peg (its score before its latest peg) for the board;
- the discard review (expected value lost against the advisor's best discard), the learner's
  claimed counts, and the state before the last crib was counted (the hand's summary).

The learner is always seat 0; every other seat is a bot. ``to_dict``/``from_dict`` give a
JSON-safe round trip for the database. Nothing here imports Streamlit.
"""

from __future__ import annotations

import random
import time
import uuid
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Final

from cribbage_core.advisor import Advice, Role, advise
from cribbage_core.bots import check_level, make_bot
from cribbage_core.cards import Card
from cribbage_core.errors import IllegalMove, InvalidGameConfig, WrongPhase
from cribbage_core.game import (
    Action,
    Count,
    Discard,
    Event,
    GameConfig,
    GameState,
    Go,
    Phase,
    Play,
    SkunkRule,
    new_game,
)
from cribbage_core.kinds import ScoreKind

__all__ = [
    "HUMAN",
    "FIRST_DEALER_CHOICES",
    "PlaySettings",
    "Move",
    "MoveKind",
    "Mark",
    "Review",
    "Claim",
    "PlaySession",
    "role_of_seat",
    "make_game_id",
]

#: The learner's seat.
HUMAN: Final = 0
#: Who deals first: cut for deal (shown), the learner, or the player on the learner's left.
FIRST_DEALER_CHOICES: Final = ("cut", "me", "opponent")
SAVE_VERSION: Final = 1


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

    def __post_init__(self) -> None:
        check_level(self.level)
        if self.first_dealer not in FIRST_DEALER_CHOICES:
            raise InvalidGameConfig(
                f"first dealer must be one of {', '.join(FIRST_DEALER_CHOICES)}, got {self.first_dealer!r}"
            )
        self.config()  # checks players and target

    def config(self) -> GameConfig:
        """The engine's configuration for these settings."""
        return GameConfig(self.players, self.target, self.skunk_rule, self.muggins)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "level": self.level,
            "players": self.players,
            "target": self.target,
            "first_dealer": self.first_dealer,
            "skunk_rule": self.skunk_rule.value,
            "muggins": self.muggins,
            "self_count": self.self_count,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> PlaySettings:
        """Read back :meth:`to_dict`."""
        return PlaySettings(
            level=str(data["level"]),
            players=int(data["players"]),
            target=int(data["target"]),
            first_dealer=str(data["first_dealer"]),
            skunk_rule=SkunkRule(data["skunk_rule"]),
            muggins=bool(data["muggins"]),
            self_count=bool(data["self_count"]),
        )


class MoveKind(StrEnum):
    """What a seat did: the engine's four actions (a :class:`Move`'s ``kind``)."""

    DISCARD = "discard"
    PLAY = "play"
    GO = "go"
    COUNT = "count"


@dataclass(frozen=True, slots=True)
class Move:
    """One thing a seat did this hand, for the page's running commentary.

    ``kind``: a :class:`MoveKind`. ``count`` is the running count after a play.
    ``scored``: ``(seat, kind, points)`` of every event it scored (a go or last card scored
    on a card counts for whoever laid last). ``claimed``: the learner's claim.
    """

    seat: int
    kind: MoveKind
    cards: tuple[Card, ...] = ()
    count: int = 0
    scored: tuple[tuple[int, ScoreKind, int], ...] = ()  # (seat, kind, points)
    claimed: int | None = None


@dataclass(frozen=True, slots=True)
class Mark:
    """A take-back in the game log: after event number ``after_event``, ``what`` was undone."""

    hand_no: int
    after_event: int
    what: str  # "discard 5H 6C" / "play 7D"


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


def role_of_seat(state: GameState, seat: int) -> Role:
    """Whose crib it is, seen from ``seat`` (for the discard advisor)."""
    if seat == state.dealer:
        return Role.DEALER
    if state.players == 4 and state.side_of(seat) == state.side_of(state.dealer):
        return Role.PARTNER
    return Role.PONE


def _deal_rng(seed: int, hand_no: int) -> random.Random:
    return random.Random(f"{seed}:{hand_no}")


def _bot_seed(seed: int, state: GameState, seat: int) -> int:
    key = f"{seed}:{state.hand_no}:{len(state.played)}:{state.show_step}:{seat}"
    return zlib.crc32(key.encode())


@dataclass(frozen=True, slots=True)
class PlaySession:
    """A game against bots, with undo, commentary, board pegs and reviews (see the module)."""

    game_id: str
    seed: int
    settings: PlaySettings
    state: GameState
    moves: int = 0
    back: tuple[int, ...] = ()
    undo: tuple[tuple[GameState, tuple[int, ...], int], ...] = ()  # (state, back, feed length)
    marks: tuple[Mark, ...] = ()
    feed: tuple[Move, ...] = ()
    reviews: tuple[Review, ...] = ()
    claims: tuple[Claim, ...] = ()
    last_show: GameState | None = None
    bot_seconds: float = field(default=0.0, compare=False)

    # ------------------------------------------------------------------ starting

    @staticmethod
    def start(settings: PlaySettings, seed: int, game_id: str | None = None) -> PlaySession:
        """A new game, cut for (or dealer chosen) and the first hand dealt."""
        if settings.first_dealer == "cut":
            first: int | None = None
        else:
            first = HUMAN if settings.first_dealer == "me" else 1
        state = new_game(random.Random(seed), settings.config(), first_dealer=first)
        state = state.deal(_deal_rng(seed, 1))
        session = PlaySession(
            game_id=game_id or make_game_id(),
            seed=seed,
            settings=settings,
            state=state,
            back=(0,) * state.config.sides,
        )
        return session

    # ------------------------------------------------------------------ questions

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
            and self.undo[-1][0].hand_no == self.state.hand_no
        )

    def advice(self) -> Advice:
        """The discard advisor's ranking for the learner's dealt hand (in the discard)."""
        state = self.state
        if state.phase is not Phase.DISCARD or not state.hands[HUMAN]:
            raise WrongPhase("discard advice is for the discard, before you lay away")
        hand = state.hands[HUMAN] + state.discards[HUMAN]
        return advise(hand, role_of_seat(state, HUMAN), state.players)

    def review(self, hand_no: int | None = None) -> Review | None:
        """The discard review of a hand (default: the current one), once the learner discarded."""
        wanted = self.state.hand_no if hand_no is None else hand_no
        return next((r for r in self.reviews if r.hand_no == wanted), None)

    def muggins_lost(self) -> int:
        """Points the learner's side missed in counting that the other side took."""
        mine = self.state.side_of(HUMAN)
        return sum(
            e.points for e in self.state.log
            if e.kind == ScoreKind.MUGGINS and e.side != mine
        )  # fmt: skip

    # ------------------------------------------------------------------ acting

    def act(self, action: Action) -> PlaySession:
        """Apply the learner's ``action``; raises the engine's error (nothing changes) if illegal."""
        if action.seat != HUMAN:
            raise IllegalMove(f"you play seat {HUMAN}, not seat {action.seat}")
        before = self.state
        session = self
        if isinstance(action, Discard | Play):
            before.apply(action)  # raise before remembering anything
            session = replace(
                self, undo=self.undo + ((before, self.back, len(self.feed)),)
            )
        if isinstance(action, Discard) and before.phase is Phase.DISCARD:
            hand = before.hands[HUMAN]
            options = advise(hand, role_of_seat(before, HUMAN), before.players)
            chosen = options.option_for(action.cards)
            session = replace(
                session,
                reviews=tuple(r for r in session.reviews if r.hand_no != before.hand_no)
                + (
                    Review(
                        before.hand_no, tuple(sorted(action.cards)), options.best.discard,
                        chosen.net, options.best.net, chosen.rank, len(options.options),
                    ),
                ),
            )  # fmt: skip
        if isinstance(action, Count) and action.claimed is not None and before.phase is Phase.SHOW:
            what = before.counting()
            assert what is not None and before.starter is not None
            from cribbage_core.scoring import score_hand

            actual = score_hand(what[1], before.starter, is_crib=what[2]).total
            session = replace(
                session,
                claims=session.claims + (Claim(before.hand_no, what[2], action.claimed, actual),),
            )
        return session._apply(action)

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
            raise WrongPhase(f"the next hand is dealt after the show, not during the {state.phase.value}")
        dealt = state.deal(_deal_rng(self.seed, state.hand_no + 1))
        return replace(self, state=dealt, feed=(), undo=(), moves=self.moves + 1)

    def take_back(self) -> PlaySession:
        """Undo the learner's last discard or card laid (and the computer's replies after it)."""
        if not self.can_undo:
            raise IllegalMove("there is nothing of yours to take back in this hand")
        state, back, feed_len = self.undo[-1]
        undone = next(
            (
                m for m in reversed(self.feed[feed_len:])
                if m.seat == HUMAN and m.kind in (MoveKind.DISCARD, MoveKind.PLAY)
            ),  # fmt: skip
            None,
        )
        what = (undone.kind + " " + " ".join(str(c) for c in undone.cards)) if undone else "move"
        mark = Mark(state.hand_no, len(state.log), what)
        return replace(
            self,
            state=state,
            back=back,
            undo=self.undo[:-1],
            feed=self.feed[:feed_len],
            marks=self.marks + (mark,),
            reviews=tuple(r for r in self.reviews if r.hand_no != state.hand_no)
            if state.phase is Phase.DISCARD and HUMAN in state.must_discard()
            else self.reviews,
            moves=self.moves + 1,
        )

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
            move = Move(action.seat, MoveKind.PLAY, (action.card,), count, scored)
        elif isinstance(action, Go):
            move = Move(action.seat, MoveKind.GO, (), before.count, scored)
        else:
            what = before.counting()
            assert what is not None
            move = Move(action.seat, MoveKind.COUNT, what[1], 0, scored, action.claimed)
        last_show = before if before.phase is Phase.SHOW and after.phase is not Phase.SHOW else self.last_show
        return replace(
            self,
            state=after,
            back=tuple(back),
            feed=self.feed + (move,),
            last_show=last_show,
            moves=self.moves + 1,
        )

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (the engine's ``to_dict`` for every state kept)."""
        return {
            "version": SAVE_VERSION,
            "game_id": self.game_id,
            "seed": self.seed,
            "settings": self.settings.to_dict(),
            "state": self.state.to_dict(),
            "moves": self.moves,
            "back": list(self.back),
            "undo": [[s.to_dict(), list(b), n] for s, b, n in self.undo],
            "marks": [[m.hand_no, m.after_event, m.what] for m in self.marks],
            "feed": [
                [m.seat, m.kind, _strs(m.cards), m.count, [list(x) for x in m.scored], m.claimed]
                for m in self.feed
            ],
            "reviews": [
                [r.hand_no, _strs(r.discard), _strs(r.best_discard), r.net, r.best_net, r.rank, r.options]
                for r in self.reviews
            ],
            "claims": [[c.hand_no, c.is_crib, c.claimed, c.actual] for c in self.claims],
            "last_show": None if self.last_show is None else self.last_show.to_dict(),
            "bot_seconds": self.bot_seconds,
        }

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> PlaySession:
        """Read back :meth:`to_dict`; raises ``ValueError`` for anything else."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unknown saved play version {data.get('version')!r}: expected {SAVE_VERSION}")
        try:
            return PlaySession(
                game_id=str(data["game_id"]),
                seed=int(data["seed"]),
                settings=PlaySettings.from_dict(data["settings"]),
                state=GameState.from_dict(data["state"]),
                moves=int(data["moves"]),
                back=tuple(int(x) for x in data["back"]),
                undo=tuple(
                    (GameState.from_dict(s), tuple(int(x) for x in b), int(n)) for s, b, n in data["undo"]
                ),
                marks=tuple(Mark(int(h), int(a), str(w)) for h, a, w in data["marks"]),
                feed=tuple(
                    Move(
                        int(seat), MoveKind(kind), _cards(cards), int(count),
                        tuple((int(s), ScoreKind(k), int(p)) for s, k, p in scored),
                        None if claimed is None else int(claimed),
                    )
                    for seat, kind, cards, count, scored, claimed in data["feed"]
                ),  # fmt: skip
                reviews=tuple(
                    Review(int(h), _cards(d), _cards(b), float(n), float(bn), int(r), int(o))
                    for h, d, b, n, bn, r, o in data["reviews"]
                ),
                claims=tuple(Claim(int(h), bool(c), int(cl), int(a)) for h, c, cl, a in data["claims"]),
                last_show=None if data["last_show"] is None else GameState.from_dict(data["last_show"]),
                bot_seconds=float(data.get("bot_seconds", 0.0)),
            )
        except (KeyError, TypeError) as error:
            raise ValueError(f"not a saved play session: {error!r}") from error

    # ------------------------------------------------------------------ the log

    def log_rows(self) -> list[dict[str, Any]]:
        """Every scoring event (and every take-back), in order, with the running scores."""
        rows: list[dict[str, Any]] = []
        sides = self.state.config.sides
        running = [0] * sides
        marks = sorted(self.marks, key=lambda m: m.after_event)
        m = 0
        for i, event in enumerate(self.state.log):
            while m < len(marks) and marks[m].after_event <= i:
                rows.append(_mark_row(marks[m], running))
                m += 1
            running[event.side] += event.points
            rows.append(_event_row(event, running))
        rows.extend(_mark_row(mark, running) for mark in marks[m:])
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
    return {
        "hand": mark.hand_no,
        "phase": "undo",
        "seat": HUMAN,
        "side": 0,
        "kind": "take-back",
        "cards": " ".join(Card.parse(t).label for t in mark.what.split()[1:]),
        "points": 0,
        "scores": tuple(running),
        "note": mark.what,
    }


def _strs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _cards(tokens: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in tokens)
