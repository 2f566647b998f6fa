"""The coach's read of the opponent: checked by brute force against the two searches it compares.

On seeded positions of bot games every figure of a :class:`ReadFact` is recomputed from
``peg_values`` run both ways (reading what the opponent has shown, and
``evidence=False, discard_evidence=False``), the uniform chances by counting every set of cards
the opponent could hold, and the read's named ranks against every other rank group. A position
built by hand (the opponent's go at 22 proves it holds only ten-cards) has answers worked out
by hand.
"""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations
from math import comb

import pytest

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.cards import Card, parse_cards
from cribbage_core.coach.facts import unseen_cards
from cribbage_core.coach.grades import CLOSE_CALL, CLOSE_CALL_WIN
from cribbage_core.coach.peg_value import opponent_hands, peg_values, values_view
from cribbage_core.coach.positions import forget, peg_advice, prepare, uniform_advice
from cribbage_core.coach.read import (
    LIKELY,
    READ_MARGIN,
    READ_WIN_MARGIN,
    TEN_CARD,
    UNLIKELY,
    hand_read,
    read_fact,
    uniform_values,
)
from cribbage_core.game import GameConfig, Play, SeatView

pytestmark = pytest.mark.spread


def _group(card: Card) -> int:
    return min(card.rank.value, TEN_CARD)


def _positions(games: range) -> list[tuple[SeatView, Card]]:
    """Every card laid with a real choice by either seat of medium-against-hard games."""
    found = []
    for g in games:
        bots = [make_bot("medium", 2 * g), make_bot("hard", 2 * g + 1)]
        for state, action in play_game_steps(bots, random.Random(f"read/{g}"), target=61):
            if not isinstance(action, Play):
                continue
            view = state.view(action.seat)
            if len({c.rank for c in view.hand if view.count + c.value <= 31}) > 1:
                found.append((view, action.card))
    return found


def _uniform_chance(view: SeatView, groups: tuple[int, ...]) -> float:
    """The chance the opponent holds a card of ``groups``, counting every set of cards it could hold."""
    unseen = unseen_cards(view)
    k = view.cards_left[1 - view.seat]
    if k <= 2:  # small enough to list every set
        sets = list(combinations(unseen, k))
        return sum(any(_group(c) in groups for c in s) for s in sets) / len(sets)
    without = sum(1 for c in unseen if _group(c) not in groups)
    return 1 - comb(without, k) / comb(len(unseen), k)


def _check(view: SeatView, card: Card) -> bool:
    fact = read_fact(view, card)
    if view.cards_left[1 - view.seat] == 0:  # nothing left to read: the values cannot depend on it
        assert fact is None
        return False
    assert fact is not None
    read = peg_values(view)
    plain = peg_values(view, evidence=False, discard_evidence=False)
    win = read.win_view
    assert plain.win_view is win and fact.win is win

    def value(advice: object, c: Card) -> float:
        option = advice.option(c)  # type: ignore[attr-defined]
        return float(option.win if win else option.points)

    assert fact.value == value(read, card) and fact.uniform_value == value(plain, card)
    assert fact.best is read.best.card and fact.uniform_best is plain.best.card
    other = plain.best.card
    lost = (read.win_loss(other) or 0.0) if win else read.loss(other)
    limit = CLOSE_CALL_WIN if win else CLOSE_CALL
    assert fact.best_changes == (other.rank != read.best.card.rank and lost >= limit - 1e-12)
    margin = READ_WIN_MARGIN if win else READ_MARGIN
    assert fact.matters == (
        fact.best_changes or abs(fact.value - fact.uniform_value) >= margin - 1e-12
    )
    # what the read says in ranks: chances recounted, the groups named the ones it moves most
    hand = fact.hand
    assert hand.uniform == pytest.approx(_uniform_chance(view, hand.ranks), abs=1e-9)
    weighed = opponent_hands(view)
    holds = sum(w for ranks, w in weighed if any(min(r, TEN_CARD) in hand.ranks for r in ranks))
    assert hand.chance == pytest.approx(holds, abs=1e-9)
    shifts = {}
    for g in range(1, TEN_CARD + 1):
        if _uniform_chance(view, (g,)) > 0:
            mine = sum(w for ranks, w in weighed if any(min(r, TEN_CARD) == g for r in ranks))
            shifts[g] = mine - _uniform_chance(view, (g,))
    sign = 1 if hand.more else -1
    assert max(sign * shifts[g] for g in hand.ranks) == pytest.approx(
        max(sign * s for s in shifts.values()), abs=1e-9
    )
    assert hand.likely == (hand.chance > hand.uniform and hand.chance >= LIKELY - 1e-12)
    assert hand.unlikely == (hand.chance <= hand.uniform and hand.chance <= UNLIKELY + 1e-12)
    return fact.matters


