"""tutor.lang.numerals: digits in every script, and the whole-number answer parser."""

import pytest
from babel.numbers import format_decimal

from tutor.lang.numerals import (
    DIGITS,
    ERROR_MESSAGES,
    NATIVE_DIGITS,
    DecimalNumber,
    EmptyAnswer,
    NegativeNumber,
    NotANumber,
    NumberInputError,
    OutOfRange,
    format_int,
    parse_whole_number,
    to_western,
)

LANGS = ("en", "hi", "ur", "gu", "bn", "pa")


def test_each_script_has_its_ten_unicode_digits() -> None:
    import unicodedata

    for system, digits in DIGITS.items():
        assert [unicodedata.decimal(d) for d in digits] == list(range(10)), system
    assert DIGITS["deva"][0] == "\u0966" and DIGITS["arabext"][9] == "\u06f9"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", [0, 7, 15, 29, 31, 121, 1000, 12994800])
def test_native_digits_and_grouping_agree_with_cldr(lang: str, n: int) -> None:
    # Babel's CLDR data is an independent oracle for grouping and the group
    # separator (Babel keeps Western digits, so compare after to_western).
    system = NATIVE_DIGITS[lang]
    native = format_int(n, lang, native=True, group=True)
    assert to_western(native) == format_decimal(n, locale=lang, numbering_system=system)
    assert set(native) <= set(DIGITS[system]) | {",", "٬"}
    assert format_int(n, lang, native=False, group=True) == format_decimal(n, locale=lang)


def test_examples_of_native_digits() -> None:
    assert format_int(29, "hi", native=True) == "२९"
    assert format_int(29, "ur", native=True) == "۲۹"
    assert format_int(29, "gu", native=True) == "૨૯"
    assert format_int(29, "bn", native=True) == "২৯"
    assert format_int(29, "pa", native=True) == "੨੯"
    assert format_int(29, "en", native=True) == "29"
    assert format_int(29, "hi") == "29"  # Western digits by default


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("native", [False, True])
def test_every_written_number_parses_back(lang: str, native: bool) -> None:
    for n in range(122):
        assert parse_whole_number(format_int(n, lang, native=native), 0, 121) == n


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("15", 15),
        ("१५", 15),  # Devanagari
        ("۱۵", 15),  # Extended Arabic-Indic (Urdu)
        ("١٥", 15),  # Arabic-Indic, typed by Arabic keyboards
        ("૧૫", 15),  # Gujarati
        ("১৫", 15),  # Bengali
        ("੧੫", 15),  # Gurmukhi
        ("  ۲۹\u00a0", 29),  # spaces and a no-break space around
        ("\u200f۲۹\u200f", 29),  # right-to-left marks from an RTL keyboard
        ("+8", 8),
        ("007", 7),
        ("0", 0),
        ("-0", 0),
    ],
)
def test_parse_accepts_every_script(text: str, value: int) -> None:
    assert parse_whole_number(text, 0, 29) == value


@pytest.mark.parametrize(
    ("text", "error", "reason"),
    [
        ("", EmptyAnswer, "empty"),
        ("   ", EmptyAnswer, "empty"),
        ("\u200f", EmptyAnswer, "empty"),
        ("twelve", NotANumber, "not_a_number"),
        ("बारह", NotANumber, "not_a_number"),
        ("12a", NotANumber, "not_a_number"),
        ("1 2", NotANumber, "not_a_number"),
        ("1e3", NotANumber, "not_a_number"),
        ("--3", NotANumber, "not_a_number"),
        ("-3", NegativeNumber, "negative"),
        ("−3", NegativeNumber, "negative"),  # U+2212 MINUS SIGN
        ("-१२", NegativeNumber, "negative"),
        ("2.5", DecimalNumber, "decimal"),
        ("12.", DecimalNumber, "decimal"),
        (".5", DecimalNumber, "decimal"),
        ("2,5", DecimalNumber, "decimal"),
        ("۲٫۵", DecimalNumber, "decimal"),  # Arabic decimal separator
        ("-2.5", DecimalNumber, "decimal"),
        ("30", OutOfRange, "out_of_range"),
        ("१००", OutOfRange, "out_of_range"),
    ],
)
def test_bad_input_gives_its_specific_reason(
    text: str, error: type[NumberInputError], reason: str
) -> None:
    with pytest.raises(error) as caught:
        parse_whole_number(text, 0, 29)
    assert caught.value.reason == reason
    assert caught.value.msgid == ERROR_MESSAGES[reason]
    assert isinstance(caught.value, ValueError)


def test_below_a_positive_minimum_is_out_of_range_not_negative() -> None:
    with pytest.raises(OutOfRange):
        parse_whole_number("0", 1, 5)


def test_negative_numbers_are_allowed_when_the_range_allows_them() -> None:
    assert parse_whole_number("-3", -5, 5) == -3


def test_empty_range_is_a_caller_error() -> None:
    with pytest.raises(ValueError, match="low must not exceed high"):
        parse_whole_number("3", 5, 1)


def test_messages_are_english_by_default_and_translatable() -> None:
    with pytest.raises(OutOfRange) as caught:
        parse_whole_number("40", 0, 29)
    err = caught.value
    assert str(err) == "40 is out of range: the answer is a whole number from 0 to 29."
    assert err.params == {"low": 0, "high": 29, "text": "40", "value": 40}
    catalog = {err.msgid: "{value} सीमा से बाहर है: उत्तर {low} से {high} तक की पूर्ण संख्या है।"}
    shown = err.message(translate=catalog.__getitem__, number=lambda n: format_int(n, "hi", True))
    assert shown == "४० सीमा से बाहर है: उत्तर ० से २९ तक की पूर्ण संख्या है।"


def test_what_was_typed_is_quoted_but_cut_short() -> None:
    with pytest.raises(NotANumber) as caught:
        parse_whole_number("  x" * 20, 0, 29)
    assert len(caught.value.text) == 20 and caught.value.text.endswith("…")
    assert str(caught.value).startswith("“x  x  x")


def test_every_reason_has_a_message_and_an_error_class() -> None:
    classes = {cls.reason for cls in NumberInputError.__subclasses__()}
    assert classes == set(ERROR_MESSAGES)


def test_to_western() -> None:
    assert to_western("১২ + ٣ = ۱۵") == "12 + 3 = 15"


@pytest.mark.parametrize("digits", ["1" * 10_000, "9" * 5_000, "-" + "7" * 4_301, "۱" * 6_000])
def test_a_very_long_number_is_too_long_not_a_crash(digits: str) -> None:
    from tutor.lang.numerals import TooLong

    with pytest.raises(TooLong) as caught:
        parse_whole_number(digits, 0, 29)
    assert (
        str(caught.value) == "That number is too long: the answer is a whole number from 0 to 29."
    )


def test_leading_zeros_do_not_make_a_number_too_long() -> None:
    assert parse_whole_number("0" * 5_000 + "12", 0, 29) == 12
    with pytest.raises(OutOfRange):
        parse_whole_number("0" * 50 + "123456789", 0, 29)  # nine digits: read, then too big
