"""Login cards: learner accounts a class's teacher makes at once, each signed in with a code.

A teacher of a class (``tutor.store.classes``' rules) gives 1 to ``MAX_ACCOUNTS`` names; each
is cleaned and checked as every learner's name is (``clean_name``), may not begin as a
spreadsheet formula does (``=``, ``+``, ``-``, ``@``: a list pasted from a spreadsheet with a
formula in it), may appear once in the list and must not be anyone's name already. One bad
name refuses them all (``CardError`` names the ones at fault) and nothing is made: the
accounts, their membership of the class and their cards are written in one transaction.

A card's code is 12 characters of ``CODE_ALPHABET`` (no look-alikes), shown as three groups of
four (``ABCD-EFGH-JKLM``), every one from ``secrets``. The first group is the card's
*selector*, kept in ``class_cards`` to find the card (a hash with a salt cannot be looked up);
the whole code is the learner's PIN: only its argon2id hash is kept, in ``learners.pin_hash``,
exactly as a PIN is (``tutor.store.access``), so the code is shown once, when it is made. The
account is therefore protected like any name with a PIN: the code also opens the PIN box, the
browser that signed in keeps a token, and a new PIN of the learner's own replaces the card's.

:func:`sign_in_with_card` takes a code alone. Its tries are counted against where they come
from (the browser and the client address, as a recovery code's are: never against the name,
so a stranger cannot lock a learner out of their card), before the hash is checked; a code of
an unknown selector is checked against a stand-in hash, so a wrong code takes as long whether
or not its selector exists. The 40 bits after the selector, under argon2id and these waits,
are out of reach of guessing.

A teacher of the class may issue a new code for a learner whose card was made for that class
while the learner is still a member (:func:`new_card`): the old code, and every sign-in made
with it, stop working. A learner who joined by a join code has no card here, and no teacher
can take their name over.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache, partial

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tutor.store.access import (
    _HASHER,
    PinCheck,
    _counters,
    _matches,
    _reserve,
    _revoke_all,
    _signed_in,
)
from tutor.store.classes import (
    CLASS_MEMBERS,
    CLASSES,
    CODE_ALPHABET,
    MAX_MEMBERS,
    ClassError,
    _current_members,
    _require_teacher,
    shown_code,
)
from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.records import Learner, clean_name, visible_text
from tutor.store.schema import LEARNERS, METADATA, StoreError

__all__ = [
    "CARD_LENGTH",
    "CLASS_CARDS",
    "FORMULA_STARTS",
    "MAX_ACCOUNTS",
    "AccountBatch",
    "Card",
    "CardError",
    "CardHolder",
    "CardRefused",
    "CardSignIn",
    "account_names",
    "card_form",
    "card_holders",
    "create_accounts",
    "new_card",
    "new_card_code",
    "prepare_accounts",
    "prepare_card",
    "sign_in_with_card",
]

MAX_ACCOUNTS = MAX_MEMBERS
CARD_LENGTH = 12
SELECTOR_LENGTH = 4
FORMULA_STARTS = "=+-@"

CLASS_CARDS = sa.Table(
    "class_cards",
    METADATA,
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), primary_key=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("selector", sa.String(8), nullable=False, unique=True),  # the code's first group
    sa.Column("created_by", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
    sa.Column("issued_at", sa.DateTime, nullable=False),  # when the code now valid was made
)
sa.Index("ix_class_cards_class", CLASS_CARDS.c.class_id)


class CardError(ClassError):
    """The accounts were refused, and nothing made: ``reason`` is ``count`` (no names, or more
    than ``MAX_ACCOUNTS``), ``name`` (a name that cannot be one), ``formula``, ``duplicate``
    (twice in the list), ``taken`` (someone's name already), ``full`` (the class would pass
    ``MAX_MEMBERS``), ``archived`` or ``not_card`` (no card of this class for that learner);
    ``names``: the names at fault, as typed."""

    def __init__(self, reason: str, message: str, names: Sequence[str] = ()) -> None:
        super().__init__(reason, message)
        self.names = tuple(names)


class CardRefused(StoreError):
    """Not a card's code at all (its length or letters): nothing was checked or counted."""


@dataclass(frozen=True)
class Card:
    """A made card: the learner, and the code shown once (``ABCD-EFGH-JKLM``)."""

    learner_id: int
    name: str
    code: str = ""


@dataclass(frozen=True)
class CardHolder:
    """A current member of the class who has a card of it (its code is not kept)."""

    learner_id: int
    name: str
    issued_at: dt.datetime


@dataclass(frozen=True)
class CardSignIn:
    """A card's try: ``learner`` when the code was right, else ``check`` says why not (a wait
    running, or how many tries are left before one)."""

    learner: Learner | None
    check: PinCheck


