"""Muggins called by the players (``GameConfig.muggins_called``, a game between people): a count
claimed short waits for the other side's seat to call muggins or pass.

Scripted on hand A of ``test_game.py``: dealer 0, pone 1; the pone's KS 7H 9D 3C is worth 4
with the starter 5H, and the play leaves the scores at 6-0.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from cribbage_core import Card, parse_cards, score_hand
from cribbage_core.bots import make_bot
from cribbage_core.coach.game_review import analyse_record
from cribbage_core.errors import (
    IllegalMove,
    InvalidGameConfig,
    InvalidSavedGame,
    NotYourTurn,
    WrongPhase,
)
from cribbage_core.game import (
    Count,
    Discard,
    GameConfig,
    GameState,
    Muggins,
    Phase,
    Play,
    ShortCount,
    new_game,
)
from cribbage_core.kinds import ScoreKind
from cribbage_core.record import GameRecord, read_step, step_json

HAND_A = "KS 7H 9D 3C AS 2S  6D 8C 4S 10H AC 2C  5H"
A_PLAY = ("KS", "6D", "7H", "8C", "9D", "10H", "3C", "4S")  # pone first, then in turn


def to_show(called: bool = True, target: int = 121) -> GameState:
    """Hand A played to the show, muggins on (called by the players, or taken at once)."""
    config = GameConfig(target=target, muggins=True, muggins_called=called)
    state = new_game(random.Random(0), config, first_dealer=0).deal(deck=parse_cards(HAND_A))
    state = state.apply(Discard(1, parse_cards("AS 2S"))).apply(Discard(0, parse_cards("AC 2C")))
    for i, card in enumerate(A_PLAY):
        state = state.apply(Play(1 - i % 2, Card.parse(card)))
    assert state.phase is Phase.SHOW and state.to_act == 1 and state.scores == (6, 0)
    return state


def test_a_short_count_waits_for_the_other_seat_alone() -> None:
    state = to_show().apply(Count(1, claimed=2))  # worth 4
    assert state.short_count == ShortCount(seat=1, claimed=2, actual=4, caller=0)
    assert state.short_count.missed == 2
    assert state.scores == (6, 2) and state.phase is Phase.SHOW
    assert state.to_act == 0 and state.show_step == 0  # the pone's hand is still the count
    assert state.legal_actions() == [Muggins(0, True), Muggins(0, False)]
    assert state.legal_for(1) == []
    assert state.view(0).short_count == state.short_count and state.view(0).legal
    assert state.view(1).short_count == state.short_count and not state.view(1).legal


def test_a_call_moves_exactly_the_missed_points_as_muggins_taken_at_once_does() -> None:
    short = to_show().apply(Count(1, claimed=2))
    called = short.apply(Muggins(0, True))
    assert called.scores == (8, 2) and called.short_count is None
    assert [(e.seat, e.kind, e.points) for e in called.log[-2:]] == [
        (1, ScoreKind.CLAIMED, 2),
        (0, ScoreKind.MUGGINS, 2),
    ]
    assert called.show_step == 1 and called.to_act == 0  # the dealer counts next
    at_once = to_show(called=False).apply(Count(1, claimed=2))
    assert at_once.short_count is None  # against the computer: nothing waits
    assert (called.scores, called.log, called.show_step) == (
        at_once.scores,
        at_once.log,
        at_once.show_step,
    )


def test_a_pass_moves_no_points() -> None:
    short = to_show().apply(Count(1, claimed=0))
    assert short.short_count == ShortCount(1, 0, 4, 0)
    passed = short.apply(Muggins(0, False))
    assert passed.scores == (6, 0) and passed.log == short.log
    assert passed.short_count is None and passed.show_step == 1 and passed.to_act == 0


def test_only_the_other_seat_answers_and_a_refusal_changes_nothing() -> None:
    short = to_show().apply(Count(1, claimed=2))
    before = short.to_dict()
    with pytest.raises(NotYourTurn, match="only seat 0"):
        short.apply(Muggins(1, True))  # the counter cannot take it back for themselves
    with pytest.raises(NotYourTurn):
        short.apply(Muggins(5, True))
    with pytest.raises(IllegalMove, match="calls muggins or passes first"):
        short.apply(Count(0))  # the dealer may not count over the waiting call
    with pytest.raises(IllegalMove, match="calls muggins or passes first"):
        short.apply(Count(1, claimed=4))  # nor may the counter count again
    with pytest.raises(IllegalMove, match=r"called \(True\) or passed"):
        short.apply(Muggins(0, 1))  # type: ignore[arg-type]
    assert short.to_dict() == before


def test_a_stale_or_out_of_place_call_is_refused() -> None:
    called = to_show().apply(Count(1, claimed=2)).apply(Muggins(0, True))
    with pytest.raises(WrongPhase, match="none waits"):
        called.apply(Muggins(0, True))  # a second click on the same count
    with pytest.raises(WrongPhase, match="none waits"):
        to_show().apply(Count(1)).apply(Muggins(0, True))  # an exact count
    play = new_game(random.Random(0), GameConfig(muggins=True, muggins_called=True), 0)
    with pytest.raises(WrongPhase):
        play.deal(deck=parse_cards(HAND_A)).apply(Muggins(0, True))


def test_an_exact_or_higher_count_never_waits() -> None:
    for claimed in (None, 4, 9):
        state = to_show().apply(Count(1, claimed=claimed))
        assert state.short_count is None and state.scores == (6, 4) and state.show_step == 1


def test_the_crib_counted_short_waits_for_the_pone_then_the_hand_ends() -> None:
    state = to_show().apply(Count(1)).apply(Count(0))
    crib = score_hand(parse_cards("AS 2S AC 2C"), Card.parse("5H"), is_crib=True).total
    assert crib > 0 and state.show_step == 2
    short = state.apply(Count(0, claimed=0))
    assert short.short_count == ShortCount(0, 0, crib, 1) and short.to_act == 1
    assert short.view(1).crib is not None  # the crib is up while the call waits
    called = short.apply(Muggins(1, True))
    assert called.phase is Phase.DEAL and called.scores[1] == state.scores[1] + crib
    assert called.log[-1].phase == "show crib"
    passed = short.apply(Muggins(1, False))
    assert passed.phase is Phase.DEAL and passed.scores == state.scores


def test_a_call_that_reaches_the_target_ends_the_game() -> None:
    near = replace(to_show(target=61), scores=(59, 0))
    over = near.apply(Count(1, claimed=1)).apply(Muggins(0, True))
    assert over.phase is Phase.GAME_OVER and over.result is not None
    assert over.result.winner_side == 0 and over.scores == (62, 1)
    assert over.short_count is None and over.to_act is None


def test_the_computer_calls_muggins() -> None:
    short = to_show().apply(Count(1, claimed=2))
    for level in ("medium", "hard", "expert"):
        assert make_bot(level, seed=1).act(short.view(0)) == Muggins(0, True), level
    assert make_bot("easy", seed=1).act(short.view(0)) in short.legal_for(0)


def test_the_option_needs_muggins() -> None:
    with pytest.raises(InvalidGameConfig, match="turn muggins on"):
        GameConfig(muggins_called=True)


def record_with_a_call(call: bool) -> GameRecord:
    config = GameConfig(target=61, muggins=True, muggins_called=True)
    record = GameRecord(config, seed=3, first_dealer=0, decks=((1, parse_cards(HAND_A)),))
    steps = [Discard(1, parse_cards("AS 2S")), Discard(0, parse_cards("AC 2C"))]
    steps += [Play(1 - i % 2, Card.parse(c)) for i, c in enumerate(A_PLAY)]
    steps += [Count(1, 2), Muggins(0, call), Count(0)]
    for step in steps:
        record = record.then(step)
    return record


@pytest.mark.parametrize("call", [True, False])
def test_a_game_with_a_call_or_a_pass_round_trips_through_its_save(call: bool) -> None:
    record = record_with_a_call(call)
    data = json.loads(json.dumps(record.to_dict()))
    assert data["config"]["muggins_called"] is True
    assert data["steps"][-2] == ["muggins", 0, call]
    back = GameRecord.from_dict(data)
    assert back == record and back.final() == record.final()
    assert back.final().scores == ((6 + 2 if call else 6) + 7, 2)  # the dealer's hand is 7
    pending = GameRecord.from_dict({**data, "steps": data["steps"][:-2]}).final()
    assert pending.short_count == ShortCount(1, 2, 4, 0)
    assert pending.to_dict()["short_count"] == [1, 2, 4, 0]
    assert "short_count" not in back.final().to_dict()


def test_saves_from_before_the_option_load_as_they_were() -> None:
    data = record_with_a_call(True).to_dict()
    old = {**data, "config": {k: v for k, v in data["config"].items() if k != "muggins_called"}}
    old["steps"] = [s for s in old["steps"] if s[0] != "muggins"]
    record = GameRecord.from_dict(old)
    assert record.config == GameConfig(target=61, muggins=True)
    state = record.final()  # muggins taken at once, as before
    assert state.short_count is None and state.scores == (6 + 2 + 7, 2)
    assert "muggins_called" not in record.to_dict()["config"]
    assert "muggins_called" not in state.to_dict()["config"]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"config": {"muggins": False, "muggins_called": True}}, "muggins_called"),
        ({"config": {"muggins_called": "yes"}}, "muggins_called"),
        ({"step": ["muggins", 0]}, "steps[11]"),
        ({"step": ["muggins", 0, "yes"]}, "steps[11][2]"),
        ({"step": ["muggins", 0, 1]}, "steps[11][2]"),
    ],
)
def test_a_damaged_call_in_a_save_is_refused_by_name(change: dict[str, object], where: str) -> None:
    data = record_with_a_call(True).to_dict()
    if "config" in change:
        data["config"] = {**data["config"], **change["config"]}  # type: ignore[dict-item]
    else:
        data["steps"][11] = change["step"]
    with pytest.raises(InvalidSavedGame) as raised:
        GameRecord.from_dict(data)
    assert where in str(raised.value.where)


def test_a_call_from_the_wrong_seat_in_a_save_does_not_load() -> None:
    data = record_with_a_call(True).to_dict()
    data["steps"][11] = ["muggins", 1, True]
    with pytest.raises(InvalidSavedGame, match=r"step 12 \(muggins 1 True\) breaks a rule"):
        GameRecord.from_dict(data).final()


def test_step_json_reads_back() -> None:
    for step in (Muggins(1, True), Muggins(0, False)):
        assert read_step(step_json(step), "s", 2) == step


@pytest.mark.parametrize(("call", "lost"), [(True, 4.0), (False, 2.0)])
def test_the_review_counts_a_short_count_twice_only_when_muggins_was_called(
    call: bool, lost: float
) -> None:
    review = analyse_record(record_with_a_call(call))
    [count] = [d for d in review.decisions if d.kind == "count" and d.seat == 1]
    assert count.points_lost == lost  # 2 missed: taken by the dealer, or only left unscored
    assert not [d for d in review.decisions if d.step == count.step + 1]  # the answer: no decision
