"""The coach: grades, the discard values with pegging and the chance to win, the game review, the expert bot."""

from __future__ import annotations

import random

import pytest

from cribbage_core import parse_cards
from cribbage_core.bots import make_bot
from cribbage_core.bots.expert import ExpertBot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.coach.advisor import advise
from cribbage_core.coach.discard_value import discard_values, keep_win
from cribbage_core.coach.game_review import analyse_game
from cribbage_core.coach.grades import NOISE_Z, POINT_LIMITS, WIN_LIMITS, Grade, grade
from cribbage_core.coach.peg_value import opening_value
from cribbage_core.game import Discard, GameConfig, Phase, new_game
from cribbage_core.seats import Role
from cribbage_core.tables.peg import load_table, luck_baseline, peg_term, role_mean

# ------------------------------------------------------------------ grades


pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


def test_grades_follow_the_documented_limits() -> None:
    assert [grade(x) for x in (0.0, 0.049, 0.05, 0.29, 0.3, 1.49, 1.5, 2.99, 3.0)] == [
        Grade.BEST,
        Grade.BEST,
        Grade.GOOD,
        Grade.GOOD,
        Grade.INACCURACY,
        Grade.INACCURACY,
        Grade.MISTAKE,
        Grade.MISTAKE,
        Grade.BLUNDER,
    ]
    assert POINT_LIMITS == (0.05, 0.30, 1.50, 3.00) and WIN_LIMITS == (0.005, 0.015, 0.08, 0.16)
    assert grade(0.0, win_lost=0.02) is Grade.INACCURACY
    assert grade(0.0, win_lost=0.08) is Grade.MISTAKE and grade(0.0, win_lost=0.16) is Grade.BLUNDER
    assert grade(5.0, win_lost=0.0) is Grade.BEST  # near the end only the chance to win counts


def test_a_loss_within_the_noise_is_never_a_mistake() -> None:
    assert grade(1.9, se=1.0) is Grade.INACCURACY  # 1.9 <= 1.96 x 1.0
    assert grade(3.5, se=1.0) is Grade.BLUNDER  # beyond the band
    assert grade(1.9, se=0.5) is Grade.MISTAKE
    assert NOISE_Z == 1.96


# ------------------------------------------------------------------ discard values


def test_the_pegging_table_holds_every_keep_and_matches_the_engine() -> None:
    table = load_table()["tables"]
    assert len(table["dealer"]) == len(table["pone"]) == 1820
    assert "exact expectimax" in load_table()["header"]["method"].lower()
    shift = load_table()["header"]["centring"]["shift"]  # each role centred on self-play
    for ranks in ((5, 5, 10, 10), (1, 2, 3, 4), (6, 7, 8, 13)):
        cards = parse_cards(" ".join(f"{'A23456789TJQK'[r - 1]}{s}" for r, s in zip(ranks, "SHDC")))
        assert peg_term(cards, dealer=True) == pytest.approx(
            opening_value(ranks, leads=False) + shift["dealer"], abs=2e-4
        )
        assert peg_term(cards, dealer=False) == pytest.approx(
            opening_value(ranks, leads=True) + shift["pone"], abs=2e-4
        )
    assert role_mean(True) > role_mean(False)  # the dealer pegs more: the pone leads


def test_discard_values_split_hand_crib_and_pegging() -> None:
    hand = parse_cards("5H 5S 5C JD 2S 9C")
    values = discard_values(hand, dealer=False)
    advice = advise(hand, Role.PONE)
    assert len(values.options) == 15 and not values.win_view
    for option in values.options:
        same = advice.option_for(option.discard)
        assert option.hand == pytest.approx(same.hand_ev) and option.crib == pytest.approx(
            same.crib_ev
        )
        assert option.pegging is not None and option.crib_se > 0
        assert option.net == pytest.approx(option.hand + option.crib + option.pegging)
    nets = [o.net for o in values.options]
    assert nets == sorted(nets, reverse=True)
    best = values.best
    assert values.loss(best.discard) == (0.0, 0.0)
    worst = values.options[-1]
    loss, se = values.loss(worst.discard)
    assert loss == pytest.approx(best.net - worst.net) and se > 0


def test_the_win_view_keeps_what_gets_home() -> None:
    # the pone needs 12 and counts first: the 5-5-5-J keep scores at least 14, so it is nearly
    # sure (the dealer, needing 21, rarely pegs that much first)
    hand = parse_cards("5H 5S 5C JD 2S 9C")
    far = discard_values(hand, dealer=False, scores=(40, 40))
    near = discard_values(hand, dealer=False, scores=(109, 100))
    assert not far.win_view and near.win_view
    assert near.best.win is not None and near.best.win > 0.95
    assert {str(c) for c in near.best.keep} >= {"5H", "5S", "5C"}
    for option in near.options:
        assert option.win == pytest.approx(keep_win(near, option))
    assert near.win_loss(near.best.discard) == 0.0


