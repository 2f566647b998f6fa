"""Progress storage: learners, quiz attempts and finished games, kept in SQL.

Two layers:

* Plain SQLAlchemy functions that take an ``Engine`` (``migrate``, ``create_learner``,
  ``record_attempt``, ``attempts_frame``, ...). They know nothing of Streamlit, so tests and
  scripts call them directly; they raise SQLAlchemy errors like any database code.
* ``open_store()``: the thin Streamlit wrapper. It gets the engine from
  ``st.connection("sql", ...)``, upgrades the schema once per process, and returns a ``Store``
  whose methods never raise: when the database cannot be opened or written, ``Store.problem``
  says why, ``show_status`` prints "progress is not being saved: ...", and the quiz goes on.

Where the data lives (first match wins):

1. ``DATABASE_URL`` in the environment, e.g. ``postgresql+psycopg://user:pw@host/tutor``
   (a Heroku-style ``postgres://`` is accepted too);
2. ``[connections.sql]`` in ``.streamlit/secrets.toml`` (``url = "..."``), Streamlit's own way;
3. the default: a SQLite file ``data/progress.db`` in the project, created on first run.

SQLite is set up for several threads of one server: WAL journal (readers never wait for the
writer), ``busy_timeout`` (a writer waits for the lock instead of failing), and writes begin
with ``BEGIN IMMEDIATE`` so a transaction never has to upgrade a read lock to a write lock, the
case in which SQLite gives up at once with "database is locked". A few retries on top cover
what the timeout does not.

No attempt is counted twice: the caller supplies each attempt's id (a UUID made when the
question is dealt, kept in session state), and the insert is ``ON CONFLICT DO NOTHING``. A
double click, a reload after submit, or a second tab answering the same deal records once.

Schema migrations: a small runner, not Alembic. The schema is three tables; the runner is an
ordered tuple of functions (``MIGRATIONS``), each applied inside one transaction together
with the row in ``schema_version`` that records it, so an interrupted upgrade leaves the old
version intact. On PostgreSQL an advisory lock makes replicas that start together take turns;
on SQLite ``BEGIN IMMEDIATE`` does the same. Alembic would bring a second configuration
(``alembic.ini``, an ``env.py``, a versions folder) and a CLI step to a deployment whose whole
database is three tables, and its SQLite support for altering tables needs batch mode anyway;
the runner is forty lines and is tested by building a version-1 database and upgrading it.
Migration functions are frozen history: they spell out their own tables rather than using
the current ``METADATA``, and a test checks that the upgraded schema matches ``METADATA``.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

if TYPE_CHECKING:
    import pandas as pd

PROJECT_DIR = Path(__file__).resolve().parent.parent
DEFAULT_SQLITE_PATH = PROJECT_DIR / "data" / "progress.db"
QUIZ_KINDS = ("hand", "crib", "pegging", "discard")
MAX_NAME_LENGTH = 40
SQLITE_BUSY_TIMEOUT_MS = 10_000
WEAK_SPOT_HALF_LIFE_DAYS = 7.0
WEAK_SPOT_WINDOW = dt.timedelta(days=90)  # misses older than this are forgotten

# ---------------------------------------------------------------------------------------------
# The current schema (what queries use). Migrations below build exactly this.

METADATA = sa.MetaData()

SCHEMA_VERSION = sa.Table(
    "schema_version",
    METADATA,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("applied_at", sa.DateTime, nullable=False),
)

LEARNERS = sa.Table(
    "learners",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(MAX_NAME_LENGTH), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("language", sa.String(8)),
)

ATTEMPTS = sa.Table(
    "attempts",
    METADATA,
    sa.Column("id", sa.String(36), primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("seed", sa.String(64), nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("right_answer", sa.Text, nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("categories", sa.Text, nullable=False),
    sa.Column("categories_missed", sa.Text, nullable=False),
    sa.Column("seconds", sa.Float),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("extra", sa.Text),
)

GAMES = sa.Table(
    "games",
    METADATA,
    sa.Column("id", sa.String(36), primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("opponent_level", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("target", sa.Integer, nullable=False),
    sa.Column("scores", sa.Text, nullable=False),
    sa.Column("winner", sa.String(60), nullable=False),
    sa.Column("learner_won", sa.Boolean, nullable=False),
    sa.Column("result_kind", sa.String(20), nullable=False),
    sa.Column("muggins_lost", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.DateTime, nullable=False),
)

SAVED_GAMES = sa.Table(
    "saved_games",
    METADATA,
    sa.Column("id", sa.String(36), primary_key=True),
    sa.Column("learner", sa.String(MAX_NAME_LENGTH)),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
)

sa.Index("ix_attempts_learner_created", ATTEMPTS.c.learner_id, ATTEMPTS.c.created_at)
sa.Index("ix_games_learner_finished", GAMES.c.learner_id, GAMES.c.finished_at)


class StoreError(ValueError):
    """A value handed to the store is not one it can keep; the message says what is allowed."""


class SchemaTooNew(StoreError):
    """The database was upgraded by a newer version of the app than this one."""


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


def _with_retry(work: Callable[[], Any], attempts: int = 5) -> Any:
    """Run ``work``; if SQLite still reports a lock after its busy timeout, wait and run again."""
    for attempt in range(attempts):
        try:
            return work()
        except OperationalError as error:
            if not _is_lock_error(error) or attempt == attempts - 1:
                raise
            time.sleep(0.05 * 2**attempt)
    raise AssertionError("unreachable")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def _naive_utc(moment: dt.datetime | None) -> dt.datetime:
    if moment is None:
        return _now()
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC).replace(tzinfo=None)
    return moment


# ---------------------------------------------------------------------------------------------
# Migrations


class Migration(NamedTuple):
    """One schema step: ``apply(conn)`` runs inside the upgrade's transaction."""

    version: int
    name: str
    apply: Callable[[Connection], None]


