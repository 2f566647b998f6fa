"""Weak-spot drills: deal quiz hands that contain what this learner keeps missing.

The quiz page keeps its own way of turning a seed into a deal (so a shared seed replays the
same hand); ``drill_seed`` only chooses *which* seed: it draws a category in proportion to
the learner's weak-spot weights (``tutor.progress.weak_spots``) and tries seeds until the deal
holds that category. Pure Python: no Streamlit, no database.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from cribbage_core import Card, score_hand
from cribbage_core.kinds import PegSpot
from cribbage_core.pegging import PEGGING_KINDS
from cribbage_core.scoring import HAND_KINDS
from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import PeggingQuestion, pegging_question
from tutor.quiz.categories import pegging_categories
from tutor.seeds import draw_seed

MAX_TRIES = 5_000

Deal = tuple[Sequence[Card], Card]


def pick_category(
    weights: Mapping[str, float], rng: random.Random, allowed: Sequence[str] = HAND_KINDS
) -> str | None:
    """A category drawn in proportion to its weight, among ``allowed``; None if none weighs.

    >>> pick_category({"run": 2.0, "pair": 0.0}, random.Random(1))
    'run'
    >>> pick_category({"go": 3.0}, random.Random(1)) is None
    True
    """
    choices = [(c, w) for c, w in weights.items() if c in allowed and w > 0]
    if not choices:
        return None
    return rng.choices([c for c, _ in choices], weights=[w for _, w in choices])[0]


def deal_has(deal: Deal, category: str, is_crib: bool = False) -> bool:
    """Whether the hand and starter score at least one item of ``category``."""
    hand, starter = deal
    return bool(score_hand(tuple(hand), starter, is_crib=is_crib).of_kind(category))


def seed_holding(
    weights: Mapping[str, float],
    rng: random.Random,
    holds: Callable[[int, str], bool],
    allowed: Sequence[str],
) -> tuple[int, str | None]:
    """A seed whose question ``holds(seed, category)`` for a weak category, and that category.

    The category is drawn by :func:`pick_category` among ``allowed``; with no weak spots yet,
    any seed (category None). If no seed among ``MAX_TRIES`` holds it (not expected: the
    rarest categories come about once in a hundred deals), the last seed tried is returned
    with category None.
    """
    category = pick_category(weights, rng, allowed)
    seed = draw_seed(rng)  # fits the quiz URL's ?seed=
    if category is None:
        return seed, None
    for _ in range(MAX_TRIES):
        if holds(seed, category):
            return seed, category
        seed = draw_seed(rng)
    return seed, None


def drill_seed(
    weights: Mapping[str, float],
    rng: random.Random,
    deal: Callable[[int], Deal],
    is_crib: bool = False,
) -> tuple[int, str | None]:
    """A seed whose deal (by the page's ``deal(seed)``) drills a weak show category, and that category.

    :func:`seed_holding` among the show's ``HAND_KINDS``; the rarest, a four-card flush, comes
    about once in a hundred deals.
    """

    def holds(seed: int, category: str) -> bool:
        return deal_has(deal(seed), category, is_crib)

    return seed_holding(weights, rng, holds, HAND_KINDS)


def hand_drill_seed(
    weights: Mapping[str, float], rng: random.Random, is_crib: bool = False
) -> tuple[int, str | None]:
    """:func:`drill_seed` for the Count page's deals (``deal_hand(seed, is_crib)``, no focus)."""

    def cards(seed: int) -> Deal:
        dealt = deal_hand(seed, is_crib=is_crib)
        return dealt.hand, dealt.starter

    return drill_seed(weights, rng, cards, is_crib=is_crib)


def question_has(question: PeggingQuestion, category: str) -> bool:
    """Whether the last card of a pegging question scores ``category`` (a play category)."""
    return category in pegging_categories(question)


def drill_pegging_seed(
    weights: Mapping[str, float],
    rng: random.Random,
    question: Callable[[int], PeggingQuestion] = pegging_question,
) -> tuple[int, str | None]:
    """A seed whose pegging question (``question(seed)``) drills a weak play category.

    :func:`seed_holding` among ``PEGGING_KINDS`` (fifteen, thirty-one, pairs, runs,
    go, last card). The rarest, a double pair royal, comes about once in thirty questions.
    """

    def holds(seed: int, category: str) -> bool:
        return question_has(question(seed), category)

    return seed_holding(weights, rng, holds, PEGGING_KINDS)


def drill_peg_trainer_seed(
    weights: Mapping[str, float], rng: random.Random
) -> tuple[int, str | None]:
    """A seed for the pegging trainer and the weak kind of position to deal it as (None: any).

    The trainer deals a position of a kind directly (its kind filter, kept in the address),
    so no seed need be searched for: the kind is drawn by :func:`pick_category` among the
    trainer's kinds (:class:`~cribbage_core.kinds.PegSpot`).

    >>> seed, kind = drill_peg_trainer_seed({"pairing": 1.0, "fifteen": 5.0}, random.Random(1))
    >>> kind, 1 <= seed
    ('pairing', True)
    """
    category = pick_category(weights, rng, tuple(PegSpot))
    return draw_seed(rng), category
