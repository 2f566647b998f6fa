"""Each hand's analysis kept with the saved game, so that opening a game's review only reads it.

The Play page hands the learner's decisions of the hand being played to the review's worker
thread and goes on at once (:func:`advance`, in the pause before each of the computer's moves,
handed to ``tutor.play.ui.move_on``; :func:`keep_finished` at the end of a hand): the analysis is
made off the page run (:func:`cribbage_core.coach.positions.run_later`), the pegging values of
each card laid searched in the search process, so a move never waits for it nor takes turns
with it for Python's lock. Each step is judged once: the analysis so far is kept for the tab
(:class:`_Tab`, in its session state) and carried on from where it stopped, while a take-back
(which changes the steps it was made from, see :func:`~cribbage_core.coach.game_review.line_key`)
starts the hand again. Once the hand is over (its show counted, or the game ended) the worker
judges what is left (a count, the last card) and keeps the hand beside the saved game
(``tutor.store.keep_hand_reviews``). For each card the learner laid that was not the best (two
players), it also searches the position against an opponent read from the deal alone, which the
review's read of the opponent compares with: the review opened in this process then finds it made.

The review page reads the kept hands (:func:`kept_hands`) and those this tab's worker made
(:func:`made_here`, which waits for what the tab handed over: no CPU spent waiting), takes those
that still stand for the game (this ``REVIEW_VERSION``, the very steps), analyses the rest and
keeps the finished ones it analysed (:func:`keep_fresh`): a game saved before hands were kept is
analysed once, then read. Only the game's owner reads or keeps them, as the game itself.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Final

import streamlit as st

from cribbage_core.coach.game_review import (
    HandReview,
    analyse_hand,
    hand_spans,
    line_keys,
    played_line,
)
from cribbage_core.coach.peg_value import rank_choice
from cribbage_core.coach.positions import peg_advice, run_later, uniform_advice
from cribbage_core.game import Action, GameState, Phase, Play
from cribbage_core.record import GameRecord
from tutor.play.session import PlaySession
from tutor.review.game import LEARNER, ReviewedGame, hand_finished
from tutor.store import KeptHand, Store

__all__ = [
    "SETTLE_SECONDS",
    "advance",
    "keep_finished",
    "keep_fresh",
    "keep_made",
    "kept_hands",
    "made_here",
]

_TAB: Final = "review_hands_tab"  # this tab's _Tab

#: How long a page that reads a game's hands waits for what its tab handed to the worker (a
#: finished game's last hand: well under a second on a quiet server; the page analyses itself
#: what is still missing after that).
SETTLE_SECONDS: Final = 10.0

_log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Tab:
    """One tab's analysis of the game it plays. The worker thread writes ``game_id``,
    ``so_far`` and ``finished`` (each replaced whole, so a page run reads them whole); page runs
    write ``asked`` and ``last``; ``kept`` is what was written to the store from this tab."""

    game_id: str = ""
    so_far: HandReview | None = None  # the hand being played, through its last step analysed
    finished: tuple[HandReview, ...] = ()  # the game's finished hands made here
    kept: set[tuple[str, int, int, str]] = field(default_factory=set)
    asked: tuple[str, int, bool] | None = None  # the last (game, moves, keep) handed over
    last: Future[float] | None = None  # the work handed over last


@dataclass(frozen=True)
class _Keeper:
    """Where a finished hand is kept, and for whom."""

    store: Store
    learner: str | None
    browser: str | None


def _tab() -> _Tab:
    tab = st.session_state.get(_TAB)
    if not isinstance(tab, _Tab):
        tab = st.session_state[_TAB] = _Tab()
    return tab


def kept_hands(
    store: Store, game_id: str, learner: str | None, browser: str | None
) -> tuple[HandReview, ...]:
    """The analyses kept beside the game ``game_id`` for this visitor (none if it is not theirs).
    A row that does not read back as an analysis is left out: its hand is analysed again."""
    hands = []
    for row in store.hand_reviews(game_id, learner, browser):
        try:
            hand = HandReview.from_dict(row.data)
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        if (hand.hand_no, hand.seat, hand.version, hand.key) == (
            row.hand_no,
            row.seat,
            row.version,
            row.line_key,
        ):
            hands.append(hand)
    return tuple(hands)


def _keep(
    store: Store,
    game_id: str,
    hands: Sequence[HandReview],
    learner: str | None,
    browser: str | None,
    kept: set[tuple[str, int, int, str]],
) -> None:
    """Keep those of ``hands`` not in ``kept`` (what this tab kept) with the game, then note them."""
    new = [h for h in hands if (game_id, h.hand_no, h.seat, h.key) not in kept]
    if not new:
        return
    rows = [KeptHand(h.hand_no, h.seat, h.version, h.key, h.to_dict()) for h in new]
    if store.keep_hand_reviews(game_id, rows, learner, browser):
        kept.update((game_id, h.hand_no, h.seat, h.key) for h in new)


def keep_made(
    store: Store,
    game_id: str,
    hands: Sequence[HandReview],
    learner: str | None,
    browser: str | None,
) -> None:
    """Keep the finished hands ``hands`` a review analysed before it stopped part way."""
    _keep(store, game_id, hands, learner, browser, _tab().kept)


def keep_fresh(store: Store, game: ReviewedGame, learner: str | None, browser: str | None) -> None:
    """Keep the finished hands the review analysed (:attr:`ReviewedGame.fresh`) with the game."""
    if game.fresh:
        _keep(store, game.game_id, game.fresh, learner, browser, _tab().kept)


def advance(session: PlaySession) -> None:
    """Have the learner's decisions of the hand now being played (the last hand of the line)
    analysed through the last step made, off this run, going on from what this tab's worker
    analysed before."""
    _hand_over(session, None)


def keep_finished(
    store: Store, session: PlaySession, learner: str | None, browser: str | None
) -> None:
    """At the end of a hand (its show counted, or the game over): have its analysis finished and
    kept with the game, off this run. At the game's end, wait for it (no CPU spent waiting): the
    page files the game's decisions from its hands next."""
    _hand_over(session, _Keeper(store, learner, browser))
    if session.state.phase is Phase.GAME_OVER:
        made_here(session.game_id)


