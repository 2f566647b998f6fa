"""Progress storage: learners, quiz attempts, games, review items and PINs, kept in SQL.

The rooms: ``schema`` (tables, errors, migrations), ``engine`` (URL, SQLite tuning, retried
writes), ``records`` (learners, attempts, games, frames, CSV), ``saved_games`` (games in
progress), ``reviews`` (missed questions on a schedule, the daily five's answers),
``access`` (PINs, their rate limit, tokens), ``rushes`` (counting rushes' runs), ``first_games`` (when each learner first finished the coached first game), ``friend_games`` (games between friends, moved by compare-and-set), ``classes`` (a teacher's classes, members, join codes), ``cards`` (accounts a teacher makes, signed in with a printed code), ``tasks`` (a class's tasks and each member's progress), ``ratings`` (each learner's rating per skill,
the rated questions and first attempts) and ``handle`` (``Store``, ``open_store``; ``Store``'s
methods for each room are mixins in ``handle_records``, ``handle_games``, ``handle_reviews``
and ``handle_classes``, on a base in ``handle_core`` that declares what they use of its core,
what ``Store.problem`` may say is in ``problems``, the writes kept while the database is busy
in ``kept_writes``). This package imports no Streamlit at import
time and no ``tutor.lang``; ``open_store`` reaches Streamlit inside the function.

Two layers:

* Plain SQLAlchemy functions that take an ``Engine`` (``migrate``, ``create_learner``,
  ``store_attempt``, ``attempts_frame``, ...). They know nothing of Streamlit, so tests and
  scripts call them directly; they raise SQLAlchemy errors like any database code.
* ``open_store()``: the thin Streamlit wrapper. It gets the engine from
  ``st.connection("sql", ...)``, upgrades the schema once per process, and returns a ``Store``
  whose methods never raise: when the database cannot be opened or written, ``Store.problem``
  says why, ``tutor.frame.status.show_status`` prints "progress is not being saved: ...", and the quiz goes on.

Where the data lives (first match wins):

1. ``DATABASE_URL`` in the environment, e.g. ``postgresql+psycopg://user:pw@host/tutor``
   (a Heroku-style ``postgres://`` is accepted too);
2. ``[connections.sql]`` in ``.streamlit/secrets.toml`` (``url = "..."``), Streamlit's own way;
3. the default: a SQLite file ``data/progress.db`` in the project, created on first run.

SQLite is set up for several threads of one server: WAL journal (readers never wait for the
writer), ``busy_timeout`` (a writer waits for the lock instead of failing), and writes begin
with ``BEGIN IMMEDIATE`` so a transaction never has to upgrade a read lock to a write lock, the
case in which SQLite gives up at once with "database is locked". A retry on top covers what
the timeout does not; a lock held elsewhere for longer fails a write within
``WRITE_WAIT_SECONDS`` (the page says what was not saved and saves it later), so a learner
never waits long for a verdict because of storage.

No attempt is counted twice: the caller supplies each attempt's id (a UUID made when the
question is dealt, kept in session state), and the insert is ``ON CONFLICT DO NOTHING``. A
double click, a reload after submit, or a second tab answering the same deal records once.

Schema migrations: a small runner, not Alembic. The schema is twenty-four tables (``schema_version``,
``learners``, ``attempts``, ``games``, ``saved_games``, ``hand_reviews``, ``app_secrets``,
``review_items``, ``review_answers``, ``daily_answers``, ``pin_tries``, ``pin_sessions``, ``rush_runs`` (``tutor.store.rushes``), ``first_games`` (``tutor.store.first_games``), ``friend_games`` (``tutor.store.friend_games``), ``classes``, ``class_teachers`` and ``class_members`` (``tutor.store.classes``), ``class_tasks`` (``tutor.store.tasks``), ``class_cards`` (``tutor.store.cards``), and the ratings' four in
``tutor.store.ratings``); the runner is an
ordered tuple of functions (``MIGRATIONS``), each applied inside one transaction together
with the row in ``schema_version`` that records it, so an interrupted upgrade leaves the old
version intact. On PostgreSQL an advisory lock makes replicas that start together take turns;
on SQLite ``BEGIN IMMEDIATE`` does the same. Alembic would bring a second configuration
(``alembic.ini``, an ``env.py``, a versions folder) and a CLI step to a deployment whose whole
database is ten small tables, and its SQLite support for altering tables needs batch mode anyway;
the runner is forty lines and is tested by building a version-1 database and upgrading it.
Migration functions are frozen history: they spell out their own tables rather than using
the current ``METADATA``, and a test checks that the upgraded schema matches ``METADATA``.
"""

