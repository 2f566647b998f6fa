"""Every computer player, and matches between them.

- :mod:`~cribbage_core.bots.base`: the :class:`Bot` protocol, the level names, :func:`bots_move`;
- :mod:`~cribbage_core.bots.heuristic`: easy, medium and hard, the levels a learner plays;
- :mod:`~cribbage_core.bots.expert`: the coach's expert, which plays by the coach's values;
- :mod:`~cribbage_core.bots.selfplay` and :mod:`~cribbage_core.bots.tournament`: bots against
  bots, for the win table and the validation runs.

>>> make_bot("expert").name
'expert'
"""

from __future__ import annotations

from cribbage_core.bots.base import BOT_LEVELS, BOT_NAMES, Bot, bots_move, check_level
from cribbage_core.bots.expert import ExpertBot
from cribbage_core.bots.heuristic import EasyBot, HardBot, MediumBot, ThinkingBot, peg_points

__all__ = [
    "Bot",
    "make_bot",
    "bots_move",
    "check_level",
    "BOT_LEVELS",
    "BOT_NAMES",
    "EasyBot",
    "MediumBot",
    "HardBot",
    "ThinkingBot",
    "ExpertBot",
    "peg_points",
]


def make_bot(level: str, seed: int | None = None) -> Bot:
    """A bot by name (one of :data:`BOT_NAMES`); ``seed`` fixes its tie-breaks (the expert has none).

    >>> make_bot("expert").name
    'expert'
    """
    name = check_level(level, BOT_NAMES)
    if name in ("expert", "expert-plays-only"):
        return ExpertBot(seed, discard_evidence=name == "expert")
    bots: dict[str, type[EasyBot] | type[MediumBot] | type[HardBot]] = {
        "easy": EasyBot,
        "medium": MediumBot,
        "hard": HardBot,
    }
    return bots[name](seed)
