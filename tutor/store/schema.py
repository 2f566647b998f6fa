"""The database schema: the current tables, the store's errors and the migration runner.

Migrations: a small runner, not Alembic (see ``tutor.store``'s docstring for why). Each
migration runs inside the one transaction that records it; PostgreSQL replicas take an
advisory lock; a database from a newer app is refused with ``SchemaTooNew``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.card_migration import create_card_table
from tutor.store.class_migration import create_class_tables, create_task_table
from tutor.store.engine import _now, _with_retry, _writing, ensure_folder
from tutor.store.first_game_migration import create_first_game_table
from tutor.store.friend_migration import create_friend_table
from tutor.store.fsrs_migration import move_reviews_to_fsrs
from tutor.store.rating_migration import create_rating_tables
from tutor.store.rush_migration import create_rush_table

MIGRATION_WAIT_SECONDS = 30.0  # a server starting while another migrates waits its turn

QUIZ_KINDS = ("hand", "crib", "pegging", "discard", "peg_trainer", "game")
#: What a review item can hold: a quiz's question (its kind) or a costly decision from one of
#: the learner's games ("game": the game, the hand and the decision's step). "game" is also the
#: attempts' kind of a graded decision of a game (one row each, for the weak spots) and of the
#: answer to one on review.
REVIEW_KINDS = ("hand", "crib", "pegging", "discard", "peg_trainer", "game")
#: The kinds the Review page serves (and the due counts count).
SERVED_REVIEW_KINDS = ("hand", "crib", "pegging", "discard", "peg_trainer", "game")
MAX_POSITION_LENGTH = 200  # a review item's position: canonical JSON of a few address parameters
MAX_NAME_LENGTH = 40

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
    sa.Column("pin_hash", sa.String(200)),  # argon2id of the learner's PIN (None: not protected)
    sa.Column("pin_failures", sa.Integer, nullable=False, server_default="0"),
    sa.Column("pin_wait_until", sa.DateTime),  # no PIN is checked before this (UTC)
    sa.Column(
        "preferences", sa.Text
    ),  # JSON: the learner's settings kept between visits (coach mode, ...)
    # the hash of the browser key that first used the name: until the name has a PIN, only
    # that browser may protect it (None: a name from before, taken by the first to protect it)
    sa.Column("browser", sa.String(64)),
    sa.Column("recovery_hash", sa.String(200)),  # argon2id of the PIN's one-time recovery code
    # when the app's sign-in (st.login) first vouched for this name: such a name is its
    # identity's, never typed, so it may teach without a PIN (None: never signed in)
    sa.Column("identity_at", sa.DateTime),
)

#: A browser's sign-in by PIN: a token names its row, so that "Not you?" (this one) and a PIN
#: change (all of the learner's) can revoke it on the server.
PIN_SESSIONS = sa.Table(
    "pin_sessions",
    METADATA,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("revoked_at", sa.DateTime),
)

#: PIN tries counted per source (a browser, a client address) and per name and browser that
#: signed in before (its own allowance): ``key`` says which (see ``tutor.store.access``).
PIN_TRIES = sa.Table(
    "pin_tries",
    METADATA,
    sa.Column("key", sa.String(200), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
    sa.Column("wait_until", sa.DateTime),
    sa.Column("signed_in", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("updated_at", sa.DateTime, nullable=False),
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
    # the game review's figures for the learner, once the game is analysed (None: not yet)
    sa.Column("skill", sa.Float),
    sa.Column("luck", sa.Float),
    sa.Column("errors", sa.Integer),
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
    sa.Column(
        "browser", sa.String(64)
    ),  # the starting session's key (hashed), for a game without a learner
)

HAND_REVIEWS = sa.Table(
    "hand_reviews",
    METADATA,
    # one seat's decisions in one hand of a saved game, analysed (JSON of
    # cribbage_core.coach.game_review.HandReview): kept so the game's review need not analyse it again
    sa.Column("game_id", sa.String(36), primary_key=True),
    sa.Column("hand_no", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column(
        "version", sa.Integer, nullable=False
    ),  # cribbage_core.coach.game_review.REVIEW_VERSION it was made with
    sa.Column(
        "line_key", sa.String(64), nullable=False
    ),  # the steps it was made from (review.line_key)
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
)

APP_SECRETS = sa.Table(
    "app_secrets",
    METADATA,
    sa.Column("name", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
)

REVIEW_ITEMS = sa.Table(
    "review_items",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("position", sa.String(MAX_POSITION_LENGTH), nullable=False),
    sa.Column("interval_days", sa.Integer, nullable=False),
    sa.Column("stability", sa.Float),  # FSRS: days until recall falls to 90% (None: retired)
    sa.Column("difficulty", sa.Float, nullable=False, server_default="5.0"),  # FSRS: 1 to 10
    sa.Column("lapses", sa.Integer, nullable=False),
    sa.Column("streak", sa.Integer, nullable=False),
    sa.Column("reviews", sa.Integer, nullable=False),
    sa.Column("due_on", sa.Date),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
    sa.UniqueConstraint("learner_id", "kind", "position", name="uq_review_items_position"),
)

REVIEW_ANSWERS = sa.Table(
    "review_answers",
    METADATA,
    sa.Column("id", sa.String(36), primary_key=True),
    sa.Column("item_id", sa.Integer, sa.ForeignKey("review_items.id"), nullable=False),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("interval_days", sa.Integer, nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("answered_at", sa.DateTime, nullable=False),
)

DAILY_ANSWERS = sa.Table(
    "daily_answers",
    METADATA,
    sa.Column("id", sa.String(40), primary_key=True),  # day/question/learner: one answer each
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("question", sa.Integer, nullable=False),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("answer", sa.String(60), nullable=False),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("answered_at", sa.DateTime, nullable=False),
)

sa.Index("ix_attempts_learner_created", ATTEMPTS.c.learner_id, ATTEMPTS.c.created_at)
sa.Index("ix_games_learner_finished", GAMES.c.learner_id, GAMES.c.finished_at)
sa.Index("ix_review_items_learner_due", REVIEW_ITEMS.c.learner_id, REVIEW_ITEMS.c.due_on)
sa.Index("ix_review_answers_learner", REVIEW_ANSWERS.c.learner_id, REVIEW_ANSWERS.c.interval_days)
sa.Index("ix_daily_answers_day", DAILY_ANSWERS.c.day, DAILY_ANSWERS.c.question)


class StoreError(ValueError):
    """A value handed to the store is not one it can keep; the message says what is allowed."""


class SchemaTooNew(StoreError):
    """The database was upgraded by a newer version of the app than this one."""


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


def _review_and_daily(conn: Connection) -> None:
    # No version in the name, and it checks first (see _learner_language).
    if sa.inspect(conn).has_table("review_items"):
        return
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    items = sa.Table(
        "review_items",
        md,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("position", sa.String(200), nullable=False),
        sa.Column("interval_days", sa.Integer, nullable=False),
        sa.Column("ease", sa.Float, nullable=False),
        sa.Column("lapses", sa.Integer, nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
        sa.Column("reviews", sa.Integer, nullable=False),
        sa.Column("due_on", sa.Date),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
        sa.UniqueConstraint("learner_id", "kind", "position", name="uq_review_items_position"),
    )
    answers = sa.Table(
        "review_answers",
        md,
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("item_id", sa.Integer, sa.ForeignKey("review_items.id"), nullable=False),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("interval_days", sa.Integer, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("answered_at", sa.DateTime, nullable=False),
    )
    daily = sa.Table(
        "daily_answers",
        md,
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("day", sa.Date, nullable=False),
        sa.Column("question", sa.Integer, nullable=False),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("answer", sa.String(60), nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("answered_at", sa.DateTime, nullable=False),
    )
    sa.Index("ix_review_items_learner_due", items.c.learner_id, items.c.due_on)
    sa.Index("ix_review_answers_learner", answers.c.learner_id, answers.c.interval_days)
    sa.Index("ix_daily_answers_day", daily.c.day, daily.c.question)
    for table in (items, answers, daily):
        table.create(conn)  # with its indexes


def _learner_pins_and_game_owners(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    def add(table: str, column: str, kind: sa.types.TypeEngine[Any], extra: str = "") -> None:
        if column not in {c["name"] for c in sa.inspect(conn).get_columns(table)}:
            spelled = kind.compile(dialect=conn.dialect)
            conn.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {column} {spelled}{extra}")

    add("learners", "pin_hash", sa.String(200))
    add("learners", "pin_failures", sa.Integer(), " NOT NULL DEFAULT 0")
    add("learners", "pin_wait_until", sa.DateTime())
    add("saved_games", "browser", sa.String(64))
    md = sa.MetaData()
    sa.Table(
        "app_secrets",
        md,
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    ).create(conn, checkfirst=True)


def _learner_preferences(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    if "preferences" not in {c["name"] for c in sa.inspect(conn).get_columns("learners")}:
        conn.exec_driver_sql("ALTER TABLE learners ADD COLUMN preferences TEXT")


def _game_figures(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    found = {c["name"] for c in sa.inspect(conn).get_columns("games")}
    for column, kind in (("skill", sa.Float()), ("luck", sa.Float()), ("errors", sa.Integer())):
        if column not in found:
            conn.exec_driver_sql(
                f"ALTER TABLE games ADD COLUMN {column} {kind.compile(dialect=conn.dialect)}"
            )


def _hand_reviews(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    md = sa.MetaData()
    sa.Table(
        "hand_reviews",
        md,
        sa.Column("game_id", sa.String(36), primary_key=True),
        sa.Column("hand_no", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("line_key", sa.String(64), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    ).create(conn, checkfirst=True)


def _name_owners_and_pin_sources(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    found = {c["name"] for c in sa.inspect(conn).get_columns("learners")}
    for column, kind in (("browser", sa.String(64)), ("recovery_hash", sa.String(200))):
        if column not in found:
            conn.exec_driver_sql(
                f"ALTER TABLE learners ADD COLUMN {column} {kind.compile(dialect=conn.dialect)}"
            )
    md = sa.MetaData()
    sa.Table(
        "pin_tries",
        md,
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wait_until", sa.DateTime),
        sa.Column("signed_in", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("updated_at", sa.DateTime, nullable=False),
    ).create(conn, checkfirst=True)


def _pin_sessions(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    md = sa.MetaData()
    sa.Table("learners", md, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "pin_sessions",
        md,
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
        sa.Column("revoked_at", sa.DateTime),
    ).create(conn, checkfirst=True)


def _signed_in_identities(conn: Connection) -> None:
    # Checks first, like ``_learner_language``: it can be renumbered when merged.
    found = {c["name"] for c in sa.inspect(conn).get_columns("learners")}
    if "identity_at" not in found:
        kind = sa.DateTime().compile(dialect=conn.dialect)
        conn.exec_driver_sql(f"ALTER TABLE learners ADD COLUMN identity_at {kind}")


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "learners and quiz attempts", _v1_learners_and_attempts),
    Migration(
        2, "finished games; extra JSON on attempts (e.g. EV lost)", _v2_games_and_attempt_extra
    ),
    Migration(3, "games in progress, saved after every action", _v3_saved_games),
    Migration(4, "the learner's language", _learner_language),
    Migration(5, "review items on a schedule; the daily five's answers", _review_and_daily),
    Migration(
        6, "learners' PINs, games' owners and the app's secret", _learner_pins_and_game_owners
    ),
    Migration(7, "the learner's preferences (coach mode)", _learner_preferences),
    Migration(8, "each finished game's skill figure, luck and errors", _game_figures),
    Migration(9, "each hand's analysis kept with its saved game", _hand_reviews),
    Migration(10, "ratings per skill, rated questions and first attempts", create_rating_tables),
    Migration(
        11,
        "a name's first browser, PIN recovery codes, PIN tries per source",
        _name_owners_and_pin_sources,
    ),
    Migration(12, "PIN sign-ins that can be revoked", _pin_sessions),
    Migration(13, "review items scheduled by FSRS (stability, difficulty)", move_reviews_to_fsrs),
    Migration(14, "counting rushes, for each day's best", create_rush_table),
    Migration(15, "games between friends, by link, with a version", create_friend_table),
    Migration(16, "classes: their teachers, members and join codes", create_class_tables),
    Migration(17, "a class's tasks: answers of a quiz at an accuracy by a day", create_task_table),
    Migration(18, "login cards: a class's accounts, each signed in with a code", create_card_table),
    Migration(
        19, "when each learner first finished the coached first game", create_first_game_table
    ),
    Migration(20, "names the app's sign-in vouched for, who may teach", _signed_in_identities),
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
    found = schema_version(engine)
    if target <= found <= latest:
        return found  # up to date: no write lock, so a lock held elsewhere cannot stall a page

    def upgrade() -> int:
        with _writing(engine) as conn:
            if conn.dialect.name == "postgresql":  # replicas starting together take turns
                # a migration may take longer than the pages' statement and lock limits
                conn.execute(sa.text("SET LOCAL statement_timeout = 0"))
                conn.execute(sa.text("SET LOCAL lock_timeout = 0"))
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

    return int(_with_retry(upgrade, wait_seconds=MIGRATION_WAIT_SECONDS))
