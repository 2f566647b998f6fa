"""Games in progress: the Play page saves one after every action, compare-and-set on its move counter."""


from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.schema import SAVED_GAMES, StoreError

# ---------------------------------------------------------------------------------------------
# Games in progress (the Play page saves one after every action)


class StaleGame(StoreError):
    """The saved game moved on since it was read (another tab, or a double click): reload it."""


class UnreadableSave(StoreError):
    """A saved game whose stored text is not JSON (damaged, or edited by hand)."""


def save_game(
    engine: Engine,
    game_id: str,
    data: Mapping[str, Any],
    *,
    moves: int,
    previous: int | None,
    finished: bool = False,
    learner: str | None = None,
) -> None:
    """Save a game in progress as JSON: ``moves`` is its move counter now, ``previous`` the
    counter this caller last saved or loaded (None for a new game).

    Compare-and-set: the row is written only if the stored game is still at ``previous``, so
    a second tab (or a double click) cannot overwrite a later move with an earlier one; a lost
    race raises ``StaleGame`` and changes nothing.
    """
    game_id = str(game_id)
    if not game_id or len(game_id) > 36:
        raise StoreError("a game id is a UUID string of at most 36 characters")
    text = json.dumps(dict(data), separators=(",", ":"))
    now = _now()

    def write() -> None:
        with _writing(engine) as conn:
            found = conn.execute(
                sa.select(SAVED_GAMES.c.moves).where(SAVED_GAMES.c.id == game_id)
            ).first()
            if found is None:
                if previous is not None:
                    raise StaleGame(f"game {game_id} is not saved any more: start a new game")
                conn.execute(
                    SAVED_GAMES.insert().values(
                        id=game_id, learner=learner, moves=moves, finished=finished, data=text,
                        created_at=now, updated_at=now,
                    )
                )  # fmt: skip
                return
            if previous is None or int(found.moves) != previous:
                raise StaleGame(
                    f"game {game_id} was saved at move {found.moves} elsewhere since this page "
                    f"read it at move {previous}: reload the game"
                )
            conn.execute(
                SAVED_GAMES.update()
                .where(SAVED_GAMES.c.id == game_id)
                .values(moves=moves, finished=finished, data=text, updated_at=now)
            )

    _with_retry(write)


def load_game(engine: Engine, game_id: str) -> tuple[int, Any] | None:
    """``(moves, data)`` of a saved game, or None when there is no game with that id.

    ``data`` is the JSON as stored, whatever it holds: the reader checks it. Text that is not
    JSON raises ``UnreadableSave``.
    """
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(SAVED_GAMES.c.moves, SAVED_GAMES.c.data).where(
                SAVED_GAMES.c.id == str(game_id)[:36]
            )
        ).first()
    if row is None:
        return None
    try:
        return int(row.moves), json.loads(row.data)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, or an integer too long to read
        raise UnreadableSave(f"game {game_id}: the saved text is not JSON ({str(error)[:80]})") from error
