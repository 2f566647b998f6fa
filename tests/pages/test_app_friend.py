"""AppTest of a game between friends on pages/4_Play.py: start, join by code, watch, rejoin,
refused clicks, and a whole game to 61 played by two sessions with a review for each.

Each AppTest session is another browser (its own browser key) unless it is handed one's key.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from cribbage_core.game import Phase
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

pytestmark = pytest.mark.spread


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return apptools.own_database(tmp_path, monkeypatch)


def started(target: int = 61, **params: str) -> tuple[AppTest, str]:
    at = open_play(**params)
    [radio] = [r for r in at.radio if r.key == "friend_set_target"]
    radio.set_value(target)
    [go] = [b for b in at.button if str(b.key).startswith("FormSubmitter:friend_settings-")]
    go.click().run()
    assert not at.exception, at.exception
    code = at.query_params["friend"]
    code = code[0] if isinstance(code, list) else code
    assert store.clean_code(code) == code
    return at, code


def test_the_friend_joins_by_code_a_third_watches_and_a_reload_rejoins() -> None:
    maker, code = started()
    assert "Waiting for your friend" in texts(maker) and code in texts(maker)
    assert not moves(maker)  # nothing to play before the friend is there
    guest = open_play(friend=code)
    assert stored(code).seats[1].browser is not None
    watcher = open_play(friend=code)
    assert "You are watching" in texts(watcher) and not moves(watcher)
    again = open_play(same_browser_as=guest, friend=code)  # a reload of the friend's tab
    assert "You are watching" not in texts(again)
    assert stored(code).seats == stored(code).seats[:2]
    maker.run()
    assert any(k.startswith("friend_pick_") for k in moves(maker))
    assert any(k.startswith("friend_pick_") for k in moves(again))


def test_a_discard_sent_after_the_friends_discard_lands_a_second_one_is_refused() -> None:
    """Both players lay away at once: the friend's discard moving the game on between this
    page's poll and its click must not lose the click; the rules still refuse a second one."""
    maker, code = started()
    guest = open_play(friend=code)
    maker.run()
    twin = open_play(same_browser_as=maker, friend=code)  # the maker's other tab, same view
    version = stored(code).version
    picks = [k for k in moves(maker) if k.startswith("friend_pick_")][:2]
    for key in picks:
        maker.button(key=key).click().run()
        twin.button(key=key).click().run()
    # the guest discards first: the maker's page still shows the version before
    for key in [k for k in moves(guest) if k.startswith("friend_pick_")][:2]:
        guest.button(key=key).click().run()
    guest.button(key="friend_discard").click().run()
    assert stored(code).version == version + 1
    maker.button(key="friend_discard").click().run()
    assert not maker.exception
    assert "moved on before your click" not in texts(maker)
    game = stored(code)
    assert game.version == version + 2
    record, _level = friend.read_data(game.data)
    assert record.final().phase is not Phase.DISCARD  # both discards landed
    assert not [k for k in moves(maker) if k.startswith("friend_pick_")]
    twin.button(key="friend_discard").click().run()  # the same discard again, from the old view
    assert not twin.exception
    assert "the hand has moved on" in texts(twin)  # a clear word, not silence
    assert stored(code).version == version + 2  # refused: nothing changed
    assert stored(code).data == game.data


def test_two_sessions_play_a_whole_game_to_61_and_each_gets_a_review() -> None:
    rng = random.Random(3)
    maker, code = started(learner="Ann")
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
                for key in rng.sample(picks, 2):
                    at.button(key=key).click().run()
                at.button(key="friend_discard").click().run()
            else:
                at.button(key=rng.choice(keys)).click().run()
            assert not at.exception, at.exception
            break
    else:
        raise AssertionError("the game did not end")
    maker.run()
    guest.run()
    game = stored(code)
    record, _level = friend.read_data(game.data)
    final = record.final()
    assert final.is_over and max(final.scores) >= 61
    engine = store.make_engine(store.default_url())
    try:
        for at, name, seat in ((maker, "Ann", 0), (guest, "Raj", 1)):
            assert "Review my decisions" in " ".join(str(p.label) for p in at.get("page_link"))
            games = store.games_frame(engine, store.learner_by_name(engine, name).id)
            assert len(games) == 1 and games.iloc[0]["opponent_level"] == friend.FRIEND_LEVEL
            review_id = games.iloc[0]["id"]
            saved = store.load_game(engine, review_id)
            assert saved is not None
            turned = friend.record_for_seat(record, seat).final()
            assert (
                saved[1]["game"]["steps"]
                == friend.review_save(record, seat, review_id)["game"]["steps"]
            )
            assert bool(games.iloc[0]["learner_won"]) == (
                turned.result is not None and turned.result.winner_side == 0
            )
            # the review of a saved game opens for its player, and Progress shows the game
            review = AppTest.from_file(ENTRY, default_timeout=120)
            review.session_state["profile_browser_key"] = at.session_state["profile_browser_key"]
            review.switch_page("pages/8_Game_review.py")
            review.query_params["learner"] = name
            review.query_params["game"] = review_id
            review.run()
            assert not review.exception, review.exception
            assert "You are watching" not in texts(review)
            other = "Raj" if name == "Ann" else "Ann"
            words = texts(review)  # the friend named, never a bot level or "Computer"
            assert f"against {other}, a friend" in words and "Medium" not in words, words
            labels = [str(m.label) for m in review.metric]
            assert f"{other}'s skill figure" in labels and "Computer's skill figure" not in labels
            switches = [str(t.label) for t in review.toggle]  # the other side's decisions, named
            assert f"Show {other}'s decisions too" in switches, switches
            assert "Show the computer's decisions too" not in switches
            progress = AppTest.from_file(ENTRY, default_timeout=120)
            progress.session_state["profile_browser_key"] = at.session_state["profile_browser_key"]
            progress.switch_page("pages/5_Progress.py")
            progress.query_params["learner"] = name
            progress.run()
            assert not progress.exception, progress.exception
            frames = " ".join(str(t.value) for t in progress.dataframe)
            assert "A friend" in frames
    finally:
        engine.dispose()
