"""Games between friends: one row a game, its seats, its moves and a version, moved by compare-and-set.

A friend game (``friend_games``) has an id (a UUID), a short join code to type or send, its
seats (each bound to a learner, or without one to the browser that took it, as a saved game's
owner is: :class:`~tutor.store.saved_games.GameOwner`; or to a computer level; or still free),
the game as JSON (the caller's: the store never reads it) and a version, raised by one at
every change. :func:`make_move` is the only way the game moves: in one write transaction it
checks that the visitor holds the seat that moves (or that the seat is the computer's and the
visitor holds another), that every seat is taken (``NotStarted``), that the game is still at the version the visitor saw, lets the
caller's pure ``advance`` check the move by the rules and make the new game, and writes it
only where the version is still the one read. So two clicks at once never both land (the
second finds the version moved on: ``StaleGame``), and a move out of turn or against the
rules raises and changes nothing. A computer's move is checked the same way: whichever of
the players' pages sends it at a version, it lands at most once (the others find the version
moved on).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tutor.store.engine import _now, _with_retry, _writing
from tutor.store.saved_games import GameOwner, StaleGame
from tutor.store.schema import METADATA, StoreError

__all__ = [
    "FRIEND_GAMES",
    "CODE_LETTERS",
    "CODE_LENGTH",
    "Seat",
    "FriendGame",
    "NotYourSeat",
    "NoSuchFriendGame",
    "NotStarted",
    "clean_code",
    "create_friend_game",
    "friend_game",
    "friend_version",
    "take_seat",
    "make_move",
    "seat_to_bot",
]

FRIEND_GAMES = sa.Table(
    "friend_games",
    METADATA,
    sa.Column("id", sa.String(36), primary_key=True),
    sa.Column("code", sa.String(8), nullable=False, unique=True),
    # JSON: one [learner, browser, bot level] per seat (all null: the seat is free)
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime, nullable=False),
    sa.Column("updated_at", sa.DateTime, nullable=False),
)

#: A join code's letters: capitals and digits without the look-alikes (0 O, 1 I L).
CODE_LETTERS: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6


class NotYourSeat(StoreError):
    """The visitor does not hold the seat that would move (or holds no seat: they watch)."""


class NoSuchFriendGame(StoreError):
    """No friend game has this id or code."""


class NotStarted(StoreError):
    """A move before every seat is taken: the game starts when the last friend has joined."""


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a learner, else the browser that took it (a hash), else a computer
    ``bot`` level; none of them: the seat is free."""

    learner: str | None = None
    browser: str | None = None
    bot: str | None = None

    @property
    def free(self) -> bool:
        """Whether nobody has taken the seat yet."""
        return not (self.learner or self.browser or self.bot)

    def held_by(self, learner: str | None, browser: str | None) -> bool:
        """Whether this visitor holds the seat (as :meth:`GameOwner.allows`, but a free or a
        computer's seat is nobody's).

        >>> Seat("Sam", "b1").held_by("Sam", "b2"), Seat(None, "b1").held_by(None, "b1")
        (True, True)
        >>> Seat(None, "b1").held_by("Ann", "b2"), Seat().held_by(None, "b1")
        (False, False)
        """
        if self.free or self.bot:
            return False
        return GameOwner(self.learner, self.browser).allows(learner, browser)


@dataclass(frozen=True)
class FriendGame:
    """A friend game as stored: ``data`` is the caller's JSON, ``version`` its change counter."""

    id: str
    code: str
    seats: tuple[Seat, ...]
    version: int
    finished: bool
    data: Any
    updated_at: Any

    def seat_of(self, learner: str | None, browser: str | None) -> int | None:
        """The seat this visitor holds, or None (they watch)."""
        return next(
            (i for i, seat in enumerate(self.seats) if seat.held_by(learner, browser)), None
        )


def clean_code(text: object) -> str | None:
    """A join code as typed (any case, spaces and dashes), or None if it cannot be one.

    >>> clean_code(" ab-c d23 "), clean_code("ABC"), clean_code("ABCDE0")
    ('ABCD23', None, None)
    """
    if not isinstance(text, str):
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CODE_LENGTH or any(ch not in CODE_LETTERS for ch in code):
        return None
    return code


def _seats_json(seats: Sequence[Seat]) -> str:
    return json.dumps([[s.learner, s.browser, s.bot] for s in seats])


