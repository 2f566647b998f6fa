"""``Store``'s methods for practice kept over days: review items, the daily five, rushes, the
first game.

A mixin of :class:`tutor.store.handle.Store` (which composes it): each method calls a function
of ``tutor.store.reviews``, ``tutor.store.rushes`` or ``tutor.store.first_games`` through the
handle's ``_for_learner`` (or ``_run``), which checks who may use the name and never raises.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from sqlalchemy.engine import Engine

from tutor.store.first_games import first_game_finished, record_first_game
from tutor.store.handle_core import _HandleCore
from tutor.store.records import Learner
from tutor.store.reviews import (
    RecallRow,
    ReviewItem,
    ReviewState,
    ScheduleUpdate,
    answer_review,
    daily_answers_of,
    daily_shares,
    due_count,
    due_items,
    next_due,
    recall_by_interval,
    record_daily_answer,
    record_miss,
    retire_item,
    review_item,
)
from tutor.store.rushes import record_rush, rush_best
from tutor.store.schema import REVIEW_KINDS


class _ReviewsHandle(_HandleCore):
    """Review items and the daily five (``tutor.store.reviews``), rushes, the first game."""

    def record_miss(
        self, learner_name: str, kind: str, position: Mapping[str, str], update: ScheduleUpdate
    ) -> int | None:
        """``record_miss`` for the named learner: the item's id (None when not saved)."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_miss(e, who.id, kind, position, update),
            None,
            writes=True,
        )

    def answer_review(
        self, learner_name: str, item_id: int, answer_id: str, correct: bool, update: ScheduleUpdate
    ) -> ReviewState | None:
        """``answer_review`` for the named learner (None: a repeat, not theirs, or not saved)."""
        return self._for_learner(
            learner_name,
            lambda e, who: answer_review(e, who.id, item_id, answer_id, correct, update),
            None,
            writes=True,
        )

    def retire_item(self, learner_name: str, item_id: int) -> None:
        """``retire_item`` for the named learner (nothing when the database is down)."""

        def retire(engine: Engine, who: Learner) -> None:
            retire_item(engine, who.id, item_id)

        self._for_learner(learner_name, retire, None, writes=True)

    def due_count(
        self, learner_name: str, today: dt.date, kinds: Sequence[str] = REVIEW_KINDS
    ) -> int:
        """How many of the learner's items are due ``today`` (0 when none or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: due_count(e, who.id, today, kinds), 0)

    def due_items(
        self,
        learner_name: str,
        today: dt.date,
        kinds: Sequence[str] = REVIEW_KINDS,
        limit: int = 20,
    ) -> list[ReviewItem]:
        """The learner's due items, worst first ([] when none or the database is down)."""
        return self._for_learner(
            learner_name, lambda e, who: due_items(e, who.id, today, kinds, limit), []
        )

    def review_item(self, learner_name: str, item_id: int) -> ReviewItem | None:
        """The learner's item ``item_id`` (None when absent or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: review_item(e, who.id, item_id), None)

    def next_due(self, learner_name: str, after: dt.date) -> dt.date | None:
        """The next day after ``after`` with an item due (None: none, or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: next_due(e, who.id, after), None)

    def recall(self, learner_name: str) -> list[RecallRow]:
        """Recall by interval on review ([] when none or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: recall_by_interval(e, who.id), [])

    def record_daily_answer(
        self, learner_name: str, day: dt.date, question: int, answer: str, correct: bool
    ) -> bool:
        """``record_daily_answer`` for the named learner; False if answered before or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_daily_answer(e, who.id, day, question, answer, correct),
            False,
            writes=True,
        )

    def daily_answers_of(self, learner_name: str, day: dt.date) -> dict[int, tuple[str, bool]]:
        """The learner's answers on ``day`` ({} when none or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: daily_answers_of(e, who.id, day), {})

    def daily_shares(self, day: dt.date, question: int) -> dict[str, int]:
        """Everyone's answers to one daily question ({} when none or the database is down)."""
        return self._run(lambda e: daily_shares(e, day, question), {})

    def record_rush(
        self, learner_name: str, run_id: str, day: dt.date, score: int, answered: int, combo: int
    ) -> bool:
        """``record_rush`` for the named learner; False if kept before or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_rush(e, who.id, run_id, day, score, answered, combo),
            False,
            writes=True,
        )

    def rush_best(self, learner_name: str, day: dt.date) -> int | None:
        """The learner's best rush on ``day`` (None: none, or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: rush_best(e, who.id, day), None)

    def record_first_game(self, learner_name: str) -> bool:
        """``record_first_game`` for the named learner; False if kept before or not saved (a
        busy database keeps it for later)."""
        return self._for_learner(
            learner_name, lambda e, who: record_first_game(e, who.id), False, writes=True
        )

    def first_game_finished(self, learner_name: str) -> dt.datetime | None:
        """When the learner first finished the coached first game (None: not yet, or down)."""
        return self._for_learner(learner_name, lambda e, who: first_game_finished(e, who.id), None)
