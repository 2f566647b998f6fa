"""Deal seeds: every quiz deal and every game is a pure function of one whole number.

Seeds run from 1 to :data:`MAX_SEED`: nine digits at most, short enough to read out or to
type into an address (``?seed=``). Pure Python: the page shell (``tutor.frame.urlstate``)
draws fresh seeds with :func:`draw_seed`, and so does the weak-spot drill
(``tutor.quiz.drill``) from its own seeded generator.
"""

from __future__ import annotations

import random
from typing import Final

__all__ = ["MAX_SEED", "draw_seed"]

#: The largest seed a deal is given (and the largest ``?seed=`` the pages accept).
MAX_SEED: Final = 999_999_999


def draw_seed(rng: random.Random) -> int:
    """A seed from 1 to :data:`MAX_SEED`, drawn from ``rng``.

    >>> seed = draw_seed(random.Random(1))
    >>> seed == draw_seed(random.Random(1)), 1 <= seed <= MAX_SEED
    (True, True)
    """
    return rng.randint(1, MAX_SEED)
