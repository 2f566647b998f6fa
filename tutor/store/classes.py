"""Classes: a teacher's group of learners, joined with a code; every privacy check is here.

Three tables (added by ``tutor.store.class_migration``): ``classes`` (a name, a language, a
join code, archived or not), ``class_teachers`` (several a class) and ``class_members`` (one
row a membership: joined at, left at; a learner who leaves and joins again has two rows).

The rules, each checked in these functions whatever a page asks:

* a **teacher** is a learner with a PIN (``learners.pin_hash``), or whose name the app's
  sign-in (``st.login``) vouched for (``learners.identity_at``: nobody types such a name); one
  whose PIN was removed teaches nothing until they set one again (anyone could type an
  unprotected name). That the browser proved the PIN, or is signed in as the name, is the
  session's to say (``tutor.store.handle.Store``);
* a teacher reads only the members of classes they teach, and only while they are members:
  once a learner has left, nothing of theirs is read through the class;
* a **join code** is 12 characters of an alphabet without look-alikes (no 0, O, 1, I), 11 of
  them random (55 bits, from ``secrets``) and a check character, so a mistyped or tampered code
  is told from one that names no class; either way nothing changes;
* removing a class removes its teachers and members rows, never a learner's progress.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.records import Learner, visible_text
from tutor.store.schema import LEARNERS, METADATA, StoreError

__all__ = [
    "CLASSES",
    "CLASS_MEMBERS",
    "CLASS_TEACHERS",
    "CODE_ALPHABET",
    "MAX_CLASS_NAME_LENGTH",
    "MAX_MEMBERS",
    "ClassError",
    "JoinRefused",
    "Member",
    "NotATeacher",
    "SchoolClass",
    "add_teacher",
    "archive_class",
    "class_members",
    "class_of",
    "class_teachers",
    "classes_joined",
    "classes_taught",
    "code_form",
    "create_class",
    "join_class",
    "leave_class",
    "member_learner",
    "new_join_code",
    "remove_class",
    "shown_code",
]

MAX_CLASS_NAME_LENGTH = 60
MAX_MEMBERS = 100  # as lichess's classes
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # 32 characters, none like another
CODE_LENGTH = 12

CLASSES = sa.Table(
    "classes",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(MAX_CLASS_NAME_LENGTH), nullable=False),
    sa.Column("language", sa.String(8), nullable=False),
    sa.Column("join_code", sa.String(16), nullable=False, unique=True),
    sa.Column("created_by", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("archived_at", sa.DateTime),  # None: open to new members
)

CLASS_TEACHERS = sa.Table(
    "class_teachers",
    METADATA,
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
    sa.Column("added_at", sa.DateTime, nullable=False),
)

CLASS_MEMBERS = sa.Table(
    "class_members",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("joined_at", sa.DateTime, nullable=False),
    sa.Column("left_at", sa.DateTime),  # None: still a member
)
sa.Index("ix_class_members_class", CLASS_MEMBERS.c.class_id, CLASS_MEMBERS.c.left_at)
sa.Index("ix_class_members_learner", CLASS_MEMBERS.c.learner_id, CLASS_MEMBERS.c.left_at)
sa.Index("ix_class_teachers_learner", CLASS_TEACHERS.c.learner_id)


class ClassError(StoreError):
    """A class's rule refused the change; ``reason`` is a fixed word a page can translate."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class NotATeacher(ClassError):
    """The learner may not do this as a teacher: no PIN (``no_pin``) or not this class's
    teacher, or no such class (``not_teacher``: the two are one answer, so nobody learns which
    classes exist)."""


class JoinRefused(ClassError):
    """A join code was refused: ``form`` (not a code's shape), ``mistyped`` (its check
    character does not match), ``unknown`` (no class has it), ``archived`` or ``full``."""


@dataclass(frozen=True)
class SchoolClass:
    """A class as its teachers see it (``join_code`` without dashes; see :func:`shown_code`)."""

    id: int
    name: str
    language: str
    join_code: str
    archived: bool
    created_at: dt.datetime


@dataclass(frozen=True)
class Member:
    """A current member of a class."""

    learner_id: int
    name: str
    joined_at: dt.datetime


# ---------------------------------------------------------------------------------------------
# Join codes


def _check_character(body: str) -> str:
    total = sum((i + 1) * CODE_ALPHABET.index(c) for i, c in enumerate(body))
    # 31, a prime: one character changed (but 2 for Z) or two neighbours swapped (but 2 and Z,
    # whose values 0 and 31 differ by 31) shows
    return CODE_ALPHABET[total % 31]


