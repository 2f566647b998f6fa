"""Practise at my level on the pegging quiz, the discard trainer and the pegging trainer
(AppTest): rated first answers, due review items mixed in."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from apptools import answer, open_page, own_database

from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor import clock, store
from tutor.quiz.level_view import REVIEW_EVERY
from tutor.quiz.positions import peg_trainer_at
from tutor.rating.bank import bank_items
from tutor.store.ratings import skill_ratings
from tutor.store.reviews import position_text

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


def test_the_pegging_trainer_at_my_level_deals_unseen_bank_positions_and_rates_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    at = open_page("pages/7_Pegging_trainer.py", learner="Pat", kind="pairing", level="close")
    at.button(key="level_start").click().run()
    assert not at.exception, at.exception
    assert at.query_params["mylevel"] == "normal"
    assert not [s for s in at.selectbox if s.key in ("pegt_kind", "pegt_level")]  # no filters
    bank = dict(bank_items("peg_play"))
    seen = []
    for _ in range(3):
        position = {
            k: at.query_params[k] for k in ("seed", "kind", "level") if k in at.query_params
        }
        assert position_text(position) in bank  # a question of the bank, under its own address
        assert position not in seen  # never one answered before
        seen.append(position)
        shown = peg_trainer_at(position)
        at.button(key=f"pegt_lay_{shown.advice.best.card}").click().run()
        assert not at.exception, at.exception
        at.button(key="pegt_next").click().run()
    engine = store.make_engine(url)
    who = store.learner_by_name(engine, "Pat")
    assert who is not None
    rated = skill_ratings(engine, who.id)["peg_play"]
    assert rated.answers == 3 and rated.rating > 800  # three best cards: three wins
    assert "Your rating for pegging play" in " ".join(c.value for c in at.caption)
    at.button(key="level_leave").click().run()
    assert not {"mylevel", "kind", "level"} & set(at.query_params)  # a random position again
