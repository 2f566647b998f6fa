"""Simulated learners of known skill answering a bank of known difficulty. Pure.

The check the ratings must pass (``tests/tutor/rating/test_simulation.py``,
``benchmarks/bench_ratings.py``): each learner answers each question right with the logistic
chance of the Elo scale, ``1 / (1 + 10 ** ((difficulty - skill) / 400))``, and in a time that
is quicker the stronger the learner is than the question; a right answer is scored with its
time as a real count is (:func:`tutor.rating.finish.count_score`). Questions are served as
"practise at my level" serves them: the unseen question nearest the learner's rating. Each
question starts at a feature estimate (its true difficulty plus noise); every learner starts
where real learners do (:data:`tutor.rating.skills.LEARNER_START`). The learners take turns,
so questions are rated while the learners are.
"""

from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass

from tutor.rating.finish import count_score, finish, quick_seconds
from tutor.rating.glicko import Glicko
from tutor.rating.skills import LEARNER_START

__all__ = ["Outcome", "simulate", "spearman"]

ITEM_DEVIATION = 300.0  # how sure a feature estimate is (an item's first deviation)


@dataclass(frozen=True)
class Outcome:
    """What the simulation found: learners' (truth, rating) and questions' (truth, rating)."""

    learners: list[tuple[float, Glicko]]
    items: list[tuple[float, Glicko, int]]  # truth, rating, times answered

    def learner_spearman(self) -> float:
        return spearman([t for t, _ in self.learners], [g.rating for _, g in self.learners])

    def share_within(self, points: float) -> float:
        close = [abs(t - g.rating) <= points for t, g in self.learners]
        return sum(close) / len(close)

    def item_correlation(self, min_plays: int = 1) -> float:
        played = [(t, g.rating) for t, g, n in self.items if n >= min_plays]
        return pearson([t for t, _ in played], [r for _, r in played])


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    for rank, index in enumerate(order):
        ranks[index] = float(rank)
    return ranks


def pearson(a: list[float], b: list[float]) -> float:
    """Pearson's correlation of two equally long lists."""
    n = len(a)
    mean_a, mean_b = sum(a) / n, sum(b) / n
    cov = sum((x - mean_a) * (y - mean_b) for x, y in zip(a, b, strict=True))
    var_a = sum((x - mean_a) ** 2 for x in a)
    var_b = sum((y - mean_b) ** 2 for y in b)
    return cov / math.sqrt(var_a * var_b)


def spearman(a: list[float], b: list[float]) -> float:
    """Spearman's rank correlation (no ties expected: continuous values).

    >>> spearman([1, 2, 3], [10, 30, 20])
    0.5
    """
    return pearson(_ranks(a), _ranks(b))


def simulate(
    learners: int = 100,
    answers: int = 300,
    items: int = 3000,
    seed: int = 1,
    estimate_noise: float = 200.0,
) -> Outcome:
    """Run the simulation; true skills 500-2300, true difficulties 400-2600."""
    rng = random.Random(seed)
    truth = [rng.uniform(400, 2600) for _ in range(items)]
    combos = [rng.randint(1, 12) for _ in range(items)]
    ratings = [
        Glicko(min(max(t + rng.gauss(0, estimate_noise), 400), 2600), ITEM_DEVIATION, 0.09)
        for t in truth
    ]
    plays = [0] * items
    skills = [rng.uniform(500, 2300) for _ in range(learners)]
    players = [LEARNER_START] * learners
    seen: list[set[int]] = [set() for _ in range(learners)]
    for _ in range(answers):
        by_rating = sorted(range(items), key=lambda i: ratings[i].rating)
        keys = [ratings[i].rating for i in by_rating]
        for who in range(learners):
            target = players[who].rating
            at = bisect.bisect_left(keys, target)
            lo, hi = at - 1, at
            chosen = None
            while chosen is None:  # the nearest unseen question, searched outwards
                below = by_rating[lo] if lo >= 0 else None
                above = by_rating[hi] if hi < items else None
                near_below = below is not None and (
                    above is None or target - keys[lo] <= keys[hi] - target
                )
                pick = below if near_below else above
                if near_below:
                    lo -= 1
                else:
                    hi += 1
                if pick is not None and pick not in seen[who]:
                    chosen = pick
            gap = truth[chosen] - skills[who]
            right = rng.random() < 1.0 / (1.0 + 10 ** (gap / 400))
            quick = quick_seconds(combos[chosen])
            seconds = quick * 2 ** (gap / 400) * math.exp(rng.gauss(0, 0.25))
            score = count_score(right, seconds, combos[chosen])
            after = finish(players[who], ratings[chosen], score)
            players[who], ratings[chosen] = after.learner, after.question
            plays[chosen] += 1
            seen[who].add(chosen)
    return Outcome(
        list(zip(skills, players, strict=True)),
        list(zip(truth, ratings, plays, strict=True)),
    )
