"""Who may use a learner's name: an optional PIN, its rate limit, and the tokens that remember it.

A learner may protect their name with a PIN (or a password: 4 to 64 characters). Only its
argon2id hash is kept (``argon2-cffi``'s ``PasswordHasher`` with OWASP's parameters: 19 MiB,
two passes, one lane; about 80 ms a check). Tries are rate-limited per learner in the
database, so a restart forgets nothing: ``FREE_TRIES`` wrong tries in a row, then a wait
before the next try that doubles with each further wrong one (``FIRST_WAIT_SECONDS``, up to
``MAX_WAIT_SECONDS``). A try is counted (and any wait set) *before* the hash is checked, in
one write transaction, so tries sent in parallel cannot slip past the limit; the right PIN
then clears the count.

After the right PIN a page keeps a token: an HMAC-SHA256, under the app's secret, of the
learner's id, name and PIN hash, the time it was made and a sign-in id (a row of
``pin_sessions``). A token is taken only while its sign-in is not revoked: "Not you?"
revokes one (:func:`revoke_session`), and changing or removing the PIN revokes them all
(and changes the hash); a token older than ``TOKEN_DAYS`` stops working too. The secret comes from the app's configuration (see
``tutor.store.handle.open_store``), else :func:`app_secret`: random, made once and kept in the
database, so every replica and every restart shares it.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Final

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.engine import Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.records import _insert_ignoring_duplicates
from tutor.store.schema import APP_SECRETS, LEARNERS, PIN_SESSIONS, PIN_TRIES, StoreError

MIN_PIN_LENGTH: Final = 4
MAX_PIN_LENGTH: Final = 64
FREE_TRIES: Final = 5  # wrong tries in a row before the first wait
FIRST_WAIT_SECONDS: Final = 30  # after the FREE_TRIES-th wrong try; doubles with each one after
MAX_WAIT_SECONDS: Final = 3600
TOKEN_DAYS: Final = 90
#: Wrong tries from one browser (its key's hash) over all names, and from one client address
#: (a classroom behind one router shares it), before waits begin: one PIN sprayed over many
#: names is limited where it comes from. Counts older than ``SOURCE_MEMORY`` start again.
BROWSER_FREE_TRIES: Final = 10
ADDRESS_FREE_TRIES: Final = 30
SOURCE_MEMORY: Final = dt.timedelta(days=1)
#: A recovery code: 16 letters and digits with no look-alikes (80 bits), shown in groups of 4.
RECOVERY_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
RECOVERY_LENGTH: Final = 16
SECRET_NAME: Final = "learner access"

_HASHER: Final = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)


class PinError(StoreError):
    """A PIN that cannot be used (too short, too long, empty); the message says what is allowed."""


@dataclass(frozen=True)
class PinCheck:
    """What became of one try: ``ok``; else ``wait_seconds`` before the next try is taken
    (0: try again now) and ``tries_left`` before a wait begins."""

    ok: bool
    wait_seconds: int = 0
    tries_left: int = 0
    #: the wait is this browser's or this address's, over all names (not the name's own)
    from_here: bool = False
    #: refused because the name is another browser's (it was first used there, has no PIN yet)
    not_owner: bool = False
    #: a new PIN's one-time recovery code, shown once (only :func:`set_pin` gives one)
    recovery_code: str | None = field(default=None, compare=False, repr=False)
    #: the PIN was removed with the recovery code (:func:`recover`): set a new one
    recovered: bool = False


def name_browser(engine: Engine, learner_id: int) -> str | None:
    """The hash of the key of the browser that first used the name (None: from before)."""
    with engine.connect() as conn:
        value = conn.scalar(sa.select(LEARNERS.c.browser).where(LEARNERS.c.id == int(learner_id)))
    return str(value) if value else None


def check_pin_format(pin: str) -> str:
    """``pin`` if it can be a PIN (4 to 64 characters, not only blanks); raises ``PinError``.

    >>> check_pin_format("1234")
    '1234'
    >>> check_pin_format("12")
    Traceback (most recent call last):
    ...
    tutor.store.access.PinError: a PIN has 4 to 64 characters, not 2
    """
    if not isinstance(pin, str) or not pin.strip():
        raise PinError("a PIN must not be empty")
    if not MIN_PIN_LENGTH <= len(pin) <= MAX_PIN_LENGTH:
        raise PinError(f"a PIN has {MIN_PIN_LENGTH} to {MAX_PIN_LENGTH} characters, not {len(pin)}")
    return pin


def wait_after(failures: int) -> int:
    """Seconds to wait after ``failures`` wrong tries in a row (0 while tries are free).

    >>> [wait_after(n) for n in (4, 5, 6, 7, 20)]
    [0, 30, 60, 120, 3600]
    """
    if failures < FREE_TRIES:
        return 0
    return int(min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** min(failures - FREE_TRIES, 20)))


def pin_hash(engine: Engine, learner_id: int) -> str | None:
    """The learner's PIN hash (None: the name is not protected)."""
    with engine.connect() as conn:
        value = conn.scalar(sa.select(LEARNERS.c.pin_hash).where(LEARNERS.c.id == int(learner_id)))
    return str(value) if value else None


