"""Pegging questions: deterministic, never impossible, answerable, and covering every kind."""

from collections import Counter

import pytest

from cribbage_core.cards import Card
from cribbage_core.pegging import can_lay, count_of, score_play
from cribbage_core.teaching.pegging_quiz import TARGETS, PeggingQuestion, pegging_question


def replay_is_legal(q: PeggingQuestion) -> None:
    """Check the shown play against the rules, step by step."""
    seen: set[Card] = set(q.your_cards_left)
    pile: list[Card] = []
    series = 0
    said_go = [False, False]
    for step in q.steps:
        if step.series != series:
            # series are numbered in order
            assert step.series == series + 1
            pile, said_go = [], [False, False]
            series = step.series
            assert step.card is not None, "a series starts with a card"
        if step.card is None:
            assert not said_go[step.seat], "go said twice in one series"
            said_go[step.seat] = True
            assert step.count == count_of(pile)
            continue
        assert step.card not in seen, "a card laid twice"
        seen.add(step.card)
        assert can_lay(step.card, count_of(pile)), "the count passed 31"
        if said_go[step.seat]:
            pytest.fail("a player laid a card after saying go in the same series")
        pile.append(step.card)
        assert step.count == count_of(pile)
    assert q.steps[-1].seat == 0 and q.steps[-1].card is not None
    assert tuple(pile) == q.pile
    your_laid = sum(1 for s in q.steps if s.seat == 0 and s.card is not None)
    their_laid = sum(1 for s in q.steps if s.seat == 1 and s.card is not None)
    assert your_laid + len(q.your_cards_left) == 4
    assert their_laid + q.opponent_cards_left == 4


def test_same_seed_same_question() -> None:
    for seed in range(30):
        assert pegging_question(seed) == pegging_question(seed)


def test_questions_follow_the_rules() -> None:
    for seed in range(300):
        q = pegging_question(seed)
        replay_is_legal(q)
        assert q.play == score_play(q.pile)
        assert q.total == q.play.total + q.go_points
        assert 0 <= q.total <= 15


def test_go_point_is_visible_to_the_learner() -> None:
    """A go is only asked when the opponent is visibly out and you cannot lay."""
    for seed in range(300):
        q = pegging_question(seed)
        if q.go_kind == "go":
            assert q.play.count < 31
            assert q.opponent_said_go or q.opponent_cards_left == 0
            assert not any(can_lay(card, q.play.count) for card in q.your_cards_left)
        if q.go_kind == "last card":
            assert q.opponent_cards_left == 0 and not q.your_cards_left
        if q.go_kind is None and q.play.count < 31:
            # the series goes on: you can still lay, or the opponent may
            assert any(can_lay(card, q.play.count) for card in q.your_cards_left) or (
                q.opponent_cards_left and not q.opponent_said_go
            )


@pytest.mark.parametrize("target", TARGETS)
def test_each_target_is_reached(target: str) -> None:
    for seed in range(8):
        assert target in pegging_question(seed, target).kinds


def test_random_seeds_cover_every_kind() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(400):
        kinds.update(pegging_question(seed).kinds)
    assert set(TARGETS) <= set(kinds), set(TARGETS) - set(kinds)


def test_unknown_target_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown target"):
        pegging_question(1, "run of 8")
