"""The lessons close the gaps a beginner met (``../shared/reviews/translations.md``): the goal and
the board first, nobs in the crib, scoring within a series, runs with a repeated rank (live,
counted by the engine), the zero hand, the cut tie, every skunk rule with its 61-point lines, and
who leads with four players. The numbers in the lessons are checked against the engine."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cribbage_core.cards import parse_cards
from cribbage_core.kinds import ScoreKind
from cribbage_core.result import SkunkRule, skunk_lines
from cribbage_core.scoring import score_hand
from tutor.lessons import LESSONS, MULTIPLE_RUNS, multiple_run_deal

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "hi", "ur", "gu", "bn", "pa")


def english(lesson_id: str) -> str:
    return (ROOT / "lessons" / "en" / f"{lesson_id}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name, runs, shape", MULTIPLE_RUNS)
def test_each_multiple_run_example_is_that_run_as_the_engine_counts_it(
    name: str, runs: int, shape: tuple[int, ...]
) -> None:
    for seed in range(300):
        hand, starter = multiple_run_deal(seed, shape)
        assert len({*hand, starter}) == 5, seed
        steps = [s for s in score_hand(hand, starter).steps if s.kind == ScoreKind.RUN]
        assert [(s.how_many, s.length) for s in steps] == [(runs, 3)], (name, seed, hand, starter)


def test_the_table_of_multiple_runs_adds_up() -> None:
    """The lesson's table (runs and pairs only) against the engine on the same ranks."""
    text = english("05_show")
    rows = re.findall(r"(?m)^\| ((?:\d+ ){3,4}\d+) \|.*\| (\d+) \|$", text)
    assert len(rows) == 3
    for ranks, points in rows:
        five = (ranks.split() + ["K"])[:5]  # a king touches no run or pair of these
        *hand, starter = parse_cards(
            " ".join(f"{r}{s}" for r, s in zip(five, "HSDCS", strict=True))
        )
        score = score_hand(hand, starter)
        runs_and_pairs = sum(
            i.points for i in score.items if i.kind in (ScoreKind.RUN, ScoreKind.PAIR)
        )
        assert runs_and_pairs == int(points), ranks


def test_the_show_lesson_deals_each_multiple_run_live() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.id == "05_show")
    blocks = "\n".join(lesson.example(7, False))
    for said in ("a double run of three", "a triple run of three", "a double-double run of three"):
        assert said in blocks


def test_every_skunk_rule_of_the_play_page_is_taught_with_its_lines() -> None:
    text = english("06_end")
    for target in (121, 61):
        skunk = {str(kind): below for below, kind, _ in skunk_lines(target, SkunkRule.SKUNK)}
        assert f"{skunk['skunk']} or more" in text
        if "double skunk" in skunk:
            assert f"{skunk['double skunk']} to {skunk['skunk'] - 1}" in text
            assert f"{skunk['double skunk'] - 1} or less" in text
        else:
            assert f"{skunk['skunk'] - 1} or less" in text
        ((lurch, _, _),) = skunk_lines(target, SkunkRule.LURCH)
        (half, _, double), (quarters, _, single) = skunk_lines(target, SkunkRule.THREE_QUARTERS)
        assert f"under {lurch} in a {target}" in text and f"under {quarters} in a {target}" in text
        assert f"under {half}" in text and f"{double} games" in text and f"{single} games" in text


@pytest.mark.parametrize("lang", LANGS)
def test_the_gaps_are_closed_in_every_language(lang: str) -> None:
    """Each language carries the added parts: the goal with 121 and 61 and the lessons in
    order, the tie at the cut, the 31 and the series paragraphs, the table of runs with a
    repeated rank and the zero hand (its 19), the three skunk rules, and the four-player lead."""

    def lesson(lesson_id: str) -> str:
        return (ROOT / "lessons" / lang / f"{lesson_id}.md").read_text(encoding="utf-8")

    overview = lesson("01_cards").split("52")[0]
    assert "121" in overview and "61" in overview and all(f" {n})" in overview for n in "23456")
    play = lesson("04_play")
    assert len(re.findall(r"(?m)^\*\*31", play)) == 1 and len(re.findall(r"(?m)^\*\*", play)) >= 4
    show = lesson("05_show")
    assert "| 3 3 3 4 5 |" in show and "| 3 3 4 4 5 |" in show and "19" in show
    end = lesson("06_end")
    assert all(n in end for n in ("46", "91", "4 ")), lang
    assert lesson("07_variants").count("**") == english("07_variants").count("**")
