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
  game's chart but not graded on;
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

import numpy as np

from cribbage_core.cards import Card, format_cards
from cribbage_core.coach.discard_value import (
    DiscardValues,
    KeepOption,
    discard_values_for_view,
    keep_win,
    shift_axis,
)
from cribbage_core.coach.grades import NEAR_TIE, Grade, grade
from cribbage_core.coach.line import played_line
from cribbage_core.coach.peg_value import PegAdvice
from cribbage_core.coach.positions import peg_advice
from cribbage_core.game import Action, Count, Discard, GameState, Go, Muggins, Play
from cribbage_core.record import GameRecord, step_json
from cribbage_core.scoring import score_hand
from cribbage_core.seats import Role
from cribbage_core.tables.crib import crib_value
from cribbage_core.tables.expected import hand_stats
from cribbage_core.tables.peg import luck_baseline
from cribbage_core.tables.winprob import deal_win_probability, point_mass, typical_deal
from cribbage_core.totals import hand_total

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
class OptionValue:
    """One option of a decision: what it is, its expected points (and their standard error), its chance.

    ``parts`` splits a discard's points into hand, crib and pegging.
    """

    label: str
    points: float
    se: float = 0.0
    win: float | None = None
    parts: tuple[tuple[str, float], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "label": self.label,
            "points": self.points,
            "se": self.se,
            "win": self.win,
            "parts": dict(self.parts),
        }

    @staticmethod
    def from_dict(data: Any) -> OptionValue:
        """Read :meth:`to_dict` back (JSON keeps a float exactly and the parts in order)."""
        parts = tuple((str(k), float(v)) for k, v in data["parts"].items())
        win = None if data["win"] is None else float(data["win"])
        return OptionValue(str(data["label"]), float(data["points"]), float(data["se"]), win, parts)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat (see the module docs). ``chosen`` indexes ``options`` (best first)."""

    step: int
    hand_no: int
    seat: int
    kind: str  # "discard", "play", "go" or "count"
    dealer: int
    scores: tuple[int, ...]
    options: tuple[OptionValue, ...]
    chosen: int
    points_lost: float
    se: float
    win_view: bool
    win_lost: float | None
    win_before: float | None
    win_after: float | None
    grade: Grade
    real_choice: bool
    note: str = ""

    @property
    def choice(self) -> OptionValue:
        """The option taken."""
        return self.options[self.chosen]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "step": self.step,
            "hand": self.hand_no,
            "seat": self.seat,
            "kind": self.kind,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "options": [o.to_dict() for o in self.options],
            "chosen": self.chosen,
            "points_lost": self.points_lost,
            "se": self.se,
            "win_view": self.win_view,
            "win_lost": self.win_lost,
            "win_before": self.win_before,
            "win_after": self.win_after,
            "grade": self.grade.value,
            "real_choice": self.real_choice,
            "note": self.note,
        }

    @staticmethod
    def from_dict(data: Any) -> Decision:
        """Read :meth:`to_dict` back: the same decision, field for field."""

        def maybe(value: Any) -> float | None:
            return None if value is None else float(value)

        return Decision(
            int(data["step"]),
            int(data["hand"]),
            int(data["seat"]),
            str(data["kind"]),
            int(data["dealer"]),
            tuple(int(s) for s in data["scores"]),
            tuple(OptionValue.from_dict(o) for o in data["options"]),
            int(data["chosen"]),
            float(data["points_lost"]),
            float(data["se"]),
            bool(data["win_view"]),
            maybe(data["win_lost"]),
            maybe(data["win_before"]),
            maybe(data["win_after"]),
            Grade(data["grade"]),
            bool(data["real_choice"]),
            str(data["note"]),
        )


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
            decision, values = _discard(number, state, action)
            decisions.append(decision)
            if state.players == 2:
                luck[(state.hand_no, seat)] = values.best.net - luck_baseline(seat == state.dealer)
        elif isinstance(action, Play | Go):
            if isinstance(action, Play) and not _seen_play(state, seat):
                _add_cut_luck(luck, state, seat)
            decisions.append(_play(number, state, action))
        elif isinstance(action, Count):
            answer = steps[at + 1][1][1] if at + 1 < len(steps) else None
            passed = isinstance(answer, Muggins) and not answer.call
            decisions.append(_count(number, state, action, taken=not passed))


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


def judge(state: GameState, action: Discard | Play | Go, number: int = 0) -> Decision:
    """One decision judged as :func:`analyse_game` judges it: ``action`` taken from ``state``.

    The coach in the Play page asks this before a learner's move is made, so its warning and the
    later review of the same move agree. ``number`` is the decision's step (0: not in a game line).

    >>> from cribbage_core.game import GameConfig, new_game
    >>> import random
    >>> state = new_game(random.Random(3), GameConfig(players=2), first_dealer=0).deal(random.Random(4))
    >>> hand = state.hands[1]
    >>> decision = judge(state, Discard(1, hand[:2]))
    >>> decision.kind, decision.points_lost >= 0.0, decision.options[0].points >= decision.choice.points
    ('discard', True, True)
    """
    if isinstance(action, Discard):
        return _discard(number, state, action)[0]
    if isinstance(action, Play | Go):
        return _play(number, state, action)
    raise TypeError(f"a discard, a card laid or a go is judged, not {type(action).__name__}")


def _scores_for(state: GameState, seat: int) -> tuple[int, int]:
    mine = state.scores[state.side_of(seat)]
    theirs = max(s for side, s in enumerate(state.scores) if side != state.side_of(seat))
    return mine, theirs


def _discard(number: int, state: GameState, action: Discard) -> tuple[Decision, DiscardValues]:
    seat = action.seat
    view = state.view(seat)
    values = discard_values_for_view(view)
    chosen_option = values.option_for(action.cards)
    loss, se = values.loss(action.cards)
    win_lost = values.win_loss(action.cards)
    options = tuple(_keep_value(o) for o in values.options)
    chosen = values.options.index(chosen_option)
    best = values.options[0]
    two = state.players == 2
    if values.win_view:
        before, after = best.win, chosen_option.win
    elif two:
        before = keep_win(values, best)
        after = before if chosen_option is best else keep_win(values, chosen_option)
    else:
        before = after = None
    nets = sorted(o.net for o in values.options)
    real = nets[-1] - nets[0] > NEAR_TIE
    decision = Decision(
        number,
        state.hand_no,
        seat,
        "discard",
        state.dealer,
        state.scores,
        options,
        chosen,
        loss,
        se,
        values.win_view,
        win_lost,
        before,
        after,
        grade(loss, win_lost, se),
        real,
    )
    return decision, values


def _keep_value(option: KeepOption) -> OptionValue:
    parts = [("hand", option.hand), ("crib", option.crib)]
    if option.pegging is not None:
        parts.append(("pegging", option.pegging))
    label = f"throw {format_cards(option.discard)}"
    return OptionValue(label, option.net, option.crib_se, option.win, tuple(parts))


def _seen_play(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has laid a card already this hand."""
    return any(s == seat for s, _ in state.played)


