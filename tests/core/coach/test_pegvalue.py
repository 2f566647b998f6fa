"""The pegging values: positions a strong player knows, and exact agreement with the real engine.

The engine checks take a position from a real game, give the opponent each hand it could hold
(with the weight the values use), and play the rest of the play through ``GameState.apply``:
this seat by the values' own best card at each later turn, the opponent by the model. The
weighted average of what the engine scored must equal the value shown for the first card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from cribbage_core import Card, full_deck, parse_cards, score_play
from cribbage_core.bots import make_bot
from cribbage_core.coach.peg_value import (
    _win_model,
    opponent_hands,
    opponent_order,
    peg_values,
    play_points,
    values_for,
    values_view,
)
from cribbage_core.errors import CribbageError, IllegalMove
from cribbage_core.game import GameConfig, GameState, Go, Phase, Play, new_game

STARTER, THROWN = "6D", "2C 3C"


def ranks(advice_cards: list[Card]) -> list[str]:
    return [c.rank.symbol for c in advice_cards]


# ------------------------------------------------------------------ play points


def test_play_points_agree_with_the_play_scorer_on_random_series() -> None:
    rng = random.Random(5)
    deck = list(full_deck())
    checked = 0
    for _ in range(3000):
        rng.shuffle(deck)
        pile: list[Card] = []
        for card in deck:
            if sum(c.value for c in pile) + card.value > 31:
                break
            pile.append(card)
            if rng.random() < 0.25:
                break
        ranks_ = tuple(c.rank.value for c in pile)
        assert play_points(ranks_[:-1], ranks_[-1]) == score_play(pile).total
        checked += 1
    assert checked == 3000


def test_the_modelled_opponent_prefers_safe_leads_and_takes_points() -> None:
    assert opponent_order(())[-1] in (5, 10, 11, 12, 13)
    assert opponent_order(()).index(5) > opponent_order(()).index(4)
    assert opponent_order((10,))[0] == 5  # fifteen
    assert opponent_order((3, 4))[0] in (2, 5)  # a run of three


# ------------------------------------------------------------------ what a strong player knows


def test_do_not_lead_a_five() -> None:
    advice = values_for("5H 9C 4D 4S", starter=STARTER, discards=THROWN, win_view=False)
    assert advice.best.card.rank.value == 4
    assert advice.option("5H").points == min(o.points for o in advice.options)


def test_avoid_leaving_the_count_at_five() -> None:
    advice = values_for("3H 7C KD 9S", "2S", starter=STARTER, discards=THROWN, win_view=False)
    assert advice.option("3H").points == min(o.points for o in advice.options)
    assert advice.loss("3H") > 0.5


def test_avoid_leaving_the_count_at_twenty_one() -> None:
    advice = values_for("3H 9C 2S", "KS 8D", starter=STARTER, discards=THROWN, win_view=False)
    assert advice.option("3H").points == min(o.points for o in advice.options)
    assert advice.loss("3H") > 1.0


def test_lead_from_a_pair() -> None:
    advice = values_for("3H 3S 9D KC", starter=STARTER, discards=THROWN, win_view=False)
    assert advice.best.card.rank.value == 3


def test_take_the_go_with_a_low_card_kept_back() -> None:
    advice = values_for("AH 9C", "QS JD", starter=STARTER, discards=THROWN, win_view=False)
    assert str(advice.best.card) == "9C"
    assert advice.loss("AH") > 1.0


def test_need_two_to_win_take_the_sure_fifteen() -> None:
    # on points the ace is better on average; needing 2, the fifteen wins the game at once
    position = {"starter": STARTER, "discards": THROWN, "dealer": True}
    on_points = values_for("5H 9H JH AC", "QD", win_view=False, **position)  # type: ignore[arg-type]
    assert str(on_points.best.card) == "AC" and on_points.loss("5H") > 0.2
    to_win = values_for("5H 9H JH AC", "QD", scores=(119, 117), **position)  # type: ignore[arg-type]
    assert to_win.win_view
    assert str(to_win.best.card) == "5H" and to_win.best.win == 1.0
    assert to_win.option("AC").win is not None and to_win.option("AC").win < 0.95


def test_the_win_view_turns_on_near_the_end_only() -> None:
    assert not values_for("5H 9H JH AC", "QD", starter=STARTER, discards=THROWN).win_view
    far = values_for("5H 9H JH AC", "QD", starter=STARTER, discards=THROWN, scores=(60, 50))
    near = values_for("5H 9H JH AC", "QD", starter=STARTER, discards=THROWN, scores=(112, 50))
    assert not far.win_view and far.best.win is None
    assert near.win_view and all(o.win is not None and 0 <= o.win <= 1 for o in near.options)


# ------------------------------------------------------------------ the opponent's hands


def test_a_go_proves_the_opponent_holds_no_small_card() -> None:
    # the opponent laid 10 on my 9 (19); I laid 8 (27) and it said go: nothing of 4 or less
    view = values_view("AH 2S", "", starter=STARTER, discards=THROWN)
    view = replace(
        view,
        played=((0, Card.parse("9H")), (1, Card.parse("10S")), (0, Card.parse("8D"))),
        pile=tuple(parse_cards("9H 10S 8D")),
        count=27,
        passed=(False, True),
        cards_left=(2, 3),
    )
    hands = opponent_hands(view)
    assert hands and all(min(min(r, 10) for r in h) > 4 for h, _ in hands)
    assert sum(p for _, p in hands) == pytest.approx(1.0)


def test_a_card_the_model_would_not_lay_is_evidence_not_proof() -> None:
    # the opponent led a king: the model leads low cards first, so hands with them lose weight
    plain = dict(
        opponent_hands(
            values_view("9H 9S 8D", "KS", starter=STARTER, discards=THROWN), evidence=False
        )
    )
    seen = dict(opponent_hands(values_view("9H 9S 8D", "KS", starter=STARTER, discards=THROWN)))
    strict = opponent_hands(
        values_view("9H 9S 8D", "KS", starter=STARTER, discards=THROWN), tremble=0.0
    )
    low, high = (1, 2, 3), (10, 12, 13)
    assert seen[low] / plain[low] < seen[high] / plain[high]
    assert all(
        min(h) >= 5 or h.count(4) == 0 for h, _ in strict
    )  # a strict model never led the K over a 4


def test_values_depend_only_on_what_the_seat_can_see() -> None:
    state, seat = next(_positions(7, (2, 3, 4)))
    first = peg_values(state.view(seat))
    # give the opponent different (unseen) cards: the view, and so the values, do not change
    opp = 1 - seat
    hidden = [
        c for c in full_deck() if c not in state.view(seat).hand and c not in state.hands[opp]
    ]
    seen = set(state.view(seat).discards) | {c for _, c in state.played} | {state.starter}
    swap = tuple(c for c in hidden if c not in seen)[: len(state.hands[opp])]
    hands = list(state.hands)
    hands[opp] = swap
    second = peg_values(replace(state, hands=tuple(hands)).view(seat))
    assert first == second


def test_three_and_four_players_get_the_one_reply_values() -> None:
    for players in (3, 4):
        rng = random.Random(players)
        state = new_game(rng, GameConfig(players=players), first_dealer=0).deal(rng)
        bots = [make_bot("medium", s) for s in range(players)]
        while state.phase is Phase.DISCARD:
            for s in state.must_discard():
                state = state.apply(bots[s].act(state.view(s)))
        seat = state.to_act
        assert seat is not None
        advice = peg_values(state.view(seat))
        assert advice.model == "one reply" and advice.options
        assert {o.card for o in advice.options} <= set(state.hands[seat])


def test_bad_positions_are_refused_with_a_message() -> None:
    with pytest.raises(CribbageError, match="more than 4"):
        values_for("AH 2H 3H 4H", "5S 6S")
    with pytest.raises(IllegalMove, match="go"):
        values_for("KH QH", "10S JS 9D")
    with pytest.raises(CribbageError):
        values_for("AH AH")
    state, seat = next(_positions(3, (4,)))
    with pytest.raises(IllegalMove, match="not to lay"):
        peg_values(state.view(1 - seat))


# ------------------------------------------------------------------ agreement with the engine


def _positions(seed: int, opponent_cards: tuple[int, ...]) -> Iterator[tuple[GameState, int]]:
    """Decisions with a real choice in a hard-bot deal, where the opponent holds so many cards."""
    rng = random.Random(seed)
    bots = [make_bot("hard", 1), make_bot("hard", 2)]
    state = new_game(rng, GameConfig(), first_dealer=0).deal(rng)
    while state.phase is Phase.DISCARD:
        for s in state.must_discard():
            state = state.apply(bots[s].act(state.view(s)))
    while state.phase is Phase.PLAY:
        seat = state.to_act
        assert seat is not None
        view = state.view(seat)
        plays = {a.card.rank for a in view.legal if isinstance(a, Play)}
        if len(plays) > 1 and len(state.hands[1 - seat]) in opponent_cards:
            yield state, seat
        state = state.apply(bots[seat].act(view))


def _model_card(state: GameState, seat: int) -> Card:
    pile = tuple(c.rank.value for c in state.pile)
    held = {c.rank.value: c for c in state.hands[seat] if state.count + c.value <= 31}
    return held[next(r for r in opponent_order(pile) if r in held)]


def _engine_value(
    state: GameState, seat: int, card: Card, win: bool, discard: bool = True
) -> float:
    """The value of laying ``card``, played out through the engine over every opponent hand."""
    opp = 1 - seat
    view = state.view(seat)
    seen = set(view.hand) | set(view.discards) | {c for _, c in view.played} | {view.starter}
    unseen = [c for c in full_deck() if c not in seen]
    model = _win_model(view) if win else None
    total = 0.0
    for hand_ranks, weight in opponent_hands(view, tremble=0.0, discard_evidence=discard):
        pool = list(unseen)
        cards = []
        for r in hand_ranks:
            c = next(c for c in pool if c.rank.value == r)
            pool.remove(c)
            cards.append(c)
        hands = list(state.hands)
        hands[opp] = tuple(cards)
        s = replace(state, hands=tuple(hands)).apply(Play(seat, card))
        while s.phase is Phase.PLAY:
            actor = s.to_act
            assert actor is not None
            legal = s.legal_for(actor)
            if isinstance(legal[0], Go):
                s = s.apply(legal[0])
            elif actor == seat:
                later = peg_values(
                    s.view(seat), tremble=0.0, win_view=win, discard_evidence=discard
                )
                s = s.apply(Play(seat, later.best.card))
            else:
                s = s.apply(Play(actor, _model_card(s, actor)))
        events = [e for e in s.log[len(state.log) :] if e.phase == "play"]
        pm = sum(e.points for e in events if e.side == seat)
        po = sum(e.points for e in events if e.side == opp)
        if model is None:
            total += weight * (pm - po)
        elif s.phase is Phase.GAME_OVER:
            assert s.result is not None
            total += weight * (s.result.winner_side == seat)
        else:
            used = sum(
                1 << (3 * (c.rank.value - 1))
                for e_seat, c in s.played[len(state.played) :]
                if e_seat == opp
            )
            total += weight * model.after_play(pm, po, used)
    return total


@pytest.mark.parametrize("seed", [1, 4])
def test_values_equal_the_engine_played_out_over_every_hand(seed: int) -> None:
    state, seat = next(_positions(seed, (1, 2)))
    advice = peg_values(state.view(seat), tremble=0.0, win_view=False)
    for option in advice.options:
        assert _engine_value(state, seat, option.card, win=False) == pytest.approx(
            option.points, abs=1e-9
        )


def test_values_reading_the_plays_alone_equal_the_engine_played_out() -> None:
    # the default weighs the opponent's hands by its keep too; without it the values differ
    state, seat = next(_positions(6, (2,)))
    plain = peg_values(state.view(seat), tremble=0.0, win_view=False, discard_evidence=False)
    kept = peg_values(state.view(seat), tremble=0.0, win_view=False)
    assert [o.points for o in kept.options] != [o.points for o in plain.options]
    for option in plain.options:
        value = _engine_value(state, seat, option.card, win=False, discard=False)
        assert value == pytest.approx(option.points, abs=1e-9)


def test_win_chances_equal_the_engine_played_out_over_every_hand() -> None:
    state, seat = next(_positions(2, (2,)))
    state = replace(state, scores=(112, 114))
    advice = peg_values(state.view(seat), tremble=0.0, win_view=True)
    for option in advice.options:
        assert option.win is not None
        assert _engine_value(state, seat, option.card, win=True) == pytest.approx(
            option.win, abs=1e-9
        )


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 2, 3])
def test_values_equal_the_engine_with_three_cards_left(seed: int) -> None:
    state, seat = next(_positions(seed, (3,)))
    advice = peg_values(state.view(seat), tremble=0.0, win_view=False)
    for option in advice.options:
        assert _engine_value(state, seat, option.card, win=False) == pytest.approx(
            option.points, abs=1e-9
        )


def test_best_play_is_the_card_the_values_put_first() -> None:
    # in the win view best_play values the points only where the chances to win tie; every
    # tenth win-view decision of the golden games, reading the discard and not
    import json
    from pathlib import Path

    from cribbage_core.coach.peg_value import best_play
    from cribbage_core.record import GameRecord

    golden = json.loads(
        (Path(__file__).resolve().parents[2] / "data" / "pegvalue_golden.json").read_text()
    )
    checked = 0
    for game in golden["games"]:
        states = {r.number: r for r in GameRecord.from_dict(game["record"]).replay()}
        for decision in game["decisions"]:
            if not decision["win_view"] or decision["kwargs"]:
                continue
            checked += 1
            if checked % 10:
                continue
            replayed = states[decision["step"]]
            view = replayed.before.view(replayed.step.seat)  # type: ignore[union-attr]
            for reads in (True, False):
                assert (
                    best_play(view, discard_evidence=reads)
                    == peg_values(view, discard_evidence=reads).best.card
                )
    assert checked >= 50


def test_a_typed_position_with_fewer_opponent_cards_is_valued_without_reading_the_discard() -> None:
    # "--opponent-cards 2" after two cards of this series: the opponent's other laid cards are
    # not in the position, so its keep cannot be read; the values are those of the plays alone
    view = values_view("KH 4C", "10S JD", starter=STARTER, discards=THROWN, opponent_cards=2)
    read = peg_values(view, win_view=False)
    plain = peg_values(view, win_view=False, discard_evidence=False)
    assert [(o.card, o.points) for o in read.options] == [(o.card, o.points) for o in plain.options]
