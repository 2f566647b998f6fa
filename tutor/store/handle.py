"""``Store``: the pages' handle on the database, whose methods never raise; ``open_store``."""

from __future__ import annotations

import datetime as dt
import logging
import os
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.engine import Engine
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError, SQLAlchemyError

if TYPE_CHECKING:
    import pandas as pd
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
from tutor.store.cards import (
    Card,
    CardHolder,
    CardSignIn,
    card_holders,
    create_accounts,
    new_card,
    prepare_accounts,
    prepare_card,
    sign_in_with_card,
)
from tutor.store.classes import (
    ClassFigures,
    Member,
    NotATeacher,
    SchoolClass,
    add_teacher,
    archive_class,
    class_figures,
    class_members,
    class_of,
    class_teachers,
    classes_joined,
    classes_taught,
    create_class,
    join_class,
    leave_class,
    member_attempts,
    member_learner,
    remove_class,
)
from tutor.store.engine import (
    default_url,
    engine_options,
    prepare_engine,
    within_deadline,
    write_budget,
)
from tutor.store.first_games import first_game_finished, record_first_game
from tutor.store.friend_games import (
    FriendGame,
    create_friend_game,
    friend_game,
    friend_version,
    make_move,
    seat_to_bot,
    take_seat,
)
from tutor.store.ratings import SkillRating, skill_ratings
from tutor.store.records import (
    ATTEMPT_COLUMNS,
    GAME_COLUMNS,
    Attempt,
    Learner,
    attempts_frame,
    clean_name,
    create_learner,
    export_csv,
    games_frame,
    learner_by_name,
    learner_language,
    learner_preferences,
    record_game,
    set_game_figures,
    set_learner_language,
    set_learner_preferences,
    store_attempt,
    stored_attempt_ids,
)
from tutor.store.reviews import (
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
    recall_by_interval,
    record_daily_answer,
    record_miss,
    retire_item,
    review_item,
)
from tutor.store.rushes import record_rush, rush_best
from tutor.store.saved_games import (
    GameOwner,
    KeptHand,
    NotYourGame,
    StaleGame,
    game_owner,
    keep_hand_reviews,
    load_game,
    load_own_game,
    load_own_hand_reviews,
    save_game,
)
from tutor.store.schema import REVIEW_KINDS, SchemaTooNew, StoreError, migrate
from tutor.store.tasks import (
    Task,
    TaskProgress,
    class_tasks,
    member_task_progress,
    my_tasks,
    remove_task,
    set_task,
)

T = TypeVar("T")

# ---------------------------------------------------------------------------------------------
# The Streamlit wrapper: pages use this, and it never raises


