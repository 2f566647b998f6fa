"""``Store``: the pages' handle on the database, whose methods never raise; ``open_store``.

Here: the handle's core (its state, ``_run``, the kept writes' flush, who may use or teach as
a name) and how a process opens its store. Its methods for each room are mixins it composes:
``handle_records``, ``handle_games``, ``handle_reviews`` and ``handle_classes``.
"""

from __future__ import annotations

import logging
import os
import threading
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError

from tutor.run_memo import RunMemo, script_run
from tutor.store.access import (
    PinCheck,
    app_secret,
    check_pin,
    make_token,
    name_browser,
    open_session,
    pin_hash,
    recover,
    recovery_form,
    revoke_session,
    session_active,
    set_pin,
    token_session,
    token_valid,
    vouch_identity,
)
from tutor.store.classes import NotATeacher
from tutor.store.engine import (
    default_url,
    engine_options,
    prepare_engine,
    within_deadline,
    write_budget,
)
from tutor.store.handle_classes import _ClassesHandle
from tutor.store.handle_games import _GamesHandle
from tutor.store.handle_records import _RecordsHandle
from tutor.store.handle_reviews import _ReviewsHandle
from tutor.store.kept_writes import (
    _TRANSIENT,
    KEPT_BUDGET_SECONDS as KEPT_BUDGET_SECONDS,
    KEPT_RETRY_SECONDS as KEPT_RETRY_SECONDS,
    MAX_KEPT_WRITES as MAX_KEPT_WRITES,
    _kept_for,
)
from tutor.store.problems import (
    CANNOT_OPEN as CANNOT_OPEN,
    LOCKED as LOCKED,
    NOT_ANSWERING as NOT_ANSWERING,
    PROBLEMS as PROBLEMS,
    READ_ONLY as READ_ONLY,
    REFUSED as REFUSED,
    TOO_NEW as TOO_NEW,
    describe_error as describe_error,
)
from tutor.store.records import Learner, clean_name, create_learner, learner_by_name
from tutor.store.schema import StoreError, migrate

T = TypeVar("T")

# ---------------------------------------------------------------------------------------------
# The Streamlit wrapper: pages use this, and it never raises


