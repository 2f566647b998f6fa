"""The answer box: whole numbers in range, clear messages for everything else."""

import pytest

from tutor.lang.answers import parse_answer


@pytest.mark.parametrize(
    "text, value",
    [
        ("0", 0),
        ("29", 29),
        (" 12 ", 12),
        ("+7", 7),
        ("२४", 24),
        ("১২", 12),
        ("૨૯", 29),
        ("੧੫", 15),
        ("۱۲", 12),
    ],
)
def test_whole_numbers_in_range(text: str, value: int) -> None:
    assert parse_answer(text, 29) == (value, None)


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "type your answer first"),
        ("   ", "type your answer first"),
        (None, "type your answer first"),
        ("twelve", "is not a number"),
        ("12 points", "is not a number"),
        ("-3", "never negative"),
        ("2.5", "no decimals"),
        ("3,", "no decimals"),
        ("30", "out of range"),
        ("1e3", "is not a number"),
    ],
)
def test_bad_input_gets_a_message_and_no_value(text: str | None, says: str) -> None:
    parsed = parse_answer(text, 29)
    assert parsed.value is None
    assert says in (parsed.error or "")


def test_range_depends_on_the_quiz() -> None:
    assert parse_answer("16", 15).value is None and "0 to 15" in (
        parse_answer("16", 15).error or ""
    )
    assert parse_answer("15", 15).value == 15
