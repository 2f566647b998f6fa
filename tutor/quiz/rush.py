"""A counting rush: three minutes to count as many hands as you can, as lichess's Puzzle Storm. Pure.

The run's clock is the server's: a run keeps when it started (``time.time()`` on the server,
passed in as ``now``), and every answer is timed against that, so a slow network, a reload or a
page left open cannot stop the clock, and an answer that arrives after the end counts for
nothing. The clock drawn in the browser only shows what the server keeps.

As in Puzzle Storm: each right count fills a combo bar; at 5 in a row it adds 3 seconds, at 12
five more, at 20 seven, at 30 ten, and ten for every ten after; a miss takes 10 seconds off
and empties the bar. Questions come from the hand count's bank easiest first, a little harder
each hand (:func:`target_rating`).

>>> run = start("r1", now=0.0)
>>> run.left(60.0)
120.0
>>> for n in range(5):
...     run = answer(run, "8", True, now=10.0 + n)
>>> run.score, run.combo, run.left(15.0)  # five in a row: +3 s
(5, 5, 168.0)
>>> run = answer(run, "9", False, now=20.0)
>>> run.combo, run.left(20.0), run.mistakes  # a miss: -10 s, the bar empty
(0, 153.0, ('9',))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

__all__ = [
    "COMBO_LEVELS",
    "MALUS_SECONDS",
    "RUN_SECONDS",
    "Rush",
    "answer",
    "bonus_at",
    "combo_progress",
    "start",
    "target_rating",
]

RUN_SECONDS: Final = 180.0
MALUS_SECONDS: Final = 10.0
#: Puzzle Storm's combo bar: (right answers in a row, seconds added when the bar reaches it).
COMBO_LEVELS: Final = ((5, 3.0), (12, 5.0), (20, 7.0), (30, 10.0))
_EVERY_AFTER: Final = 10  # past the last level, the bar fills every ten more and adds ten
#: The first hand's rating and how much harder each next one is (the count bank spans
#: about 600 to 1650: the fortieth hand is among its hardest).
FIRST_TARGET: Final = 600.0
TARGET_STEP: Final = 25.0


@dataclass(frozen=True, slots=True)
class Rush:
    """One run: when it started (server seconds), its length, the seconds the combo added
    and the misses took, the answers so far and the positions (seeds) served and missed."""

    run_id: str
    started: float
    length: float = RUN_SECONDS
    bonus: float = 0.0
    malus: float = 0.0
    combo: int = 0
    best_combo: int = 0
    score: int = 0
    answered: int = 0
    served: tuple[str, ...] = ()
    mistakes: tuple[str, ...] = ()

    def ends_at(self) -> float:
        """When the run ends, on the server's clock."""
        return self.started + self.length + self.bonus - self.malus

    def left(self, now: float) -> float:
        """Seconds left at ``now`` (0 once over)."""
        return max(0.0, self.ends_at() - now)

    def over(self, now: float) -> bool:
        """True once the time is up."""
        return self.left(now) <= 0.0


def start(run_id: str, now: float, length: float = RUN_SECONDS) -> Rush:
    """A new run starting at ``now``."""
    return Rush(run_id, float(now), float(length))


def bonus_at(combo: int) -> float:
    """The seconds added when the combo reaches ``combo`` (0: the bar is not full there).

    >>> [bonus_at(n) for n in (4, 5, 12, 20, 30, 35, 40, 50)]
    [0.0, 3.0, 5.0, 7.0, 10.0, 0.0, 10.0, 10.0]
    """
    for reach, seconds in COMBO_LEVELS:
        if combo == reach:
            return seconds
    last, seconds = COMBO_LEVELS[-1]
    if combo > last and (combo - last) % _EVERY_AFTER == 0:
        return seconds
    return 0.0


def combo_progress(combo: int) -> tuple[float, float]:
    """How full the combo bar is (0 to 1) and the seconds it adds when full.

    >>> combo_progress(0), combo_progress(16), combo_progress(35)
    ((0.0, 3.0), (0.5, 7.0), (0.5, 10.0))
    """
    low = 0
    for reach, seconds in COMBO_LEVELS:
        if combo < reach:
            return (combo - low) / (reach - low), seconds
        low = reach
    last, seconds = COMBO_LEVELS[-1]
    return ((combo - last) % _EVERY_AFTER) / _EVERY_AFTER, seconds


def answer(run: Rush, position: str, correct: bool, now: float) -> Rush:
    """The run after an answer to the hand at ``position`` given at ``now`` (server time);
    an answer once the time is up changes nothing."""
    if run.over(now):
        return run
    if not correct:
        return replace(
            run,
            malus=run.malus + MALUS_SECONDS,
            combo=0,
            answered=run.answered + 1,
            mistakes=(*run.mistakes, position),
        )
    combo = run.combo + 1
    return replace(
        run,
        bonus=run.bonus + bonus_at(combo),
        combo=combo,
        best_combo=max(run.best_combo, combo),
        score=run.score + 1,
        answered=run.answered + 1,
    )


def target_rating(run: Rush) -> float:
    """The rating of the next hand to serve: easiest first, a little harder each hand.

    >>> target_rating(start("r", 0.0)), target_rating(replace(start("r", 0.0), answered=10))
    (600.0, 850.0)
    """
    return FIRST_TARGET + TARGET_STEP * run.answered
