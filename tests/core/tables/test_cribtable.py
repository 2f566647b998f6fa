"""The committed crib table: complete, plausible, and reproduced by a fresh simulation."""

import math
import random

import pytest

from cribbage_core import parse_cards
from cribbage_core.seats import Role
from cribbage_core.tables.crib import (
    all_keys,
    crib_value,
    discard_key,
    load_table,
    representative_discard,
    simulate_crib,
)


def test_every_discard_has_an_entry_for_both_roles() -> None:
    data = load_table()
    assert "Monte Carlo" in data["header"]["method"]
    for players in (2, 3, 4):
        for role in ("dealer", "pone"):
            column = data["tables"][str(players)][role]
            assert set(column) == set(all_keys(players))
            for mean, se in column.values():
                assert 2.0 < mean < 11.0 and 0 < se < 0.15
    assert len(all_keys(2)) == 13 + 2 * 78


def test_keys_ignore_order_and_know_suited_from_offsuit() -> None:
    assert discard_key(parse_cards("KH 5H")) == "5-K suited"
    assert discard_key(parse_cards("5D KH")) == "5-K offsuit"
    assert discard_key(parse_cards("5D 5H")) == "5-5"
    for key in all_keys(2) + all_keys(3):
        assert discard_key(representative_discard(key)) == key


def test_what_every_player_knows_about_cribs() -> None:
    for role in (Role.DEALER, Role.PONE):
        five_five = crib_value(parse_cards("5H 5S"), role)
        assert five_five == max(crib_value(representative_discard(k), role) for k in all_keys(2))
        assert crib_value(parse_cards("10H KS"), role) < 4.0
        # a pone's crib gets the dealer's good cards, a dealer's crib the pone's balking cards
        assert crib_value(parse_cards("5H 5S"), Role.PONE) > crib_value(
            parse_cards("5H 5S"), Role.DEALER
        )
    for players in (3, 4):
        values = {
            k: crib_value(representative_discard(k), Role.DEALER, players) for k in all_keys(3)
        }
        assert max(values, key=lambda k: values[k]) == "5"


@pytest.mark.parametrize(
    ("key", "role", "players"),
    [
        ("5-5", Role.DEALER, 2),
        ("9-K offsuit", Role.PONE, 2),
        ("2-3 suited", Role.DEALER, 2),
        ("5", Role.PONE, 4),
    ],
)
def test_a_fresh_small_simulation_agrees_with_the_table(key: str, role: Role, players: int) -> None:
    mean_t, se_t = load_table()["tables"][str(players)]["pone" if role is Role.PONE else "dealer"][
        key
    ]
    mean, se = simulate_crib(
        representative_discard(key), role, players, 400, random.Random(f"test/{key}")
    )
    assert abs(mean - mean_t) <= 4 * math.hypot(se, se_t), (mean, se, mean_t, se_t)
