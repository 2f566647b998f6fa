"""The line of a game kept and replayed on from (cribbage_core.coach.line): always the line a
full replay of the record gives, whatever was asked before."""

from __future__ import annotations

import random
from dataclasses import replace

from cribbage_core.bots import make_bot
from cribbage_core.coach import line as kept
from cribbage_core.coach.line import played_line, replayed_line
from cribbage_core.game import Action, Discard, GameConfig, GameState, Phase, Play
from cribbage_core.record import GameRecord, TakeBack
from tests.records import play_record


def _game_with_take_backs(seed: int, target: int = 61) -> GameRecord:
    """Bots play a game; seat 0 now and then takes its discard or card back and plays again."""
    rng = random.Random(seed)
    bots = [make_bot("easy", seed), make_bot("medium", seed + 1)]

    def now_and_then_back(
        record: GameRecord, state: GameState, seat: int, action: Action
    ) -> tuple[GameRecord, GameState]:
        taken_back = seat == 0 and isinstance(action, Discard | Play) and rng.random() < 0.2
        if taken_back and state.phase in (Phase.DISCARD, Phase.PLAY):
            record = record.then(TakeBack(0))
            return record, record.final()
        return record, state

    return play_record(
        GameRecord(GameConfig(target=target), seed=seed, first_dealer=seed % 2),
        lambda state, seat: bots[seat].act(state.view(seat)),
        then=now_and_then_back,
    )


def test_the_kept_line_is_a_full_replays_at_every_step() -> None:
    kept.forget()
    record = _game_with_take_backs(3)
    assert any(isinstance(s, TakeBack) for s in record.steps)
    for n in range(len(record.steps) + 1):  # as the Play page asks: one step longer each time
        prefix = replace(record, steps=record.steps[:n])
        assert played_line(prefix) == replayed_line(prefix), n


def test_another_line_of_the_same_deal_is_replayed_from_the_start() -> None:
    kept.forget()
    record = _game_with_take_backs(4)
    played_line(record)  # kept
    # the same setup, the game taken another way early on (another learner with the same seed)
    first = next(i for i, s in enumerate(record.steps) if isinstance(s, Discard) and s.seat == 0)
    state = replace(record, steps=record.steps[:first]).final()
    other = next(a for a in state.legal_for(0) if a != record.steps[first])
    branched = replace(record, steps=record.steps[:first] + (other,))
    assert played_line(branched) == replayed_line(branched)
    shorter = replace(record, steps=record.steps[: len(record.steps) // 2])
    assert played_line(shorter) == replayed_line(shorter)
    assert played_line(record) == replayed_line(record)


def test_a_caller_changing_its_line_changes_no_other() -> None:
    kept.forget()
    record = _game_with_take_backs(5)
    mine = played_line(record)
    mine.clear()
    assert played_line(record) == replayed_line(record) != []


def test_only_the_latest_games_are_kept() -> None:
    kept.forget()
    for seed in range(kept.SIZE + 5):
        played_line(GameRecord(GameConfig(target=61), seed=seed, first_dealer=0))
    assert len(kept._kept) == kept.SIZE