def _v1_learners_and_attempts(conn: Connection) -> None:
    md = sa.MetaData()
    sa.Table(
        "learners",
        md,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    attempts = sa.Table(
        "attempts",
        md,
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("right_answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("categories", sa.Text, nullable=False),
        sa.Column("categories_missed", sa.Text, nullable=False),
        sa.Column("seconds", sa.Float),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    sa.Index("ix_attempts_learner_created", attempts.c.learner_id, attempts.c.created_at)
    md.create_all(conn)


def _v2_games_and_attempt_extra(conn: Connection) -> None:
    conn.exec_driver_sql("ALTER TABLE attempts ADD COLUMN extra TEXT")
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    games = sa.Table(
        "games",
        md,
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("opponent_level", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("scores", sa.Text, nullable=False),
        sa.Column("winner", sa.String(60), nullable=False),
        sa.Column("learner_won", sa.Boolean, nullable=False),
        sa.Column("result_kind", sa.String(20), nullable=False),
        sa.Column("muggins_lost", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.DateTime, nullable=False),
    )
    sa.Index("ix_games_learner_finished", games.c.learner_id, games.c.finished_at)
    games.create(conn)  # with its index


def _v3_saved_games(conn: Connection) -> None:
    md = sa.MetaData()
    sa.Table(
        "saved_games",
        md,
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("learner", sa.String(40)),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    ).create(conn)


def _learner_language(conn: Connection) -> None:
    # No version in the name: it can be renumbered when merged after another migration, and
    # it checks first, so a database that already ran it under another number is unharmed.
    if "language" not in {c["name"] for c in sa.inspect(conn).get_columns("learners")}:
        conn.exec_driver_sql("ALTER TABLE learners ADD COLUMN language VARCHAR(8)")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "learners and quiz attempts", _v1_learners_and_attempts),
    Migration(
        2, "finished games; extra JSON on attempts (e.g. EV lost)", _v2_games_and_attempt_extra
    ),
    Migration(3, "games in progress, saved after every action", _v3_saved_games),
    Migration(4, "the learner's language", _learner_language),
)
LATEST_VERSION = MIGRATIONS[-1].version


def schema_version(engine: Engine) -> int:
    """The database's schema version: 0 for an empty database."""
    with engine.connect() as conn:
        if not sa.inspect(conn).has_table("schema_version"):
            return 0
        return int(conn.scalar(sa.select(sa.func.max(SCHEMA_VERSION.c.version))) or 0)


def migrate(engine: Engine, target: int | None = None) -> int:
    """Bring the schema up to ``target`` (default: the latest); return the version reached.

    Each pending migration runs in the one transaction that also records it, so a failure
    leaves the database at its old version with all its rows. Raises ``SchemaTooNew`` for a
    database written by a newer app.
    """
    latest = MIGRATIONS[-1].version
    ensure_folder(engine)
    target = latest if target is None else target

    def upgrade() -> int:
        with _writing(engine) as conn:
            if conn.dialect.name == "postgresql":  # replicas starting together take turns
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(7143121)"))
            SCHEMA_VERSION.create(conn, checkfirst=True)
            current = int(conn.scalar(sa.select(sa.func.max(SCHEMA_VERSION.c.version))) or 0)
            if current > latest:
                raise SchemaTooNew(
                    f"the database is at schema version {current}, but this app knows versions "
                    f"up to {latest}; run the newer app or point DATABASE_URL elsewhere"
                )
            for migration in MIGRATIONS:
                if current < migration.version <= target:
                    migration.apply(conn)
                    conn.execute(
                        SCHEMA_VERSION.insert().values(
                            version=migration.version, name=migration.name, applied_at=_now()
                        )
                    )
                    current = migration.version
            return current

    return int(_with_retry(upgrade))


# ---------------------------------------------------------------------------------------------
# Learners


@dataclass(frozen=True)
class Learner:
    """A person whose progress is kept; ``name`` is unique and shown only escaped."""

    id: int
    name: str


def clean_name(name: str) -> str:
    """The name as stored: surrounding blanks removed, inner runs of blanks made one space.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    tutor.store.StoreError: a learner's name must not be empty
    """
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise StoreError("a learner's name must not be empty")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise StoreError(
            f"a learner's name has at most {MAX_NAME_LENGTH} characters, not {len(cleaned)}"
        )
    return cleaned


def learner_by_name(engine: Engine, name: str) -> Learner | None:
    """The learner called ``name`` (after ``clean_name``), or None."""
    cleaned = clean_name(name)
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(LEARNERS.c.id, LEARNERS.c.name).where(LEARNERS.c.name == cleaned)
        ).first()
    return Learner(int(row.id), str(row.name)) if row else None


def create_learner(engine: Engine, name: str) -> Learner:
    """The learner called ``name``, created if new (two tabs creating one name get one row)."""
    cleaned = clean_name(name)

    def create() -> None:
        with _writing(engine) as conn:
            _insert_ignoring_duplicates(
                conn, LEARNERS, {"name": cleaned, "created_at": _now()}, LEARNERS.c.name
            )

    existing = learner_by_name(engine, cleaned)
    if existing:
        return existing
    _with_retry(create)
    learner = learner_by_name(engine, cleaned)
    assert learner is not None
    return learner


def learner_language(engine: Engine, learner_id: int) -> str | None:
    """The language code the learner last chose, or None."""
    with engine.connect() as conn:
        value = conn.scalar(sa.select(LEARNERS.c.language).where(LEARNERS.c.id == learner_id))
    return str(value) if value else None


def set_learner_language(engine: Engine, learner_id: int, language: str) -> None:
    """Remember ``language`` (a code such as ``"hi"``) for the learner."""
    if not (2 <= len(language) <= 8 and language.isascii() and language.isalpha()):
        raise StoreError(f"a language is a code of 2-8 letters such as 'hi', not {language!r}")

    def update() -> None:
        with _writing(engine) as conn:
            conn.execute(
                LEARNERS.update().where(LEARNERS.c.id == learner_id).values(language=language)
            )

    _with_retry(update)


# ---------------------------------------------------------------------------------------------
# Recording


def _insert_ignoring_duplicates(
    conn: Connection, table: sa.Table, values: Mapping[str, Any], key: sa.Column[Any]
) -> bool:
    """Insert one row unless ``key`` is taken; True if the row is new."""
    dialect = conn.dialect.name
    if dialect in ("sqlite", "postgresql"):
        if dialect == "sqlite":
            from sqlalchemy.dialects.sqlite import insert
        else:
            from sqlalchemy.dialects.postgresql import insert
        stmt = (
            insert(table)
            .values(**values)
            .on_conflict_do_nothing(index_elements=[key])
            .returning(key)  # rowcount is not reliable across drivers; a returned row is
        )
        return conn.execute(stmt).first() is not None
    try:
        with conn.begin_nested():
            conn.execute(table.insert().values(**values))
        return True
    except IntegrityError:
        return False


def _json_list(values: Iterable[str]) -> str:
    return json.dumps(sorted({str(v) for v in values}))


def _as_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def record_attempt(
    engine: Engine,
    *,
    attempt_id: str,
    learner_id: int,
    kind: str,
    seed: int | str,
    answer: Any,
    right_answer: Any,
    correct: bool,
    categories: Iterable[str] = (),
    categories_missed: Iterable[str] = (),
    seconds: float | None = None,
    extra: Mapping[str, Any] | None = None,
    at: dt.datetime | None = None,
) -> bool:
    """Store one quiz answer; True if stored now, False if ``attempt_id`` was already stored.

    ``attempt_id``: a UUID string the page makes when it deals the question, so a double
    submit or a reload records once (the first answer stands). ``kind``: one of
    ``QUIZ_KINDS``. ``answer`` / ``right_answer``: text, or any JSON value (kept as JSON).
    ``categories``: the scoring kinds the question involved (e.g. ``fifteen``, ``run``, or a
    pegging kind such as ``pair royal``); ``categories_missed``: those the learner got wrong.
    ``extra``: JSON details, e.g. ``{"ev_lost": 1.4}`` for a discard.
    """
    if kind not in QUIZ_KINDS:
        raise StoreError(f"quiz kind {kind!r} is not one of {', '.join(QUIZ_KINDS)}")
    attempt_id = str(attempt_id)
    if not attempt_id or len(attempt_id) > 36:
        raise StoreError("an attempt id is a UUID string of at most 36 characters")
    missed = set(categories_missed)
    values = {
        "id": attempt_id,
        "learner_id": int(learner_id),
        "kind": kind,
        "seed": str(seed),
        "answer": _as_text(answer),
        "right_answer": _as_text(right_answer),
        "correct": bool(correct),
        "categories": _json_list(set(categories) | missed),
        "categories_missed": _json_list(missed),
        "seconds": None if seconds is None else float(seconds),
        "created_at": _naive_utc(at),
        "extra": None if extra is None else json.dumps(dict(extra)),
    }

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, ATTEMPTS, values, ATTEMPTS.c.id)

    return bool(_with_retry(insert))