def vouch_identity(engine: Engine, learner_id: int) -> None:
    """Note that the app's sign-in (``st.login``) vouched for this learner's name, once: such a
    name may teach without a PIN (``tutor.store.classes``), since nobody can type it."""

    def write() -> None:
        with _writing(engine) as conn:
            conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id), LEARNERS.c.identity_at.is_(None))
                .values(identity_at=_now())
            )

    _with_retry(write)


@dataclass(frozen=True)
class _Counter:
    """One count of wrong tries: the name's own (``key`` None: the learner's row) or a row of
    ``pin_tries``; ``free`` tries before the waits begin."""

    key: str | None
    free: int


def _counters(
    conn: Any, learner_id: int, browser: str | None, address: str | None, by_name: bool
) -> list[_Counter]:
    """Which counts a try is held to. A browser that gave this name's PIN before keeps its own
    allowance (a stranger's wrong tries never make it wait); any other try counts against the
    name and against its sources."""
    if browser:
        own = f"name {int(learner_id)} browser {browser}"
        known = conn.scalar(sa.select(PIN_TRIES.c.signed_in).where(PIN_TRIES.c.key == own))
        if known and by_name:
            return [_Counter(own, FREE_TRIES)]
    found = [_Counter(None, FREE_TRIES)] if by_name else []
    if browser:
        found.append(_Counter(f"browser {browser}", BROWSER_FREE_TRIES))
    if address:
        found.append(_Counter(f"address {address}", ADDRESS_FREE_TRIES))
    return found


def _wait_after(failures: int, free: int) -> int:
    return wait_after(failures - free + FREE_TRIES)


def _reserve(
    conn: Any, learner_id: int, counters: list[_Counter], moment: dt.datetime
) -> tuple[PinCheck, bool]:
    """Count one try against every counter, in the caller's write transaction. Returns what to
    say if the PIN is wrong, and whether to check it at all (False: a wait runs, the try is
    refused unchecked and not counted)."""
    locking = conn.dialect.name == "postgresql"
    rows: dict[str | None, tuple[int, dt.datetime | None]] = {}
    for counter in counters:
        if counter.key is None:
            query = sa.select(LEARNERS.c.pin_failures, LEARNERS.c.pin_wait_until).where(
                LEARNERS.c.id == int(learner_id)
            )
            row = conn.execute(query.with_for_update() if locking else query).first()
            rows[None] = (int(row[0] or 0), row[1]) if row else (0, None)
            continue
        _insert_ignoring_duplicates(
            conn,
            PIN_TRIES,
            {"key": counter.key, "failures": 0, "updated_at": moment},
            PIN_TRIES.c.key,
        )
        query = sa.select(
            PIN_TRIES.c.failures, PIN_TRIES.c.wait_until, PIN_TRIES.c.updated_at
        ).where(PIN_TRIES.c.key == counter.key)
        row = conn.execute(query.with_for_update() if locking else query).first()
        stale = not counter.key.startswith("name ") and row.updated_at < moment - SOURCE_MEMORY
        rows[counter.key] = (0, None) if stale else (int(row.failures or 0), row.wait_until)
    waits = [
        (until, counter)
        for counter in counters
        if (until := rows[counter.key][1]) is not None and until > moment
    ]
    if waits:
        until, counter = max(waits, key=lambda w: w[0])
        left = (until - moment).total_seconds()
        return PinCheck(
            False, wait_seconds=max(1, int(left + 0.999)), from_here=_is_source(counter)
        ), False
    wait, tries_left, from_here = 0, FREE_TRIES, False
    for counter in counters:
        failures = rows[counter.key][0] + 1
        this_wait = _wait_after(failures, counter.free)
        until = moment + dt.timedelta(seconds=this_wait) if this_wait else None
        if counter.key is None:
            conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id))
                .values(pin_failures=failures, pin_wait_until=until)
            )
        else:
            conn.execute(
                PIN_TRIES.update()
                .where(PIN_TRIES.c.key == counter.key)
                .values(failures=failures, wait_until=until, updated_at=moment)
            )
        if this_wait > wait:
            wait, from_here = this_wait, _is_source(counter)
        tries_left = min(tries_left, max(0, counter.free - failures))
    return PinCheck(False, wait_seconds=wait, tries_left=tries_left, from_here=from_here), True


