"""Grades for a decision: best, good, inaccuracy, mistake, blunder.

A decision is graded by what it gave up against the best choice: expected points (for minus
against), or, when a side can reach the target in the deal (the win view), the chance to win.

============  ======================  ======================
grade         points lost below       win chance lost below
============  ======================  ======================
best          0.05                    0.5 points of %
good          0.30                    1.5
inaccuracy    0.80                    4
mistake       2.00                    10
blunder       (2.00 or more)          (10 or more)
============  ======================  ======================

The point limits were set so that the hard bot, graded by the expert's evaluations, makes
about no mistakes a game (see ``benchmarks/bench_review.py`` and the README). A figure that
comes from simulation (the crib tables) carries a standard error: a loss within its 95% band
(1.96 standard errors) is never worse than an inaccuracy, because it may be noise.

>>> grade(0.0), grade(0.4), grade(1.2), grade(3.0)
(<Grade.BEST: 'best'>, <Grade.INACCURACY: 'inaccuracy'>, <Grade.MISTAKE: 'mistake'>, <Grade.BLUNDER: 'blunder'>)
>>> grade(1.2, se=0.7)              # within 1.96 standard errors: perhaps only noise
<Grade.INACCURACY: 'inaccuracy'>
>>> grade(0.1, win_lost=0.12)       # near the end the chance to win decides
<Grade.BLUNDER: 'blunder'>
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["Grade", "POINT_LIMITS", "WIN_LIMITS", "NOISE_Z", "NEAR_TIE", "grade", "within_noise"]


class Grade(enum.StrEnum):
    """How good a decision was, best first."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def is_error(self) -> bool:
        """A mistake or a blunder."""
        return self in (Grade.MISTAKE, Grade.BLUNDER)


#: Points lost below which a decision is best, good, an inaccuracy, a mistake (else a blunder).
POINT_LIMITS: Final = (0.05, 0.30, 0.80, 2.00)
#: The same in chance to win lost (fractions), used where the win view applies.
WIN_LIMITS: Final = (0.005, 0.015, 0.04, 0.10)
#: Standard errors a loss must exceed to be called a mistake (95%, two-sided).
NOISE_Z: Final = 1.96
#: Options within this many points of the best (and no win chance apart) are a near tie: such a
#: decision had no real choice, and the skill figure leaves it out.
NEAR_TIE: Final = 0.05

_ORDER: Final = (Grade.BEST, Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE)


def within_noise(points_lost: float, se: float) -> bool:
    """Whether a loss is within the 95% band of its standard error."""
    return se > 0 and points_lost <= NOISE_Z * se


def grade(points_lost: float, win_lost: float | None = None, se: float = 0.0) -> Grade:
    """The grade of a decision that lost ``points_lost`` expected points (and ``win_lost`` chance to win).

    ``win_lost`` is given where the win view applies and then decides; ``se`` is the standard
    error of ``points_lost`` when it comes from simulation.
    """
    if win_lost is not None:
        loss, limits = win_lost, WIN_LIMITS
    else:
        loss, limits = points_lost, POINT_LIMITS
    result = Grade.BLUNDER
    for limit, name in zip(limits, _ORDER):
        if loss < limit - 1e-12:
            result = name
            break
    if win_lost is None and result.is_error and within_noise(points_lost, se):
        result = Grade.INACCURACY
    return result
