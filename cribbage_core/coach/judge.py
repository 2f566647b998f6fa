"""One decision judged: its options' values, the points and chance to win it gave up, its grade.

What :func:`cribbage_core.coach.game_review.analyse_game` makes of each step of a game, and what
coach mode asks before a learner's move is made (:func:`judge`), so that the warning and the later
review of the same move agree: a **discard** with every way to lay away cards
(:mod:`cribbage_core.coach.discard_value`), a **card laid** with every legal card's expected
points for minus against over the rest of the play (:mod:`cribbage_core.coach.peg_value`, through
the positions searched once: :mod:`cribbage_core.coach.positions`), a **go**, a **count** (a claim
below the hand's worth loses the difference), and the starter's **luck**. The chances to win come
from the engines' win views where a side can reach the target this deal, else from an estimate
(the deal's remaining points at their expectation), shown but not graded on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
from cribbage_core.coach.peg_value import PegAdvice, rank_choice
from cribbage_core.coach.positions import peg_advice
from cribbage_core.game import Count, Discard, GameState, Go, Play
from cribbage_core.scoring import score_hand
from cribbage_core.seats import Role
from cribbage_core.tables.crib import crib_value
from cribbage_core.tables.expected import hand_stats
from cribbage_core.tables.winprob import deal_win_probability, point_mass, typical_deal
from cribbage_core.totals import hand_total

__all__ = [
    "Decision",
    "OptionValue",
    "add_cut_luck",
    "judge",
    "judge_count",
    "judge_discard",
    "judge_play",
    "seen_play",
]


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
        return judge_discard(number, state, action)[0]
    if isinstance(action, Play | Go):
        return judge_play(number, state, action)
    raise TypeError(f"a discard, a card laid or a go is judged, not {type(action).__name__}")


def _scores_for(state: GameState, seat: int) -> tuple[int, int]:
    mine = state.scores[state.side_of(seat)]
    theirs = max(s for side, s in enumerate(state.scores) if side != state.side_of(seat))
    return mine, theirs


def judge_discard(number: int, state: GameState, action: Discard) -> tuple[Decision, DiscardValues]:
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


def seen_play(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has laid a card already this hand."""
    return any(s == seat for s, _ in state.played)


def _no_choice(
    number: int, state: GameState, seat: int, kind: str, label: str, note: str = ""
) -> Decision:
    """A go, or a card laid where every card that fits is of one rank: nothing to lose."""
    win = _estimate(state, seat, 0.0)
    option = OptionValue(label, 0.0, win=win)
    return Decision(
        number,
        state.hand_no,
        seat,
        kind,
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
        note,
    )


def judge_play(number: int, state: GameState, action: Play | Go) -> Decision:
    seat = action.seat
    view = state.view(seat)
    if isinstance(action, Go):
        return _no_choice(number, state, seat, "go", "go")
    if not rank_choice(view):
        return _no_choice(number, state, seat, "play", str(action.card), "one choice")
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


def judge_count(number: int, state: GameState, action: Count, taken: bool = True) -> Decision:
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


def add_cut_luck(luck: dict[tuple[int, int], float], state: GameState, seat: int) -> None:
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