GAME_RESULT_KINDS = ("win", "skunk", "double skunk", "lurch")


def record_game(
    engine: Engine,
    *,
    game_id: str,
    learner_id: int,
    opponent_level: str,
    players: int,
    target: int,
    scores: Sequence[int],
    winner: str,
    learner_won: bool,
    result_kind: str = "win",
    muggins_lost: int = 0,
    at: dt.datetime | None = None,
) -> bool:
    """Store one finished game; True if stored now, False if ``game_id`` was already stored.

    ``result_kind`` is the game engine's ``GameResult.kind`` (``GAME_RESULT_KINDS``);
    ``muggins_lost``: points the learner left on the table that the opponent took.
    """
    if result_kind not in GAME_RESULT_KINDS:
        raise StoreError(
            f"result kind {result_kind!r} is not one of {', '.join(GAME_RESULT_KINDS)}"
        )
    values = {
        "id": str(game_id),
        "learner_id": int(learner_id),
        "opponent_level": str(opponent_level),
        "players": int(players),
        "target": int(target),
        "scores": json.dumps([int(s) for s in scores]),
        "winner": str(winner),
        "learner_won": bool(learner_won),
        "result_kind": result_kind,
        "muggins_lost": int(muggins_lost),
        "finished_at": _naive_utc(at),
    }

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, GAMES, values, GAMES.c.id)

    return bool(_with_retry(insert))