def _read_seats(text: str) -> tuple[Seat, ...]:
    return tuple(Seat(*(None if v is None else str(v) for v in item)) for item in json.loads(text))


def _row_game(row: Any) -> FriendGame:
    return FriendGame(
        str(row.id),
        str(row.code),
        _read_seats(row.seats),
        int(row.version),
        bool(row.finished),
        json.loads(row.data),
        row.updated_at,
    )


def create_friend_game(
    engine: Engine,
    game_id: str,
    data: Mapping[str, Any],
    players: int,
    learner: str | None,
    browser: str | None,
    bots: Mapping[int, str] | None = None,
) -> FriendGame:
    """A new friend game of ``players`` seats: seat 0 is the visitor's, each seat in ``bots``
    the computer's at its level, the others free for friends; a fresh join code. Raises
    ``StoreError`` for a visitor who is nobody (no learner, no browser) or a bot seat that
    is not one of the others."""
    game_id = str(game_id)
    if not game_id or len(game_id) > 36:
        raise StoreError("a game id is a UUID string of at most 36 characters")
    if not (learner or browser):
        raise StoreError("a friend game is started by a learner or a browser")
    if players not in (2, 3, 4):
        raise StoreError(f"a friend game has 2, 3 or 4 seats, got {players!r}")
    bots = dict(bots or {})
    if any(not (isinstance(s, int) and 0 < s < players) for s in bots):
        raise StoreError(f"the computer's seats are 1-{players - 1}, got {sorted(bots)!r}")
    if any(not (isinstance(level, str) and 0 < len(level) <= 40) for level in bots.values()):
        raise StoreError("a computer's level is a name of 1-40 characters")
    seats = (Seat(learner, browser),) + tuple(
        Seat(bot=bots[s]) if s in bots else Seat() for s in range(1, players)
    )
    text = json.dumps(dict(data), separators=(",", ":"))

    def write() -> FriendGame:
        for _ in range(8):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            now = _now()
            try:
                with _writing(engine) as conn:
                    conn.execute(
                        FRIEND_GAMES.insert().values(
                            id=game_id,
                            code=code,
                            seats=_seats_json(seats),
                            version=1,
                            finished=False,
                            data=text,
                            created_at=now,
                            updated_at=now,
                        )
                    )
            except IntegrityError:
                if friend_game(engine, game_id) is not None:
                    raise StoreError(f"game {game_id} exists already") from None
                continue  # the code was taken: draw another
            return FriendGame(game_id, code, seats, 1, False, json.loads(text), now)
        raise StoreError("no free join code found: try again")

    result: FriendGame = _with_retry(write)
    return result


def _select(conn: Connection, game_id: str | None = None, code: str | None = None) -> Any:
    query = sa.select(FRIEND_GAMES)
    if game_id is not None:
        query = query.where(FRIEND_GAMES.c.id == str(game_id)[:36])
    else:
        query = query.where(FRIEND_GAMES.c.code == str(code)[:8])
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return conn.execute(query).first()


def friend_game(
    engine: Engine, game_id: str | None = None, code: str | None = None
) -> FriendGame | None:
    """The friend game with this id (or join ``code``), or None."""
    with engine.connect() as conn:
        query = sa.select(FRIEND_GAMES)
        if game_id is not None:
            query = query.where(FRIEND_GAMES.c.id == str(game_id)[:36])
        else:
            query = query.where(FRIEND_GAMES.c.code == str(code)[:8])
        row = conn.execute(query).first()
    return None if row is None else _row_game(row)


def friend_version(engine: Engine, game_id: str) -> int | None:
    """The game's version alone (what a page checks every second), or None if there is no game."""
    with engine.connect() as conn:
        found = conn.scalar(
            sa.select(FRIEND_GAMES.c.version).where(FRIEND_GAMES.c.id == str(game_id)[:36])
        )
    return None if found is None else int(found)


def take_seat(engine: Engine, game_id: str, learner: str | None, browser: str | None) -> int | None:
    """The seat this visitor holds in the game, taking the first free one if they hold none;
    None when every seat is taken (they watch). Taking a seat raises the version."""
    if not (learner or browser):
        return None

    def write() -> int | None:
        with _writing(engine) as conn:
            row = _select(conn, game_id)
            if row is None:
                raise NoSuchFriendGame(f"there is no friend game {game_id}")
            game = _row_game(row)
            held = game.seat_of(learner, browser)
            if held is not None:
                return held
            free = next((i for i, s in enumerate(game.seats) if s.free), None)
            if free is None:
                return None
            seats = list(game.seats)
            seats[free] = Seat(learner, browser)
            done = conn.execute(
                FRIEND_GAMES.update()
                .where(FRIEND_GAMES.c.id == game.id, FRIEND_GAMES.c.version == game.version)
                .values(seats=_seats_json(seats), version=game.version + 1, updated_at=_now())
            )
            if done.rowcount != 1:
                raise StaleGame(f"game {game.id} moved on while a seat was taken: try again")
            return free

    result: int | None = _with_retry(write)
    return result


