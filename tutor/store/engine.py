"""Engines: where the data lives (``DATABASE_URL`` or SQLite), SQLite tuning, retried writes."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

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
T = TypeVar("T")

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
        limits = f"-c statement_timeout={STATEMENT_TIMEOUT_S * 1000} -c lock_timeout={LOCK_TIMEOUT_S * 1000}"
        return {
            "pool_pre_ping": True,
            "connect_args": {"connect_timeout": CONNECT_TIMEOUT_S, "options": limits},
        }
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


class _TakingTurns:
    """A lock handed to its waiters in the order they came, each waiting at most a given time.

    SQLite's own busy handler polls: under load (twenty writers on a busy two-core machine) one
    writer can lose every poll until its timeout ends although each write takes milliseconds.
    The writers of one process queue here instead, so SQLite's lock is only ever contended by
    other processes (a replica, a backup, a ``sqlite3`` shell).
    """

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._held = False
        self._waiters: deque[threading.Event] = deque()

    def acquire(self, timeout: float) -> bool:
        """Take the lock within ``timeout`` seconds (False: not taken, and no longer waiting)."""
        with self._guard:
            if not self._held:
                self._held = True
                return True
            turn = threading.Event()
            self._waiters.append(turn)
        if turn.wait(max(0.0, timeout)):
            return True
        with self._guard:
            if turn.is_set():  # handed over just as the time ran out
                return True
            self._waiters.remove(turn)
            return False

    def release(self) -> None:
        """Hand the lock to the first waiter, or free it."""
        with self._guard:
            if self._waiters:
                self._waiters.popleft().set()
            else:
                self._held = False


_turns: dict[str, _TakingTurns] = {}
_turns_guard = threading.Lock()
_deadline = threading.local()  # .at: when the write being retried in this thread must give up


def _write_turns(engine: Engine) -> _TakingTurns | None:
    """The queue of this process's writers to ``engine``'s SQLite file (None: not SQLite)."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:":
        return None
    key = database if database.startswith("file:") else str(Path(database).resolve())
    with _turns_guard:
        return _turns.setdefault(key, _TakingTurns())


@contextmanager
def _writing(engine: Engine) -> Iterator[Connection]:
    """A connection in a write transaction (``BEGIN IMMEDIATE`` on SQLite), committed on exit.

    On SQLite the process's writers to one file take turns (:class:`_TakingTurns`); a writer
    whose turn has not come within the write's time (``_with_retry``'s, else
    ``WRITE_WAIT_SECONDS``) fails as SQLite does: "database is locked".
    """
    turns = _write_turns(engine)
    if turns is not None:
        at = getattr(_deadline, "at", None)
        left = WRITE_WAIT_SECONDS if at is None else at - time.monotonic()
        if not turns.acquire(left):
            raise OperationalError(
                "BEGIN IMMEDIATE",
                {},
                sqlite3.OperationalError("database is locked: other writers of this server"),
            )
    try:
        with engine.connect() as conn:
            conn.execution_options(tutor_write=True)
            with conn.begin():
                yield conn
    finally:
        if turns is not None:
            turns.release()


@contextmanager
def _one_statement(engine: Engine) -> Iterator[Connection]:
    """A connection for a single write statement, committed as it runs.

    On PostgreSQL the connection is in autocommit: one statement is atomic on its own, and a
    transaction around it would cost two more round trips to the server (``BEGIN``,
    ``COMMIT``), each a wait after which the page's thread must win the GIL back. On SQLite it
    is :func:`_writing`'s write transaction, so that this process's writers still take turns.
    """
    if engine.dialect.name == "sqlite":
        with _writing(engine) as conn:
            yield conn
        return
    with engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT")
        yield conn


