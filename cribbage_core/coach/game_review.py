"""Reviewing a game: every decision of every seat, with its options, values, grade and chance to win.

:func:`analyse_game` takes a game as the states and actions that made it (finished or still
going; :func:`cribbage_core.bots.selfplay.play_game_steps` records a bot game so) and returns a
:class:`GameReview`:

- each **discard** with every way to lay away cards (hand, crib ± its standard error, pegging
  and net: :mod:`cribbage_core.coach.discard_value`), each **card laid** with every legal card's
  expected points for minus against over the rest of the play (:mod:`cribbage_core.coach.peg_value`),
  each **go**, and each **count** (a claim below the hand's worth loses the difference);
- the choice made, the points it gave up against the best option (and its standard error),
  its :class:`~cribbage_core.coach.grades.Grade`, and the chance to win before (with the best option)
  and after (with the choice). Where a side can reach the target this deal the chances come
  from the engines' win views and decide the grade; elsewhere they are estimates (the deal's
  remaining points at their expectation, counted in order with the table), shown for the
  game's chart but not graded on (each decision judged by :mod:`cribbage_core.coach.judge`);
- per seat: the **skill figure** (mean expected points lost per decision with a real choice:
  forced plays and near ties left out, as backgammon players measure equity lost) and the
  **luck** (what the seat's cards gave against an average deal: the best keep of the dealt
  hand against the average best keep for the role, then the starter: the hand's score against
  its expectation, the dealer's crib against the crib table and his heels).

The evaluations are the expert bot's, so a review grades against the strongest player here.

>>> import random
>>> from cribbage_core.bots import make_bot
>>> from cribbage_core.bots.selfplay import play_game_steps
>>> steps = play_game_steps([make_bot("medium", 1), make_bot("hard", 2)], random.Random(5), target=61)
>>> review = analyse_game(steps)
>>> {d.kind for d in review.decisions} >= {"discard", "play"}
True
>>> review.summary(0).decisions > 0 and review.summary(0).skill >= 0.0
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cribbage_core.coach.grades import Grade
from cribbage_core.coach.judge import (
    Decision,
    OptionValue,
    add_cut_luck,
    judge,
    judge_count,
    judge_discard,
    judge_play,
    seen_play,
)
from cribbage_core.coach.line import played_line
from cribbage_core.game import Action, Count, Discard, GameState, Go, Muggins, Play
from cribbage_core.record import GameRecord, step_json
from cribbage_core.tables.peg import luck_baseline

__all__ = [
    "REVIEW_VERSION",
    "OptionValue",
    "Decision",
    "SeatSummary",
    "GameReview",
    "HandReview",
    "analyse_game",
    "analyse_hand",
    "hand_spans",
    "line_key",
    "line_keys",
    "review_of_hands",
    "played_line",
    "analyse_record",
    "judge",
]

#: The version of the review's evaluations. Raise it with every change that alters what a
#: decision is given (its options' values, its grade, its chance to win, the luck): analyses
#: kept with saved games (:class:`HandReview`) made by an older version are then made again,
#: never shown stale.
REVIEW_VERSION: Final = 4


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's game in figures.

    ``skill``: mean expected points lost per decision with a real choice (0 is perfect play by
    the engine's evaluations); ``luck``: points the seat's cards gave it against an average
    deal (positive: lucky), summed over the deals; ``counting_lost``: points lost by claiming
    less than a hand was worth.
    """

    seat: int
    decisions: int
    real_choices: int
    points_lost: float
    skill: float
    grades: dict[str, int]
    errors: int
    luck: float
    counting_lost: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "real_choices": self.real_choices,
            "points_lost": self.points_lost,
            "skill": self.skill,
            "grades": self.grades,
            "errors": self.errors,
            "luck": self.luck,
            "counting_lost": self.counting_lost,
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """Every decision of a game, in order, and each seat's summary."""

    players: int
    target: int
    decisions: tuple[Decision, ...]
    summaries: tuple[SeatSummary, ...]
    final_scores: tuple[int, ...] = field(default=())

    def summary(self, seat: int) -> SeatSummary:
        """The summary of one seat."""
        return self.summaries[seat]

    def of_seat(self, seat: int) -> tuple[Decision, ...]:
        """The decisions of one seat."""
        return tuple(d for d in self.decisions if d.seat == seat)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (``python -m cribbage_core review FILE --json``)."""
        return {
            "players": self.players,
            "target": self.target,
            "final_scores": list(self.final_scores),
            "summaries": [s.to_dict() for s in self.summaries],
            "decisions": [d.to_dict() for d in self.decisions],
        }

    def text(self, seats: Sequence[int] | None = None, everything: bool = False) -> str:
        """The review in words: each seat's figures, then its decisions with a real choice (or all)."""
        lines = [
            f"Game to {self.target}, {self.players} players; final scores {list(self.final_scores)}"
        ]
        chosen = range(self.players) if seats is None else seats
        for seat in chosen:
            s = self.summaries[seat]
            counts = ", ".join(f"{n} {g}" for g, n in s.grades.items() if n)
            lines.append(
                f"seat {seat}: skill {s.skill:.3f} points lost per real decision ({s.real_choices} of"
                f" {s.decisions}); {counts}; luck {s.luck:+.1f} points"
                + (f"; {s.counting_lost} points lost in counting" if s.counting_lost else "")
            )
        for d in self.decisions:
            if d.seat not in chosen or not (everything or d.real_choice or d.points_lost > 0):
                continue
            best = d.options[0]
            win = ""
            if d.win_before is not None and d.win_after is not None:
                win = f"  win {100 * d.win_before:.0f}% -> {100 * d.win_after:.0f}%"
            line = f"  hand {d.hand_no} seat {d.seat} {d.kind:<7} {d.choice.label:<26} {d.grade.value:<10}"
            if d.points_lost > 0 or (d.win_lost or 0) > 0:
                lost = f"lost {d.points_lost:.2f}" + (f" ±{d.se:.2f}" if d.se else "")
                if d.win_lost is not None:
                    lost += f" ({100 * d.win_lost:.1f}% to win)"
                line += f" {lost}; best {best.label}"
            lines.append(line + win + (f"  [{d.note}]" if d.note else ""))
        return "\n".join(lines)


