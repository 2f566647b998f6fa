"""Questions' first ratings from their features, the banks, and first attempts on the store."""

from __future__ import annotations

import datetime as dt
import json
import random

import pytest
from sqlalchemy.engine import Engine

from cribbage_core import score_hand
from cribbage_core.tables.peg_bank import bank_entry, load_bank
from cribbage_core.teaching.peg_trainer import gap_of
from tutor import store
from tutor.quiz.positions import peg_trainer_args, peg_trainer_at
from tutor.rating import service
from tutor.rating.bank import bank_items, first_rating
from tutor.rating.features import count_features, count_rating, lay_rating
from tutor.rating.skills import LEARNER_START
from tutor.store.ratings import rating_history, skill_ratings


def test_harder_features_rate_a_count_higher() -> None:
    plain = score_hand("2C 9D KH 4S", "7H")  # one fifteen
    double_run = score_hand("3H 3S 4C 5D", "JS")
    nobs = score_hand("2C 9D JH 4S", "7H")
    trap = score_hand("2H 4H 6H 8H", "KS", is_crib=True)
    assert count_features(trap).flush_trap == 1
    assert count_features(score_hand("2H 4H 6H 8H", "KH", is_crib=True)).flush_trap == 0
    assert count_rating(plain) < count_rating(nobs) < count_rating(double_run)
    assert count_rating(trap) > count_rating(score_hand("2H 4C 6H 8H", "KS", is_crib=True))


def test_a_bank_is_the_same_everywhere_and_rated_from_features() -> None:
    first = list(bank_items("crib", 50))
    assert first == list(bank_items("crib", 50))
    assert len({text for text, _ in first}) == 50
    assert all(400 <= g.rating <= 2600 for _, g in first)


def test_the_trainer_bank_is_every_banked_position_once_rated_by_its_gap() -> None:
    items = [json.loads(text) for text, _ in bank_items("peg_play", 10_000)]
    entries = {bank_entry(*peg_trainer_args(position)) for position in items}
    assert len(items) == len(entries) == len(load_bank()[1])  # every banked position, once each
    for text, rating in list(bank_items("peg_play"))[::250]:  # a dozen, valued afresh
        advice = peg_trainer_at(json.loads(text)).advice
        assert rating.rating == lay_rating(round(gap_of(advice), 4), advice.win_view)
    # a closer call is a harder question, in points or in the chance to win
    assert lay_rating(0.1, win=False) > lay_rating(1.0, win=False) > lay_rating(3.0, win=False)
    assert lay_rating(0.01, win=True) > lay_rating(0.06, win=True)


def _learner(engine: Engine, name: str = "Asha") -> int:
    return store.create_learner(engine, name).id


def test_only_the_first_attempt_moves_ratings(engine: Engine) -> None:
    who = _learner(engine)
    position = {"seed": "42"}
    first = service.rate_answer(engine, who, "hand", position, 1.0)
    assert first is not None and first.after[0] > LEARNER_START.rating
    again = service.rate_answer(engine, who, "hand", position, 0.0)  # a replay, a reload
    assert again is None
    assert skill_ratings(engine, who)["hand"].answers == 1
    assert skill_ratings(engine, who)["hand"].rating == pytest.approx(first.after[0])
    other = _learner(engine, "Bilal")
    assert service.rate_answer(engine, other, "hand", position, 0.0) is not None


def test_history_keeps_each_days_last_rating(engine: Engine) -> None:
    who = _learner(engine)
    day = dt.datetime(2026, 3, 1, 10)
    for n in range(3):
        service.rate_answer(engine, who, "crib", {"seed": str(n + 1)}, 1.0, when=day)
    service.rate_answer(engine, who, "crib", {"seed": "9"}, 1.0, when=day + dt.timedelta(days=1))
    rows = rating_history(engine, who)
    assert [r[1] for r in rows] == [day.date(), day.date() + dt.timedelta(days=1)]
    assert rows[0][2] < rows[1][2] == pytest.approx(skill_ratings(engine, who)["crib"].rating)


def test_next_question_is_unseen_and_near_the_target(engine: Engine) -> None:
    who = _learner(engine)
    assert service.ensure_bank(engine, "hand", 300) == 300
    assert service.ensure_bank(engine, "hand", 300) == 300  # built once
    seen: set[str] = set()
    rng = random.Random(1)
    for _ in range(20):
        position = service.next_position(engine, who, "hand", "normal", rng)
        assert position is not None and position["seed"] not in seen
        seen.add(position["seed"])
        service.rate_answer(engine, who, "hand", position, 1.0)
    assert service.learner_rating(engine, who, "hand").rating > LEARNER_START.rating
    bank = sorted(g.rating for _, g in bank_items("hand", 300))
    hard = service.next_position(engine, who, "hand", "hardest", rng, rating=800)
    easy = service.next_position(engine, who, "hand", "easiest", rng, rating=800)
    assert hard is not None and easy is not None
    assert first_rating("hand", hard).rating >= bank[-30]  # near 1400: the bank's hardest
    assert first_rating("hand", easy).rating == bank[0]  # near 200: the easiest there is
