"""Who a name belongs to: its first browser until it has a PIN, lockouts that cannot be turned
on the owner, one PIN sprayed over many names, the one-time recovery code.

Each ``Store`` is one browser session (``browser``: the hash of its key; ``address``: where it
comes from), as ``tutor.frame.profile.visitor_store`` sets them. Runs on SQLite and, under
``scripts/with_postgres.sh``, PostgreSQL.
"""

from __future__ import annotations

import uuid

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store
from tutor.store import access
from tutor.store.handle import Store


def page_attempt() -> store.Attempt:
    return store.Attempt("hand", 42, 12, 14, False, attempt_id=str(uuid.uuid4()))


def browser(engine: Engine, key: str, address: str | None = "192.0.2.1") -> Store:
    """A new session of the browser ``key``."""
    session = store.store_for_engine(engine)
    session.browser, session.address = f"hash-of-{key}", address
    return session


def test_only_the_browser_that_first_used_a_name_can_protect_it(engine: Engine) -> None:
    owner = browser(engine, "a")
    assert owner.record_attempt("Owner Two", page_attempt())  # practises as Owner Two
    stranger = browser(engine, "b")
    assert not stranger.may_protect("Owner Two")
    refused = stranger.set_pin("Owner Two", "1111")
    assert refused is not None and refused.not_owner and not refused.ok
    assert not browser(engine, "c").protected("Owner Two"), "the stranger changed nothing"
    assert owner.may_protect("Owner Two")
    made = browser(engine, "a").set_pin("Owner Two", "2468")  # a new session, same browser
    assert made is not None and made.ok and made.recovery_code
    assert access.recovery_form(made.recovery_code) is not None


def test_a_name_from_before_names_had_browsers_goes_to_the_first_to_protect_it(
    engine: Engine,
) -> None:
    store.create_learner(engine, "Old Name")  # no browser: made before the migration
    first = browser(engine, "b").set_pin("Old Name", "2468")
    assert first is not None and first.ok
    later = browser(engine, "c").set_pin("Old Name", "1357")
    assert later is not None and not later.ok  # now it needs the PIN


def test_a_strangers_wrong_tries_never_make_the_owners_browser_wait(engine: Engine) -> None:
    owner = browser(engine, "a", "192.0.2.1")
    owner.record_attempt("Sam", page_attempt())
    made = owner.set_pin("Sam", "2468")
    assert made is not None and made.ok and made.recovery_code
    stranger = browser(engine, "b", "198.51.100.7")
    checks = [stranger.try_pin("Sam", f"{n:04d}") for n in range(store.FREE_TRIES + 2)]
    assert all(c is not None and not c.ok for c in checks)
    assert checks[-1] is not None and checks[-1].wait_seconds > 0, "the stranger waits"
    right = stranger.try_pin("Sam", "2468")
    assert right is not None and not right.ok and right.wait_seconds, "even the right PIN waits"
    # In a browser that never signed in, the owner waits like anyone for the name...
    fresh = browser(engine, "new", "192.0.2.1")
    waiting = fresh.try_pin("Sam", "2468")
    assert waiting is not None and not waiting.ok and waiting.wait_seconds > 0
    # ...but not in the browser that signed in before, which keeps its own allowance
    again = browser(engine, "a", "192.0.2.1").try_pin("Sam", "2468")  # the owner, next day
    assert again is not None and again.ok, "the owner's browser keeps its own allowance"
    for n in range(store.FREE_TRIES + 2):  # the stranger locks the name again
        stranger.try_pin("Sam", f"{n:04d}")
    # the recovery code is counted against its source only, so it still works
    recovered = fresh.try_pin("Sam", made.recovery_code.lower())
    assert recovered is not None and recovered.ok and recovered.recovered
    assert not browser(engine, "z").protected("Sam"), "the code removed the PIN"
    assert fresh.may_protect("Sam") and not browser(engine, "b").may_protect("Sam")


def test_a_recovery_code_works_once(engine: Engine) -> None:
    owner = browser(engine, "a")
    made = owner.set_pin("Ann", "2468")
    assert made is not None and made.recovery_code
    assert browser(engine, "a").try_pin("Ann", made.recovery_code) is not None
    again = browser(engine, "a").set_pin("Ann", "1357")
    assert again is not None and again.ok and again.recovery_code != made.recovery_code
    stale = browser(engine, "x").try_pin("Ann", made.recovery_code)
    assert stale is not None and not stale.ok, "an old code does nothing"
    assert browser(engine, "x").protected("Ann")


