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


def test_progress_shows_each_rated_skill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own_database(tmp_path, monkeypatch)
    before = open_page("pages/5_Progress.py", learner="Yan")
    assert "No rated answers yet" in " ".join(str(c.value) for c in before.caption)
    at = open_page(PAGE, learner="Yan", seed="7", mode="crib")
    answer(at, "count", str(deal_hand(7, is_crib=True).score.total))
    after = open_page("pages/5_Progress.py", learner="Yan")
    shown = {m.label: m.value for m in after.metric}
    assert "Counting cribs" in shown and "Counting hands" not in shown
    rating, deviation = shown["Counting cribs"].split(" ± ")
    assert int(rating.replace(",", "")) > 800 and int(deviation) < 400
    # in Urdu the rating and its deviation are one left-to-right run, so "835 ± 181" is never
    # drawn as "181 ± 835" by the right-to-left paragraph around it
    urdu = {
        m.label: m.value for m in open_page("pages/5_Progress.py", learner="Yan", lang="ur").metric
    }
    [value] = [v for v in urdu.values() if "±" in v]
    assert value == f"\u2066{rating} ± {deviation}\u2069"