@dataclass
class Store(_RecordsHandle, _GamesHandle, _ReviewsHandle, _ClassesHandle):
    """The pages' handle on the database; every method returns quietly when it is down.

    ``problem`` is None while all is well, otherwise a short reason (shown by
    ``tutor.frame.status.show_status``). Methods take the learner's *name* (from ``tutor.frame.profile``) and look the
    learner up, creating them on first write.

    A name protected by a PIN (``tutor.store.access``) is refused by every method that reads
    or writes its progress, answers, games or language until this handle (one per browser
    session) is granted it: by the right PIN (:meth:`try_pin`), a token from an earlier right
    PIN (:meth:`accept_token`), or the app's login (:meth:`grant`).
    """

    engine: Engine | None
    problem: str | None = None
    failures: int = 0  # calls that failed so far: a caller compares it to tell "absent" from "down"
    secret: str | None = field(default=None, repr=False)  # for tokens; else the database's own
    refusals: int = 0  # calls refused because the name is protected and not granted here
    # who this session is (set by the page shell): the hash of its browser's key, which a new
    # name is bound to, and the client's address; PIN tries count against both
    browser: str | None = None
    address: str | None = field(default=None, repr=False)
    # names whose access could not be checked (a read failed): refused, never let through
    unchecked: set[str] = field(default_factory=set, repr=False)
    _learners: dict[str, Learner] = field(default_factory=dict, repr=False)
    _granted: set[str] = field(default_factory=set, repr=False)
    _identities: set[str] = field(default_factory=set, repr=False)  # granted by the app's sign-in
    _sessions: dict[str, str] = field(default_factory=dict, repr=False)  # name: its sign-in id
    # Each learner's PIN hash as read in this script run: a page run asks whether it may use the
    # name five or six times (the menu, the score, the answer), and a PIN changes between runs,
    # not within one, except by this session (set_pin forgets it). ``_this_run`` is the run using
    # this handle (``begin_run``); outside a run (None) nothing is kept.
    _pins: RunMemo[dict[int, str | None]] = field(default_factory=RunMemo, repr=False)
    # other reads kept for the run the same way (:meth:`kept_read`), by a key of the caller's
    _reads: RunMemo[dict[object, Any]] = field(default_factory=RunMemo, repr=False)
    _this_run: object | None = field(default=None, repr=False)

    def begin_run(self, run: object | None) -> None:
        """Say which script run is using this handle (``script_run()``): reads kept for
        another run are dropped. Writes kept from a busy moment are tried again in passing."""
        self._this_run = run
        if self.engine is not None and self.kept_writes():
            self.flush_kept(every=KEPT_RETRY_SECONDS)

    def kept_writes(self) -> int:
        """How many writes this server keeps because the database was busy (see :meth:`_run`)."""
        return 0 if self.engine is None else _kept_for(self.engine).count()

    def flush_kept(self, every: float = 0.0) -> int:
        """Write what was kept while the database was busy, oldest first, within
        ``KEPT_BUDGET_SECONDS``; stop at the first that fails again. ``every``: do nothing if
        the last try was that recent. Returns how many are still kept."""
        if self.engine is None:
            return 0
        kept, engine = _kept_for(self.engine), self.engine
        while (work := kept.take(every)) is not None:
            every = 0.0
            try:
                with write_budget(KEPT_BUDGET_SECONDS):
                    within_deadline(engine, lambda: work(engine))
            except (SQLAlchemyError, OSError) as error:
                if describe_error(error) in _TRANSIENT:
                    kept.put_back(work)
                    kept.done()
                    break
                # refused for good (e.g. its row is gone): keeping it would block the rest
                _log.warning("a kept write was refused and dropped: %s", error)
            kept.done()
        return kept.count()

    def kept_read(self, key: object, read: Callable[[], T]) -> T:
        """``read()``, kept for the rest of this script run under ``key`` (outside a run, read
        every time): for a read a page makes more than once a run, such as a learner's ratings.
        A write that changes it calls :meth:`forget_read`."""
        kept = self._reads.get(dict, self._this_run)
        if key not in kept:
            kept[key] = read()
        value: T = kept[key]
        return value

    def forget_read(self, key: object) -> None:
        """Drop what :meth:`kept_read` keeps under ``key`` (it changed within the run)."""
        self._reads.get(dict, self._this_run).pop(key, None)

    def _run_pins(self) -> dict[int, str | None]:
        """The PIN hashes read in this run (a new, empty table in a new run or outside one)."""
        return self._pins.get(dict, self._this_run)

    @property
    def ok(self) -> bool:
        """True while progress is being saved."""
        return self.engine is not None and self.problem is None

    def _run(
        self, work: Callable[[Engine], T], fallback: T, writes: bool = False, keep: bool = False
    ) -> T:
        """``work(engine)``, or ``fallback`` when the database is down or the work fails.

        ``keep``: a write that fails because the database is busy or does not answer is kept
        by this server and written once the database takes writes again (the next write that
        goes through, or a later page run): nothing a learner did is lost to a busy moment.
        A write with ``keep`` must be harmless to repeat (each is keyed by its id, or sets a
        value). The caller gets ``fallback`` and ``problem`` says why, as for any failure.
        """
        if self.engine is None:
            self.failures += 1
            return fallback
        engine = self.engine
        try:
            result = within_deadline(engine, lambda: work(engine))
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            if keep and writes and self.problem in _TRANSIENT:
                _kept_for(engine).put(work)
            return fallback
        if writes:
            self.problem = None  # a write went through: whatever failed before has recovered
            if _kept_for(engine).count():
                self.flush_kept()
        return result

    def _for_learner(
        self,
        name: str,
        work: Callable[[Engine, Learner], T],
        fallback: T,
        writes: bool = False,
        keep: bool = True,
    ) -> T:
        """``work(engine, learner)`` for the learner called ``name``; ``fallback`` if none.

        A write (``writes``) creates the learner first; a read of an unknown name gives
        ``fallback``, as does a database that is down.
        """
        learner = self.learner(name, create=writes)
        if learner is None:
            return fallback
        if not self._may_use(learner):
            self.refusals += 1
            return fallback
        return self._run(
            lambda engine: work(engine, learner), fallback, writes=writes, keep=writes and keep
        )

    # -- who may use a name ---------------------------------------------------------------

    def _pin_hash(self, learner: Learner) -> str | None:
        """The learner's PIN hash (None: not protected); raises ``_Unchecked`` when it cannot
        be read, so that no caller can take a failed read for "no PIN"."""
        pins = self._run_pins()
        if learner.id in pins:
            return pins[learner.id]
        failures = self.failures
        stored = self._run(lambda engine: pin_hash(engine, learner.id), None)
        if self.failures != failures:
            self.unchecked.add(learner.name)
            raise _Unchecked(learner.name)
        pins[learner.id] = stored  # read, not a fallback: good for the rest of the run
        self.unchecked.discard(learner.name)
        return stored

    def _may_use(self, learner: Learner) -> bool:
        """Fails closed: a PIN that cannot be read refuses the name like a PIN not given."""
        if learner.name in self._granted:
            return True
        try:
            return self._pin_hash(learner) is None
        except _Unchecked:
            return False

    def _find(self, name: str) -> Learner | None:
        """The learner called ``name`` (None: no such learner); raises ``_Unchecked`` when the
        lookup failed. A handle without a database (it could not be opened) reads and writes
        nothing, so it has nothing to refuse: every name is unknown to it."""
        if self.engine is None:
            return None
        failures = self.failures
        found = self.learner(name)
        if found is None and self.failures != failures:
            self.unchecked.add(clean_name(name))
            raise _Unchecked(name)
        return found

    def protected(self, name: str) -> bool:
        """Whether ``name`` has a PIN (False for a new name). Fails closed: True when that
        cannot be read now (see :meth:`access_unknown`)."""
        try:
            learner = self._find(name)
            return learner is not None and self._pin_hash(learner) is not None
        except _Unchecked:
            return True

    def may_use(self, name: str) -> bool:
        """Whether this session may read and write ``name``'s progress (not protected, or
        granted). Fails closed: False when it cannot be checked now."""
        try:
            learner = self._find(name)
        except _Unchecked:
            return False
        return learner is None or self._may_use(learner)

    def access_unknown(self, name: str) -> bool:
        """Whether the last check of who may use ``name`` could not be made (the database failed):
        the name is refused meanwhile, and the page says why rather than "protected"."""
        return clean_name(name) in self.unchecked

    def grant(self, name: str, identity: bool = False) -> None:
        """Let this session use ``name`` (the right PIN was given, or the app's login says so).

        ``identity``: the app's sign-in (``st.login``) says this session is ``name``, which
        nobody can type, so it may teach without a PIN: noted in the database once a session
        (``learners.identity_at``), where the class rules read it."""
        cleaned = clean_name(name)
        self._granted.add(cleaned)
        if identity and cleaned not in self._identities:
            learner = self.learner(cleaned, create=True)
            if learner is None:
                return
            learner_id = learner.id

            def vouch(engine: Engine) -> bool:
                vouch_identity(engine, learner_id)
                return True

            if self._run(vouch, False, writes=True):
                self._identities.add(cleaned)

    def forget(self, name: str, token: object = None) -> None:
        """Take back :meth:`grant` (the learner leaves this browser): the sign-in this session
        made or accepted, and the one ``token`` (this browser's cookie) names, are revoked on
        the server, so a copy of the token stops working too."""
        cleaned = clean_name(name)
        self._granted.discard(cleaned)
        sessions = {self._sessions.pop(cleaned, None), token_session(token)}
        for session in sorted(s for s in sessions if s):
            self._revoke(session)

    def _revoke(self, session: str) -> None:
        self._run(lambda engine: revoke_session(engine, session), None, writes=True, keep=True)

    def try_pin(self, name: str, pin: str) -> PinCheck | None:
        """Try ``pin`` for ``name`` (rate-limited, see ``tutor.store.access``); the right one
        grants the name here. None when the database is down."""
        learner = self.learner(name)
        if learner is None:
            return None
        browser, address = self.browser, self.address
        if recovery_form(pin) is not None:  # a recovery code: it removes the PIN, if right
            self._run_pins().pop(learner.id, None)
            recovered = self._run(
                lambda engine: recover(engine, learner.id, pin, browser, address), None, writes=True
            )
            self._run_pins().pop(learner.id, None)
            if recovered is not None and recovered.ok:
                self.grant(learner.name)
                return recovered
        check = self._run(
            lambda engine: check_pin(engine, learner.id, pin, browser=browser, address=address),
            None,
        )
        if check is not None and check.ok:
            self.grant(learner.name)
        return check

    def set_pin(
        self, name: str, new_pin: str | None, current_pin: str | None = None
    ) -> PinCheck | None:
        """Set (or with None remove) ``name``'s PIN; a protected name needs its ``current_pin``.

        Raises ``PinError`` for a new PIN that cannot be one; None when the database is down.
        """
        learner = self.learner(name, create=True)
        if learner is None:
            return None
        self._run_pins().pop(learner.id, None)
        browser, address = self.browser, self.address
        check = self._run(
            lambda engine: set_pin(engine, learner.id, new_pin, current_pin, browser, address),
            None,
            writes=True,
        )
        self._run_pins().pop(learner.id, None)
        if check is not None and check.ok:
            self.grant(learner.name)
        return check

    def may_protect(self, name: str) -> bool:
        """Whether this session may put a PIN on ``name``: it has none and was first used in
        this browser (or before names had browsers), or this session was granted it. Fails
        closed (False when it cannot be checked)."""
        try:
            learner = self._find(name)
        except _Unchecked:
            return False
        if learner is None or learner.name in self._granted:
            return True
        failures = self.failures
        first = self._run(lambda engine: name_browser(engine, learner.id), None)
        if self.failures != failures:
            self.unchecked.add(learner.name)
            return False
        return first is None or first == self.browser

    def _secret(self) -> str | None:
        if not self.secret:
            self.secret = self._run(app_secret, None, writes=True)
        return self.secret

    def access_token(self, name: str) -> str | None:
        """A token to remember that this browser gave ``name``'s PIN (None if not granted here)."""
        learner = self.learner(name)
        if learner is None or learner.name not in self._granted:
            return None
        try:
            stored, secret = self._pin_hash(learner), self._secret()
        except _Unchecked:
            return None
        if stored is None or secret is None:
            return None
        session = self._run(lambda engine: open_session(engine, learner.id), None, writes=True)
        if session is None:
            return None
        self._sessions[learner.name] = session
        return make_token(secret, learner.id, learner.name, stored, session=session)

    def accept_token(self, name: str, token: object) -> bool:
        """Grant ``name`` here if ``token`` is one :meth:`access_token` made for its PIN as it is now."""
        learner = self.learner(name)
        if learner is None or not token:
            return False
        try:
            stored, secret = self._pin_hash(learner), self._secret()
        except _Unchecked:
            return False
        if stored is None or secret is None:
            return False
        session = token_session(token)
        if session is None or not token_valid(secret, learner.id, learner.name, stored, token):
            return False  # a token must name a sign-in the server can revoke
        failures = self.failures
        active = self._run(lambda engine: session_active(engine, learner.id, session), False)
        if not active:
            if self.failures != failures:
                self.unchecked.add(learner.name)  # fails closed, and says why
            return False
        self._sessions[learner.name] = session
        self.grant(learner.name)
        return True

    def learner(self, name: str, create: bool = False) -> Learner | None:
        """The learner called ``name`` (created first if ``create``), or None."""
        cleaned = clean_name(name)
        if cleaned in self._learners:
            return self._learners[cleaned]
        browser = self.browser
        if create:
            found = self._run(lambda engine: create_learner(engine, cleaned, browser), None)
        else:
            found = self._run(lambda engine: learner_by_name(engine, cleaned), None)
        if found is not None:
            self._learners[cleaned] = found
        return found

    # -- who may teach (the classes' and cards' methods are in tutor.store.handle_classes)

    def may_teach(self, name: str) -> bool:
        """Whether this session may act as ``name`` the teacher: the name has a PIN and this
        browser proved it (the PIN, or a token from it), or the app's sign-in says this session
        is ``name`` (:meth:`grant`). Fails closed."""
        try:
            learner = self._find(name)
            return (
                learner is not None
                and learner.name in self._granted
                and (learner.name in self._identities or self._pin_hash(learner) is not None)
            )
        except _Unchecked:
            return False

    def _as_teacher(
        self, name: str, work: Callable[[Engine, Learner], T], fallback: T, writes: bool = False
    ) -> T:
        """``work(engine, teacher)`` when this session may teach as ``name``; ``fallback``
        otherwise. ``NotATeacher`` from a read gives ``fallback`` (a stranger learns nothing);
        from a write it is raised for the page to explain."""
        learner = self.learner(name) if self.may_teach(name) else None
        if learner is None:
            self.refusals += 1
            if writes:
                raise NotATeacher("no_pin", "a teacher is a learner whose name has a PIN")
            return fallback
        if writes:
            return self._run(lambda engine: work(engine, learner), fallback, writes=True)
        try:
            return self._run(lambda engine: work(engine, learner), fallback)
        except NotATeacher:
            self.refusals += 1
            return fallback


