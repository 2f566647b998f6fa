"""The themes scored as lichess's puzzle dashboard scores them (``tutor.progress.theme_scores``),
checked against the dashboard's rules worked out by hand on small, known answer sets."""

from __future__ import annotations

import pandas as pd

from tutor import progress


def _answers(rows: list[tuple[str, str, bool, tuple[str, ...]]]) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "kind": [r[0] for r in rows],
            "seed": [r[1] for r in rows],
            "correct": [r[2] for r in rows],
            "categories": [list(r[3]) for r in rows],
            "categories_missed": [[] for _ in rows],
            "created_at": pd.Timestamp("2026-12-01", tz="UTC"),
        }
    )


def test_a_theme_missed_three_times_below_its_area_is_weak() -> None:
    rows = [("hand", str(n), True, ("fifteen",)) for n in range(6)]
    rows += [("hand", str(10 + n), n == 0, ("nobs",)) for n in range(4)]  # 1 of 4 right
    ratings = {str(n): 1000.0 for n in range(6)} | {str(10 + n): 1200.0 for n in range(4)}
    table, overall = progress.theme_scores(_answers(rows), lambda kind, seed: ratings[seed])
    # area: 7 of 10 right, average (6*1000 + 4*1200) / 10 = 1080 -> 1080 - 500 + 700 = 1280
    assert overall == {"show": 1280}
    nobs = table[table["category"] == "nobs"].iloc[0]
    assert (nobs["tries"], nobs["first_wins"], nobs["performance"]) == (4, 1, 1200 - 500 + 250)
    assert bool(nobs["weak"])
    fifteen = table[table["category"] == "fifteen"].iloc[0]
    assert fifteen["performance"] == 1000 - 500 + 1000 and not fifteen["weak"]
    assert list(table["category"]) == ["nobs", "fifteen"]  # weakest first


def test_only_the_first_try_counts_and_two_misses_are_not_weak() -> None:
    rows = [("hand", "1", False, ("pair",)), ("hand", "1", True, ("pair",))]  # a retry
    rows += [("hand", "2", False, ("pair",)), ("hand", "3", True, ("run",))]
    table, overall = progress.theme_scores(_answers(rows), lambda kind, seed: 900.0)
    pair = table[table["category"] == "pair"].iloc[0]
    assert (pair["tries"], pair["first_wins"]) == (2, 0)  # the retry of seed 1 is not a try
    assert not pair["weak"]  # two misses: fewer than lichess's three
    assert overall["show"] == 900 - 500 + round(1000 / 3)


def test_each_decision_of_a_game_is_its_own_question() -> None:
    rows = [("game", "g1", n > 2, ("discard",)) for n in range(5)]
    table, _ = progress.theme_scores(_answers(rows), lambda kind, seed: 800.0)
    assert table.iloc[0]["tries"] == 5 and table.iloc[0]["area"] == "games"
