"""A game's performance figure on named bands, as backgammon players grade a whole game.

gnubg names a game's error rate by bands ("Supernatural" ... "Awful"); XG's PR is the equity
lost per non-obvious decision. Here the figure is the game review's skill figure
(:attr:`~cribbage_core.coach.game_review.SeatSummary.skill`): the mean expected points lost per
decision with a real choice. Forced plays (a single legal card, a go), near ties and counts are
left out, as XG leaves out obvious decisions, and exactly as the bots' typical figures
(:mod:`cribbage_core.tables.bot_skill`) were measured, so that the two read on one scale.

The bands are named by the bot level whose typical figure they hold; their edges are the
geometric midpoints between neighbouring levels' figures (the figures spread over a factor of
fifty, so a midpoint on a log scale is as far, as a ratio, from both). A game has few decisions
(about thirty), so its figure comes with a standard error and a range of two standard errors
either side (never below zero). The standard error is the larger of two estimates of how far one
game's figure strays: the standard deviation of its decisions' points lost over the square root
of their number, and the spread of the bots' single-game figures at the level of the band the
figure falls in (:attr:`~cribbage_core.tables.bot_skill.BotSkill.game_sd`). The first alone
is zero for a game without a point lost, which says nothing about the next game.
``validation/bench_bands.py`` (100 games to 121 a level against the hard bot, out of sample):
easy games land in their own band 100 times in 100, medium 93, hard 73 (12 medium, 15
expert-like), the expert 79 (20 hard); the range holds the level's own typical figure in 98, 93,
100 and 100 games (the first estimate alone held the expert's in 9 games of 20).

>>> edges = band_edges()
>>> [round(e, 3) for e in edges]
[0.706, 0.179, 0.054]
>>> band_of(0.31, edges), band_of(0.02, edges), band_of(5.0, edges)
('medium', 'expert', 'easy')
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from cribbage_core.coach.game_review import Decision, GameReview
from cribbage_core.tables.bot_skill import LEVELS, BotSkill, bot_skill

__all__ = ["RANGE_SE", "Performance", "band_edges", "band_of", "performance", "real_losses"]

#: The range shown is the figure plus or minus this many standard errors (about 95%).
RANGE_SE = 2.0


@dataclass(frozen=True, slots=True)
class Performance:
    """One seat's game as a figure on the bands.

    ``skill``: mean points lost per decision with a real choice; ``se``: its standard error
    (see the module docs);
    ``decisions``: how many real choices; ``low``/``high``: the range (``skill`` ± 2 ``se``,
    ``low`` at least 0); ``band``, ``low_band``, ``high_band``: the bot level whose band holds
    each of them (the same three when the whole range lies in one band).
    """

    skill: float
    se: float
    decisions: int
    low: float
    high: float
    band: str
    low_band: str
    high_band: str


def band_edges(figures: Mapping[str, BotSkill] | None = None) -> tuple[float, ...]:
    """The edges between the bands, weakest first: the geometric midpoint of each pair of
    neighbouring levels' typical figures (``easy``/``medium``, ``medium``/``hard``, ...)."""
    found = bot_skill() if figures is None else figures
    levels = [level for level in LEVELS if level in found]
    return tuple(math.sqrt(found[a].skill * found[b].skill) for a, b in pairwise(levels))


def band_of(
    skill: float, edges: Sequence[float] | None = None, levels: Sequence[str] = LEVELS
) -> str:
    """The level whose band holds ``skill`` (a figure on an edge goes to the stronger band)."""
    cut = band_edges() if edges is None else edges
    for level, edge in zip(levels, cut, strict=False):
        if skill > edge:
            return level
    return levels[len(cut)]


def real_losses(decisions: Sequence[Decision], seat: int) -> list[float]:
    """The points lost at each of ``seat``'s decisions with a real choice (the counts left out),
    the decisions the skill figure averages."""
    return [
        d.points_lost for d in decisions if d.seat == seat and d.kind != "count" and d.real_choice
    ]


def performance(review: GameReview, seat: int, edges: Sequence[float] | None = None) -> Performance:
    """``seat``'s performance figure in ``review``, its standard error, range and bands."""
    figures = bot_skill()
    cut = band_edges(figures) if edges is None else edges
    losses = real_losses(review.decisions, seat)
    skill = review.summary(seat).skill
    n = len(losses)
    within = statistics.stdev(losses) / math.sqrt(n) if n > 1 else 0.0
    band = band_of(skill, cut)
    se = max(within, figures[band].game_sd) if band in figures else within
    low = max(0.0, skill - RANGE_SE * se)
    high = skill + RANGE_SE * se
    return Performance(skill, se, n, low, high, band, band_of(low, cut), band_of(high, cut))