def _is_source(counter: _Counter) -> bool:
    return counter.key is not None and not counter.key.startswith("name ")


def _signed_in(conn: Any, learner_id: int, browser: str | None, moment: dt.datetime) -> None:
    """The right PIN: clear the name's count and this browser's, and remember that this
    browser signed in (it keeps its own allowance from now on)."""
    conn.execute(
        LEARNERS.update()
        .where(LEARNERS.c.id == int(learner_id))
        .values(pin_failures=0, pin_wait_until=None)
    )
    if not browser:
        return
    for key, signed in (
        (f"name {int(learner_id)} browser {browser}", True),
        (f"browser {browser}", False),
    ):
        _insert_ignoring_duplicates(
            conn, PIN_TRIES, {"key": key, "failures": 0, "updated_at": moment}, PIN_TRIES.c.key
        )
        values: dict[str, Any] = {"failures": 0, "wait_until": None, "updated_at": moment}
        if signed:
            values["signed_in"] = True
        conn.execute(PIN_TRIES.update().where(PIN_TRIES.c.key == key).values(**values))


def check_pin(
    engine: Engine,
    learner_id: int,
    pin: str,
    now: dt.datetime | None = None,
    browser: str | None = None,
    address: str | None = None,
) -> PinCheck:
    """Try ``pin`` for the learner, counting the try against the rate limits.

    A learner without a PIN passes. The try counts against the name and against where it comes
    from (``browser``: a hash of the browser's key; ``address``: the client's address), or, from
    a browser that gave this name's PIN before, against that browser's own allowance only, so
    that nobody else's wrong tries make the owner wait. While any wait runs the try is refused
    unchecked (and not counted). ``now``: the time of the try (tests; default now, UTC).
    """
    moment = now or _now()

    def reserve() -> tuple[str | None, PinCheck, bool]:
        with _writing(engine) as conn:
            stored = conn.scalar(
                sa.select(LEARNERS.c.pin_hash).where(LEARNERS.c.id == int(learner_id))
            )
            if not stored:
                return None, PinCheck(True), False
            counters = _counters(conn, learner_id, browser, address, by_name=True)
            return (str(stored), *_reserve(conn, learner_id, counters, moment))

    reserved: tuple[str | None, PinCheck, bool] = _with_retry(reserve)
    stored, refused, counted = reserved
    if stored is None:
        return PinCheck(True)
    if not counted or not _matches(stored, pin):
        return refused

    def clear() -> None:
        with _writing(engine) as conn:
            if (
                conn.scalar(sa.select(LEARNERS.c.pin_hash).where(LEARNERS.c.id == int(learner_id)))
                == stored
            ):
                _signed_in(conn, learner_id, browser, moment)

    _with_retry(clear)
    return PinCheck(True)


def _matches(stored: str, pin: str) -> bool:
    try:
        return bool(_HASHER.verify(stored, pin))
    except (VerificationError, InvalidHashError):
        return False


def new_recovery_code() -> str:
    """A new recovery code: 16 characters of ``RECOVERY_ALPHABET`` in groups of four."""
    raw = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(RECOVERY_LENGTH))
    return "-".join(raw[i : i + 4] for i in range(0, RECOVERY_LENGTH, 4))


def recovery_form(text: str) -> str | None:
    """``text`` as a recovery code is kept (capitals, no blanks or dashes), or None if it cannot
    be one.

    >>> recovery_form(" abcd-efgh-jkmn-pq23 "), recovery_form("1234")
    ('ABCDEFGHJKMNPQ23', None)
    """
    compact = "".join(ch for ch in str(text).upper() if ch not in " -")
    if len(compact) != RECOVERY_LENGTH or not set(compact) <= set(RECOVERY_ALPHABET):
        return None
    return compact


