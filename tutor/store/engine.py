"""Engines: where the data lives (``DATABASE_URL`` or SQLite), SQLite tuning, retried writes."""


from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError

PROJECT_DIR = Path(__file__).resolve().parents[2]
DEFAULT_SQLITE_PATH = PROJECT_DIR / "data" / "progress.db"
# A learner waits for a verdict while an answer is written: a write lock held elsewhere (a
# backup, a sqlite3 shell) must cost seconds, not the 52 s that 10 s x 5 tries did. Writes are
# milliseconds long, so one second covers the other sessions of this server; a write gives up
# after WRITE_WAIT_SECONDS and the page says what was not saved (it is kept and saved later).
SQLITE_BUSY_TIMEOUT_MS = 1_000
WRITE_WAIT_SECONDS = 3.0

# ---------------------------------------------------------------------------------------------
# Engines


def default_url(environ: Mapping[str, str] | None = None) -> str:
    """The database URL from ``DATABASE_URL``, or the project's SQLite file.

    >>> default_url({"DATABASE_URL": "postgres://u:p@db/tutor"})
    'postgresql://u:p@db/tutor'
    >>> default_url({}).endswith("data/progress.db")
    True
    """
    env = os.environ if environ is None else environ
    url = env.get("DATABASE_URL", "").strip()
    if url.startswith("postgres://"):  # the Heroku spelling; SQLAlchemy wants postgresql://
        url = "postgresql://" + url[len("postgres://") :]
    return url or f"sqlite:///{DEFAULT_SQLITE_PATH}"


def engine_options(url: str) -> dict[str, Any]:
    """Keyword arguments for ``create_engine`` (and ``st.connection``) suited to ``url``."""
    backend = sa.make_url(url).get_backend_name()
    if backend == "postgresql":
        return {"pool_pre_ping": True, "connect_args": {"connect_timeout": 5}}
    if backend == "sqlite":
        return {"connect_args": {"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000}}
    return {"pool_pre_ping": True}


def make_engine(url: str | None = None) -> Engine:
    """A configured engine for ``url`` (default: ``default_url()``); nothing is opened yet."""
    url = url or default_url()
    return prepare_engine(sa.create_engine(url, **engine_options(url)))


def prepare_engine(engine: Engine) -> Engine:
    """Set up an engine made elsewhere (e.g. by ``st.connection``); safe to call twice.

    For SQLite: on every new connection turn on WAL,
    ``busy_timeout`` and foreign keys; take over transaction control from the driver so that
    ``BEGIN IMMEDIATE`` can be used for writes (see ``_writing``).
    """
    if engine.dialect.name != "sqlite":
        return engine
    if not event.contains(engine, "connect", _sqlite_on_connect):
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
    return engine


def ensure_folder(engine: Engine) -> None:
    """Create the folder of a SQLite file database (raises OSError if that is impossible)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        return
    if not database.startswith("file:"):  # a URI filename is left to SQLite
        Path(database).parent.mkdir(parents=True, exist_ok=True)


def _sqlite_on_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # the driver must not emit its own BEGIN
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
    finally:
        cursor.close()


def _sqlite_on_begin(conn: Connection) -> None:
    immediate = conn.get_execution_options().get("tutor_write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _is_lock_error(error: BaseException) -> bool:
    text = str(error).lower()
    return "database is locked" in text or "database is busy" in text


@contextmanager
def _writing(engine: Engine) -> Iterator[Connection]:
    """A connection in a write transaction (``BEGIN IMMEDIATE`` on SQLite), committed on exit."""
    with engine.connect() as conn:
        conn.execution_options(tutor_write=True)
        with conn.begin():
            yield conn


def _with_retry(work: Callable[[], Any], wait_seconds: float = WRITE_WAIT_SECONDS) -> Any:
    """Run ``work``; if SQLite still reports a lock after its busy timeout, pause and run it
    again, as long as another full busy timeout still ends within ``wait_seconds`` of the start."""
    started = time.monotonic()
    pause = 0.05
    while True:
        try:
            return work()
        except OperationalError as error:
            spent = time.monotonic() - started
            if not _is_lock_error(error) or spent + pause + SQLITE_BUSY_TIMEOUT_MS / 1000 > wait_seconds:
                raise
            time.sleep(pause)
            pause *= 2


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def naive_utc(moment: dt.datetime | None) -> dt.datetime:
    """``moment`` (default now) in UTC without a time zone, as the tables keep times."""
    if moment is None:
        return _now()
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return moment
