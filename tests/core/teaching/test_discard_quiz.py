"""The discard trainer's logic: seeded deals, difficulty, grading, and the reasons in words."""

from __future__ import annotations

import pytest

from cribbage_core import full_deck, parse_cards, score_hand
from cribbage_core.coach.advisor import advise
from cribbage_core.errors import CribbageError, WrongNumberOfCards
from cribbage_core.seats import Role
from cribbage_core.teaching.discard_quiz import (
    CLOSE_GAP,
    FAR_GAP,
    Fact,
    deal_discard,
    ev_loss,
    explain,
    is_best,
    keep_shape,
    starter_scores,
)
from tutor.quiz.discard_text import (
    advice_frame,
    fact_text,
    reason_headline,
    reason_why,
    starter_frame,
    tie_text,
)


def test_deal_is_a_function_of_its_seed_and_options() -> None:
    assert deal_discard(8) == deal_discard(8)
    assert deal_discard(8).hand != deal_discard(9).hand
    assert len(deal_discard(8).hand) == 6 and deal_discard(8).throw == 2
    three = deal_discard(8, players=3)
    assert len(three.hand) == 5 and three.throw == 1 and three.advice.players == 3


def test_random_role_gives_both_seats_and_a_fixed_role_is_kept() -> None:
    assert {deal_discard(s).role for s in range(20)} == {Role.DEALER, Role.PONE}
    assert all(deal_discard(s, role=Role.PONE).role is Role.PONE for s in range(10))


def test_the_deal_carries_the_advisors_own_answer() -> None:
    for seed in range(10):
        for players in (2, 3):
            deal = deal_discard(seed, players=players)
            assert deal.advice == advise(deal.hand, deal.role, players)


@pytest.mark.parametrize("seed", range(6))
def test_difficulty_filters_by_the_gap_between_the_two_best(seed: int) -> None:
    close = deal_discard(seed, difficulty="close")
    far = deal_discard(seed, difficulty="far")
    assert close.gap <= CLOSE_GAP
    assert far.gap >= FAR_GAP
    opts = far.advice.options
    assert far.gap == opts[0].net - opts[1].net


def test_bad_options_raise_specific_errors() -> None:
    with pytest.raises(WrongNumberOfCards, match=r"2 players .* or 3"):
        deal_discard(1, players=4)
    with pytest.raises(CribbageError, match="choose one of close, far"):
        deal_discard(1, difficulty="hard")
    with pytest.raises(CribbageError, match="dealer and pone"):
        deal_discard(1, role=Role.PARTNER)


def test_loss_is_zero_for_the_best_and_the_net_gap_otherwise() -> None:
    advice = advise("5H 5S JC 10D 2S 9C", Role.PONE)
    assert ev_loss(advice, advice.best.discard) == 0
    worst = advice.options[-1]
    assert ev_loss(advice, worst.discard) == pytest.approx(advice.best.net - worst.net)
    assert is_best(advice, advice.best.discard) and not is_best(advice, worst.discard)


def test_a_discard_tied_with_the_best_counts_as_best() -> None:
    deal = next(
        d
        for d in map(deal_discard, range(200))
        if round(d.advice.options[1].net, 2) == round(d.advice.best.net, 2)
    )
    assert is_best(deal.advice, deal.advice.options[1].discard)


def test_keep_shape() -> None:
    shape = keep_shape(parse_cards("7H 8H 9H 10H"))
    assert (
        shape.flush
        and [r.symbol for r in shape.run] == ["7", "8", "9", "10"]
        and shape.fifteens == 2
    )
    shape = keep_shape(parse_cards("5H 5S JC QD"))
    assert shape.fifteens == 8 and [r.symbol for r in shape.pairs] == ["5"] and shape.run == ()
    assert shape.jacks == 1 and shape.fives == 2 and not shape.flush


def test_starter_scores_match_the_itemised_scorer() -> None:
    hand = parse_cards("5H 5S JC 10D 2S 9C")
    keep = hand[:4]
    scores = starter_scores(keep, hand)
    assert [s for s, _ in scores] == [c for c in full_deck() if c not in hand]
    assert all(points == score_hand(keep, starter).total for starter, points in scores)