def test_read_agrees_with_both_searches_on_seeded_positions() -> None:
    positions = _positions(range(1))
    assert len(positions) >= 12
    matters = [_check(view, card) for view, card in positions]
    assert any(matters) and not all(matters)  # it says so sometimes, not always


@pytest.mark.slow
def test_read_agrees_with_both_searches_on_more_positions() -> None:
    positions = _positions(range(1, 6))
    matters = [_check(view, card) for view, card in positions]
    assert 0.05 < sum(matters) / len(matters) < 0.6


def _after_their_go(hand: str) -> SeatView:
    """Seat 0 holds ``hand`` at 22 (K, Q, 2 laid), and the opponent, holding three, said go: it
    holds no card of 9 or less, so three ten-cards."""
    view = values_view(hand, starter="3S", discards="2D 4D", opponent_cards=3)
    played = ((0, Card.parse("KS")), (1, Card.parse("QD")), (0, Card.parse("2C")))
    return dataclasses.replace(
        view,
        played=played,
        pile=tuple(parse_cards("KS QD 2C")),
        count=22,
        passed=(False, True),
        cards_left=(2, 3),
    )


def test_a_go_at_22_proves_ten_cards() -> None:
    view = _after_their_go("5H 9C")
    read = hand_read(view)
    # unseen: 44 cards, 14 of them ten-cards; by the deal alone 1 - C(30,3)/C(44,3)
    assert read is not None and (read.ranks, read.discard, read.plays) == ((TEN_CARD,), True, True)
    assert read.chance == pytest.approx(1.0) and read.uniform == pytest.approx(1 - 4060 / 13244)
    assert read.likely
    fact = read_fact(view, Card.parse("9C"))
    assert fact is not None
    # 9 makes 31 (2); they lead a ten, 5 makes fifteen (2); they lay a ten at 25 and take the
    # go (1), then lead their last ten for the last card (1): 4 - 2
    assert fact.value == pytest.approx(2.0)
    assert fact.best is Card.parse("9C") and fact.uniform_best is Card.parse("9C")
    assert fact.uniform_value < 1.0 and fact.moves and fact.matters and not fact.best_changes


def test_no_read_with_three_players_or_one_rank() -> None:
    view = values_view("5H 5S", starter="KD", discards="QH JS")
    assert read_fact(view, Card.parse("5H")) is None  # one rank: no real choice
    three = dataclasses.replace(
        values_view("5H 9C", starter="KD", discards="QH JS"), config=GameConfig(players=3)
    )
    assert read_fact(three, Card.parse("5H")) is None and hand_read(three) is None


def test_the_uniform_search_is_kept_beside_the_main_one() -> None:
    forget()
    view = values_view("5H 9C 4D 4S", starter="KD", discards="QH JS")
    assert prepare(view, lambda advice: False)
    assert uniform_advice(view) == uniform_values(view)
    first = uniform_advice(view)
    assert uniform_advice(view) is first and peg_advice(view) is not first
    forget()
    prepare(view, lambda advice: True)  # searched ahead: then only read
    assert uniform_advice(view) is uniform_advice(view)