from __future__ import annotations

from tutor.store.access import (
    FREE_TRIES,
    MAX_PIN_LENGTH,
    MIN_PIN_LENGTH,
    PinCheck,
    PinError,
    app_secret,
    check_pin,
    make_token,
    recover,
    recovery_form,
    set_pin,
    token_valid,
    wait_after,
)
from tutor.store.cards import (
    MAX_ACCOUNTS,
    Card,
    CardError,
    CardHolder,
    CardRefused,
    CardSignIn,
    card_form,
)
from tutor.store.class_figures import ClassFigures
from tutor.store.classes import (
    ClassError,
    JoinRefused,
    Member,
    NotATeacher,
    SchoolClass,
    shown_code,
)
from tutor.store.engine import (
    DEFAULT_SQLITE_PATH,
    PROJECT_DIR,
    SQLITE_BUSY_TIMEOUT_MS,
    WRITE_WAIT_SECONDS,
    default_url,
    engine_options,
    ensure_folder,
    make_engine,
    naive_utc,
    prepare_engine,
)
from tutor.store.first_games import FIRST_GAMES, first_game_finished, record_first_game
from tutor.store.friend_games import (
    CODE_LENGTH,
    FRIEND_GAMES,
    FriendGame,
    NoSuchFriendGame,
    NotStarted,
    NotYourSeat,
    Seat,
    clean_code,
)
from tutor.store.handle import (
    PROBLEMS,
    Store,
    describe_error,
    open_store,
    store_for_engine,
)
from tutor.store.ratings import (
    BankItem,
    RatedAnswer,
    SkillRating,
    add_bank_items,
    bank_size,
    nearest_unseen,
    rate_first_attempt,
    rating_history,
    skill_ratings,
)
from tutor.store.records import (
    ATTEMPT_COLUMNS,
    GAME_COLUMNS,
    Attempt,
    Learner,
    _json_list,  # noqa: F401 - the tests check the JSON written
    attempts_csv,
    attempts_frame,
    clean_name,
    create_learner,
    export_csv,
    games_frame,
    learner_by_name,
    learner_language,
    learner_preferences,
    record_attempt,
    record_game,
    set_game_figures,
    set_learner_language,
    set_learner_preferences,
    store_attempt,
    stored_attempt_ids,
    visible_text,
)
from tutor.store.reviews import (
    DAILY_QUESTIONS,
    RecallRow,
    ReviewItem,
    ReviewState,
    ScheduleUpdate,
    answer_review,
    daily_answers_of,
    daily_shares,
    due_count,
    due_items,
    next_due,
    position_text,
    recall_by_interval,
    record_daily_answer,
    record_miss,
    retire_item,
    review_item,
)
from tutor.store.rushes import RUSH_RUNS, record_rush, rush_best
from tutor.store.saved_games import (
    GameOwner,
    KeptHand,
    NotYourGame,
    StaleGame,
    UnreadableSave,
    game_owner,
    keep_hand_reviews,
    load_game,
    load_own_game,
    load_own_hand_reviews,
    save_game,
)
from tutor.store.schema import (
    APP_SECRETS,
    ATTEMPTS,
    GAMES,
    HAND_REVIEWS,
    LATEST_VERSION,
    LEARNERS,
    MAX_NAME_LENGTH,
    METADATA,
    MIGRATIONS,
    QUIZ_KINDS,
    REVIEW_KINDS,
    SAVED_GAMES,
    SCHEMA_VERSION,
    SERVED_REVIEW_KINDS,
    Migration,
    SchemaTooNew,
    StoreError,
    migrate,
    schema_version,
)
from tutor.store.tasks import (
    ALL_TASK_KINDS,
    FIRST_GAME_TASK,
    GAME_TASKS,
    REVIEW_TASK,
    RUSH_TASK,
    TASK_KINDS,
    Task,
    TaskProgress,
)

