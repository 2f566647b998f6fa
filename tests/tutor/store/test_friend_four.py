"""Games of four with friends in the store: seats for friends and for the computer, joins,
moves refused out of turn or before the game starts, the computer's moves landing once.

Like tests/tutor/store/test_friend_games.py, every test runs on a fresh SQLite file and, when
``DATABASE_URL`` is set (``scripts/with_postgres.sh``), again on that PostgreSQL database.
"""

from __future__ import annotations

import dataclasses
import random
import threading
import uuid
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from cribbage_core.errors import NotYourTurn
from cribbage_core.game import Phase, Play
from cribbage_core.record import NextDeal, Step
from tutor import store
from tutor.play import friend
from tutor.play.session import PlaySession
from tutor.store import friend_games as fg

SAM, ANN = ("Sam", "b-sam"), (None, "b-ann")


def new_four(engine: Engine, bots: dict[int, str], seed: int = 11) -> fg.FriendGame:
    record = friend.new_record(friend.FriendSettings(target=61, players=4), seed=seed)
    return fg.create_friend_game(
        engine, str(uuid.uuid4()), friend.to_data(record), 4, *SAM, bots=bots
    )


def mover(seat: int, step: Step) -> Any:
    def advance(data: Any) -> tuple[dict[str, Any], bool]:
        record, level = friend.read_data(data)
        after, state = friend.advanced(record, seat, step)
        return friend.to_data(after, level), state.is_over

    return advance


def read(engine: Engine, game_id: str) -> fg.FriendGame:
    game = fg.friend_game(engine, game_id)
    assert game is not None
    return game


def record_of(game: fg.FriendGame) -> Any:
    return friend.read_data(game.data)[0]


def test_a_game_of_four_has_its_computer_seats_taken_and_friends_join_the_free_ones(
    engine: Engine,
) -> None:
    game = new_four(engine, {2: "easy", 3: "hard"})
    assert game.seats == (fg.Seat(*SAM), fg.Seat(), fg.Seat(bot="easy"), fg.Seat(bot="hard"))
    assert fg.take_seat(engine, game.id, *ANN) == 1
    assert fg.take_seat(engine, game.id, *ANN) == 1  # a reload rejoins the seat
    assert fg.take_seat(engine, game.id, "Raj", "b-raj") is None  # every seat taken: watches
    two_friends = new_four(engine, {3: "medium"})
    assert fg.take_seat(engine, two_friends.id, *ANN) == 1
    assert fg.take_seat(engine, two_friends.id, "Raj", "b-raj") == 2  # Sam's partner
    assert fg.take_seat(engine, two_friends.id, "Raj", "elsewhere") == 2
    assert read(engine, two_friends.id).seats[2] == fg.Seat("Raj", "b-raj")


@pytest.mark.parametrize("bots", [{0: "easy"}, {4: "easy"}, {1: ""}, {1: "x" * 41}])
def test_the_computer_takes_only_the_other_seats(engine: Engine, bots: dict[int, str]) -> None:
    with pytest.raises(store.StoreError):
        new_four(engine, bots)


def test_nothing_moves_before_every_friend_has_joined(engine: Engine) -> None:
    game = new_four(engine, {2: "easy", 3: "easy"})
    state = record_of(game).final()
    with pytest.raises(fg.NotStarted):
        fg.make_move(engine, game.id, 0, 1, *SAM, mover(0, state.legal_for(0)[0]))
    with pytest.raises(fg.NotStarted):  # nor the computer's seats
        fg.make_move(engine, game.id, 2, 1, *SAM, mover(2, state.legal_for(2)[0]))
    assert read(engine, game.id).version == 1


