"""Each position's pegging values searched once: a bounded LRU keyed by the position.

Coach mode's check of a card (:func:`cribbage_core.coach.at_table.check`), the review's analysis
of the same card made in the computer's pause, and a search started ahead of the learner's click
(:func:`prepare`) all ask :func:`peg_advice` for the position the learner lays from; the search
(:func:`~cribbage_core.coach.peg_value.peg_values`, exact and deterministic) runs once and the
others read its result. The key is everything of the view the search reads (not the game's log),
so the values are those a fresh search gives, bit for bit. A search another thread is making is
waited for, not made twice. At most :data:`SIZE` positions are kept, the least recently asked
dropped first. :func:`prepare_ahead` hands a position to one worker thread, so a page can have
the learner's next position searched after its run, while the learner thinks.

Beside it, :func:`uniform_advice` keeps the same position searched against an opponent read from
the deal alone (:func:`~cribbage_core.coach.read.uniform_values`), which the coach's read of the
opponent (:mod:`cribbage_core.coach.read`) compares with; it is a second search, so it is made
only where a sentence needs it: asked for, or ahead with :func:`prepare_ahead` when the
position's values say a card could be warned of (``uniform_if``).

>>> from cribbage_core.coach.peg_value import peg_values, values_view
>>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
>>> peg_advice(view) == peg_values(view), peg_advice(view) is peg_advice(view)
(True, True)
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, wait
from typing import Final

from cribbage_core.coach.peg_value import PegAdvice, peg_values
from cribbage_core.coach.read import uniform_values
from cribbage_core.game import SeatView

__all__ = [
    "SIZE",
    "forget",
    "peg_advice",
    "position_key",
    "prepare",
    "prepare_ahead",
    "uniform_advice",
    "wait_prepared",
]

#: How many searches are kept (a lead's values are a few hundred bytes; a game has about 40).
SIZE: Final = 4096

_Key = tuple[object, ...]
_kept: OrderedDict[_Key, PegAdvice] = OrderedDict()
_making: dict[_Key, threading.Event] = {}
_lock = threading.Lock()


def position_key(view: SeatView) -> _Key:
    """Everything of ``view`` that :func:`~cribbage_core.coach.peg_value.peg_values` reads."""
    return (
        view.seat,
        view.config,
        view.phase,
        view.dealer,
        view.to_act,
        view.hand,
        view.discards,
        view.cards_left,
        view.starter,
        view.pile,
        view.count,
        view.played,
        view.series_starts,
        view.passed,
        view.scores,
    )


def peg_advice(view: SeatView) -> PegAdvice:
    """``peg_values(view)`` (its defaults), searched once per position (see the module docs)."""
    return _searched(position_key(view), view, peg_values)


def uniform_advice(view: SeatView) -> PegAdvice:
    """:func:`~cribbage_core.coach.read.uniform_values` of ``view``, searched once per position.

    >>> from cribbage_core.coach.peg_value import values_view
    >>> from cribbage_core.coach.read import uniform_values
    >>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    >>> uniform_advice(view) == uniform_values(view), uniform_advice(view) is peg_advice(view)
    (True, False)
    """
    return _searched((*position_key(view), "uniform"), view, uniform_values)


def _searched(key: _Key, view: SeatView, search: Callable[[SeatView], PegAdvice]) -> PegAdvice:
    while True:
        with _lock:
            found = _kept.get(key)
            if found is not None:
                _kept.move_to_end(key)
                return found
            making = _making.get(key)
            if making is None:
                making = _making[key] = threading.Event()
                break
        making.wait()  # another thread searches it: its result (or, had it failed, our own turn)
    made: PegAdvice | None = None
    try:
        made = search(view)
        return made
    finally:
        with _lock:
            del _making[key]
            if made is not None:
                _kept[key] = made
                while len(_kept) > SIZE:
                    _kept.popitem(last=False)
        making.set()


def prepare(view: SeatView, uniform_if: Callable[[PegAdvice], bool] | None = None) -> bool:
    """Search ``view``'s position now, unless it is kept or being searched already (False then);
    then, when ``uniform_if`` says so of its values, the uniform search too (:func:`uniform_advice`)."""
    key = position_key(view)
    with _lock:
        fresh = key not in _kept and key not in _making
    advice = peg_advice(view)
    if uniform_if is not None and uniform_if(advice):
        uniform_advice(view)
    return fresh


_worker: ThreadPoolExecutor | None = None
_ahead: list[Future[float]] = []


def _timed_prepare(view: SeatView, uniform_if: Callable[[PegAdvice], bool] | None) -> float:
    began = time.thread_time()
    prepare(view, uniform_if)
    return time.thread_time() - began


def prepare_ahead(view: SeatView, uniform_if: Callable[[PegAdvice], bool] | None = None) -> None:
    """Have ``view``'s position searched by the worker thread (one for the process: searches
    ahead never run side by side), and return at once; ``uniform_if`` as :func:`prepare`.
    Nothing is searched twice: a check that asks for the position meanwhile waits for this
    search or makes it first."""
    global _worker
    with _lock:
        if _worker is None:
            _worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach-ahead")
        del _ahead[:-63]  # a server never asks for their times: keep only the latest
        _ahead.append(_worker.submit(_timed_prepare, view, uniform_if))


def wait_prepared() -> list[float]:
    """Wait for the searches handed to :func:`prepare_ahead`; the CPU seconds each took (its
    thread's time), since the last call (for benchmarks and tests)."""
    with _lock:
        pending = list(_ahead)
        _ahead.clear()
    wait(pending)
    return [f.result() for f in pending if f.exception() is None]


def forget() -> None:
    """Drop every kept position (for tests and benchmarks that want a cold start)."""
    with _lock:
        _kept.clear()