def new_join_code() -> str:
    """A fresh join code: 11 random characters and a check character.

    >>> code = new_join_code()
    >>> len(code), code_form(code) == code, set(code) <= set(CODE_ALPHABET)
    (12, True, True)
    """
    body = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH - 1))
    return body + _check_character(body)


def code_form(text: str) -> str:
    """The code in ``text`` (any case, spaces and dashes ignored); raises ``JoinRefused`` with
    ``form`` or ``mistyped``.

    >>> code_form("ab2c-defg-hjk" + _check_character("AB2CDEFGHJK").lower())[:11]
    'AB2CDEFGHJK'
    >>> code_form("AB2C-DEFG-HJKM-X")
    Traceback (most recent call last):
    ...
    tutor.store.classes.JoinRefused: a join code is 12 letters and digits, such as ABCD-EFGH-JKLM
    """
    cleaned = "".join(c for c in visible_text(str(text)).upper() if c not in " -")
    if len(cleaned) != CODE_LENGTH or not set(cleaned) <= set(CODE_ALPHABET):
        raise JoinRefused("form", "a join code is 12 letters and digits, such as ABCD-EFGH-JKLM")
    if _check_character(cleaned[:-1]) != cleaned[-1]:
        raise JoinRefused("mistyped", "the join code has a mistyped character: check each one")
    return cleaned


def shown_code(code: str) -> str:
    """A code as a person reads it, in groups of four.

    >>> shown_code("ABCDEFGHJKLM")
    'ABCD-EFGH-JKLM'
    """
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


# ---------------------------------------------------------------------------------------------
# Who may do what


def _has_pin(conn: Connection, learner_id: int) -> bool:
    """Whether the learner's name is theirs alone: a PIN, or vouched for by the app's sign-in."""
    found = conn.execute(
        sa.select(LEARNERS.c.pin_hash, LEARNERS.c.identity_at).where(
            LEARNERS.c.id == int(learner_id)
        )
    ).first()
    return found is not None and (found.pin_hash is not None or found.identity_at is not None)


def _require_pin(conn: Connection, learner_id: int) -> None:
    if not _has_pin(conn, learner_id):
        raise NotATeacher(
            "no_pin", "a teacher is a learner whose name is protected by a PIN or a sign-in"
        )


def _require_teacher(conn: Connection, teacher_id: int, class_id: int) -> None:
    """The learner teaches the class and still has a PIN, else ``NotATeacher``."""
    _require_pin(conn, teacher_id)
    found = conn.scalar(
        sa.select(sa.func.count())
        .select_from(CLASS_TEACHERS)
        .where(
            CLASS_TEACHERS.c.class_id == int(class_id),
            CLASS_TEACHERS.c.learner_id == int(teacher_id),
        )
    )
    if not found:
        raise NotATeacher("not_teacher", "no class of yours has that number")


def _current_members(class_id: int) -> Any:
    return sa.and_(CLASS_MEMBERS.c.class_id == int(class_id), CLASS_MEMBERS.c.left_at.is_(None))


def _school_class(row: Any) -> SchoolClass:
    return SchoolClass(
        int(row.id),
        str(row.name),
        str(row.language),
        str(row.join_code),
        row.archived_at is not None,
        row.created_at,
    )


_CLASS_COLUMNS = (
    CLASSES.c.id,
    CLASSES.c.name,
    CLASSES.c.language,
    CLASSES.c.join_code,
    CLASSES.c.archived_at,
    CLASSES.c.created_at,
)


def _clean_class_name(name: str) -> str:
    cleaned = " ".join(visible_text(str(name)).split())
    if not cleaned or len(cleaned) > MAX_CLASS_NAME_LENGTH:
        raise ClassError(
            "name", f"a class's name is 1 to {MAX_CLASS_NAME_LENGTH} characters that show"
        )
    return cleaned


# ---------------------------------------------------------------------------------------------
# Teachers


