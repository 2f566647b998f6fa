"""Each position's pegging values searched once: a bounded LRU keyed by the position.

Coach mode's check of a card (:func:`cribbage_core.coach.at_table.check`), the review's analysis
of the same card made in the computer's pause, and a search started ahead of the learner's click
(:func:`prepare`) all ask :func:`peg_advice` for the position the learner lays from; the search
(:func:`~cribbage_core.coach.peg_value.peg_values`, exact and deterministic) runs once and the
others read its result. The key is everything of the view the search reads (not the game's log),
so the values are those a fresh search gives, bit for bit. A search another thread is making is
waited for, not made twice. At most :data:`SIZE` positions are kept, the least recently asked
dropped first. :func:`prepare_ahead` hands a position to one worker thread, so a page can have
the learner's next position searched after its run, while the learner thinks; that thread has
the search made in a process of its own, beside the server's page runs rather than taking turns
with them for Python's lock.

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

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
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
    "run_later",
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


def peg_advice(view: SeatView, *, apart: bool = False) -> PegAdvice:
    """``peg_values(view)`` (its defaults), searched once per position (see the module docs);
    ``apart``: made in the search process (:func:`_apart`) if it is to be made."""
    return _searched(position_key(view), view, _apart(peg_values) if apart else peg_values)


def uniform_advice(view: SeatView, *, apart: bool = False) -> PegAdvice:
    """:func:`~cribbage_core.coach.read.uniform_values` of ``view``, searched once per position.

    >>> from cribbage_core.coach.peg_value import values_view
    >>> from cribbage_core.coach.read import uniform_values
    >>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    >>> uniform_advice(view) == uniform_values(view), uniform_advice(view) is peg_advice(view)
    (True, False)
    """
    search = _apart(uniform_values) if apart else uniform_values
    return _searched((*position_key(view), "uniform"), view, search)


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


def prepare(
    view: SeatView,
    uniform_if: Callable[[PegAdvice], bool] | None = None,
    *,
    apart: bool = False,
) -> bool:
    """Search ``view``'s position now, unless it is kept or being searched already (False then);
    then, when ``uniform_if`` says so of its values, the uniform search too (:func:`uniform_advice`).
    ``apart``: each search made in the search process (:func:`_apart`), this thread waiting for
    it without holding Python's lock."""
    key = position_key(view)
    with _lock:
        fresh = key not in _kept and key not in _making
    advice = peg_advice(view, apart=apart)
    if uniform_if is not None and uniform_if(advice):
        uniform_advice(view, apart=apart)
    return fresh


#: Searches ahead run in one process of their own (env ``CRIBBAGE_SEARCH_PROCESS=0``: in the
#: worker thread, as the searches a page run asks for). Python runs one thread of a process at a
#: time, so a search ahead in a thread of the server took turns with every learner's page run; in
#: a process of its own it runs beside them, on another core.
_pool: ProcessPoolExecutor | None = None
_pool_failed = False
_spent = threading.local()  # CPU seconds the search process spent on this thread's searches


def _search_pool() -> ProcessPoolExecutor | None:
    global _pool
    if _pool_failed or os.environ.get("CRIBBAGE_SEARCH_PROCESS", "1") == "0":
        return None
    with _lock:
        if _pool is None:
            # spawn, not fork: the server has threads, and a forked copy of their locks can hang
            _pool = ProcessPoolExecutor(
                max_workers=2,  # one for each worker thread of prepare_ahead
                mp_context=get_context("spawn"),
                initializer=_leave_with,
                initargs=(os.getpid(),),
            )
        return _pool


def _leave_with(parent: int) -> None:
    """In the search process: end when the server that started it has ended (killed, it could
    not say so), checked every two seconds by a thread that sleeps otherwise."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(2.0)
        os._exit(0)

    threading.Thread(target=watch, name="search-parent-watch", daemon=True).start()


def _timed_search(
    search: Callable[[SeatView], PegAdvice], view: SeatView
) -> tuple[PegAdvice, float]:
    """In the search process: ``search(view)`` and the CPU seconds it took."""
    began = time.process_time()
    made = search(view)
    return made, time.process_time() - began


def _apart(search: Callable[[SeatView], PegAdvice]) -> Callable[[SeatView], PegAdvice]:
    """``search`` made in the search process; here when there is none or it fails (the same
    values: a search is deterministic)."""

    def run(view: SeatView) -> PegAdvice:
        global _pool_failed
        pool = _search_pool()
        if pool is not None:
            try:
                made, seconds = pool.submit(_timed_search, search, view).result()
            except (BrokenProcessPool, OSError, RuntimeError):
                _pool_failed = True  # it died or cannot start: this process searches from now on
            else:
                _spent.seconds = getattr(_spent, "seconds", 0.0) + seconds
                return made
        return search(view)

    return run


#: The worker threads of :func:`prepare_ahead`: one for what a learner's next click needs, one
#: for what only a later review reads (``later``), so that the first never waits behind the second.
_workers: dict[bool, ThreadPoolExecutor] = {}
_ahead: list[Future[float]] = []


def _timed_prepare(view: SeatView, uniform_if: Callable[[PegAdvice], bool] | None) -> float:
    return _timed_work(lambda: prepare(view, uniform_if, apart=True))


def prepare_ahead(
    view: SeatView, uniform_if: Callable[[PegAdvice], bool] | None = None, *, later: bool = False
) -> None:
    """Have ``view``'s position searched by a worker thread, and return at once; ``uniform_if``
    as :func:`prepare`. Each of the two threads makes one search at a time, in the search
    process (two workers: one each): coach mode's search of the learner's next position, and
    (``later``) the review's searches made in the computer's pauses, which can wait; so a learner's
    next position is never queued behind another learner's review. Nothing is searched twice: a
    check that asks for the position meanwhile waits for this search or makes it first."""
    _hand_to(later, _timed_prepare, view, uniform_if)


def run_later(work: Callable[[], object]) -> Future[float]:
    """Have ``work()`` done by the worker thread of the review's searches (``prepare_ahead``'s
    ``later``), after what was handed to it before, and return at once: work for a later review
    that asks for searches (it should ask for them ``apart``: in the search process) and must
    never hold up a page run, nor a learner's next position. An exception it raises is its own
    (nothing else sees it); :func:`wait_prepared` waits for it too and gives its thread's CPU
    seconds."""
    return _hand_to(True, _timed_work, work)


def _timed_work(work: Callable[[], object]) -> float:
    """``work()`` on a worker thread: the CPU seconds it took, here and in the search process."""
    began = time.thread_time()
    _spent.seconds = 0.0
    work()
    elsewhere: float = _spent.seconds
    return time.thread_time() - began + elsewhere


def _hand_to(later: bool, job: Callable[..., float], *args: object) -> Future[float]:
    with _lock:
        worker = _workers.get(later)
        if worker is None:
            name = "review-ahead" if later else "coach-ahead"
            worker = _workers[later] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        del _ahead[:-63]  # a server never asks for their times: keep only the latest
        handed = worker.submit(job, *args)
        _ahead.append(handed)
    return handed


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
