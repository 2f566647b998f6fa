"""The pegging trainer's positions and verdicts: deterministic, of the kinds they say, graded as the
pegging values grade, and every number of the explanation as a brute count over the cards finds it."""

from __future__ import annotations

import pytest

from cribbage_core import Card, full_deck, score_play
from cribbage_core.coach.grades import Grade, grade
from cribbage_core.coach.peg_value import opponent_hands, peg_values, values_view
from cribbage_core.errors import CribbageError, IllegalMove
from cribbage_core.kinds import ScoreKind
from cribbage_core.tables.winprob import ends_this_deal
from cribbage_core.teaching.peg_trainer import (
    CHOICE_POINTS,
    CHOICE_WIN,
    CLOSE_GAP,
    CLOSE_WIN_GAP,
    FAR_GAP,
    FAR_WIN_GAP,
    SPOTS,
    PegPosition,
    PegSpot,
    exposure,
    gap_of,
    judge,
    likely_reply,
    peg_position,
    unseen_cards,
)

SEEDS = range(1, 7)


def legal(position: PegPosition) -> list[Card]:
    view = position.view
    return [c for c in view.hand if view.count + c.value <= 31]


def test_the_same_seed_and_options_give_the_same_position() -> None:
    for seed in (5, 77):
        for spot, difficulty in ((None, None), (PegSpot.PAIRING, None), (None, "far")):
            first, again = (
                peg_position(seed, spot, difficulty),
                peg_position(seed, spot, difficulty),
            )
            assert first == again
            assert first.view.hand == again.view.hand and first.steps == again.steps
    assert peg_position(5).view != peg_position(6).view


def test_a_position_is_the_learners_turn_and_the_steps_are_the_play_so_far() -> None:
    for seed in SEEDS:
        p = peg_position(seed)
        view = p.view
        assert view.to_act == view.seat and len({c.rank for c in legal(p)}) >= 2
        laid = [s for s in p.steps if s.card is not None]
        assert [s.card for s in laid] == [c for _, c in view.played]
        mine = {c for s, c in view.played if s == view.seat}
        assert all((s.card in mine) == (s.seat == 0) for s in laid)
        current = [s.card for s in laid if s.series == p.series]
        assert tuple(current) == view.pile
        assert sum(c.value for c in view.pile) == view.count
        for step in laid:  # each step's count is the series' running count
            series = [s.card for s in laid if s.series == step.series and s is not None]
            upto = series[: series.index(step.card) + 1]
            assert step.count == sum(c.value for c in upto if c is not None)


def test_every_position_has_a_real_choice() -> None:
    for seed in SEEDS:
        advice = peg_position(seed).advice
        best = advice.best
        if advice.win_view:
            assert max(best.win - o.win for o in advice.options) >= CHOICE_WIN  # type: ignore[operator]
        else:
            assert max(best.points - o.points for o in advice.options) >= CHOICE_POINTS


@pytest.mark.parametrize("spot", SPOTS)
def test_each_kind_is_what_it_says(spot: PegSpot) -> None:
    for seed in (1, 2, 3):
        p = peg_position(seed, spot)
        view, cards = p.view, legal(p)
        pile = view.pile
        assert spot in p.kinds and p.spot is spot
        if spot is PegSpot.LEAD:
            assert view.count == 0 and not pile
        elif spot is PegSpot.FIVE_21:
            assert any(view.count + c.value in (5, 21) for c in cards)
        elif spot is PegSpot.PAIRING:
            assert any(c.rank == pile[-1].rank for c in cards)
        elif spot is PegSpot.RUNS:
            assert any(
                any(i.kind == ScoreKind.RUN for i in score_play((*pile, c)).items)
                or (pile and c.rank != pile[-1].rank and abs(c.rank - pile[-1].rank) <= 2)
                for c in cards
            )
        elif spot is PegSpot.GO:
            opp = 1 - view.seat
            assert view.passed[opp] or view.cards_left[opp] == 0 or view.count >= 21
        else:
            assert p.advice.win_view
            mine, theirs = p.scores
            assert ends_this_deal(mine, theirs, p.you_dealt)


def test_ordinary_positions_are_not_endgames_unless_asked() -> None:
    for seed in range(1, 12):
        p = peg_position(seed, PegSpot.PAIRING)
        assert not p.advice.win_view and PegSpot.ENDGAME not in p.kinds


@pytest.mark.parametrize("difficulty", ["close", "far"])
def test_difficulty_is_the_gap_between_the_best_two_cards(difficulty: str) -> None:
    for seed in (1, 2, 3, 4):
        p = peg_position(seed, difficulty=difficulty)
        ranks = []
        for option in p.advice.options:
            if option.card.rank not in [o.card.rank for o in ranks]:
                ranks.append(option)
        if p.advice.win_view:
            gap = ranks[0].win - ranks[1].win  # type: ignore[operator]
            close, far = CLOSE_WIN_GAP, FAR_WIN_GAP
        else:
            gap = ranks[0].points - ranks[1].points
            close, far = CLOSE_GAP, FAR_GAP
        assert gap == pytest.approx(gap_of(p.advice))
        assert gap < close if difficulty == "close" else gap >= far


