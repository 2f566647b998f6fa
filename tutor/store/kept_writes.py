"""The writes a server keeps while the database is busy, written once it takes writes again.

``tutor.store.handle.Store._run`` keeps a write that met a passing problem (``_TRANSIENT``)
here, one queue per engine, and ``Store.flush_kept`` writes them, oldest first. Kept apart
from the handle's class; the handle re-exports the public names. The log keeps the handle's
name (``tutor.store.handle``).
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Engine

from tutor.store.problems import LOCKED, NOT_ANSWERING

_log = logging.getLogger("tutor.store.handle")  # the name the docs give the log

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
