"""A new server process is warmed once (``tutor.frame.warm``): before it opens when started as the
README says (``streamlit run app.py``, through the ``st.App`` in ``app.py``), else after its first
page run."""

from __future__ import annotations

import asyncio
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from streamlit.web.server.app_discovery import discover_asgi_app

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
    from tutor.progress import kept

    kept._kept_spec.cache_clear()
    warm.warm()
    built = kept._kept_spec.cache_info()
    assert built.currsize == 3  # the skill chart with and without a ringed game, the chance to win
    figures = pd.DataFrame(
        {"id": ["g"], "day": [pd.Timestamp("2026-12-01")], "game": [1], "skill": [0.4]}
        | {"errors": [2], "opponent_level": ["Easy"]}
    )
    progress.skill_chart(figures, current="g")  # a learner's first review: its spec is found made
    assert kept._kept_spec.cache_info().hits == built.hits + 1


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


ROOT = Path(__file__).resolve().parents[2]


def run_apart(main: Coroutine[Any, Any, object]) -> None:
    """``asyncio.run(main)`` in a thread of its own: a browser test run earlier in this worker
    leaves Playwright's event loop running in the main thread, where ``asyncio.run`` refuses."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(asyncio.run, main).result()


def test_streamlit_run_finds_the_app_and_its_warm_up_in_app_py() -> None:
    found = discover_asgi_app(ROOT / "app.py")  # what `streamlit run app.py` looks for first
    assert found.is_asgi_app and found.import_string == "app:app"
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    assert "from tutor.frame.warm import lifespan" in source
    assert "st.App(__file__, lifespan=lifespan)" in source


def test_the_lifespan_opens_the_server_only_once_the_process_is_warmed(
    new_process: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    release, calls = threading.Event(), []

    def slow_warm() -> None:
        calls.append("begun")
        release.wait(30)
        calls.append("warmed")

    monkeypatch.setattr(warm, "warm", slow_warm)

    async def serve() -> list[str]:
        async with warm.lifespan(object()):
            return list(calls)  # what had happened when the server would open

    async def check() -> None:
        opened = asyncio.ensure_future(serve())
        await asyncio.sleep(0.3)
        assert not opened.done() and calls == ["begun"]  # held while the warm-up runs
        release.set()
        assert await asyncio.wait_for(opened, 30) == ["begun", "warmed"]

    run_apart(check())
    assert not warm.start_once()  # the first page finds it done


def test_the_lifespan_opens_at_once_with_the_warm_up_turned_off(
    new_process: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CRIBBAGE_WARM_UP", "0")
    monkeypatch.setattr(warm, "warm", lambda: pytest.fail("warmed although turned off"))

    async def serve() -> None:
        async with warm.lifespan(object()):
            pass

    run_apart(asyncio.wait_for(serve(), 10))


def test_the_readme_command_warms_the_server_before_it_answers(tmp_path: Path) -> None:
    """``streamlit run app.py`` (the README's command): the log says the process is warmed by the
    time the server first answers, with no page run yet."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "server.log"
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'progress.db'}")
    env.pop("CRIBBAGE_WARM_UP", None)
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless=true"]
            + [f"--server.port={port}", "--server.address=127.0.0.1"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                    break
            except OSError:
                assert server.poll() is None, log.read_text()
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        assert "The process is warmed" in log.read_text(), log.read_text()
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
