"""Grades for a decision: best, good, inaccuracy, mistake, blunder.

A decision is graded by what it gave up against the best choice: expected points (for minus
against), or, when a side can reach the target in the deal (the win view), the chance to win.

============  ======================  ======================
grade         points lost below       win chance lost below
============  ======================  ======================
best          0.05                    0.5 points of %
good          0.30                    1.5
inaccuracy    1.50                    8
mistake       3.00                    16
blunder       (3.00 or more)          (16 or more)
============  ======================  ======================

Calibration: a mistake is what the hard bot, the strongest of the levels a learner plays,
seldom does. The hard bot was graded by the expert's evaluations over 380 games to 121
against itself (30 real choices a game, 7 of them in the win view). At the earlier limits
(0.8 points, 4 points of %) it made 0.83 mistakes a game, nearly all in the play (0.53 a
game), then the discard (0.13) and the win view (0.18). Those play "mistakes" are mostly the
model's, not the bot's: replayed to the end of the play against the opponent's true hand
(the seat then played by the expert, the opponent by the hard bot; 300 games), the hard
bot's plays graded 0.8 points or more lost 0.41 points on average (SE 0.27) where the
values said 1.17, and those graded 0.3-0.8 lost 0.09 (SE 0.13) for 0.49. The values model
the opponent as one fixed player (it lays the model's card 59% of the time where the hard
bot has a choice), and where a good player disagrees with them the truth lies between;
over every option, not only the hard bot's, the replays give 1.57 for 1.92 said. So the
mistake limits were raised to round figures the hard bot passes about once in ten games:
1.5 points (0.07 plays and 0.01 discards a game) and 8 points of % (0.06 a game), 0.13
mistakes a game in all; the blunder limits are twice those; best and good are unchanged (a
near tie and a small slip). A figure that comes from simulation (the crib tables) carries a
standard error: a loss within its 95% band (1.96 standard errors) is never worse than an
inaccuracy, because it may be noise. ``tests/core/coach/test_coach.py`` checks the calibration on a
few games.

Measured again once the pegging values read the opponent's discard (the expert's and the
grader's default; 300 of the same games, ``validation/bench_grades.py``): at these limits the
hard bot, which does not read it, makes 0.25 mistakes a game (0.167 play, 0.003 discard,
0.080 win view), and its plays graded 1.5 points or more lost 0.96 (SE 0.40) in the replays
for 1.95 said. The limits are kept (the README says why).

Close calls: a choice that gives up less than :data:`CLOSE_CALL` (0.30 points, the limit of
"good") or a loss within the noise of its simulated figure (:func:`within_noise`) is a close
call, accepted as right everywhere a choice is marked right or wrong (the first game, the
trainers, the review's retry round) and shown as "also good". Why 0.30: the figures are
expectations under a model of the opponent, and where the pegging values were replayed against
the opponent's true hands, plays they graded below 0.3 points lost 0.09 on average; the first
game's and the discard trainer's advisor counts the hand and the crib but not the play, which
moves a throw's worth by a few tenths. A strong player treats a few tenths as equal.

>>> close_call(0.22), close_call(0.4), close_call(0.9, se=0.5)
(True, False, True)
>>> grade(0.0), grade(0.4), grade(2.0), grade(3.5)
(<Grade.BEST: 'best'>, <Grade.INACCURACY: 'inaccuracy'>, <Grade.MISTAKE: 'mistake'>, <Grade.BLUNDER: 'blunder'>)
>>> grade(2.0, se=1.1)              # within 1.96 standard errors: perhaps only noise
<Grade.INACCURACY: 'inaccuracy'>
>>> grade(0.1, win_lost=0.17)       # near the end the chance to win decides
<Grade.BLUNDER: 'blunder'>
"""

from __future__ import annotations

import enum
from typing import Final

__all__ = [
    "CLOSE_CALL",
    "CLOSE_CALL_WIN",
    "Grade",
    "POINT_LIMITS",
    "WIN_LIMITS",
    "NOISE_Z",
    "NEAR_TIE",
    "close_call",
    "grade",
    "within_noise",
]


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
POINT_LIMITS: Final = (0.05, 0.30, 1.50, 3.00)
#: The same in chance to win lost (fractions), used where the win view applies.
WIN_LIMITS: Final = (0.005, 0.015, 0.08, 0.16)
#: Standard errors a loss must exceed to be called a mistake (95%, two-sided).
NOISE_Z: Final = 1.96
#: Options within this many points of the best (and no win chance apart) are a near tie: such a
#: decision had no real choice, and the skill figure leaves it out.
NEAR_TIE: Final = 0.05

#: A choice within this many points of the best is a close call, accepted as good (see above).
CLOSE_CALL: Final = POINT_LIMITS[1]
#: The same in chance to win (where the win view decides).
CLOSE_CALL_WIN: Final = WIN_LIMITS[1]

_ORDER: Final = (Grade.BEST, Grade.GOOD, Grade.INACCURACY, Grade.MISTAKE)


def within_noise(points_lost: float, se: float) -> bool:
    """Whether a loss is within the 95% band of its standard error."""
    return se > 0 and points_lost <= NOISE_Z * se


def close_call(points_lost: float, se: float = 0.0, win_lost: float | None = None) -> bool:
    """Whether a choice is a close call to the best: accepted as good (see the module docs)."""
    if win_lost is not None:
        return win_lost < CLOSE_CALL_WIN - 1e-12
    return points_lost < CLOSE_CALL - 1e-12 or within_noise(points_lost, se)


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
