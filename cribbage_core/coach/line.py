"""The line a saved game took, replayed once per step: the last line of each recent game is kept.

A page asks for the line of the game it shows on every run (the Play page in each of the
computer's pauses, to analyse the hand under way for the review), and the record is one step
longer each time. Replaying the whole record each time cost a page more the longer the game
went (at the end of a game, a seventh of a coached move's page run). :func:`played_line` keeps
the line it made last for each game (by its setup: config, seed, first dealer, decks, origin) and
the replay's end point (:class:`~cribbage_core.record.ReplayPoint`); a record whose first steps
are those steps is replayed from there, step by step through the engine as before, so the
line is the one a full replay gives (the tests compare them). At most :data:`SIZE` games are
kept, the least recently asked dropped first.

>>> from cribbage_core.game import GameConfig
>>> from cribbage_core.record import GameRecord
>>> record = GameRecord(GameConfig(target=61), seed=7, first_dealer=0)
>>> record = record.then(record.first_state().legal_for(1)[0])
>>> played_line(record) == replayed_line(record), played_line(record) is played_line(record)
(True, False)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Final

from cribbage_core.game import Action, GameState
from cribbage_core.record import GameRecord, NextDeal, Replayed, ReplayPoint, Step, TakeBack

__all__ = ["SIZE", "forget", "played_line", "replayed_line"]

#: How many games' lines are kept (a game's is a few hundred states sharing most of their parts).
SIZE: Final = 64

_Line = list[tuple[GameState, Action]]
_kept: OrderedDict[tuple[object, ...], tuple[tuple[Step, ...], _Line, ReplayPoint]] = OrderedDict()
_lock = threading.Lock()


def played_line(record: GameRecord) -> _Line:
    """The line a saved game actually took: ``(state before, action)`` for every action that stands.

    A :class:`~cribbage_core.record.TakeBack` removes the move it takes back and every move made
    after it (the computer's replies too) from the line: the game went on from the state before
    them, so they are not reviewed (the record keeps them; the review is of the game as played to
    its end). Deals are not actions: the states carry them. A record with an ``origin`` (a game
    saved before records existed) starts at its origin; the hands before it are known by their
    log only and have no decisions to review. Raises ``InvalidSavedGame`` as
    :meth:`GameRecord.replay` does. Replayed from the line kept for the game when this record goes
    on from it (see the module); a new list each call, which the caller may change.
    """
    key = (record.config, record.seed, record.first_dealer, record.decks, record.origin)
    with _lock:
        found = _kept.get(key)
    line: _Line = []
    point: ReplayPoint | None = None
    if found is not None:
        steps, kept_line, kept_point = found
        if len(steps) <= len(record.steps) and record.steps[: len(steps)] == steps:
            line, point = list(kept_line), kept_point
    replayed, point = record.replay_to(point)
    _extend(line, replayed)
    with _lock:
        _kept[key] = (record.steps, line, point)
        _kept.move_to_end(key)
        while len(_kept) > SIZE:
            _kept.popitem(last=False)
    return list(line)


def replayed_line(record: GameRecord) -> _Line:
    """:func:`played_line` from a full replay, nothing kept (what the kept lines are checked by)."""
    line: _Line = []
    _extend(line, record.replay_to()[0])
    return line


def _extend(line: _Line, replayed: list[Replayed]) -> None:
    for step in replayed:
        action, after = step.step, step.after
        if isinstance(action, NextDeal):
            continue
        if isinstance(action, TakeBack):
            # the state a take-back returns to is the state before the move it took back
            back = max(i for i, (state, _) in enumerate(line) if state is after or state == after)
            del line[back:]
            continue
        line.append((step.before, action))


def forget() -> None:
    """Drop every kept line (for tests and benchmarks that want a cold start)."""
    with _lock:
        _kept.clear()
