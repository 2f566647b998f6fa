"""Progress statistics: pure pandas over the frames ``tutor.store`` reads (no Streamlit here).

Each function takes ``attempts_frame`` / ``games_frame`` output and returns a small table the
progress page shows as it is or charts (the words are ``tutor.progress.names``, the Altair
charts ``tutor.progress.charts`` and ``tutor.progress.skill``), or, for the weak-spot drill,
the weight of each category a learner keeps missing (:func:`weak_spot_weights`);
:func:`streaks` also counts the quiz pages' streaks, and :func:`theme_scores` scores each
area's themes as lichess scores them (Where I stand).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

import pandas as pd

from cribbage_core.kinds import ResultKind
from tutor.store import Store, naive_utc

WEAK_SPOT_HALF_LIFE_DAYS = 7.0
WEAK_SPOT_WINDOW = dt.timedelta(days=90)  # misses older than this are forgotten
#: The attempt columns :func:`weak_spot_weights` reads.
WEAK_SPOT_COLUMNS = ("kind", "categories", "categories_missed", "created_at")
#: The attempts' kind of a decision from the learner's games (``tutor.review.items``): no quiz answer.
GAME_DECISIONS: Final = "game"
#: Weak spots are kept apart by area, each fed by its own answers: the show (Count the hand),
#: the play's points (the pegging quiz), the pegging trainer's kinds of position, and the
#: decisions of the learner's games (discard, pegging play). A pair missed in the play is a
#: weak spot of the play only: it never steers the show's drill.
WEAK_SPOT_AREAS: Final = {
    "show": ("hand", "crib"),
    "play": ("pegging",),
    "trainer": ("peg_trainer",),
    "games": (GAME_DECISIONS,),
}


class Streaks(NamedTuple):
    """Right answers in a row: the run going on now, and the longest ever."""

    current: int
    best: int


def streaks(answers: Iterable[bool]) -> Streaks:
    """Current and best streak of right answers, given whether each answer was right, in order.

    The one streak count: the progress page's (stored attempts) and the quiz pages' (this visit).

    >>> streaks([True, True, False, True])
    Streaks(current=1, best=2)
    """
    current = best = 0
    for correct in answers:
        current = current + 1 if correct else 0
        best = max(best, current)
    return Streaks(current, best)


def recall_table(rows: Iterable[tuple[int, int, int]]) -> pd.DataFrame:
    """Recall on review per interval: (days since last asked, asked, right at the first try) rows
    (``Store.recall``) as a table with each interval's share right.

    >>> recall_table([(1, 4, 3), (3, 2, 2)]).to_dict("records")[0]
    {'interval_days': 1, 'asked': 4, 'right': 3, 'recall': 0.75}
    """
    table = pd.DataFrame(list(rows), columns=["interval_days", "asked", "right"])
    table["recall"] = (table["right"] / table["asked"]).round(3) if not table.empty else []
    return table


def _days(attempts: pd.DataFrame) -> pd.Series:
    return pd.to_datetime(attempts["created_at"]).dt.floor("D")


def summary_by_quiz(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per quiz kind: answered, right, accuracy (0-1) and mean seconds per answer."""
    if attempts.empty:
        return pd.DataFrame(columns=["kind", "answered", "right", "accuracy", "mean_seconds"])
    grouped = attempts.groupby("kind", sort=True)
    table = pd.DataFrame(
        {
            "answered": grouped["correct"].size(),
            "right": grouped["correct"].sum().astype(int),
            "mean_seconds": grouped["seconds"].mean().round(1),
        }
    )
    table["accuracy"] = (table["right"] / table["answered"]).round(3)
    return table.reset_index()[["kind", "answered", "right", "accuracy", "mean_seconds"]]


