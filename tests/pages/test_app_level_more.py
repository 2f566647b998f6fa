"""Practise at my level on the pegging quiz and the discard trainer (AppTest): rated first
answers, due review items mixed in."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from apptools import answer, open_page, own_database

from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor import clock, store
from tutor.quiz.level_view import REVIEW_EVERY
from tutor.store.ratings import skill_ratings

PAGE = "pages/3_Pegging_quiz.py"
DAY = dt.date(2026, 12, 1)


def test_a_due_item_comes_among_the_level_questions_and_moves_only_its_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch, today=DAY)
    missed = open_page(PAGE, learner="Pia", seed="7")
    answer(missed, "peg", str(pegging_question(7).total + 1))  # a miss: due tomorrow
    engine = store.make_engine(url)
    who = store.learner_by_name(engine, "Pia")
    assert who is not None
    [item] = store.due_items(engine, who.id, DAY + dt.timedelta(days=1))

    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    at = open_page(PAGE, learner="Pia")
    at.button(key="level_start").click().run()  # the first question at my level
    assert at.query_params["level"] == "normal" and "due" not in at.query_params
    assert "Your rating for pegging points" in " ".join(c.value for c in at.caption) or any(
        "Everyone starts at" in c.value for c in at.caption
    )
    seeds = []
    for _ in range(REVIEW_EVERY - 1):
        seed = int(at.query_params["seed"])
        seeds.append(seed)
        answer(at, "peg", str(pegging_question(seed).total))
        at.button(key="peg_next").click().run()
    assert at.query_params["due"] == str(item.id) and at.query_params["seed"] == "7"
    assert any("due for review today" in i.value for i in at.info)
    rated = skill_ratings(engine, who.id)["pegging"]
    answer(at, "peg", str(pegging_question(7).total))
    moved = store.review_item(engine, who.id, item.id)
    assert moved is not None and moved.state.due_on is not None
    assert moved.state.due_on > DAY + dt.timedelta(days=1) and moved.state.reviews == 1
    assert skill_ratings(engine, who.id)["pegging"] == rated  # a review item rates nothing
    assert len(set(seeds)) == len(seeds) and 7 not in seeds


def test_the_discard_trainer_at_my_level_deals_the_banks_default_hands_and_rates_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    at = open_page("pages/6_Discard_trainer.py", learner="Dee", players="3", role="pone")
    at.button(key="level_start").click().run()
    assert not at.exception, at.exception
    assert at.query_params["mylevel"] == "normal"
    assert "players" not in at.query_params and "role" not in at.query_params
    assert not [r for r in at.radio if r.key == "discard_role"]  # no options at my level
    seed = int(at.query_params["seed"])
    for card in deal_discard(seed).advice.best.discard:
        at.checkbox(key=f"discard_pick_{card}").check()
    at.button(key="discard_confirm").click().run()
    assert not at.exception, at.exception
    engine = store.make_engine(url)
    who = store.learner_by_name(engine, "Dee")
    assert who is not None
    rated = skill_ratings(engine, who.id)["discard"]
    assert rated.answers == 1 and rated.rating > 800  # the best throw: a win
    assert "Your rating for discards" in " ".join(c.value for c in at.caption)
    at.button(key="discard_next").click().run()
    assert int(at.query_params["seed"]) != seed and at.query_params["mylevel"] == "normal"