@dataclass(frozen=True)
class AccountBatch:
    """Checked names, each with a fresh code and its hash (made before any write: hashing a
    hundred codes takes seconds, a transaction must not)."""

    names: tuple[str, ...]
    codes: tuple[str, ...]
    hashes: tuple[str, ...]


# ---------------------------------------------------------------------------------------------
# Codes


def new_card_code() -> str:
    """A fresh card code, three groups of four random characters.

    >>> code = new_card_code()
    >>> len(code), code[4], card_form(code.lower()) == code
    (14, '-', True)
    """
    return shown_code("".join(secrets.choice(CODE_ALPHABET) for _ in range(CARD_LENGTH)))


def card_form(text: object) -> str | None:
    """``text`` as a card's code is kept (capitals in groups of four), or None if it cannot be
    one (any case; blanks and dashes are ignored).

    >>> card_form(" abcd efgh-jkmn "), card_form("ABCD-EFGH-JKL0"), card_form("ABCD")
    ('ABCD-EFGH-JKMN', None, None)
    """
    if not isinstance(text, str) or len(text) > 40:
        return None
    compact = "".join(c for c in visible_text(text).upper() if c not in " -")
    if len(compact) != CARD_LENGTH or not set(compact) <= set(CODE_ALPHABET):
        return None
    return shown_code(compact)


def _selector(code: str) -> str:
    return code[:SELECTOR_LENGTH]


@cache
def _stand_in_hash() -> str:
    """The hash a code with an unknown selector is checked against (it never matches)."""
    return _HASHER.hash(secrets.token_hex(16))


def _hash_all(codes: Sequence[str]) -> list[str]:
    """The codes' argon2id hashes, two at a time (argon2 lets go of the GIL while it works)."""
    if len(codes) < 4:
        return [_HASHER.hash(code) for code in codes]
    with ThreadPoolExecutor(max_workers=2) as pool:
        return list(pool.map(_HASHER.hash, codes))


# ---------------------------------------------------------------------------------------------
# Names


def account_names(names: Sequence[str]) -> list[str]:
    """The names cleaned as every learner's name is; ``CardError`` for the list's first fault
    (each name at fault listed), so that nothing is made from a list with one.

    >>> account_names([" Asha ", "Ravi  K"])
    ['Asha', 'Ravi K']
    >>> account_names(["Asha", "asha"])
    Traceback (most recent call last):
    ...
    tutor.store.cards.CardError: a name is twice in the list: asha
    """
    if isinstance(names, str) or not 1 <= len(names) <= MAX_ACCOUNTS:
        count = 0 if isinstance(names, str) else len(names)
        raise CardError("count", f"give 1 to {MAX_ACCOUNTS} names, not {count}")
    cleaned: list[str] = []
    bad: list[str] = []
    for name in names:
        try:
            cleaned.append(clean_name(str(name)))
        except StoreError:
            bad.append(str(name))
    if bad:
        raise CardError("name", "a name has 1 to 40 characters that show: " + ", ".join(bad), bad)
    formulas = [name for name in cleaned if name[0] in FORMULA_STARTS]
    if formulas:
        raise CardError(
            "formula",
            "a name may not begin with = + - or @ (a spreadsheet reads it as a formula): "
            + ", ".join(formulas),
            formulas,
        )
    seen: set[str] = set()
    twice: list[str] = []
    for name in cleaned:
        if name.casefold() in seen and name not in twice:
            twice.append(name)
        seen.add(name.casefold())
    if twice:
        raise CardError("duplicate", "a name is twice in the list: " + ", ".join(twice), twice)
    return cleaned


def prepare_accounts(names: Sequence[str]) -> AccountBatch:
    """The names checked (:func:`account_names`), each with a fresh code and its hash; the
    selectors differ within the batch."""
    cleaned = account_names(names)
    codes: list[str] = []
    selectors: set[str] = set()
    while len(codes) < len(cleaned):
        code = new_card_code()
        if _selector(code) not in selectors:
            selectors.add(_selector(code))
            codes.append(code)
    return AccountBatch(tuple(cleaned), tuple(codes), tuple(_hash_all(codes)))


def _redraw(batch: AccountBatch, taken: set[str]) -> AccountBatch:
    """The batch with new codes where a selector is already some card's."""
    codes, hashes = list(batch.codes), list(batch.hashes)
    used = {_selector(code) for code in codes} | taken
    for i, code in enumerate(codes):
        if _selector(code) in taken:
            while _selector(fresh := new_card_code()) in used:
                pass
            used.add(_selector(fresh))
            codes[i], hashes[i] = fresh, _HASHER.hash(fresh)
    return AccountBatch(batch.names, tuple(codes), tuple(hashes))


# ---------------------------------------------------------------------------------------------
# A teacher makes the accounts


class _Redraw(Exception):
    def __init__(self, taken: set[str]) -> None:
        super().__init__("selectors taken")
        self.taken = taken