# ---------------------------------------------------------------- analysing


def analyse_game(
    steps: Iterable[tuple[GameState, Action]], seats: Sequence[int] | None = None
) -> GameReview:
    """Review a game given as ``(state before, action)`` pairs, in order (see the module docs).

    ``seats`` limits the review to some seats (default: all). The pairs may stop anywhere (an
    ongoing game). Deals are not actions: the states carry them.
    """
    decisions: list[Decision] = []
    luck: dict[tuple[int, int], float] = {}  # (hand, seat) -> luck
    line = list(steps)
    _analyse_steps(enumerate(line, 1), seats, decisions, luck)
    return _game_review(line, decisions, luck)


def _analyse_steps(
    numbered: Iterable[tuple[int, tuple[GameState, Action]]],
    seats: Sequence[int] | None,
    decisions: list[Decision],
    luck: dict[tuple[int, int], float],
) -> None:
    """Judge each numbered ``(state, action)`` of ``seats`` (all: None), adding to ``decisions``
    and to ``luck`` ((hand, seat) -> luck): the one loop of :func:`analyse_game` and :func:`analyse_hand`.

    A count claimed short with muggins costs the points missed twice (the other side takes
    them), unless the next step is the other player's pass (muggins called by the players): then
    once. Calls and passes themselves are not judged."""
    steps = list(numbered)
    for at, (number, (state, action)) in enumerate(steps):
        seat = action.seat
        if seats is not None and seat not in seats:
            continue
        if isinstance(action, Discard):
            decision, values = judge_discard(number, state, action)
            decisions.append(decision)
            if state.players == 2:
                luck[(state.hand_no, seat)] = values.best.net - luck_baseline(seat == state.dealer)
        elif isinstance(action, Play | Go):
            if isinstance(action, Play) and not seen_play(state, seat):
                add_cut_luck(luck, state, seat)
            decisions.append(judge_play(number, state, action))
        elif isinstance(action, Count):
            answer = steps[at + 1][1][1] if at + 1 < len(steps) else None
            passed = isinstance(answer, Muggins) and not answer.call
            decisions.append(judge_count(number, state, action, taken=not passed))


