"""AppTest of coach mode in pages/4_Play.py: the warning before a costly discard or card, "think
again" and "play it anyway", the threshold, the setting kept with a learner's preferences, and
the chance-to-win bar beside the board."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest
from test_app_play import click, fast_bots_and_own_database, open_play, session_of, start  # noqa: F401

from cribbage_core.coach.at_table import check, win_now
from cribbage_core.coach.discard_value import discard_values_for_view
from cribbage_core.coach.peg_value import peg_values
from cribbage_core.game import Discard, Phase, Play
from tutor import store
from tutor.play.coach import PENDING, CoachSettings
from tutor.play.session import HUMAN


def coach_on(at: AppTest, threshold: float = 1.5, bar: bool = False) -> None:
    at.toggle(key="play_coach_on").set_value(True).run()
    assert not at.exception, at.exception
    if threshold != 1.5:
        at.select_slider(key="play_coach_threshold").set_value(threshold).run()
    if bar:
        at.toggle(key="play_coach_bar").set_value(True).run()
    assert not at.exception, at.exception


def worst_discard(at: AppTest) -> tuple[Discard, float]:
    state = session_of(at).state
    values = discard_values_for_view(state.view(HUMAN))
    worst = values.options[-1]
    action = Discard(HUMAN, worst.discard)
    return action, check(state, action, 0.0).points_lost


def choose(at: AppTest, cards: tuple[object, ...]) -> None:
    for card in cards:
        click(at, f"play_pick_{card}")
    click(at, "play_confirm_discard")


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def test_coach_mode_is_off_by_default_and_a_costly_discard_goes_through() -> None:
    at = open_play()
    start(at, seed=7)
    assert at.toggle(key="play_coach_on").value is False
    action, lost = worst_discard(at)
    assert lost > 1.5
    choose(at, action.cards)
    assert set(session_of(at).state.discards[HUMAN]) == set(action.cards)
    assert PENDING not in at.session_state


def test_a_costly_discard_is_held_back_think_again_then_play_it_anyway() -> None:
    at = open_play()
    start(at, seed=7)
    coach_on(at)
    moves = session_of(at).moves
    action, lost = worst_discard(at)
    choose(at, action.cards)
    # nothing was laid away: the warning says what it gives up, the cards stay chosen
    assert session_of(at).moves == moves and session_of(at).state.phase is Phase.DISCARD
    [warning] = [w for w in warnings(at) if "gives up" in w]
    assert f"{lost:.2f} points on average" in warning and "The review will grade it" in warning
    assert {"play_coach_think", "play_coach_anyway"} <= {b.key for b in at.button}
    assert sorted(at.session_state["play_selected"]) == sorted(str(c) for c in action.cards)
    click(at, "play_coach_think")
    assert not [w for w in warnings(at) if "gives up" in w]
    assert session_of(at).moves == moves
    # the same discard again: the same warning; this time play it anyway
    click(at, "play_confirm_discard")
    assert [w for w in warnings(at) if "gives up" in w]
    click(at, "play_coach_anyway")
    session = session_of(at)
    mine = [s for s in session.record.steps if isinstance(s, Discard) and s.seat == HUMAN]
    assert session.moves > moves and [set(d.cards) for d in mine] == [set(action.cards)]
    assert not [w for w in warnings(at) if "gives up" in w]


def test_the_best_discard_is_never_held_back() -> None:
    at = open_play()
    start(at, seed=7)
    coach_on(at, threshold=0.3)
    moves = session_of(at).moves
    best = session_of(at).advice().best.discard
    best_net = discard_values_for_view(session_of(at).state.view(HUMAN)).best.discard
    choose(at, best_net)
    assert session_of(at).moves > moves, (best, best_net)


def test_a_costly_card_is_held_back_in_the_play() -> None:
    at = open_play()
    start(at, seed=7)
    coach_on(at, threshold=0.3)
    # lay away the best discard, then look for a card that gives up more than 0.3 points
    best = discard_values_for_view(session_of(at).state.view(HUMAN)).best.discard
    choose(at, best)
    for _turn in range(8):
        session = session_of(at)
        state = session.state
        if state.phase is not Phase.PLAY or state.to_act != HUMAN:
            break
        advice = peg_values(state.view(HUMAN))
        worst = advice.options[-1]
        if advice.loss(worst.card) > 0.3 and advice.win_loss(worst.card) is None:
            moves = session.moves
            click(at, f"play_lay_{worst.card}")
            assert session_of(at).moves == moves
            [warning] = [w for w in warnings(at) if "gives up" in w]
            assert (
                f"{advice.loss(worst.card):.2f} points on average over the rest of the play"
                in warning
            )
            click(at, "play_coach_anyway")
            after = session_of(at)
            assert after.moves > moves and Play(HUMAN, worst.card) in after.record.steps
            return
        click(at, f"play_lay_{advice.best.card}")
    pytest.fail("no costly card came up in this seeded hand")


def test_the_coach_setting_is_kept_with_the_learners_preferences(
    fast_bots_and_own_database: str,  # noqa: F811
) -> None:
    at = open_play(learner="Asha")
    start(at, seed=3)
    coach_on(at, threshold=3.0, bar=True)
    engine = store.make_engine(fast_bots_and_own_database)
    asha = store.learner_by_name(engine, "Asha")
    assert asha is not None
    assert store.learner_preferences(engine, asha.id)["coach"] == {
        "on": True,
        "threshold": 3.0,
        "win_bar": True,
    }
    # a new visit (another browser session) starts with them
    again = open_play(learner="Asha")
    assert at.session_state["play_coach"] == CoachSettings(True, 3.0, True)
    assert again.toggle(key="play_coach_on").value is True
    assert again.select_slider(key="play_coach_threshold").value == 3.0
    # a visitor without a name starts with coach mode off
    other = open_play()
    assert other.toggle(key="play_coach_on").value is False
    engine.dispose()


def test_unreadable_preferences_fall_back_to_coach_mode_off() -> None:
    assert CoachSettings.from_json({"on": "yes", "threshold": 7, "win_bar": 1}) == CoachSettings()
    assert CoachSettings.from_json(None) == CoachSettings()
    assert CoachSettings.from_json({"on": True, "threshold": 0.5}) == CoachSettings(
        True, 0.5, False
    )


def test_the_chance_to_win_bar_shows_beside_the_board() -> None:
    at = open_play()
    start(at, seed=5)
    assert not [m for m in at.markdown if 'class="win-bar"' in m.value]
    coach_on(at, bar=True)
    [bar] = [m.value for m in at.markdown if 'class="win-bar"' in m.value]
    estimate = win_now(session_of(at).state, HUMAN)
    assert estimate is not None
    assert (
        f'aria-valuenow="{round(100 * estimate.chance)}"' in bar
        and "at the start of the deal" in bar
    )
    assert 'class="board"' in bar  # one row: the board and the bar


def test_preferences_are_kept_read_back_and_bounded(fast_bots_and_own_database: str) -> None:  # noqa: F811
    engine = store.make_engine(fast_bots_and_own_database)
    store.migrate(engine)
    ann = store.create_learner(engine, "Ann")
    assert store.learner_preferences(engine, ann.id) == {}
    store.set_learner_preferences(
        engine, ann.id, {"coach": {"on": True, "threshold": 0.5, "win_bar": False}}
    )
    assert store.learner_preferences(engine, ann.id) == {
        "coach": {"on": True, "threshold": 0.5, "win_bar": False}
    }
    with pytest.raises(store.StoreError, match="at most"):
        store.set_learner_preferences(engine, ann.id, {"x": "y" * 2000})
    assert store.learner_preferences(engine, ann.id)["coach"]["threshold"] == 0.5  # unchanged
    with engine.begin() as conn:  # a damaged value reads as no preferences, not an error
        conn.exec_driver_sql("UPDATE learners SET preferences = 'not json' WHERE id = ?", (ann.id,))
    assert store.learner_preferences(engine, ann.id) == {}
    engine.dispose()
