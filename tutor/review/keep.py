"""Each hand's analysis kept with the saved game, so that opening a game's review only reads it.

The Play page analyses the learner's decisions of the hand being played a little at a time, in
the pause before each of the computer's moves (:func:`advance`, handed to
``tutor.play.ui.move_on``): each step is judged once, the analysis so far kept in this tab's
session state and carried on from where it stopped, while a take-back (which changes the steps it
was made from, see :func:`~cribbage_core.coach.game_review.line_key`) starts the hand again. Once the hand
is over (its show counted, or the game ended) :func:`keep_finished` judges what is left (a count,
the last card) and keeps the hand beside the saved game (``tutor.store.keep_hand_reviews``).
For each card the learner laid that was not the best (two players), it also has the coach's
worker thread search the position against an opponent read from the deal alone
(:func:`cribbage_core.coach.positions.prepare_ahead`, off the page run), which the review's read
of the opponent compares with: the review opened in this process then finds it made.

The review page reads the kept hands (:func:`kept_hands`), takes those that still stand for the
game (this ``REVIEW_VERSION``, the very steps), analyses the rest and keeps the finished ones it
analysed (:func:`keep_fresh`): a game saved before hands were kept is analysed once, then read.
Only the game's owner reads or keeps them, as the game itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from cribbage_core.coach.game_review import (
    HandReview,
    analyse_hand,
    hand_spans,
    line_keys,
    played_line,
)
from cribbage_core.coach.peg_value import PegAdvice
from cribbage_core.coach.positions import prepare_ahead
from tutor.play.session import PlaySession
from tutor.review.game import LEARNER, ReviewedGame, hand_finished
from tutor.store import KeptHand, Store

__all__ = ["advance", "keep_finished", "keep_fresh", "keep_made", "kept_hands"]

_SO_FAR: Final = "review_hand_so_far"  # (game id, HandReview of the learner's hand being played)
_KEPT: Final = "review_hands_kept"  # (game id, hand, seat, key) kept from this session


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
) -> None:
    kept: set[tuple[str, int, int, str]] = st.session_state.setdefault(_KEPT, set())
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
    _keep(store, game_id, hands, learner, browser)


def keep_fresh(store: Store, game: ReviewedGame, learner: str | None, browser: str | None) -> None:
    """Keep the finished hands the review analysed (:attr:`ReviewedGame.fresh`) with the game."""
    if game.fresh:
        _keep(store, game.game_id, game.fresh, learner, browser)


def advance(session: PlaySession) -> HandReview | None:
    """The learner's decisions of the hand now being played (the last hand of the line), analysed
    through the last step made, going on from what this tab analysed before (None before any step)."""
    line = played_line(session.record)
    if not line:
        return None
    hand_no = line[-1][0].hand_no
    stop = hand_spans(line)[hand_no].stop
    memo = st.session_state.get(_SO_FAR)
    start: HandReview | None = None
    if isinstance(memo, tuple) and memo[0] == session.game_id and isinstance(memo[1], HandReview):
        start = memo[1]
    if start is not None and (
        start.hand_no != hand_no or start.seat != LEARNER or start.upto > stop
    ):
        start = None
    keys = line_keys(session.record, line, (stop,) if start is None else (start.upto, stop))
    if start is not None and not start.stands_for(keys[start.upto], start.upto):
        start = None  # a take-back changed the steps: the hand again from its start
    if start is not None and start.upto == stop:
        return start
    made = analyse_hand(line, hand_no, LEARNER, keys[stop], start=start)
    st.session_state[_SO_FAR] = (session.game_id, made)
    done = start.upto if start is not None else 0  # the steps analysed before: prepared then
    for d in made.decisions:
        state = line[d.step - 1][0]
        if d.step <= done:
            continue
        if d.kind == "play" and d.real_choice and d.chosen != 0 and state.players == 2:
            prepare_ahead(state.view(d.seat), uniform_if=_always, later=True)
    return made


def _always(_advice: PegAdvice) -> bool:
    return True


def keep_finished(
    store: Store, session: PlaySession, learner: str | None, browser: str | None
) -> None:
    """At the end of a hand (its show counted, or the game over): its analysis kept with the game."""
    made = advance(session)
    if made is not None and hand_finished(made.hand_no, session.state):
        _keep(store, session.game_id, [made], learner, browser)
