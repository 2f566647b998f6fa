"""Progress statistics: pure pandas over the frames ``tutor.store`` reads (no Streamlit here).

Each function takes ``attempts_frame`` / ``games_frame`` output and returns a small table the
progress page shows as it is or charts.
"""

from __future__ import annotations

from typing import NamedTuple

import pandas as pd


class Streaks(NamedTuple):
    """Right answers in a row: the run going on now, and the longest ever."""

    current: int
    best: int


def streaks(attempts: pd.DataFrame) -> Streaks:
    """Current and best streak of right answers, over all quizzes in time order.

    >>> streaks(pd.DataFrame({"correct": [True, True, False, True]}))
    Streaks(current=1, best=2)
    """
    current = best = 0
    for correct in attempts["correct"]:
        current = current + 1 if correct else 0
        best = max(best, current)
    return Streaks(current, best)


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
        skunk=games["result_kind"] != "win",
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