# ---------------------------------------------------------------------------------------------
# Reading

ATTEMPT_COLUMNS = [
    "id", "kind", "seed", "answer", "right_answer", "correct", "categories",
    "categories_missed", "seconds", "extra", "created_at",
]  # fmt: skip
GAME_COLUMNS = [
    "id", "opponent_level", "players", "target", "scores", "winner", "learner_won",
    "result_kind", "muggins_lost", "finished_at",
]  # fmt: skip


def attempts_frame(
    engine: Engine,
    learner_id: int,
    since: dt.datetime | None = None,
    columns: Sequence[str] = tuple(ATTEMPT_COLUMNS),
) -> pd.DataFrame:
    """The learner's attempts, oldest first, one row each (``columns``, default all).

    ``categories`` and ``categories_missed`` are lists, ``extra`` a dict (or None),
    ``created_at`` a UTC timestamp. Ask only for the columns you use: 10,000 rows read in
    tens of milliseconds.
    """
    import pandas as pd

    columns = list(columns)
    unknown = set(columns) - set(ATTEMPT_COLUMNS)
    if unknown:
        raise StoreError(f"no attempt column {sorted(unknown)}; columns are {ATTEMPT_COLUMNS}")
    # created_at comes back as the driver gives it (SQLite: text) and pandas parses the lot at
    # once, far faster than SQLAlchemy's per-row datetime processing.
    selected = [
        sa.type_coerce(ATTEMPTS.c[name], sa.String).label(name)
        if name == "created_at"
        else ATTEMPTS.c[name]
        for name in columns
    ]
    query = sa.select(*selected).where(ATTEMPTS.c.learner_id == int(learner_id))
    if since is not None:
        query = query.where(ATTEMPTS.c.created_at >= _naive_utc(since))
    with engine.connect() as conn:
        rows = conn.execute(query.order_by(ATTEMPTS.c.created_at, ATTEMPTS.c.id)).all()
    # Column lists from plain tuples: pandas probes SQLAlchemy Row objects one by one (slow).
    data: dict[str, list[Any]] = (
        {name: list(values) for name, values in zip(columns, zip(*rows, strict=True), strict=True)}
        if rows
        else {name: [] for name in columns}
    )
    for name in ("categories", "categories_missed"):
        if name in data:  # few distinct lists: decode each once (rows share the list objects)
            decoded = {text: json.loads(text) for text in set(data[name])}
            data[name] = [decoded[text] for text in data[name]]
    if "extra" in data:
        data["extra"] = [json.loads(v) if v else None for v in data["extra"]]
    frame = pd.DataFrame(data, columns=columns)
    if "correct" in frame:
        frame["correct"] = frame["correct"].astype(bool)
    if "seconds" in frame:
        frame["seconds"] = frame["seconds"].astype(float)
    if "created_at" in frame:
        frame["created_at"] = pd.to_datetime(frame["created_at"], format="ISO8601")
    return frame


