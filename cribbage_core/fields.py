"""Strict readers for saved JSON: each checks one value's type and range, and names where it was.

A saved game may have been edited by hand or damaged, so nothing is converted quietly: ``"false"``
is not a bool, ``1.0`` is not a whole number, ``"10h"`` is not the canonical ``"10H"``. Every
failure raises :class:`~cribbage_core.errors.InvalidSavedGame` with ``where`` set to the path of
the value (``"game.config.muggins"``, ``"game.steps[17]"``).

>>> boolean(False, "muggins")
False
>>> boolean("false", "game.config.muggins")
Traceback (most recent call last):
...
cribbage_core.errors.InvalidSavedGame: game.config.muggins must be true or false, got 'false'
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any, NoReturn

from cribbage_core.cards import Card
from cribbage_core.errors import InvalidCard, InvalidSavedGame

__all__ = ["obj", "array", "integer", "boolean", "text", "real", "card", "cards", "fail"]


def _shown(value: object) -> str:
    """A short repr of a bad value (a damaged save may hold a huge one)."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def fail(where: str, wanted: str, value: object) -> NoReturn:
    """Raise the error for a value at ``where`` that is not ``wanted``."""
    raise InvalidSavedGame(f"{where} must be {wanted}, got {_shown(value)}", where=where)


def obj(
    value: object, where: str, required: Collection[str], optional: Collection[str] = ()
) -> Mapping[str, Any]:
    """A JSON object with exactly the ``required`` fields (and perhaps some ``optional`` ones)."""
    if not isinstance(value, dict):
        fail(where, "an object", value)
    for key in required:
        if key not in value:
            raise InvalidSavedGame(f"{where} has no field {key!r}", where=f"{where}.{key}")
    for key in value:
        if key not in required and key not in optional:
            raise InvalidSavedGame(
                f"{where} has an unknown field {_shown(key)}", where=f"{where}.{key}"
            )
    return value


def array(value: object, where: str, low: int = 0, high: int | None = None) -> Sequence[Any]:
    """A JSON array of ``low`` to ``high`` items."""
    if not isinstance(value, list):
        fail(where, "a list", value)
    if len(value) < low or (high is not None and len(value) > high):
        size = (
            f"{low}"
            if high == low
            else f"{low} to {high}"
            if high is not None
            else f"at least {low}"
        )
        raise InvalidSavedGame(f"{where} must have {size} items, got {len(value)}", where=where)
    return value


def integer(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool, not a float) from ``low`` to ``high``."""
    if type(value) is not int:
        fail(where, "a whole number", value)
    if (low is not None and value < low) or (high is not None and value > high):
        span = (
            f"{low} to {high}"
            if low is not None and high is not None
            else (f"{low} or more" if low is not None else f"{high} or less")
        )
        fail(where, span, value)
    return value


def boolean(value: object, where: str) -> bool:
    """``true`` or ``false``."""
    if type(value) is not bool:
        fail(where, "true or false", value)
    return value


def text(
    value: object, where: str, choices: Collection[str] | None = None, longest: int = 200
) -> str:
    """A string, one of ``choices`` if given."""
    if not isinstance(value, str) or len(value) > longest:
        fail(where, "a short text", value)
    if choices is not None and value not in choices:
        fail(where, "one of " + ", ".join(repr(str(c)) for c in choices), value)
    return value


def real(value: object, where: str) -> float:
    """A finite number."""
    if type(value) not in (int, float) or not math.isfinite(value):  # type: ignore[arg-type]
        fail(where, "a finite number", value)
    return float(value)  # type: ignore[arg-type]


def card(value: object, where: str) -> Card:
    """A card in its canonical text, such as ``"10H"`` or ``"AS"``."""
    if not isinstance(value, str) or len(value) > 3:
        fail(where, 'a card such as "10H"', value)
    try:
        parsed = Card.parse(value)
    except InvalidCard:
        fail(where, 'a card such as "10H"', value)
    if str(parsed) != value:
        fail(where, f"a card written {str(parsed)!r}", value)
    return parsed


def cards(value: object, where: str, low: int = 0, high: int | None = None) -> tuple[Card, ...]:
    """A list of ``low`` to ``high`` distinct cards."""
    items = array(value, where, low, high)
    found = tuple(card(item, f"{where}[{i}]") for i, item in enumerate(items))
    if len(set(found)) != len(found):
        twice = next(c for i, c in enumerate(found) if c in found[:i])
        raise InvalidSavedGame(f"{where} holds {twice} twice", where=where)
    return found
