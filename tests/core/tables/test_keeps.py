"""The keep table: what the opponent's discard says about the four cards it holds."""

from __future__ import annotations

import math

import pytest

from cribbage_core.coach.peg_value import opponent_hands, values_view
from cribbage_core.errors import WrongNumberOfCards
from cribbage_core.tables.keeps import (
    TEMPERATURE,
    keep_chance_of,
    keep_weight,
    load_table,
    rank_code,
)
from cribbage_core.tables.peg import keep_key

SAMPLE = [
    (5, 5, 10, 11),
    (1, 7, 10, 13),
    (2, 3, 5, 6),
    (4, 4, 4, 7),
    (5, 5, 5, 5),
    (1, 2, 3, 4),
    (6, 7, 8, 13),
]


@pytest.mark.parametrize("ranks", SAMPLE)
@pytest.mark.parametrize("dealer", [True, False])
def test_the_committed_table_is_what_the_model_computes(
    ranks: tuple[int, ...], dealer: bool
) -> None:
    assert load_table()["header"]["temperature"] == TEMPERATURE
    entry = load_table()["tables"]["dealer" if dealer else "pone"][keep_key(ranks)]
    assert entry == pytest.approx(keep_chance_of(ranks, dealer), abs=1e-6)
    assert keep_weight(ranks, dealer) == entry


def test_a_player_who_keeps_at_random_says_nothing() -> None:
    # a very hot softmax keeps each of the 15 ways alike: every four cards kept 1 time in 15
    for ranks in SAMPLE:
        assert keep_chance_of(ranks, True, temperature=1e9) == pytest.approx(1 / 15)


def test_the_table_prefers_the_keeps_players_make() -> None:
    # a pair of 5s with a jack is kept; four cards with no fifteen, pair or run seldom are
    assert 15 * keep_weight((5, 5, 10, 11), dealer=False) > 3
    assert 15 * keep_weight((1, 7, 10, 13), dealer=False) < 0.5
    # the dealer lays 2-3 or 5s into its own crib rather than keep 2-3-5-6 without them
    assert keep_weight((2, 3, 5, 6), dealer=True) < keep_weight((2, 3, 5, 6), dealer=False)
    chances = load_table()["tables"]["pone"].values()
    assert len(chances) == 1820 and all(0 < c < 1 for c in chances)


def test_bad_kept_hands_are_refused() -> None:
    with pytest.raises(WrongNumberOfCards, match="four ranks"):
        keep_chance_of((5, 5, 5, 5, 5), True)
    with pytest.raises(WrongNumberOfCards, match="four ranks"):
        keep_chance_of((0, 1, 2, 3), True)
    with pytest.raises(WrongNumberOfCards):
        keep_weight((1, 2, 3), dealer=True)


def test_the_pegging_values_weigh_each_hand_by_its_keep() -> None:
    # the opponent (the dealer here) led nothing yet: each hand's weight is the deal's times its keep's
    view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    plain = dict(opponent_hands(view, discard_evidence=False))
    kept = dict(opponent_hands(view))  # the default reads the discard
    assert plain.keys() == kept.keys()
    assert sum(kept.values()) == pytest.approx(1.0)
    a, b = (5, 5, 10, 11), (1, 7, 10, 13)
    ratio = (kept[a] / plain[a]) / (kept[b] / plain[b])
    assert ratio == pytest.approx(keep_weight(a, dealer=True) / keep_weight(b, dealer=True))
    # cards the opponent laid count as kept: after its K led, a hand's keep is its three cards + the K
    led = values_view("9H 9S 8D", "KS", starter="6D", discards="2C 3C")
    plain = dict(opponent_hands(led, discard_evidence=False))
    kept = dict(opponent_hands(led))
    a3, b3 = (5, 5, 10), (1, 7, 12)
    ratio = (kept[a3] / plain[a3]) / (kept[b3] / plain[b3])
    assert ratio == pytest.approx(
        keep_weight((*a3, 13), dealer=True) / keep_weight((*b3, 13), dealer=True)
    )
    assert math.isclose(sum(kept.values()), 1.0)


def test_rank_code_is_the_multiset() -> None:
    assert rank_code((13, 1, 4, 4)) == rank_code((4, 1, 13, 4)) != rank_code((4, 1, 13, 5))