def games_frame(engine: Engine, learner_id: int) -> pd.DataFrame:
    """The learner's finished games, oldest first (columns ``GAME_COLUMNS``)."""
    import pandas as pd

    query = (
        sa.select(*(GAMES.c[name] for name in GAME_COLUMNS))
        .where(GAMES.c.learner_id == int(learner_id))
        .order_by(GAMES.c.finished_at, GAMES.c.id)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    frame = pd.DataFrame(rows, columns=GAME_COLUMNS)
    frame["learner_won"] = frame["learner_won"].astype(bool)
    frame["scores"] = [json.loads(v) for v in frame["scores"]]
    frame["finished_at"] = pd.to_datetime(frame["finished_at"])
    return frame


def weak_spot_weights(
    attempts: pd.DataFrame,
    now: dt.datetime | None = None,
    half_life_days: float = WEAK_SPOT_HALF_LIFE_DAYS,
) -> dict[str, float]:
    """How much each category needs practice, from attempts (as ``attempts_frame`` gives them).

    Spaced repetition of mistakes: each miss of a category adds ``0.5 ** (age / half_life)``
    (a miss today adds 1, one a half-life ago 0.5); each later question in that category
    answered right takes off half as much, so practice that succeeds lowers the weight.
    Attempts older than ``WEAK_SPOT_WINDOW`` are ignored. Only categories with a weight above
    zero are returned, heaviest first.
    """
    now = _naive_utc(now)
    totals: dict[str, float] = {}
    if attempts.empty:
        return {}
    ages = (now - attempts["created_at"].dt.tz_localize(None)).dt.total_seconds() / 86_400.0
    window = WEAK_SPOT_WINDOW.total_seconds() / 86_400.0
    for age, involved, missed in zip(
        ages.clip(lower=0.0), attempts["categories"], attempts["categories_missed"], strict=True
    ):
        if age > window:
            continue
        weight = math.pow(0.5, age / half_life_days)
        for category in missed:
            totals[category] = totals.get(category, 0.0) + weight
        for category in set(involved) - set(missed):
            totals[category] = totals.get(category, 0.0) - 0.5 * weight
    positive = {c: round(w, 4) for c, w in totals.items() if w > 1e-9}
    return dict(sorted(positive.items(), key=lambda item: (-item[1], item[0])))


WEAK_SPOT_COLUMNS = ("categories", "categories_missed", "created_at")


def weak_spots(engine: Engine, learner_id: int, now: dt.datetime | None = None) -> dict[str, float]:
    """``weak_spot_weights`` over the learner's attempts of the last 90 days."""
    since = _naive_utc(now) - WEAK_SPOT_WINDOW
    frame = attempts_frame(engine, learner_id, since=since, columns=WEAK_SPOT_COLUMNS)
    return weak_spot_weights(frame, now=now)


def attempts_csv(attempts: pd.DataFrame) -> str:
    """Attempts (as ``attempts_frame`` gives them) as CSV text; lists and dicts as JSON."""
    frame = attempts.copy()
    for column in ("categories", "categories_missed"):
        frame[column] = [json.dumps(v) for v in frame[column]]
    frame["extra"] = [json.dumps(v) if v is not None else "" for v in frame["extra"]]
    frame["created_at"] = frame["created_at"].dt.strftime("%Y-%m-%dT%H:%M:%SZ")
    return str(frame.to_csv(index=False))


def export_csv(engine: Engine, learner_id: int) -> str:
    """The learner's attempts as CSV text (lists and dicts as JSON), for ``st.download_button``."""
    return attempts_csv(attempts_frame(engine, learner_id))


# ---------------------------------------------------------------------------------------------
# Games in progress (the Play page saves one after every action)


class StaleGame(StoreError):
    """The saved game moved on since it was read (another tab, or a double click): reload it."""


def save_game(
    engine: Engine,
    game_id: str,
    data: Mapping[str, Any],
    *,
    moves: int,
    previous: int | None,
    finished: bool = False,
    learner: str | None = None,
) -> None:
    """Save a game in progress as JSON: ``moves`` is its move counter now, ``previous`` the
    counter this caller last saved or loaded (None for a new game).

    Compare-and-set: the row is written only if the stored game is still at ``previous``, so
    a second tab (or a double click) cannot overwrite a later move with an earlier one; a lost
    race raises ``StaleGame`` and changes nothing.
    """
    game_id = str(game_id)
    if not game_id or len(game_id) > 36:
        raise StoreError("a game id is a UUID string of at most 36 characters")
    text = json.dumps(dict(data), separators=(",", ":"))
    now = _now()

    def write() -> None:
        with _writing(engine) as conn:
            found = conn.execute(
                sa.select(SAVED_GAMES.c.moves).where(SAVED_GAMES.c.id == game_id)
            ).first()
            if found is None:
                if previous is not None:
                    raise StaleGame(f"game {game_id} is not saved any more: start a new game")
                conn.execute(
                    SAVED_GAMES.insert().values(
                        id=game_id, learner=learner, moves=moves, finished=finished, data=text,
                        created_at=now, updated_at=now,
                    )
                )  # fmt: skip
                return
            if previous is None or int(found.moves) != previous:
                raise StaleGame(
                    f"game {game_id} was saved at move {found.moves} elsewhere since this page "
                    f"read it at move {previous}: reload the game"
                )
            conn.execute(
                SAVED_GAMES.update()
                .where(SAVED_GAMES.c.id == game_id)
                .values(moves=moves, finished=finished, data=text, updated_at=now)
            )

    _with_retry(write)


def load_game(engine: Engine, game_id: str) -> tuple[int, dict[str, Any]] | None:
    """``(moves, data)`` of a saved game, or None when there is no game with that id."""
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(SAVED_GAMES.c.moves, SAVED_GAMES.c.data).where(
                SAVED_GAMES.c.id == str(game_id)[:36]
            )
        ).first()
    if row is None:
        return None
    return int(row.moves), json.loads(row.data)