def set_pin(
    engine: Engine,
    learner_id: int,
    new_pin: str | None,
    current_pin: str | None = None,
    browser: str | None = None,
    address: str | None = None,
) -> PinCheck:
    """Protect the learner's name with ``new_pin`` (None: remove the PIN).

    A name that has a PIN needs it (``current_pin``), checked and counted like any try: the
    result says so when it is wrong (and nothing changes). A name without one may be protected
    only from the browser that first used it (``browser``, the hash of its key; a name from
    before names had browsers goes to the first to protect it); any other gets ``not_owner``.
    A new PIN comes with a one-time recovery code (``recovery_code``, kept only as a hash).
    Raises ``PinError`` for a new PIN that cannot be one.
    """
    hashed = None if new_pin is None else _HASHER.hash(check_pin_format(new_pin))
    code = None if new_pin is None else new_recovery_code()
    code_hash = None if code is None else _HASHER.hash(recovery_form(code) or "")
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(LEARNERS.c.pin_hash, LEARNERS.c.browser).where(
                LEARNERS.c.id == int(learner_id)
            )
        ).first()
    if row is None:
        raise StoreError(f"no learner {learner_id}")
    if row.pin_hash:
        check = check_pin(engine, learner_id, current_pin or "", browser=browser, address=address)
        if not check.ok:
            return check
    elif row.browser is not None and row.browser != browser:
        return PinCheck(False, not_owner=True)

    def write() -> bool:
        with _writing(engine) as conn:
            unchanged = (
                LEARNERS.c.pin_hash == row.pin_hash
                if row.pin_hash
                else sa.and_(
                    LEARNERS.c.pin_hash.is_(None),
                    LEARNERS.c.browser.is_(None)
                    if row.browser is None
                    else LEARNERS.c.browser == row.browser,
                )
            )
            done = conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id), unchanged)
                .values(
                    pin_hash=hashed,
                    recovery_hash=code_hash,
                    pin_failures=0,
                    pin_wait_until=None,
                    browser=row.browser or browser,
                )
                .returning(LEARNERS.c.id)
            ).first()
            if done is not None:
                _revoke_all(conn, learner_id)  # a new PIN or none: every old sign-in ends
            if done is not None and hashed is not None:
                _signed_in(conn, learner_id, browser, _now())  # it knows the PIN it just set
            return done is not None

    if not _with_retry(write):  # changed since it was read (another browser got there first)
        return PinCheck(False, not_owner=True)
    return PinCheck(True, recovery_code=code)


def recover(
    engine: Engine,
    learner_id: int,
    code: str,
    browser: str | None = None,
    address: str | None = None,
    now: dt.datetime | None = None,
) -> PinCheck:
    """Remove the learner's PIN with its one-time recovery code; the name then belongs to
    ``browser`` (it may set a new PIN). Tries are counted against their source only (the
    browser and the address, not the name: a code of 80 bits is not guessed, and a stranger's
    tries must not lock the owner out of their own code)."""
    moment = now or _now()
    typed = recovery_form(code)

    def reserve() -> tuple[str | None, PinCheck, bool]:
        with _writing(engine) as conn:
            stored = conn.scalar(
                sa.select(LEARNERS.c.recovery_hash).where(LEARNERS.c.id == int(learner_id))
            )
            counters = _counters(conn, learner_id, browser, address, by_name=False)
            check, counted = _reserve(conn, learner_id, counters, moment)
            return (str(stored) if stored else None), check, counted

    reserved: tuple[str | None, PinCheck, bool] = _with_retry(reserve)
    stored, refused, counted = reserved
    if not counted or stored is None or typed is None or not _matches(stored, typed):
        return refused

    def write() -> None:
        with _writing(engine) as conn:
            conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id), LEARNERS.c.recovery_hash == stored)
                .values(pin_hash=None, recovery_hash=None, browser=browser)
            )
            _revoke_all(conn, learner_id)
            _signed_in(conn, learner_id, browser, moment)

    _with_retry(write)
    return PinCheck(True, recovered=True)


