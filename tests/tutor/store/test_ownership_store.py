"""Ownership in the store: PINs, their rate limit, tokens, games' owners.

Like tests/tutor/store/test_store.py, every test runs on a fresh SQLite file and, when ``DATABASE_URL`` is
set (``scripts/with_postgres.sh``), again on that PostgreSQL database.
"""

from __future__ import annotations

import datetime as dt
import uuid

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store
from tutor.store import access

NOW = dt.datetime(2026, 5, 20, 12, 0, 0)


def page_attempt() -> store.Attempt:
    return store.Attempt(
        "hand", 42, 12, 14, False, attempt_id=str(uuid.uuid4()), categories=("run",)
    )


# --- the PIN and its rate limit ------------------------------------------------------------


def test_only_a_hash_of_the_pin_is_kept_and_the_right_pin_passes(engine: Engine) -> None:
    sam = store.create_learner(engine, "Sam")
    assert store.check_pin(engine, sam.id, "anything").ok  # no PIN yet: nothing to check
    assert store.set_pin(engine, sam.id, "2468").ok
    with engine.connect() as conn:
        kept = conn.scalar(sa.text("SELECT pin_hash FROM learners WHERE id = :i"), {"i": sam.id})
    assert kept.startswith("$argon2id$") and "2468" not in kept
    assert store.check_pin(engine, sam.id, "2468").ok
    wrong = store.check_pin(engine, sam.id, "1357")
    assert not wrong.ok and wrong.wait_seconds == 0 and wrong.tries_left == store.FREE_TRIES - 1


@pytest.mark.parametrize("pin", ["", "   ", "123", "x" * 65])
def test_a_pin_that_cannot_be_one_is_refused_and_changes_nothing(engine: Engine, pin: str) -> None:
    sam = store.create_learner(engine, "Sam")
    with pytest.raises(store.PinError, match="PIN"):
        store.set_pin(engine, sam.id, pin)
    assert access.pin_hash(engine, sam.id) is None


def test_five_wrong_tries_then_a_wait_that_grows_and_survives_a_restart(db_url: str) -> None:
    engine = store.make_engine(db_url)
    store.migrate(engine)
    sam = store.create_learner(engine, "Sam")
    store.set_pin(engine, sam.id, "2468")
    for n in range(1, store.FREE_TRIES):
        check = store.check_pin(engine, sam.id, "0000", now=NOW)
        assert (check.ok, check.wait_seconds, check.tries_left) == (False, 0, store.FREE_TRIES - n)
    fifth = store.check_pin(engine, sam.id, "0000", now=NOW)
    assert (fifth.ok, fifth.wait_seconds) == (False, 30)
    engine.dispose()

    restarted = store.make_engine(db_url)  # a server restart forgets nothing
    later = NOW + dt.timedelta(seconds=10)
    refused = store.check_pin(restarted, sam.id, "2468", now=later)  # even the right PIN waits
    assert (refused.ok, refused.wait_seconds) == (False, 20)
    sixth = store.check_pin(restarted, sam.id, "0000", now=NOW + dt.timedelta(seconds=31))
    assert (sixth.ok, sixth.wait_seconds) == (False, 60)
    seventh = store.check_pin(restarted, sam.id, "0000", now=NOW + dt.timedelta(seconds=92))
    assert seventh.wait_seconds == 120
    assert store.check_pin(restarted, sam.id, "2468", now=NOW + dt.timedelta(seconds=213)).ok
    again = store.check_pin(restarted, sam.id, "0000", now=NOW + dt.timedelta(seconds=214))
    assert (again.wait_seconds, again.tries_left) == (
        0,
        store.FREE_TRIES - 1,
    )  # the count starts over
    restarted.dispose()


