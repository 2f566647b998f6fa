"""Grading the quizzes: what the learner typed or chose, against the right answer.

Each grader returns a verdict the page shows as it is: whether the answer could be read
(and if not, the messages saying why), whether it is right, what was most likely missed
(the categories the progress store keeps) and which hint fits. Pure functions: no
Streamlit, no database; messages come in the run's language (``tutor.lang``).

>>> from cribbage_core import score_hand
>>> score = score_hand("5H 5S JC 10D", "5C")  # three fives, a jack and a ten, with nobs: 21
>>> grade_count(score, "21").correct, grade_count(score, "20").likely == ("nobs",)
(True, True)
>>> grade_count(score, "lots").errors
('“`lots`” is not a number. Please type a whole number from 0 to 29.',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

from cribbage_core.cards import Card
from cribbage_core.coach.advisor import DiscardOption
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, MAX_HAND_POINTS, HandScore
from cribbage_core.teaching.discard_quiz import (
    DiscardDeal,
    Reason,
    close_options,
    ev_loss,
    explain,
    is_best,
    is_good,
)
from cribbage_core.teaching.hand_quiz import likely_missed
from cribbage_core.teaching.pegging_quiz import PeggingQuestion
from tutor.lang.answers import parse_answer
from tutor.lang.i18n import kind_label
from tutor.quiz.categories import hand_categories, hand_missed, pegging_categories, pegging_missed

__all__ = [
    "KIND_MAX",
    "PEGGING_MAX_POINTS",
    "CountHint",
    "CountVerdict",
    "DiscardVerdict",
    "PeggingVerdict",
    "grade_count",
    "grade_discard",
    "grade_pegging",
]

#: The most one card laid in the play can score.
PEGGING_MAX_POINTS: Final = 15
#: The most each category can score in one hand or crib.
KIND_MAX: Final[Mapping[ScoreKind, int]] = {
    ScoreKind.FIFTEEN: 16,
    ScoreKind.PAIR: 12,
    ScoreKind.RUN: 12,
    ScoreKind.FLUSH: 5,
    ScoreKind.NOBS: 1,
}

#: Which hint a wrong count gets: categories answered wrong, a total too low, or too high.
CountHint = Literal["categories", "short", "over"]


@dataclass(frozen=True, slots=True)
class CountVerdict:
    """A graded count: ``errors`` when it could not be read, else how it compares.

    ``answer`` is the total said (the sum of the categories when answered per category);
    ``given`` the per-category answers (None when the total was typed); ``wrong_kinds`` the
    categories whose number is wrong; ``missed`` the categories to record as missed;
    ``likely`` the kinds whose points make up a short answer's gap.
    """

    errors: tuple[str, ...] = ()
    answer: int = 0
    total: int = 0
    given: Mapping[ScoreKind, int] | None = None
    expected: Mapping[ScoreKind, int] = field(default_factory=dict)
    wrong_kinds: tuple[ScoreKind, ...] = ()
    missed: tuple[ScoreKind, ...] = ()
    likely: tuple[ScoreKind, ...] = ()
    categories: tuple[ScoreKind, ...] = ()

    @property
    def correct(self) -> bool:
        """Readable, the right total, and every category right when answered per category."""
        return not self.errors and self.answer == self.total and not self.wrong_kinds

    @property
    def hint(self) -> CountHint | None:
        """The hint a wrong answer gets (None when right or unreadable)."""
        if self.errors or self.correct:
            return None
        if self.given is not None:
            return "categories"
        return "short" if self.answer < self.total else "over"


def _read_per_kind(typed: Mapping[str, str]) -> tuple[dict[ScoreKind, int], list[str]]:
    given: dict[ScoreKind, int] = {}
    errors: list[str] = []
    for kind in HAND_KINDS:
        raw = typed.get(kind, "")
        parsed = parse_answer(raw if raw.strip() else "0", KIND_MAX[kind])  # blank: none of it
        if parsed.error:
            errors.append(f"{kind_label(kind)}: {parsed.error}")
        else:
            given[kind] = int(parsed.value or 0)
    return given, errors


def grade_count(score: HandScore, typed: str | Mapping[str, str]) -> CountVerdict:
    """Grade a count of ``score``: ``typed`` is the total, or a text per category (blank = 0).

    >>> from cribbage_core import score_hand
    >>> score = score_hand("5H 5S JC 10D", "5C")  # fifteens 14, a pair royal 6, nobs 1: 21
    >>> split = {"fifteen": "8", "pair": "12", "nobs": "1"}  # the right total, split wrongly
    >>> verdict = grade_count(score, split)
    >>> verdict.answer == score.total, verdict.correct, verdict.hint
    (True, False, 'categories')
    >>> verdict.wrong_kinds == ("fifteen", "pair")
    True
    """
    if isinstance(typed, str):
        parsed = parse_answer(typed, MAX_HAND_POINTS)
        if parsed.error:
            return CountVerdict(errors=(parsed.error,))
        given: dict[ScoreKind, int] | None = None
        answer = int(parsed.value or 0)
    else:
        given, errors = _read_per_kind(typed)
        if errors:
            return CountVerdict(errors=tuple(errors))
        answer = sum(given.values())
    expected = score.points_by_kind()
    wrong = tuple(k for k in HAND_KINDS if given is not None and given[k] != expected[k])
    return CountVerdict(
        answer=answer,
        total=score.total,
        given=given,
        expected=expected,
        wrong_kinds=wrong,
        missed=tuple(hand_missed(score, answer, given)),
        likely=likely_missed(score, answer),
        categories=tuple(hand_categories(score)),
    )


@dataclass(frozen=True, slots=True)
class PeggingVerdict:
    """A graded pegging answer: ``error`` when it could not be read, else how it compares.

    ``forgot_go``: one short on a card that also takes the go or last-card point.
    """

    error: str | None = None
    answer: int = 0
    total: int = 0
    forgot_go: bool = False
    missed: tuple[ScoreKind, ...] = ()
    categories: tuple[ScoreKind, ...] = ()

    @property
    def correct(self) -> bool:
        """Readable and the right number of points."""
        return self.error is None and self.answer == self.total


def grade_pegging(question: PeggingQuestion, typed: str) -> PeggingVerdict:
    """Grade what the learner says the last card laid scores.

    >>> from cribbage_core.teaching.pegging_quiz import pegging_question
    >>> q = pegging_question(5, target="thirty-one")
    >>> grade_pegging(q, str(q.total)).correct, grade_pegging(q, "16").error is not None
    (True, True)
    """
    parsed = parse_answer(typed, PEGGING_MAX_POINTS)
    if parsed.error:
        return PeggingVerdict(error=parsed.error)
    answer = int(parsed.value or 0)
    return PeggingVerdict(
        answer=answer,
        total=question.total,
        forgot_go=bool(question.go_kind) and answer == question.total - 1,
        missed=tuple(pegging_missed(question, answer)),
        categories=tuple(pegging_categories(question)),
    )


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    """A graded discard: the cards thrown against the advisor's best.

    ``wrong_number`` when the learner chose other than ``deal.throw`` cards (nothing else is
    graded then). ``loss``: expected points given up against the best; ``runner_up``: the next
    best discard when the best was chosen; ``reason``: why the best beats the choice otherwise.
    """

    thrown: tuple[Card, ...]
    needed: int
    correct: bool = False
    loss: float = 0.0
    chosen: DiscardOption | None = None
    best: DiscardOption | None = None
    runner_up: DiscardOption | None = None
    reason: Reason | None = None
    also_good: tuple[DiscardOption, ...] = ()

    @property
    def wrong_number(self) -> bool:
        """Whether the learner chose other than the number of cards to throw."""
        return len(self.thrown) != self.needed


def grade_discard(deal: DiscardDeal, chosen: Sequence[Card]) -> DiscardVerdict:
    """Grade the cards ``chosen`` to lay away from ``deal``'s hand.

    >>> from cribbage_core.teaching.discard_quiz import deal_discard
    >>> deal = deal_discard(42)
    >>> grade_discard(deal, deal.hand[:1]).wrong_number
    True
    >>> best = grade_discard(deal, deal.advice.best.discard)
    >>> best.correct, best.loss, best.reason is None
    (True, 0.0, True)
    """
    thrown = tuple(chosen)
    verdict = DiscardVerdict(thrown, deal.throw)
    if verdict.wrong_number:
        return verdict
    advice = deal.advice
    right = is_good(advice, thrown)
    best_chosen = is_best(advice, thrown)
    picked = frozenset(thrown)
    return DiscardVerdict(
        thrown,
        deal.throw,
        correct=right,
        loss=ev_loss(advice, thrown),
        chosen=advice.option_for(thrown),
        best=advice.best,
        runner_up=next((o for o in advice.options if frozenset(o.discard) != picked), None)
        if best_chosen
        else None,
        reason=None if right else explain(advice, thrown),
        also_good=tuple(close_options(advice, thrown)[:3]),
    )