def test_the_luck_baseline_is_an_average_best_keep() -> None:
    dealer, pone = load_table()["baseline"]["dealer"], load_table()["baseline"]["pone"]
    assert all(role[2] >= 10_000 and role[1] < 0.05 for role in (dealer, pone))
    assert luck_baseline(True) > luck_baseline(False)


# ------------------------------------------------------------------ the review


def _steps(seed: int, levels: tuple[str, str] = ("medium", "hard"), target: int = 61):
    bots = [make_bot(levels[0], seed), make_bot(levels[1], seed + 1)]
    return play_game_steps(bots, random.Random(seed), target=target)


def test_a_review_covers_every_decision_of_every_seat() -> None:
    steps = _steps(3)
    review = analyse_game(steps)
    assert len(review.decisions) == len(steps)
    kinds = {d.kind for d in review.decisions}
    assert {"discard", "play", "count"} <= kinds
    for d, (state, action) in zip(review.decisions, steps):
        assert d.seat == action.seat and d.hand_no == state.hand_no
        assert 0 <= d.chosen < len(d.options)
        assert d.points_lost >= 0
        if d.kind in ("discard", "play") and len(d.options) > 1:
            best = max(o.points for o in d.options)
            assert d.points_lost == pytest.approx(best - d.choice.points, abs=1e-9)
        if d.win_before is not None and d.win_after is not None:
            assert 0 <= d.win_after <= 1 and 0 <= d.win_before <= 1
    assert max(review.final_scores) >= 61  # the game was played to the end


def test_the_expert_grades_itself_best() -> None:
    bots = [ExpertBot(), make_bot("medium", 2)]
    steps = play_game_steps(bots, random.Random(7), target=61)
    review = analyse_game(steps, seats=[0])
    mine = review.of_seat(0)
    assert mine and all(d.grade is Grade.BEST for d in mine if d.kind != "count")
    # away from the end the expert plays the best expected points; near it, the best chance
    assert all(d.points_lost < 1e-9 for d in mine if not d.win_view)
    assert all(d.win_lost is not None and d.win_lost < 1e-9 for d in mine if d.win_view)


def test_an_ongoing_game_can_be_reviewed() -> None:
    steps = play_game_steps([make_bot("easy", 1), make_bot("hard", 2)], random.Random(4), stop=30)
    review = analyse_game(steps)
    assert len(review.decisions) == 30
    text = review.text()
    assert "skill" in text and "seat 0" in text


def test_an_under_claim_loses_what_it_missed() -> None:
    rng = random.Random(9)
    state = new_game(rng, GameConfig(players=2, target=121), first_dealer=0).deal(rng)
    bots = [make_bot("hard", 1), make_bot("hard", 2)]
    steps = []
    while state.phase is not Phase.SHOW:
        seat = state.seat_to_act()
        assert seat is not None
        action = bots[seat].act(state.view(seat))
        steps.append((state, action))
        state = state.apply(action)
    what = state.counting()
    assert what is not None
    from cribbage_core.game import Count
    from cribbage_core.scoring import score_hand

    worth = score_hand(what[1], state.starter, is_crib=what[2]).total  # type: ignore[arg-type]
    steps.append((state, Count(what[0], claimed=max(0, worth - 2))))
    review = analyse_game(steps)
    count = review.decisions[-1]
    assert count.kind == "count" and count.points_lost == min(2, worth)
    assert review.summary(what[0]).counting_lost == min(2, worth)


# ------------------------------------------------------------------ the expert


def test_the_expert_plays_legal_games_to_the_end() -> None:
    for players in (2, 3, 4):
        rng = random.Random(players)
        bots = [ExpertBot() if s % 2 == 0 else make_bot("medium", s) for s in range(players)]
        state = new_game(rng, GameConfig(players=players, target=61))
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.DEAL:
                state = state.deal(rng)
                continue
            seat = state.seat_to_act()
            assert seat is not None
            state = state.apply(bots[seat].act(state.view(seat)))
        assert state.result is not None


def test_the_expert_discards_by_its_own_values() -> None:
    rng = random.Random(12)
    state = new_game(rng, GameConfig(), first_dealer=0).deal(rng)
    action = ExpertBot().act(state.view(1))
    assert isinstance(action, Discard)
    values = discard_values(state.hands[1], dealer=False)
    assert set(action.cards) == set(values.best.discard)


@pytest.mark.slow
def test_the_limits_give_the_hard_bot_about_no_mistakes() -> None:
    # the calibration of cribbage_core.coach.grades on a few games: the hard bot, graded by the expert's
    # evaluations, seldom makes a mistake (0.25 a game over 300 games with the discard read, 0.13
    # over 380 with the plays alone); the medium bot makes them
    def errors(level: str, games: int) -> list[int]:
        out = []
        for g in range(games):
            steps = play_game_steps(
                [make_bot(level, 5 * g), make_bot("hard", 5 * g + 1)], random.Random(f"calib/{g}")
            )
            out.append(analyse_game(steps, seats=[0]).summary(0).errors)
        return out

    hard = errors("hard", 8)
    assert sum(hard) <= 3, hard
    medium = errors("medium", 8)
    assert sum(medium) >= sum(hard) + 4, (medium, hard)