# ---------------------------------------------------------------------------------------------
# The Streamlit wrapper: pages use this, and it never raises


@dataclass
class Store:
    """The pages' handle on the database; every method returns quietly when it is down.

    ``problem`` is None while all is well, otherwise a short reason (shown by
    ``show_status``). Methods take the learner's *name* (from ``tutor.profile``) and look the
    learner up, creating them on first write.
    """

    engine: Engine | None
    problem: str | None = None
    _learners: dict[str, Learner] = field(default_factory=dict, repr=False)

    @property
    def ok(self) -> bool:
        """True while progress is being saved."""
        return self.engine is not None and self.problem is None

    def _run(self, work: Callable[[Engine], Any], fallback: Any, writes: bool = False) -> Any:
        if self.engine is None:
            return fallback
        try:
            result = work(self.engine)
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            return fallback
        if writes:
            self.problem = None  # a write went through: whatever failed before has recovered
        return result

    def learner(self, name: str, create: bool = False) -> Learner | None:
        """The learner called ``name`` (created first if ``create``), or None."""
        cleaned = clean_name(name)
        if cleaned in self._learners:
            return self._learners[cleaned]
        find = create_learner if create else learner_by_name
        found = self._run(lambda engine: find(engine, cleaned), None)
        if found is not None:
            self._learners[cleaned] = found
        return found

    def record_attempt(self, learner_name: str, **attempt: Any) -> bool:
        """``record_attempt`` for the named learner; False if a repeat or not saved."""
        learner = self.learner(learner_name, create=True)
        if learner is None:
            return False
        return bool(
            self._run(
                lambda e: record_attempt(e, learner_id=learner.id, **attempt), False, writes=True
            )
        )

    def record_game(self, learner_name: str, **game: Any) -> bool:
        """``record_game`` for the named learner; False if a repeat or not saved."""
        learner = self.learner(learner_name, create=True)
        if learner is None:
            return False
        return bool(
            self._run(lambda e: record_game(e, learner_id=learner.id, **game), False, writes=True)
        )

    def save_game(self, game_id: str, data: Mapping[str, Any], **options: Any) -> bool:
        """``save_game``; False when not saved. ``StaleGame`` is raised (the caller reloads)."""
        if self.engine is None:
            return False
        try:
            save_game(self.engine, game_id, data, **options)
        except StaleGame:
            raise
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            return False
        self.problem = None
        return True

    def load_game(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """``load_game`` (None when absent or when the database is down)."""
        return self._run(lambda e: load_game(e, game_id), None)

    def attempts_frame(
        self, learner_name: str, columns: Sequence[str] = tuple(ATTEMPT_COLUMNS)
    ) -> pd.DataFrame:
        """The learner's attempts (empty when none or when the database is down)."""
        import pandas as pd

        empty = pd.DataFrame(columns=list(columns))
        learner = self.learner(learner_name)
        if learner is None:
            return empty
        return self._run(lambda e: attempts_frame(e, learner.id, columns=columns), empty)

    def games_frame(self, learner_name: str) -> pd.DataFrame:
        """The learner's finished games (empty when none or when the database is down)."""
        import pandas as pd

        empty = pd.DataFrame(columns=GAME_COLUMNS)
        learner = self.learner(learner_name)
        if learner is None:
            return empty
        return self._run(lambda e: games_frame(e, learner.id), empty)

    def weak_spots(self, learner_name: str) -> dict[str, float]:
        """The learner's weak-spot weights ({} when none or when the database is down)."""
        learner = self.learner(learner_name)
        if learner is None:
            return {}
        return dict(self._run(lambda e: weak_spots(e, learner.id), {}))

    def language(self, learner_name: str) -> str | None:
        """The language the learner last chose (None when unknown or the database is down)."""
        learner = self.learner(learner_name)
        if learner is None:
            return None
        return self._run(lambda e: learner_language(e, learner.id), None)  # type: ignore[no-any-return]

    def set_language(self, learner_name: str, language: str) -> bool:
        """Remember the learner's language; False when not saved."""
        learner = self.learner(learner_name, create=True)
        if learner is None:
            return False
        self._run(lambda e: set_learner_language(e, learner.id, language), None, writes=True)
        return self.problem is None

    def export_csv(self, learner_name: str) -> str:
        """The learner's attempts as CSV ("" when the database is down)."""
        learner = self.learner(learner_name)
        if learner is None:
            return ""
        return str(self._run(lambda e: export_csv(e, learner.id), ""))


def describe_error(error: BaseException) -> str:
    """One line a learner can read, without SQL or passwords."""
    original = getattr(error, "orig", None) or error
    text = str(original).splitlines()[0] if str(original) else type(original).__name__
    return text[:200]


_ready: weakref.WeakSet[Engine] = weakref.WeakSet()  # engines whose schema is up to date
_ready_lock = threading.Lock()


def store_for_engine(engine: Engine) -> Store:
    """A ``Store`` over ``engine``, schema upgraded once per process; never raises."""
    try:
        prepare_engine(engine)
        with _ready_lock:
            if engine not in _ready:
                migrate(engine)
                _ready.add(engine)
    except (SQLAlchemyError, OSError, StoreError) as error:
        where = engine.url.render_as_string(hide_password=True)
        return Store(None, f"cannot open the database {where}: {describe_error(error)}")
    return Store(engine)


_SESSION_KEY = "store_handle"


def open_store() -> Store:
    """The Store for this session: ``DATABASE_URL``, else ``[connections.sql]``, else SQLite.

    The engine comes from ``st.connection("sql", ...)`` (cached by Streamlit for the process);
    the Store is kept in session state, so a failed write stays reported (``show_status``)
    until a later one succeeds. A database that could not be opened is tried again next run.
    """
    import streamlit as st

    kept = st.session_state.get(_SESSION_KEY)
    if isinstance(kept, Store) and kept.engine is not None:
        return kept  # keeps a write failure on show until a later write succeeds
    url = os.environ.get("DATABASE_URL", "").strip()
    try:
        if url:
            url = default_url()
            conn = st.connection("sql", url=url, **engine_options(url))
        elif _secrets_have_sql():
            conn = st.connection("sql")
        else:
            url = default_url()
            conn = st.connection("sql", url=url, **engine_options(url))
        engine = conn.engine
    except Exception as error:  # noqa: BLE001 - any failure here means "not saving", not a crash
        return Store(None, f"cannot open the database: {describe_error(error)}")
    store = store_for_engine(engine)
    st.session_state[_SESSION_KEY] = store
    return store


def _secrets_have_sql() -> bool:
    import streamlit as st

    try:
        return "sql" in st.secrets.get("connections", {})
    except Exception:  # noqa: BLE001 - no secrets file, or an unreadable one: use the default
        return False


def show_status(store: Store) -> None:
    """Tell the learner, once per page, that progress is not being saved (if it is not)."""
    import streamlit as st

    from tutor.i18n import _

    if store.problem:
        st.warning(
            _("Progress is not being saved: {reason}").format(reason=store.problem), icon="⚠️"
        )