def _game_review(
    line: Sequence[tuple[GameState, Action]],
    decisions: Sequence[Decision],
    luck: dict[tuple[int, int], float],
) -> GameReview:
    """The review of ``line`` from its decisions (in order) and luck: every seat's summary, the scores."""
    players, target = (line[-1][0].config.players, line[-1][0].config.target) if line else (2, 121)
    summaries = [_summary(seat, decisions, luck) for seat in range(players)]
    final = line[-1][0].apply(line[-1][1]).scores if line else ()
    return GameReview(players, target, tuple(decisions), tuple(summaries), tuple(final))


# ---------------------------------------------------------------- one hand at a time, to be kept


@dataclass(frozen=True, slots=True)
class HandReview:
    """One seat's decisions in one hand of a game's line, judged as :func:`analyse_game` judges
    them, in a form to keep beside the saved game (:meth:`to_dict`) and put together again
    (:func:`review_of_hands`).

    ``upto``: how many steps of the line it was made from (the hand's last step analysed is
    ``line[upto - 1]``); ``key``: :func:`line_key` of those steps; ``version``: the
    :data:`REVIEW_VERSION` it was made with. It stands for the hand only while all three still
    match the game. ``luck``: the seat's luck this hand (None: not measured, e.g. three players).
    """

    hand_no: int
    seat: int
    upto: int
    key: str
    decisions: tuple[Decision, ...]
    luck: float | None
    version: int = REVIEW_VERSION

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "version": self.version,
            "hand": self.hand_no,
            "seat": self.seat,
            "upto": self.upto,
            "key": self.key,
            "luck": self.luck,
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @staticmethod
    def from_dict(data: Any) -> HandReview:
        """Read :meth:`to_dict` back; ``ValueError`` (or ``KeyError``, ``TypeError``) when it is not one."""
        luck = None if data["luck"] is None else float(data["luck"])
        decisions = tuple(Decision.from_dict(d) for d in data["decisions"])
        return HandReview(
            int(data["hand"]),
            int(data["seat"]),
            int(data["upto"]),
            str(data["key"]),
            decisions,
            luck,
            int(data["version"]),
        )

    def stands_for(self, key: str, upto: int) -> bool:
        """Whether this analysis is of these steps (``key`` of the line's first ``upto``) by this version."""
        return self.version == REVIEW_VERSION and self.upto == upto and self.key == key


def hand_spans(line: Sequence[tuple[GameState, Action]]) -> dict[int, range]:
    """Where each hand's steps are in ``line``: hand number -> indexes, in the order of the game.

    >>> from cribbage_core.game import GameConfig
    >>> record = GameRecord(GameConfig(target=61), seed=7, first_dealer=0)
    >>> state = record.first_state()
    >>> record = record.then(state.legal_for(1)[0])
    >>> hand_spans(played_line(record))
    {1: range(0, 1)}
    """
    spans: dict[int, range] = {}
    for i, (state, _) in enumerate(line):
        found = spans.get(state.hand_no)
        spans[state.hand_no] = range(found.start if found is not None else i, i + 1)
    return spans


def line_key(record: GameRecord, line: Sequence[tuple[GameState, Action]], upto: int) -> str:
    """A digest of the game (its setup) and the first ``upto`` steps of its line: what an
    analysis of them was made from (a take-back, a different game or more steps change it)."""
    return line_keys(record, line, (upto,))[upto]


def line_keys(
    record: GameRecord, line: Sequence[tuple[GameState, Action]], stops: Iterable[int]
) -> dict[int, str]:
    """:func:`line_key` at each of ``stops``, the line read once.

    >>> from cribbage_core.game import GameConfig
    >>> record = GameRecord(GameConfig(target=61), seed=7, first_dealer=0)
    >>> line = played_line(record.then(record.first_state().legal_for(1)[0]))
    >>> keys = line_keys(record, line, (0, 1))
    >>> keys[1] == line_key(record, line, 1) != keys[0]
    True
    """
    wanted = set(stops)
    setup = {k: v for k, v in record.to_dict().items() if k != "steps"}
    digest = hashlib.sha256(json.dumps(setup, sort_keys=True, separators=(",", ":")).encode())
    keys = {0: digest.hexdigest()} if 0 in wanted else {}
    for i, (_, action) in enumerate(line[: max(wanted, default=0)], 1):
        digest.update(b"\n" + json.dumps(step_json(action), separators=(",", ":")).encode())
        if i in wanted:
            keys[i] = digest.copy().hexdigest()
    return keys


