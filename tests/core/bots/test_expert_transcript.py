"""The expert makes the very same decisions as before its search was made faster.

``tests/data/expert_transcript.json`` (``scripts/make_expert_transcript.py``, written with the
search as it was before) holds every action of 20 seeded games of ``expert`` against ``hard``
and 20 of ``expert-plays-only`` (the opponent's discard not read) against ``hard``. Each game is
played again and must take the same actions, step for step, to the same final score. A
tournament that switches to the faster code between its shards is only valid if this holds.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts"))

from make_expert_transcript import EXPERTS, OUT, transcript

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


WANT: dict[str, list[dict[str, Any]]] = json.loads(OUT.read_text())


def _same(expert: str, game: int) -> None:
    got = transcript(expert, game)
    want = WANT[expert][game]
    got_steps, want_steps = str(got["steps"]).split(";"), want["steps"].split(";")
    for n, (g, w) in enumerate(zip(got_steps, want_steps, strict=False)):
        assert g == w, f"{expert} game {game}: step {n} is {g!r}, was {w!r}"
    assert len(got_steps) == len(want_steps) and got == want


def test_the_transcript_holds_both_experts() -> None:
    assert [len(WANT[e]) for e in EXPERTS] == [20, 20]
    assert all(
        g["expert_seat"] == n % 2 and max(g["scores"]) >= 121
        for e in EXPERTS
        for n, g in enumerate(WANT[e])
    )


@pytest.mark.parametrize("expert", EXPERTS)
def test_the_first_game_of_each_expert_is_played_the_same(expert: str) -> None:
    _same(expert, 0)


@pytest.mark.slow
@pytest.mark.parametrize("expert", EXPERTS)
@pytest.mark.parametrize("game", range(1, 20))
def test_every_game_is_played_the_same(expert: str, game: int) -> None:
    _same(expert, game)
