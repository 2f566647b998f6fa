"""A new server process warmed once, when its first page run is over: libraries imported, tables built.

A new process pays, on the first page that needs each, for importing pandas and Altair (about
0.5 s of CPU), Altair's chart schema (read and compiled by the first chart drawn), the engine's
modules and its tables (:func:`cribbage_core.tables.build_tables`): a second in all on top of
that page's own work, so the review of a game opened in a new server took twice as long as
in one that had served it before. :func:`start_once` (called by the page shell on every run,
cheap after the first) starts a background thread that waits for the process's first page run
to end and then does all of it, so that page is not slowed and the pages opened next, by
anyone, find it done; it ends by freezing what it imported out of the garbage collector's way
(:func:`tutor.frame.memory.freeze_imports`), as the next page would have. ``CRIBBAGE_WARM_UP=0``
in the environment turns it off.
"""

from __future__ import annotations

import logging
import os
import threading

from tutor.frame.memory import freeze_imports

__all__ = ["start_once", "warm", "warmed"]

_LOGGER = logging.getLogger(__name__)
_lock = threading.Lock()
_started = False
_done = threading.Event()


def warm() -> None:
    """Import what the pages use and build the engine's tables, once (a second call costs little)."""
    import altair as alt
    import pandas as pd

    import cribbage_core.bots
    import cribbage_core.review  # noqa: F401 - the review's analysis (the advisor, the pegging values, ...)
    from cribbage_core.tables import build_tables

    build_tables()
    alt.Chart(pd.DataFrame({"x": [0.0]})).mark_line().encode(x="x:Q").to_dict()  # the schema, read once
    freeze_imports()


def _after(page_run: threading.Thread) -> None:
    if page_run is not threading.current_thread():
        page_run.join()  # the first page's run is over: nothing of it waits for this
    try:
        warm()
    except Exception:  # a failed warm-up costs only speed: each page imports what it needs itself
        _LOGGER.exception("warming the process failed")
    finally:
        _done.set()


def start_once() -> bool:
    """On the process's first call, start warming it once the calling page run is over; True then."""
    global _started
    if _started:
        return False
    with _lock:
        if _started or os.environ.get("CRIBBAGE_WARM_UP", "1") == "0":
            _started = True
            return False
        _started = True
    threading.Thread(target=_after, args=(threading.current_thread(),), name="tutor-warm-up", daemon=True).start()
    return True


def warmed(timeout: float | None = None) -> bool:
    """Whether the warm-up is over (waiting up to ``timeout`` seconds for it)."""
    return _done.wait(timeout)