def make_move(
    engine: Engine,
    game_id: str,
    seat: int,
    version: int,
    learner: str | None,
    browser: str | None,
    advance: Callable[[Any], tuple[Mapping[str, Any], bool]],
) -> FriendGame:
    """Move seat ``seat`` of the game that the visitor saw at ``version``: compare-and-set.

    In one write transaction: the visitor must hold ``seat``, or hold another seat while
    ``seat`` is the computer's (``NotYourSeat``); the game must still be at ``version``
    (``StaleGame``); ``advance(data)`` checks the move by the rules (raising, e.g. the engine's
    ``IllegalMove``) and returns the new data and whether the game is over. The row is written
    only where the version is still ``version``. Anything raised changes nothing.
    """

    def write() -> FriendGame:
        with _writing(engine) as conn:
            row = _select(conn, game_id)
            if row is None:
                raise NoSuchFriendGame(f"there is no friend game {game_id}")
            game = _row_game(row)
            if not 0 <= seat < len(game.seats):
                raise NotYourSeat(f"no seat {seat!r}: seats are 0-{len(game.seats) - 1}")
            mine = game.seat_of(learner, browser)
            if mine is None:
                raise NotYourSeat("you hold no seat in this game: you can only watch it")
            if mine != seat and not game.seats[seat].bot:
                raise NotYourSeat(f"seat {seat} is not yours: you play seat {mine}")
            if any(s.free for s in game.seats):
                raise NotStarted("the game starts when every seat is taken: wait for your friends")
            if game.version != version:
                raise StaleGame(
                    f"the game moved on (to version {game.version}) since this page showed "
                    f"version {version}: look again"
                )
            data, finished = advance(game.data)
            text = json.dumps(dict(data), separators=(",", ":"))
            now = _now()
            done = conn.execute(
                FRIEND_GAMES.update()
                .where(FRIEND_GAMES.c.id == game.id, FRIEND_GAMES.c.version == version)
                .values(data=text, version=version + 1, finished=bool(finished), updated_at=now)
            )
            if done.rowcount != 1:
                raise StaleGame(f"the game moved on since version {version}: look again")
            return FriendGame(
                game.id,
                game.code,
                game.seats,
                version + 1,
                bool(finished),
                json.loads(text),
                now,
            )

    result: FriendGame = _with_retry(write)
    return result


def seat_to_bot(
    engine: Engine,
    game_id: str,
    seat: int,
    level: str,
    version: int,
    learner: str | None,
    browser: str | None,
) -> FriendGame:
    """Let the computer (at ``level``) play seat ``seat`` from now on: only a visitor who holds
    another seat may ask, for a seat that is free or a person's (who left). Compare-and-set on
    ``version`` as :func:`make_move`."""

    def write() -> FriendGame:
        with _writing(engine) as conn:
            row = _select(conn, game_id)
            if row is None:
                raise NoSuchFriendGame(f"there is no friend game {game_id}")
            game = _row_game(row)
            mine = game.seat_of(learner, browser)
            if mine is None or mine == seat or not 0 <= seat < len(game.seats):
                raise NotYourSeat(
                    "only another player of this game can hand a seat to the computer"
                )
            if game.version != version:
                raise StaleGame(f"the game moved on since version {version}: look again")
            seats = list(game.seats)
            seats[seat] = Seat(bot=str(level)[:40])
            now = _now()
            done = conn.execute(
                FRIEND_GAMES.update()
                .where(FRIEND_GAMES.c.id == game.id, FRIEND_GAMES.c.version == version)
                .values(seats=_seats_json(seats), version=version + 1, updated_at=now)
            )
            if done.rowcount != 1:
                raise StaleGame(f"the game moved on since version {version}: look again")
            return FriendGame(
                game.id, game.code, tuple(seats), version + 1, game.finished, game.data, now
            )

    result: FriendGame = _with_retry(write)
    return result
