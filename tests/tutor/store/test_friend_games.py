"""Games between friends in the store: seats, the join code, moves by compare-and-set.

Like tests/tutor/store/test_store.py, every test runs on a fresh SQLite file and, when
``DATABASE_URL`` is set (``scripts/with_postgres.sh``), again on that PostgreSQL database.
"""

from __future__ import annotations

import random
import threading
import uuid
from typing import Any

import pytest
from sqlalchemy.engine import Engine

from cribbage_core.errors import CardNotInHand, NotYourTurn
from cribbage_core.game import Count, Muggins, Phase
from cribbage_core.record import NextDeal, Step
from cribbage_core.scoring import score_hand
from tutor import store
from tutor.play import friend
from tutor.store import friend_games as fg


def new_game(engine: Engine, learner: str | None = "Sam", browser: str = "b-sam") -> fg.FriendGame:
    record = friend.new_record(friend.FriendSettings(target=61), seed=11)
    return fg.create_friend_game(
        engine, str(uuid.uuid4()), friend.to_data(record), 2, learner, browser
    )


def mover(seat: int, step: Step) -> Any:
    def advance(data: Any) -> tuple[dict[str, Any], bool]:
        record, level = friend.read_data(data)
        after = friend.advance(record, seat, step)
        return friend.to_data(after, level), after.final().is_over

    return advance


def state_of(game: fg.FriendGame) -> Any:
    return friend.read_data(game.data)[0].final()


def test_a_new_game_has_a_code_seat_zero_for_its_maker_and_a_free_seat(engine: Engine) -> None:
    game = new_game(engine)
    assert fg.clean_code(game.code) == game.code and game.version == 1
    assert game.seats == (fg.Seat("Sam", "b-sam"), fg.Seat())
    found = fg.friend_game(engine, code=game.code)
    assert found is not None and found.id == game.id and found.data == game.data
    assert fg.friend_version(engine, game.id) == 1
    assert fg.friend_game(engine, code="ZZZZZZ") is None


def test_the_friend_takes_the_free_seat_a_reload_rejoins_and_a_third_only_watches(
    engine: Engine,
) -> None:
    game = new_game(engine)
    assert fg.take_seat(engine, game.id, "Sam", "other-browser") == 0  # the maker, elsewhere
    assert fg.take_seat(engine, game.id, None, "b-ann") == 1  # the friend, without a name
    assert fg.take_seat(engine, game.id, None, "b-ann") == 1  # a reload rejoins the seat
    assert fg.take_seat(engine, game.id, "Ann", "b-ann") == 1  # the same browser
    assert fg.take_seat(engine, game.id, None, "b-third") is None  # watches
    assert fg.take_seat(engine, game.id, "Raj", "b-raj") is None
    stored = fg.friend_game(engine, game.id)
    assert stored is not None and stored.seats[1] == fg.Seat(None, "b-ann")
    assert stored.version == 2  # only taking the seat moved it on


def test_a_move_lands_only_from_the_seat_to_act_at_the_current_version(engine: Engine) -> None:
    game = new_game(engine)
    fg.take_seat(engine, game.id, None, "b-ann")
    game = fg.friend_game(engine, game.id)
    assert game is not None
    state = state_of(game)
    pone = state.pone
    visitor = {0: ("Sam", "b-sam"), 1: (None, "b-ann")}
    discard = state.legal_for(pone)[0]

    # a watcher, another's seat, a stale version, a card not held: refused, nothing changes
    with pytest.raises(fg.NotYourSeat, match="only watch"):
        fg.make_move(engine, game.id, pone, game.version, None, "b-x", mover(pone, discard))
    with pytest.raises(fg.NotYourSeat, match="not yours"):
        fg.make_move(engine, game.id, pone, game.version, *visitor[1 - pone], mover(pone, discard))
    with pytest.raises(store.StaleGame, match="moved on"):
        fg.make_move(engine, game.id, pone, game.version - 1, *visitor[pone], mover(pone, discard))
    wrong = type(discard)(pone, tuple(state.hands[1 - pone][:2]))
    with pytest.raises(CardNotInHand, match="does not hold"):
        fg.make_move(engine, game.id, pone, game.version, *visitor[pone], mover(pone, wrong))
    unchanged = fg.friend_game(engine, game.id)
    assert unchanged is not None and (unchanged.version, unchanged.data) == (
        game.version,
        game.data,
    )

    moved = fg.make_move(engine, game.id, pone, game.version, *visitor[pone], mover(pone, discard))
    assert moved.version == game.version + 1
    after = state_of(moved)
    assert after.must_discard() == (1 - pone,)
    # the dealer discards; then the pone leads: the dealer playing now is out of turn
    dealer = 1 - pone
    moved = fg.make_move(
        engine,
        game.id,
        dealer,
        moved.version,
        *visitor[dealer],
        mover(dealer, after.legal_for(dealer)[0]),
    )
    playing = state_of(moved)
    assert playing.phase is Phase.PLAY and playing.to_act == pone
    out_of_turn = type(playing.legal_for(pone)[0])(dealer, playing.hands[dealer][0])
    with pytest.raises(NotYourTurn, match="turn"):
        fg.make_move(
            engine, game.id, dealer, moved.version, *visitor[dealer], mover(dealer, out_of_turn)
        )
    assert fg.friend_version(engine, game.id) == moved.version


