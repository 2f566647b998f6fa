"""``REVIEW_VERSION`` is raised whenever the review's evaluations change: a kept analysis is
keyed by it (``tests/pages/test_hand_reviews.py``), so an analysis that changed under the same version
would be shown stale. A fixed game's analysis is fingerprinted (``tests/data/review_fingerprint.json``);
when it changes, this test fails until the version is raised and the fingerprint written again
(``python tests/core/coach/test_review_version.py``)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # run as a script too

from cribbage_core.coach.game_review import REVIEW_VERSION, analyse_game, played_line
from cribbage_core.game import Action, GameConfig, GameState
from cribbage_core.record import GameRecord
from tests.records import play_record

FINGERPRINT = Path(__file__).resolve().parents[2] / "data" / "review_fingerprint.json"


def _rounded(value: object) -> object:
    if isinstance(value, float):
        return round(value, 9)  # the last bits of a float may differ between numpy builds
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_rounded(v) for v in value]
    return value


def fixed_game() -> list[tuple[GameState, Action]]:
    """A game to 61 of random legal moves from a seeded generator: the rules alone make it (no
    bot, whose changes would change the game rather than its review)."""
    rng = random.Random(5)
    record = play_record(
        GameRecord(GameConfig(target=61), seed=5, first_dealer=0),
        lambda state, seat: rng.choice(sorted(state.legal_for(seat), key=repr)),
    )
    return list(played_line(record))


def fingerprint() -> str:
    """A digest of the review of :func:`fixed_game`, every seat, every figure."""
    text = json.dumps(
        _rounded(analyse_game(fixed_game()).to_dict()), sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_review_changes_only_with_its_version() -> None:
    kept = json.loads(FINGERPRINT.read_text(encoding="utf-8"))
    found = fingerprint()
    if kept["version"] == REVIEW_VERSION:
        assert found == kept["digest"], (
            "the review's analysis of a fixed game changed, but REVIEW_VERSION did not: raise it in "
            "cribbage_core/coach/game_review.py (kept analyses are then made again), then run "
            "python tests/core/coach/test_review_version.py to write the new fingerprint"
        )
    else:
        assert kept["version"] < REVIEW_VERSION, "REVIEW_VERSION went down"
        raise AssertionError(
            "REVIEW_VERSION was raised: write its fingerprint (python tests/core/coach/test_review_version.py)"
        )


if __name__ == "__main__":
    FINGERPRINT.write_text(
        json.dumps({"version": REVIEW_VERSION, "digest": fingerprint()}, indent=1) + "\n"
    )
    print(f"wrote {FINGERPRINT}: version {REVIEW_VERSION}")