def test_a_move_lands_only_from_its_own_seat_and_in_turn(engine: Engine) -> None:
    game = new_four(engine, {2: "easy", 3: "easy"})
    fg.take_seat(engine, game.id, *ANN)
    game = read(engine, game.id)
    state = record_of(game).final()
    # Ann (seat 1) may move the computer's seats but not Sam's; a watcher nothing
    with pytest.raises(fg.NotYourSeat, match="not yours"):
        fg.make_move(engine, game.id, 0, game.version, *ANN, mover(0, state.legal_for(0)[0]))
    with pytest.raises(fg.NotYourSeat, match="only watch"):
        fg.make_move(engine, game.id, 2, game.version, None, "b-x", mover(2, state.legal_for(2)[0]))
    # everyone lays away; then a card from any seat but the one to act is refused
    for seat, who in ((0, SAM), (1, ANN), (2, ANN), (3, SAM)):
        state = record_of(game).final()
        step = friend.bot_step(record_of(game), seat, "easy", state)
        game = fg.make_move(engine, game.id, seat, game.version, *who, mover(seat, step))
    state = record_of(game).final()
    assert state.phase is Phase.PLAY
    wrong = next(s for s in (0, 1) if s != state.to_act)
    card = state.hands[wrong][0]
    with pytest.raises(NotYourTurn):
        fg.make_move(
            engine,
            game.id,
            wrong,
            game.version,
            *(SAM if wrong == 0 else ANN),
            mover(wrong, Play(wrong, card)),
        )
    assert read(engine, game.id).version == game.version


def test_two_pages_sending_the_computers_move_at_once_make_it_once(engine: Engine) -> None:
    game = new_four(engine, {2: "easy", 3: "medium"})
    fg.take_seat(engine, game.id, *ANN)
    game = read(engine, game.id)
    record = record_of(game)
    step = friend.bot_step(record, 2, "easy")
    landed: list[int] = []
    refused: list[str] = []
    start = threading.Barrier(4)

    def send(who: tuple[str | None, str]) -> None:  # two browsers of each player, polling
        start.wait()
        try:
            fg.make_move(engine, game.id, 2, game.version, *who, mover(2, step))
            landed.append(1)
        except store.StaleGame as error:
            refused.append(str(error))

    threads = [threading.Thread(target=send, args=(w,)) for w in (SAM, ANN, SAM, ANN)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(landed) == 1 and len(refused) == 3
    stored = read(engine, game.id)
    assert stored.version == game.version + 1
    assert record_of(stored).steps == (step,)
    # sent again later at the version it saw: refused, nothing changes
    with pytest.raises(store.StaleGame):
        fg.make_move(engine, game.id, 2, game.version, *SAM, mover(2, step))
    assert read(engine, game.id).version == stored.version


def test_a_whole_game_of_four_each_sees_only_its_hand_and_each_gets_its_review(
    engine: Engine,
) -> None:
    game = new_four(engine, {1: "easy", 3: "medium"}, seed=4)
    fg.take_seat(engine, game.id, "Raj", "b-raj")  # Sam's partner, opposite him
    game = read(engine, game.id)
    assert game.seats[2] == fg.Seat("Raj", "b-raj")
    rng = random.Random(4)
    people = {0: SAM, 2: ("Raj", "b-raj")}
    while not game.finished:
        record = record_of(game)
        state = record.final()
        for seat in (0, 2):  # neither sees the partner's cards before the show
            seen = friend.view(record, seat, state).seen
            assert seen.hand == state.hands[seat]
            if seen.hands_shown is None:
                laid = {card for _, card in seen.played}
                hidden = [c for c in state.hands[(seat + 2) % 4] if c not in laid]
                now = dataclasses.replace(  # earlier hands' log holds cards dealt again since
                    seen, log=tuple(e for e in seen.log if e.hand_no == state.hand_no)
                )
                assert not any(repr(c) in repr(now) for c in hidden)
        seat = rng.choice(friend.view(record, None, state).to_act)
        if state.phase is Phase.DEAL:
            step: Step = NextDeal()
        elif seat in people:
            step = rng.choice(state.legal_for(seat))
        else:
            step = friend.bot_step(record, seat, str(game.seats[seat].bot), state)
        who = people.get(seat, SAM)
        game = fg.make_move(engine, game.id, seat, game.version, *who, mover(seat, step))
    final = record_of(game).final()
    assert final.result is not None and max(final.scores) >= 61
    for seat in range(4):
        session = PlaySession.from_dict(friend.review_save(record_of(game), seat, "r", ""))
        assert session.state.scores[0] == final.scores[seat % 2]  # their side, as side 0
        assert session.state.hands == tuple(
            final.hands[(seat + k) % 4] for k in range(4)
        )  # the same cards, turned round
