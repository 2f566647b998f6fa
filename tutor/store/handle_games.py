"""``Store``'s methods for games: saved games, games between friends, each hand's analysis kept.

A mixin of :class:`tutor.store.handle.Store` (which composes it): each method calls a function
of ``tutor.store.saved_games`` or ``tutor.store.friend_games`` within the database's deadline,
refuses a name protected by a PIN not given in this session, and never raises but for the
refusals its docstring names (``StaleGame``, ``NotYourGame``, ``NotYourSeat``...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from tutor.store.engine import within_deadline
from tutor.store.friend_games import (
    FriendGame,
    create_friend_game,
    friend_game,
    friend_version,
    make_move,
    seat_to_bot,
    take_seat,
)
from tutor.store.handle_core import _HandleCore
from tutor.store.problems import describe_error
from tutor.store.saved_games import (
    GameOwner,
    KeptHand,
    NotYourGame,
    StaleGame,
    game_owner,
    keep_hand_reviews,
    load_game,
    load_own_game,
    load_own_hand_reviews,
    save_game,
)


class _GamesHandle(_HandleCore):
    """Saved games, games between friends and kept hand reviews (``tutor.store.saved_games``,
    ``tutor.store.friend_games``)."""

    def save_game(self, game_id: str, data: Mapping[str, Any], **options: Any) -> bool:
        """``save_game``; False when not saved. ``StaleGame`` is raised (the caller reloads), and
        ``NotYourGame`` (the caller only watches)."""
        if self.engine is None:
            self.failures += 1
            return False
        learner = options.get("learner")
        if learner and not self.may_use(learner):
            if self.access_unknown(learner):
                self.failures += 1
                return False  # cannot be checked now: not saved (kept by the page), not let through
            raise NotYourGame(f"{learner!r} is protected by a PIN not given in this session")
        engine = self.engine
        try:
            within_deadline(engine, lambda: save_game(engine, game_id, data, **options))
        except (StaleGame, NotYourGame):
            raise
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            return False
        self.problem = None
        return True

    # -- games between friends (tutor.store.friend_games) --------------------------------

    def _friend_visitor(self, learner: str | None) -> str | None:
        """The learner a friend game binds a seat to: refused when protected and not granted."""
        if learner and not self.may_use(learner):
            raise NotYourGame(f"{learner!r} is protected by a PIN not given in this session")
        return learner or None

    def create_friend_game(
        self,
        game_id: str,
        data: Mapping[str, Any],
        players: int,
        learner: str | None,
        bots: Mapping[int, str] | None = None,
    ) -> FriendGame | None:
        """``create_friend_game`` for this visitor (None when the database is down)."""
        who = self._friend_visitor(learner)
        return self._run(
            lambda e: create_friend_game(e, game_id, data, players, who, self.browser, bots),
            None,
            writes=True,
        )

    def friend_game(self, game_id: str | None = None, code: str | None = None) -> FriendGame | None:
        """``friend_game`` (None when absent or when the database is down)."""
        return self._run(lambda e: friend_game(e, game_id, code), None)

    def friend_version(self, game_id: str) -> int | None:
        """``friend_version`` (None when absent or when the database is down)."""
        return self._run(lambda e: friend_version(e, game_id), None)

    def take_friend_seat(self, game_id: str, learner: str | None) -> int | None:
        """``take_seat`` for this visitor (None: they watch, or the database is down)."""
        who = self._friend_visitor(learner)
        return self._run(lambda e: take_seat(e, game_id, who, self.browser), None, writes=True)

    def friend_move(
        self,
        game_id: str,
        seat: int,
        version: int,
        learner: str | None,
        advance: Callable[[Any], tuple[Mapping[str, Any], bool]],
    ) -> FriendGame | None:
        """``make_move`` for this visitor. Raises what refuses the move (``StaleGame``,
        ``NotYourSeat``, the rules' ``CribbageError``); None when the database is down."""
        who = self._friend_visitor(learner)
        if self.engine is None:
            self.failures += 1
            return None
        engine = self.engine
        try:
            return within_deadline(
                engine,
                lambda: make_move(engine, game_id, seat, version, who, self.browser, advance),
            )
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            return None

    def friend_seat_to_bot(
        self, game_id: str, seat: int, level: str, version: int, learner: str | None
    ) -> FriendGame | None:
        """``seat_to_bot`` for this visitor (raises as :meth:`friend_move`)."""
        who = self._friend_visitor(learner)
        if self.engine is None:
            self.failures += 1
            return None
        engine = self.engine
        try:
            return within_deadline(
                engine,
                lambda: seat_to_bot(engine, game_id, seat, level, version, who, self.browser),
            )
        except (SQLAlchemyError, OSError) as error:
            self.problem = describe_error(error)
            self.failures += 1
            return None

    def game_owner(self, game_id: str) -> GameOwner | None:
        """Who the saved game belongs to (None when absent or when the database is down)."""
        return self._run(lambda e: game_owner(e, game_id), None)

    def load_game(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """``load_game`` (None when absent or when the database is down)."""
        return self._run(lambda e: load_game(e, game_id), None)

    def load_own_game(
        self, game_id: str, learner: str | None, browser: str | None = None
    ) -> tuple[int, dict[str, Any]] | None:
        """``load_own_game``: the game only if this visitor may play it (None when absent,
        another's, or when the database is down)."""
        return self._run(lambda e: load_own_game(e, game_id, learner, browser), None)

    def keep_hand_reviews(
        self,
        game_id: str,
        hands: Sequence[KeptHand],
        learner: str | None,
        browser: str | None = None,
    ) -> bool:
        """``keep_hand_reviews``: False when not kept (not this visitor's game, a name protected by
        a PIN not given here, or the database down)."""
        if learner and not self.may_use(learner):
            return False
        return self._run(
            lambda e: keep_hand_reviews(e, game_id, hands, learner, browser),
            False,
            writes=True,
            keep=True,
        )

    def hand_reviews(
        self, game_id: str, learner: str | None, browser: str | None = None
    ) -> list[KeptHand]:
        """``load_own_hand_reviews`` (none when absent, another's, or when the database is down)."""
        return self._run(lambda e: load_own_hand_reviews(e, game_id, learner, browser), [])