def _play(number: int, state: GameState, action: Play | Go) -> Decision:
    seat = action.seat
    view = state.view(seat)
    if isinstance(action, Go):
        win = _estimate(state, seat, 0.0)
        option = OptionValue("go", 0.0, win=win)
        return Decision(
            number,
            state.hand_no,
            seat,
            "go",
            state.dealer,
            state.scores,
            (option,),
            0,
            0.0,
            0.0,
            False,
            None,
            win,
            win,
            Grade.BEST,
            False,
        )
    ranks = {c.rank for c in view.hand if state.count + c.value <= 31}
    if len(ranks) == 1:
        win = _estimate(state, seat, 0.0)
        option = OptionValue(str(action.card), 0.0, win=win)
        return Decision(
            number,
            state.hand_no,
            seat,
            "play",
            state.dealer,
            state.scores,
            (option,),
            0,
            0.0,
            0.0,
            False,
            None,
            win,
            win,
            Grade.BEST,
            False,
            "one choice",
        )
    # searched once per position: the coach's check, a search ahead and the review share it
    advice: PegAdvice = peg_advice(view)
    options = tuple(
        OptionValue(str(o.card), o.points, 0.0, o.win, (("now", float(o.now)),))
        for o in advice.options
    )
    chosen = next(i for i, o in enumerate(advice.options) if o.card is action.card)
    loss = advice.loss(action.card)
    win_lost = advice.win_loss(action.card)
    before: float | None
    after: float | None
    if advice.win_view:
        before = max(o.win or 0.0 for o in advice.options)
        after = advice.options[chosen].win
    elif state.players == 2:
        top = max(o.points for o in advice.options)
        before = _estimate(state, seat, top)
        after = before if loss <= 0 else _estimate(state, seat, advice.options[chosen].points)
    else:
        before = after = None
    points = [o.points for o in advice.options]
    wins = [o.win for o in advice.options if o.win is not None]
    real = max(points) - min(points) > NEAR_TIE or (bool(wins) and max(wins) - min(wins) > 0.005)
    return Decision(
        number,
        state.hand_no,
        seat,
        "play",
        state.dealer,
        state.scores,
        options,
        chosen,
        loss,
        0.0,
        advice.win_view,
        win_lost,
        before,
        after,
        grade(loss, win_lost),
        real,
    )