def test_one_pin_sprayed_over_many_names_is_limited_per_browser(engine: Engine) -> None:
    names = [f"Learner {n}" for n in range(access.BROWSER_FREE_TRIES + 2)]
    for name in names:
        assert (browser(engine, name).set_pin(name, "9876") or access.PinCheck(False)).ok
    script = browser(engine, "script", address=None)
    results = [script.try_pin(name, "1234") for name in names]
    assert all(r is not None and not r.ok for r in results)
    assert results[-1] is not None and results[-1].wait_seconds and results[-1].from_here
    assert all(
        r is not None and not r.wait_seconds for r in results[: access.BROWSER_FREE_TRIES - 1]
    )


def test_new_browser_keys_from_one_address_are_limited_by_the_address(engine: Engine) -> None:
    names = [f"Pupil {n}" for n in range(8)]  # each stays under its own 5 wrong tries
    for name in names:
        assert (browser(engine, name, None).set_pin(name, "9876") or access.PinCheck(False)).ok
    tries = []
    for n in range(access.ADDRESS_FREE_TRIES + 1):  # a new browser key for every try
        session = browser(engine, f"key {n}", address="203.0.113.5")
        tries.append(session.try_pin(names[n % len(names)], "1234"))
    last = tries[-1]
    assert last is not None and last.wait_seconds and last.from_here
    owner = browser(engine, names[0], address="203.0.113.5")  # signed in before: its own count
    assert (owner.try_pin(names[0], "9876") or access.PinCheck(False)).ok


@pytest.mark.parametrize("wrong", [None, "0000"])
def test_changing_a_pin_needs_the_pin_even_from_the_first_browser(
    engine: Engine, wrong: str | None
) -> None:
    owner = browser(engine, "a")
    assert (owner.set_pin("Bo", "2468") or access.PinCheck(False)).ok
    other_session = browser(engine, "a")
    check = other_session.set_pin("Bo", "1357", wrong)
    assert check is not None and not check.ok
    assert (browser(engine, "a").try_pin("Bo", "2468") or access.PinCheck(False)).ok


# --- sign-ins the server can revoke ---------------------------------------------------------


def signed_in_token(engine: Engine, name: str, key: str = "a") -> tuple[Store, str]:
    session = browser(engine, key)
    assert (session.try_pin(name, "2468") or access.PinCheck(False)).ok
    token = session.access_token(name)
    assert token and access.token_session(token)
    return session, token


def test_not_you_revokes_the_token_so_a_copy_stops_working(engine: Engine) -> None:
    assert (browser(engine, "a").set_pin("Sam", "2468") or access.PinCheck(False)).ok
    owner, token = signed_in_token(engine, "Sam")
    thief = browser(engine, "thief")
    assert thief.accept_token("Sam", token), "a copied token works until it is revoked"
    owner.forget("Sam", token)  # "Not you?" in the owner's browser
    assert not browser(engine, "thief2").accept_token("Sam", token)
    assert not browser(engine, "a").accept_token("Sam", token)
    _, other = signed_in_token(engine, "Sam", "b")  # another sign-in is not touched
    assert browser(engine, "b").accept_token("Sam", other)


def test_a_pin_change_revokes_every_sign_in(engine: Engine) -> None:
    assert (browser(engine, "a").set_pin("Sam", "2468") or access.PinCheck(False)).ok
    _, first = signed_in_token(engine, "Sam", "a")
    _, second = signed_in_token(engine, "Sam", "b")
    changed = browser(engine, "a").set_pin("Sam", "1357", "2468")
    assert changed is not None and changed.ok
    assert not browser(engine, "x").accept_token("Sam", first)
    assert not browser(engine, "x").accept_token("Sam", second)
    with engine.connect() as conn:
        active = conn.scalar(sa.text("SELECT COUNT(*) FROM pin_sessions WHERE revoked_at IS NULL"))
    assert active == 0


def test_a_token_that_names_no_sign_in_is_refused(engine: Engine) -> None:
    owner = browser(engine, "a")
    assert (owner.set_pin("Sam", "2468") or access.PinCheck(False)).ok
    sam = store.learner_by_name(engine, "Sam")
    stored = access.pin_hash(engine, sam.id) if sam else None
    assert sam and stored and owner.secret is None
    secret = store.app_secret(engine)
    old_style = store.make_token(secret, sam.id, "Sam", stored)  # signed, but revocable by nobody
    made_up = store.make_token(secret, sam.id, "Sam", stored, session="not-a-session")
    assert not browser(engine, "b").accept_token("Sam", old_style)
    assert not browser(engine, "b").accept_token("Sam", made_up)