def test_guesses_sent_at_once_are_each_counted(db_url: str) -> None:
    """A try is counted before its hash is checked, in one write transaction: eight guesses
    sent at once are counted one by one, as if sent in turn (four free, the fifth starts the
    wait, the rest are refused unchecked), never all read as the first."""
    import threading

    engine = store.make_engine(db_url)
    store.migrate(engine)
    sam = store.create_learner(engine, "Sam")
    store.set_pin(engine, sam.id, "2468")
    results: list[store.PinCheck] = []
    lock = threading.Lock()

    def guess(pin: str) -> None:
        check = store.check_pin(engine, sam.id, pin, now=NOW)
        with lock:
            results.append(check)

    threads = [threading.Thread(target=guess, args=(f"{n:04d}",)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with engine.connect() as conn:
        failures = conn.scalar(
            sa.text("SELECT pin_failures FROM learners WHERE id = :i"), {"i": sam.id}
        )
    assert failures == store.FREE_TRIES
    assert sorted(r.tries_left for r in results) == [0, 0, 0, 0, 1, 2, 3, 4]
    assert sum(1 for r in results if r.wait_seconds) == 4 and not any(r.ok for r in results)
    engine.dispose()


def test_the_wait_is_capped_at_an_hour() -> None:
    assert [store.wait_after(n) for n in (1, 4, 5, 6, 10, 11, 50)] == [
        0,
        0,
        30,
        60,
        960,
        1920,
        3600,
    ]


def test_changing_or_removing_a_pin_needs_the_current_one(engine: Engine) -> None:
    sam = store.create_learner(engine, "Sam")
    store.set_pin(engine, sam.id, "2468")
    before = access.pin_hash(engine, sam.id)
    assert not store.set_pin(engine, sam.id, "9999").ok  # no current PIN
    assert not store.set_pin(engine, sam.id, "9999", current_pin="1111").ok
    assert not store.set_pin(engine, sam.id, None, current_pin="1111").ok
    assert access.pin_hash(engine, sam.id) == before
    assert store.set_pin(engine, sam.id, "9999", current_pin="2468").ok
    assert (
        store.check_pin(engine, sam.id, "9999").ok
        and not store.check_pin(engine, sam.id, "2468").ok
    )
    assert store.set_pin(engine, sam.id, None, current_pin="9999").ok
    assert access.pin_hash(engine, sam.id) is None


# --- the Store handle refuses a protected name until it is granted --------------------------


def test_protected_progress_is_refused_without_the_pin(engine: Engine) -> None:
    owner = store.store_for_engine(engine)
    assert owner.record_attempt("Sam", page_attempt())
    assert owner.set_pin("Sam", "2468") == store.PinCheck(True)
    assert owner.record_attempt("Sam", page_attempt())  # the one who set it keeps using it

    visitor = store.store_for_engine(engine)  # another browser typing ?learner=Sam
    assert visitor.protected("Sam") and not visitor.may_use("Sam")
    assert visitor.attempts_frame("Sam").empty
    assert visitor.games_frame("Sam").empty
    assert visitor.export_csv("Sam") == ""
    assert visitor.language("Sam") is None
    assert not visitor.set_language("Sam", "hi")
    assert not visitor.record_attempt("Sam", page_attempt())
    assert not visitor.record_game(
        "Sam",
        game_id="g1",
        opponent_level="easy",
        players=2,
        target=61,
        scores=[61, 20],
        winner="Sam",
        learner_won=True,
    )
    assert visitor.refusals == 7 and visitor.problem is None
    assert not visitor.set_pin("Sam", "1111").ok  # taking the name over needs the PIN
    assert len(owner.attempts_frame("Sam")) == 2 and owner.games_frame("Sam").empty

    assert visitor.try_pin("Sam", "0000") == store.PinCheck(False, 0, store.FREE_TRIES - 2)
    assert visitor.try_pin("Sam", "2468") == store.PinCheck(True)
    assert len(visitor.attempts_frame("Sam")) == 2 and visitor.set_language("Sam", "hi")
    visitor.forget("Sam")
    assert visitor.language("Sam") is None


def test_a_token_remembers_the_right_pin_until_the_pin_changes(engine: Engine) -> None:
    owner = store.store_for_engine(engine)
    owner.set_pin("Sam", "2468")
    owner.set_pin("Ann", "1357")
    token = owner.access_token("Sam")
    assert token and set(token) <= set(
        "0123456789.-_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    )

    reload = store.store_for_engine(engine)  # the same browser, a new session
    assert reload.access_token("Sam") is None  # not granted here yet
    assert not reload.accept_token("Ann", token)  # another name's token
    assert not reload.accept_token("Sam", token[:-2] + ("AA" if token[-2:] != "AA" else "BB"))
    assert not reload.accept_token("Sam", "garbage") and not reload.accept_token("Sam", None)
    assert reload.accept_token("Sam", token) and reload.may_use("Sam")

    owner.set_pin("Sam", "8642", current_pin="2468")
    later = store.store_for_engine(engine)
    assert not later.accept_token("Sam", token)  # a new PIN: every old token stops working


def test_a_token_expires(engine: Engine) -> None:
    sam = store.create_learner(engine, "Sam")
    store.set_pin(engine, sam.id, "2468")
    stored = access.pin_hash(engine, sam.id)
    assert stored
    issued = 1_800_000_000
    token = store.make_token("s3cret", sam.id, "Sam", stored, issued=issued)
    assert store.token_valid("s3cret", sam.id, "Sam", stored, token, now=issued + 86400)
    assert not store.token_valid("other", sam.id, "Sam", stored, token, now=issued + 86400)
    assert not store.token_valid(
        "s3cret", sam.id, "Sam", stored, token, now=issued + (access.TOKEN_DAYS + 1) * 86400
    )


def test_the_app_secret_is_made_once_and_shared(db_url: str) -> None:
    one, two = store.make_engine(db_url), store.make_engine(db_url)
    store.migrate(one)
    first = store.app_secret(one)
    assert len(first) >= 40 and store.app_secret(two) == first == store.app_secret(one)
    one.dispose()
    two.dispose()


# --- games belong to whoever started them ---------------------------------------------------


def test_a_game_can_be_saved_only_by_its_owner(engine: Engine) -> None:
    game = str(uuid.uuid4())
    store.save_game(engine, game, {"n": 1}, moves=1, previous=None, learner="Sam", browser="b-sam")
    assert store.game_owner(engine, game) == store.GameOwner("Sam", "b-sam")
    for learner, browser in (("Ann", "b-ann"), (None, "b-sam"), (None, "b-other")):
        with pytest.raises(store.NotYourGame):
            store.save_game(
                engine, game, {"n": 2}, moves=2, previous=1, learner=learner, browser=browser
            )
    assert store.load_game(engine, game) == (1, {"n": 1})
    store.save_game(engine, game, {"n": 2}, moves=2, previous=1, learner="Sam", browser="b-other")
    assert store.load_game(engine, game) == (2, {"n": 2})

    anonymous = str(uuid.uuid4())
    store.save_game(engine, anonymous, {"n": 1}, moves=1, previous=None, browser="b-1")
    with pytest.raises(store.NotYourGame):
        store.save_game(engine, anonymous, {"n": 2}, moves=2, previous=1, browser="b-2")
    store.save_game(engine, anonymous, {"n": 2}, moves=2, previous=1, learner="Ann", browser="b-1")
    assert store.game_owner(engine, anonymous) == store.GameOwner(
        None, "b-1"
    )  # still that session's
    assert store.game_owner(engine, "no-such-game") is None


def test_the_owners_next_move_is_saved_in_one_statement(engine: Engine) -> None:
    game, anonymous = str(uuid.uuid4()), str(uuid.uuid4())
    store.save_game(engine, game, {"n": 1}, moves=1, previous=None, learner="Sam", browser="b-1")
    store.save_game(engine, anonymous, {"n": 1}, moves=1, previous=None, browser="b-2")
    seen: list[tuple[str, object]] = []

    def note(conn: sa.Connection, _cursor: object, statement: str, *_args: object) -> None:
        if not statement.startswith("BEGIN"):  # SQLite's BEGIN IMMEDIATE: a write's own turn
            seen.append((statement.split()[0], conn.get_execution_options().get("isolation_level")))

    sa.event.listen(engine, "before_cursor_execute", note)
    try:
        store.save_game(engine, game, {"n": 2}, moves=2, previous=1, learner="Sam", browser="b-9")
        store.save_game(engine, anonymous, {"n": 2}, moves=2, previous=1, browser="b-2")
        # PostgreSQL: committed as it runs, no BEGIN and COMMIT around it (SQLite: its turn)
        alone = "AUTOCOMMIT" if engine.dialect.name != "sqlite" else None
        assert seen == [("UPDATE", alone), ("UPDATE", alone)]
        seen.clear()
        with pytest.raises(store.StaleGame):  # moved on elsewhere: read, refused, unchanged
            store.save_game(engine, game, {"n": 9}, moves=9, previous=1, learner="Sam")
        assert [kind for kind, _level in seen] == ["UPDATE", "SELECT"]
    finally:
        sa.event.remove(engine, "before_cursor_execute", note)
    assert store.load_game(engine, game) == (2, {"n": 2})
    assert store.load_game(engine, anonymous) == (2, {"n": 2})
    assert store.game_owner(engine, game) == store.GameOwner("Sam", "b-1")


def test_a_game_saved_before_owners_goes_to_its_first_saver(engine: Engine) -> None:
    game = str(uuid.uuid4())
    store.save_game(engine, game, {"n": 1}, moves=1, previous=None)
    assert not store.game_owner(engine, game).claimed  # type: ignore[union-attr]
    store.save_game(engine, game, {"n": 2}, moves=2, previous=1, learner="Ann", browser="b-ann")
    with pytest.raises(store.NotYourGame):
        store.save_game(engine, game, {"n": 3}, moves=3, previous=2, browser="b-else")


def test_a_protected_learner_cannot_be_written_as_a_games_owner_by_a_stranger(
    engine: Engine,
) -> None:
    owner = store.store_for_engine(engine)
    owner.set_pin("Sam", "2468")
    visitor = store.store_for_engine(engine)
    with pytest.raises(store.NotYourGame):
        visitor.save_game(str(uuid.uuid4()), {"n": 1}, moves=1, previous=None, learner="Sam")


def test_a_games_kept_hands_are_kept_and_read_only_for_its_owner(engine: Engine) -> None:
    game = str(uuid.uuid4())
    store.save_game(engine, game, {"n": 1}, moves=1, previous=None, learner="Sam", browser="b-sam")
    first = store.KeptHand(1, 0, 1, "k" * 64, {"hand": 1, "decisions": [{"points": 0.1 + 0.2}]})
    second = store.KeptHand(2, 0, 1, "m" * 64, {"hand": 2, "decisions": []})
    assert store.keep_hand_reviews(engine, game, [second, first], "Sam", "b-other")
    assert store.load_own_hand_reviews(engine, game, "Sam") == [
        first,
        second,
    ]  # by hand, floats exact
    # a hand kept again (made again, by a new version) replaces the one kept before
    renewed = store.KeptHand(1, 0, 2, "n" * 64, {"hand": 1, "decisions": []})
    assert store.keep_hand_reviews(engine, game, [renewed], "Sam")
    assert store.load_own_hand_reviews(engine, game, "Sam") == [renewed, second]
    # another learner, another session, no name: nothing read, nothing kept, nothing changed
    for learner, browser in (("Ann", "b-ann"), (None, "b-sam"), (None, None)):
        assert store.load_own_hand_reviews(engine, game, learner, browser) == []
        assert not store.keep_hand_reviews(engine, game, [first], learner, browser)
    assert store.load_own_hand_reviews(engine, game, "Sam") == [renewed, second]
    assert not store.keep_hand_reviews(engine, "no-such-game", [first], "Sam")
    assert store.load_own_hand_reviews(engine, "no-such-game", "Sam") == []
    # a game without a name: its session's
    anonymous = str(uuid.uuid4())
    store.save_game(engine, anonymous, {"n": 1}, moves=1, previous=None, browser="b-1")
    assert store.keep_hand_reviews(engine, anonymous, [first], None, "b-1")
    assert store.load_own_hand_reviews(engine, anonymous, None, "b-1") == [first]
    assert store.load_own_hand_reviews(engine, anonymous, "Ann", "b-2") == []


def test_the_handle_keeps_no_hands_under_a_name_protected_by_a_pin_not_given(
    engine: Engine,
) -> None:
    owner = store.store_for_engine(engine)
    owner.set_pin("Sam", "2468")
    game = str(uuid.uuid4())
    assert owner.save_game(game, {"n": 1}, moves=1, previous=None, learner="Sam")
    hand = store.KeptHand(1, 0, 1, "k" * 64, {"hand": 1})
    assert owner.keep_hand_reviews(game, [hand], "Sam") and owner.hand_reviews(game, "Sam") == [
        hand
    ]
    visitor = store.store_for_engine(engine)
    assert not visitor.keep_hand_reviews(
        game, [store.KeptHand(1, 0, 1, "x" * 64, {"hand": 9})], "Sam"
    )
    assert owner.hand_reviews(game, "Sam") == [hand]


def test_a_version_4_database_gets_the_new_columns_with_its_rows(db_url: str) -> None:
    old = store.make_engine(db_url)
    version = next(m.version for m in store.MIGRATIONS if m.name.startswith("learners' PINs"))
    store.migrate(old, target=version - 1)
    ann = store.create_learner(old, "Ann")
    old.dispose()
    new = store.make_engine(db_url)
    store.migrate(new)
    assert store.learner_by_name(new, "Ann") == ann
    assert store.check_pin(new, ann.id, "1234").ok and access.pin_hash(new, ann.id) is None
    with new.connect() as conn:
        assert conn.scalar(sa.text("SELECT pin_failures FROM learners")) == 0
    new.dispose()


# --- a PIN read once a script run -----------------------------------------------------------


def test_a_pin_is_read_once_a_run_and_again_in_the_next(engine: Engine) -> None:
    """A page run asks whether it may use the name five or six times: one read. A PIN set
    elsewhere (another browser) is seen by the next run; one set here at once."""
    reads: list[str] = []

    def count(conn: object, cursor: object, statement: str, *args: object) -> None:
        if "pin_hash" in statement and statement.lstrip().upper().startswith("SELECT"):
            reads.append(statement)

    sa.event.listen(engine, "before_cursor_execute", count)
    here, elsewhere = store.store_for_engine(engine), store.store_for_engine(engine)
    elsewhere.record_attempt("Sam", page_attempt())  # Sam exists, with no PIN
    first_run, second_run = object(), object()
    here.begin_run(first_run)
    reads.clear()
    assert all(here.may_use("Sam") for _ in range(6)) and len(reads) == 1
    assert elsewhere.set_pin("Sam", "2468").ok  # another browser protects the name mid-run
    assert here.may_use("Sam")  # this run goes on as it began
    here.begin_run(second_run)
    assert not here.may_use("Sam") and not here.record_attempt("Sam", page_attempt())
    assert here.try_pin("Sam", "2468").ok and here.may_use("Sam")
    assert here.set_pin("Sam", None, "2468").ok and not here.protected(
        "Sam"
    )  # its own change: at once
    here.begin_run(None)  # outside a run nothing is kept
    reads.clear()
    assert not here.protected("Sam") and not here.protected("Sam")
    assert len(reads) == 2


def _two_runs() -> None:
    import streamlit as st

    from tutor.run_memo import script_run

    st.session_state.setdefault("runs", []).append(script_run())


def test_each_script_run_is_told_apart() -> None:
    """What a read is kept for (``script_run``) is new with every run, and nothing outside one."""
    from streamlit.testing.v1 import AppTest

    from tutor.run_memo import script_run

    at = AppTest.from_function(_two_runs)
    at.run()
    at.run()
    first, second = at.session_state["runs"]
    assert first is not None and second is not None and first is not second
    assert script_run() is None
