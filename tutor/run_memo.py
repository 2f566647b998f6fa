"""A value kept for one Streamlit script run: the lowest floor of ``tutor``, importing no room.

A page run asks some things many times (the language, a hundred times and more; whether a name
has a PIN, five or six; whether sign-in is set up, a score) whose answers change between runs,
not within one. :class:`RunMemo` keeps such an answer for the run under way and works it out
again in the next run; outside a run (unit tests, scripts) it keeps nothing.

Streamlit reaches this module only when a page runs (:func:`script_run` imports it lazily), so
``tutor.lang`` and ``tutor.store``, which import no Streamlit, can use it as the page shell does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

__all__ = ["RunMemo", "script_run"]

_run_context: Callable[..., Any] | None = None  # Streamlit's get_script_run_ctx, once a page runs


def script_run() -> object | None:
    """An object that stands for the script run under way (a fragment's run is one too), or
    None outside a run: what a value kept for one run is tied to.

    Streamlit starts every run with a new table of cursors (``ScriptRunContext.reset``); holding
    it keeps it from being reused, so ``is`` tells runs apart. (A fragment's run may swap the
    table once more as it starts: a value is then only worked out again, never kept too long.)
    """
    global _run_context
    if _run_context is None:  # looked up once: an import statement costs more than the rest
        from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

        _run_context = get_script_run_ctx
    ctx = _run_context(suppress_warning=True)
    return None if ctx is None else ctx.cursors


class RunMemo(Generic[T]):
    """One value, kept for the run it was made in.

    >>> memo: RunMemo[list[str]] = RunMemo()
    >>> run = object()
    >>> memo.get(list, run) is memo.get(list, run)     # one run: made once
    True
    >>> memo.get(list, object()) is memo.get(list, run)   # another run: made again
    False
    >>> memo.get(list, None) is memo.get(list, None)   # outside a run: never kept
    False
    """

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: tuple[object, T] | None = None

    def get(self, make: Callable[[], T], run: object | None) -> T:
        """The value kept for ``run``, else ``make()`` (kept for ``run`` unless it is None)."""
        kept = self._kept
        if run is not None and kept is not None and kept[0] is run:
            return kept[1]
        value = make()
        self._kept = None if run is None else (run, value)
        return value

    def here(self, make: Callable[[], T]) -> T:
        """:meth:`get` for the script run under way (:func:`script_run`)."""
        return self.get(make, script_run())

    def forget(self) -> None:
        """Drop the kept value: the next :meth:`get` makes it again (it changed within the run)."""
        self._kept = None