class _Unchecked(Exception):
    """Who may use a name could not be checked (a read failed): the caller refuses."""


_log = logging.getLogger(__name__)


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
        problem = describe_error(error)
        return Store(None, problem if problem == TOO_NEW else CANNOT_OPEN)
    return Store(engine)


_SESSION_KEY = "store_handle"


def open_store() -> Store:
    """The Store for this session: ``DATABASE_URL``, else ``[connections.sql]``, else SQLite.

    The engine comes from ``st.connection("sql", ...)`` (cached by Streamlit for the process);
    the Store is kept in session state, so a failed write stays reported (``tutor.frame.status.show_status``)
    until a later one succeeds. A database that could not be opened is tried again next run.
    """
    import streamlit as st

    kept = st.session_state.get(_SESSION_KEY)
    if isinstance(kept, Store) and kept.engine is not None:
        kept.begin_run(script_run())
        return kept  # keeps a write failure on show until a later write succeeds
    try:
        engine = _connection_engine()
    except Exception as error:  # noqa: BLE001 - any failure here means "not saving", not a crash
        describe_error(error)  # logged for whoever runs the app; the visitor reads no address
        return Store(None, CANNOT_OPEN)
    store = store_for_engine(engine)
    try:
        secrets: Mapping[str, Any] = st.secrets
        store.secret = configured_secret(os.environ, secrets)
    except Exception:  # noqa: BLE001 - no secrets file, or an unreadable one: the database's own
        store.secret = configured_secret(os.environ, {})
    store.begin_run(script_run())
    st.session_state[_SESSION_KEY] = store
    return store


