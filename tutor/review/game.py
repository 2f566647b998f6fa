"""A saved game made ready for its review: the record read back, the line it took, its analysis.

Pure (no Streamlit): the page caches :func:`review_game` per (game id, number of moves).

>>> from tutor.play.session import PlaySession, PlaySettings
>>> session = PlaySession.start(PlaySettings(level="easy", target=61), seed=4, game_id="g1")
>>> game = review_game(session.to_dict())
>>> game.game_id, game.level, game.hands, game.review.decisions
('g1', 'easy', (), ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cribbage_core.game import Action, GameState
from cribbage_core.record import GameRecord
from cribbage_core.review import Decision, GameReview, analyse_game, played_line
from tutor.play.session import HUMAN, PlaySession

__all__ = ["LEARNER", "ReviewedGame", "review_game"]

#: The learner's seat in a game of the Play page.
LEARNER = HUMAN


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

    @property
    def hands(self) -> tuple[int, ...]:
        """The hands that have decisions, in order."""
        return tuple(sorted({d.hand_no for d in self.review.decisions}))

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
            if d.kind == "go" or (d.kind == "play" and not d.real_choice and d.note == "one choice"):
                continue
            if d.kind == "count" and not (self.self_count and d.seat == LEARNER):
                continue
            if d.seat != LEARNER and not computer:
                continue
            shown.append(d)
        return tuple(shown)


def review_game(data: Any, moves: int | None = None) -> ReviewedGame:
    """Read a Play page save (``PlaySession.to_dict``) and analyse the line it took.

    Raises ``InvalidSavedGame`` when the save cannot be read (as the Play page does).
    """
    session = PlaySession.from_dict(data, moves=moves)
    record = session.record
    line = tuple(played_line(record))
    review = analyse_game(line)
    return ReviewedGame(
        session.game_id, session.settings.level, session.settings.self_count, record, line, review, session.state
    )