def test_bad_options_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(CribbageError, match="choose one of leading"):
        peg_position(1, "sideways")
    with pytest.raises(CribbageError, match="close, far"):
        peg_position(1, difficulty="easy")


def test_the_verdict_agrees_with_the_pegging_values() -> None:
    for seed in (*SEEDS, 40):
        for spot in (None, PegSpot.ENDGAME) if seed < 3 else (None,):
            p = peg_position(seed, spot)
            fresh = peg_values(p.view)
            assert fresh.best.card.rank == p.advice.best.card.rank
            for card in legal(p):
                verdict = judge(p, card)
                win_lost = fresh.win_loss(card)
                points_lost = fresh.loss(card)
                if card.rank == fresh.best.card.rank:
                    assert verdict.grade is Grade.BEST and verdict.correct
                    continue
                assert verdict.points_lost == pytest.approx(points_lost)
                if win_lost is None:
                    assert verdict.win_lost is None
                else:
                    assert verdict.win_lost == pytest.approx(win_lost)
                assert verdict.grade is grade(max(points_lost, 0.0), win_lost)
                assert verdict.best.card.rank == fresh.best.card.rank


def test_a_card_that_is_not_legal_is_refused() -> None:
    p = peg_position(3)
    stranger = next(c for c in full_deck() if c not in p.view.hand)
    with pytest.raises(IllegalMove):
        judge(p, stranger)


def brute_exposure(view_cards: list[Card], pile: tuple[Card, ...], card: Card) -> dict[str, int]:
    """Lay each unseen card on the pile and the card, and count what scores by the play's scorer."""
    tally: dict[str, int] = {"scoring": 0}
    count = sum(c.value for c in pile) + card.value
    for other in view_cards:
        if count + other.value > 31:
            continue
        scored = score_play((*pile, card, other))
        if scored.total:
            tally["scoring"] += 1
        for item in scored.items:
            tally[item.kind] = tally.get(item.kind, 0) + 1
    return tally


def test_the_explanations_numbers_are_a_brute_count_of_the_unseen_cards() -> None:
    checked = 0
    for seed in (*SEEDS, 11, 12, 13):
        for spot in (None, PegSpot.FIVE_21, PegSpot.PAIRING):
            p = peg_position(seed, spot)
            view = p.view
            seen = {*view.hand, *view.discards, view.starter, *(c for _, c in view.played)}
            unseen = [c for c in full_deck() if c not in seen]
            assert sorted(unseen_cards(view)) == sorted(unseen)
            for card in legal(p):
                e = exposure(view, card)
                assert e.unseen == len(unseen) and e.count == view.count + card.value
                if e.new_series:
                    assert e.count == 31 and e.scoring == 0
                    continue
                brute = brute_exposure(unseen, view.pile, card)
                assert e.scoring == brute["scoring"]
                for kind in ScoreKind:
                    assert e.of(kind) == brute.get(kind, 0), (seed, card, kind)
                checked += 1
    assert checked > 50


def test_leading_a_five_exposes_every_unseen_ten_card() -> None:
    view = values_view("5H 9C 4D 4S", starter="KD", discards="QH JS")
    e = exposure(view, Card.parse("5H"))
    tens_unseen = sum(1 for c in unseen_cards(view) if c.value == 10)
    assert tens_unseen == 13 and e.of(ScoreKind.FIFTEEN) == 13 and e.tens
    assert exposure(view, Card.parse("4D")).of(ScoreKind.FIFTEEN) == 0


def test_the_likely_reply_is_the_models_most_common_answer() -> None:
    for seed in (*SEEDS, 21):
        p = peg_position(seed)
        view = p.view
        for card in legal(p):
            reply = likely_reply(view, card)
            assert 0 < reply.chance <= 1.0 + 1e-9
            opp = 1 - view.seat
            if (view.passed[opp] and view.count + card.value < 31) or view.cards_left[opp] == 0:
                assert reply.rank is None
                continue
            if reply.rank is None:
                continue
            # what it scores is the play's scorer on the real cards (after a 31, a fresh lead)
            probe = next(c for c in unseen_cards(view) if c.rank == reply.rank)
            series = () if view.count + card.value == 31 else (*view.pile, card)
            assert reply.points == score_play((*series, probe)).total
            held = sum(w for ranks, w in opponent_hands(view) if reply.rank in ranks)
            assert reply.chance <= held + 1e-9