def _connection_engine() -> Engine:
    """The process's engine: ``st.connection("sql", ...)`` for ``DATABASE_URL``, else
    ``[connections.sql]``, else SQLite (Streamlit keeps it for the process)."""
    import streamlit as st

    if not os.environ.get("DATABASE_URL", "").strip() and _secrets_have_sql():
        connection = st.connection("sql")
    else:
        url = default_url()
        connection = st.connection("sql", url=url, **engine_options(url))
    engine: Engine = connection.engine
    return engine


def prepare_database() -> bool:
    """Make the process's engine and bring its schema up to date before a page needs them (the
    server's warm-up), as :func:`open_store` would on the first page; whether it could. Never raises."""
    try:
        return store_for_engine(_connection_engine()).engine is not None
    except Exception as error:  # noqa: BLE001 - the first page tries again and reports it
        describe_error(error)
        return False


SECRET_ENV = "CRIBBAGE_SECRET"


def configured_secret(environ: Mapping[str, str], secrets: Mapping[str, Any]) -> str | None:
    """The secret for learners' tokens: ``CRIBBAGE_SECRET`` in the environment, else
    ``cribbage_secret`` in ``.streamlit/secrets.toml``; None: the database keeps its own.

    >>> configured_secret({"CRIBBAGE_SECRET": " s1 "}, {"cribbage_secret": "s2"}), configured_secret({}, {})
    ('s1', None)
    """
    value = environ.get(SECRET_ENV, "").strip() or str(secrets.get("cribbage_secret", "")).strip()
    return value or None


def _secrets_have_sql() -> bool:
    import streamlit as st

    try:
        return "sql" in st.secrets.get("connections", {})
    except Exception:  # noqa: BLE001 - no secrets file, or an unreadable one: use the default
        return False
