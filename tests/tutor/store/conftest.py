"""The store tests' shared helpers: a teacher (a learner with a PIN) in the test's database."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy.engine import Engine

from tutor import store


@pytest.fixture
def teacher(engine: Engine) -> Callable[..., store.Learner]:
    """Make a teacher in ``engine``'s database: ``teacher()`` is Ms Rao with PIN 2468,
    ``teacher("Mr Lee", "1357")`` another."""

    def make(name: str = "Ms Rao", pin: str = "2468") -> store.Learner:
        found = store.create_learner(engine, name)
        assert store.set_pin(engine, found.id, pin).ok
        return found

    return make
