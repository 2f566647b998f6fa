"""The bots' typical skill figures: what a game review gives each bot, on average, per real decision.

``cribbage_core/tables/data/bot_skill.json`` is made by ``scripts/make_bot_skill.py`` (the method and the
run are in its header): games to 121 of each bot against the hard bot, the bot's seat reviewed by
:func:`cribbage_core.coach.game_review.analyse_game`; the figure is the mean over games of
:attr:`~cribbage_core.coach.game_review.SeatSummary.skill` (expected points lost per decision with a real
choice), with its standard error. A learner's figure is read beside them.

>>> figures = bot_skill()
>>> figures["easy"].skill > figures["medium"].skill > figures["hard"].skill > 0
True
>>> figures["hard"].se < figures["hard"].skill and figures["hard"].games >= 80
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

__all__ = ["LEVELS", "OPPONENT", "TABLE_PATH", "BotSkill", "bot_skill"]

TABLE_PATH: Final = Path(__file__).resolve().parent / "data" / "bot_skill.json"
#: The bots measured, weakest first.
LEVELS: Final = ("easy", "medium", "hard", "expert")
#: The opponent of every measured game.
OPPONENT: Final = "hard"


@dataclass(frozen=True, slots=True)
class BotSkill:
    """One bot's typical figure: the mean skill figure of its games, its standard error, how many games."""

    level: str
    skill: float
    se: float
    games: int

    @property
    def game_sd(self) -> float:
        """The spread of one game's figure at this level: the games' standard deviation
        (``se`` times the square root of ``games``).

        >>> round(BotSkill("hard", 0.1, 0.006, 100).game_sd, 3)
        0.06
        """
        return self.se * math.sqrt(self.games)


@lru_cache(maxsize=1)
def bot_skill(path: Path = TABLE_PATH) -> dict[str, BotSkill]:
    """Each measured bot's typical skill figure, by level (weakest first)."""
    with path.open(encoding="utf-8") as f:
        figures = json.load(f)["figures"]
    return {
        level: BotSkill(
            level,
            float(figures[level]["skill"]),
            float(figures[level]["se"]),
            int(figures[level]["games"]),
        )
        for level in LEVELS
        if level in figures
    }
