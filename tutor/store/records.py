"""Learners, quiz attempts and finished games: plain SQLAlchemy functions over an ``Engine``."""

from __future__ import annotations

import datetime as dt
import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from cribbage_core.kinds import ResultKind

if TYPE_CHECKING:
    import pandas as pd
from tutor.store.engine import _now, _with_retry, _writing, naive_utc
from tutor.store.schema import ATTEMPTS, GAMES, LEARNERS, MAX_NAME_LENGTH, QUIZ_KINDS, StoreError

# ---------------------------------------------------------------------------------------------
# Learners


@dataclass(frozen=True)
class Learner:
    """A person whose progress is kept; ``name`` is unique and shown only escaped."""

    id: int
    name: str


_JOINERS = frozenset("\u200c\u200d")  # zero-width non-joiner and joiner: spelling, in some scripts


def _joins(char: str) -> bool:
    """A letter or mark of a script that may need a (non-)joiner (not ASCII)."""
    return not char.isascii() and unicodedata.category(char)[0] in "LM"


def visible_text(text: str) -> str:
    """``text`` in NFC without the characters that do not show: controls, format characters
    (right-to-left and other direction overrides, zero-width spaces), private-use and
    unassigned code points. Blanks (tabs, line breaks) become spaces. A zero-width joiner or
    non-joiner stays between two letters of a script that spells with it (Urdu, Devanagari...);
    every script's letters, marks and digits stay.

    >>> visible_text("Sam\u202e") + "|" + visible_text("e\u0301") + "|" + visible_text("Sa\u200bm")
    'Sam|é|Sam'
    >>> visible_text("نام\u200cدار") == "نام\u200cدار", visible_text("Sa\u200cm")
    (True, 'Sam')
    """
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    for i, char in enumerate(text):
        if unicodedata.category(char)[0] != "C":
            kept.append(char)
        elif char.isspace():
            kept.append(" ")
        elif (
            char in _JOINERS
            and 0 < i < len(text) - 1
            and _joins(text[i - 1])
            and _joins(text[i + 1])
        ):
            kept.append(char)
    return "".join(kept)


def clean_name(name: str) -> str:
    """The name as stored: what shows of it (``visible_text``: NFC, no invisible or
    direction-changing characters), surrounding blanks removed, inner runs of blanks one space.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("\u202eAnn\u202c")
    'Ann'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    tutor.store.schema.StoreError: a learner's name must not be empty
    """
    cleaned = " ".join(visible_text(str(name)).split())
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


