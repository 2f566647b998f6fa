"""Two of Streamlit's steps taken out of the way of the other learners' page runs.

Each of the server's page runs is a thread, and Python lets one thread run at a time (the GIL).
A thread that waits (for a lock, a socket, another thread) hands the GIL over, and gets it back
only when the thread holding it lets go, every 5 ms at most. With 30 learners playing, every
such wait in a page run costs a few milliseconds, and every element drawn made two of them:

- ``streamlit.config.get_option``, called by every element, takes a process-wide lock to read
  a dict; a run preempted while holding it makes the others wait on the lock;
- ``Runtime._enqueued_some_message``, called for every message a run sends, writes to the event
  loop's wake-up pipe (``call_soon_threadsafe``) even when the loop has been woken already.

:func:`install` replaces both with versions that skip the wait when it is not needed. An option
is read from the parsed options without the lock once they are parsed, as Streamlit's own
``get_config_options`` reads them (while Streamlit re-reads a config file changed under a
running server, a read may see an option's default for that moment). The loop is woken only
when its "data to send" event is not set yet: the loop clears the event before it takes the
queued messages, so a message queued after the clear still wakes it. A lock-free read had been
proposed upstream (streamlit/streamlit#2860, review: "avoid taking a lock for the common case").

Installed once per server process, before Streamlit makes its runtime (whose sessions keep the
wake-up they are given): by ``app.py`` when ``streamlit run app.py`` imports it to serve the
app, and by :func:`tutor.frame.warm.main`. Never inside a test's ``AppTest`` run, which puts
its own ``get_option`` in place for the run. When this Streamlit's internals are not the ones
expected, nothing is replaced and the server runs as shipped. Measured with
``benchmarks/bench_server.py --pages coachgame --levels 30``: ``docs/deploy.md``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from streamlit import config
from streamlit.logger import get_logger
from streamlit.runtime import runtime

__all__ = ["install", "installed", "uninstall"]

_LOGGER = get_logger(__name__)
_lock = threading.Lock()
_installed = False
#: Streamlit's own two steps, as found by the last install (kept after an uninstall, for a caller
#: that took the replaced ``get_option`` meanwhile)
_original_get_option: Callable[[str], Any] | None = None
_original_enqueued: Callable[[runtime.Runtime], None] | None = None


def installed() -> bool:
    """Whether :func:`install` has replaced Streamlit's two steps in this process."""
    return _installed


def install() -> bool:
    """Replace ``config.get_option`` and ``Runtime._enqueued_some_message`` (once a process);
    False when this Streamlit's internals differ and nothing was replaced."""
    global _installed, _original_get_option, _original_enqueued
    with _lock:
        if _installed:
            return True
        enqueue = getattr(runtime.Runtime, "_enqueued_some_message", None)
        if not (
            hasattr(config, "_config_options")
            and callable(getattr(config, "get_option", None))
            and callable(enqueue)
            and hasattr(runtime.Runtime, "_get_async_objs")
        ):
            _LOGGER.warning(
                "Streamlit's internals differ: its config and wake-ups left as they are"
            )
            return False
        _original_get_option, _original_enqueued = config.get_option, enqueue
        config.get_option = _get_option
        runtime.Runtime._enqueued_some_message = _wake_loop  # type: ignore[method-assign]
        _installed = True
        return True


def uninstall() -> None:
    """Put Streamlit's own two steps back (a runtime made meanwhile keeps the wake-up it has)."""
    global _installed
    with _lock:
        if not _installed:
            return
        config.get_option = _original_get_option  # type: ignore[assignment]
        runtime.Runtime._enqueued_some_message = _original_enqueued  # type: ignore[method-assign,assignment]
        _installed = False


def _get_option(key: str) -> Any:
    """``config.get_option`` without its lock once the options are parsed."""
    options = config._config_options
    if options:
        option = options.get(key)
        if option is not None:
            return option.value
    assert _original_get_option is not None
    return _original_get_option(key)  # not parsed yet, or no such key: Streamlit's answer


def _wake_loop(self: runtime.Runtime) -> None:
    """``Runtime._enqueued_some_message``: wake the event loop to send what a session queued,
    unless it is woken already (its event set and not yet cleared by the loop, which clears it
    before it takes the sessions' queued messages)."""
    loop_objects = self._get_async_objs()
    if loop_objects.need_send_data.is_set():
        return
    loop_objects.eventloop.call_soon_threadsafe(loop_objects.need_send_data.set)
