"""The class table (pure): ratings' changes, weak themes as the Progress page weighs them, and
a CSV a spreadsheet opens without running a formula."""

from __future__ import annotations

import csv
import datetime as dt
import io
import random

import pandas as pd
import pytest

from cribbage_core.coach.performance import band_edges, band_of
from tutor import progress
from tutor.classroom.table import class_table, csv_safe, table_csv
from tutor.store import ClassFigures, Member

NOW = dt.datetime(2026, 5, 20, 12, 0)
KINDS = ("hand", "crib", "pegging", "peg_trainer", "game", "discard")
CATEGORIES = ("fifteen", "pair", "run", "flush", "nobs")


def answers(rng: random.Random, learners: int, count: int) -> pd.DataFrame:
    rows = []
    for _ in range(count):
        involved = rng.sample(CATEGORIES, rng.randint(1, 3))
        missed = [c for c in involved if rng.random() < 0.3]
        rows.append(
            (
                rng.randint(1, learners),
                rng.choice(KINDS),
                involved,
                missed,
                NOW - dt.timedelta(hours=rng.uniform(0, 24 * 100)),
            )
        )
    frame = pd.DataFrame(
        rows, columns=["learner_id", "kind", "categories", "categories_missed", "created_at"]
    )
    frame["created_at"] = pd.to_datetime(frame["created_at"])
    return frame


@pytest.mark.parametrize("seed", range(5))
def test_the_weak_spots_of_a_class_at_once_are_each_learners_own(seed: int) -> None:
    frame = answers(random.Random(seed), 6, 600)
    together = progress.weak_spots_by_learner(frame, now=NOW)
    for who, mine in frame.groupby("learner_id"):
        alone = progress.weak_spot_table(mine, now=NOW)
        expected = [
            (a, c, pytest.approx(w, abs=1e-9))
            for a, c, w in zip(alone["area"], alone["category"], alone["weight"], strict=True)
        ]
        assert together.get(int(who), []) == expected


def test_a_row_a_member_with_changes_from_the_rating_before_each_period() -> None:
    members = [Member(1, "Ann", NOW), Member(2, "Ben", NOW)]
    figures = ClassFigures(
        members,
        [(1, "hand", 1010.4, 80.2, 40), (2, "crib", 760.0, 350.0, 2)],
        {7: {(1, "hand"): 990.0}, 30: {(1, "hand"): 900.0}},  # Ben's crib: first rated this week
        {1: (40, 30, 1200.0, NOW)},
        {2: (3, NOW - dt.timedelta(days=2), 0.1234)},
        answers(random.Random(1), 1, 50),
    )
    table = class_table(figures, now=NOW).set_index("name")
    ann, ben = table.loc["Ann"], table.loc["Ben"]
    assert (ann["hand"], ann["hand_dev"], ann["hand_7"], ann["hand_30"]) == (1010, 80, 20, 110)
    assert (ben["crib"], ben["crib_7"], ben["crib_30"]) == (760, -40, -40)  # from 800
    assert pd.isna(ann["crib"]) and pd.isna(ben["hand_7"])
    assert (ann["answers"], ann["accuracy"], ann["minutes"], ann["games"]) == (40, 75.0, 20.0, 0)
    assert (ben["answers"], ben["games"]) == (0, 3) and pd.isna(ben["accuracy"])
    assert (ben["performance"], ben["band"]) == (0.12, band_of(0.1234))
    assert pd.isna(ann["performance"]) and ann["band"] == ""
    assert ann["last_active"] == NOW.date() and ben["last_active"] == (NOW - dt.timedelta(2)).date()
    assert ann["weak"] and not ben["weak"]  # only Ann answered anything


@pytest.mark.parametrize("text", ["=1+1", "+A1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
def test_a_cell_a_spreadsheet_would_run_is_written_as_text(text: str) -> None:
    table = pd.DataFrame({"name": [text, "Ann"], "change": [-12, 5]})
    written = table_csv(table, {"name": "Learner", "change": "=change"})
    rows = list(csv.reader(io.StringIO(written)))
    assert rows[0] == ["Learner", "'=change"]
    assert rows[1] == ["'" + text, "-12"]  # a negative number stays a number
    assert rows[2] == ["Ann", "5"]
    assert csv_safe(text).startswith("'")


@pytest.mark.parametrize("skill", [0.01, 0.1, 0.3, 2.0])
def test_a_members_games_are_named_by_the_band_their_mean_figure_falls_in(skill: float) -> None:
    figures = ClassFigures(
        [Member(1, "Ann", NOW)], [], {7: {}, 30: {}}, {}, {1: (4, NOW, skill)}, pd.DataFrame()
    )
    row = class_table(figures, now=NOW, band_names=str.upper).iloc[0]
    edges = band_edges()  # weakest first: a figure above an edge is the weaker band
    weaker = sum(skill > edge for edge in edges)
    levels = ["easy", "medium", "hard", "expert"][: len(edges) + 1]
    assert row["band"] == levels[len(edges) - weaker].upper()
    assert row["performance"] == round(skill, 2)
