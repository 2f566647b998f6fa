"""The kinds as enums: games saved with the plain words (before the enums existed) still load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cribbage_core import EventPhase, ResultKind, ScoreKind
from cribbage_core.bots import make_bot
from cribbage_core.errors import InvalidSavedGame
from cribbage_core.game import GameState, Phase
from cribbage_core.pegging import PEGGING_KINDS, PLAY_KINDS
from cribbage_core.result import SkunkRule, judge
from cribbage_core.scoring import HAND_KINDS

# GameState.to_dict() of a game between two medium bots, muggins on, written by the code of
# commit 4adb7f1 (kinds and phases as plain strings); its log holds every kind but the
# double pair royal, and both kinds of show.
SAVED_BY_4ADB7F1 = Path(__file__).parent / "data" / "saved_game_4adb7f1.json"


def test_a_game_saved_with_plain_words_loads_with_the_enums_and_saves_the_same_words() -> None:
    data = json.loads(SAVED_BY_4ADB7F1.read_text())
    state = GameState.from_dict(data)
    assert {type(e.kind) for e in state.log} == {ScoreKind}
    assert {type(e.phase) for e in state.log} == {EventPhase}
    assert {e.kind for e in state.log} == set(ScoreKind) - {ScoreKind.DOUBLE_PAIR_ROYAL}
    assert {e.phase for e in state.log} == set(EventPhase)
    assert json.loads(json.dumps(state.to_dict())) == data


def test_a_game_saved_with_plain_words_plays_on_to_a_result() -> None:
    state = GameState.from_dict(json.loads(SAVED_BY_4ADB7F1.read_text()))
    rng = random.Random(1)
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
            continue
        seat = state.must_discard()[0] if state.phase is Phase.DISCARD else state.to_act
        assert seat is not None
        state = state.apply(bots[seat].act(state.view(seat)))
    assert state.result is not None and isinstance(state.result.kind, ResultKind)


@pytest.mark.parametrize("index, word", [(4, "thirty one"), (1, "the play")])  # kind, phase
def test_a_saved_game_with_an_unknown_kind_or_phase_is_refused(index: int, word: str) -> None:
    data = json.loads(SAVED_BY_4ADB7F1.read_text())
    data["log"][-1][index] = word
    with pytest.raises(InvalidSavedGame, match=repr(word)):
        GameState.from_dict(data)


def test_each_kind_is_its_word() -> None:
    assert ScoreKind.THIRTY_ONE == "thirty-one" and str(ScoreKind.THIRTY_ONE) == "thirty-one"
    assert json.dumps([ResultKind.LURCH, EventPhase.SHOW_CRIB]) == '["lurch", "show crib"]'
    assert {"pair royal": 1}[ScoreKind.PAIR_ROYAL] == 1
    assert {ScoreKind.PAIR_ROYAL: 1}["pair royal"] == 1


def test_the_lists_of_kinds_are_made_of_the_enums() -> None:
    assert all(isinstance(kind, ScoreKind) for kind in (*HAND_KINDS, *PEGGING_KINDS))
    assert PEGGING_KINDS[: len(PLAY_KINDS)] == PLAY_KINDS
    assert set(PEGGING_KINDS) - set(PLAY_KINDS) == {ScoreKind.GO, ScoreKind.LAST_CARD}


@pytest.mark.parametrize("rule", list(SkunkRule))
def test_every_result_is_a_result_kind(rule: SkunkRule) -> None:
    for loser in range(0, 121, 5):
        result = judge((121, loser), 121, rule)
        assert isinstance(result.kind, ResultKind)
        assert all(isinstance(kind, ResultKind) for _, kind, _ in result.losses)

