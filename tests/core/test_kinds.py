"""The kinds as enums: games saved with the plain words (before the enums existed) still load."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cribbage_core import EventPhase, ResultKind, ScoreKind
from cribbage_core.bots import make_bot
from cribbage_core.errors import InvalidSavedGame
from cribbage_core.game import Phase
from cribbage_core.pegging import PEGGING_KINDS, PLAY_KINDS
from cribbage_core.record import event_json, read_config, read_event
from cribbage_core.result import SkunkRule, judge
from cribbage_core.scoring import HAND_KINDS
from tutor.play.session import PlaySession

# GameState.to_dict() of a game between two medium bots, muggins on, written by the code of
# commit 4adb7f1 (kinds and phases as plain strings); its log holds every kind but the
# double pair royal, and both kinds of show. A game is now saved as its moves
# (cribbage_core.record); a log like this one is read back as a record's origin.
SAVED_BY_4ADB7F1 = Path(__file__).resolve().parents[1] / "data" / "saved_game_4adb7f1.json"
#: A Play save written by the same commit (plain words throughout), read back by replaying it.
PLAY_SAVE_4ADB7F1 = (
    Path(__file__).resolve().parents[1]
    / "data"
    / "play_saves_v1"
    / "counting_mode_muggins_mid_show.json"
)


def test_a_log_saved_with_plain_words_reads_as_the_enums_and_writes_the_same_words() -> None:
    data = json.loads(SAVED_BY_4ADB7F1.read_text())
    config = read_config(data["config"], "config")
    log = [read_event(row, f"log[{i}]", config) for i, row in enumerate(data["log"])]
    assert {type(e.kind) for e in log} == {ScoreKind}
    assert {type(e.phase) for e in log} == {EventPhase}
    assert {e.kind for e in log} == set(ScoreKind) - {ScoreKind.DOUBLE_PAIR_ROYAL}
    assert {e.phase for e in log} == set(EventPhase)
    assert json.loads(json.dumps([event_json(e) for e in log])) == data["log"]


def test_a_game_saved_with_plain_words_plays_on_to_a_result() -> None:
    found = json.loads(PLAY_SAVE_4ADB7F1.read_text())
    session = PlaySession.from_dict(found["data"], moves=found["moves"])
    assert json.loads(json.dumps(session.state.to_dict())) == found["data"]["state"]
    assert {type(e.kind) for e in session.state.log} == {ScoreKind}
    state = session.state
    rng = random.Random(1)
    bots = [make_bot("medium", 1), make_bot("medium", 2)]
    while not state.is_over:
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
            continue
        seat = state.seat_to_act()
        assert seat is not None
        state = state.apply(bots[seat].act(state.view(seat)))
    assert state.result is not None and isinstance(state.result.kind, ResultKind)


@pytest.mark.parametrize("index, word", [(4, "thirty one"), (1, "the play")])  # kind, phase
def test_a_saved_game_with_an_unknown_kind_or_phase_is_refused(index: int, word: str) -> None:
    data = json.loads(SAVED_BY_4ADB7F1.read_text())
    data["log"][-1][index] = word
    with pytest.raises(InvalidSavedGame, match=repr(word)):
        read_event(data["log"][-1], "log[-1]", read_config(data["config"], "config"))
    found = json.loads(PLAY_SAVE_4ADB7F1.read_text())
    found["data"]["state"]["log"][-1][index] = word
    with pytest.raises(InvalidSavedGame, match=repr(word)):
        PlaySession.from_dict(found["data"], moves=found["moves"])


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


# --- rows stored as plain words ------------------------------------------------------------


def test_database_rows_written_with_plain_words_read_back_as_the_kinds(tmp_path: Path) -> None:
    """Rows as the app wrote them before the enums (plain words): no migration is needed."""
    import datetime as dt

    import sqlalchemy as sa

    from tutor import progress, store
    from tutor.lang.i18n import kind_name
    from tutor.play.text import RESULT_LABELS
    from tutor.store.schema import ATTEMPTS, GAMES

    engine = store.make_engine(f"sqlite:///{tmp_path / 'progress.db'}")
    store.migrate(engine)
    ann = store.create_learner(engine, "Ann")
    now = dt.datetime(2026, 1, 1, 12, 0)
    with engine.begin() as conn:
        conn.execute(
            sa.insert(ATTEMPTS),
            [
                {
                    "id": f"a{i}",
                    "learner_id": ann.id,
                    "kind": "pegging",
                    "seed": str(i),
                    "answer": "2",
                    "right_answer": "6",
                    "correct": False,
                    "categories": '["pair royal", "thirty-one"]',
                    "categories_missed": '["pair royal"]',
                    "seconds": 3.0,
                    "created_at": now,
                    "extra": None,
                }
                for i in range(3)
            ],
        )
        conn.execute(
            sa.insert(GAMES),
            [
                {
                    "id": f"g{i}",
                    "learner_id": ann.id,
                    "opponent_level": "hard",
                    "players": 2,
                    "target": 121,
                    "scores": "[121, 80]",
                    "winner": "you",
                    "learner_won": True,
                    "result_kind": kind,
                    "muggins_lost": 0,
                    "finished_at": now,
                }
                for i, kind in enumerate(["double skunk", "win", "lurch"])
            ],
        )
    weights = progress.weak_spot_weights(store.attempts_frame(engine, ann.id), now=now)
    assert list(weights) == [ScoreKind.PAIR_ROYAL]
    assert kind_name(next(iter(weights))) == "Pair royal"
    games = store.games_frame(engine, ann.id)
    kinds = [ResultKind(word) for word in games["result_kind"]]
    assert kinds == [ResultKind.DOUBLE_SKUNK, ResultKind.WIN, ResultKind.LURCH]
    assert [RESULT_LABELS[word] for word in games["result_kind"]] == [
        "a double skunk",
        "a win",
        "a lurch",
    ]
    assert progress.games_by_level(games)["skunks_given"].tolist() == [2]
    # a game stored now, with the enum, is the same plain word in the table
    store.record_game(
        engine,
        game_id="g3",
        learner_id=ann.id,
        opponent_level="easy",
        players=2,
        target=121,
        scores=[121, 60],
        winner="you",
        learner_won=True,
        result_kind=ResultKind.DOUBLE_SKUNK,
    )
    with engine.connect() as conn:
        stored = conn.execute(sa.select(GAMES.c.result_kind).where(GAMES.c.id == "g3")).scalar_one()
    assert type(stored) is str and stored == "double skunk"
    engine.dispose()
