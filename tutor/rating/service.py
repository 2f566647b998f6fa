"""Rating answers and choosing the next question, on the store. No Streamlit.

:func:`rate_answer` rates a learner's first attempt at a question (``tutor.rating.finish``
on the store's :func:`~tutor.store.ratings.rate_first_attempt`); a later attempt at the same
question, and any review answer (the caller does not rate those), moves nothing.
:func:`next_position` serves "practise at my level": an unseen bank question near the
learner's rating plus one of lichess's offsets (:data:`tutor.rating.skills.OFFSETS`).
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Mapping

from sqlalchemy.engine import Engine

from tutor.rating.bank import BANK_SIZE, bank_items, first_rating
from tutor.rating.finish import finish
from tutor.rating.glicko import Glicko
from tutor.rating.skills import LEARNER_START, OFFSETS
from tutor.store.ratings import (
    RatedAnswer,
    Rating,
    add_bank_items,
    bank_size,
    nearest_unseen,
    rate_first_attempt,
    skill_ratings,
)
from tutor.store.reviews import position_text

__all__ = ["ensure_bank", "learner_rating", "next_position", "rate_answer"]


def _glicko(values: Rating) -> Glicko:
    return Glicko(*values)


def _tuple(rating: Glicko) -> Rating:
    return (rating.rating, rating.deviation, rating.volatility)


def rate_answer(
    engine: Engine,
    learner_id: int,
    skill: str,
    position: Mapping[str, str],
    score: float,
    hinting: bool = False,
    when: dt.datetime | None = None,
    first: Glicko | None = None,
) -> RatedAnswer | None:
    """Rate the learner's first attempt at ``position`` in ``skill`` (None: answered before).

    ``first``: the question's rating if it has none yet (default: from its features).
    """
    start = first or first_rating(skill, position)

    def rate(learner: Rating | None, question: Rating, days_idle: float) -> tuple[Rating, Rating]:
        mine = LEARNER_START if learner is None else _glicko(learner)
        after = finish(mine, _glicko(question), score, hinting=hinting, days_idle=days_idle)
        return _tuple(after.learner), _tuple(after.question)

    return rate_first_attempt(
        engine, learner_id, skill, position_text(position), _tuple(start), score, rate, when
    )


def learner_rating(engine: Engine, learner_id: int, skill: str) -> Glicko:
    """The learner's rating in ``skill`` (where learners start, before the first answer)."""
    found = skill_ratings(engine, learner_id).get(skill)
    return LEARNER_START if found is None else Glicko(*found[:3])


def ensure_bank(engine: Engine, skill: str, size: int = BANK_SIZE) -> int:
    """Build the skill's bank once (a second call finds it full); returns its size."""
    have = bank_size(engine, skill)
    if have < size:
        add_bank_items(engine, skill, ((t, _tuple(g)) for t, g in bank_items(skill, size)))
        have = bank_size(engine, skill)
    return have


def next_position(
    engine: Engine,
    learner_id: int | None,
    skill: str,
    difficulty: str = "normal",
    rng: random.Random | None = None,
    rating: float | None = None,
) -> dict[str, str] | None:
    """The position of an unseen bank question near the learner's rating plus the offset of
    ``difficulty`` (one of ``OFFSETS``), drawn among the five nearest; None when the bank is
    empty or all answered."""
    if rating is None:
        rating = (
            learner_rating(engine, learner_id, skill).rating
            if learner_id is not None
            else LEARNER_START.rating
        )
    found = nearest_unseen(engine, learner_id, skill, rating + OFFSETS[difficulty], how_many=5)
    if not found:
        return None
    chosen = (rng or random.Random()).choice(found)
    position: dict[str, str] = json.loads(chosen.position)
    return position
