"""Faults: a database that is read-only, down, locked or holding a damaged game
never makes a page loop, hang, lose moves or answers, or crash.

Each test runs the pages with AppTest against its own SQLite file (``DATABASE_URL``); a write
lock is held by another process, as a backup or a ``sqlite3`` shell would hold it. The time
bounds are wall-clock on a shared, loaded machine, so they leave room above the few seconds
a learner may wait (``tutor.store.WRITE_WAIT_SECONDS``).
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from apptools import answer, open_page
from streamlit.testing.v1 import AppTest
from test_app_play import ENTRY, open_play, session_of, start, step

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor import store
from tutor.store.schema import REVIEW_ITEMS

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


COUNT = "pages/2_Count_the_hand.py"
NOT_SAVED = "This game is not being saved just now."
# a learner's click may wait WRITE_WAIT_SECONDS for a lock; the rest is the page run on a loaded machine
CLICK_BOUND_SECONDS = store.WRITE_WAIT_SECONDS + 4.0


@pytest.fixture
def db_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.db"
    engine = store.make_engine(f"sqlite:///{path}")
    store.migrate(engine)
    engine.dispose()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.setenv("CRIBBAGE_BOT_DELAY", "0")
    return path


@contextmanager
def write_lock_held(path: Path) -> Iterator[Callable[[], None]]:
    """Another process holds ``BEGIN IMMEDIATE`` on the SQLite file until the block ends, or
    until the function the block is given is called."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sqlite3, sys\n"
                f"conn = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
                "conn.execute('BEGIN IMMEDIATE')\n"
                "print('locked', flush=True)\n"
                "sys.stdin.readline()\n"
                "conn.execute('ROLLBACK')\n"
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    released = threading.Lock()

    def release() -> None:
        with released:
            assert holder.stdin is not None
            if not holder.stdin.closed:
                holder.stdin.write("\n")
                holder.stdin.close()

    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield release
    finally:
        release()
        holder.wait(timeout=30)


def saved_moves(path: Path, game_id: str) -> int | None:
    engine = store.make_engine(f"sqlite:///{path}")
    try:
        found = store.load_game(engine, game_id)
    finally:
        engine.dispose()
    return None if found is None else found[0]


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def timed_step(at: AppTest) -> float:
    began = time.monotonic()
    step(at)
    return time.monotonic() - began


# ---- fault 1: a database it can read but not write