def create_learner(engine: Engine, name: str, browser: str | None = None) -> Learner:
    """The learner called ``name``, created if new (two tabs creating one name get one row).

    ``browser``: the hash of the key of the browser creating it; the new name is bound to it
    until it has a PIN (see ``tutor.store.access.set_pin``). An existing name is left as it is.
    """
    cleaned = clean_name(name)

    def create() -> None:
        with _writing(engine) as conn:
            _insert_ignoring_duplicates(
                conn,
                LEARNERS,
                {
                    "name": cleaned,
                    "created_at": _now(),
                    **({"browser": browser} if browser else {}),
                },
                LEARNERS.c.name,
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


#: The most a learner's preferences take as JSON (a few settings, never free text).
MAX_PREFERENCES_LENGTH = 1000


def learner_preferences(engine: Engine, learner_id: int) -> dict[str, Any]:
    """The learner's saved preferences (a JSON object; ``{}`` when none or unreadable)."""
    with engine.connect() as conn:
        value = conn.scalar(sa.select(LEARNERS.c.preferences).where(LEARNERS.c.id == learner_id))
    if not value:
        return {}
    try:
        found = json.loads(value)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def set_learner_preferences(
    engine: Engine, learner_id: int, preferences: Mapping[str, Any]
) -> None:
    """Keep ``preferences`` (JSON-safe: names to numbers, booleans or short words) for the learner."""
    text = json.dumps(dict(preferences), sort_keys=True, separators=(",", ":"))
    if len(text) > MAX_PREFERENCES_LENGTH:
        raise StoreError(
            f"preferences are at most {MAX_PREFERENCES_LENGTH} characters of JSON, got {len(text)}"
        )

    def update() -> None:
        with _writing(engine) as conn:
            conn.execute(
                LEARNERS.update().where(LEARNERS.c.id == learner_id).values(preferences=text)
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
        from sqlalchemy.dialects import postgresql, sqlite

        insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
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


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answered question, named as the ``attempts`` table names it, from page to row.

    ``kind``: a quiz the store keeps (``QUIZ_KINDS``: hand, crib, pegging, discard, peg_trainer) or one
    kept in the session only (``learn``, the lesson checks). ``answer`` / ``right_answer``:
    a number or text. ``categories``: the scoring kinds the question involved (e.g.
    ``fifteen``, ``run``, or a pegging kind such as ``pair royal``); ``categories_missed``:
    those answered wrong. ``seconds``: from the deal shown to the submit. ``extra``: JSON
    details, e.g. ``{"ev_lost": 1.4}`` for a discard. ``attempt_id``: a UUID string the page
    makes when it deals the question, so a double submit or a reload records once.
    """

    kind: str
    seed: int | str
    answer: Any
    right_answer: Any
    correct: bool
    extra: Mapping[str, Any] | None = None
    attempt_id: str = ""
    categories: tuple[str, ...] = ()
    categories_missed: tuple[str, ...] = ()
    seconds: float | None = None


def store_attempt(
    engine: Engine, learner_id: int, attempt: Attempt, at: dt.datetime | None = None
) -> bool:
    """Store one quiz answer; True if stored now, False if its ``attempt_id`` was already stored.

    The first answer stands. ``at``: when it was answered (default now, UTC).
    """
    if attempt.kind not in QUIZ_KINDS:
        raise StoreError(f"quiz kind {attempt.kind!r} is not one of {', '.join(QUIZ_KINDS)}")
    attempt_id = str(attempt.attempt_id)
    if not attempt_id or len(attempt_id) > 36:
        raise StoreError("an attempt id is a UUID string of at most 36 characters")
    missed = set(attempt.categories_missed)
    values = {
        "id": attempt_id,
        "learner_id": int(learner_id),
        "kind": attempt.kind,
        "seed": str(attempt.seed),
        "answer": _as_text(attempt.answer),
        "right_answer": _as_text(attempt.right_answer),
        "correct": bool(attempt.correct),
        "categories": _json_list(set(attempt.categories) | missed),
        "categories_missed": _json_list(missed),
        "seconds": None if attempt.seconds is None else float(attempt.seconds),
        "created_at": naive_utc(at),
        "extra": None if attempt.extra is None else json.dumps(dict(attempt.extra)),
    }

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, ATTEMPTS, values, ATTEMPTS.c.id)

    return bool(_with_retry(insert))


def stored_attempt_ids(engine: Engine, learner_id: int, attempt_ids: Iterable[str]) -> set[str]:
    """Which of ``attempt_ids`` the learner has stored already (one read). Storing one of them
    again would change nothing (the first answer stands), so a caller filing many skips them
    and writes nothing for what was filed before."""
    wanted = sorted({str(i) for i in attempt_ids})
    if not wanted:
        return set()
    with engine.connect() as conn:
        found = conn.scalars(
            sa.select(ATTEMPTS.c.id).where(
                ATTEMPTS.c.learner_id == int(learner_id), ATTEMPTS.c.id.in_(wanted)
            )
        )
        return {str(i) for i in found}


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
    """:func:`store_attempt` with the :class:`Attempt`'s fields given one by one (scripts, tests)."""
    attempt = Attempt(
        kind,
        seed,
        answer,
        right_answer,
        correct,
        extra,
        attempt_id,
        tuple(categories),
        tuple(categories_missed),
        seconds,
    )
    return store_attempt(engine, learner_id, attempt, at=at)


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
    result_kind: str = ResultKind.WIN,
    muggins_lost: int = 0,
    at: dt.datetime | None = None,
) -> bool:
    """Store one finished game; True if stored now, False if ``game_id`` was already stored.

    ``result_kind`` is the game engine's ``GameResult.kind`` (a ``ResultKind`` or its word);
    ``muggins_lost``: points the learner left on the table that the opponent took.
    """
    try:
        kind = ResultKind(result_kind)
    except ValueError:
        raise StoreError(
            f"result kind {result_kind!r} is not one of {', '.join(ResultKind)}"
        ) from None
    values = {
        "id": str(game_id),
        "learner_id": int(learner_id),
        "opponent_level": str(opponent_level),
        "players": int(players),
        "target": int(target),
        "scores": json.dumps([int(s) for s in scores]),
        "winner": str(winner),
        "learner_won": bool(learner_won),
        "result_kind": kind.value,
        "muggins_lost": int(muggins_lost),
        "finished_at": naive_utc(at),
    }

    def insert() -> bool:
        with _writing(engine) as conn:
            return _insert_ignoring_duplicates(conn, GAMES, values, GAMES.c.id)

    return bool(_with_retry(insert))


# ---------------------------------------------------------------------------------------------
# Reading

ATTEMPT_COLUMNS = [
    "id",
    "kind",
    "seed",
    "answer",
    "right_answer",
    "correct",
    "categories",
    "categories_missed",
    "seconds",
    "extra",
    "created_at",
]
GAME_COLUMNS = [
    "id",
    "opponent_level",
    "players",
    "target",
    "scores",
    "winner",
    "learner_won",
    "result_kind",
    "muggins_lost",
    "finished_at",
    "skill",
    "luck",
    "errors",
]


def set_game_figures(
    engine: Engine, learner_id: int, game_id: str, skill: float, luck: float, errors: int
) -> bool:
    """Keep the game review's figures with the learner's finished game ``game_id``; False when
    the learner has no such finished game (another's game is never touched)."""
    values = {"skill": round(float(skill), 4), "luck": round(float(luck), 4), "errors": int(errors)}
    theirs = (GAMES.c.id == game_id, GAMES.c.learner_id == int(learner_id))
    with engine.connect() as conn:
        kept = conn.execute(
            sa.select(GAMES.c.skill, GAMES.c.luck, GAMES.c.errors).where(*theirs)
        ).first()
    if kept is None:
        return False
    if tuple(kept) == (values["skill"], values["luck"], values["errors"]):
        return True  # kept already (a review opened again): nothing to write

    def write() -> bool:
        with _writing(engine) as conn:
            done = conn.execute(GAMES.update().where(*theirs).values(**values))
            return bool(done.rowcount)

    return bool(_with_retry(write))


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
        query = query.where(ATTEMPTS.c.created_at >= naive_utc(since))
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