def _check_class_open(conn: Connection, class_id: int, adding: int) -> None:
    archived = conn.scalar(sa.select(CLASSES.c.archived_at).where(CLASSES.c.id == int(class_id)))
    if archived is not None:
        raise CardError("archived", "that class is archived: it takes no new members")
    count = int(
        conn.scalar(
            sa.select(sa.func.count()).select_from(CLASS_MEMBERS).where(_current_members(class_id))
        )
        or 0
    )
    if count + adding > MAX_MEMBERS:
        raise CardError(
            "full",
            f"the class has {count} members: {adding} more would pass {MAX_MEMBERS}, the most it may",
        )


def create_accounts(
    engine: Engine, teacher_id: int, class_id: int, names: Sequence[str] | AccountBatch
) -> list[Card]:
    """Make an account for each name, already a member of the class, with a card: the cards,
    in the list's order, each with its code (shown this once; only its hash is kept).

    Only a teacher of the class (``NotATeacher``); ``CardError`` for any fault of the list or
    the class, and then nothing is made. ``names``: the names, or a batch made before by
    :func:`prepare_accounts` (the handle hashes outside its time limit for the database).
    """
    with engine.connect() as conn:  # before the hashing: a stranger costs no seconds of CPU
        _require_teacher(conn, teacher_id, class_id)
    batch = names if isinstance(names, AccountBatch) else prepare_accounts(names)

    def write(batch: AccountBatch) -> list[Card]:
        with _writing(engine) as conn:
            _require_teacher(conn, teacher_id, class_id)
            _check_class_open(conn, class_id, len(batch.names))
            taken = sorted(
                str(name)
                for name in conn.scalars(
                    sa.select(LEARNERS.c.name).where(LEARNERS.c.name.in_(batch.names))
                )
            )
            if taken:
                raise CardError(
                    "taken", "these names are someone's already: " + ", ".join(taken), taken
                )
            selectors = [_selector(code) for code in batch.codes]
            clash = set(
                conn.scalars(
                    sa.select(CLASS_CARDS.c.selector).where(CLASS_CARDS.c.selector.in_(selectors))
                )
            )
            if clash:
                raise _Redraw({str(s) for s in clash})
            moment = _now()
            made: list[Card] = []
            for name, code, hashed in zip(batch.names, batch.codes, batch.hashes, strict=True):
                learner_id = conn.execute(
                    LEARNERS.insert()
                    .values(name=name, created_at=moment, pin_hash=hashed)
                    .returning(LEARNERS.c.id)
                ).scalar_one()
                made.append(Card(int(learner_id), name, code))
            conn.execute(
                CLASS_MEMBERS.insert(),
                [
                    {"class_id": int(class_id), "learner_id": card.learner_id, "joined_at": moment}
                    for card in made
                ],
            )
            conn.execute(
                CLASS_CARDS.insert(),
                [
                    {
                        "learner_id": card.learner_id,
                        "class_id": int(class_id),
                        "selector": _selector(card.code),
                        "created_by": int(teacher_id),
                        "issued_at": moment,
                    }
                    for card in made
                ],
            )
            return made

    for _ in range(5):
        try:
            made: list[Card] = _with_retry(partial(write, batch))
            return made
        except _Redraw as clash:
            batch = _redraw(batch, clash.taken)
        except IntegrityError as error:  # a name taken meanwhile by another tab or server
            raise CardError("taken", "a name was taken while the accounts were made") from error
    raise StoreError("no free card codes were found")  # 2^20 selectors: unheard of


def card_holders(engine: Engine, teacher_id: int, class_id: int) -> list[CardHolder]:
    """The class's current members who have a card of it, by name, for one of its teachers."""
    query = (
        sa.select(LEARNERS.c.id, LEARNERS.c.name, CLASS_CARDS.c.issued_at)
        .select_from(
            CLASS_CARDS.join(LEARNERS, LEARNERS.c.id == CLASS_CARDS.c.learner_id).join(
                CLASS_MEMBERS,
                sa.and_(
                    CLASS_MEMBERS.c.learner_id == CLASS_CARDS.c.learner_id,
                    _current_members(class_id),
                ),
            )
        )
        .where(CLASS_CARDS.c.class_id == int(class_id))
        .order_by(LEARNERS.c.name)
    )
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
        return [CardHolder(int(r.id), str(r.name), r.issued_at) for r in conn.execute(query)]


def prepare_card() -> tuple[str, str]:
    """A fresh code and its hash, for :func:`new_card` (made before the database is asked, as
    :func:`prepare_accounts`: argon2 takes a CPU's tenth of a second, seconds on a busy one)."""
    code = new_card_code()
    return code, _HASHER.hash(code)