def test_the_brief_example_keeping_the_pair_and_the_jack() -> None:
    advice = advise("5H 5S JC 10D 2S 9C", Role.PONE)
    reason = explain(advice, parse_cards("5S 9C"))  # breaks the pair and gives away a five
    assert reason.driver == "both"
    kinds = [f.kind for f in reason.facts]
    assert kinds == ["keeps_pair", "more_fifteens", "threw_five"]
    assert reason.facts[1] == Fact(
        "more_fifteens", best=8, chosen=4
    )  # 5-10, 5-J twice each vs once
    headline = reason_headline(reason)
    assert (
        headline
        == f"Keeping 5♠ 5♥ 10♦ J♣ beats keeping 2♠ 5♥ 10♦ J♣ by {reason.loss:.2f} points on average."
    )
    assert fact_text(reason.facts[0]) == "It keeps the pair 5-5, which your choice breaks."
    assert "opponent's crib a 5" in fact_text(reason.facts[2])
    assert f"{reason.hand_gain:.2f} more in hand" in reason_why(reason)


def test_explanations_agree_with_the_numbers() -> None:
    """Over many deals and every discard: the parts add up, the driver and facts are true."""
    for seed in range(40):
        deal = deal_discard(seed, players=2 if seed % 3 else 3)
        advice = deal.advice
        for option in advice.options:
            reason = explain(advice, option.discard)
            assert reason.loss == pytest.approx(reason.hand_gain + reason.crib_gain)
            if is_best(advice, option.discard):
                assert (
                    reason.driver == "same" and not reason.facts and reason_headline(reason) == ""
                )
                continue
            if reason.driver == "both":
                assert reason.hand_gain > 0 and reason.crib_gain > 0
            elif reason.driver == "hand":
                assert reason.hand_gain > 0 >= reason.crib_gain - 0.005
            else:
                assert reason.driver == "crib" and reason.crib_gain > 0 >= reason.hand_gain
            best_ranks = [c.rank for c in advice.best.keep]
            chosen_ranks = [c.rank for c in option.keep]
            for fact in reason.facts:
                text = fact_text(fact)
                assert text and "{" not in text
                if fact.kind == "keeps_pair":
                    assert best_ranks.count(fact.rank) >= 2 > chosen_ranks.count(fact.rank)  # type: ignore[arg-type]
                if fact.kind.startswith("threw_"):
                    assert advice.role is Role.PONE
                if fact.kind.startswith("crib_"):
                    assert advice.role is Role.DEALER
            assert "{" not in reason_why(reason) and reason_why(reason)


def test_dealer_facts_name_what_goes_to_your_own_crib() -> None:
    seen = {
        fact.kind
        for seed in range(60)
        for deal in [deal_discard(seed, role=Role.DEALER)]
        for option in deal.advice.options
        for fact in explain(deal.advice, option.discard).facts
    }
    assert {"crib_pair", "crib_five", "keeps_pair", "more_fifteens"} <= seen
    assert not any(kind.startswith("threw_") for kind in seen)


def test_unknown_fact_kind_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown fact kind"):
        fact_text(Fact("nonsense"))


def test_advice_frame_lists_every_option_best_first_and_marks_the_choice() -> None:
    advice = advise("5H 5S JC 10D 2S 9C", Role.PONE)
    chosen = advice.options[4]
    frame = advice_frame(advice, chosen.discard)
    assert len(frame) == 15
    assert list(frame["Net"]) == [o.net for o in advice.options]
    assert list(frame["Crib"]) == [o.crib_ev for o in advice.options]
    assert frame[""].iloc[0].startswith("★") and "yours" in frame[""].iloc[4]
    assert sum("yours" in mark for mark in frame[""]) == 1


def test_tie_notes_say_what_separated_equal_nets() -> None:
    deal = next(
        d
        for d in map(deal_discard, range(200))
        if round(d.advice.options[1].net, 2) == round(d.advice.best.net, 2)
    )
    note = tie_text(deal.advice, 0)
    assert deal.advice.options[1].discard[0].label in note and tie_text(deal.advice, 1)
    lonely = next(i for i, o in enumerate(deal.advice.options) if not o.tie_note)
    assert tie_text(deal.advice, lonely) == ""


def test_starter_frame_has_both_keeps_when_they_differ() -> None:
    advice = advise("5H 5S JC 10D 2S 9C", Role.PONE)
    hand = advice.hand
    both = starter_frame(hand, advice.options[3].keep, advice.best.keep)
    assert len(both) == 92 and set(both["keep"]) == {"Your keep", "Best keep"}
    alone = starter_frame(hand, advice.best.keep, advice.best.keep)
    assert len(alone) == 46
    assert alone["points"].mean() == pytest.approx(advice.best.hand_ev)
