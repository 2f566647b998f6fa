"""The coach at the table (``cribbage_core.coach.at_table``): a move judged before it is made, the chance to win now."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.cards import Card
from cribbage_core.coach.at_table import InvalidThreshold, WinBasis, check, win_now, win_threshold
from cribbage_core.coach.game_review import analyse_game
from cribbage_core.coach.grades import POINT_LIMITS, WIN_LIMITS, Grade
from cribbage_core.game import Discard, GameConfig, GameState, Go, Phase, Play, new_game
from cribbage_core.tables.winprob import win_probability


def _dealt(seed: int, target: int = 121) -> GameState:
    return new_game(random.Random(seed), GameConfig(players=2, target=target), first_dealer=0).deal(
        random.Random(seed + 100)
    )


def _worst_discard(state: GameState, seat: int) -> Discard:
    from cribbage_core.coach.discard_value import discard_values_for_view

    values = discard_values_for_view(state.view(seat))
    return Discard(seat, values.options[-1].discard)


def test_the_coach_agrees_with_the_review_on_every_decision_of_a_game() -> None:
    steps = play_game_steps(
        [make_bot("easy", 1), make_bot("medium", 2)], random.Random(11), target=61
    )
    moves = [d for d in analyse_game(steps, seats=[0]).decisions if d.kind != "count"]
    judged = [
        check(state, action, 1.5)
        for state, action in steps
        if action.seat == 0 and isinstance(action, Discard | Play | Go)
    ]
    assert len(judged) == len(moves) > 10
    for verdict, decision in zip(judged, moves, strict=True):
        assert verdict.decision.points_lost == decision.points_lost
        assert verdict.decision.win_lost == decision.win_lost
        assert verdict.grade is decision.grade
        assert verdict.decision.options == decision.options


def test_a_costly_discard_is_warned_of_and_a_cheap_one_is_not() -> None:
    state = _dealt(4)
    seat = 1
    worst = check(state, _worst_discard(state, seat), threshold=1.5)
    assert worst.win_lost is None and worst.points_lost > 1.5 and worst.warn
    assert worst.grade in (Grade.MISTAKE, Grade.BLUNDER)
    assert worst.best_label.startswith("throw ")
    # the same discard under a threshold above its loss passes
    assert not check(state, _worst_discard(state, seat), threshold=worst.points_lost + 0.01).warn
    from cribbage_core.coach.discard_value import discard_values_for_view

    best = discard_values_for_view(state.view(seat)).best.discard
    verdict = check(state, Discard(seat, best), threshold=0.0)
    assert verdict.points_lost == 0.0 and not verdict.warn and verdict.grade is Grade.BEST


def test_no_warning_without_a_real_choice() -> None:
    steps = play_game_steps([make_bot("hard", 1), make_bot("hard", 2)], random.Random(3), target=61)
    forced = [
        (state, action)
        for state, action in steps
        if isinstance(action, Go)
        or (
            isinstance(action, Play)
            and len({c.rank for c in state.hands[action.seat] if state.count + c.value <= 31}) == 1
        )
    ]
    assert forced
    for state, action in forced[:10]:
        assert not check(state, action, 0.0).warn


def test_the_win_threshold_follows_the_grade_limits() -> None:
    for points, chance in zip(POINT_LIMITS, WIN_LIMITS, strict=True):
        assert win_threshold(points) == pytest.approx(chance)
    values = [win_threshold(x / 10) for x in range(60)]
    assert values == sorted(values) and values[0] == 0.0
    for bad in (-0.1, 30, float("nan"), "1.5", True):
        with pytest.raises(InvalidThreshold):
            win_threshold(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidThreshold):
        check(_dealt(1), Discard(1, _dealt(1).hands[1][:2]), threshold=-1)


def test_near_the_end_the_coach_warns_in_chance_to_win() -> None:
    # scores near the end: the win view decides, on the win scale
    from dataclasses import replace

    near = replace(_dealt(7), scores=(112, 114))
    seat = 1
    verdicts = [check(near, Discard(seat, o), 0.3) for o in _discards(near, seat)]
    assert all(v.win_lost is not None for v in verdicts)
    assert any(v.warn for v in verdicts)
    for v in verdicts:
        assert v.warn == (
            v.decision.real_choice
            and v.win_lost is not None
            and v.win_lost > win_threshold(0.3) + 1e-12
        )


def _discards(state: GameState, seat: int) -> list[tuple[Card, ...]]:
    return list(combinations(state.hands[seat], 2))


def test_win_now_at_the_start_of_a_deal_is_the_table() -> None:
    state = _dealt(5)
    for seat in (0, 1):
        estimate = win_now(state, seat)
        assert estimate is not None and estimate.basis is WinBasis.DEAL
        assert estimate.chance == win_probability(0, 0, state.dealer == seat)
    assert (
        win_now(new_game(random.Random(1), GameConfig(players=3)).deal(random.Random(2)), 0) is None
    )


def test_win_now_follows_the_deal_through_the_play_and_the_show_to_the_end() -> None:
    steps = play_game_steps([make_bot("hard", 1), make_bot("hard", 2)], random.Random(8), target=61)
    seen = set()
    for state, _action in steps:
        for seat in (0, 1):
            estimate = win_now(state, seat)
            assert estimate is not None and 0.0 <= estimate.chance <= 1.0
            seen.add(estimate.basis)
            if state.phase is Phase.PLAY:
                assert estimate.basis is WinBasis.PLAY
            if state.phase is Phase.SHOW:
                assert estimate.basis is WinBasis.SHOW
    assert {WinBasis.DEAL, WinBasis.PLAY, WinBasis.SHOW} <= seen
    last_state, last_action = steps[-1]
    over = last_state.apply(last_action)
    assert over.phase is Phase.GAME_OVER and over.result is not None
    winner = over.result.winner_side
    assert win_now(over, winner).chance == 1.0 and win_now(over, 1 - winner).chance == 0.0  # type: ignore[union-attr]


def test_win_now_in_the_play_knows_the_seats_own_hand() -> None:
    # the same scores: a seat holding a big hand has a better chance than one holding a small one
    from dataclasses import replace

    from cribbage_core.cards import parse_cards

    state = _dealt(2)
    while state.phase is Phase.DISCARD:
        discarding = state.seat_to_act()
        state = state.apply(make_bot("hard", discarding).act(state.view(discarding)))
    assert state.phase is Phase.PLAY and state.starter is not None
    seat = state.seat_to_act()
    near = replace(state, scores=(100, 100))
    big = replace(
        near,
        kept=tuple(parse_cards("5H 5S 5C JD") if s == seat else k for s, k in enumerate(near.kept)),
    )
    small = replace(
        near,
        kept=tuple(parse_cards("2H 4S 8C QD") if s == seat else k for s, k in enumerate(near.kept)),
    )
    if near.starter in (*big.kept[seat], *small.kept[seat]):
        pytest.skip("the starter is one of the scripted cards")
    high, low = win_now(big, seat), win_now(small, seat)
    assert high is not None and low is not None and high.basis is WinBasis.PLAY
    assert high.chance > low.chance + 0.05
