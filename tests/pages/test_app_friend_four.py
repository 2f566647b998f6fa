"""AppTest of a game of four with friends on pages/4_Play.py: the form's seats, joins, the
computer's seats moving by themselves, a whole game to 61 by two sessions (opponents, the
computer as both partners) with a review and a line in Progress for each.

Each AppTest session is another browser (its own browser key).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests import apptools
from tests.apptools import (
    ENTRY,
    friend_moves as moves,
    open_play,
    shown_texts as texts,
    stored_friend_game as stored,
)
from tutor import store
from tutor.play import friend
from tutor.play.friend_start import seat_key

pytestmark = pytest.mark.spread


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return apptools.own_database(tmp_path, monkeypatch)


def start_four(seats: dict[int, str], **params: str) -> AppTest:
    at = open_play(**params)
    [target] = [r for r in at.radio if r.key == "friend_set_target"]
    target.set_value(61)
    [players] = [r for r in at.radio if r.key == "friend_set_players"]
    players.set_value(4)
    for seat, choice in seats.items():
        [box] = [s for s in at.selectbox if s.key == seat_key(seat)]
        box.set_value(choice)
    [go] = [b for b in at.button if str(b.key).startswith("FormSubmitter:friend_settings-")]
    go.click().run()
    assert not at.exception, at.exception
    return at


def code_of(at: AppTest) -> str:
    code = at.query_params["friend"]
    return str(code[0] if isinstance(code, list) else code)


def test_the_computer_at_every_other_seat_is_refused() -> None:
    at = start_four({1: "easy", 2: "easy", 3: "hard"})
    assert "friend" not in at.query_params
    assert "Choose a friend for at least one seat" in texts(at)


def test_two_friends_join_a_game_of_four_the_computer_moves_and_a_fifth_watches() -> None:
    maker = start_four({1: "friend", 2: "friend", 3: "medium"})
    code = code_of(maker)
    game = stored(code)
    assert [s.bot for s in game.seats] == [None, None, None, "medium"]
    assert "Waiting for 2 friends to open the link." in texts(maker) and not moves(maker)
    left = open_play(friend=code)
    assert "Waiting for 1 friend to open the link." in texts(left) and not moves(left)
    partner = open_play(friend=code)
    assert [s.free for s in stored(code).seats] == [False] * 4
    watcher = open_play(friend=code)
    assert "every seat is taken" in texts(watcher) and not moves(watcher)
    for at in (maker, left, partner):
        at.run()
        hand = {k.removeprefix("friend_pick_") for k in moves(at) if "pick" in k}
        assert len(hand) == 5  # five cards each, only one's own
    record, _level = friend.read_data(stored(code).data)
    state = record.final()
    assert state.discards[3]  # the computer laid away by itself
    # the partner's page shows the partner's cards only, never the maker's
    partner_hand = {k.removeprefix("friend_pick_") for k in moves(partner) if "pick" in k}
    assert partner_hand == {str(c) for c in state.hands[2]}
    assert not partner_hand & {str(c) for c in state.hands[0]}


def test_two_opponents_and_two_computers_play_a_game_to_61_and_each_gets_a_review() -> None:
    rng = random.Random(5)
    maker = start_four({1: "friend", 2: "easy", 3: "medium"}, learner="Ann")
    code = code_of(maker)
    guest = open_play(friend=code, learner="Raj")
    for _ in range(600):
        maker.run()
        guest.run()
        if stored(code).finished:
            break
        for at in (maker, guest):
            keys = moves(at)
            if not keys:
                continue
            picks = [k for k in keys if k.startswith("friend_pick_")]
            if picks:
                at.button(key=rng.choice(picks)).click().run()
                at.button(key="friend_discard").click().run()
            else:
                at.button(key=rng.choice(keys)).click().run()
            assert not at.exception, at.exception
            break
    else:
        raise AssertionError("the game did not end")
    maker.run()
    guest.run()
    record, _level = friend.read_data(stored(code).data)
    final = record.final()
    assert final.is_over and max(final.scores) >= 61
    engine = store.make_engine(store.default_url())
    try:
        for at, name, seat in ((maker, "Ann", 0), (guest, "Raj", 1)):
            won = final.result is not None and final.result.winner_side == seat
            assert ("You and your partner win" in texts(at)) == won
            assert "Review my decisions" in " ".join(str(p.label) for p in at.get("page_link"))
            games = store.games_frame(engine, store.learner_by_name(engine, name).id)
            assert len(games) == 1 and games.iloc[0]["opponent_level"] == friend.FRIEND_LEVEL
            assert int(games.iloc[0]["players"]) == 4
            assert bool(games.iloc[0]["learner_won"]) == won
            review_id = games.iloc[0]["id"]
            review = AppTest.from_file(ENTRY, default_timeout=180)
            review.session_state["profile_browser_key"] = at.session_state["profile_browser_key"]
            review.switch_page("pages/8_Game_review.py")
            review.query_params["learner"] = name
            review.query_params["game"] = review_id
            review.run()
            assert not review.exception, review.exception
            words = texts(review)
            assert "with friends, four players in two partnerships" in words, words
            switches = [str(t.label) for t in review.toggle]
            assert "Show the other players' decisions too" in switches, switches
    finally:
        engine.dispose()
