"""AppTest: the Pegging quiz page."""

from __future__ import annotations

import pytest
from apptools import answer, open_page, page_text

from cribbage_core.teaching.pegging_quiz import pegging_question

PAGE = "pages/3_Pegging_quiz.py"


def test_shows_the_seeded_play() -> None:
    q = pegging_question(7)
    text = page_text(open_page(PAGE, seed="7"))
    for step in q.steps:
        if step.card is not None:
            assert f'aria-label="{step.card.label},' in text
    assert "Series 1" in text


def test_right_answer_with_breakdown() -> None:
    q = pegging_question(7)
    at = answer(open_page(PAGE, seed="7"), "peg", str(q.total))
    assert at.success and "Right!" in at.success[0].value
    assert at.session_state["attempts"][-1].correct
    assert "Running total" in page_text(at)


def test_wrong_answer() -> None:
    q = pegging_question(7)
    at = answer(open_page(PAGE, seed="7"), "peg", str(q.total + 2))
    assert at.error and f"scores {q.total}" in at.error[0].value
    assert not at.session_state["attempts"][-1].correct


def test_go_point_forgotten_gets_a_hint() -> None:
    seed = next(s for s in range(200) if pegging_question(s).go_kind)
    q = pegging_question(seed)
    at = answer(open_page(PAGE, seed=str(seed)), "peg", str(q.total - 1))
    assert "go or the last card" in at.info[0].value


@pytest.mark.parametrize("bad", ["", "lots", "-1", "1.5", "16"])
def test_bad_input_counts_nothing(bad: str) -> None:
    at = answer(open_page(PAGE, seed="7"), "peg", bad)
    assert at.error and not at.success
    assert "attempts" not in at.session_state


def test_next_question_and_seed_round_trip() -> None:
    at = answer(open_page(PAGE, seed="7"), "peg", "0")
    at.button(key="peg_next").click()
    at.run()
    assert not at.exception
    new_seed = at.query_params["seed"]
    assert new_seed != "7" and not at.success and not at.error
    assert page_text(open_page(PAGE, seed=new_seed)) == page_text(open_page(PAGE, seed=new_seed))


def test_malformed_seed_is_replaced() -> None:
    at = open_page(PAGE, seed="not-a-seed")
    assert at.query_params["seed"].isdigit()
