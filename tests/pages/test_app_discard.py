"""AppTest: the Discard trainer page."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest
from apptools import open_page as open_app_page, page_text
from streamlit.testing.v1 import AppTest

from cribbage_core import Card, format_cards
from cribbage_core.coach.advisor import advise
from cribbage_core.seats import Role
from cribbage_core.teaching.discard_quiz import CLOSE_GAP, deal_discard
from tutor.quiz.feedback import choose_exactly

PAGE = "pages/6_Discard_trainer.py"


def open_page(**params: str) -> AppTest:
    return open_app_page(PAGE, **params)


def throw(at: AppTest, cards: Iterable[Card]) -> AppTest:
    for card in cards:
        at.checkbox(key=f"discard_pick_{card}").check()
    at.run()
    at.button(key="discard_confirm").click()
    at.run()
    assert not at.exception, at.exception
    return at


def charts(at: AppTest) -> list[object]:
    found: list[object] = []

    def walk(node: object) -> None:
        if getattr(node, "type", None) == "vega_lite_chart":
            found.append(node)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def test_deal_shows_the_seeded_hand_and_the_seat() -> None:
    at = open_page(seed="42")
    deal = deal_discard(42)
    assert [box.label for box in at.checkbox] == [f"Throw {c.label}" for c in deal.hand]
    text = page_text(at)
    for card in deal.hand:
        assert f'aria-label="{card.label},' in text
    seat = "dealer" if deal.role is Role.DEALER else "pone"
    assert f"You are the **{seat}**" in at.info[0].value
    assert not at.dataframe and not charts(at)  # nothing given away before the choice


def test_first_visit_puts_a_seed_in_the_url() -> None:
    assert open_page().query_params["seed"].isdigit()


def test_choose_the_best() -> None:
    deal = deal_discard(42)
    at = throw(open_page(seed="42"), deal.advice.best.discard)
    assert at.success and "The best discard!" in at.success[0].value
    attempt = at.session_state["attempts"][-1]
    assert attempt.kind == "discard" and attempt.correct and attempt.extra["ev_lost"] == 0
    assert attempt.answer == format_cards(deal.advice.best.discard)
    assert [m.value for m in at.metric][:4] == ["1", "100%", "1", "0.00"]
    assert len(at.dataframe) == 1 and len(charts(at)) == 1
    assert all(box.disabled for box in at.checkbox)


def test_choose_the_worst() -> None:
    deal = deal_discard(42)
    worst = deal.advice.options[-1]
    loss = deal.advice.best.net - worst.net
    at = throw(open_page(seed="42"), worst.discard)
    assert at.error and f"You gave up {loss:.2f} points on average" in at.error[0].value
    assert "beats keeping" in at.info[1].value  # the reason
    attempt = at.session_state["attempts"][-1]
    assert not attempt.correct and attempt.extra["ev_lost"] == pytest.approx(loss, abs=1e-4)
    assert attempt.right_answer == format_cards(deal.advice.best.discard)
    table = at.dataframe[0].value
    assert "yours" in table[""].iloc[-1] and table[""].iloc[0].startswith("★")
    (chart,) = charts(at)
    summary = json.loads(chart.spec)[
        "description"
    ]  # the chart's text alternative: the line under it
    assert summary.startswith("Your keep: ") and " · Best keep: " in summary
    assert summary in [c.value for c in at.caption]
    assert [m.value for m in at.metric][:4] == ["0", "0%", "1", f"{loss:.2f}"]


def test_the_pages_answer_is_the_advisors_exactly() -> None:
    for seed, params in [(42, {}), (7, {"players": "3", "role": "pone"}), (99, {"role": "dealer"})]:
        players = int(params.get("players", "2"))
        role = Role(params["role"]) if "role" in params else None
        deal = deal_discard(seed, players=players, role=role)
        at = throw(open_page(seed=str(seed), **params), deal.advice.best.discard)
        advice = advise(deal.hand, deal.role, players)
        table = at.dataframe[0].value
        assert list(table["Net"]) == [o.net for o in advice.options]
        assert list(table["Hand"]) == [o.hand_ev for o in advice.options]
        assert list(table["Crib"]) == [o.crib_ev for o in advice.options]
        assert list(table["Throw"]) == [
            " ".join(c.label for c in o.discard) for o in advice.options
        ]
        assert list(table["Min"]) == [o.hand_min for o in advice.options]
        assert list(table["Max"]) == [o.hand_max for o in advice.options]


@pytest.mark.parametrize("how_many", [0, 1, 3])
def test_wrong_number_of_cards_records_nothing(how_many: int) -> None:
    deal = deal_discard(42)
    at = throw(open_page(seed="42"), deal.hand[:how_many])
    assert at.error and at.error[0].value == choose_exactly(2, how_many)
    assert "attempts" not in at.session_state
    assert not at.dataframe and not at.success
    assert at.button(key="discard_confirm")  # still asking


def test_a_wrong_count_then_a_right_one_records_once() -> None:
    deal = deal_discard(42)
    best = deal.advice.best.discard
    at = throw(open_page(seed="42"), best[:1])
    assert "attempts" not in at.session_state
    at = throw(at, best[1:])
    assert len(at.session_state["attempts"]) == 1 and not at.error


def test_seed_round_trip() -> None:
    first = open_page(seed="123456")
    again = open_page(seed="123456")
    assert page_text(first) == page_text(again)
    assert [b.label for b in first.checkbox] == [b.label for b in again.checkbox]
    assert page_text(first) != page_text(open_page(seed="654321"))


def test_next_hand_changes_the_seed_and_clears() -> None:
    deal = deal_discard(42)
    at = throw(open_page(seed="42"), deal.advice.best.discard)
    at.button(key="discard_next").click()
    at.run()
    assert not at.exception
    assert at.query_params["seed"] != "42"
    assert not at.success and not at.dataframe
    assert not any(box.value for box in at.checkbox)


def test_role_option() -> None:
    at = open_page(seed="42")
    at.radio(key="discard_role").set_value("pone")
    at.run()
    assert at.query_params["role"] == "pone" and "You are the **pone**" in at.info[0].value
    at.radio(key="discard_role").set_value("dealer")
    at.run()
    assert at.query_params["role"] == "dealer" and "You are the **dealer**" in at.info[0].value
    at.radio(key="discard_role").set_value("random")
    at.run()
    assert "role" not in at.query_params


def test_difficulty_option_deals_a_close_call() -> None:
    at = open_page(seed="42")
    at.selectbox(key="discard_level").set_value("close")
    at.run()
    assert at.query_params["level"] == "close"
    deal = deal_discard(42, difficulty="close")
    assert deal.gap <= CLOSE_GAP
    assert [box.label for box in at.checkbox] == [f"Throw {c.label}" for c in deal.hand]
    at = throw(at, deal.advice.options[1].discard)
    assert at.session_state["attempts"][-1].extra["level"] == "close"


def test_three_players_deal_five_and_throw_one() -> None:
    at = open_page(seed="42")
    at.selectbox(key="discard_players").set_value(3)
    at.run()
    assert at.query_params["players"] == "3"
    deal = deal_discard(42, players=3)
    assert len(at.checkbox) == 5
    at = throw(at, deal.hand[:2])
    assert at.error[0].value == choose_exactly(1, 2)
    at = throw(open_page(seed="42", players="3"), deal.advice.best.discard)
    assert at.success and len(at.dataframe[0].value) == 5


def test_the_wrong_count_message_goes_when_the_choice_changes() -> None:
    deal = deal_discard(42)
    at = throw(open_page(seed="42"), deal.hand[:1])
    assert at.error
    at.checkbox(key=f"discard_pick_{deal.hand[1]}").check()
    at.run()
    assert not at.error and "attempts" not in at.session_state


def test_every_card_is_drawn_left_to_right_even_in_urdu() -> None:
    at = open_page(seed="42", lang="ur")
    blocks = [m.value for m in at.markdown if "<svg" in m.value]
    assert len(blocks) >= 6 and all('dir="ltr"' in block for block in blocks)
