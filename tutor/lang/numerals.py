"""Numbers in each script's own digits, and a forgiving parser for typed answers.

Western digits are the default everywhere; each language can show its own
script's digits instead (Devanagari for Hindi, Bengali, Gujarati, Gurmukhi
for Punjabi, Extended Arabic-Indic for Urdu). The answer parser accepts all of
them, plus the Arabic-Indic digits some Urdu keyboards type.

>>> format_int(29, "hi", native=True)
'२९'
>>> parse_whole_number(" ۲۹ ", 0, 29)
29
>>> parse_whole_number("2.5", 0, 29)
Traceback (most recent call last):
...
tutor.lang.numerals.DecimalNumber: Please type a whole number, like 8 (no decimals).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import ClassVar, Final

from tutor.lang.msgid import N_

__all__ = [
    "DIGITS",
    "ERROR_MESSAGES",
    "MAX_DIGITS",
    "NATIVE_DIGITS",
    "DecimalNumber",
    "EmptyAnswer",
    "NegativeNumber",
    "NotANumber",
    "NumberInputError",
    "OutOfRange",
    "TooLong",
    "format_int",
    "parse_whole_number",
    "to_western",
]


#: The ten digits of each numbering system (CLDR names), zero first.
DIGITS: Final[Mapping[str, str]] = {
    "latn": "0123456789",
    "deva": "०१२३४५६७८९",  # Devanagari U+0966..U+096F
    "beng": "০১২৩৪৫৬৭৮৯",  # Bengali U+09E6..U+09EF
    "gujr": "૦૧૨૩૪૫૬૭૮૯",  # Gujarati U+0AE6..U+0AEF
    "guru": "੦੧੨੩੪੫੬੭੮੯",  # Gurmukhi U+0A66..U+0A6F
    "arabext": "۰۱۲۳۴۵۶۷۸۹",  # Extended Arabic-Indic (Urdu, Persian) U+06F0..U+06F9
    "arab": "٠١٢٣٤٥٦٧٨٩",  # Arabic-Indic U+0660..U+0669: read, never written
}
#: Each language's own numbering system (what "native digits" means for it).
NATIVE_DIGITS: Final[Mapping[str, str]] = {
    "en": "latn",
    "hi": "deva",
    "ur": "arabext",
    "gu": "gujr",
    "bn": "beng",
    "pa": "guru",
}
# Grouping as CLDR has it: Indian lakh/crore grouping (12,34,567) for the
# Indian languages, thousands for English and Urdu (Pakistan).
_INDIAN_GROUPING: Final = frozenset({"hi", "gu", "bn", "pa"})
_GROUP_SEPARATOR: Final = {"arabext": "٬"}  # U+066C ARABIC THOUSANDS SEPARATOR

_TO_WESTERN: Final = {
    ord(digit): str(value) for system in DIGITS.values() for value, digit in enumerate(system)
}
# Invisible characters that phones and RTL keyboards slip into typed text.
_INVISIBLE: Final = re.compile("[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]")
_TEXT_SHOWN: Final = 20
#: The most significant digits a typed answer may have; longer ones are :class:`TooLong`.
MAX_DIGITS: Final = 9
_MINUS: Final = "-\u2212\u2010\u2012\u2013\ufe63\uff0d"
# Full stop, comma (a decimal comma: answers are too small for thousands
# separators) and ARABIC DECIMAL SEPARATOR.
_DECIMAL_POINT: Final = ".,\u066b"


def _group(digits: str, indian: bool) -> list[str]:
    if len(digits) <= 3:
        return [digits]
    head, tail = digits[:-3], digits[-3:]
    size = 2 if indian else 3
    groups = [tail]
    while head:
        groups.insert(0, head[-size:])
        head = head[:-size]
    return groups


def format_int(n: int, lang: str = "en", native: bool = False, group: bool = False) -> str:
    """``n`` written for a reader of ``lang``: Western digits, or the script's own.

    ``group=True`` adds separators the way the language groups digits.

    >>> format_int(121, "bn", native=True)
    '১২১'
    >>> format_int(12994800, "hi", group=True)
    '1,29,94,800'
    >>> format_int(-5, "ur", native=True)
    '-۵'
    """
    if lang not in NATIVE_DIGITS:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(NATIVE_DIGITS)}")
    system = NATIVE_DIGITS[lang] if native else "latn"
    text = str(abs(n))
    if group:
        text = _GROUP_SEPARATOR.get(system, ",").join(_group(text, lang in _INDIAN_GROUPING))
    digits = DIGITS[system]
    text = text.translate({ord(str(i)): digits[i] for i in range(10)})
    return ("-" if n < 0 else "") + text


def to_western(text: str) -> str:
    """``text`` with every digit of every supported script replaced by 0-9.

    >>> to_western("ਸਕੋਰ ੧੫")
    'ਸਕੋਰ 15'
    """
    return text.translate(_TO_WESTERN)


# ------------------------------------------------------------------ parse errors

#: The English msgid of each reason (``tutor.lang.answers.parse_answer`` shows it
#: translated). Placeholders: ``{low}``, ``{high}``
#: (the allowed range), ``{value}`` (the number typed), ``{text}`` (what was typed,
#: at most 20 characters).
ERROR_MESSAGES: Final[Mapping[str, str]] = {
    "empty": N_("Please type your answer first: a whole number from {low} to {high}."),
    "not_a_number": N_(
        "“{text}” is not a number. Please type a whole number from {low} to {high}."
    ),
    "negative": N_("Points are never negative. Please type a whole number from {low} to {high}."),
    "decimal": N_("Please type a whole number, like {example} (no decimals)."),
    "out_of_range": N_(
        "{value} is out of range: the answer is a whole number from {low} to {high}."
    ),
    "too_long": N_("That number is too long: the answer is a whole number from {low} to {high}."),
}


class NumberInputError(ValueError):
    """A typed answer that is not a whole number in the allowed range.

    ``reason`` is a stable key (``"empty"``, ``"not_a_number"``, ``"negative"``,
    ``"decimal"``, ``"out_of_range"``); ``msgid`` the English message with
    placeholders; ``params`` their values. ``str(err)`` is the English text;
    a page shows ``err.message(_, fmt)`` to translate it and write its numbers.
    """

    reason: ClassVar[str] = ""

    def __init__(self, text: str, low: int, high: int, value: int | None = None) -> None:
        self.text = text if len(text) <= _TEXT_SHOWN else text[: _TEXT_SHOWN - 1] + "…"
        self.low = low
        self.high = high
        self.value = value
        super().__init__(self.message())

    @property
    def msgid(self) -> str:
        """The English message with ``{placeholders}``: the gettext msgid."""
        return ERROR_MESSAGES[self.reason]

    @property
    def params(self) -> dict[str, int | str]:
        """The values for the placeholders (numbers as ints, ``text`` as typed)."""
        params: dict[str, int | str] = {"low": self.low, "high": self.high, "text": self.text}
        if self.value is not None:
            params["value"] = self.value
        return params

    def message(
        self,
        translate: Callable[[str], str] = lambda msgid: msgid,
        number: Callable[[int], str] = str,
        shown: Callable[[str], str] = str,
    ) -> str:
        """The message, translated by ``translate`` with numbers written by ``number`` and
        the typed text by ``shown`` (e.g. as a code span, for a message shown as markdown).

        >>> try:
        ...     parse_whole_number("40", 0, 29)
        ... except OutOfRange as err:
        ...     print(err.message(number=lambda n: format_int(n, "hi", native=True)))
        ४० is out of range: the answer is a whole number from ० to २९.
        """
        values = {k: number(v) if isinstance(v, int) else shown(v) for k, v in self.params.items()}
        values.setdefault("example", number(8))  # the decimal message's example of a whole number
        return translate(self.msgid).format(**values)


class EmptyAnswer(NumberInputError):
    """Nothing (or only spaces) was typed."""

    reason = "empty"


class NotANumber(NumberInputError):
    """Letters or other signs where digits were expected."""

    reason = "not_a_number"


class NegativeNumber(NumberInputError):
    """A minus sign, where only numbers from zero up make sense."""

    reason = "negative"


class DecimalNumber(NumberInputError):
    """A decimal point (``.``, ``,`` or Arabic ``٫``): answers are whole numbers."""

    reason = "decimal"


class OutOfRange(NumberInputError):
    """A whole number outside ``low..high``."""

    reason = "out_of_range"


class TooLong(NumberInputError):
    """More digits than any answer has (Python would refuse to convert 4,301 or more)."""

    reason = "too_long"


_SIGN: Final = "[" + re.escape("+" + _MINUS) + "]"
_WHOLE: Final = re.compile(f"({_SIGN}?)\\s*([0-9]+)")
_POINT: Final = f"[{re.escape(_DECIMAL_POINT)}]"
_DECIMAL: Final = re.compile(f"{_SIGN}?\\s*([0-9]*{_POINT}[0-9]+|[0-9]+{_POINT}[0-9]*)")


def parse_whole_number(text: str, low: int, high: int) -> int:
    """The whole number typed in ``text``, which must lie in ``low..high``.

    Accepts Western digits and those of every supported script (Devanagari,
    Bengali, Gujarati, Gurmukhi, Extended and plain Arabic-Indic), surrounding
    spaces and invisible direction marks, and a leading ``+``. Raises a
    :class:`NumberInputError` subclass naming the reason otherwise.

    >>> parse_whole_number("१५", 0, 31), parse_whole_number("૨૮", 0, 29)
    (15, 28)
    >>> parse_whole_number("-3", 0, 29)
    Traceback (most recent call last):
    ...
    tutor.lang.numerals.NegativeNumber: Points are never negative. Please type a whole number from 0 to 29.
    """
    if low > high:
        raise ValueError(f"empty range {low}..{high}: low must not exceed high")
    cleaned = to_western(_INVISIBLE.sub("", text)).strip()
    if not cleaned:
        raise EmptyAnswer(text, low, high)
    whole = _WHOLE.fullmatch(cleaned)
    if whole is None:
        if _DECIMAL.fullmatch(cleaned):
            raise DecimalNumber(text, low, high)
        raise NotANumber(text.strip(), low, high)
    sign, digits = whole.groups()
    digits = digits.lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:  # bounded before int(), which refuses 4,301 digits or more
        raise TooLong(text, low, high)
    value = -int(digits) if sign and sign != "+" else int(digits)
    if value < 0 and low >= 0:
        raise NegativeNumber(text, low, high, value)
    if not low <= value <= high:
        raise OutOfRange(text, low, high, value)
    return value