@dataclass
class Store:
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

    def record_attempt(self, learner_name: str, attempt: Attempt) -> bool:
        """Store ``attempt`` for the named learner; False if a repeat or not saved."""
        return self._for_learner(  # not kept here: tutor.quiz.attempts keeps it, with its miss
            learner_name,
            lambda e, who: store_attempt(e, who.id, attempt),
            False,
            writes=True,
            keep=False,
        )

    def stored_attempt_ids(self, learner_name: str, attempt_ids: Sequence[str]) -> set[str]:
        """``stored_attempt_ids`` for the named learner (none for an unknown name, or while the
        database is down)."""
        return self._for_learner(
            learner_name, lambda e, who: stored_attempt_ids(e, who.id, attempt_ids), set()
        )

    def record_game(self, learner_name: str, **game: Any) -> bool:
        """``record_game`` for the named learner; False if a repeat or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_game(e, learner_id=who.id, **game),
            False,
            writes=True,
        )

    def set_game_figures(
        self, learner_name: str, game_id: str, skill: float, luck: float, errors: int
    ) -> bool:
        """``set_game_figures`` for the named learner; False when not kept."""
        return self._for_learner(
            learner_name,
            lambda e, who: set_game_figures(e, who.id, game_id, skill, luck, errors),
            False,
            writes=True,
        )

    def save_game(self, game_id: str, data: Mapping[str, Any], **options: Any) -> bool:
        """``save_game``; False when not saved. ``StaleGame`` is raised (the caller reloads), and
        ``NotYourGame`` (the caller only watches)."""
        if self.engine is None:
            self.failures += 1
            return False
        learner = options.get("learner")
        if learner and not self.may_use(learner):
            if self.access_unknown(learner):
                self.failures += 1
                return False  # cannot be checked now: not saved (kept by the page), not let through
            raise NotYourGame(f"{learner!r} is protected by a PIN not given in this session")
        engine = self.engine
        try:
            within_deadline(engine, lambda: save_game(engine, game_id, data, **options))
        except (StaleGame, NotYourGame):
            raise
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            return False
        self.problem = None
        return True

    # -- games between friends (tutor.store.friend_games) --------------------------------

    def _friend_visitor(self, learner: str | None) -> str | None:
        """The learner a friend game binds a seat to: refused when protected and not granted."""
        if learner and not self.may_use(learner):
            raise NotYourGame(f"{learner!r} is protected by a PIN not given in this session")
        return learner or None

    def create_friend_game(
        self,
        game_id: str,
        data: Mapping[str, Any],
        players: int,
        learner: str | None,
        bots: Mapping[int, str] | None = None,
    ) -> FriendGame | None:
        """``create_friend_game`` for this visitor (None when the database is down)."""
        who = self._friend_visitor(learner)
        return self._run(
            lambda e: create_friend_game(e, game_id, data, players, who, self.browser, bots),
            None,
            writes=True,
        )

    def friend_game(self, game_id: str | None = None, code: str | None = None) -> FriendGame | None:
        """``friend_game`` (None when absent or when the database is down)."""
        return self._run(lambda e: friend_game(e, game_id, code), None)

    def friend_version(self, game_id: str) -> int | None:
        """``friend_version`` (None when absent or when the database is down)."""
        return self._run(lambda e: friend_version(e, game_id), None)

    def take_friend_seat(self, game_id: str, learner: str | None) -> int | None:
        """``take_seat`` for this visitor (None: they watch, or the database is down)."""
        who = self._friend_visitor(learner)
        return self._run(lambda e: take_seat(e, game_id, who, self.browser), None, writes=True)

    def friend_move(
        self,
        game_id: str,
        seat: int,
        version: int,
        learner: str | None,
        advance: Callable[[Any], tuple[Mapping[str, Any], bool]],
    ) -> FriendGame | None:
        """``make_move`` for this visitor. Raises what refuses the move (``StaleGame``,
        ``NotYourSeat``, the rules' ``CribbageError``); None when the database is down."""
        who = self._friend_visitor(learner)
        if self.engine is None:
            self.failures += 1
            return None
        engine = self.engine
        try:
            return within_deadline(
                engine,
                lambda: make_move(engine, game_id, seat, version, who, self.browser, advance),
            )
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            return None

    def friend_seat_to_bot(
        self, game_id: str, seat: int, level: str, version: int, learner: str | None
    ) -> FriendGame | None:
        """``seat_to_bot`` for this visitor (raises as :meth:`friend_move`)."""
        who = self._friend_visitor(learner)
        if self.engine is None:
            self.failures += 1
            return None
        engine = self.engine
        try:
            return within_deadline(
                engine,
                lambda: seat_to_bot(engine, game_id, seat, level, version, who, self.browser),
            )
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            return None

    def game_owner(self, game_id: str) -> GameOwner | None:
        """Who the saved game belongs to (None when absent or when the database is down)."""
        return self._run(lambda e: game_owner(e, game_id), None)

    def load_game(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """``load_game`` (None when absent or when the database is down)."""
        return self._run(lambda e: load_game(e, game_id), None)

    def load_own_game(
        self, game_id: str, learner: str | None, browser: str | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        """``load_own_game``: the game only if this visitor may play it (None when absent,
        another's, or when the database is down)."""
        return self._run(lambda e: load_own_game(e, game_id, learner, browser), None)

    def keep_hand_reviews(
        self,
        game_id: str,
        hands: Sequence[KeptHand],
        learner: str | None,
        browser: str | None = None,
    ) -> bool:
        """``keep_hand_reviews``: False when not kept (not this visitor's game, a name protected by
        a PIN not given here, or the database down)."""
        if learner and not self.may_use(learner):
            return False
        return self._run(
            lambda e: keep_hand_reviews(e, game_id, hands, learner, browser),
            False,
            writes=True,
            keep=True,
        )

    def hand_reviews(
        self, game_id: str, learner: str | None, browser: str | None = None
    ) -> list[KeptHand]:
        """``load_own_hand_reviews`` (none when absent, another's, or when the database is down)."""
        return self._run(lambda e: load_own_hand_reviews(e, game_id, learner, browser), [])

    def attempts_frame(
        self,
        learner_name: str,
        columns: Sequence[str] = tuple(ATTEMPT_COLUMNS),
        since: dt.datetime | None = None,
    ) -> pd.DataFrame:
        """The learner's attempts since ``since`` (empty when none or when the database is down)."""
        import pandas as pd

        empty = pd.DataFrame(columns=list(columns))
        return self._for_learner(
            learner_name,
            lambda e, who: attempts_frame(e, who.id, since=since, columns=columns),
            empty,
        )

    def games_frame(self, learner_name: str) -> pd.DataFrame:
        """The learner's finished games (empty when none or when the database is down)."""
        import pandas as pd

        empty = pd.DataFrame(columns=GAME_COLUMNS)
        return self._for_learner(learner_name, lambda e, who: games_frame(e, who.id), empty)

    def language(self, learner_name: str) -> str | None:
        """The language the learner last chose (None when unknown or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: learner_language(e, who.id), None)

    def set_language(self, learner_name: str, language: str) -> bool:
        """Remember the learner's language; False when not saved."""

        def remember(engine: Engine, who: Learner) -> bool:
            set_learner_language(engine, who.id, language)
            return True

        return self._for_learner(learner_name, remember, False, writes=True)

    def preferences(self, learner_name: str) -> dict[str, Any]:
        """The learner's saved preferences (``{}`` when none, unknown or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: learner_preferences(e, who.id), {})

    def set_preferences(self, learner_name: str, preferences: Mapping[str, Any]) -> bool:
        """Keep the learner's preferences (the whole set: it replaces the last); False when not saved."""

        def remember(engine: Engine, who: Learner) -> bool:
            set_learner_preferences(engine, who.id, preferences)
            return True

        return self._for_learner(learner_name, remember, False, writes=True)

    def export_csv(self, learner_name: str) -> str:
        """The learner's attempts as CSV ("" when the database is down)."""
        return self._for_learner(learner_name, lambda e, who: export_csv(e, who.id), "")

    # ---- review items and the daily five (see tutor.store.reviews)

    def record_miss(
        self, learner_name: str, kind: str, position: Mapping[str, str], update: ScheduleUpdate
    ) -> int | None:
        """``record_miss`` for the named learner: the item's id (None when not saved)."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_miss(e, who.id, kind, position, update),
            None,
            writes=True,
        )

    def answer_review(
        self, learner_name: str, item_id: int, answer_id: str, correct: bool, update: ScheduleUpdate
    ) -> ReviewState | None:
        """``answer_review`` for the named learner (None: a repeat, not theirs, or not saved)."""
        return self._for_learner(
            learner_name,
            lambda e, who: answer_review(e, who.id, item_id, answer_id, correct, update),
            None,
            writes=True,
        )

    def retire_item(self, learner_name: str, item_id: int) -> None:
        """``retire_item`` for the named learner (nothing when the database is down)."""

        def retire(engine: Engine, who: Learner) -> None:
            retire_item(engine, who.id, item_id)

        self._for_learner(learner_name, retire, None, writes=True)

    def due_count(
        self, learner_name: str, today: dt.date, kinds: Sequence[str] = REVIEW_KINDS
    ) -> int:
        """How many of the learner's items are due ``today`` (0 when none or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: due_count(e, who.id, today, kinds), 0)

    def due_items(
        self,
        learner_name: str,
        today: dt.date,
        kinds: Sequence[str] = REVIEW_KINDS,
        limit: int = 20,
    ) -> list[ReviewItem]:
        """The learner's due items, worst first ([] when none or the database is down)."""
        return self._for_learner(
            learner_name, lambda e, who: due_items(e, who.id, today, kinds, limit), []
        )

    def review_item(self, learner_name: str, item_id: int) -> ReviewItem | None:
        """The learner's item ``item_id`` (None when absent or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: review_item(e, who.id, item_id), None)

    def next_due(self, learner_name: str, after: dt.date) -> dt.date | None:
        """The next day after ``after`` with an item due (None: none, or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: next_due(e, who.id, after), None)

    def recall(self, learner_name: str) -> list[RecallRow]:
        """Recall by interval on review ([] when none or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: recall_by_interval(e, who.id), [])

    def record_daily_answer(
        self, learner_name: str, day: dt.date, question: int, answer: str, correct: bool
    ) -> bool:
        """``record_daily_answer`` for the named learner; False if answered before or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_daily_answer(e, who.id, day, question, answer, correct),
            False,
            writes=True,
        )

    def daily_answers_of(self, learner_name: str, day: dt.date) -> dict[int, tuple[str, bool]]:
        """The learner's answers on ``day`` ({} when none or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: daily_answers_of(e, who.id, day), {})

    def daily_shares(self, day: dt.date, question: int) -> dict[str, int]:
        """Everyone's answers to one daily question ({} when none or the database is down)."""
        return self._run(lambda e: daily_shares(e, day, question), {})

    def record_rush(
        self, learner_name: str, run_id: str, day: dt.date, score: int, answered: int, combo: int
    ) -> bool:
        """``record_rush`` for the named learner; False if kept before or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_rush(e, who.id, run_id, day, score, answered, combo),
            False,
            writes=True,
        )

    def rush_best(self, learner_name: str, day: dt.date) -> int | None:
        """The learner's best rush on ``day`` (None: none, or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: rush_best(e, who.id, day), None)

    def record_first_game(self, learner_name: str) -> bool:
        """``record_first_game`` for the named learner; False if kept before or not saved (a
        busy database keeps it for later)."""
        return self._for_learner(
            learner_name, lambda e, who: record_first_game(e, who.id), False, writes=True
        )

    def first_game_finished(self, learner_name: str) -> dt.datetime | None:
        """When the learner first finished the coached first game (None: not yet, or down)."""
        return self._for_learner(learner_name, lambda e, who: first_game_finished(e, who.id), None)

    # ---- classes (see tutor.store.classes: every rule is checked there as well)

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

    def create_class(self, teacher: str, class_name: str, language: str) -> SchoolClass | None:
        """``create_class`` (None: the database is down); raises ``ClassError``."""
        return self._as_teacher(
            teacher, lambda e, who: create_class(e, who.id, class_name, language), None, True
        )

    def classes_taught(self, teacher: str) -> list[SchoolClass]:
        """The classes ``teacher`` teaches ([]: none, not proved here, or the database down)."""
        return self._as_teacher(teacher, lambda e, who: classes_taught(e, who.id), [])

    def class_of(self, teacher: str, class_id: int) -> SchoolClass | None:
        """The class, if ``teacher`` teaches it (None otherwise)."""
        return self._as_teacher(teacher, lambda e, who: class_of(e, who.id, class_id), None)

    def class_teachers(self, teacher: str, class_id: int) -> list[str]:
        """The class's teachers' names, for one of them."""
        return self._as_teacher(teacher, lambda e, who: class_teachers(e, who.id, class_id), [])

    def add_teacher(self, teacher: str, class_id: int, other: str) -> bool | None:
        """Make ``other`` a teacher of the class too (False: one already; None: not saved);
        raises ``ClassError`` (``no_learner``: nobody has that name)."""
        found = self.learner(other)
        if found is None:
            if self.failures:
                return None
            raise NotATeacher("no_learner", "nobody has that name here")
        return self._as_teacher(
            teacher, lambda e, who: add_teacher(e, who.id, class_id, found.id), None, True
        )

    def archive_class(self, teacher: str, class_id: int, archived: bool = True) -> bool:
        """``archive_class``; False when not saved. Raises ``ClassError``."""

        def archive(engine: Engine, who: Learner) -> bool:
            archive_class(engine, who.id, class_id, archived)
            return True

        return self._as_teacher(teacher, archive, False, True)

    def remove_class(self, teacher: str, class_id: int) -> bool:
        """``remove_class`` (no learner's progress goes); False when not saved."""

        def remove(engine: Engine, who: Learner) -> bool:
            remove_class(engine, who.id, class_id)
            return True

        return self._as_teacher(teacher, remove, False, True)

    def class_members(self, teacher: str, class_id: int) -> list[Member]:
        """The class's current members, for one of its teachers ([] otherwise)."""
        return self._as_teacher(teacher, lambda e, who: class_members(e, who.id, class_id), [])

    def class_figures(
        self, teacher: str, class_id: int, now: dt.datetime | None = None
    ) -> ClassFigures | None:
        """The class table's figures, for one of its teachers (None otherwise)."""
        return self._as_teacher(
            teacher, lambda e, who: class_figures(e, who.id, class_id, now), None
        )

    def member_learner(self, teacher: str, class_id: int, learner_id: int) -> Learner | None:
        """A current member, for one of the class's teachers (None otherwise)."""
        return self._as_teacher(
            teacher, lambda e, who: member_learner(e, who.id, class_id, learner_id), None
        )

    def member_attempts(
        self, teacher: str, class_id: int, learner_id: int, columns: Sequence[str]
    ) -> pd.DataFrame | None:
        """A current member's attempts, for one of the class's teachers (None otherwise)."""
        return self._as_teacher(
            teacher,
            lambda e, who: member_attempts(e, who.id, class_id, learner_id, columns),
            None,
        )

    def member_ratings(
        self, teacher: str, class_id: int, learner_id: int
    ) -> dict[str, SkillRating] | None:
        """A current member's ratings, for one of the class's teachers (None otherwise)."""

        def read(engine: Engine, who: Learner) -> dict[str, SkillRating] | None:
            if member_learner(engine, who.id, class_id, learner_id) is None:
                return None
            return skill_ratings(engine, learner_id)

        return self._as_teacher(teacher, read, None)

    def set_task(
        self,
        teacher: str,
        class_id: int,
        kind: str,
        answers: int,
        accuracy: int,
        due_on: dt.date,
        today: dt.date,
    ) -> Task | None:
        """``set_task`` (None: not saved); raises ``ClassError``."""
        return self._as_teacher(
            teacher,
            lambda e, who: set_task(e, who.id, class_id, kind, answers, accuracy, due_on, today),
            None,
            True,
        )

    def remove_task(self, teacher: str, class_id: int, task_id: int) -> bool:
        """``remove_task``; False when not removed."""
        return self._as_teacher(
            teacher, lambda e, who: remove_task(e, who.id, class_id, task_id), False, True
        )

    def class_tasks(self, teacher: str, class_id: int) -> list[Task]:
        """The class's tasks, for one of its teachers ([] otherwise)."""
        return self._as_teacher(teacher, lambda e, who: class_tasks(e, who.id, class_id), [])

    def member_task_progress(
        self, teacher: str, class_id: int, today: dt.date
    ) -> dict[tuple[int, int], TaskProgress]:
        """Each member's progress on each task, for one of the class's teachers ({} otherwise);
        a review task as it is on ``today`` (the app's clock, which the store does not read)."""
        return self._as_teacher(
            teacher, lambda e, who: member_task_progress(e, who.id, class_id, today), {}
        )

    def my_tasks(self, learner_name: str, today: dt.date) -> list[TaskProgress]:
        """The learner's tasks from their classes, with progress ([] when none or down); a
        review task as it is on ``today``."""
        return self._for_learner(learner_name, lambda e, who: my_tasks(e, who.id, today), [])

    def join_class(self, learner_name: str, code: str) -> tuple[SchoolClass, bool] | None:
        """``join_class`` for the named learner (None: not saved, or the name is protected and
        not given here); raises ``JoinRefused``."""
        return self._for_learner(
            learner_name, lambda e, who: join_class(e, who.id, code), None, writes=True, keep=False
        )

    def leave_class(self, learner_name: str, class_id: int) -> bool:
        """``leave_class`` for the named learner; False when not a member or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: leave_class(e, who.id, class_id),
            False,
            writes=True,
            keep=False,
        )

    def classes_joined(self, learner_name: str) -> list[SchoolClass]:
        """The classes the learner is a member of ([]: none, or the database down)."""
        return self._for_learner(learner_name, lambda e, who: classes_joined(e, who.id), [])

    # ---- login cards (see tutor.store.cards: every rule is checked there as well)

    def create_accounts(
        self, teacher: str, class_id: int, names: Sequence[str]
    ) -> list[Card] | None:
        """``create_accounts``: the cards, each with its code shown this once (None: not
        saved). Raises ``CardError`` or ``NotATeacher``; the names are checked and the codes
        hashed before the database is asked (seconds of CPU for a hundred)."""
        if not self.may_teach(teacher):
            self.refusals += 1
            raise NotATeacher("no_pin", "a teacher is a learner whose name has a PIN")
        batch = prepare_accounts(names)
        return self._as_teacher(
            teacher, lambda e, who: create_accounts(e, who.id, class_id, batch), None, True
        )

    def card_holders(self, teacher: str, class_id: int) -> list[CardHolder]:
        """The class's members with a card of it, for one of its teachers ([] otherwise)."""
        return self._as_teacher(teacher, lambda e, who: card_holders(e, who.id, class_id), [])

    def new_card(self, teacher: str, class_id: int, learner_id: int) -> Card | None:
        """``new_card`` (None: not saved); raises ``CardError`` or ``NotATeacher``. The code is
        hashed before the database is asked, outside its time limit."""
        prepared = prepare_card() if self.may_teach(teacher) else None  # a stranger: no hash
        return self._as_teacher(
            teacher, lambda e, who: new_card(e, who.id, class_id, learner_id, prepared), None, True
        )

    def sign_in_with_card(self, code: str) -> CardSignIn | None:
        """``sign_in_with_card`` from this session's browser and address; the right code
        grants its learner here (None: the database is down). Raises ``CardRefused``."""
        browser, address = self.browser, self.address
        found = self._run(
            lambda engine: sign_in_with_card(engine, code, browser, address), None, writes=True
        )
        if found is not None and found.learner is not None:
            self._learners[found.learner.name] = found.learner
            self._run_pins().pop(found.learner.id, None)
            self.grant(found.learner.name)
        return found


class _Unchecked(Exception):
    """Who may use a name could not be checked (a read failed): the caller refuses."""


# What ``Store.problem`` may say: a fixed phrase (``tutor.frame.status`` translates each),
# never the driver's text, which can hold the database's address, a user name or a file path.
# The full error goes to the server's log for whoever runs the app.
CANNOT_OPEN = "cannot open the database"
LOCKED = "the database is busy: another program holds a lock on it"
READ_ONLY = "the database is read-only"
NOT_ANSWERING = "the database does not answer"
TOO_NEW = "the database was written by a newer version of this app"
REFUSED = "the database refused the change"
PROBLEMS = (CANNOT_OPEN, LOCKED, READ_ONLY, NOT_ANSWERING, TOO_NEW, REFUSED)

_log = logging.getLogger(__name__)


def describe_error(error: BaseException) -> str:
    """One of ``PROBLEMS`` for ``error``: a phrase a visitor may read (no address, no path).

    >>> describe_error(OperationalError("INSERT", {}, Exception("attempt to write a readonly database")))
    'the database is read-only'
    """
    _log.warning(
        "progress storage: %s: %s",
        type(error).__name__,
        str(error).splitlines()[0] if str(error) else "",
    )
    text = str(getattr(error, "orig", None) or error).lower()
    if isinstance(error, SchemaTooNew):
        return TOO_NEW
    if "locked" in text or "database is busy" in text:
        return LOCKED
    if "readonly" in text or "read-only" in text or "read only" in text:
        return READ_ONLY
    if isinstance(error, (OperationalError, InterfaceError, DisconnectionError, OSError)):
        return NOT_ANSWERING
    return REFUSED


_TRANSIENT = (LOCKED, NOT_ANSWERING)  # problems that pass: a write that met one is kept
#: Kept writes are tried again at most this often in passing (a page run)...
KEPT_RETRY_SECONDS = 5.0
#: ...and may hold that page up this long in all.
KEPT_BUDGET_SECONDS = 0.5
#: A server keeps at most this many writes; past it the oldest go (and are logged): a database
#: busy for so long is down, and the pages say progress is not being saved.
MAX_KEPT_WRITES = 10_000


class _KeptWrites:
    """The writes one server keeps for a database that was busy, oldest first (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._works: deque[Callable[[Engine], Any]] = deque()
        self._flushing = False
        self._tried = 0.0

    def put(self, work: Callable[[Engine], Any]) -> None:
        with self._lock:
            self._works.append(work)
            if len(self._works) > MAX_KEPT_WRITES:
                self._works.popleft()
                _log.error("progress storage: a kept write was dropped (%d kept)", MAX_KEPT_WRITES)

    def take(self, every: float) -> Callable[[Engine], Any] | None:
        """The oldest kept write, for one flusher at a time (None: none, or another flushes)."""
        with self._lock:
            now = time.monotonic()
            if not self._works or self._flushing or now - self._tried < every:
                return None
            self._flushing, self._tried = True, now
            return self._works.popleft()

    def put_back(self, work: Callable[[Engine], Any]) -> None:
        with self._lock:
            self._works.appendleft(work)

    def done(self) -> None:
        with self._lock:
            self._flushing = False

    def count(self) -> int:
        with self._lock:
            return len(self._works)


_kept: weakref.WeakKeyDictionary[Engine, _KeptWrites] = weakref.WeakKeyDictionary()
_kept_lock = threading.Lock()


def _kept_for(engine: Engine) -> _KeptWrites:
    with _kept_lock:
        found = _kept.get(engine)
        if found is None:
            found = _kept[engine] = _KeptWrites()
        return found


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
