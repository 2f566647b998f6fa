"""tutor.quiz.drill: weak-spot drills deal hands holding the category the learner misses."""

from __future__ import annotations

import random
from collections import Counter

from cribbage_core import shuffled_deck
from cribbage_core.scoring import HAND_KINDS as SHOW_CATEGORIES
from tutor.quiz.drill import deal_has, drill_seed, pick_category


def deal(seed: int) -> tuple[list, object]:
    deck = shuffled_deck(random.Random(seed))
    return deck[:4], deck[4]


def test_each_category_is_dealt_when_it_is_the_weak_spot() -> None:
    rng = random.Random(7)
    for category in SHOW_CATEGORIES:
        for _ in range(5):
            seed, chosen = drill_seed({category: 1.0}, rng, deal)
            assert chosen == category
            assert deal_has(deal(seed), category)


def test_categories_are_drawn_in_proportion_to_their_weight() -> None:
    rng = random.Random(3)
    drawn = Counter(pick_category({"run": 3.0, "nobs": 1.0, "go": 5.0}, rng) for _ in range(4000))
    assert set(drawn) == {"run", "nobs"}  # "go" is not a show category
    assert 2.6 < drawn["run"] / drawn["nobs"] < 3.4


def test_no_weak_spots_gives_any_seed_and_no_category() -> None:
    seed, category = drill_seed({}, random.Random(1), deal)
    assert category is None and 0 <= seed < 2**31


def test_drill_seeds_fit_the_quiz_url() -> None:
    from tutor.seeds import MAX_SEED

    rng = random.Random(5)
    assert all(0 < drill_seed({"run": 1.0}, rng, deal)[0] <= MAX_SEED for _ in range(50))


def test_pegging_drill_deals_questions_scoring_the_weak_kind() -> None:
    from cribbage_core.pegging import PEGGING_KINDS as PEGGING_CATEGORIES
    from cribbage_core.teaching.pegging_quiz import pegging_question
    from tutor.quiz.categories import pegging_categories
    from tutor.quiz.drill import drill_pegging_seed

    rng = random.Random(11)
    for category in PEGGING_CATEGORIES:
        seed, chosen = drill_pegging_seed({category: 1.0, "flush": 9.0}, rng)  # flush: show only
        assert chosen == category
        assert category in pegging_categories(pegging_question(seed))


def test_a_category_no_seed_holds_gives_up_with_no_category(monkeypatch) -> None:
    from tutor.quiz import drill
    from tutor.seeds import MAX_SEED

    monkeypatch.setattr(drill, "MAX_TRIES", 20)
    tried: list[int] = []

    def never(seed: int, category: str) -> bool:
        tried.append(seed)
        return False

    seed, category = drill.seed_holding({"run": 1.0}, random.Random(2), never, ["run"])
    assert category is None and len(tried) == 20 and 0 < seed <= MAX_SEED
