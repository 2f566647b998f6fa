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


def _category_rows(attempts: pd.DataFrame) -> pd.DataFrame:
    """One row per (attempt, category involved), with whether that category was missed."""
    days = _days(attempts)
    rows = [
        (day, category, category in missed)
        for day, involved, missed in zip(
            days, attempts["categories"], attempts["categories_missed"], strict=True
        )
        for category in involved
    ]
    return pd.DataFrame(rows, columns=["day", "category", "missed"])


def category_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per scoring category: questions involving it, times missed, accuracy (0-1); worst first."""
    columns = ["category", "questions", "missed", "accuracy"]
    rows = _category_rows(attempts) if not attempts.empty else pd.DataFrame()
    if rows.empty:
        return pd.DataFrame(columns=columns)
    table = rows.groupby("category").agg(questions=("missed", "size"), missed=("missed", "sum"))
    table["missed"] = table["missed"].astype(int)
    table["accuracy"] = (1 - table["missed"] / table["questions"]).round(3)
    return table.reset_index().sort_values(["accuracy", "category"])[columns]


def daily_category_accuracy(attempts: pd.DataFrame) -> pd.DataFrame:
    """Per day and scoring category: questions involving it and accuracy (0-1)."""
    columns = ["day", "category", "questions", "accuracy"]
    rows = _category_rows(attempts) if not attempts.empty else pd.DataFrame()
    if rows.empty:
        return pd.DataFrame(columns=columns)
    table = rows.groupby(["day", "category"]).agg(
        questions=("missed", "size"), missed=("missed", "sum")
    )
    table["accuracy"] = (1 - table["missed"] / table["questions"]).round(3)
    return table.reset_index()[columns]


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