def daily_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per day and quiz kind: answered, right and accuracy (0-1)."""
    columns = ["day", "kind", "answered", "right", "accuracy"]
    if attempts.empty:
        return pd.DataFrame(columns=columns)
    frame = pd.DataFrame(
        {"day": _days(attempts), "kind": attempts["kind"], "correct": attempts["correct"]}
    )
    table = frame.groupby(["day", "kind"]).agg(
        answered=("correct", "size"), right=("correct", "sum")
    )
    table["right"] = table["right"].astype(int)
    table["accuracy"] = (table["right"] / table["answered"]).round(3)
    return table.reset_index()[columns]


def _category_counts(attempts: pd.DataFrame) -> dict[tuple[pd.Timestamp, str], list[int]]:
    """(day, category) -> [questions involving it, times missed], in one pass."""
    counts: dict[tuple[pd.Timestamp, str], list[int]] = {}
    if attempts.empty:
        return counts
    for day, involved, missed in zip(
        _days(attempts), attempts["categories"], attempts["categories_missed"], strict=True
    ):
        for category in involved:
            tally = counts.setdefault((day, category), [0, 0])
            tally[0] += 1
            tally[1] += category in missed
    return counts


def category_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per scoring category: questions involving it, times missed, accuracy (0-1); worst first."""
    columns = ["category", "questions", "missed", "accuracy"]
    totals: dict[str, list[int]] = {}
    for (_day, category), (questions, missed) in _category_counts(attempts).items():
        tally = totals.setdefault(category, [0, 0])
        tally[0] += questions
        tally[1] += missed
    if not totals:
        return pd.DataFrame(columns=columns)
    table = pd.DataFrame(
        [(c, q, m, round(1 - m / q, 3)) for c, (q, m) in totals.items()], columns=columns
    )
    return table.sort_values(["accuracy", "category"]).reset_index(drop=True)


