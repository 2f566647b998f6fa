"""A game between friends, pure: whose move it is, what moves on by itself, what each seat sees."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from cribbage_core.cards import Card
from cribbage_core.errors import IllegalMove, InvalidSavedGame, NotYourTurn, WrongPhase
from cribbage_core.game import Count, GameState, Go, Muggins, Phase, ShortCount
from cribbage_core.record import GameRecord, NextDeal, TakeBack
from cribbage_core.scoring import score_hand
from tutor.play import friend
from tutor.play.session import read_save


def play_out(seed: int, target: int = 61, muggins: bool = False) -> list[GameRecord]:
    """A whole game between two random players, every record along the way."""
    rng = random.Random(seed)
    record = friend.new_record(friend.FriendSettings(target=target, muggins=muggins), seed)
    records = [record]
    while True:
        state = record.final()
        if state.is_over:
            return records
        view = friend.view(record, rng.choice((0, 1)), state)
        waiting = list(view.to_act)
        seat = rng.choice(waiting)
        step = NextDeal() if state.phase is Phase.DEAL else rng.choice(state.legal_for(seat))
        record = friend.advance(record, seat, step)
        records.append(record)


def unseen(state: GameState, seat: int) -> set[Card]:
    """The cards of the other seat that ``seat`` must not see: held, laid away, and the stock."""
    other = 1 - seat
    laid = {card for _, card in state.played}
    hidden = set(state.hands[other]) | set(state.discards[other]) | set(state.stock)
    if state.phase in (Phase.DISCARD, Phase.PLAY):
        hidden |= set(state.crib) - set(state.discards[seat])
        hidden |= set(state.kept[other]) - laid
    return hidden - laid


def this_hands_cards(view: friend.FriendView, hand_no: int) -> set[Card]:
    """Every card in a view, but the log's events of earlier hands (the same cards come round
    again in later hands; those were face up when they were logged)."""
    seen = view.seen
    assert view.shown is None or seen.phase is Phase.DEAL
    events = tuple(e for e in seen.log if e.hand_no == hand_no)
    return cards_in(replace(seen, log=events)) | cards_in(view.shown)


def cards_in(value: object) -> set[Card]:
    found: set[Card] = set()
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, tuple | list):
        for item in value:
            found |= cards_in(item)
    elif hasattr(value, "__slots__") or hasattr(value, "_fields"):
        names = getattr(value, "_fields", None) or [
            n for cls in type(value).__mro__ for n in getattr(cls, "__slots__", ())
        ]
        for name in names:
            found |= cards_in(getattr(value, name))
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_other_hand_never_reaches_a_seats_view_before_the_show(seed: int) -> None:
    checked = 0
    for record in play_out(seed):
        state = record.final()
        if state.phase not in (Phase.DISCARD, Phase.PLAY):
            continue
        for seat in (0, 1):
            seen = this_hands_cards(friend.view(record, seat, state), state.hand_no)
            assert not seen & unseen(state, seat), (state.phase, seat)
            checked += 1
        watched = this_hands_cards(friend.view(record, None, state), state.hand_no)
        assert not watched & (unseen(state, 0) | unseen(state, 1) | set(state.hands[0]))
    assert checked > 50


def test_the_hands_are_seen_at_the_show_and_after_it() -> None:
    records = play_out(4)
    dealt = next(r for r in records if r.final().phase is Phase.DEAL)
    shown = friend.view(dealt, 0).shown
    assert shown is not None and all(len(hand) == 4 for hand in shown.hands)
    assert len(shown.crib) == 4


def test_a_go_and_an_exact_count_move_on_by_themselves_without_muggins() -> None:
    for record in play_out(5):
        state = record.final()
        assert state.phase is not Phase.SHOW  # counted at once
        if state.phase is Phase.PLAY and state.to_act is not None:
            assert state.legal_for(state.to_act) != [Go(state.to_act)]


def test_with_muggins_each_count_waits_for_its_seat() -> None:
    records = play_out(6, muggins=True)
    showing = [r for r in records if r.final().phase is Phase.SHOW]
    assert showing
    state = showing[0].final()
    seat = state.to_act
    assert seat is not None
    with pytest.raises(NotYourTurn):
        friend.advance(showing[0], 1 - seat, Count(1 - seat))
    short = friend.advance(showing[0], seat, Count(seat, 0)).final()
    assert short.scores[seat] == state.scores[seat]  # claimed nothing: scored nothing


def test_moves_not_a_seats_own_are_refused() -> None:
    record = friend.new_record(friend.FriendSettings(target=61), 7)
    state = record.final()
    with pytest.raises(NotYourTurn, match="cannot move for seat"):
        friend.advance(record, 0, state.legal_for(1)[0])
    with pytest.raises(IllegalMove, match="no take-backs"):
        friend.advance(record, 0, TakeBack(0))
    with pytest.raises(WrongPhase, match="after the show"):
        friend.advance(record, state.dealer, NextDeal())


def test_the_next_deal_is_the_next_dealers() -> None:
    records = play_out(8)
    dealt = next(r for r in records if r.final().phase is Phase.DEAL)
    dealer = dealt.final().dealer
    with pytest.raises(NotYourTurn, match="deals the next hand"):
        friend.advance(dealt, 1 - dealer, NextDeal())
    assert friend.advance(dealt, dealer, NextDeal()).final().phase is Phase.DISCARD


def test_the_data_reads_back_and_a_bad_one_is_refused() -> None:
    record = play_out(9)[10]
    assert friend.read_data(friend.to_data(record, "easy")) == (record, "easy")
    with pytest.raises(InvalidSavedGame):
        friend.read_data({"format": 1, "level": "easy"})


@pytest.mark.parametrize("seat", [0, 1])
def test_each_seats_record_replays_its_own_cards_for_the_review(seat: int) -> None:
    record = play_out(10)[-1]
    final = record.final()
    turned = friend.record_for_seat(record, seat).final()
    assert turned.is_over and turned.result is not None and final.result is not None
    assert turned.scores == (final.scores if seat == 0 else final.scores[::-1])
    save = friend.review_save(record, seat, "g")
    assert read_save("g", None, save).state.scores == turned.scores


def test_a_seats_save_names_the_friend_and_a_bad_name_is_refused() -> None:
    record = play_out(11)[-1]
    save = friend.review_save(record, 1, "g", "Ann")
    assert read_save("g", None, save).settings.friend == "Ann"
    assert read_save("g", None, friend.review_save(record, 0, "g")).settings.friend == ""
    against_computer = {k: v for k, v in save.items() if k != "friend"}
    assert read_save("g", None, against_computer).settings.friend is None
    for bad in (7, "x" * 41):
        with pytest.raises(InvalidSavedGame, match="friend"):
            read_save("g", None, {**save, "friend": bad})


def short_counted(seed: int = 6) -> tuple[GameRecord, int, int, int]:
    """A game with muggins at its first count worth points, claimed as 0: the record, the
    seat that counted, the seat that may call and the points missed."""
    for record in play_out(seed, muggins=True):
        state = record.final()
        counting = state.counting()
        if counting is None or state.starter is None:
            continue
        worth = score_hand(counting.cards, state.starter, is_crib=counting.is_crib).total
        if worth and state.scores[1 - counting.seat] + worth < 61:
            seat = counting.seat
            return friend.advance(record, seat, Count(seat, 0)), seat, 1 - seat, worth
    raise AssertionError("no count worth points")  # pragma: no cover


def test_with_muggins_a_short_count_waits_for_the_other_player_alone() -> None:
    assert friend.FriendSettings(muggins=True).config().muggins_called
    assert not friend.FriendSettings().config().muggins_called
    short, counter, caller, worth = short_counted()
    state = short.final()
    assert state.short_count == ShortCount(counter, 0, worth, caller)
    assert friend.view(short, caller).my_turn and not friend.view(short, counter).my_turn
    assert friend.view(short, None).seen.short_count == state.short_count
    with pytest.raises(NotYourTurn, match="only seat"):
        friend.advance(short, counter, Muggins(counter, True))
    with pytest.raises(NotYourTurn, match="cannot move for seat"):
        friend.advance(short, counter, Muggins(caller, True))
    back = friend.read_data(json.loads(json.dumps(friend.to_data(short))))
    assert back == (short, "medium") and back[0].final() == state


@pytest.mark.parametrize("call", [True, False])
def test_a_call_takes_the_points_missed_a_pass_none_and_both_players_see_it(call: bool) -> None:
    short, counter, caller, worth = short_counted()
    before = short.final().scores
    answered = friend.advance(short, caller, Muggins(caller, call))
    after = answered.final()
    taken = worth if call else 0
    assert after.scores[caller] == before[caller] + taken
    assert after.scores[counter] == before[counter]
    answer = friend.Answer(counter, caller, call, taken)
    for seat in (0, 1, None):
        assert friend.view(answered, seat).answers == (answer,)
    with pytest.raises(WrongPhase):  # a second click, on a count already answered
        friend.advance(answered, caller, Muggins(caller, call))
    # the review of each player's own game reads the call back
    turned = friend.record_for_seat(answered, 1)
    assert Muggins(1 - caller, call) in turned.steps
    for seat in (0, 1):
        assert read_save("g", None, friend.review_save(answered, seat, "g")).state.scores == (
            friend.record_for_seat(answered, seat).final().scores
        )


def test_a_seat_handed_to_the_computer_calls_muggins() -> None:
    short, _counter, caller, _worth = short_counted()
    assert friend.bot_step(short, caller, "medium") == Muggins(caller, True)
