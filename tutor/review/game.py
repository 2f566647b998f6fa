"""A saved game made ready for its review: the record read back, the line it took, its analysis.

Pure (no Streamlit): the page caches :func:`review_game` per (game id, number of moves).
The learner's seat is analysed first (the page's figures, chart and hands need only it: half
the work); the computer's decisions are added by :meth:`ReviewedGame.with_seats` when asked
for. The decisions are independent of each other, so the two together are exactly
:func:`~cribbage_core.coach.game_review.analyse_game` of every seat (``tests/tutor/review/test_review_game.py``).

The analysis is made one hand at a time (:class:`~cribbage_core.coach.game_review.HandReview`), and the
hands kept with the saved game (the Play page keeps each as it is finished, see
:mod:`tutor.review.keep`) are taken as they are when they still stand for the game: made by
this :data:`~cribbage_core.coach.game_review.REVIEW_VERSION` from the very steps the game took. Only the
rest is analysed (a game saved before hands were kept, the hand still being played, a hand
whose kept analysis is of an older version); :attr:`ReviewedGame.fresh` holds the finished
hands analysed here, for the page to keep in turn.

>>> from tutor.play.session import PlaySession, PlaySettings
>>> session = PlaySession.start(PlaySettings(level="easy", target=61), seed=4, game_id="g1")
>>> game = review_game(session.to_dict())
>>> game.game_id, game.level, game.hands, game.review.decisions, game.seats
('g1', 'easy', (), (), (0,))
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cribbage_core.coach.game_review import (
    Decision,
    GameReview,
    HandReview,
    analyse_hand,
    hand_spans,
    line_keys,
    played_line,
    review_of_hands,
)
from cribbage_core.game import Action, GameState, Phase
from cribbage_core.record import GameRecord
from tutor.play.session import HUMAN, read_save

__all__ = [
    "AnalysisUnfinished",
    "LEARNER",
    "ReviewedGame",
    "review_game",
    "merge_reviews",
    "hand_finished",
    "analyse_hands",
]

#: The learner's seat in a game of the Play page.
LEARNER = HUMAN


class AnalysisUnfinished(Exception):
    """The analysis stopped when its share of CPU time was spent (``seconds`` of
    :func:`analyse_hands`): ``made`` holds the finished hands it analysed (to keep, so that the
    next try goes on from them), ``done`` of ``total`` hands are analysed or kept."""

    def __init__(self, made: Sequence[HandReview], done: int, total: int) -> None:
        super().__init__(f"{done} of {total} hands analysed")
        self.made = tuple(made)
        self.done = done
        self.total = total


@dataclass(frozen=True)
class ReviewedGame:
    """A game of the Play page with its review: every decision, and the state before each."""

    game_id: str
    level: str
    self_count: bool
    record: GameRecord
    line: tuple[tuple[GameState, Action], ...]
    review: GameReview
    final: GameState
    seats: tuple[int, ...] = (LEARNER,)  # the seats whose decisions ``review`` holds
    fresh: tuple[HandReview, ...] = ()  # finished hands analysed here, not kept with the game yet
    friend: str | None = None  # a game with a friend: their name ("" unnamed); None: the computer

    @property
    def hands(self) -> tuple[int, ...]:
        """The hands that have decisions (of the seats analysed), in order."""
        return tuple(sorted({d.hand_no for d in self.review.decisions}))

    @property
    def last_hand(self) -> int:
        """The hand of the last move made (0 before any): the hand that may still be played."""
        return max((state.hand_no for state, _ in self.line), default=0)

    def has_seat(self, seat: int) -> bool:
        """Whether the decisions of ``seat`` are analysed."""
        return seat in self.seats

    def others(self) -> tuple[int, ...]:
        """The seats not analysed yet."""
        return tuple(s for s in range(self.review.players) if s not in self.seats)

    def with_seats(
        self,
        seats: Sequence[int] | None = None,
        kept: Sequence[HandReview] = (),
        seconds: float | None = None,
    ) -> ReviewedGame:
        """This game with the decisions of ``seats`` (default: every seat not analysed yet) added,
        taking the hands ``kept`` that still stand for it; :attr:`fresh` is then what was analysed.
        ``seconds``: as :func:`analyse_hands`."""
        wanted = tuple(
            s for s in (self.others() if seats is None else seats) if s not in self.seats
        )
        if not wanted:
            return self
        hands, fresh = analyse_hands(self.record, self.line, self.final, wanted, kept, seconds)
        more = review_of_hands(self.line, hands)
        merged = merge_reviews(self.review, self.seats, more)
        return replace(
            self, review=merged, seats=tuple(sorted((*self.seats, *wanted))), fresh=tuple(fresh)
        )

    def state_before(self, decision: Decision) -> GameState:
        """The position the decision was made in."""
        return self.line[decision.step - 1][0]

    def decisions(self, hand_no: int | None = None, computer: bool = False) -> tuple[Decision, ...]:
        """The decisions shown: the learner's (and the computer's when asked), of one hand or all.

        Counts appear only where the learner typed them (counting mode) and only the learner's.
        """
        shown = []
        for d in self.review.decisions:
            if hand_no is not None and d.hand_no != hand_no:
                continue
            if d.kind == "go" or (
                d.kind == "play" and not d.real_choice and d.note == "one choice"
            ):
                continue
            if d.kind == "count" and not (self.self_count and d.seat == LEARNER):
                continue
            if d.seat != LEARNER and not computer:
                continue
            shown.append(d)
        return tuple(shown)


def review_game(
    data: Any,
    moves: int | None = None,
    seats: Sequence[int] = (LEARNER,),
    kept: Sequence[HandReview] = (),
    game_id: str | None = None,
    seconds: float | None = None,
) -> ReviewedGame:
    """Read a Play page save (``PlaySession.to_dict``) and analyse the line it took for ``seats``
    (the learner's by default; :meth:`ReviewedGame.with_seats` adds the others), taking the
    hands ``kept`` with the game that still stand for it (see the module docs).

    Raises ``InvalidSavedGame`` when the save cannot be read: it is read by the Play page's own
    reader (``tutor.play.session.read_save``), so a save Play refuses is refused here too.
    ``game_id``: the address's game (default: the one the save names); ``seconds``: as
    :func:`analyse_hands`.
    """
    if game_id is None:
        game_id = str(data.get("game_id", "")) if isinstance(data, dict) else ""
    session = read_save(game_id, moves, data)
    record = session.record
    line = tuple(played_line(record))
    chosen = tuple(sorted(set(seats)))
    hands, fresh = analyse_hands(record, line, session.state, chosen, kept, seconds)
    return ReviewedGame(
        session.game_id,
        session.settings.level,
        session.settings.self_count,
        record,
        line,
        review_of_hands(line, hands),
        session.state,
        chosen,
        tuple(fresh),
        session.settings.friend,
    )


def hand_finished(hand_no: int, final: GameState) -> bool:
    """Whether hand ``hand_no`` is over in the game now at ``final``: no take-back or count can
    change its steps any more (its show is counted, the next hand is dealt, or the game ended)."""
    return final.hand_no > hand_no or final.phase in (Phase.DEAL, Phase.GAME_OVER)


def analyse_hands(
    record: GameRecord,
    line: Sequence[tuple[GameState, Action]],
    final: GameState,
    seats: Sequence[int],
    kept: Sequence[HandReview] = (),
    seconds: float | None = None,
) -> tuple[list[HandReview], list[HandReview]]:
    """Each hand of ``line`` for each of ``seats``: the kept analysis where it stands for the game
    (same version, same steps), else analysed now. Returns them all, and those analysed now of
    finished hands (to be kept).

    ``seconds``: this thread's CPU time the analysis may take. Once a hand is analysed and that
    time is spent, the next hand to analyse raises :class:`AnalysisUnfinished` instead (so each
    try analyses at least one hand, and a page run stays short)."""
    found = {(h.hand_no, h.seat): h for h in kept}
    hands: list[HandReview] = []
    fresh: list[HandReview] = []
    spans = hand_spans(line)
    keys = line_keys(record, line, (span.stop for span in spans.values()))
    began = time.thread_time()
    made_any = False
    for hand_no, span in spans.items():
        key = keys[span.stop]
        for seat in seats:
            old = found.get((hand_no, seat))
            if old is not None and old.stands_for(key, span.stop):
                hands.append(old)
                continue
            if seconds is not None and made_any and time.thread_time() - began >= seconds:
                raise AnalysisUnfinished(fresh, len(hands), len(spans) * len(seats))
            made = analyse_hand(line, hand_no, seat, key)
            made_any = True
            hands.append(made)
            if hand_finished(hand_no, final):
                fresh.append(made)
    return hands, fresh


def merge_reviews(first: GameReview, first_seats: Sequence[int], second: GameReview) -> GameReview:
    """One review from two of the same game: ``first`` holds the seats ``first_seats``, ``second``
    the others (every decision is judged on its own, so this is what one analysis of both gives).
    The decisions stay in the order of the line (their steps); each seat's summary is taken
    from the review that analysed it."""
    decisions = tuple(sorted((*first.decisions, *second.decisions), key=lambda d: d.step))
    summaries = tuple(
        first.summaries[s] if s in first_seats else second.summaries[s]
        for s in range(len(first.summaries))
    )
    return replace(first, decisions=decisions, summaries=summaries)
