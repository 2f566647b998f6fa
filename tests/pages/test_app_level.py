"""Practise at my level on Count the hand (AppTest): the first count is rated, a replay is not."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptools import answer, open_page, own_database

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor import store
from tutor.store.ratings import skill_ratings

PAGE = "pages/2_Count_the_hand.py"


def test_a_first_count_is_rated_and_its_time_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    at = open_page(PAGE, learner="Zed", level="normal", seed="5")
    at = answer(at, "count", str(deal_hand(5).score.total))
    captions = " ".join(str(c.value) for c in at.caption)
    assert "You took" in captions
    assert "Your rating went from 800 to" in captions, captions
    engine = store.make_engine(url)
    who = store.learner_by_name(engine, "Zed")
    assert who is not None
    rated = skill_ratings(engine, who.id)["hand"]
    assert rated.answers == 1 and rated.rating > 800
    again = open_page(PAGE, learner="Zed", level="normal", seed="5")  # a new visit, same hand
    answer(again, "count", "0")
    assert skill_ratings(engine, who.id)["hand"].answers == 1  # replays move nothing