# ---------------------------------------------------------------------------------------------
# Tokens: "this browser gave the right PIN"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _mac(
    secret: str, learner_id: int, name: str, stored_hash: str, issued: int, session: str = ""
) -> str:
    parts = ["learner-access-v1", str(int(learner_id)), name, stored_hash, str(issued)]
    if session:
        parts.append(session)
    message = "\n".join(parts)
    return _b64(hmac.new(secret.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest())


def make_token(
    secret: str,
    learner_id: int,
    name: str,
    stored_hash: str,
    issued: int | None = None,
    session: str = "",
) -> str:
    """A token saying this browser gave the PIN whose hash is ``stored_hash`` (letters, digits,
    ``-_.``); ``session``: the id of its row in ``pin_sessions`` (see :func:`open_session`),
    signed with the rest, so the server can revoke it."""
    at = int(time.time()) if issued is None else int(issued)
    mac = _mac(secret, learner_id, name, stored_hash, at, session)
    return f"{at}.{session}.{mac}" if session else f"{at}.{mac}"


def token_session(token: object) -> str | None:
    """The session id a token names (None: none, or not a token).

    >>> token_session("1700000000.AbC_d-12.mac"), token_session("1700000000.mac")
    ('AbC_d-12', None)
    """
    if not isinstance(token, str) or len(token) > 140 or token.count(".") != 2:
        return None
    session = token.split(".")[1]
    ok = 0 < len(session) <= 32 and all(c.isascii() and (c.isalnum() or c in "-_") for c in session)
    return session if ok else None


def open_session(engine: Engine, learner_id: int) -> str:
    """A new sign-in of the learner by PIN: its id, for :func:`make_token`."""
    session = secrets.token_urlsafe(16)

    def write() -> None:
        with _writing(engine) as conn:
            conn.execute(
                PIN_SESSIONS.insert().values(
                    id=session, learner_id=int(learner_id), created_at=_now()
                )
            )

    _with_retry(write)
    return session


def session_active(engine: Engine, learner_id: int, session: str) -> bool:
    """Whether the sign-in ``session`` is the learner's and not revoked."""
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(PIN_SESSIONS.c.learner_id, PIN_SESSIONS.c.revoked_at).where(
                PIN_SESSIONS.c.id == session
            )
        ).first()
    return row is not None and int(row.learner_id) == int(learner_id) and row.revoked_at is None


def revoke_session(engine: Engine, session: str) -> None:
    """Revoke one sign-in ("Not you?" in the browser that holds it)."""

    def write() -> None:
        with _writing(engine) as conn:
            conn.execute(
                PIN_SESSIONS.update()
                .where(PIN_SESSIONS.c.id == session, PIN_SESSIONS.c.revoked_at.is_(None))
                .values(revoked_at=_now())
            )

    _with_retry(write)


def _revoke_all(conn: Any, learner_id: int) -> None:
    """A new PIN, or none: every sign-in of the learner ends."""
    conn.execute(
        PIN_SESSIONS.update()
        .where(PIN_SESSIONS.c.learner_id == int(learner_id), PIN_SESSIONS.c.revoked_at.is_(None))
        .values(revoked_at=_now())
    )


def token_valid(
    secret: str,
    learner_id: int,
    name: str,
    stored_hash: str,
    token: object,
    now: float | None = None,
) -> bool:
    """Whether ``token`` was made by :func:`make_token` for this learner and PIN, less than
    ``TOKEN_DAYS`` ago."""
    if not isinstance(token, str) or len(token) > 140 or token.count(".") not in (1, 2):
        return False
    session = token_session(token) or ""
    if token.count(".") == 2 and not session:
        return False
    issued_text, mac = token.split(".")[0], token.split(".")[-1]
    if not (issued_text.isascii() and issued_text.isdigit()) or len(issued_text) > 12:
        return False
    issued = int(issued_text)
    moment = time.time() if now is None else now
    if not -60 <= moment - issued <= TOKEN_DAYS * 86400:
        return False
    return hmac.compare_digest(mac, _mac(secret, learner_id, name, stored_hash, issued, session))


def app_secret(engine: Engine) -> str:
    """The app's secret for tokens kept in the database: made once (random, 256 bits), then read."""

    def read() -> str | None:
        with engine.connect() as conn:
            value = conn.scalar(
                sa.select(APP_SECRETS.c.value).where(APP_SECRETS.c.name == SECRET_NAME)
            )
        return str(value) if value else None

    found = read()
    if found:
        return found

    def create() -> None:
        with _writing(engine) as conn:
            _insert_ignoring_duplicates(
                conn,
                APP_SECRETS,
                {"name": SECRET_NAME, "value": secrets.token_urlsafe(32), "created_at": _now()},
                APP_SECRETS.c.name,
            )

    _with_retry(create)  # two servers making it at once keep the first
    made = read()
    if not made:
        raise StoreError("the app's secret could not be kept in the database")
    return made
