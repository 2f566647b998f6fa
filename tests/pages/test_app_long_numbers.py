"""AppTest: very long numbers in the address or an answer box get a message, not a traceback.

Python refuses to convert a string of more than 4,300 digits to an int (``ValueError``); a
seed or an answer that long must be bounded before it is converted,
or a learner who pastes one gets a traceback.
"""

from __future__ import annotations

import pytest
from apptools import answer, open_page

from tutor.seeds import MAX_SEED

LONG = "1" * 5_000
TYPED = "1" * 10_000
PAGES = [
    None,
    "pages/1_Learn.py",
    "pages/2_Count_the_hand.py",
    "pages/3_Pegging_quiz.py",
    "pages/6_Discard_trainer.py",
    "pages/7_Pegging_trainer.py",
]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: (p or "home").split("/")[-1])
def test_a_very_long_seed_gives_a_new_deal_and_says_why(page: str | None) -> None:
    at = open_page(page, seed=LONG)
    seed = at.query_params["seed"]
    assert seed.isdigit() and 1 <= int(seed) <= MAX_SEED
    assert any("deal number in the address" in w.value for w in at.warning), [
        w.value for w in at.warning
    ]


@pytest.mark.parametrize("box", ["count", "peg"])
def test_a_very_long_answer_is_too_long_and_counts_nothing(box: str) -> None:
    page = "pages/2_Count_the_hand.py" if box == "count" else "pages/3_Pegging_quiz.py"
    at = answer(open_page(page, seed="42"), box, TYPED)
    assert at.error and "too long" in at.error[0].value
    assert "attempts" not in at.session_state


def test_a_very_long_answer_per_category_names_the_category() -> None:
    at = open_page("pages/2_Count_the_hand.py", seed="42")
    at.toggle(key="count_by_kind").set_value(True).run()
    at.text_input(key="count_kind_run").input(TYPED)
    at.button(key="count_submit").click().run()
    assert not at.exception
    assert at.error and at.error[0].value.startswith("Run: That number is too long")
    assert "attempts" not in at.session_state


def test_a_very_long_answer_to_a_lesson_check() -> None:
    at = open_page("pages/1_Learn.py", lesson="05_show", seed="1")
    at.text_input(key="learn_answer").input(TYPED)
    at.button(key="learn_submit").click().run()
    assert not at.exception
    assert at.error and "too long" in at.error[0].value
    assert "attempts" not in at.session_state