def daily_category_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per day and scoring category: questions involving it and accuracy (0-1)."""
    columns = ["day", "category", "questions", "accuracy"]
    rows = [
        (day, category, q, round(1 - m / q, 3))
        for (day, category), (q, m) in sorted(_category_counts(attempts).items())
    ]
    return pd.DataFrame(rows, columns=columns)


def games_by_level(games: pd.DataFrame) -> pd.DataFrame:
    """Per opponent level: games played, won, lost, and skunks given and taken.

    A skunk here is any result kind other than a plain win (skunk, double skunk, lurch).
    """
    columns = ["opponent_level", "played", "won", "lost", "skunks_given", "skunked", "muggins_lost"]
    if games.empty:
        return pd.DataFrame(columns=columns)
    frame = games.assign(
        skunk=games["result_kind"] != ResultKind.WIN,
        lost=~games["learner_won"].astype(bool),
    )
    frame["skunks_given"] = frame["skunk"] & frame["learner_won"]
    frame["skunked"] = frame["skunk"] & frame["lost"]
    table = frame.groupby("opponent_level").agg(
        played=("id", "size"),
        won=("learner_won", "sum"),
        lost=("lost", "sum"),
        skunks_given=("skunks_given", "sum"),
        skunked=("skunked", "sum"),
        muggins_lost=("muggins_lost", "sum"),
    )
    return table.astype(int).reset_index()[columns]


def weak_spot_weights(
    attempts: pd.DataFrame,
    now: dt.datetime | None = None,
    half_life_days: float = WEAK_SPOT_HALF_LIFE_DAYS,
    area: str | None = None,
) -> dict[str, float]:
    """How much each category needs practice, from attempts (as ``attempts_frame`` gives them).

    ``area`` (a key of ``WEAK_SPOT_AREAS``) counts only that area's answers, as a drill must;
    None counts every answer given (the frame must then hold one area's answers).

    Spaced repetition of mistakes: each miss of a category adds ``0.5 ** (age / half_life)``
    (a miss today adds 1, one a half-life ago 0.5); each later question in that category
    answered right takes off half as much, so practice that succeeds lowers the weight.
    Attempts older than ``WEAK_SPOT_WINDOW`` are ignored. Only categories with a weight above
    zero are returned, heaviest first.
    """
    now = naive_utc(now)
    totals: dict[str, float] = {}
    if area is not None:
        attempts = attempts[attempts["kind"].isin(WEAK_SPOT_AREAS[area])]
    if attempts.empty:
        return {}
    ages = (now - attempts["created_at"].dt.tz_localize(None)).dt.total_seconds() / 86_400.0
    window = WEAK_SPOT_WINDOW.total_seconds() / 86_400.0
    for age, involved, missed in zip(
        ages.clip(lower=0.0), attempts["categories"], attempts["categories_missed"], strict=True
    ):
        if age > window:
            continue
        weight = math.pow(0.5, age / half_life_days)
        for category in missed:
            totals[category] = totals.get(category, 0.0) + weight
        for category in set(involved) - set(missed):
            totals[category] = totals.get(category, 0.0) - 0.5 * weight
    positive = {c: round(w, 4) for c, w in totals.items() if w > 1e-9}
    return dict(sorted(positive.items(), key=lambda item: (-item[1], item[0])))


def weak_spot_table(attempts: pd.DataFrame, now: dt.datetime | None = None) -> pd.DataFrame:
    """Every area's weak spots, area by area (``WEAK_SPOT_AREAS`` order), heaviest first in each:
    columns ``area``, ``category``, ``weight``. A category missed in two areas is two rows."""
    rows = [
        (area, category, weight)
        for area in WEAK_SPOT_AREAS
        for category, weight in weak_spot_weights(attempts, now=now, area=area).items()
    ]
    return pd.DataFrame(rows, columns=["area", "category", "weight"])


def weak_spots_by_learner(
    attempts: pd.DataFrame,
    now: dt.datetime | None = None,
    half_life_days: float = WEAK_SPOT_HALF_LIFE_DAYS,
) -> dict[int, list[tuple[str, str, float]]]:
    """:func:`weak_spot_table` of each ``learner_id`` in ``attempts`` at once, as (area,
    category, weight) rows in the same order: one pass over the rows, for a class's table (a
    call of :func:`weak_spot_table` per learner costs tens of milliseconds of pandas each)."""
    now = naive_utc(now)
    if attempts.empty:
        return {}
    area_of = {kind: area for area, kinds in WEAK_SPOT_AREAS.items() for kind in kinds}
    ages = (now - attempts["created_at"].dt.tz_localize(None)).dt.total_seconds() / 86_400.0
    window = WEAK_SPOT_WINDOW.total_seconds() / 86_400.0
    totals: dict[int, dict[str, dict[str, float]]] = {}
    for who, kind, age, involved, missed in zip(  # plain lists: a Series iterates slowly
        attempts["learner_id"].tolist(),
        attempts["kind"].tolist(),
        ages.clip(lower=0.0).to_numpy(dtype=float).tolist(),
        attempts["categories"].tolist(),
        attempts["categories_missed"].tolist(),
        strict=True,
    ):
        area = area_of.get(kind)
        if area is None or age > window:
            continue
        weights = totals.setdefault(int(who), {}).setdefault(area, {})
        weight = math.pow(0.5, age / half_life_days)
        for category in missed:
            weights[category] = weights.get(category, 0.0) + weight
        for category in set(involved) - set(missed):
            weights[category] = weights.get(category, 0.0) - 0.5 * weight
    found: dict[int, list[tuple[str, str, float]]] = {}
    for who, areas in totals.items():
        rows = []
        for area in WEAK_SPOT_AREAS:
            positive = {c: round(w, 4) for c, w in areas.get(area, {}).items() if w > 1e-9}
            rows += [(area, c, w) for c, w in sorted(positive.items(), key=lambda i: (-i[1], i[0]))]
        found[who] = rows
    return found


def weak_spots(
    store: Store, learner_name: str, area: str | None = None, now: dt.datetime | None = None
) -> dict[str, float]:
    """:func:`weak_spot_weights` over the learner's recent attempts of ``area`` (None: every
    answer); {} when none or the database is down."""
    since = naive_utc(now) - WEAK_SPOT_WINDOW
    frame = store.attempts_frame(learner_name, columns=WEAK_SPOT_COLUMNS, since=since)
    return weak_spot_weights(frame, now=now, area=area)


# ---------------------------------------------------------------------------------------------
# Where I stand: the themes scored as lichess scores them

#: A theme is weak with at least this many first tries missed (lichess's dashboard: 3).
THEME_FAILURES: Final = 3
#: A theme is shown only with more first tries than the area's count over this (lichess: 40).
THEME_SHARE: Final = 40
THEME_COLUMNS: Final = (
    "area",
    "category",
    "tries",
    "first_wins",
    "rating_avg",
    "performance",
    "weak",
)


def performance(rating_avg: float, first_wins: int, tries: int) -> int:
    """lichess's theme performance: the average rating of the questions tried, less 500, plus
    1000 times the share solved at the first try (all right: +500, all wrong: -500).

    >>> performance(1200.0, 3, 4), performance(1200.0, 0, 4)
    (1450, 700)
    """
    return round(rating_avg - 500 + round(1000 * first_wins / tries))


def theme_scores(
    attempts: pd.DataFrame,
    question_rating: Callable[[str, str], float],
) -> tuple[pd.DataFrame, dict[str, int]]:
    """Each area's themes (its categories) scored as lichess's puzzle dashboard scores themes
    (``modules/puzzle/src/main/PuzzleDashboard.scala``), and each area's own score.

    Only a question's first try counts (the first row of each quiz kind and seed; a replay, a
    retry and a review answer later are not first tries; each decision of a game is one). ``question_rating(kind, seed)`` is
    the question's rating. A theme's :func:`performance` is over the first tries whose question
    involves it; the area's over all its first tries. As on lichess, a theme is listed when it
    has more tries than the area's over :data:`THEME_SHARE`, and weak when at least
    :data:`THEME_FAILURES` of its first tries were missed and it scores below its area.
    Returns (the themes, columns :data:`THEME_COLUMNS`, weakest first; {area: score}).
    """
    rows: list[tuple[str, str, int, int, float, int, bool]] = []
    overall: dict[str, int] = {}
    for area, kinds in WEAK_SPOT_AREAS.items():
        mine = attempts[attempts["kind"].isin(kinds)]
        if mine.empty:
            continue
        # a game's decisions share the game's id as their seed: each is its own question
        key = [
            f"#{i}" if kind == GAME_DECISIONS else str(seed)
            for i, (kind, seed) in enumerate(zip(mine["kind"], mine["seed"], strict=True))
        ]
        first = mine[~pd.DataFrame({"kind": mine["kind"], "key": key}).duplicated(keep="first")]
        ratings = [
            float(question_rating(k, str(s)))
            for k, s in zip(first["kind"], first["seed"], strict=True)
        ]
        wins = [bool(c) for c in first["correct"]]
        overall[area] = performance(sum(ratings) / len(ratings), sum(wins), len(wins))
        themes: dict[str, list[tuple[float, bool]]] = {}
        for rating, win, involved in zip(ratings, wins, first["categories"], strict=True):
            for category in set(involved):
                themes.setdefault(category, []).append((rating, win))
        for category, tried in themes.items():
            tries = len(tried)
            if tries <= len(first) / THEME_SHARE:
                continue
            first_wins = sum(win for _, win in tried)
            avg = sum(r for r, _ in tried) / tries
            score = performance(avg, first_wins, tries)
            weak = tries - first_wins >= THEME_FAILURES and score < overall[area]
            rows.append((area, category, tries, first_wins, round(avg, 1), score, weak))
    table = pd.DataFrame(rows, columns=list(THEME_COLUMNS))
    table = table.sort_values(["performance", "tries"], ascending=[True, False], kind="stable")
    return table.reset_index(drop=True), overall
