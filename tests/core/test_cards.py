"""Cards: parsing in every accepted spelling, round trips, clear errors."""

import pickle
import random

import pytest
from hypothesis import given, strategies as st

from cribbage_core import Card, DuplicateCard, InvalidCard, Rank, Suit, full_deck, parse_cards
from cribbage_core.cards import shuffled_deck


@pytest.mark.parametrize(
    "token, rank, suit",
    [
        ("5H", Rank.FIVE, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("TS", Rank.TEN, Suit.SPADES),
        ("t♣", Rank.TEN, Suit.CLUBS),
        ("a♦", Rank.ACE, Suit.DIAMONDS),
        (" jd ", Rank.JACK, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("Q♡", Rank.QUEEN, Suit.HEARTS),
    ],
)
def test_parse_accepts_every_spelling(token: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(token)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("token", ["1X", "5", "H", "", "11H", "0S", "5HH", "JOKER", "10"])
def test_bad_token_names_itself(token: str) -> None:
    with pytest.raises(InvalidCard) as err:
        Card.parse(token)
    assert repr(token.strip()) in str(err.value)


def test_parse_cards_errors_name_the_bad_token() -> None:
    with pytest.raises(DuplicateCard, match="5H"):
        parse_cards("5H 5H")
    with pytest.raises(InvalidCard, match="'1X'"):
        parse_cards("5H 1X")
    with pytest.raises(InvalidCard, match="'6'"):
        parse_cards("5H 6")
    assert issubclass(InvalidCard, ValueError) and issubclass(DuplicateCard, ValueError)


def test_deck_has_52_distinct_cards_with_count_values() -> None:
    deck = full_deck()
    assert len(set(deck)) == 52
    assert sorted(c.index for c in deck) == list(range(52))
    values = sorted(c.value for c in deck)
    assert values.count(10) == 16 and values.count(1) == 4 and sum(values) == 340


@given(st.integers(0, 51))
def test_string_and_index_round_trip(index: int) -> None:
    card = Card.from_index(index)
    assert Card.parse(str(card)) is card
    assert Card.parse(card.label) is card
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_are_immutable_and_sort_by_rank() -> None:
    card = Card.parse("5H")
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX  # type: ignore[misc]
    assert sorted(parse_cards("KS 2H AC 2S")) == list(parse_cards("AC 2S 2H KS"))


def test_seeded_shuffle_repeats() -> None:
    assert shuffled_deck(random.Random(7)) == shuffled_deck(random.Random(7))
    assert shuffled_deck(random.Random(7)) != shuffled_deck(random.Random(8))