def test_two_clicks_at_once_land_once(engine: Engine) -> None:
    game = new_game(engine)
    fg.take_seat(engine, game.id, None, "b-ann")
    game = fg.friend_game(engine, game.id)
    assert game is not None
    state = state_of(game)
    pone = state.pone
    who = ("Sam", "b-sam") if pone == 0 else (None, "b-ann")
    choices = state.legal_for(pone)[:6]
    landed: list[int] = []
    refused: list[str] = []
    start = threading.Barrier(len(choices))

    def click(step: Step) -> None:
        start.wait()
        try:
            fg.make_move(engine, game.id, pone, game.version, *who, mover(pone, step))
            landed.append(1)
        except store.StaleGame as error:
            refused.append(str(error))

    threads = [threading.Thread(target=click, args=(c,)) for c in choices]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(landed) == 1 and len(refused) == len(choices) - 1
    stored = fg.friend_game(engine, game.id)
    assert stored is not None and stored.version == game.version + 1
    assert len(friend.read_data(stored.data)[0].steps) == 1


def test_a_seat_handed_to_the_computer_is_moved_by_the_other_player(engine: Engine) -> None:
    game = new_game(engine)
    fg.take_seat(engine, game.id, None, "b-ann")
    with pytest.raises(fg.NotYourSeat):
        fg.seat_to_bot(engine, game.id, 1, "easy", 2, None, "b-ann")  # not one's own seat
    with pytest.raises(fg.NotYourSeat):
        fg.seat_to_bot(engine, game.id, 1, "easy", 2, None, "b-watcher")
    handed = fg.seat_to_bot(engine, game.id, 1, "easy", 2, "Sam", "b-sam")
    assert handed.seats[1] == fg.Seat(bot="easy") and handed.version == 3
    assert fg.take_seat(engine, game.id, None, "b-ann") is None  # Ann left: the seat is gone
    state = state_of(handed)
    record = friend.read_data(handed.data)[0]
    step = friend.bot_step(record, 1, "easy")
    moved = fg.make_move(engine, game.id, 1, handed.version, "Sam", "b-sam", mover(1, step))
    assert state_of(moved).discards[1] and not state.discards[1]


def short_counted_game(engine: Engine) -> tuple[fg.FriendGame, int, int, int]:
    """A stored game with muggins whose first count worth points was claimed as 0, both seats
    taken: the game, the seat that counted, the seat that may call and the points missed."""
    rng = random.Random(6)
    record = friend.new_record(friend.FriendSettings(target=61, muggins=True), seed=6)
    while True:
        state = record.final()
        counting = state.counting()
        if counting is not None and state.starter is not None:
            worth = score_hand(counting.cards, state.starter, is_crib=counting.is_crib).total
            if worth and state.scores[1 - counting.seat] + worth < 61:
                break
        seat = rng.choice(friend.view(record, None, state).to_act)
        step = NextDeal() if state.phase is Phase.DEAL else rng.choice(state.legal_for(seat))
        record = friend.advance(record, seat, step)
    counter = counting.seat
    record = friend.advance(record, counter, Count(counter, 0))
    game = fg.create_friend_game(
        engine, str(uuid.uuid4()), friend.to_data(record), 2, "Sam", "b-sam"
    )
    fg.take_seat(engine, game.id, None, "b-ann")
    stored = fg.friend_game(engine, game.id)
    assert stored is not None
    return stored, counter, 1 - counter, worth


def test_two_answers_to_one_short_count_at_once_land_once(engine: Engine) -> None:
    game, counter, caller, worth = short_counted_game(engine)
    before = state_of(game).scores
    who = {0: ("Sam", "b-sam"), 1: (None, "b-ann")}
    # the counter's click (not their seat's to make) is refused, and changes nothing
    with pytest.raises(NotYourTurn):
        fg.make_move(
            engine, game.id, counter, game.version, *who[counter],
            mover(counter, Muggins(counter, True)),
        )  # fmt: skip
    assert fg.friend_version(engine, game.id) == game.version
    # the caller's call and pass (two tabs, a double click) at the same version: one lands
    choices = [Muggins(caller, True), Muggins(caller, False), Muggins(caller, True)]
    landed: list[Step] = []
    refused: list[str] = []
    start = threading.Barrier(len(choices))

    def click(step: Step) -> None:
        start.wait()
        try:
            fg.make_move(engine, game.id, caller, game.version, *who[caller], mover(caller, step))
            landed.append(step)
        except store.StaleGame as error:
            refused.append(str(error))

    threads = [threading.Thread(target=click, args=(c,)) for c in choices]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(landed) == 1 and len(refused) == len(choices) - 1
    stored = fg.friend_game(engine, game.id)
    assert stored is not None and stored.version == game.version + 1
    record = friend.read_data(stored.data)[0]
    assert [s for s in record.steps if isinstance(s, Muggins)] == landed
    [answer] = landed
    assert isinstance(answer, Muggins)
    after = record.final()
    assert after.short_count is None
    assert after.scores[caller] == before[caller] + (worth if answer.call else 0)
    assert after.scores[counter] == before[counter]
