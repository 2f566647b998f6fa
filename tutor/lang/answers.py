"""Reading a learner's typed answer: whole numbers in a range, with a clear message otherwise.

The reading itself is :func:`tutor.lang.numerals.parse_whole_number` (any script's
digits); this module turns its specific errors into the learner's language,
numbers written the way the learner chose (:func:`tutor.lang.i18n.fmt_int`).

>>> parse_answer("12", 29)
ParsedAnswer(value=12, error=None)
>>> parse_answer("२४", 29), parse_answer("۱۲", 29).value
(ParsedAnswer(value=24, error=None), 12)
>>> parse_answer(" 2.5 ", 29).error
'Please type a whole number, like 8 (no decimals).'

What was typed is echoed in the message as a markdown code span (:func:`echo`), since pages
show these messages with ``st.error`` (markdown): ``[a](javascript:1)`` or ``www.x.com``
shows as typed, never as a link.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tutor.lang.i18n import _, fmt_int
from tutor.lang.numerals import NumberInputError, parse_whole_number

__all__ = ["ParsedAnswer", "echo", "parse_answer"]


class ParsedAnswer(NamedTuple):
    """Either ``value`` (a valid whole number) or ``error`` (a message for the learner)."""

    value: int | None
    error: str | None


def parse_answer(text: str | None, maximum: int, minimum: int = 0) -> ParsedAnswer:
    """Parse ``text`` as a whole number from ``minimum`` to ``maximum``.

    Western digits and those of every supported script are accepted (Devanagari,
    Bengali, Gujarati, Gurmukhi, Extended and plain Arabic-Indic). Empty input,
    text, negatives, decimals and out-of-range numbers give an ``error`` instead.
    """
    try:
        return ParsedAnswer(parse_whole_number(text or "", minimum, maximum), None)
    except NumberInputError as error:
        return ParsedAnswer(None, error.message(_, fmt_int, echo))


def echo(text: str) -> str:
    """``text`` (what a learner typed) as a markdown code span: inside a message shown as
    markdown it reads exactly as typed, never as a link, markup or an icon.

    >>> echo("[a](javascript:1)"), echo("a`b"), echo("`x")
    ('`[a](javascript:1)`', '``a`b``', '`` `x ``')
    """
    runs = [len(run) for run in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    text = text.replace(
        ":material/", ":\u2060material/"
    )  # out of reach of Streamlit's icon rewrite
    return f"{fence}{pad}{text}{pad}{fence}"
