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
import weakref
from collections.abc import Mapping, Sequence

from sqlalchemy.engine import Engine

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.rating.bank import BANK_SIZE, bank_items, first_rating
from tutor.rating.finish import count_score, finish
from tutor.rating.glicko import Glicko
from tutor.rating.skills import LEARNER_START, OFFSETS, skill_of
from tutor.store import Learner, Store
from tutor.store.ratings import (
    RatedAnswer,
    Rating,
    SkillRating,
    add_bank_items,
    bank_size,
    first_attempt_ratings,
    nearest_unseen,
    rate_first_attempt,
    rating_history,
    skill_ratings,
)
from tutor.store.reviews import position_text

__all__ = [
    "RATED_KINDS",
    "attempt_score",
    "ensure_bank",
    "learner_rating",
    "next_position",
    "rate_answer",
    "rate_attempt",
    "store_bank_position",
    "store_history",
    "store_question_ratings",
    "store_next_position",
    "store_rating",
]


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

    rated = rate_first_attempt(
        engine, learner_id, skill, position_text(position), _tuple(start), score, rate, when
    )
    if rated is not None and rated.before is None:  # the first rated answer in the skill
        rated = rated._replace(before=_tuple(LEARNER_START))
    return rated


def learner_rating(engine: Engine, learner_id: int, skill: str) -> Glicko:
    """The learner's rating in ``skill`` (where learners start, before the first answer)."""
    found = skill_ratings(engine, learner_id).get(skill)
    return LEARNER_START if found is None else Glicko(*found[:3])


#: The banks found full, by database: a bank is never emptied, so a page need not count its
#: rows again on every "Next" (one query a question, of about a dozen).
_FULL: weakref.WeakKeyDictionary[Engine, dict[str, int]] = weakref.WeakKeyDictionary()


def ensure_bank(engine: Engine, skill: str, size: int = BANK_SIZE) -> int:
    """Build the skill's bank once (a second call finds it full); returns its size."""
    full = _FULL.setdefault(engine, {})
    if full.get(skill, 0) >= size:
        return full[skill]
    have = bank_size(engine, skill)
    if have < size:
        add_bank_items(engine, skill, ((t, _tuple(g)) for t, g in bank_items(skill, size)))
        have = bank_size(engine, skill)
    full[skill] = have
    return have


_RATINGS = "skill ratings"  # the key of a learner's ratings kept for a run


def _kept_ratings(store: Store, engine: Engine, learner_id: int) -> dict[str, SkillRating]:
    """The learner's ratings, read once a script run (the level panel and the next question
    both ask; a rated answer forgets them)."""
    return store.kept_read((_RATINGS, learner_id), lambda: skill_ratings(engine, learner_id))


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


#: The quiz kinds whose first attempts are rated so far (their questions' features are known
#: from the position alone).
RATED_KINDS = ("hand", "crib", "pegging", "discard", "peg_trainer")


def attempt_score(
    kind: str, position: Mapping[str, str], correct: bool, seconds: float | None
) -> float:
    """The result an attempt counts as: a count's with its speed (``finish.count_score``),
    else 1 right, 0 wrong."""
    if kind in ("hand", "crib"):
        focus = position.get("focus")
        deal = deal_hand(
            int(position["seed"]),
            is_crib=kind == "crib",
            focus=focus.replace("-", " ") if focus else None,
        )
        return count_score(correct, seconds, len(deal.score.items))
    return 1.0 if correct else 0.0


def rate_attempt(
    store: Store,
    name: str,
    kind: str,
    position: Mapping[str, str],
    correct: bool,
    seconds: float | None,
) -> RatedAnswer | None:
    """Rate a named learner's first attempt on a quiz page (None: not rated, answered before,
    or the database is down). A question dealt for a focus the learner chose is hinting."""
    skill = skill_of(kind)
    if kind not in RATED_KINDS or skill is None:
        return None
    score = attempt_score(kind, position, correct, seconds)

    def work(engine: Engine, learner: Learner) -> RatedAnswer | None:
        store.forget_read((_RATINGS, learner.id))
        return rate_answer(engine, learner.id, skill, position, score, hinting="focus" in position)

    rated: RatedAnswer | None = store._for_learner(name, work, None, writes=True)  # noqa: SLF001
    return rated


def store_rating(store: Store, name: str | None, skill: str) -> tuple[Glicko, int]:
    """The learner's rating in ``skill`` and how many answers made it (the start, 0, for
    no name or a database that is down)."""
    if not name:
        return LEARNER_START, 0

    def work(engine: Engine, learner: Learner) -> tuple[Glicko, int]:
        found = _kept_ratings(store, engine, learner.id).get(skill)
        if found is None:
            return LEARNER_START, 0
        return Glicko(*found[:3]), found.answers

    result: tuple[Glicko, int] = store._for_learner(name, work, (LEARNER_START, 0))  # noqa: SLF001
    return result


def store_next_position(
    store: Store, name: str | None, skill: str, difficulty: str, rng: random.Random
) -> dict[str, str] | None:
    """:func:`next_position` for a named learner (or a visitor, at the start), building the
    skill's bank on first use; None when the database is down."""

    def pick(engine: Engine, learner_id: int | None) -> dict[str, str] | None:
        ensure_bank(engine, skill)
        found = None if learner_id is None else _kept_ratings(store, engine, learner_id).get(skill)
        rating = LEARNER_START.rating if found is None else found.rating
        return next_position(engine, learner_id, skill, difficulty, rng, rating=rating)

    if not name:
        return store._run(lambda engine: pick(engine, None), None, writes=True)  # noqa: SLF001
    found: dict[str, str] | None = store._for_learner(  # noqa: SLF001
        name, lambda engine, learner: pick(engine, learner.id), None, writes=True
    )
    return found


def store_bank_position(
    store: Store, skill: str, target: float, skip: Sequence[str], rng: random.Random
) -> dict[str, str] | None:
    """A bank question of ``skill`` near the rating ``target``, none of ``skip`` (position
    texts), drawn among the five nearest, for anyone (the counting rush); None when the
    database is down."""

    def pick(engine: Engine) -> dict[str, str] | None:
        ensure_bank(engine, skill)
        found = nearest_unseen(engine, None, skill, target, how_many=5, skip=skip)
        if not found:
            return None
        position: dict[str, str] = json.loads(rng.choice(found).position)
        return position

    found: dict[str, str] | None = store._run(pick, None, writes=True)  # noqa: SLF001
    return found


def store_history(store: Store, name: str | None) -> list[tuple[str, dt.date, float, float]]:
    """The learner's (skill, day, rating, deviation) at the end of each day a skill was rated,
    oldest first ([] for no name or a database that is down)."""
    if not name:
        return []
    found: list[tuple[str, dt.date, float, float]] = store._for_learner(  # noqa: SLF001
        name, lambda engine, learner: rating_history(engine, learner.id), []
    )
    return found


def store_question_ratings(store: Store, name: str | None) -> dict[tuple[str, str], float]:
    """{(skill, seed): rating now} of the questions the learner answered first ({} for no name
    or a database that is down). A seed dealt for two focuses keeps the lower rating."""
    if not name:
        return {}
    rows: list[tuple[str, str, float]] = store._for_learner(  # noqa: SLF001
        name, lambda engine, learner: first_attempt_ratings(engine, learner.id), []
    )
    found: dict[tuple[str, str], float] = {}
    for skill, position, rating in rows:
        seed = str(json.loads(position).get("seed", ""))
        key = (skill, seed)
        found[key] = min(rating, found.get(key, rating))
    return found
