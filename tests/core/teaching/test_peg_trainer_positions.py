"""The pegging trainer's fixed positions (``tests/data/peg_trainer_positions.json``, written by
``scripts/make_peg_trainer_positions.py`` from the bank the page deals from): each seed and
options still give the same position and values, the page's verdict on every card is the
engine's, and the expert bot's card is best. The generator the bank was built with is checked
live on a few of its own positions.

All positions run in the slow suite; every tenth in the quick loop.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cribbage_core.bots.expert import ExpertBot
from cribbage_core.coach.grades import Grade, grade
from cribbage_core.coach.peg_value import peg_values
from cribbage_core.game import Play
from cribbage_core.teaching.peg_trainer import (
    PegPosition,
    banked_position,
    fits,
    judge,
    peg_position,
)

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


DATA = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "peg_trainer_positions.json").read_text()
)
POSITIONS: list[dict[str, Any]] = DATA["positions"]


def test_the_fixture_holds_300_real_choices() -> None:
    assert len(POSITIONS) >= 300
    assert len({(p["seed"], p["kind"], p["level"]) for p in POSITIONS}) == len(POSITIONS)
    for entry in POSITIONS:
        values = entry["values"]
        by_rank: dict[str, list[float | None]] = {}
        for card, value in values.items():
            by_rank.setdefault(card[:-1], value)
        ranked = sorted(by_rank.values(), key=lambda v: -(v[1] if entry["win_view"] else v[0]))  # type: ignore[operator]
        if entry["win_view"]:
            assert ranked[0][1] - ranked[1][1] >= DATA["min_win_gap"]  # type: ignore[operator]
        else:
            assert ranked[0][0] - ranked[1][0] >= DATA["min_gap"]  # type: ignore[operator]


def check(entry: dict[str, Any]) -> None:
    position = banked_position(entry["seed"], entry["kind"], entry["level"])
    view = position.view
    assert [str(c) for c in view.hand] == entry["hand"] and [str(c) for c in view.pile] == entry[
        "series"
    ]
    assert str(position.advice.best.card) == entry["best"]
    fresh = peg_values(view)  # the engine, not the position's stored copy
    for option in fresh.options:
        points, win = entry["values"][str(option.card)]
        assert option.points == pytest.approx(points, abs=1e-5)
        assert (option.win is None) == (win is None) and (
            win is None or option.win == pytest.approx(win, abs=1e-5)
        )
    judged_as_the_engine_judges(position)


def judged_as_the_engine_judges(position: PegPosition) -> None:
    fresh = peg_values(position.view)
    for option in fresh.options:
        verdict = judge(position, option.card)
        if option.card.rank == fresh.best.card.rank:
            assert verdict.grade is Grade.BEST
        else:
            assert verdict.grade is grade(
                max(fresh.loss(option.card), 0.0), fresh.win_loss(option.card)
            )
    action = ExpertBot().act(position.view)
    assert isinstance(action, Play)
    assert judge(position, action.card).grade is Grade.BEST


@pytest.mark.parametrize("entry", POSITIONS[::10], ids=lambda e: f"seed{e['seed']}")
def test_every_tenth_position_is_unchanged_and_judged_as_the_engine_judges(
    entry: dict[str, Any],
) -> None:
    check(entry)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(6), ids=lambda part: f"sixth {part + 1}")
def test_every_position_is_unchanged_and_the_expert_plays_the_best_card(part: int) -> None:
    # every position, a sixth a test, so that CI's workers share them out (tests/conftest.py)
    for entry in POSITIONS[part::6]:
        check(entry)


@pytest.mark.parametrize(
    ("seed", "kind", "level"), [(1, None, None), (4, "leading", None), (8, "pairing", "far")]
)
def test_the_generator_still_deals_positions_the_bank_would_keep(
    seed: int, kind: str | None, level: str | None
) -> None:
    position = peg_position(seed, kind, level)  # searched for live, as the bank's builder does
    assert position == peg_position(seed, kind, level)
    endgame = position.advice.win_view  # an ordinary deal never gives one (fits)
    assert fits(position.view, peg_values(position.view), position.spot, level, endgame)
    judged_as_the_engine_judges(position)
