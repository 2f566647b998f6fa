"""The item banks: a few thousand seeded questions a skill, each with its first rating. Pure.

A bank question is an ordinary seeded deal (the same ``?seed=`` every page already takes),
so a bank question is also a shareable link, and a fresh random deal is a question like any
other: it gets its row, rated from its features, when it is first answered. The banks'
seeds come from one fixed generator, so every database builds the same banks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Final

from cribbage_core.seats import Role
from cribbage_core.tables.peg_bank import bank_entry, load_bank
from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.peg_trainer import SPOT_WORDS
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor.rating.features import choice_rating, count_rating, lay_rating, pegging_rating
from tutor.rating.glicko import Glicko
from tutor.seeds import draw_seed
from tutor.store.reviews import position_text

__all__ = ["BANK_SIZE", "BANKED_SKILLS", "ITEM_DEVIATION", "bank_items", "first_rating"]

BANK_SIZE: Final = 3000
BANKED_SKILLS: Final = ("hand", "crib", "pegging", "discard", "peg_play")
ITEM_DEVIATION: Final = 300.0  # how sure a features' estimate is: a question's first deviation
_BANK_SEED: Final = 29


def first_rating(skill: str, position: Mapping[str, str]) -> Glicko:
    """The first rating of the question at ``position`` in ``skill``, from its features."""
    seed = int(position["seed"])
    if skill in ("hand", "crib"):
        focus = position.get("focus")
        deal = deal_hand(
            seed, is_crib=skill == "crib", focus=focus.replace("-", " ") if focus else None
        )
        rating = count_rating(deal.score)
    elif skill == "pegging":
        rating = pegging_rating(pegging_question(seed))
    elif skill == "discard":
        role = position.get("role")
        options = deal_discard(
            seed,
            players=int(position.get("players", "2")),
            role=Role(role) if role in ("dealer", "pone") else None,
            difficulty=position.get("level"),
        ).advice.options
        gap = options[0].net - options[1].net if len(options) > 1 else 10.0
        rating = choice_rating(gap)
    elif skill == "peg_play":  # every trainer position is a bank entry, its gap stored there
        kind = SPOT_WORDS.get(position.get("kind", ""))
        entry = bank_entry(seed, str(kind) if kind else None, position.get("level"))
        rating = lay_rating(entry.gap, entry.win)
    else:
        raise ValueError(f"no features rate a question of skill {skill!r}")
    return Glicko(rating, ITEM_DEVIATION, 0.09)


def bank_items(skill: str, size: int = BANK_SIZE) -> Iterator[tuple[str, Glicko]]:
    """The skill's bank: (position text, first rating), the same for every database.

    >>> [text for text, _ in bank_items("hand", 2)] == [text for text, _ in bank_items("hand", 2)]
    True
    """
    if skill == "peg_play":
        yield from _trainer_items(size)
        return
    rng = random.Random(f"{_BANK_SEED}:{skill}")
    for _ in range(size):
        seed = draw_seed(rng)
        position = {"seed": str(seed)}  # as the quizzes' positions spell a plain deal
        yield position_text(position), first_rating(skill, position)


def _trainer_items(size: int) -> Iterator[tuple[str, Glicko]]:
    """The Pegging trainer's bank (``cribbage_core.tables.peg_bank``): each of its positions
    once, under the first address that reaches it (its bucket's kind and difficulty and its
    place in the bucket as the seed), buckets in the file's order."""
    buckets, _positions = load_bank()
    word = {str(spot): slug for slug, spot in SPOT_WORDS.items()}
    seen: set[int] = set()
    for key, numbers in buckets.items():
        kind, level = key.split(":")
        for place, number in enumerate(numbers):
            if number in seen:
                continue
            seen.add(number)
            position = {
                "seed": str(place),
                **({"kind": word[kind]} if kind != "any" else {}),
                **({"level": level} if level != "any" else {}),
            }
            yield position_text(position), first_rating("peg_play", position)
            if len(seen) >= size:
                return
