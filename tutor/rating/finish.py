"""One first attempt at a question, rated as lichess rates a puzzle attempt. Pure.

The attempt is one Glicko-2 game between the learner and the question (both rated against
the other's rating before it). Then, as in lichess's ``PuzzleFinisher``:

* the result is weighted by how much the question gives its answer away: a question dealt
  for one feature the learner chose (a count's focus, a trainer's kind of position) is a
  hinting theme, weighted 0.2 on a right answer and 0.7 on a wrong one; any other counts
  fully (lichess's "mix");
* the learner moves ``weight`` of the way to the new rating. lichess also takes 0.2 (right)
  or 0.7 (wrong) off that weight while the puzzle's rating is provisional; here it does not:
  the larger discount on losses lifts every rating, and in the simulation
  (:mod:`tutor.rating.simulate`) learners ended about 150 points above their true skill,
  only half of them within 150 points, against all but one in a hundred without it. A
  question's first rating is an estimate from its features, not a guess at 1500;
* the question moves by at most 700 points, held within the usual bounds, and not at all
  while the learner's own rating is provisional (deviation 110 or more). lichess waits
  only until 230 ("clueless"); every learner here starts at 800 and climbs, and a learner
  still climbing beats questions that are not easier than they are, which pulled the whole
  scale down: in the simulation, learners ended 94 points under their true skill with 230
  (85% within 150 points), 53 with 110 (99.5%).

Only a first attempt is rated: the store keeps one row per learner and question, so a replay,
a reload or a review item moves neither rating (``tutor.store.ratings``).

Speed counts for counts: :func:`count_score` turns a right count into a full win only when
it is quick; slower, it is a partial result (see its doc).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from tutor.rating.glicko import MAX_RATING_DELTA, RATING_PERIODS_PER_DAY, Glicko, rate_game

__all__ = ["Rated", "count_score", "finish", "quick_seconds", "weight_of"]

SLOW_FACTOR: Final = 3.0  # at three times the quick time a right count scores SLOW_SCORE
SLOW_SCORE: Final = 0.6


class Rated(NamedTuple):
    """The learner's and the question's ratings after an attempt (``question`` unchanged when
    the learner's rating is still too unsure to move it)."""

    learner: Glicko
    question: Glicko


def weight_of(hinting: bool, win: bool) -> float:
    """lichess's weight of a result: 1 for a mixed question, 0.2 / 0.7 for a hinting theme.

    >>> weight_of(False, True), weight_of(True, True), weight_of(True, False)
    (1.0, 0.2, 0.7)
    """
    if not hinting:
        return 1.0
    return 0.2 if win else 0.7


def finish(
    learner: Glicko,
    question: Glicko,
    score: float,
    hinting: bool = False,
    days_idle: float = 0.0,
) -> Rated:
    """Rate one first attempt: the learner's ``score`` (0 wrong to 1 right and quick).

    ``days_idle``: days since the learner's last rated answer in this skill (the deviation
    grows meanwhile).

    >>> after = finish(Glicko(800, 400, 0.09), Glicko(900, 300, 0.09), 1.0)
    >>> after.learner.rating > 800, after.question == Glicko(900, 300, 0.09)  # provisional
    (True, True)
    >>> settled = finish(Glicko(1500, 80, 0.06), Glicko(1500, 80, 0.06), 0.0)
    >>> settled.learner.rating < 1500 < settled.question.rating
    True
    """
    win = score >= 0.5
    periods = max(days_idle, 0.0) * RATING_PERIODS_PER_DAY
    new_learner, new_question = rate_game(learner, question, score, periods=periods)
    weight = weight_of(hinting, win)
    learner_after = learner.average(new_learner.capped(), weight)
    if learner.provisional:
        return Rated(learner_after.capped(), question)
    moved = min(
        max(new_question.rating, question.rating - MAX_RATING_DELTA),
        question.rating + MAX_RATING_DELTA,
    )
    held = Glicko(moved, new_question.deviation, new_question.volatility).capped()
    return Rated(learner_after.capped(), question.average(held, weight).capped())


def quick_seconds(combinations: int) -> float:
    """How long a quick count of a hand with ``combinations`` scoring combinations takes:
    5 seconds to see the cards and 2.5 seconds a combination.

    >>> quick_seconds(0), quick_seconds(4)
    (5.0, 15.0)
    """
    return 5.0 + 2.5 * combinations


def count_score(correct: bool, seconds: float | None, combinations: int) -> float:
    """A count's result for its rating: 0 when wrong; right within the quick time
    (:func:`quick_seconds`), 1; slower, less, down to 0.6 at three times the quick time and
    beyond (a right but slow count still beats the question, by less). Unknown time: 1.

    >>> count_score(False, 3, 2), count_score(True, 8, 2), count_score(True, 60, 2)
    (0.0, 1.0, 0.6)
    >>> count_score(True, 20, 2)
    0.8
    """
    if not correct:
        return 0.0
    quick = quick_seconds(combinations)
    if seconds is None or seconds <= quick:
        return 1.0
    slow = quick * SLOW_FACTOR
    if seconds >= slow:
        return SLOW_SCORE
    return round(1.0 - (1.0 - SLOW_SCORE) * (seconds - quick) / (slow - quick), 3)