def create_class(engine: Engine, teacher_id: int, name: str, language: str) -> SchoolClass:
    """A new class taught by ``teacher_id`` (who must have a PIN), with a fresh join code."""
    cleaned = _clean_class_name(name)
    if not language or len(language) > 8:
        raise ClassError("language", f"a class's language is a short code, not {language!r}")

    def write() -> SchoolClass:
        with _writing(engine) as conn:
            _require_pin(conn, teacher_id)
            moment = _now()
            for _ in range(5):  # 55 random bits: a second draw is already unheard of
                code = new_join_code()
                taken = conn.scalar(
                    sa.select(sa.func.count())
                    .select_from(CLASSES)
                    .where(CLASSES.c.join_code == code)
                )
                if not taken:
                    break
            class_id = conn.execute(
                CLASSES.insert()
                .values(
                    name=cleaned,
                    language=language,
                    join_code=code,
                    created_by=int(teacher_id),
                    created_at=moment,
                )
                .returning(CLASSES.c.id)
            ).scalar_one()
            conn.execute(
                CLASS_TEACHERS.insert().values(
                    class_id=class_id, learner_id=int(teacher_id), added_at=moment
                )
            )
            row = conn.execute(sa.select(*_CLASS_COLUMNS).where(CLASSES.c.id == class_id)).one()
            return _school_class(row)

    made: SchoolClass = _with_retry(write)
    return made


def classes_taught(engine: Engine, teacher_id: int) -> list[SchoolClass]:
    """The classes ``teacher_id`` teaches, newest first (none without a PIN)."""
    query = (
        sa.select(*_CLASS_COLUMNS)
        .select_from(CLASSES.join(CLASS_TEACHERS, CLASS_TEACHERS.c.class_id == CLASSES.c.id))
        .where(CLASS_TEACHERS.c.learner_id == int(teacher_id))
        .order_by(CLASSES.c.created_at.desc(), CLASSES.c.id.desc())
    )
    with engine.connect() as conn:
        if not _has_pin(conn, teacher_id):
            return []
        return [_school_class(row) for row in conn.execute(query)]


def class_of(engine: Engine, teacher_id: int, class_id: int) -> SchoolClass:
    """The class, for one of its teachers; else ``NotATeacher``."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        row = conn.execute(sa.select(*_CLASS_COLUMNS).where(CLASSES.c.id == int(class_id))).one()
    return _school_class(row)


def class_teachers(engine: Engine, teacher_id: int, class_id: int) -> list[str]:
    """The names of the class's teachers, for one of them."""
    query = (
        sa.select(LEARNERS.c.name)
        .select_from(CLASS_TEACHERS.join(LEARNERS, LEARNERS.c.id == CLASS_TEACHERS.c.learner_id))
        .where(CLASS_TEACHERS.c.class_id == int(class_id))
        .order_by(CLASS_TEACHERS.c.added_at, LEARNERS.c.name)
    )
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        return [str(name) for name in conn.scalars(query)]


def add_teacher(engine: Engine, teacher_id: int, class_id: int, other_id: int) -> bool:
    """Make ``other_id`` (a learner with a PIN or a sign-in) a teacher of the class too; False:
    already one.
    Only a teacher of the class may."""

    def write() -> bool:
        with _writing(engine) as conn:
            _require_teacher(conn, teacher_id, class_id)
            if not _has_pin(conn, other_id):
                raise NotATeacher(
                    "other_no_pin", "another teacher's name must have a PIN or a sign-in"
                )
            found = conn.scalar(
                sa.select(sa.func.count())
                .select_from(CLASS_TEACHERS)
                .where(
                    CLASS_TEACHERS.c.class_id == int(class_id),
                    CLASS_TEACHERS.c.learner_id == int(other_id),
                )
            )
            if found:
                return False
            conn.execute(
                CLASS_TEACHERS.insert().values(
                    class_id=int(class_id), learner_id=int(other_id), added_at=_now()
                )
            )
            return True

    return bool(_with_retry(write))


def archive_class(engine: Engine, teacher_id: int, class_id: int, archived: bool = True) -> None:
    """Archive the class (it takes no new members; its members stay) or open it again."""

    def write() -> None:
        with _writing(engine) as conn:
            _require_teacher(conn, teacher_id, class_id)
            conn.execute(
                CLASSES.update()
                .where(CLASSES.c.id == int(class_id))
                .values(archived_at=_now() if archived else None)
            )

    _with_retry(write)


def remove_class(engine: Engine, teacher_id: int, class_id: int) -> None:
    """Remove the class, its teachers and its members' rows; every learner's progress stays."""

    def write() -> None:
        with _writing(engine) as conn:
            _require_teacher(conn, teacher_id, class_id)
            for table in ("class_tasks", "class_cards"):  # tutor.store.tasks and .cards import
                conn.execute(  # this module; a card's learner keeps the code as a PIN
                    sa.text(f"DELETE FROM {table} WHERE class_id = :c"), {"c": int(class_id)}
                )
            conn.execute(CLASS_MEMBERS.delete().where(CLASS_MEMBERS.c.class_id == int(class_id)))
            conn.execute(CLASS_TEACHERS.delete().where(CLASS_TEACHERS.c.class_id == int(class_id)))
            conn.execute(CLASSES.delete().where(CLASSES.c.id == int(class_id)))

    _with_retry(write)


