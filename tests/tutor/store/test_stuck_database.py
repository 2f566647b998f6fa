"""A stuck database never hangs a page: PostgreSQL's processes stopped
(SIGSTOP, as a frozen or unreachable server looks to a client), a quiz page says "Progress is
not being saved" within 5 s and the quiz goes on; once the server runs again, progress is saved.

Needs a PostgreSQL this test may freeze: ``scripts/with_postgres.sh`` gives a throwaway one
(``.ci/run`` runs this file under it); a run without one leaves these tests out (conftest). It stops only the server whose data
directory ``DATABASE_URL``'s database reports, and always lets it run again.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from apptools import open_page

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.store import Attempt, make_engine
from tutor.store.engine import ANSWER_SECONDS, NoAnswer, within_deadline
from tutor.store.handle import NOT_ANSWERING, store_for_engine

URL = os.environ.get("DATABASE_URL", "")
pytestmark = pytest.mark.postgres  # run by scripts/with_postgres.sh; left out of a run without one


def _server_processes(engine: sa.Engine) -> list[int]:
    """The PostgreSQL server behind ``engine``: its postmaster and every child process."""
    with engine.connect() as conn:
        data_dir = conn.execute(sa.text("SHOW data_directory")).scalar_one()
    postmaster = int(Path(data_dir, "postmaster.pid").read_text().split()[0])
    children = subprocess.run(
        ["pgrep", "-P", str(postmaster)], capture_output=True, text=True
    ).stdout.split()
    return [postmaster, *map(int, children)]


class Freezer:
    """Stops and restarts the test's PostgreSQL server (every process of it)."""

    def __init__(self) -> None:
        self.frozen: list[int] = []

    def freeze(self) -> None:
        engine = make_engine(URL)
        pids = _server_processes(engine)
        engine.dispose()
        for pid in pids:
            try:
                os.kill(pid, signal.SIGSTOP)
            except ProcessLookupError:  # a backend that just ended (the one that asked)
                continue
            self.frozen.append(pid)

    def thaw(self) -> None:
        for pid in self.frozen:
            with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                os.kill(pid, signal.SIGCONT)
        self.frozen = []


@pytest.fixture
def server() -> Iterator[Freezer]:
    """The server, let run again at the end whatever happens."""
    freezer = Freezer()
    try:
        yield freezer
    finally:
        freezer.thaw()


def _attempt(seed: int) -> Attempt:
    return Attempt(
        "hand", str(seed), "12", "12", True, {}, attempt_id=f"stuck-{seed}-{time.time_ns()}"
    )


def test_a_store_call_gives_up_within_the_deadline_and_the_next_at_once(server: Freezer) -> None:
    store = store_for_engine(make_engine(URL))
    name = f"stuck{time.time_ns()}"
    assert store.record_attempt(name, _attempt(1))  # a pooled connection, as a page has one
    server.freeze()
    started = time.monotonic()
    assert store.record_attempt(name, _attempt(2)) is False
    assert time.monotonic() - started < ANSWER_SECONDS + 1.5
    assert store.problem == NOT_ANSWERING
    started = time.monotonic()
    assert store.due_count(name, dt.date.today()) == 0  # the fallback, at once: no second wait
    assert time.monotonic() - started < 0.5

    server.thaw()  # the unanswered call returns, and the database is used again
    deadline = time.monotonic() + 10
    while not store.record_attempt(name, _attempt(3)):
        assert time.monotonic() < deadline, "the database was not used again after it came back"
        time.sleep(0.2)
    assert store.problem is None


def test_a_call_is_tried_again_while_the_database_stays_silent(server: Freezer) -> None:
    engine = make_engine(URL)
    with engine.connect() as conn:  # the pool holds a connection
        conn.execute(sa.text("SELECT 1"))
    server.freeze()
    with pytest.raises(NoAnswer):
        within_deadline(engine, lambda: _select_one(engine), seconds=0.5)
    with pytest.raises(NoAnswer):  # at once
        within_deadline(engine, lambda: pytest.fail("not tried while silent"), seconds=0.5)
    server.thaw()
    deadline = time.monotonic() + 10
    while True:  # the first call answers late, and that opens the way again
        try:
            assert within_deadline(engine, lambda: _select_one(engine)) == 1
            break
        except NoAnswer:
            assert time.monotonic() < deadline
            time.sleep(0.2)


def _select_one(engine: sa.Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT 1")).scalar_one())


def test_a_frozen_database_shows_not_saved_within_5_s_and_the_quiz_goes_on(
    server: Freezer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", URL)
    seed, name = 42, f"frozen{time.time_ns()}"
    at = open_page("pages/2_Count_the_hand.py", seed=str(seed), learner=name)
    server.freeze()
    at.text_input(key="count_answer").input(str(deal_hand(seed).score.total))
    at.button(key="count_submit").click()
    started = time.monotonic()
    at.run()
    took = time.monotonic() - started
    assert not at.exception, at.exception
    captions = " ".join(str(c.value) for c in at.caption)
    assert "Progress is not being saved" in captions, captions
    assert any("Right!" in str(s.value) for s in at.success), (
        "the quiz goes on: the verdict is shown"
    )
    assert took < 5.0, f"the page took {took:.1f} s"
    at.button(key="count_next").click()
    started = time.monotonic()
    at.run()  # the next question: no more waiting while the database is silent
    assert time.monotonic() - started < 2.0
    assert at.text_input(key="count_answer")
