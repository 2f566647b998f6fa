"""The committed crib table: complete, plausible, and reproduced by a fresh simulation."""

import math
import random

import pytest

from cribbage_core import parse_cards
from cribbage_core.cards import full_deck
from cribbage_core.coach.advisor import advise
from cribbage_core.seats import Role
from cribbage_core.tables.crib import (
    advisor_discard,
    all_keys,
    crib_value,
    discard_key,
    load_table,
    representative_discard,
    simulate_crib,
    table_role,
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
    # the committed table's method: the others discard by the rough crib estimate
    mean, se = simulate_crib(
        representative_discard(key), role, players, 400, random.Random(f"test/{key}")
    )
    assert abs(mean - mean_t) <= 4 * math.hypot(se, se_t), (mean, se, mean_t, se_t)


def test_the_simulated_players_discard_as_the_advisor_does() -> None:
    rng = random.Random("advisor-discard")
    for players, role in ((2, Role.PONE), (2, Role.DEALER), (3, Role.PONE), (4, Role.PARTNER)):
        column = {
            k: v[0] for k, v in load_table()["tables"][str(players)][table_role(role)].items()
        }
        for _ in range(60):
            hand = rng.sample(full_deck(), 6 if players == 2 else 5)
            best = advise(hand, role, players).best
            assert set(advisor_discard(hand, len(hand) - 4, role.crib_sign, column)) == set(
                best.discard
            )


def test_the_advisor_method_uses_the_table_it_is_given() -> None:
    # a table that prizes 5-5 in one's own crib makes the simulated dealer throw 5s beside the
    # pone's cards: the pone's 2-3 crib gains from it
    columns = {
        column: {k: v[0] for k, v in entries.items()}
        for column, entries in load_table()["tables"]["2"].items()
    }
    prized = {"dealer": columns["dealer"] | {"5-5": 30.0}, "pone": columns["pone"]}
    two_three = representative_discard("2-3 offsuit")
    plain, _ = simulate_crib(two_three, Role.PONE, 2, 200, random.Random("p"), columns)
    fives, _ = simulate_crib(two_three, Role.PONE, 2, 200, random.Random("p"), prized)
    assert fives > plain + 0.1
