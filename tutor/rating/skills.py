"""The rated skills, which quiz kind rates which, and where a learner starts. Pure.

Six skills, each rated on its own (Glicko-2, :mod:`tutor.rating.glicko`): counting a hand,
counting a crib, the pegging quiz's points, pegging play (the Pegging trainer), discards
and whole games. A learner starts each skill where lichess starts a class's students: 800,
deviation 400, for the tutor is for learners; a few right answers lift a strong player
quickly, for the deviation is wide.
"""

from __future__ import annotations

from typing import Final

from tutor.rating.glicko import Glicko

__all__ = ["LEARNER_START", "OFFSETS", "SKILLS", "SKILL_OF_KIND", "skill_of"]

SKILLS: Final = ("hand", "crib", "pegging", "peg_play", "discard", "game")
#: The attempts' quiz kinds (``tutor.store.QUIZ_KINDS``) and the skill each rates.
SKILL_OF_KIND: Final = {
    "hand": "hand",
    "crib": "crib",
    "pegging": "pegging",
    "peg_trainer": "peg_play",
    "discard": "discard",
    "game": "game",
}
LEARNER_START: Final = Glicko(800.0, 400.0, 0.09)
#: lichess's five difficulties: how far above or below the learner's rating a question is served.
OFFSETS: Final = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}


def skill_of(kind: str) -> str | None:
    """The skill a quiz kind rates (None: not rated).

    >>> skill_of("peg_trainer"), skill_of("lesson")
    ('peg_play', None)
    """
    return SKILL_OF_KIND.get(kind)
