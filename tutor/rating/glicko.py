"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one game at a time. Pure.

Why not the ``glicko2`` package from PyPI (2.1.0): its volatility step (``Player._f``) uses
the player's rating where Glickman's formula has the deviation, which Glickman's worked
example cannot show (its player is rated exactly 1500, 0 on the internal scale), so its
volatility depends on where on the scale a rating sits; its tau is a class attribute, it
mutates its players and has no clock for the time between games. This
module is the algorithm as published, checked against the worked example and against the
shift rule (moving every rating by the same amount moves the result by that amount), which
that package fails (``tests/tutor/rating/test_glicko.py``).

Each rated answer is one game between a learner and a question, as lichess rates a puzzle
attempt. The deviation grows with time between games as on lichess: ``RATING_PERIODS_PER_DAY``
periods a day (a steady player's deviation goes from 60 to 110 in a year).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

__all__ = [
    "CLUELESS_DEVIATION",
    "Glicko",
    "MAX_DEVIATION",
    "MAX_RATING",
    "MAX_RATING_DELTA",
    "MAX_VOLATILITY",
    "MIN_DEVIATION",
    "MIN_RATING",
    "PROVISIONAL_DEVIATION",
    "RATING_PERIODS_PER_DAY",
    "TAU",
    "expected_score",
    "rate",
    "rate_game",
]

SCALE: Final = 173.7178  # Glicko-2's internal unit: 400 / ln(10)
TAU: Final = 0.75  # how fast volatility may change (lichess's value)
MIN_RATING: Final = 400.0
MAX_RATING: Final = 4000.0
MIN_DEVIATION: Final = 45.0
MAX_DEVIATION: Final = 500.0
MAX_VOLATILITY: Final = 0.1
PROVISIONAL_DEVIATION: Final = 110.0  # a rating is provisional while its deviation is this or more
CLUELESS_DEVIATION: Final = 230.0  # lichess: a player this unsure of moves no puzzle (see finish)
MAX_RATING_DELTA: Final = 700.0  # one answer moves a question's rating by at most this
RATING_PERIODS_PER_DAY: Final = 0.21436
_EPSILON: Final = 1e-6


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating, its deviation (the uncertainty, one standard deviation) and its volatility."""

    rating: float
    deviation: float
    volatility: float

    @property
    def provisional(self) -> bool:
        """Whether the rating is still a first estimate (deviation ``PROVISIONAL_DEVIATION`` or more)."""
        return self.deviation >= PROVISIONAL_DEVIATION

    @property
    def clueless(self) -> bool:
        """Whether so little is known that this player's results say little about a question."""
        return self.deviation >= CLUELESS_DEVIATION

    def capped(self) -> Glicko:
        """Held to the bounds lichess keeps (rating 400-4000, deviation 45-500, volatility <= 0.1).

        >>> Glicko(120.0, 20.0, 0.3).capped()
        Glicko(rating=400.0, deviation=45.0, volatility=0.1)
        """
        return Glicko(
            min(max(self.rating, MIN_RATING), MAX_RATING),
            min(max(self.deviation, MIN_DEVIATION), MAX_DEVIATION),
            min(self.volatility, MAX_VOLATILITY),
        )

    def average(self, other: Glicko, weight: float) -> Glicko:
        """``weight`` of the way from this to ``other`` (each of the three numbers).

        >>> Glicko(1500, 100, 0.06).average(Glicko(1600, 80, 0.06), 0.5).rating
        1550.0
        """
        keep = 1.0 - weight
        return Glicko(
            self.rating * keep + other.rating * weight,
            self.deviation * keep + other.deviation * weight,
            self.volatility * keep + other.volatility * weight,
        )

    def aged(self, days: float) -> Glicko:
        """The deviation grown for ``days`` without a game (never above ``MAX_DEVIATION``).

        >>> round(Glicko(1500, 60, 0.06).aged(365).deviation)
        110
        """
        if days <= 0:
            return self
        phi = self.deviation / SCALE
        grown = math.sqrt(phi**2 + self.volatility**2 * days * RATING_PERIODS_PER_DAY) * SCALE
        return replace(self, deviation=min(grown, MAX_DEVIATION))


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi**2 / math.pi**2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Glicko, opponent: Glicko) -> float:
    """The player's expected score against ``opponent`` (Glicko-2's E, with its deviation).

    >>> expected_score(Glicko(1500, 50, 0.06), Glicko(1500, 50, 0.06))
    0.5
    """
    return _e(
        (player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.deviation / SCALE
    )


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of Glickman's paper: the Illinois algorithm on f(x)."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(
    player: Glicko,
    games: Iterable[tuple[Glicko, float]],
    tau: float = TAU,
    periods: float = 1.0,
) -> Glicko:
    """The player's rating after one rating period of ``games`` (opponent, score 0-1).

    ``periods``: how many rating periods the deviation grows by in step 6 (Glickman's example
    is one; a single answer rated at once, as lichess rates a puzzle, grows it only for the
    time since the player's last game). Not capped: see :meth:`Glicko.capped`.

    Glickman's worked example (tau 0.5):

    >>> after = rate(
    ...     Glicko(1500, 200, 0.06),
    ...     [(Glicko(1400, 30, 0.06), 1), (Glicko(1550, 100, 0.06), 0), (Glicko(1700, 300, 0.06), 0)],
    ...     tau=0.5,
    ... )
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu, phi = (player.rating - 1500) / SCALE, player.deviation / SCALE
    played = [((o.rating - 1500) / SCALE, o.deviation / SCALE, s) for o, s in games]
    if not played:
        return player.aged(periods / RATING_PERIODS_PER_DAY)
    v_inverse = 0.0
    improvement = 0.0
    for mu_j, phi_j, score in played:
        expected = _e(mu, mu_j, phi_j)
        v_inverse += _g(phi_j) ** 2 * expected * (1 - expected)
        improvement += _g(phi_j) * (score - expected)
    v = 1.0 / v_inverse
    sigma = _new_volatility(player.volatility, phi, v, v * improvement, tau)
    phi_star = math.sqrt(phi**2 + periods * sigma**2)
    phi_new = 1.0 / math.sqrt(1.0 / phi_star**2 + 1.0 / v)
    mu_new = mu + phi_new**2 * improvement
    return Glicko(mu_new * SCALE + 1500, phi_new * SCALE, sigma)


def rate_game(
    player: Glicko, opponent: Glicko, score: float, periods: float = 0.0
) -> tuple[Glicko, Glicko]:
    """One game, both sides rated against the other's rating before it: (player, opponent).

    ``score`` is the player's (0-1); the opponent scores ``1 - score``.

    >>> me, puzzle = rate_game(Glicko(1500, 200, 0.09), Glicko(1500, 200, 0.09), 1.0)
    >>> round(me.rating - 1500) == round(1500 - puzzle.rating) > 0
    True
    """
    return (
        rate(player, [(opponent, score)], periods=periods),
        rate(opponent, [(player, 1.0 - score)], periods=periods),
    )
