"""``Store``'s methods for a learner's records: answers, finished games, language, preferences.

A mixin of :class:`tutor.store.handle.Store` (which composes it): each method calls a function
of ``tutor.store.records`` through the handle's ``_for_learner``, which checks who may use the
name and never raises.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy.engine import Engine

from tutor.store.handle_core import _HandleCore
from tutor.store.records import (
    ATTEMPT_COLUMNS,
    GAME_COLUMNS,
    Attempt,
    Learner,
    attempts_frame,
    export_csv,
    games_frame,
    learner_language,
    learner_preferences,
    record_game,
    set_game_figures,
    set_learner_language,
    set_learner_preferences,
    store_attempt,
    stored_attempt_ids,
)

if TYPE_CHECKING:
    import pandas as pd


class _RecordsHandle(_HandleCore):
    """The learner's answers, finished games, language and preferences (``tutor.store.records``)."""

    def record_attempt(self, learner_name: str, attempt: Attempt) -> bool:
        """Store ``attempt`` for the named learner; False if a repeat or not saved."""
        return self._for_learner(  # not kept here: tutor.quiz.attempts keeps it, with its miss
            learner_name,
            lambda e, who: store_attempt(e, who.id, attempt),
            False,
            writes=True,
            keep=False,
        )

    def stored_attempt_ids(self, learner_name: str, attempt_ids: Sequence[str]) -> set[str]:
        """``stored_attempt_ids`` for the named learner (none for an unknown name, or while the
        database is down)."""
        return self._for_learner(
            learner_name, lambda e, who: stored_attempt_ids(e, who.id, attempt_ids), set()
        )

    def record_game(self, learner_name: str, **game: Any) -> bool:
        """``record_game`` for the named learner; False if a repeat or not saved."""
        return self._for_learner(
            learner_name,
            lambda e, who: record_game(e, learner_id=who.id, **game),
            False,
            writes=True,
        )

    def set_game_figures(
        self, learner_name: str, game_id: str, skill: float, luck: float, errors: int
    ) -> bool:
        """``set_game_figures`` for the named learner; False when not kept."""
        return self._for_learner(
            learner_name,
            lambda e, who: set_game_figures(e, who.id, game_id, skill, luck, errors),
            False,
            writes=True,
        )

    def attempts_frame(
        self,
        learner_name: str,
        columns: Sequence[str] = tuple(ATTEMPT_COLUMNS),
        since: dt.datetime | None = None,
    ) -> pd.DataFrame:
        """The learner's attempts since ``since`` (empty when none or when the database is down)."""
        import pandas as pd

        empty = pd.DataFrame(columns=list(columns))
        return self._for_learner(
            learner_name,
            lambda e, who: attempts_frame(e, who.id, since=since, columns=columns),
            empty,
        )

    def games_frame(self, learner_name: str) -> pd.DataFrame:
        """The learner's finished games (empty when none or when the database is down)."""
        import pandas as pd

        empty = pd.DataFrame(columns=GAME_COLUMNS)
        return self._for_learner(learner_name, lambda e, who: games_frame(e, who.id), empty)

    def language(self, learner_name: str) -> str | None:
        """The language the learner last chose (None when unknown or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: learner_language(e, who.id), None)

    def set_language(self, learner_name: str, language: str) -> bool:
        """Remember the learner's language; False when not saved."""

        def remember(engine: Engine, who: Learner) -> bool:
            set_learner_language(engine, who.id, language)
            return True

        return self._for_learner(learner_name, remember, False, writes=True)

    def preferences(self, learner_name: str) -> dict[str, Any]:
        """The learner's saved preferences (``{}`` when none, unknown or the database is down)."""
        return self._for_learner(learner_name, lambda e, who: learner_preferences(e, who.id), {})

    def set_preferences(self, learner_name: str, preferences: Mapping[str, Any]) -> bool:
        """Keep the learner's preferences (the whole set: it replaces the last); False when not saved."""

        def remember(engine: Engine, who: Learner) -> bool:
            set_learner_preferences(engine, who.id, preferences)
            return True

        return self._for_learner(learner_name, remember, False, writes=True)

    def export_csv(self, learner_name: str) -> str:
        """The learner's attempts as CSV ("" when the database is down)."""
        return self._for_learner(learner_name, lambda e, who: export_csv(e, who.id), "")