__all__ = [
    "MAX_ACCOUNTS",
    "Card",
    "CardError",
    "CardHolder",
    "CardRefused",
    "CardSignIn",
    "card_form",
    "CODE_LENGTH",
    "FRIEND_GAMES",
    "FriendGame",
    "NoSuchFriendGame",
    "NotStarted",
    "NotYourSeat",
    "Seat",
    "clean_code",
    "ClassError",
    "ClassFigures",
    "JoinRefused",
    "Member",
    "NotATeacher",
    "SchoolClass",
    "shown_code",
    "TASK_KINDS",
    "ALL_TASK_KINDS",
    "GAME_TASKS",
    "RUSH_TASK",
    "FIRST_GAME_TASK",
    "REVIEW_TASK",
    "Task",
    "TaskProgress",
    "BankItem",
    "RatedAnswer",
    "SkillRating",
    "add_bank_items",
    "bank_size",
    "nearest_unseen",
    "rate_first_attempt",
    "rating_history",
    "skill_ratings",
    "APP_SECRETS",
    "ATTEMPTS",
    "FREE_TRIES",
    "GameOwner",
    "HAND_REVIEWS",
    "KeptHand",
    "keep_hand_reviews",
    "load_own_hand_reviews",
    "MAX_PIN_LENGTH",
    "MIN_PIN_LENGTH",
    "NotYourGame",
    "PinCheck",
    "PinError",
    "app_secret",
    "check_pin",
    "game_owner",
    "make_token",
    "set_pin",
    "recover",
    "recovery_form",
    "token_valid",
    "wait_after",
    "ATTEMPT_COLUMNS",
    "DAILY_QUESTIONS",
    "REVIEW_KINDS",
    "SERVED_REVIEW_KINDS",
    "RecallRow",
    "ReviewItem",
    "ReviewState",
    "ScheduleUpdate",
    "answer_review",
    "daily_answers_of",
    "daily_shares",
    "due_count",
    "due_items",
    "next_due",
    "position_text",
    "recall_by_interval",
    "record_daily_answer",
    "record_miss",
    "retire_item",
    "review_item",
    "RUSH_RUNS",
    "record_rush",
    "rush_best",
    "FIRST_GAMES",
    "first_game_finished",
    "record_first_game",
    "DEFAULT_SQLITE_PATH",
    "GAMES",
    "GAME_COLUMNS",
    "LATEST_VERSION",
    "LEARNERS",
    "MAX_NAME_LENGTH",
    "METADATA",
    "MIGRATIONS",
    "PROJECT_DIR",
    "PROBLEMS",
    "QUIZ_KINDS",
    "SAVED_GAMES",
    "SCHEMA_VERSION",
    "SQLITE_BUSY_TIMEOUT_MS",
    "WRITE_WAIT_SECONDS",
    "Attempt",
    "Learner",
    "Migration",
    "SchemaTooNew",
    "StaleGame",
    "UnreadableSave",
    "Store",
    "StoreError",
    "attempts_csv",
    "attempts_frame",
    "clean_name",
    "create_learner",
    "default_url",
    "describe_error",
    "engine_options",
    "ensure_folder",
    "export_csv",
    "games_frame",
    "learner_by_name",
    "learner_language",
    "learner_preferences",
    "load_game",
    "load_own_game",
    "make_engine",
    "migrate",
    "naive_utc",
    "open_store",
    "prepare_engine",
    "record_attempt",
    "record_game",
    "set_game_figures",
    "save_game",
    "schema_version",
    "set_learner_language",
    "set_learner_preferences",
    "store_attempt",
    "store_for_engine",
    "stored_attempt_ids",
    "visible_text",
]
