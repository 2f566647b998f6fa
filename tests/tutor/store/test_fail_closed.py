"""Every access check fails closed: a read that fails at a check refuses, and says so.

Each test makes one read fail (the PIN's hash, the learner's row, the PIN try) at the moment a
check needs it and asserts that nothing of the protected learner is read or written, and that
``Store.problem`` says why. Runs on SQLite and, under ``scripts/with_postgres.sh``, PostgreSQL.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from tutor import store
from tutor.store import handle


def page_attempt() -> store.Attempt:
    return store.Attempt("hand", 42, 12, 14, False, attempt_id=str(uuid.uuid4()))


def rows(engine: Engine, table: str) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(sa.text(f"SELECT COUNT(*) FROM {table}")))


@contextmanager
def failing(monkeypatch: pytest.MonkeyPatch, name: str) -> Iterator[None]:
    """``tutor.store.handle.<name>`` fails as a database that stopped answering would."""

    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise OperationalError("SELECT", {}, Exception("server closed the connection"))

    with monkeypatch.context() as patch:
        patch.setattr(handle, name, broken)
        yield


@pytest.fixture
def pat(engine: Engine) -> Engine:
    """Pat's name is protected by a PIN, and Pat has one answer stored."""
    owner = store.store_for_engine(engine)
    assert owner.record_attempt("Pat", page_attempt())
    assert owner.set_pin("Pat", "2468") is not None
    assert rows(engine, "attempts") == 1
    return engine


def stranger(engine: Engine) -> handle.Store:
    """A new session (another browser) that has not given Pat's PIN."""
    return store.store_for_engine(engine)


WRITES: dict[str, Callable[[handle.Store], object]] = {
    "an answer": lambda s: s.record_attempt("Pat", page_attempt()),
    "a language": lambda s: s.set_language("Pat", "hi"),
    "preferences": lambda s: s.set_preferences("Pat", {"coach": True}),
    "a game": lambda s: s.save_game("g-1", {"x": 1}, moves=1, previous=None, learner="Pat"),
    "a hand's analysis": lambda s: s.keep_hand_reviews("g-1", [], "Pat"),
}


@pytest.mark.parametrize("what", sorted(WRITES))
def test_a_failed_read_of_the_pin_lets_no_write_through(
    pat: Engine, monkeypatch: pytest.MonkeyPatch, what: str
) -> None:
    visitor = stranger(pat)
    before = {t: rows(pat, t) for t in ("attempts", "saved_games", "hand_reviews")}
    with failing(monkeypatch, "pin_hash"):
        assert not WRITES[what](visitor)
        assert visitor.problem == handle.NOT_ANSWERING  # says why
        assert visitor.access_unknown("Pat")
    assert {t: rows(pat, t) for t in before} == before
    assert visitor.language("Pat") is None  # the read works again, and still refuses
    assert visitor.refusals >= 1


def test_a_failed_read_of_the_pin_reads_nothing(
    pat: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    visitor = stranger(pat)
    with failing(monkeypatch, "pin_hash"):
        assert visitor.attempts_frame("Pat").empty
        assert visitor.export_csv("Pat") == ""
        assert not visitor.may_use("Pat")
        assert visitor.protected("Pat"), "not known to be unprotected: treated as protected"
        assert visitor.problem == handle.NOT_ANSWERING
    assert visitor.attempts_frame("Pat").empty  # and once it reads again: protected


def test_a_failed_lookup_of_the_learner_refuses_the_name(
    pat: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    visitor = stranger(pat)
    with failing(monkeypatch, "learner_by_name"):
        assert not visitor.may_use("Pat")
        assert visitor.protected("Pat")
        assert visitor.save_game("g-2", {"x": 1}, moves=1, previous=None, learner="Pat") is False
        assert visitor.access_unknown("Pat")
    assert rows(pat, "saved_games") == 0


def test_a_token_is_not_taken_when_the_pin_cannot_be_read(
    pat: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = stranger(pat)
    assert owner.try_pin("Pat", "2468") is not None and owner.may_use("Pat")
    token = owner.access_token("Pat")
    assert token
    visitor = stranger(pat)
    visitor.secret = owner.secret
    with failing(monkeypatch, "pin_hash"):
        assert visitor.accept_token("Pat", token) is False
        assert owner.access_token("Pat") is None
    assert visitor.accept_token("Pat", token) is True  # the same token, once it can be checked


def test_a_pin_try_that_cannot_be_checked_grants_nothing(
    pat: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    visitor = stranger(pat)
    with failing(monkeypatch, "check_pin"):
        assert visitor.try_pin("Pat", "2468") is None
    assert not visitor.may_use("Pat")
    with failing(monkeypatch, "set_pin"):
        assert visitor.set_pin("Pat", None, "2468") is None
    assert stranger(pat).protected("Pat")
