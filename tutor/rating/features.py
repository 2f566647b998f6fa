"""A question's first rating, from what makes it hard. Pure.

Before anyone has answered a question its rating is estimated from its features; answers
then move it (:mod:`tutor.rating.finish`). The same features give a fresh random deal its
rating, so a deal outside the banks is rated like the bank's deals of its kind.

* A count (hand or crib): each scoring combination to find adds to it; a double run (each
  run counted again for a repeated rank), a fifteen of four or five cards and nobs add more,
  for they are what learners miss; so does a flush trap (four crib cards of one suit with
  a starter of another score no flush, as three hand cards and the starter do not).
* A pegging quiz question: each kind the card scores, a run of four or more, and a go or
  last card scored alongside the card's own points.
* A choice (a discard, a card to lay): the closer the second-best option, the harder it is
  to find the best; a wide gap makes an easy question. A card to lay valued by the chance to
  win (near the end of a game) has its gap put in points by the trainer's own two scales:
  a clear winner is a point ahead, or 5% of the chance to win, so 1% counts as 0.2 points.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Final

from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HandScore
from cribbage_core.teaching.peg_trainer import FAR_GAP, FAR_WIN_GAP
from cribbage_core.teaching.pegging_quiz import PeggingQuestion

__all__ = [
    "CountFeatures",
    "choice_rating",
    "count_features",
    "count_rating",
    "lay_rating",
    "pegging_rating",
]

FLOOR: Final = 400.0
CEILING: Final = 2600.0


def _bounded(value: float) -> float:
    return round(min(max(value, FLOOR), CEILING), 1)


class CountFeatures(tuple[int, int, int, int, int]):
    """(combinations, double runs, four-card fifteens, nobs, flush trap) of a counted hand."""

    __slots__ = ()

    @property
    def combinations(self) -> int:
        return self[0]

    @property
    def double_runs(self) -> int:
        return self[1]

    @property
    def long_fifteens(self) -> int:
        return self[2]

    @property
    def nobs(self) -> int:
        return self[3]

    @property
    def flush_trap(self) -> int:
        return self[4]


def count_features(score: HandScore) -> CountFeatures:
    """The features of a count that make it hard.

    >>> from cribbage_core import score_hand
    >>> tuple(count_features(score_hand("3H 3S 4C 5D", "JS")))  # a double run; 3+3+4+5 and 5+J
    (5, 1, 1, 0, 0)
    >>> tuple(count_features(score_hand("2H 4H 6H 8H", "KS", is_crib=True)))
    (0, 0, 0, 0, 1)
    """
    runs = Counter(len(item.cards) for item in score.of_kind(ScoreKind.RUN))
    double_runs = sum(n - 1 for n in runs.values())
    long_fifteens = sum(1 for item in score.fifteens if len(item.cards) >= 4)
    nobs = len(score.of_kind(ScoreKind.NOBS))
    suits = Counter(card.suit for card in score.hand)
    top_suit, in_suit = suits.most_common(1)[0]
    flush = bool(score.of_kind(ScoreKind.FLUSH))
    trap = not flush and (
        (score.is_crib and in_suit == 4)
        or (in_suit == 3 and score.starter.suit == top_suit)  # three and the starter: no flush
    )
    return CountFeatures((len(score.items), double_runs, long_fifteens, nobs, int(trap)))


def count_rating(score: HandScore) -> float:
    """A count's first rating: 600, plus 55 a combination, 180 a double run, 140 a fifteen of
    four or more cards, 120 for nobs and 250 for a flush trap (400 to 2600).

    >>> from cribbage_core import score_hand
    >>> count_rating(score_hand("2C 9D KH 4S", "7H")) < count_rating(score_hand("3H 3S 4C 5D", "JS"))
    True
    """
    f = count_features(score)
    return _bounded(
        600
        + 55 * f.combinations
        + 180 * f.double_runs
        + 140 * f.long_fifteens
        + 120 * f.nobs
        + 250 * f.flush_trap
    )


def pegging_rating(question: PeggingQuestion) -> float:
    """A pegging question's first rating: 650, plus 150 for each kind scored after the first,
    100 for a run of four or more and 120 for a go or last card besides the card's points."""
    kinds = {k for k in question.kinds if k not in ("combination", "nothing")}
    long_run = any(k.startswith("run of") and int(k.rsplit(" ", 1)[1]) >= 4 for k in kinds)
    go_too = bool(question.go_kind) and len(kinds) >= 2
    return _bounded(650 + 150 * max(len(kinds) - 1, 0) + 100 * long_run + 120 * go_too)


def choice_rating(gap: float) -> float:
    """A choice's first rating from how far (in points) the second-best option is behind.

    >>> choice_rating(0.05) > choice_rating(1.0) > choice_rating(5.0)
    True
    """
    return _bounded(1700 - 450 * math.log1p(max(gap, 0.0) * 2))


def lay_rating(gap: float, win: bool) -> float:
    """A card to lay's first rating: :func:`choice_rating` of its gap, a gap in the chance to
    win (``win``) first put in points (:data:`FAR_WIN_GAP` of the chance is :data:`FAR_GAP`).

    >>> lay_rating(0.05, win=True) == choice_rating(1.0) == lay_rating(1.0, win=False)
    True
    """
    return choice_rating(gap * FAR_GAP / FAR_WIN_GAP if win else gap)