def analyse_hand(
    line: Sequence[tuple[GameState, Action]],
    hand_no: int,
    seat: int,
    key: str,
    upto: int | None = None,
    start: HandReview | None = None,
) -> HandReview:
    """The decisions of ``seat`` in hand ``hand_no`` of ``line``, through step ``upto`` (default:
    the hand's last step in the line), as :func:`analyse_game` judges them.

    ``start``: an analysis of the same hand through fewer of the same steps (the caller checked
    its key), to go on from: only the steps after it are judged. ``key``: :func:`line_key` of
    the steps analysed, kept with the result.
    """
    span = hand_spans(line)[hand_no]
    stop = span.stop if upto is None else upto
    decisions: list[Decision] = []
    luck: dict[tuple[int, int], float] = {}
    first = span.start
    if (
        start is not None
        and start.hand_no == hand_no
        and start.seat == seat
        and span.start <= start.upto <= stop
    ):
        decisions.extend(start.decisions)
        if start.luck is not None:
            luck[(hand_no, seat)] = start.luck
        first = start.upto
    numbered = ((i + 1, line[i]) for i in range(first, stop))
    _analyse_steps(numbered, (seat,), decisions, luck)
    return HandReview(
        hand_no, seat, stop, key, tuple(decisions), luck.get((hand_no, seat)), REVIEW_VERSION
    )


def review_of_hands(
    line: Sequence[tuple[GameState, Action]], hands: Iterable[HandReview]
) -> GameReview:
    """The review of ``line`` put together from its hands' analyses (each seat's of each hand
    wanted, see :meth:`HandReview.stands_for`): the same as :func:`analyse_game` of those seats."""
    ordered = sorted(hands, key=lambda h: (h.hand_no, h.seat))
    luck = {(h.hand_no, h.seat): h.luck for h in ordered if h.luck is not None}
    decisions = sorted((d for h in ordered for d in h.decisions), key=lambda d: d.step)
    return _game_review(line, decisions, luck)


def analyse_record(record: GameRecord, seats: Sequence[int] | None = None) -> GameReview:
    """Review a saved game (finished or in progress) along the line it took (:func:`played_line`).

    ``Decision.step`` numbers the decisions along that line (``played_line(record)[step - 1]`` is
    the state and action of a decision), not the record's steps.

    >>> import random
    >>> from cribbage_core.bots import make_bot
    >>> from cribbage_core.game import GameConfig
    >>> from cribbage_core.record import TakeBack
    >>> bots = [make_bot("easy", 1), make_bot("medium", 2)]
    >>> record = GameRecord(GameConfig(target=61), seed=3, first_dealer=0)
    >>> state = record.first_state()
    >>> for _ in range(8):  # the two discards and the first plays of the first hand
    ...     seat = state.seat_to_act()
    ...     action = bots[seat].act(state.view(seat))
    ...     record, state = record.then(action), state.apply(action)
    >>> review = analyse_record(record.then(TakeBack(0)))
    >>> [d.kind for d in review.decisions][:2], len(review.decisions) < 8
    (['discard', 'discard'], True)
    """
    return analyse_game(played_line(record), seats)


def _summary(
    seat: int, decisions: Sequence[Decision], luck: dict[tuple[int, int], float]
) -> SeatSummary:
    mine = [d for d in decisions if d.seat == seat]
    moves = [d for d in mine if d.kind != "count"]
    real = [d for d in moves if d.real_choice]
    lost = sum(d.points_lost for d in moves)
    grades = {g.value: sum(1 for d in moves if d.grade is g) for g in Grade}
    errors = sum(1 for d in real if d.grade.is_error)
    counting = int(sum(d.points_lost for d in mine if d.kind == "count"))
    return SeatSummary(
        seat,
        len(moves),
        len(real),
        lost,
        sum(d.points_lost for d in real) / len(real) if real else 0.0,
        grades,
        errors,
        sum(v for (_, s), v in luck.items() if s == seat),
        counting,
    )
