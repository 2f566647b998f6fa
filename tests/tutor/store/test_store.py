"""tutor.store: recording, reading, idempotence, migrations, weak spots, CSV, failures.

Every test taking ``engine`` or ``db_url`` runs on a fresh SQLite file and, when
``DATABASE_URL`` is set (``scripts/with_postgres.sh`` does), again on that database, which
is emptied before each test.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import progress, store
from tutor.store import Migration, StoreError, schema

NOW = dt.datetime(2026, 5, 20, 12, 0, 0)


def new_id() -> str:
    return str(uuid.uuid4())


def attempt(learner_id: int, **overrides: object) -> dict[str, object]:
    values: dict[str, object] = {
        "attempt_id": new_id(),
        "learner_id": learner_id,
        "kind": "hand",
        "seed": 42,
        "answer": 12,
        "right_answer": 14,
        "correct": False,
        "categories": ["fifteen", "run"],
        "categories_missed": ["run"],
        "seconds": 7.5,
        "at": NOW,
    }
    values.update(overrides)
    return values


def page_attempt(**overrides: object) -> store.Attempt:
    """An attempt as a page hands it to ``Store.record_attempt`` (which knows the learner)."""
    values = attempt(0, **overrides)
    del values["learner_id"], values["at"]
    return store.Attempt(**values)


def count_rows(engine: Engine, table: str) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(sa.text(f"SELECT COUNT(*) FROM {table}")))


# --- schema and migrations -----------------------------------------------------------------


def test_migrated_schema_matches_the_metadata_queries_use(engine: Engine) -> None:
    assert store.schema_version(engine) == store.LATEST_VERSION
    inspector = sa.inspect(engine)
    for table in store.METADATA.sorted_tables:
        found = {c["name"] for c in inspector.get_columns(table.name)}
        assert found == {c.name for c in table.columns}, table.name
        indexes = {i["name"] for i in inspector.get_indexes(table.name)}
        assert {i.name for i in table.indexes} <= indexes, table.name


def test_migrating_again_changes_nothing(engine: Engine) -> None:
    learner = store.create_learner(engine, "Ann")
    store.record_attempt(engine, **attempt(learner.id))
    assert store.migrate(engine) == store.LATEST_VERSION
    assert count_rows(engine, "attempts") == 1
    assert count_rows(engine, "schema_version") == len(store.MIGRATIONS)


def test_a_version_1_database_upgrades_without_losing_rows(db_url: str) -> None:
    old = store.make_engine(db_url)
    assert store.migrate(old, target=1) == 1
    with old.begin() as conn:  # rows as the version-1 app wrote them
        conn.execute(
            sa.text("INSERT INTO learners (name, created_at) VALUES ('Ann', :t)"), {"t": NOW}
        )
        conn.execute(
            sa.text(
                "INSERT INTO attempts (id, learner_id, kind, seed, answer, right_answer, correct,"
                " categories, categories_missed, seconds, created_at) VALUES"
                " ('a1', 1, 'hand', '7', '12', '12', :yes, '[\"pair\"]', '[]', 3.5, :t),"
                " ('a2', 1, 'crib', '8', '4', '6', :no, '[\"pair\"]', '[\"pair\"]', NULL, :t)"
            ),
            {"t": NOW, "yes": True, "no": False},
        )
    assert not sa.inspect(old).has_table("games")
    old.dispose()

    upgraded = store.make_engine(db_url)
    assert store.migrate(upgraded) == store.LATEST_VERSION
    ann = store.learner_by_name(upgraded, "Ann")
    assert ann is not None
    frame = store.attempts_frame(upgraded, ann.id)
    assert list(frame["id"]) == ["a1", "a2"]
    assert list(frame["correct"]) == [True, False]
    assert list(frame["extra"]) == [None, None]
    assert frame["categories_missed"].tolist() == [[], ["pair"]]
    # the new version's features work on the old rows' database
    assert store.record_game(
        upgraded,
        game_id="g1",
        learner_id=ann.id,
        opponent_level="easy",
        players=2,
        target=121,
        scores=[121, 80],
        winner="Ann",
        learner_won=True,
    )
    upgraded.dispose()


def test_a_failing_migration_leaves_the_old_version_and_rows(
    engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    learner = store.create_learner(engine, "Ann")
    store.record_attempt(engine, **attempt(learner.id))

    def broken(conn: sa.Connection) -> None:
        conn.exec_driver_sql("ALTER TABLE attempts ADD COLUMN half_done TEXT")
        raise RuntimeError("disk fell off")

    monkeypatch.setattr(schema, "MIGRATIONS", (*store.MIGRATIONS, Migration(99, "broken", broken)))
    with pytest.raises(RuntimeError):
        store.migrate(engine)
    assert store.schema_version(engine) == store.LATEST_VERSION
    assert "half_done" not in {c["name"] for c in sa.inspect(engine).get_columns("attempts")}
    assert count_rows(engine, "attempts") == 1


def test_a_database_from_a_newer_app_is_refused(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(
            store.SCHEMA_VERSION.insert().values(version=999, name="future", applied_at=NOW)
        )
    with pytest.raises(store.SchemaTooNew, match="version 999"):
        store.migrate(engine)
    assert store.store_for_engine(engine).problem is not None


# --- learners ----------------------------------------------------------------------------


def test_learners_are_found_by_cleaned_name_and_created_once(engine: Engine) -> None:
    assert store.learner_by_name(engine, "Ann") is None
    ann = store.create_learner(engine, "  Ann   Lee ")
    assert ann.name == "Ann Lee"
    assert store.create_learner(engine, "Ann Lee") == ann
    assert store.learner_by_name(engine, "Ann  Lee") == ann
    assert store.create_learner(engine, "ann lee") != ann  # names are case-sensitive
    with pytest.raises(StoreError, match="empty"):
        store.create_learner(engine, "   ")
    with pytest.raises(StoreError, match="at most 40"):
        store.create_learner(engine, "x" * 41)


def test_a_hostile_name_is_stored_verbatim(engine: Engine) -> None:
    name = "<script>x</script>'; DROP TABLE learners"
    learner = store.create_learner(engine, name)
    assert store.learner_by_name(engine, name) == learner
    assert count_rows(engine, "learners") == 1


# --- attempts ----------------------------------------------------------------------------


def test_an_attempt_reads_back_as_recorded(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    values = attempt(ann.id, extra={"ev_lost": 1.25}, answer=["5H", "5S"], kind="discard")
    assert store.record_attempt(engine, **values) is True
    frame = store.attempts_frame(engine, ann.id)
    assert len(frame) == 1
    row = frame.iloc[0]
    assert row["id"] == values["attempt_id"]
    assert (row["kind"], row["seed"], row["correct"]) == ("discard", "42", False)
    assert json.loads(row["answer"]) == ["5H", "5S"]
    assert row["right_answer"] == "14"
    assert row["categories"] == ["fifteen", "run"]
    assert row["categories_missed"] == ["run"]
    assert row["seconds"] == 7.5
    assert row["extra"] == {"ev_lost": 1.25}
    assert row["created_at"].to_pydatetime() == NOW


def test_aware_times_are_kept_in_utc(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    paris = dt.timezone(dt.timedelta(hours=2))
    store.record_attempt(
        engine, **attempt(ann.id, at=dt.datetime(2026, 5, 20, 14, 0, tzinfo=paris))
    )
    assert store.attempts_frame(engine, ann.id)["created_at"][0].to_pydatetime() == NOW


def test_a_double_submit_records_once_and_keeps_the_first_answer(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    first = attempt(ann.id, answer=12, correct=False)
    assert store.record_attempt(engine, **first) is True
    again = {**first, "answer": 14, "correct": True}  # a reload re-sends with a new answer
    assert store.record_attempt(engine, **again) is False
    frame = store.attempts_frame(engine, ann.id)
    assert len(frame) == 1 and frame["answer"][0] == "12"


def test_two_tabs_answering_one_deal_at_once_record_once(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    values = attempt(ann.id)
    results: list[bool] = []
    barrier = threading.Barrier(2)

    def tab() -> None:
        barrier.wait()
        results.append(store.record_attempt(engine, **values))

    threads = [threading.Thread(target=tab) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True]
    assert count_rows(engine, "attempts") == 1


def test_attempts_are_checked_before_storing(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    with pytest.raises(StoreError, match="hand, crib, pegging, discard"):
        store.record_attempt(engine, **attempt(ann.id, kind="chess"))
    with pytest.raises(StoreError, match="36 characters"):
        store.record_attempt(engine, **attempt(ann.id, attempt_id="x" * 37))
    assert count_rows(engine, "attempts") == 0


def test_each_learner_sees_only_their_own_attempts(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    bob = store.create_learner(engine, "Bob")
    for _ in range(3):
        store.record_attempt(engine, **attempt(ann.id))
    store.record_attempt(engine, **attempt(bob.id, kind="pegging"))
    assert len(store.attempts_frame(engine, ann.id)) == 3
    assert store.attempts_frame(engine, bob.id)["kind"].tolist() == ["pegging"]


def test_missed_categories_count_as_involved(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    store.record_attempt(engine, **attempt(ann.id, categories=[], categories_missed=["nobs"]))
    assert store.attempts_frame(engine, ann.id)["categories"][0] == ["nobs"]


# --- games -------------------------------------------------------------------------------


def test_games_record_once_and_read_back(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    game = {
        "game_id": new_id(),
        "learner_id": ann.id,
        "opponent_level": "hard",
        "players": 2,
        "target": 121,
        "scores": [85, 121],
        "winner": "computer",
        "learner_won": False,
        "result_kind": "skunk",
        "muggins_lost": 6,
        "at": NOW,
    }
    assert store.record_game(engine, **game) is True
    assert store.record_game(engine, **game) is False
    frame = store.games_frame(engine, ann.id)
    assert len(frame) == 1
    row = frame.iloc[0]
    assert (row["opponent_level"], row["result_kind"], row["muggins_lost"]) == ("hard", "skunk", 6)
    assert row["scores"] == [85, 121] and not row["learner_won"]
    with pytest.raises(StoreError, match="lurch"):
        store.record_game(engine, **{**game, "game_id": new_id(), "result_kind": "whitewash"})


# --- weak spots --------------------------------------------------------------------------


def test_recent_misses_weigh_more_and_decay_by_half_life(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    half_life = dt.timedelta(days=progress.WEAK_SPOT_HALF_LIFE_DAYS)
    store.record_attempt(engine, **attempt(ann.id, categories=[], categories_missed=["run"]))
    store.record_attempt(
        engine, **attempt(ann.id, categories=[], categories_missed=["nobs"], at=NOW - half_life)
    )
    weights = progress.weak_spots(store.Store(engine), "Ann", now=NOW)
    assert weights == {"run": 1.0, "nobs": 0.5}
    assert list(weights) == ["run", "nobs"]  # heaviest first


def test_right_answers_later_lower_a_weak_spot(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    store.record_attempt(engine, **attempt(ann.id, categories=["run"], categories_missed=["run"]))
    store.record_attempt(engine, **attempt(ann.id, categories=["run"], categories_missed=[]))
    assert progress.weak_spots(store.Store(engine), "Ann", now=NOW) == {"run": 0.5}
    store.record_attempt(engine, **attempt(ann.id, categories=["run"], categories_missed=[]))
    assert progress.weak_spots(store.Store(engine), "Ann", now=NOW) == {}


def test_misses_older_than_ninety_days_are_forgotten(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    old = NOW - dt.timedelta(days=91)
    store.record_attempt(engine, **attempt(ann.id, categories_missed=["flush"], at=old))
    assert progress.weak_spots(store.Store(engine), "Ann", now=NOW) == {}


# --- CSV -----------------------------------------------------------------------------------


def test_csv_export_has_one_row_per_attempt_of_that_learner(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    bob = store.create_learner(engine, "Bob")
    store.record_attempt(engine, **attempt(ann.id, answer="twelve, or so", extra={"ev": 1}))
    later = NOW + dt.timedelta(seconds=1)
    store.record_attempt(engine, **attempt(ann.id, correct=True, categories_missed=[], at=later))
    store.record_attempt(engine, **attempt(bob.id))
    rows = list(csv.DictReader(io.StringIO(store.export_csv(engine, ann.id))))
    assert [r["answer"] for r in rows] == ["twelve, or so", "12"]
    assert list(rows[0]) == store.ATTEMPT_COLUMNS
    assert json.loads(rows[0]["categories_missed"]) == ["run"]
    assert json.loads(rows[0]["extra"]) == {"ev": 1}
    assert rows[1]["extra"] == "" and rows[1]["correct"] == "True"
    assert rows[0]["created_at"] == "2026-05-20T12:00:00Z"


# --- concurrency ---------------------------------------------------------------------------


@pytest.mark.parametrize("engines", ["one shared engine", "an engine each"])
def test_twenty_learners_recording_at_once_lose_and_duplicate_nothing(
    db_url: str, engines: str
) -> None:
    shared = store.make_engine(db_url)
    store.migrate(shared)
    per_learner, learners = 15, 20
    errors: list[BaseException] = []
    barrier = threading.Barrier(learners)

    def learner(n: int) -> None:
        own = shared if engines == "one shared engine" else store.make_engine(db_url)
        try:
            barrier.wait()
            me = store.create_learner(own, f"learner {n}")
            for i in range(per_learner):
                values = attempt(me.id, attempt_id=f"{n}-{i}", seed=i)
                assert store.record_attempt(own, **values) is True
                if i % 5 == 0:  # an impatient double click
                    assert store.record_attempt(own, **values) is False
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            if own is not shared:
                own.dispose()

    threads = [threading.Thread(target=learner, args=(n,)) for n in range(learners)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with shared.connect() as conn:
        ids = [row[0] for row in conn.execute(sa.text("SELECT id FROM attempts"))]
    assert sorted(ids) == sorted(f"{n}-{i}" for n in range(learners) for i in range(per_learner))
    assert count_rows(shared, "learners") == learners
    shared.dispose()


# --- a database that cannot be opened or written ------------------------------------------


def test_an_unopenable_database_gives_a_status_not_an_exception(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    handle = store.store_for_engine(store.make_engine(f"sqlite:///{blocker}/progress.db"))
    assert not handle.ok
    assert handle.problem is not None and "cannot open the database" in handle.problem
    assert handle.record_attempt("Ann", page_attempt()) is False
    assert handle.attempts_frame("Ann").empty
    assert progress.weak_spots(handle, "Ann") == {}
    assert handle.export_csv("Ann") == ""


def test_make_engine_reports_an_unwritable_folder_through_the_store(tmp_path: Path) -> None:
    blocker = tmp_path / "blocked"
    blocker.write_text("")
    engine = sa.create_engine(f"sqlite:///{blocker}/sub/progress.db")
    handle = store.store_for_engine(engine)  # prepare_engine cannot make the folder
    assert handle.engine is None and "cannot open the database" in (handle.problem or "")


def test_a_read_only_database_records_nothing_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "progress.db"
    writable = store.make_engine(f"sqlite:///{path}")
    store.migrate(writable)
    store.create_learner(writable, "Ann")
    writable.dispose()
    read_only = store.make_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    handle = store.Store(read_only)
    assert handle.record_attempt("Ann", page_attempt()) is False
    assert handle.problem == "the database is read-only"
    assert not handle.ok
    assert len(handle.attempts_frame("Ann")) == 0  # reading still works


def test_a_store_recovers_when_a_later_write_succeeds(engine: Engine) -> None:
    handle = store.Store(engine, problem="disk full")
    assert handle.record_attempt("Ann", page_attempt()) is True
    assert handle.ok


def test_default_url_prefers_database_url() -> None:
    assert store.default_url({"DATABASE_URL": " postgresql+psycopg://h/db "}) == (
        "postgresql+psycopg://h/db"
    )
    assert store.default_url({}) == f"sqlite:///{store.DEFAULT_SQLITE_PATH}"


def test_a_saved_game_reads_back_and_refuses_a_stale_write(engine: Engine) -> None:
    store.save_game(engine, "g1", {"turn": 0}, moves=0, previous=None, learner="Ann")
    store.save_game(engine, "g1", {"turn": 1}, moves=1, previous=0, learner="Ann")
    assert store.load_game(engine, "g1") == (1, {"turn": 1})
    with pytest.raises(store.StaleGame):  # a second tab still at move 0
        store.save_game(engine, "g1", {"turn": "other"}, moves=1, previous=0, learner="Ann")
    with pytest.raises(store.StaleGame):  # a new game whose id is taken
        store.save_game(engine, "g1", {"turn": "new"}, moves=0, previous=None)
    assert store.load_game(engine, "g1") == (1, {"turn": 1})
    assert store.load_game(engine, "nope") is None


def test_weak_spots_are_kept_apart_by_area(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    store.record_attempt(
        engine, **attempt(ann.id, kind="pegging", categories=["pair"], categories_missed=["pair"])
    )
    store.record_attempt(
        engine, **attempt(ann.id, kind="hand", categories=["pair"], categories_missed=[])
    )
    handle = store.Store(engine)
    assert progress.weak_spots(handle, "Ann", area="show", now=NOW) == {}
    assert progress.weak_spots(handle, "Ann", area="play", now=NOW) == {"pair": 1.0}
    table = progress.weak_spot_table(handle.attempts_frame("Ann"), now=NOW)
    assert table.to_dict("records") == [{"area": "play", "category": "pair", "weight": 1.0}]


# --- a busy database: writes wait their turn, and what still cannot be written is kept ------


@contextmanager
def sqlite_write_lock(engine: Engine) -> Iterator[None]:
    """Another connection (as another program would) holds SQLite's write lock in the block."""
    holder = sqlite3.connect(str(engine.url.database), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def review_items_of(engine: Engine) -> int:
    return count_rows(engine, "review_items")


def test_a_write_that_meets_a_held_lock_is_kept_and_written_once_the_lock_goes(
    tmp_path: Path,
) -> None:
    from tutor.quiz.schedule import after_miss

    engine = store.make_engine(f"sqlite:///{tmp_path / 'progress.db'}")
    handle = store.store_for_engine(engine)
    assert handle.record_attempt("Ann", page_attempt())  # Ann exists before the lock
    update = functools.partial(after_miss, today=dt.date(2026, 5, 20))
    with sqlite_write_lock(engine):
        began = time.monotonic()
        made = handle.record_miss("Ann", "hand", {"seed": "42"}, update)
        waited = time.monotonic() - began
        assert (
            made is None
            and handle.problem == "the database is busy: another program holds a lock on it"
        )
        assert handle.set_language("Ann", "hi") is False
        assert handle.kept_writes() == 2
        assert handle.flush_kept() == 2, "still locked: both stay kept"
    assert waited < store.WRITE_WAIT_SECONDS + 1.0, waited
    assert review_items_of(engine) == 0
    assert handle.record_attempt("Ann", page_attempt()), "the next write goes through..."
    assert handle.kept_writes() == 0, "...and takes the kept ones with it"
    assert review_items_of(engine) == 1 and handle.language("Ann") == "hi"
    assert handle.problem is None
    engine.dispose()


def test_kept_writes_are_tried_again_by_a_later_page_run(tmp_path: Path) -> None:
    engine = store.make_engine(f"sqlite:///{tmp_path / 'progress.db'}")
    handle = store.store_for_engine(engine)
    assert handle.set_language("Ann", "en")
    with sqlite_write_lock(engine):
        assert handle.set_language("Ann", "ur") is False
    other = store.store_for_engine(engine)  # another session of this server
    other.begin_run(object())
    assert other.kept_writes() == 0 and handle.language("Ann") == "ur"
    engine.dispose()


def test_writers_of_one_server_take_turns_and_one_not_served_in_time_gives_up(
    tmp_path: Path,
) -> None:
    from tutor.store.engine import _write_turns, _writing, write_budget

    engine = store.make_engine(f"sqlite:///{tmp_path / 'progress.db'}")
    store.migrate(engine)
    order: list[int] = []
    first_in = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with _writing(engine):
            first_in.set()
            release.wait(10)
            order.append(0)

    holder = threading.Thread(target=hold)
    holder.start()
    assert first_in.wait(10)
    began = time.monotonic()
    with write_budget(0.3), pytest.raises(sa.exc.OperationalError, match="locked"):
        store.create_learner(engine, "Bea")
    assert time.monotonic() - began < 2.0
    waiters = []
    for n in (1, 2, 3):
        waiter = threading.Thread(target=lambda n=n: _write_and_note(engine, order, n))
        waiter.start()
        waiters.append(waiter)
        queued = time.monotonic() + 10  # each joins the queue before the next comes
        while len(_write_turns(engine)._waiters) < n and time.monotonic() < queued:
            time.sleep(0.001)
    release.set()
    for thread in (holder, *waiters):
        thread.join(10)
    assert order == [0, 1, 2, 3], "first come, first served"
    engine.dispose()


def _write_and_note(engine: Engine, order: list[int], n: int) -> None:
    from tutor.store.engine import _writing

    with _writing(engine):
        order.append(n)
