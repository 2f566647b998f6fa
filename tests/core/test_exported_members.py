"""The front door: ``from cribbage_core import ...`` gives exactly the names in ``__all__``, and
``__all__`` holds what a library user needs (as httpx's ``tests/core/test_exported_members.py``)."""

from __future__ import annotations
import __future__

import importlib
import inspect
import types

import pytest

import cribbage_core
from cribbage_core import errors

PACKAGES = ("cribbage_core", "cribbage_core.bots")


@pytest.mark.parametrize("name", PACKAGES)
def test_all_is_exactly_what_the_package_exports(name: str) -> None:
    package = importlib.import_module(name)
    exported = {
        attr
        for attr, value in vars(package).items()
        if not attr.startswith("_")
        and not isinstance(value, types.ModuleType | __future__._Feature)
    }
    assert set(package.__all__) == exported
    assert len(package.__all__) == len(set(package.__all__)), "a name is listed twice"


def test_every_error_class_is_at_the_front_door() -> None:
    classes = {
        name
        for name, value in vars(errors).items()
        if inspect.isclass(value) and issubclass(value, errors.CribbageError)
    }
    assert len(classes) == 13
    assert classes <= set(cribbage_core.__all__)


def test_the_game_api_is_at_the_front_door() -> None:
    needed = {"new_game", "GameConfig", "GameState", "Phase", "Discard", "Play", "Go", "Count"}
    needed |= {"GameRecord", "Role", "role_of", "make_bot", "score_hand", "parse_cards"}
    assert needed <= set(cribbage_core.__all__)