def test_a_read_only_database_never_loops_the_play_page(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///file:{db_path}?mode=ro&uri=true")
    cpu = time.process_time()
    at = AppTest.from_file(ENTRY, default_timeout=20)  # a loop times out
    at.switch_page("pages/4_Play.py")
    at.query_params["learner"] = "x"
    at.run()
    first = start(at, seed=42)
    for _ in range(8):  # the discard, then cards laid: the game goes on unsaved
        before = session_of(at).moves
        step(at)
        assert session_of(at).moves > before
    assert time.process_time() - cpu < 15, "CPU time of a few page runs, not a spinning loop"
    assert any(w.startswith("Progress is not being saved") for w in warnings(at)), warnings(at)
    assert any(w.startswith(NOT_SAVED) for w in warnings(at)), warnings(at)
    assert not [e.value for e in at.error]
    assert saved_moves(db_path, first.game_id) is None


# ---- fault 2: moves made while the database is down are saved when it is back


def test_moves_made_while_the_database_is_locked_are_saved_when_it_is_back(db_path: Path) -> None:
    at = open_play(learner="Ann")
    start(at, seed=7)
    step(at)  # the discard: saved
    game_id = session_of(at).game_id
    saved = session_of(at).moves
    assert saved_moves(db_path, game_id) == saved
    with write_lock_held(db_path):
        waited = timed_step(at)  # a card laid (and the computer's answer): not saved
        print(f"locked Play click: {waited:.2f} s")
        assert waited < CLICK_BOUND_SECONDS, f"a click waited {waited:.1f} s for the lock"
        assert session_of(at).moves > saved, "the game goes on"
        assert any(w.startswith(NOT_SAVED) for w in warnings(at)), warnings(at)
    assert saved_moves(db_path, game_id) == saved
    step(at)  # the database answers again: every move since is saved
    now = session_of(at)
    assert saved_moves(db_path, game_id) == now.moves
    assert not any(w.startswith(NOT_SAVED) for w in warnings(at))
    assert not [e.value for e in at.error], "no 'moved on in another tab' message"
    again = open_play(at, game=game_id)  # and the link brings back exactly that game
    assert session_of(again).moves == now.moves
    assert session_of(again).state == now.state


def test_the_unsaved_moves_are_saved_at_the_next_run_without_a_move(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tutor.play.ui.RETRY_SECONDS", 0.0)
    at = open_play()
    start(at, seed=7)
    with write_lock_held(db_path):
        step(at)
    game_id = session_of(at).game_id
    assert saved_moves(db_path, game_id) != session_of(at).moves
    at.run()  # e.g. a toggle, or the page shown again: nothing moved, yet the game is saved
    assert saved_moves(db_path, game_id) == session_of(at).moves
    assert not any(w.startswith(NOT_SAVED) for w in warnings(at))


def test_a_game_moved_on_elsewhere_while_this_tab_could_not_save_is_told_plainly(
    db_path: Path,
) -> None:
    here = open_play()
    start(here, seed=7)
    game_id = session_of(here).game_id
    with write_lock_held(db_path):
        step(here)  # the discard, kept in this tab only
    there = open_play(
        here, game=game_id
    )  # another tab of this browser, from the link, plays on and saves
    step(there)
    step(here)
    [message] = [e.value for e in here.error]
    assert message.startswith("While this game could not be saved, it moved on in another tab"), (
        message
    )
    assert session_of(here).moves == session_of(there).moves == saved_moves(db_path, game_id)


def test_a_game_that_cannot_be_read_now_keeps_its_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the database's folder should be")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{blocker}/progress.db")
    at = open_play(game="5b0f7a52-0000-4000-8000-000000000000")
    [message] = [e.value for e in at.error]
    assert message.startswith("This game cannot be read now"), message
    assert at.query_params["game"] == "5b0f7a52-0000-4000-8000-000000000000"


# ---- fault 3: a held write lock costs an answer a few seconds, and the answer is kept


def test_a_held_write_lock_delays_an_answer_a_few_seconds_and_it_is_saved_later(
    db_path: Path,
) -> None:
    at = open_page(COUNT, seed="42", learner="Ann")
    at.run()  # the learner exists before the lock (the first answer creates it)
    with write_lock_held(db_path):
        began = time.monotonic()
        answer(at, "count", str(deal_hand(42).score.total))
        waited = time.monotonic() - began
        print(f"locked wait: {waited:.2f} s")
        assert waited < CLICK_BOUND_SECONDS, f"the answer waited {waited:.1f} s for the lock"
        assert "Right!" in at.success[0].value, "the verdict comes anyway"
        assert any("This answer is not saved yet" in c.value for c in at.caption)
    at.button(key="count_next").click().run()
    answer(at, "count", "0")
    engine = store.make_engine(f"sqlite:///{db_path}")
    with engine.connect() as conn:
        seeds = sorted(conn.scalars(sa.select(store.ATTEMPTS.c.seed)))
    engine.dispose()
    assert len(seeds) == 2 and "42" in seeds, "the answer kept while locked is saved with the next"


def rows(path: Path, table: sa.Table) -> int:
    engine = store.make_engine(f"sqlite:///{path}")
    with engine.connect() as conn:
        count = conn.scalar(sa.select(sa.func.count()).select_from(table))
    engine.dispose()
    return int(count or 0)


def told_not_saved(at: AppTest) -> bool:
    """Whether the page tells the learner something was not saved (the answer's caption, the
    quiz's or the page's warning)."""
    shown = [c.value for c in at.caption] + warnings(at)
    return any("not saved yet" in text or "not being saved" in text for text in shown)


def test_a_miss_met_by_a_lock_is_kept_and_the_learner_is_told_only_while_it_is_not_saved(
    db_path: Path,
) -> None:
    at = open_page(COUNT, seed="42", learner="Ann")
    at.run()
    total = deal_hand(42).score.total
    with write_lock_held(db_path) as release:  # a lock that goes within the write's wait
        timer = threading.Timer(0.5, release)
        timer.start()
        began = time.monotonic()
        answer(at, "count", str(total + 1))  # a wrong answer: the attempt and a review item
        assert time.monotonic() - began >= 0.5, "the write waited for the lock"
        timer.join()
    assert not told_not_saved(at), "saved after a short wait: nothing to tell"
    assert rows(db_path, store.ATTEMPTS) == 1 and rows(db_path, REVIEW_ITEMS) == 1

    at.button(key="count_next").click().run()
    total = deal_hand(int(at.query_params["seed"])).score.total
    with write_lock_held(db_path):  # a lock held past the write's wait: not saved, and told so
        answer(at, "count", str(total + 1))
        assert told_not_saved(at)
        assert rows(db_path, store.ATTEMPTS) == 1 and rows(db_path, REVIEW_ITEMS) == 1

    at.button(key="count_next").click().run()  # the lock has gone: the next answer takes it along
    answer(at, "count", str(deal_hand(int(at.query_params["seed"])).score.total))
    assert not told_not_saved(at)
    assert rows(db_path, store.ATTEMPTS) == 3, "the answer kept while locked is saved"
    assert rows(db_path, REVIEW_ITEMS) == 2, "and the review item of its miss"


def test_a_write_gives_up_within_the_wait_bound(db_path: Path) -> None:
    engine = store.make_engine(f"sqlite:///{db_path}")
    with write_lock_held(db_path):
        began = time.monotonic()
        with pytest.raises(sa.exc.OperationalError, match="locked"):
            store.create_learner(engine, "Bea")
        waited = time.monotonic() - began
        print(f"locked wait: {waited:.2f} s")
    engine.dispose()
    assert store.SQLITE_BUSY_TIMEOUT_MS / 1000 <= waited < store.WRITE_WAIT_SECONDS + 1.0, waited


# ---- fault 4: every unreadable save gets one clear message and a new game
# (tests/pages/test_app_play.py covers text that is not JSON, null, [], {}, a wrong version, a bad
# card and an edited version 1 save; these are the cases that still crashed or misled)

V1_TAKE_BACKS = (
    Path(__file__).resolve().parents[1] / "data/play_saves_v1/two_players_play_with_take_backs.json"
)


def _leaf_paths(value: object, prefix: tuple[object, ...] = ()) -> Iterator[tuple[object, ...]]:
    if prefix:
        yield prefix
    if len(prefix) < 3 and isinstance(value, dict):
        for key, inner in value.items():
            yield from _leaf_paths(inner, (*prefix, key))
    elif len(prefix) < 3 and isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _leaf_paths(inner, (*prefix, index))


def test_any_damaged_field_of_a_save_is_an_invalid_saved_game_not_a_crash() -> None:
    import copy
    import json

    from cribbage_core.errors import InvalidSavedGame
    from tutor.play.session import PlaySession

    saved = json.loads(V1_TAKE_BACKS.read_text())
    crashes = []
    for path in _leaf_paths(saved["data"]):
        for damage in ("", None, [], -1, {}):
            data = copy.deepcopy(saved["data"])
            parent = data
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = damage
            try:
                PlaySession.from_dict(data, moves=saved.get("moves"))
            except InvalidSavedGame:
                pass
            except Exception as error:  # noqa: BLE001 - what the page would have shown as a traceback
                crashes.append((path, damage, repr(error)[:80]))
    assert not crashes, crashes[:5]


def _saved_json(path: Path, game_id: str, data: object, moves: int) -> None:
    import json

    engine = store.make_engine(f"sqlite:///{path}")
    store.save_game(engine, game_id, {}, moves=moves, previous=None)
    with engine.begin() as conn:
        conn.execute(
            sa.update(store.SAVED_GAMES)
            .where(store.SAVED_GAMES.c.id == game_id)
            .values(data=json.dumps(data))
        )
    engine.dispose()


def test_a_v1_save_with_an_empty_take_back_says_so_and_offers_a_new_game(db_path: Path) -> None:
    import json

    saved = json.loads(V1_TAKE_BACKS.read_text())
    saved["data"]["marks"][1][2] = ""
    _saved_json(db_path, "empty-mark", saved["data"], saved.get("moves", 0))
    at = open_play(game="empty-mark")
    [message] = [e.value for e in at.error]
    assert (
        message.startswith("This saved game cannot be continued:") and "marks[1][2]" in message
    ), message
    assert "FormSubmitter:play_settings-Deal" in {b.key for b in at.button}


def test_a_save_holding_another_games_id_says_so_and_offers_a_new_game(db_path: Path) -> None:
    from tutor.play.session import PlaySession, PlaySettings

    other = PlaySession.start(PlaySettings(), seed=4)
    _saved_json(db_path, "copied-here", other.to_dict(), other.moves)
    at = open_play(game="copied-here")
    [message] = [e.value for e in at.error]
    assert message.startswith("This saved game cannot be continued:") and "game_id" in message, (
        message
    )
    assert "game" not in at.query_params
    assert "play_session" not in at.session_state
