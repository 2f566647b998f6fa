"""The pegging values stay exactly what they were before the search was made faster.

``tests/data/pegvalue_golden.json`` (``scripts/make_pegvalue_golden.py``, written with the
search as it was before) holds 595 valuations of positions from seeded games (every real
choice in the play, some with the win view forced on or the evidence of the plays off): 338
reading the opponent's plays alone (``discard_evidence=False``, as the search first gave
them) and 257 with the default, which reads its discard too. Each is replayed from its game's
record and valued again: the same options in the same order, the same points now, and the
same expected points and chances to win (to 1e-9: only the order of floating-point additions
may differ).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cribbage_core.coach.peg_value import peg_values
from cribbage_core.record import GameRecord

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


GOLDEN = Path(__file__).resolve().parents[2] / "data" / "pegvalue_golden.json"


def _cases() -> list[tuple[str, GameRecord, dict[str, Any]]]:
    data = json.loads(GOLDEN.read_text())
    cases = []
    for g, game in enumerate(data["games"]):
        record = GameRecord.from_dict(game["record"])
        for d, decision in enumerate(game["decisions"]):
            cases.append((f"game{g}-{d}", record, decision))
    return cases


CASES = _cases()
#: How many valuations the quick loop's sample holds: every fourth of the 595.
SAMPLED = 149


def _check(record: GameRecord, decisions: list[dict[str, Any]]) -> int:
    states = {r.number: r for r in record.replay()}
    for decision in decisions:
        replayed = states[decision["step"]]
        view = replayed.before.view(replayed.step.seat)  # type: ignore[union-attr]
        advice = peg_values(view, **decision["kwargs"])
        assert advice.win_view == decision["win_view"]
        got = [[str(o.card), o.now, o.points, o.win] for o in advice.options]
        want = decision["options"]
        assert [g[:2] for g in got] == [w[:2] for w in want], (decision["step"], got, want)
        for g, w in zip(got, want, strict=True):
            assert g[2] == pytest.approx(w[2], abs=1e-9), (decision["step"], g, w)
            assert (g[3] is None) == (w[3] is None)
            if w[3] is not None:
                assert g[3] == pytest.approx(w[3], abs=1e-9), (decision["step"], g, w)
    return len(decisions)


def _by_game(sample: bool) -> list[tuple[GameRecord, list[dict[str, Any]]]]:
    """The valuations of the sample (every fourth, counted over all games) or of the rest, by game."""
    by_game: dict[int, tuple[GameRecord, list[dict[str, Any]]]] = {}
    for n, (_name, record, decision) in enumerate(CASES):
        if (n % 4 == 0) == sample:
            by_game.setdefault(id(record), (record, []))[1].append(decision)
    return list(by_game.values())


def test_a_sample_of_the_golden_values_is_unchanged() -> None:
    # every fourth valuation (the quick loop); the slow test below checks the other three quarters
    assert sum(_check(record, decisions) for record, decisions in _by_game(True)) == SAMPLED


@pytest.mark.slow
def test_the_rest_of_the_golden_values_is_unchanged() -> None:
    # with the sample above, every one of the 595 valuations (CI runs both; none is checked twice)
    rest = sum(_check(record, decisions) for record, decisions in _by_game(False))
    assert rest + SAMPLED == len(CASES) == 595


def test_a_search_leaves_the_garbage_collector_as_it_found_it() -> None:
    import gc

    record, decision = CASES[0][1], CASES[0][2]
    assert gc.isenabled()
    _check(record, [decision])
    assert gc.isenabled()
    gc.disable()
    try:
        _check(record, [decision])
        assert not gc.isenabled()
    finally:
        gc.enable()
