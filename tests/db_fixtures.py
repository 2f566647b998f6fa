"""Database fixtures for the store tests: a fresh SQLite file, or DATABASE_URL when it is set.

A test module uses them by declaring ``pytest_plugins = ["db_fixtures"]``.
With ``DATABASE_URL`` set (e.g. by ``scripts/with_postgres.sh``), every store test runs
twice: once on SQLite and once on that database, which is emptied before each test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store

BACKENDS = ["sqlite"] + (["database_url"] if os.environ.get("DATABASE_URL") else [])


def empty_database(engine: Engine) -> None:
    """Drop every table the store knows (in dependency order)."""
    with engine.begin() as conn:
        for name in ("attempts", "games", "learners", "schema_version"):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {name}"))


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL to an empty database."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'progress.db'}"
        return
    url = store.default_url()
    engine = store.make_engine(url)
    empty_database(engine)
    engine.dispose()
    yield url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A configured engine on an empty, migrated database."""
    made = store.make_engine(db_url)
    store.migrate(made)
    yield made
    made.dispose()
