"""One loader for saved games: the Play page and the Game review read a save through the same
checks (``tutor.play.session.read_save``), the size ones first, before anything is replayed."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest

from cribbage_core.errors import InvalidSavedGame
from tutor import store
from tutor.play.session import MAX_SAVE_STEPS, PlaySession, PlaySettings, read_save
from tutor.review.game import review_game
from tutor.store.saved_games import MAX_SAVE_CHARS, UnreadableSave


def a_save(game_id: str = "g1") -> dict[str, object]:
    session = PlaySession.start(PlaySettings(level="easy", target=61), seed=4, game_id=game_id)
    return session.to_dict()


def readers(game_id: str, data: object) -> list[str]:
    """What each reader says of ``data`` at ``game_id``: "ok" or the problem."""
    said = []
    for read in (
        lambda: read_save(game_id, None, data),
        lambda: review_game(data, game_id=game_id),
    ):
        try:
            read()
            said.append("ok")
        except InvalidSavedGame as error:
            said.append(error.problem)
    return said


def test_both_readers_take_a_good_save() -> None:
    assert readers("g1", a_save()) == ["ok", "ok"]


def test_both_readers_refuse_another_games_id_and_an_unknown_level() -> None:
    assert readers("g2", a_save("g1")) == ["field", "field"]
    odd = a_save()
    odd["level"] = "grandmaster"
    assert len(set(readers("g1", odd))) == 1 and readers("g1", odd)[0] != "ok"


def test_a_save_with_too_many_steps_is_refused_before_it_is_replayed() -> None:
    huge = a_save()
    game = copy.deepcopy(huge["game"])
    assert isinstance(game, dict)
    game["steps"] = [["nonsense"]] * (MAX_SAVE_STEPS + 1)
    huge["game"] = game
    began = time.process_time()
    assert readers("g1", huge) == ["field", "field"]
    assert time.process_time() - began < 0.5


def test_the_store_refuses_a_saved_text_longer_than_any_game(tmp_path: Path) -> None:
    engine = store.make_engine(f"sqlite:///{tmp_path / 'p.db'}")
    store.migrate(engine)
    store.save_game(engine, "g1", a_save(), moves=1, previous=None)
    padded = {**a_save(), "padding": "x" * MAX_SAVE_CHARS}
    store.save_game(engine, "g2", padded, moves=1, previous=None)
    assert store.load_game(engine, "g1") is not None
    with pytest.raises(UnreadableSave, match="more than any game"):
        store.load_game(engine, "g2")
    assert len(json.dumps(a_save())) < MAX_SAVE_CHARS // 20
    engine.dispose()
