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
learner's id, name and PIN hash and the time it was made. Changing or removing the PIN
changes the hash, so every token made before stops working; a token older than
``TOKEN_DAYS`` does too. The secret comes from the app's configuration (see
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
from dataclasses import dataclass
from typing import Final

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.engine import Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.records import _insert_ignoring_duplicates
from tutor.store.schema import APP_SECRETS, LEARNERS, StoreError

MIN_PIN_LENGTH: Final = 4
MAX_PIN_LENGTH: Final = 64
FREE_TRIES: Final = 5  # wrong tries in a row before the first wait
FIRST_WAIT_SECONDS: Final = 30  # after the FREE_TRIES-th wrong try; doubles with each one after
MAX_WAIT_SECONDS: Final = 3600
TOKEN_DAYS: Final = 90
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


def check_pin(
    engine: Engine, learner_id: int, pin: str, now: dt.datetime | None = None
) -> PinCheck:
    """Try ``pin`` for the learner, counting the try against the rate limit.

    A learner without a PIN passes. While a wait runs, the try is refused unchecked (and not
    counted). ``now``: the time of the try (tests; default now, UTC).
    """
    moment = now or _now()

    def reserve() -> tuple[str | None, PinCheck | None]:
        with _writing(engine) as conn:
            query = sa.select(
                LEARNERS.c.pin_hash, LEARNERS.c.pin_failures, LEARNERS.c.pin_wait_until
            )
            if conn.dialect.name == "postgresql":
                query = query.with_for_update()
            row = conn.execute(query.where(LEARNERS.c.id == int(learner_id))).first()
            if row is None or not row.pin_hash:
                return None, None
            if row.pin_wait_until is not None and row.pin_wait_until > moment:
                left = (row.pin_wait_until - moment).total_seconds()
                return None, PinCheck(False, wait_seconds=max(1, int(left + 0.999)))
            failures = int(row.pin_failures or 0) + 1
            wait = wait_after(failures)
            conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id))
                .values(
                    pin_failures=failures,
                    pin_wait_until=moment + dt.timedelta(seconds=wait) if wait else None,
                )
            )
            return str(row.pin_hash), PinCheck(
                False, wait_seconds=wait, tries_left=max(0, FREE_TRIES - failures)
            )

    reserved: tuple[str | None, PinCheck | None] = _with_retry(reserve)
    stored, refused = reserved
    if stored is None:
        return refused or PinCheck(True)
    if not _matches(stored, pin):
        assert refused is not None
        return refused

    def clear() -> None:
        with _writing(engine) as conn:
            conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id), LEARNERS.c.pin_hash == stored)
                .values(pin_failures=0, pin_wait_until=None)
            )

    _with_retry(clear)
    return PinCheck(True)


def _matches(stored: str, pin: str) -> bool:
    try:
        return bool(_HASHER.verify(stored, pin))
    except (VerificationError, InvalidHashError):
        return False


def set_pin(
    engine: Engine, learner_id: int, new_pin: str | None, current_pin: str | None = None
) -> PinCheck:
    """Protect the learner's name with ``new_pin`` (None: remove the PIN).

    A name that has a PIN needs it (``current_pin``), checked and counted like any try: the
    result says so when it is wrong (and nothing changes). Raises ``PinError`` for a new PIN
    that cannot be one.
    """
    hashed = None if new_pin is None else _HASHER.hash(check_pin_format(new_pin))
    if pin_hash(engine, learner_id) is not None:
        check = check_pin(engine, learner_id, current_pin or "")
        if not check.ok:
            return check

    def write() -> None:
        with _writing(engine) as conn:
            conn.execute(
                LEARNERS.update()
                .where(LEARNERS.c.id == int(learner_id))
                .values(pin_hash=hashed, pin_failures=0, pin_wait_until=None)
            )

    _with_retry(write)
    return PinCheck(True)


# ---------------------------------------------------------------------------------------------
# Tokens: "this browser gave the right PIN"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _mac(secret: str, learner_id: int, name: str, stored_hash: str, issued: int) -> str:
    message = "\n".join(("learner-access-v1", str(int(learner_id)), name, stored_hash, str(issued)))
    return _b64(hmac.new(secret.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest())


def make_token(
    secret: str, learner_id: int, name: str, stored_hash: str, issued: int | None = None
) -> str:
    """A token saying this browser gave the PIN whose hash is ``stored_hash`` (letters, digits, ``-_.``)."""
    at = int(time.time()) if issued is None else int(issued)
    return f"{at}.{_mac(secret, learner_id, name, stored_hash, at)}"


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
    if not isinstance(token, str) or len(token) > 100 or token.count(".") != 1:
        return False
    issued_text, mac = token.split(".")
    if not (issued_text.isascii() and issued_text.isdigit()) or len(issued_text) > 12:
        return False
    issued = int(issued_text)
    moment = time.time() if now is None else now
    if not -60 <= moment - issued <= TOKEN_DAYS * 86400:
        return False
    return hmac.compare_digest(mac, _mac(secret, learner_id, name, stored_hash, issued))


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