def new_card(
    engine: Engine,
    teacher_id: int,
    class_id: int,
    learner_id: int,
    prepared: tuple[str, str] | None = None,
) -> Card:
    """A new code for a card of the class whose learner is still a member (``CardError``
    ``not_card`` otherwise; ``NotATeacher`` for anyone but its teachers): the old code and
    every sign-in made with it stop working. ``prepared``: the first code to try and its hash
    (:func:`prepare_card`); a code whose selector is taken is replaced here."""
    with engine.connect() as conn:
        _require_teacher(conn, teacher_id, class_id)
    taken: set[str] = set()
    for _ in range(5):
        if prepared is not None and _selector(prepared[0]) not in taken:
            code, hashed = prepared
        else:
            code = new_card_code()
            while _selector(code) in taken:
                code = new_card_code()
            hashed = _HASHER.hash(code)

        def write(code: str = code, hashed: str = hashed) -> Card | None:
            with _writing(engine) as conn:
                _require_teacher(conn, teacher_id, class_id)
                row = conn.execute(
                    sa.select(LEARNERS.c.id, LEARNERS.c.name)
                    .select_from(
                        CLASS_CARDS.join(LEARNERS, LEARNERS.c.id == CLASS_CARDS.c.learner_id)
                    )
                    .where(
                        CLASS_CARDS.c.learner_id == int(learner_id),
                        CLASS_CARDS.c.class_id == int(class_id),
                        sa.exists().where(
                            _current_members(class_id),
                            CLASS_MEMBERS.c.learner_id == int(learner_id),
                        ),
                    )
                ).first()
                if row is None:
                    raise CardError(
                        "not_card", "no learner of this class has a card of it by that number"
                    )
                clash = conn.scalar(
                    sa.select(CLASS_CARDS.c.learner_id).where(
                        CLASS_CARDS.c.selector == _selector(code)
                    )
                )
                if clash is not None:
                    taken.add(_selector(code))
                    return None
                conn.execute(
                    LEARNERS.update()
                    .where(LEARNERS.c.id == int(learner_id))
                    .values(
                        pin_hash=hashed, recovery_hash=None, pin_failures=0, pin_wait_until=None
                    )
                )
                conn.execute(
                    CLASS_CARDS.update()
                    .where(CLASS_CARDS.c.learner_id == int(learner_id))
                    .values(selector=_selector(code), issued_at=_now())
                )
                _revoke_all(conn, learner_id)
                return Card(int(row.id), str(row.name), code)

        made: Card | None = _with_retry(write)
        if made is not None:
            return made
    raise StoreError("no free card codes were found")


# ---------------------------------------------------------------------------------------------
# A learner signs in with their card


def sign_in_with_card(
    engine: Engine,
    code: str,
    browser: str | None = None,
    address: str | None = None,
    now: dt.datetime | None = None,
) -> CardSignIn:
    """The learner whose card ``code`` is, if it is right and no wait runs; the try counts
    against ``browser`` (its key's hash) and ``address`` first. ``CardRefused``: ``code`` is
    not a card's code at all (not counted). ``now``: the time of the try (tests)."""
    typed = card_form(code)
    if typed is None:
        raise CardRefused("a card's code is 12 letters and digits, such as ABCD-EFGH-JKLM")
    moment = now or _now()

    def reserve() -> tuple[int | None, str | None, str, PinCheck, bool]:
        with _writing(engine) as conn:
            row = conn.execute(
                sa.select(LEARNERS.c.id, LEARNERS.c.name, LEARNERS.c.pin_hash)
                .select_from(CLASS_CARDS.join(LEARNERS, LEARNERS.c.id == CLASS_CARDS.c.learner_id))
                .where(CLASS_CARDS.c.selector == _selector(typed))
            ).first()
            counters = _counters(conn, 0, browser, address, by_name=False)
            check, counted = _reserve(conn, 0, counters, moment)
            if row is None or not row.pin_hash:
                return None, None, _stand_in_hash(), check, counted
            return int(row.id), str(row.name), str(row.pin_hash), check, counted

    reserved: tuple[int | None, str | None, str, PinCheck, bool] = _with_retry(reserve)
    learner_id, name, stored, refused, counted = reserved
    if not counted:
        return CardSignIn(None, refused)
    right = _matches(stored, typed)  # the stand-in hash too: the same time either way
    if not right or learner_id is None or name is None:
        return CardSignIn(None, refused)

    def clear() -> bool:
        with _writing(engine) as conn:
            still = conn.scalar(sa.select(LEARNERS.c.pin_hash).where(LEARNERS.c.id == learner_id))
            if still != stored:  # a new code was issued meanwhile
                return False
            _signed_in(conn, learner_id, browser, moment)
            return True

    if not _with_retry(clear):
        return CardSignIn(None, refused)
    return CardSignIn(Learner(learner_id, name), PinCheck(True))