def made_here(game_id: str, seconds: float = SETTLE_SECONDS) -> tuple[HandReview, ...]:
    """The finished hands of ``game_id`` this tab's worker made, once what the tab handed over is
    done (waited for up to ``seconds``)."""
    tab = st.session_state.get(_TAB)
    if not isinstance(tab, _Tab):
        return ()
    if tab.last is not None and tab.asked is not None and tab.asked[0] == game_id:
        wait([tab.last], timeout=seconds)
    return tab.finished if tab.game_id == game_id else ()


def _hand_over(session: PlaySession, keeper: _Keeper | None) -> None:
    tab = _tab()
    asked = (session.game_id, session.moves, keeper is not None)
    if tab.asked == asked:
        return  # handed over already (a page run again on the same move)
    tab.asked = asked
    record, final, game_id = session.record, session.state, session.game_id
    tab.last = run_later(lambda: _analyse(tab, record, final, game_id, keeper))


def _analyse(
    tab: _Tab, record: GameRecord, final: GameState, game_id: str, keeper: _Keeper | None
) -> None:
    """On the worker thread: the hand being played analysed through the last step of
    ``record``, and kept with the game (by ``keeper``) when it is over at ``final``."""
    try:
        made = _analysed(tab, record, game_id)
        if made is not None and hand_finished(made.hand_no, final):
            tab.finished = (
                *(h for h in tab.finished if (h.hand_no, h.seat) != (made.hand_no, made.seat)),
                made,
            )
            if keeper is not None:
                _keep(keeper.store, game_id, [made], keeper.learner, keeper.browser, tab.kept)
    except Exception:  # noqa: BLE001 - the review analyses the hand itself then
        _log.exception("analysing the hand of game %s for its review failed", game_id)


def _analysed(tab: _Tab, record: GameRecord, game_id: str) -> HandReview | None:
    line = played_line(record)
    if not line:
        return None
    hand_no = line[-1][0].hand_no
    span = hand_spans(line)[hand_no]
    stop = span.stop
    if tab.game_id != game_id:
        tab.game_id, tab.so_far, tab.finished = game_id, None, ()
    start = tab.so_far
    if start is not None and (
        start.hand_no != hand_no or start.seat != LEARNER or start.upto > stop
    ):
        start = None
    keys = line_keys(record, line, (stop,) if start is None else (start.upto, stop))
    if start is not None and not start.stands_for(keys[start.upto], start.upto):
        start = None  # a take-back changed the steps: the hand again from its start
    if start is not None and start.upto == stop:
        return start
    done = start.upto if start is not None else span.start
    _search_apart(line[done:stop])
    made = analyse_hand(line, hand_no, LEARNER, keys[stop], start=start)
    tab.so_far = made
    for d in made.decisions:  # each new card laid not the best: the read of the opponent's
        state = line[d.step - 1][0]
        if (
            d.step > done
            and d.kind == "play"
            and d.real_choice
            and d.chosen != 0
            and state.players == 2
        ):
            uniform_advice(state.view(d.seat), apart=True)
    return made


def _search_apart(steps: Sequence[tuple[GameState, Action]]) -> None:
    """Search in the search process the positions of the learner's cards laid in ``steps`` that
    :func:`~cribbage_core.coach.game_review.analyse_hand` will ask for (a choice of ranks), so
    that it reads them (those searched already, e.g. by coach mode, are read at once)."""
    for state, action in steps:
        if isinstance(action, Play) and action.seat == LEARNER:
            view = state.view(LEARNER)
            if rank_choice(view):
                peg_advice(view, apart=True)
