"""AppTest: the Learn page, every lesson, its example and its check."""

from __future__ import annotations

import pytest
from apptools import open_page, page_text
from streamlit.testing.v1 import AppTest

from tutor.lessons import LESSONS

PAGE = "pages/1_Learn.py"
IDS = [lesson.id for lesson in LESSONS]


def submit(at: AppTest, lesson_id: str, seed: int, right: bool) -> AppTest:
    check = next(lesson for lesson in LESSONS if lesson.id == lesson_id).check(seed)
    if check.choices:
        wrong = next(choice for choice in check.choices if choice != check.answer)
        at.radio(key="learn_choice").set_value(check.answer if right else wrong)
    else:
        value = int(check.answer)
        at.text_input(key="learn_answer").input(str(value if right else value + 1))
    at.button(key="learn_submit").click()
    at.run()
    assert not at.exception
    return at


@pytest.mark.parametrize("lesson_id", IDS)
def test_each_lesson_answers_right_and_wrong(lesson_id: str) -> None:
    at = submit(open_page(PAGE, lesson=lesson_id, seed="11"), lesson_id, 11, right=True)
    assert at.success, lesson_id
    at = submit(open_page(PAGE, lesson=lesson_id, seed="11"), lesson_id, 11, right=False)
    assert at.error and "Not quite" in at.error[0].value


def test_lesson_text_comes_from_markdown() -> None:
    at = open_page(PAGE, lesson="03_starter", seed="1")
    assert "his heels" in page_text(at)
    assert at.header[0].value == "The starter and his heels"


def test_deal_another_example_changes_the_seed() -> None:
    at = open_page(PAGE, lesson="05_show", seed="1")
    before = page_text(at)
    at.button(key="learn_another").click()
    at.run()
    assert not at.exception
    assert at.query_params["seed"] != "1" and page_text(at) != before


def test_bad_check_input_counts_nothing() -> None:
    at = open_page(PAGE, lesson="05_show", seed="1")
    at.text_input(key="learn_answer").input("many")
    at.button(key="learn_submit").click()
    at.run()
    assert at.error and "attempts" not in at.session_state


def test_next_and_previous_lesson() -> None:
    at = open_page(PAGE, lesson="01_cards", seed="1")
    at.button(key="learn_next").click()
    at.run()
    assert at.query_params["lesson"] == "02_deal"
    at.button(key="learn_prev").click()
    at.run()
    assert at.query_params["lesson"] == "01_cards" and not at.exception


def test_unknown_lesson_opens_the_first() -> None:
    at = open_page(PAGE, lesson="99_nope")
    assert at.header[0].value == "Cards and their values"
