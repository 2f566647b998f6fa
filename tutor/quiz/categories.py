"""Which scoring categories a quiz question involved, and which the learner got wrong.

The progress store keeps both lists with every attempt; the weak-spot drill weighs the
misses. Categories are the core's kinds (``cribbage_core.kinds.ScoreKind``, stored as their
words): for the show ``HAND_KINDS`` (fifteen, pair, run, flush, nobs), for the play
``PEGGING_KINDS`` (fifteen, thirty-one, pair, pair royal, double pair royal, run, go and
last card). Pure functions: no Streamlit, no database.

A single total cannot say for certain what was missed, so a short answer blames the kinds
whose points make up the gap (as the page's hint does), and an answer that is too high or
that no kind explains blames every kind the question held.
"""

from __future__ import annotations

from collections.abc import Mapping

from cribbage_core.kinds import ScoreKind
from cribbage_core.pegging import PEGGING_KINDS
from cribbage_core.scoring import HAND_KINDS, HandScore
from cribbage_core.teaching.hand_quiz import likely_missed
from cribbage_core.teaching.pegging_quiz import PeggingQuestion

__all__ = [
    "hand_categories",
    "hand_missed",
    "pegging_categories",
    "pegging_missed",
]


def hand_categories(score: HandScore) -> list[ScoreKind]:
    """The show categories that score in this hand, in the core's order.

    >>> from cribbage_core import score_hand
    >>> hand_categories(score_hand("5H 5S JC 10D", "5C")) == ["fifteen", "pair", "nobs"]
    True
    """
    by_kind = score.points_by_kind()
    return [kind for kind in HAND_KINDS if by_kind.get(kind)]


def hand_missed(
    score: HandScore, answer: int, given: Mapping[ScoreKind, int] | None = None
) -> list[ScoreKind]:
    """The categories a learner who answered ``answer`` got wrong (empty when right).

    With per-category answers (``given``), exactly the categories whose number was wrong.

    >>> from cribbage_core import score_hand
    >>> s = score_hand("5H 5S JC 10D", "5C")  # 3 fives, J, 10 with nobs: 21
    >>> [list(map(str, hand_missed(s, answer))) for answer in (20, 21, 23)]
    [['nobs'], [], ['fifteen', 'pair', 'nobs']]
    >>> hand_missed(s, 19, {"fifteen": 12, "pair": 6, "nobs": 1})
    [<ScoreKind.FIFTEEN: 'fifteen'>]
    """
    if given:
        expected = score.points_by_kind()
        return [kind for kind in HAND_KINDS if given.get(kind, 0) != expected.get(kind, 0)]
    if answer == score.total:
        return []
    if answer < score.total:
        return list(likely_missed(score, answer))
    return hand_categories(score)


def _pegging_points(question: PeggingQuestion) -> dict[ScoreKind, int]:
    points: dict[ScoreKind, int] = {}
    for item in question.play.items:
        points[item.kind] = points.get(item.kind, 0) + item.points
    if question.go_kind:
        points[question.go_kind] = 1
    return points


def pegging_categories(question: PeggingQuestion) -> list[ScoreKind]:
    """The play categories the last card scores (``go`` / ``last card`` included).

    >>> from cribbage_core.teaching.pegging_quiz import pegging_question
    >>> pegging_categories(pegging_question(5, target=ScoreKind.THIRTY_ONE))
    [<ScoreKind.THIRTY_ONE: 'thirty-one'>]
    """
    points = _pegging_points(question)
    return [kind for kind in PEGGING_KINDS if kind in points]


def pegging_missed(question: PeggingQuestion, answer: int) -> list[ScoreKind]:
    """The play categories a learner who answered ``answer`` most likely got wrong.

    >>> from cribbage_core.teaching.pegging_quiz import pegging_question
    >>> q = pegging_question(5, target=ScoreKind.THIRTY_ONE)
    >>> pegging_missed(q, q.total), pegging_missed(q, q.total - 2) == pegging_missed(q, q.total + 1)
    ([], True)
    >>> pegging_missed(q, q.total - 2)
    [<ScoreKind.THIRTY_ONE: 'thirty-one'>]
    """
    if answer == question.total:
        return []
    points = _pegging_points(question)
    present = [kind for kind in PEGGING_KINDS if kind in points]
    gap = question.total - answer
    if gap > 0:
        exact = [kind for kind in present if points[kind] == gap]
        if exact:
            return exact
    return present
