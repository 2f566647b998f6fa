"""A new server process is warmed once, after its first page run (``tutor.frame.warm``)."""

from __future__ import annotations

import sqlite3
import sys
import threading
from pathlib import Path

import pandas as pd
import pytest

from cribbage_core import totals
from cribbage_core.tables import build_tables
from tutor.frame import warm


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The warm-up opens the database: a file of the test's, never the project's."""
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'progress.db'}")


@pytest.fixture
def new_process(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The warm-up's state as in a process that has not started it."""
    done = threading.Event()
    monkeypatch.setattr(warm, "_started", False)
    monkeypatch.setattr(warm, "_done", done)
    monkeypatch.delenv("CRIBBAGE_WARM_UP", raising=False)
    return done


def test_the_warm_up_waits_for_the_first_page_run_then_runs_once(
    new_process: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []
    page_over = threading.Event()
    monkeypatch.setattr(warm, "warm", lambda: calls.append("warmed"))
    started: list[bool] = []

    def page_run() -> None:  # a page's script thread: the warm-up starts when it ends
        started.append(warm.start_once())
        started.append(warm.start_once())  # every later run: nothing more
        page_over.wait(30)

    run = threading.Thread(target=page_run)
    run.start()
    try:
        assert not warm.warmed(timeout=0.2) and calls == []  # not while the page runs
    finally:
        page_over.set()
        run.join()
    assert warm.warmed(timeout=60) and calls == ["warmed"]
    assert started == [True, False] and not warm.start_once()


def test_no_warm_up_when_it_is_turned_off(
    new_process: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBBAGE_WARM_UP", "0")
    monkeypatch.setattr(warm, "warm", lambda: pytest.fail("warmed although turned off"))
    assert not warm.start_once()
    assert not warm.warmed(timeout=0.1)


def test_the_warm_up_imports_the_libraries_and_builds_the_tables(tmp_path: Path) -> None:
    warm.warm()
    with sqlite3.connect(tmp_path / "progress.db") as db:  # the database opened, its schema made
        assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'learners'").fetchone()
    assert {"pandas", "altair", "cribbage_core.coach.game_review", "cribbage_core.bots"} <= set(
        sys.modules
    )
    assert {"tutor.review.keep", "tutor.review.view", "tutor.play.ui", "tutor.progress"} <= set(
        sys.modules
    )  # pages'
    assert totals._TABLE is not None  # built: a page finds it made
    assert build_tables() >= 8


def test_the_warm_up_builds_the_charts_a_review_draws_first() -> None:
    from tutor import progress

    progress._kept_spec.cache_clear()
    warm.warm()
    built = progress._kept_spec.cache_info()
    assert built.currsize == 3  # the skill chart with and without a ringed game, the chance to win
    figures = pd.DataFrame(
        {"id": ["g"], "day": [pd.Timestamp("2026-12-01")], "game": [1], "skill": [0.4]}
        | {"errors": [2], "opponent_level": ["Easy"]}
    )
    progress.skill_chart(figures, current="g")  # a learner's first review: its spec is found made
    assert progress._kept_spec.cache_info().hits == built.hits + 1


def test_started_through_this_module_a_server_is_warmed_at_once(
    new_process: threading.Event,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(warm, "warm", lambda: calls.append("warmed"))
    monkeypatch.setattr(sys, "argv", list(sys.argv))  # main sets Streamlit's arguments
    with pytest.raises(SystemExit) as ended:
        warm.main(["version"])  # Streamlit's own command line (here: only its version)
    assert ended.value.code in (0, None) and "Streamlit" in capsys.readouterr().out
    assert warm.warmed(timeout=60) and calls == ["warmed"]  # no page run to wait for
    assert not warm.start_once()  # the first page finds it started
