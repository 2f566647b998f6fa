"""Reading a learner's typed answer: whole numbers in a range, with a clear message otherwise.

>>> parse_answer("12", 29)
ParsedAnswer(value=12, error=None)
>>> parse_answer(" 2.5 ", 29).error
'Please type a whole number, like 8 (no decimals).'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .i18n import _, fmt_int

__all__ = ["ParsedAnswer", "parse_answer"]

_DECIMAL = re.compile(r"^[+-]?\d*[.,]\d+$|^[+-]?\d+[.,]\d*$")


class ParsedAnswer(NamedTuple):
    """Either ``value`` (a valid whole number) or ``error`` (a message for the learner)."""

    value: int | None
    error: str | None


def parse_answer(text: str | None, maximum: int, minimum: int = 0) -> ParsedAnswer:
    """Parse ``text`` as a whole number from ``minimum`` to ``maximum``.

    Any script's decimal digits are accepted (``int`` reads Devanagari,
    Bengali, Gujarati, Gurmukhi and Arabic-Indic digits). Empty input, text,
    negatives, decimals and out-of-range numbers give an ``error`` instead.
    """
    cleaned = (text or "").strip()
    bounds = {"low": fmt_int(minimum), "high": fmt_int(maximum)}
    if not cleaned:
        return ParsedAnswer(None, _("Please type your answer first: a whole number from {low} to {high}.").format(**bounds))
    if _DECIMAL.match(cleaned):
        return ParsedAnswer(None, _("Please type a whole number, like 8 (no decimals)."))
    try:
        value = int(cleaned)
    except ValueError:
        return ParsedAnswer(None, _("“{text}” is not a number. Please type a whole number from {low} to {high}.").format(text=cleaned[:20], **bounds))
    if value < 0:
        return ParsedAnswer(None, _("Points are never negative. Please type a whole number from {low} to {high}.").format(**bounds))
    if not minimum <= value <= maximum:
        return ParsedAnswer(None, _("{value} is out of range: the answer is a whole number from {low} to {high}.").format(value=fmt_int(value), **bounds))
    return ParsedAnswer(value, None)
