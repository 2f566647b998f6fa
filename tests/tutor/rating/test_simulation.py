"""Simulated learners of known skill: the ratings find them, and find the questions too."""

from __future__ import annotations

from tutor.rating.simulate import simulate


def test_ratings_find_the_learners_true_skill() -> None:
    outcome = simulate(learners=60, answers=300, items=2000, seed=3)
    assert outcome.learner_spearman() >= 0.9
    assert outcome.share_within(150) >= 0.8
    assert outcome.item_correlation() >= 0.8


def test_answers_correct_poor_first_estimates() -> None:
    """With feature estimates far off (noise 500), the answers still rank the questions."""
    rough = simulate(learners=60, answers=300, items=1000, seed=4, estimate_noise=500)
    start = simulate(learners=60, answers=0, items=1000, seed=4, estimate_noise=500)
    assert rough.item_correlation(min_plays=5) >= 0.8
    assert rough.item_correlation(min_plays=0) > start.item_correlation(min_plays=0) + 0.1
    assert rough.learner_spearman() >= 0.9