def _with_retry(work: Callable[[], Any], wait_seconds: float = WRITE_WAIT_SECONDS) -> Any:
    """Run ``work``; if SQLite still reports a lock after its busy timeout, pause and run it
    again, as long as another full busy timeout still ends within ``wait_seconds`` of the start
    (or of a shorter :func:`write_budget` around it). A writer's wait for its turn counts too."""
    started = time.monotonic()
    outer = getattr(_deadline, "at", None)
    deadline = started + wait_seconds if outer is None else min(outer, started + wait_seconds)
    _deadline.at = deadline
    pause = 0.05
    try:
        while True:
            try:
                return work()
            except OperationalError as error:
                left = deadline - time.monotonic()
                if not _is_lock_error(error) or pause + SQLITE_BUSY_TIMEOUT_MS / 1000 > left:
                    raise
                time.sleep(pause)
                pause *= 2
    finally:
        _deadline.at = outer


@contextmanager
def write_budget(seconds: float) -> Iterator[None]:
    """Writes in this block wait at most ``seconds`` in all (e.g. for writes kept from a busy
    moment, tried again in passing: they must not hold a page up)."""
    outer = getattr(_deadline, "at", None)
    mine = time.monotonic() + seconds
    _deadline.at = mine if outer is None else min(outer, mine)
    try:
        yield
    finally:
        _deadline.at = outer


# ---------------------------------------------------------------------------------------------
# A database that does not answer

#: A PostgreSQL call still unanswered after this many seconds counts as "the database does not
#: answer", and the page goes on without it. A frozen or unreachable server never answers: the
#: connect timeout covers only new connections and the statement timeout runs on the server,
#: so neither helps a pooled connection waiting on a stopped server. SQLite is a local file
#: whose waits its busy timeout bounds (``SQLITE_BUSY_TIMEOUT_MS``, ``WRITE_WAIT_SECONDS``):
#: its calls run in the page's own thread, with no deadline.
ANSWER_SECONDS = 3.0
#: After a call went unanswered, further calls give up at once (no page waits again) until
#: one answers; a call is tried again this often in case the unanswered one never returns.
RETRY_SILENT_SECONDS = 10.0
#: PostgreSQL's own limits (seconds), set on every connection: a statement that runs longer is
#: cancelled by the server, a lock waited for longer gives up.
STATEMENT_TIMEOUT_S = 5
LOCK_TIMEOUT_S = 3
CONNECT_TIMEOUT_S = 5


class NoAnswer(TimeoutError):
    """The database did not answer within ``ANSWER_SECONDS`` (or has not since an earlier call)."""


_silent_since: weakref.WeakKeyDictionary[Engine, float] = weakref.WeakKeyDictionary()
_silent_lock = threading.Lock()


def within_deadline(engine: Engine, work: Callable[[], T], seconds: float = ANSWER_SECONDS) -> T:
    """``work()``, or ``NoAnswer`` once it has taken ``seconds`` (the call goes on in its own
    thread, and is taken as the sign that the database answers again when it returns).

    SQLite runs ``work`` directly. While an earlier call is unanswered, ``NoAnswer`` is raised at
    once, except for one call every ``RETRY_SILENT_SECONDS``.
    """
    if engine.dialect.name == "sqlite":
        return work()
    with _silent_lock:
        since = _silent_since.get(engine)
        if since is not None:
            if time.monotonic() - since < RETRY_SILENT_SECONDS:
                raise NoAnswer("the database has not answered a call yet")
            _silent_since[engine] = (
                time.monotonic()
            )  # this call tries again; the others wait for it
    outcome: list[tuple[bool, Any]] = []
    done = threading.Event()

    def call() -> None:
        try:
            outcome.append((True, work()))
        except BaseException as error:  # noqa: BLE001 - handed to the caller below
            outcome.append((False, error))
        finally:
            with _silent_lock:  # it answered (perhaps late): the database is back
                _silent_since.pop(engine, None)
                done.set()

    threading.Thread(target=call, name="tutor-database-call", daemon=True).start()
    if not done.wait(seconds):
        with _silent_lock:
            if not done.is_set():
                _silent_since.setdefault(engine, time.monotonic())
                raise NoAnswer(f"the database did not answer within {seconds:g} s")
    ok, value = outcome[0]
    if ok:
        return value  # type: ignore[no-any-return]
    raise value


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def naive_utc(moment: dt.datetime | None) -> dt.datetime:
    """``moment`` (default now) in UTC without a time zone, as the tables keep times."""
    if moment is None:
        return _now()
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return moment
