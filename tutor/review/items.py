"""A game's decisions filed for the learner: each one graded as an answer, each costly one a review item.

Pure (no Streamlit): given the store, the learner and an analysed game (:mod:`tutor.review.game`),
:func:`file_decisions` files every settled decision of the learner that had a real choice (a
discard, a card laid): as an attempt of kind ``game`` whose category is ``discard`` or
``pegging play`` (wrong when the engine grades it a mistake or a blunder), so the weak spots
weigh the learner's games apart from the quizzes; and each costly one as a review item of kind
``game`` whose position names the game, the hand and the decision's step in the line played.
A finished game also keeps its skill figure, luck and errors with its row (the progress chart).

Filing twice files nothing twice: each decision's attempt id is derived from the game, the step
and the learner, and an item is made only with a newly stored attempt, so filing a game again
never sets its items back. Filing again writes nothing either (each new session that opens a
review files its game): the decisions stored before are read first and skipped, and the
figures are written only when they changed. A hand still being played is not filed (a take-back can still change
it); it is filed once the next hand is dealt, or the game ends.

>>> game_position("g1", 3, 17)
{'game': 'g1', 'hand': '3', 'step': '17'}
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Mapping
from functools import partial
from typing import Final, NamedTuple

from cribbage_core.coach.game_review import Decision
from tutor.quiz.schedule import after_miss
from tutor.review.game import LEARNER, ReviewedGame
from tutor.review.reasons import is_costly, option_cards
from tutor.store import Attempt, Store

__all__ = [
    "DECISION_CATEGORIES",
    "GAME_KIND",
    "Filed",
    "decision_at",
    "decision_attempt",
    "file_decisions",
    "game_position",
    "settled_decisions",
]

#: The review item and attempt kind of a game's decision.
GAME_KIND: Final = "game"
#: Each decision's weak-spot category (area "games"), apart from the show's and the quizzes'.
DECISION_CATEGORIES: Final = {"discard": "discard", "play": "pegging play"}
_ID_NAMESPACE: Final = uuid.UUID("0c7d4b8e-51a2-4f4e-9a0b-2f6f3c1de7a9")


class Filed(NamedTuple):
    """What a filing did: decisions newly filed, review items made, and whether the game's
    figures were kept with it."""

    decisions: int
    items: int
    figures: bool


def game_position(game_id: str, hand_no: int, step: int) -> dict[str, str]:
    """A game decision's position: the game, its hand and its step in the line played."""
    return {"game": game_id, "hand": str(hand_no), "step": str(step)}


def settled_decisions(game: ReviewedGame) -> list[Decision]:
    """The learner's discards and cards laid with a real choice that no take-back can change:
    every one of a finished game, else those of the hands before the last one."""
    mine = [
        d for d in game.review.of_seat(LEARNER) if d.kind in DECISION_CATEGORIES and d.real_choice
    ]
    if game.final.result is not None or not game.line:
        return mine
    return [d for d in mine if d.hand_no < game.last_hand]


def decision_at(game: ReviewedGame, position: Mapping[str, str]) -> Decision | None:
    """The learner's decision at ``position`` in ``game`` (None when there is none such)."""
    for d in game.review.of_seat(LEARNER):
        if str(d.step) == position.get("step") and str(d.hand_no) == position.get("hand"):
            return d if d.kind in DECISION_CATEGORIES else None
    return None


def _label(cards: tuple[object, ...]) -> str:
    return " ".join(str(c) for c in cards)


def decision_attempt(game: ReviewedGame, d: Decision, learner: str) -> Attempt:
    """A decision of the game as an answer: the choice made, the best, right unless costly."""
    category = DECISION_CATEGORIES[d.kind]
    costly = is_costly(d)
    attempt_id = str(uuid.uuid5(_ID_NAMESPACE, "\n".join((game.game_id, str(d.step), learner))))
    extra = {
        "game": game.game_id,
        "hand": d.hand_no,
        "step": d.step,
        "grade": d.grade.value,
        "points_lost": round(d.points_lost, 4),
        "win_lost": None if d.win_lost is None else round(d.win_lost, 4),
    }
    return Attempt(
        GAME_KIND,
        game.game_id,
        _label(option_cards(d.choice)),
        _label(option_cards(d.options[0])),
        not costly,
        extra,
        attempt_id=attempt_id,
        categories=(category,),
        categories_missed=(category,) if costly else (),
    )


def file_decisions(store: Store, learner: str, game: ReviewedGame, today: dt.date) -> Filed:
    """File the learner's settled decisions of ``game`` (see the module docs); the caller has
    checked that the game is this learner's own."""
    decisions = items = 0
    attempts = [(d, decision_attempt(game, d, learner)) for d in settled_decisions(game)]
    filed = store.stored_attempt_ids(learner, [attempt.attempt_id for _, attempt in attempts])
    for d, attempt in attempts:
        if attempt.attempt_id in filed or not store.record_attempt(learner, attempt):
            continue  # filed before (or not saved: filed with a later filing)
        decisions += 1
        if not attempt.correct:
            made = store.record_miss(
                learner,
                GAME_KIND,
                game_position(game.game_id, d.hand_no, d.step),
                partial(after_miss, today=today),
            )
            items += made is not None
    figures = False
    if game.final.result is not None:
        mine = game.review.summary(LEARNER)
        figures = store.set_game_figures(learner, game.game_id, mine.skill, mine.luck, mine.errors)
    return Filed(decisions, items, figures)