def class_members(engine: Engine, teacher_id: int, class_id: int) -> list[Member]:
    """The class's current members (not those who left), by name, for one of its teachers."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        return _members(conn, class_id)


def _members(conn: Connection, class_id: int) -> list[Member]:
    query = (
        sa.select(LEARNERS.c.id, LEARNERS.c.name, CLASS_MEMBERS.c.joined_at)
        .select_from(CLASS_MEMBERS.join(LEARNERS, LEARNERS.c.id == CLASS_MEMBERS.c.learner_id))
        .where(_current_members(class_id))
        .order_by(LEARNERS.c.name)
    )
    return [Member(int(r.id), str(r.name), r.joined_at) for r in conn.execute(query)]


def member_learner(
    engine: Engine, teacher_id: int, class_id: int, learner_id: int
) -> Learner | None:
    """The learner, if a current member of the class and asked for by one of its teachers
    (None: not a member, or no longer); ``NotATeacher`` for anyone else."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        row = conn.execute(
            sa.select(LEARNERS.c.id, LEARNERS.c.name)
            .select_from(CLASS_MEMBERS.join(LEARNERS, LEARNERS.c.id == CLASS_MEMBERS.c.learner_id))
            .where(_current_members(class_id), CLASS_MEMBERS.c.learner_id == int(learner_id))
        ).first()
    return Learner(int(row.id), str(row.name)) if row else None


# ---------------------------------------------------------------------------------------------
# Learners


def join_class(engine: Engine, learner_id: int, code: str) -> tuple[SchoolClass, bool]:
    """Join the class whose code ``code`` is: (the class, False when already a member).
    ``JoinRefused`` says why not (nothing is changed)."""
    wanted = code_form(code)

    def write() -> tuple[SchoolClass, bool]:
        with _writing(engine) as conn:
            row = conn.execute(
                sa.select(*_CLASS_COLUMNS).where(CLASSES.c.join_code == wanted)
            ).first()
            if row is None:
                raise JoinRefused("unknown", "no class has that join code")
            found = _school_class(row)
            member = conn.scalar(
                sa.select(sa.func.count())
                .select_from(CLASS_MEMBERS)
                .where(_current_members(found.id), CLASS_MEMBERS.c.learner_id == int(learner_id))
            )
            if member:
                return found, False
            if found.archived:
                raise JoinRefused("archived", "that class is archived: it takes no new members")
            count = conn.scalar(
                sa.select(sa.func.count())
                .select_from(CLASS_MEMBERS)
                .where(_current_members(found.id))
            )
            if int(count or 0) >= MAX_MEMBERS:
                raise JoinRefused("full", f"that class has {MAX_MEMBERS} members, the most it may")
            conn.execute(
                CLASS_MEMBERS.insert().values(
                    class_id=found.id, learner_id=int(learner_id), joined_at=_now()
                )
            )
            return found, True

    joined: tuple[SchoolClass, bool] = _with_retry(write)
    return joined


def leave_class(engine: Engine, learner_id: int, class_id: int) -> bool:
    """Leave the class (its teachers see nothing more of the learner); False: not a member."""

    def write() -> bool:
        with _writing(engine) as conn:
            done = conn.execute(
                CLASS_MEMBERS.update()
                .where(_current_members(class_id), CLASS_MEMBERS.c.learner_id == int(learner_id))
                .values(left_at=_now())
            )
            return bool(done.rowcount)

    return bool(_with_retry(write))


def classes_joined(engine: Engine, learner_id: int) -> list[SchoolClass]:
    """The classes the learner is a member of now, by name."""
    query = (
        sa.select(*_CLASS_COLUMNS)
        .select_from(CLASSES.join(CLASS_MEMBERS, CLASS_MEMBERS.c.class_id == CLASSES.c.id))
        .where(CLASS_MEMBERS.c.learner_id == int(learner_id), CLASS_MEMBERS.c.left_at.is_(None))
        .order_by(CLASSES.c.name, CLASSES.c.id)
    )
    with engine.connect() as conn:
        return [_school_class(row) for row in conn.execute(query)]
