"""The counting rush (AppTest): the server's clock, the combo, the day's best, the misses kept."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

import pytest
from apptools import answer, open_page, own_database
from streamlit.testing.v1 import AppTest

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor import clock, store
from tutor.quiz.rush import Rush

PAGE = "pages/12_Counting_rush.py"


def run_of(at: AppTest) -> Rush:
    found = at.session_state["rush_run"]
    assert isinstance(found, Rush)
    return found


def count(at: AppTest, right: bool) -> None:
    total = deal_hand(int(at.session_state["rush_hand"])).score.total
    answer(at, "rush", str(total if right else (total + 1) % 30))


def end_now(at: AppTest) -> None:
    """Move the run's start back past its end, as the server's clock would find it later."""
    run = run_of(at)
    at.session_state["rush_run"] = replace(run, started=run.started - run.length - 60)
    at.run()
    assert not at.exception, at.exception


def test_a_rush_runs_on_the_servers_clock_to_a_kept_best_and_its_misses_reviewed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch, today=clock.today())
    at = open_page(PAGE, learner="Rae")
    at.button(key="rush_start").click().run()
    first = run_of(at)
    assert first.length == 180 and len(first.served) == 1
    for _ in range(5):
        count(at, right=True)
    assert "Right:" in at.success[0].value
    five = run_of(at)
    assert five.score == 5 and five.bonus == 3  # five in a row: three seconds more
    count(at, right=False)
    missed = run_of(at)
    assert missed.combo == 0 and missed.malus == 10 and len(missed.mistakes) == 1
    assert "10 seconds off" in at.error[0].value
    assert len(set(missed.served)) == 7  # a new hand each time
    at.text_input(key="rush_answer").input("lots")
    at.button(key="rush_submit").click().run()
    assert run_of(at) == missed and at.error  # unreadable: a clear message, nothing changed

    end_now(at)
    assert "You counted 5 hands right out of 6." in at.success[0].value
    assert not [t for t in at.text_input if t.key == "rush_answer"]
    at.button(key="rush_add").click().run()
    engine = store.make_engine(url)
    who = store.learner_by_name(engine, "Rae")
    assert who is not None
    [item] = store.due_items(engine, who.id, clock.today() + dt.timedelta(days=1))
    assert item.kind == "hand" and item.position["seed"] == missed.mistakes[0]
    again = open_page(PAGE, learner="Rae")
    assert "Your best today: 5 hands." in " ".join(str(c.value) for c in again.caption)


def test_an_answer_after_the_end_counts_nothing_and_a_short_run_is_no_best(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    own_database(tmp_path, monkeypatch)
    at = open_page(PAGE, learner="Sol", seconds="30")
    at.button(key="rush_start").click().run()
    assert run_of(at).length == 30
    run = run_of(at)
    at.session_state["rush_run"] = replace(run, started=run.started - 31)
    at.text_input(key="rush_answer").input(
        str(deal_hand(int(at.session_state["rush_hand"])).score.total)
    )
    at.button(key="rush_submit").click().run()
    assert run_of(at).score == 0 and run_of(at).answered == 0  # too late: not counted
    assert "not kept for your best" in " ".join(str(c.value) for c in at.caption)
    again = open_page(PAGE, learner="Sol")
    assert "Your best today" not in " ".join(str(c.value) for c in again.caption)
    cheat = open_page(PAGE, learner="Sol", seconds="9999")  # never longer than three minutes
    cheat.button(key="rush_start").click().run()
    assert run_of(cheat).length == 180
