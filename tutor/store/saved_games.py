"""Games in progress: the Play page saves one after every action, compare-and-set on its move counter.

Beside each saved game, the analysis of its hands (``hand_reviews``: one row per hand and seat,
the JSON of ``cribbage_core.coach.game_review.HandReview`` with the version and the steps it was made
from), kept by :func:`keep_hand_reviews` and read back by :func:`load_own_hand_reviews`, both
only for a visitor who may play the game, as the game itself.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor.store.engine import _now, _one_statement, _with_retry, _writing
from tutor.store.schema import HAND_REVIEWS, SAVED_GAMES, StoreError

# ---------------------------------------------------------------------------------------------
# Games in progress (the Play page saves one after every action)


class StaleGame(StoreError):
    """The saved game moved on since it was read (another tab, or a double click): reload it."""


class NotYourGame(StoreError):
    """The saved game belongs to another learner (or another visitor's session): it is only watched."""


class UnreadableSave(StoreError):
    """A saved game whose stored text is not JSON (damaged, or edited by hand), or is far
    longer than any real game's (``MAX_SAVE_CHARS``)."""


#: The longest saved text read back: a four-player game to 121 with take-backs is under 60 KB,
#: and a longer text is refused before it is parsed (and so before it is replayed).
MAX_SAVE_CHARS = 256 * 1024


def save_game(
    engine: Engine,
    game_id: str,
    data: Mapping[str, Any],
    *,
    moves: int,
    previous: int | None,
    finished: bool = False,
    learner: str | None = None,
    browser: str | None = None,
) -> None:
    """Save a game in progress as JSON: ``moves`` is its move counter now, ``previous`` the
    counter this caller last saved or loaded (None for a new game).

    Compare-and-set: the row is written only if the stored game is still at ``previous``, so
    a second tab (or a double click) cannot overwrite a later move with an earlier one; a lost
    race raises ``StaleGame`` and changes nothing.

    A game belongs to whoever started it: its ``learner``, or without one the session whose
    ``browser`` key (a hash) started it. A save by anyone else raises ``NotYourGame`` and
    changes nothing. A game saved before games had owners goes to its first saver.
    """
    game_id = str(game_id)
    if not game_id or len(game_id) > 36:
        raise StoreError("a game id is a UUID string of at most 36 characters")
    text = json.dumps(dict(data), separators=(",", ":"))
    now = _now()

    def write() -> None:
        if previous is not None and _save_own_move(
            engine, game_id, moves, previous, finished, text, now, learner, browser
        ):
            return
        with _writing(engine) as conn:
            found = conn.execute(
                sa.select(SAVED_GAMES.c.moves, SAVED_GAMES.c.learner, SAVED_GAMES.c.browser).where(
                    SAVED_GAMES.c.id == game_id
                )
            ).first()
            if found is None:
                if previous is not None:
                    raise StaleGame(f"game {game_id} is not saved any more: start a new game")
                conn.execute(
                    SAVED_GAMES.insert().values(
                        id=game_id,
                        learner=learner,
                        browser=browser,
                        moves=moves,
                        finished=finished,
                        data=text,
                        created_at=now,
                        updated_at=now,
                    )
                )
                return
            owner = GameOwner(found.learner, found.browser)
            if previous is not None and not owner.allows(learner, browser):
                raise NotYourGame(f"game {game_id} belongs to someone else: it can only be watched")
            if previous is None or int(found.moves) != previous:
                raise StaleGame(
                    f"game {game_id} was saved at move {found.moves} elsewhere since this page "
                    f"read it at move {previous}: reload the game"
                )
            conn.execute(
                SAVED_GAMES.update()
                .where(SAVED_GAMES.c.id == game_id)
                .values(
                    moves=moves,
                    finished=finished,
                    data=text,
                    updated_at=now,
                    **({} if owner.claimed else {"learner": learner, "browser": browser}),
                )
            )

    _with_retry(write)


def _save_own_move(
    engine: Engine,
    game_id: str,
    moves: int,
    previous: int,
    finished: bool,
    text: str,
    now: dt.datetime,
    learner: str | None,
    browser: str | None,
) -> bool:
    """The common save in one statement: the caller's own game, stored at the move it last saved.

    True when that row was written. False when the game is not saved, has moved on, belongs to
    someone else or to nobody yet: nothing is written, and :func:`save_game`'s reading path
    decides (and says) what happens. The condition is the one that path checks, narrowed to an
    owner named in the row (``GameOwner.allows``), so both paths write the same rows.
    """
    if learner:
        own = SAVED_GAMES.c.learner == learner
    elif browser:
        no_learner = sa.or_(SAVED_GAMES.c.learner.is_(None), SAVED_GAMES.c.learner == "")
        own = sa.and_(no_learner, SAVED_GAMES.c.browser == browser)
    else:
        return False
    with _one_statement(engine) as conn:
        written = conn.execute(
            SAVED_GAMES.update()
            .where(SAVED_GAMES.c.id == game_id, SAVED_GAMES.c.moves == previous, own)
            .values(moves=moves, finished=finished, data=text, updated_at=now)
        ).rowcount
    return bool(written == 1)


@dataclass(frozen=True)
class GameOwner:
    """Who a saved game belongs to: its learner, else the session that started it (``browser``,
    a hash of that session's key); neither for a game saved before games had owners."""

    learner: str | None
    browser: str | None

    @property
    def claimed(self) -> bool:
        """Whether the game has an owner (an old save has none until someone saves it)."""
        return bool(self.learner or self.browser)

    def allows(self, learner: str | None, browser: str | None) -> bool:
        """Whether a visitor who is ``learner`` (or nobody) in the session ``browser`` may play it.

        >>> GameOwner("Sam", "b1").allows("Sam", "b2"), GameOwner("Sam", "b1").allows(None, "b1")
        (True, False)
        >>> GameOwner(None, "b1").allows("Ann", "b1"), GameOwner(None, None).allows(None, "b9")
        (True, True)
        """
        if self.learner:
            return learner == self.learner
        if self.browser:
            return browser == self.browser
        return True


def game_owner(engine: Engine, game_id: str) -> GameOwner | None:
    """Who the saved game ``game_id`` belongs to (None when there is no such game)."""
    with engine.connect() as conn:
        row = conn.execute(
            sa.select(SAVED_GAMES.c.learner, SAVED_GAMES.c.browser).where(
                SAVED_GAMES.c.id == str(game_id)[:36]
            )
        ).first()
    return None if row is None else GameOwner(row.learner, row.browser)


def load_own_game(
    engine: Engine, game_id: str, learner: str | None, browser: str | None = None
) -> tuple[int, Any] | None:
    """``(moves, data)`` of a saved game that the visitor (``learner``, else the session whose
    owner key is ``browser``) may play (:meth:`GameOwner.allows`), or None when there is no such
    game *of theirs*: another's game is not told apart from a missing one, so an address cannot
    be used to find out which ids exist. ``UnreadableSave`` as :func:`load_game`.
    """
    owner = game_owner(engine, game_id)
    if owner is None or not owner.allows(learner, browser):
        return None
    return load_game(engine, game_id)


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
    if len(row.data) > MAX_SAVE_CHARS:
        raise UnreadableSave(
            f"game {game_id}: the saved text has {len(row.data)} characters, more than any game's "
            f"({MAX_SAVE_CHARS})"
        )
    try:
        return int(row.moves), json.loads(row.data)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, or an integer too long to read
        raise UnreadableSave(
            f"game {game_id}: the saved text is not JSON ({str(error)[:80]})"
        ) from error


# ---------------------------------------------------------------------------------------------
# Each hand's analysis, kept beside its saved game


@dataclass(frozen=True)
class KeptHand:
    """One seat's analysed hand of a saved game as kept: which, the review version and the key
    of the steps it was made from (the reader checks both), and the analysis as JSON data."""

    hand_no: int
    seat: int
    version: int
    line_key: str
    data: Mapping[str, Any]


def keep_hand_reviews(
    engine: Engine,
    game_id: str,
    hands: Sequence[KeptHand],
    learner: str | None,
    browser: str | None = None,
) -> bool:
    """Keep ``hands`` beside the saved game ``game_id`` (each replaces what was kept for its hand
    and seat), in one transaction. Nothing is kept (False) unless the game is saved and the
    visitor (``learner``, else the session ``browser``) may play it (:meth:`GameOwner.allows`).
    A hand kept already by the same version from the same steps is not written again (a review
    opened in a new session keeps the hands its cached analysis made: nothing changes)."""
    game_id = str(game_id)[:36]
    now = _now()
    rows = [
        {
            "game_id": game_id,
            "hand_no": int(h.hand_no),
            "seat": int(h.seat),
            "version": int(h.version),
            "line_key": str(h.line_key)[:64],
            "data": json.dumps(dict(h.data), separators=(",", ":")),
            "updated_at": now,
        }
        for h in hands
    ]
    owner = game_owner(engine, game_id)
    if owner is None or not owner.allows(learner, browser):
        return False
    with engine.connect() as conn:
        kept = {
            (r.hand_no, r.seat): (r.version, r.line_key)
            for r in conn.execute(
                sa.select(
                    HAND_REVIEWS.c.hand_no,
                    HAND_REVIEWS.c.seat,
                    HAND_REVIEWS.c.version,
                    HAND_REVIEWS.c.line_key,
                ).where(HAND_REVIEWS.c.game_id == game_id)
            )
        }
    # a hand kept by the same version from the same steps is the same analysis: nothing to write
    rows = [r for r in rows if kept.get((r["hand_no"], r["seat"])) != (r["version"], r["line_key"])]
    if not rows:
        return True

    def write() -> bool:
        with _writing(engine) as conn:
            found = conn.execute(
                sa.select(SAVED_GAMES.c.learner, SAVED_GAMES.c.browser).where(
                    SAVED_GAMES.c.id == game_id
                )
            ).first()
            if found is None or not GameOwner(found.learner, found.browser).allows(
                learner, browser
            ):
                return False
            for row in rows:
                conn.execute(
                    HAND_REVIEWS.delete().where(
                        HAND_REVIEWS.c.game_id == game_id,
                        HAND_REVIEWS.c.hand_no == row["hand_no"],
                        HAND_REVIEWS.c.seat == row["seat"],
                    )
                )
            conn.execute(HAND_REVIEWS.insert(), rows)
            return True

    return bool(_with_retry(write))


def load_own_hand_reviews(
    engine: Engine, game_id: str, learner: str | None, browser: str | None = None
) -> list[KeptHand]:
    """The hands kept beside the saved game ``game_id``, by hand and seat, if the visitor may play
    the game (none otherwise, as for a missing game). A row whose text is not JSON is left out
    (the review analyses that hand again)."""
    owner = game_owner(engine, game_id)
    if owner is None or not owner.allows(learner, browser):
        return []
    query = (
        sa.select(
            HAND_REVIEWS.c.hand_no,
            HAND_REVIEWS.c.seat,
            HAND_REVIEWS.c.version,
            HAND_REVIEWS.c.line_key,
            HAND_REVIEWS.c.data,
        )
        .where(HAND_REVIEWS.c.game_id == str(game_id)[:36])
        .order_by(HAND_REVIEWS.c.hand_no, HAND_REVIEWS.c.seat)
    )
    kept = []
    with engine.connect() as conn:
        for row in conn.execute(query):
            try:
                data = json.loads(row.data)
            except (ValueError, RecursionError):
                continue
            if isinstance(data, dict):
                kept.append(
                    KeptHand(
                        int(row.hand_no), int(row.seat), int(row.version), str(row.line_key), data
                    )
                )
    return kept