def _estimate(state: GameState, seat: int, rest_of_play: float) -> float | None:
    """An estimate of the chance to win mid-deal (two players): the rest of the play at its
    expectation, the seat's hand exact, the opponent's hand and the crib typical."""
    if state.players != 2 or state.starter is None:
        return None
    deal = typical_deal()
    me, them = _scores_for(state, seat)
    dealer = state.dealer == seat
    mine_axis = 1 if dealer else 0
    peg = np.zeros((1, 1))
    peg[0, 0] = 1.0
    if rest_of_play:
        peg = shift_axis(peg, mine_axis if rest_of_play > 0 else 1 - mine_axis, abs(rest_of_play))
    kept = state.kept[seat] if state.kept[seat] else state.hands[seat]
    my_hand = point_mass(hand_total(kept, state.starter)) if len(kept) == 4 else deal.pone_hand
    if dealer:
        return deal_win_probability(
            me, them, True, peg, deal.pone_hand, my_hand, deal.crib, state.config.target
        )
    return deal_win_probability(
        me, them, False, peg, my_hand, deal.dealer_hand, deal.crib, state.config.target
    )


def _count(number: int, state: GameState, action: Count, taken: bool = True) -> Decision:
    what = state.counting()
    assert what is not None and state.starter is not None
    _, cards, is_crib = what
    actual = score_hand(cards, state.starter, is_crib=is_crib).total
    claimed = actual if action.claimed is None else action.claimed
    lost = max(0, actual - claimed) * (2 if state.config.muggins and taken else 1)
    label = f"{'crib' if is_crib else 'hand'} {format_cards(cards)}"
    option = OptionValue(f"claim {actual}", float(actual))
    note = "" if claimed == actual else f"claimed {claimed} of {actual}"
    chosen = OptionValue(f"claim {claimed}", float(min(claimed, actual)))
    options = (option,) if claimed == actual else (option, chosen)
    return Decision(
        number,
        state.hand_no,
        action.seat,
        "count",
        state.dealer,
        state.scores,
        options,
        len(options) - 1,
        float(lost),
        0.0,
        False,
        None,
        None,
        None,
        grade(float(lost)),
        False,
        note or label,
    )


def _add_cut_luck(luck: dict[tuple[int, int], float], state: GameState, seat: int) -> None:
    """The starter's luck for ``seat``: its hand against its expectation; the dealer's crib and heels too."""
    if state.players != 2 or state.starter is None or (state.hand_no, seat) not in luck:
        return
    kept = state.kept[seat]
    dealt = kept + state.discards[seat]
    ev, _lo, _hi, _counts = hand_stats(kept, dealt)
    value = hand_total(kept, state.starter) - ev
    if seat == state.dealer:
        value += hand_total(state.crib, state.starter, True) - crib_value(
            state.discards[seat], Role.DEALER, 2
        )
        jacks = sum(1 for r in range(4) if Card.of(11, "SHDC"[r]) not in dealt)
        value += (2 if state.starter.rank == 11 else 0) - 2 * jacks / 46
    luck[(state.hand_no, seat)] += value


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
