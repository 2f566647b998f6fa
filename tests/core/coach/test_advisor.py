"""The discard advisor: exact expectations, ordering, ties, and known best discards."""

import random

import pytest

from cribbage_core import Card, format_cards, full_deck, parse_cards, score_hand
from cribbage_core.coach.advisor import advise, hand_points
from cribbage_core.errors import DuplicateCard, WrongNumberOfCards
from cribbage_core.seats import Role
from cribbage_core.tables.expected import expected_hand_values, hand_stats

DECK = full_deck()


def test_hand_points_agrees_with_the_itemised_scorer() -> None:
    rng = random.Random(7)
    for _ in range(4000):
        five = rng.sample(DECK, 5)
        for is_crib in (False, True):
            assert (
                hand_points(five[:4], five[4], is_crib)
                == score_hand(five[:4], five[4], is_crib).total
            )


@pytest.mark.parametrize("dealt", [6, 5])
def test_expected_hand_is_the_brute_force_average_over_every_starter(dealt: int) -> None:
    rng = random.Random(dealt)
    for _ in range(60):
        hand = rng.sample(DECK, dealt)
        starters = [c for c in DECK if c not in hand]
        assert len(starters) == 52 - dealt
        for keep, discard, ev, lo, hi in expected_hand_values(hand, dealt - 4):
            scores = [score_hand(keep, s).total for s in starters]
            assert ev == pytest.approx(sum(scores) / len(scores), abs=1e-12)
            assert (lo, hi) == (min(scores), max(scores))
            assert set(keep) | set(discard) == set(hand)


def test_hand_stats_counts_every_starter() -> None:
    hand = parse_cards("5H 5S 5C JD 2S 9C")
    ev, lo, hi, counts = hand_stats(hand[:4], hand)
    assert sum(counts.values()) == 46
    assert counts[29] == 1  # only the 5D with the Jack of diamonds
    assert (lo, hi) == (14, 29)
    assert ev == pytest.approx(sum(p * n for p, n in counts.items()) / 46)


KNOWN_BEST = [
    # dealt hand, role, best throw
    ("5H 5S 5C JD 2S 9C", Role.DEALER, "2S 9C"),
    ("5H 5S 5C JD 2S 9C", Role.PONE, "2S 9C"),
    ("4H 5S 6C 6D KH QS", Role.DEALER, "QS KH"),
    ("4H 5S 6C 6D KH QS", Role.PONE, "QS KH"),
    ("7C 8D 7H 8S KD QC", Role.PONE, "QC KD"),
    ("3H 3S 3D 3C KD QC", Role.DEALER, "QC KD"),
    # a dealer keeps the four-card flush and gives his own crib the 5
    ("AH 4H 7H 10H KS 5C", Role.DEALER, "5C KS"),
    # the dealer throws the pair of 9s into his own crib; the pone keeps them
    ("2H 3S 4C 9D 9H 10S", Role.DEALER, "9H 9D"),
    ("2H 3S 4C 9D 9H 10S", Role.PONE, "3S 10S"),
]


@pytest.mark.parametrize(("hand", "role", "throw"), KNOWN_BEST)
def test_known_best_discards(hand: str, role: Role, throw: str) -> None:
    assert format_cards(advise(hand, role).best.discard) == throw


def test_options_are_complete_sorted_and_signed() -> None:
    rng = random.Random(3)
    for _ in range(30):
        hand = rng.sample(DECK, 6)
        for role in (Role.DEALER, Role.PONE):
            advice = advise(hand, role)
            assert len(advice.options) == 15 and advice.starters == 46
            nets = [round(o.net, 2) for o in advice.options]
            assert nets == sorted(nets, reverse=True)
            assert [o.rank for o in advice.options] == list(range(1, 16))
            for o in advice.options:
                assert o.net == pytest.approx(o.hand_ev + o.crib_ev)
                assert (o.crib_ev > 0) == (role is Role.DEALER)
                assert o.hand_min <= o.hand_ev <= o.hand_max


def test_three_and_four_players_throw_one_card() -> None:
    hand = parse_cards("KH KS 2D 3C 7H")
    for players in (3, 4):
        advice = advise(hand, Role.PARTNER if players == 4 else Role.DEALER, players)
        assert len(advice.options) == 5 and advice.starters == 47
        assert all(len(o.discard) == 1 and o.crib_ev > 0 for o in advice.options)


def test_ties_are_explained() -> None:
    # throwing either King leaves hands alike in every way but suit: a tie
    advice = advise("KH KS 2D 3C 7H", Role.PONE, 3)
    kings = [o for o in advice.options if o.discard[0].rank == 13]
    assert kings[0].net == kings[1].net
    assert "equal in every way to throwing" in kings[0].tie_note
    assert all(o.tie_note == "" for o in advice.options if o not in kings)


def test_a_tie_on_net_is_broken_by_the_best_hand() -> None:
    # search seeded hands for nets equal to the hundredth, broken by a different best hand
    rng = random.Random(11)
    for _ in range(3000):
        advice = advise(rng.sample(DECK, 5), Role.PONE, 3)
        for a, b in zip(advice.options, advice.options[1:]):
            if round(a.net, 2) == round(b.net, 2) and a.hand_max != b.hand_max:
                assert a.hand_max > b.hand_max
                assert "best hand" in a.tie_note and "best hand" in b.tie_note
                return
    raise AssertionError("no such tie in the sample")


def test_bad_hands_are_refused() -> None:
    with pytest.raises(WrongNumberOfCards, match="6 cards"):
        advise("5H 5S 5C JD")
    with pytest.raises(WrongNumberOfCards):
        advise("5H 5S 5C JD 2S 9C", players=3)
    with pytest.raises(DuplicateCard):
        advise([Card.parse("5H")] * 2 + list(parse_cards("5S 5C JD 2S")))


def test_option_for_finds_a_discard() -> None:
    advice = advise("5H 5S 5C JD 2S 9C", Role.DEALER)
    assert advice.option_for(parse_cards("9C 2S")).rank == 1
    with pytest.raises(KeyError):
        advice.option_for(parse_cards("AH"))
