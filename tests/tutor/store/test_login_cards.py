"""Login cards in the store: a teacher makes a class's accounts at once, a card signs one in.

Every check is the store's: the tests call its functions (and a browser session's ``Store``)
as a page would, or as a page that forgot a check would. Runs on SQLite and, under
``scripts/with_postgres.sh``, PostgreSQL.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store
from tutor.store import cards, classes
from tutor.store.cards import CardError, CardRefused
from tutor.store.classes import CODE_ALPHABET, NotATeacher
from tutor.store.handle import Store

MakeTeacher = Callable[..., store.Learner]  # the ``teacher`` fixture (conftest.py)


def rows(engine: Engine, table: str) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(sa.text(f"SELECT count(*) FROM {table}")) or 0)


def session(engine: Engine, key: str) -> Store:
    handle = store.store_for_engine(engine)
    handle.browser, handle.address = f"hash-of-{key}", f"192.0.2.{len(key)}"
    return handle


def made_class(engine: Engine, teacher: MakeTeacher) -> tuple[store.Learner, store.SchoolClass]:
    rao = teacher()
    return rao, classes.create_class(engine, rao.id, "Tuesday club", "en")


def test_a_teacher_makes_accounts_already_in_the_class(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    made = cards.create_accounts(engine, rao.id, klass.id, [" Asha ", "Ravi  K", "Mei"])
    assert [card.name for card in made] == ["Asha", "Ravi K", "Mei"]
    codes = [card.code for card in made]
    assert len(set(codes)) == 3 and len({code[:4] for code in codes}) == 3
    for code in codes:
        groups = code.split("-")
        assert [len(g) for g in groups] == [4, 4, 4] and set("".join(groups)) <= set(CODE_ALPHABET)
    members = classes.class_members(engine, rao.id, klass.id)
    assert sorted(m.name for m in members) == ["Asha", "Mei", "Ravi K"]
    holders = cards.card_holders(engine, rao.id, klass.id)
    assert [h.name for h in holders] == ["Asha", "Mei", "Ravi K"]
    with engine.connect() as conn:  # only hashes are kept: no code anywhere in the database
        kept = " ".join(
            str(value)
            for table in ("learners", "class_cards", "class_members")
            for row in conn.execute(sa.text(f"SELECT * FROM {table}"))
            for value in row
        )
    for code in codes:
        assert code not in kept and code.replace("-", "") not in kept
        assert code[4:] not in kept  # the selector (first group) alone is kept
    # each account is protected: a stranger typing the name gets nothing without the code
    assert session(engine, "x").protected("Asha") and not session(engine, "x").may_use("Asha")


def test_a_card_signs_its_learner_in_and_a_wrong_one_does_not(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    asha, ravi = cards.create_accounts(engine, rao.id, klass.id, ["Asha", "Ravi"])
    browser = session(engine, "asha's tablet")
    found = browser.sign_in_with_card(asha.code.lower().replace("-", " "))
    assert found is not None and found.learner == store.Learner(asha.learner_id, "Asha")
    assert browser.may_use("Asha") and not browser.may_use("Ravi")
    assert browser.classes_joined("Asha") == [classes.class_of(engine, rao.id, klass.id)]
    token = browser.access_token("Asha")  # the browser keeps the sign-in, as after a PIN
    assert token is not None and session(engine, "asha's tablet").accept_token("Asha", token)
    # the code is the name's PIN too
    assert store.check_pin(engine, asha.learner_id, asha.code).ok
    # a tampered code: one character changed, or a made-up one, signs nobody in
    changed = asha.code[:-1] + ("A" if asha.code[-1] != "A" else "B")
    stranger = session(engine, "stranger")
    for code in (changed, ravi.code[:5] + asha.code[5:], "ABCD-EFGH-JKLM"):
        refused = stranger.sign_in_with_card(code)
        assert refused is not None and refused.learner is None and not refused.check.ok
    assert not stranger.may_use("Asha") and not stranger.may_use("Ravi")
    for junk in ("", "ABCD", "ABCD-EFGH-JKL0", "=1+1", "x" * 500, "ABCD-EFGH-JKLM-NPQR"):
        with pytest.raises(CardRefused, match="12 letters"):
            cards.sign_in_with_card(engine, junk)


def test_wrong_codes_wait_where_they_come_from_not_for_the_learner(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    (asha,) = cards.create_accounts(engine, rao.id, klass.id, ["Asha"])
    moment = dt.datetime(2026, 12, 3, 10, 0)
    wrong = "ZZZZ-ZZZZ-ZZZZ" if not asha.code.startswith("ZZZZ") else "YYYY-YYYY-YYYY"
    for _ in range(store.access.BROWSER_FREE_TRIES - 1):
        tried = cards.sign_in_with_card(engine, wrong, "guesser", None, now=moment)
        assert tried.learner is None and tried.check.wait_seconds == 0
    tried = cards.sign_in_with_card(engine, wrong, "guesser", None, now=moment)
    assert tried.check.wait_seconds > 0 and tried.check.from_here
    # while the wait runs even the right code is refused unchecked from that browser...
    right_there = cards.sign_in_with_card(engine, asha.code, "guesser", None, now=moment)
    assert right_there.learner is None and right_there.check.wait_seconds > 0
    # ...but Asha's own browser is not held up by a stranger's tries
    own = cards.sign_in_with_card(engine, asha.code, "asha", None, now=moment)
    assert own.learner is not None and own.learner.name == "Asha"


def test_only_a_teacher_of_the_class_makes_accounts(engine: Engine, teacher: MakeTeacher) -> None:
    rao, klass = made_class(engine, teacher)
    sam = store.create_learner(engine, "Sam")
    other = teacher("Mr Roy", "1357")
    for who in (sam, other):
        with pytest.raises(NotATeacher):
            cards.create_accounts(engine, who.id, klass.id, ["Asha"])
        with pytest.raises(NotATeacher):
            cards.card_holders(engine, who.id, klass.id)
    with pytest.raises(NotATeacher):
        cards.create_accounts(engine, rao.id, klass.id + 99, ["Asha"])
    assert store.learner_by_name(engine, "Asha") is None
    # a session that has not proved the teacher's PIN is refused by the handle too
    stranger = session(engine, "b")
    with pytest.raises(NotATeacher):
        stranger.create_accounts("Ms Rao", klass.id, ["Asha"])
    assert stranger.card_holders("Ms Rao", klass.id) == []
    assert rows(engine, "class_cards") == 0 and rows(engine, "class_members") == 0


@pytest.mark.parametrize(
    ("names", "reason", "at_fault"),
    [
        ([], "count", ()),
        ([f"Learner {i}" for i in range(101)], "count", ()),
        (["Asha", "   ", "Ravi"], "name", ("   ",)),
        (["Asha", "x" * 41], "name", ("x" * 41,)),
        (["Asha", "Ravi", "asha", "Ravi"], "duplicate", ("asha", "Ravi")),
        (["Asha", "=HYPERLINK(\"x\")", "+1", "@me", "-2"], "formula", ('=HYPERLINK("x")', "+1", "@me", "-2")),
        (["Asha", "Ms Rao", "Sam"], "taken", ("Ms Rao", "Sam")),
    ],
)  # fmt: skip
def test_a_bad_list_makes_nothing(
    engine: Engine, names: list[str], reason: str, at_fault: tuple[str, ...], teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    store.create_learner(engine, "Sam")
    before = rows(engine, "learners")
    with pytest.raises(CardError) as refused:
        cards.create_accounts(engine, rao.id, klass.id, names)
    assert refused.value.reason == reason and refused.value.names == at_fault
    assert str(refused.value)  # a message that says what is wrong
    assert rows(engine, "learners") == before
    assert rows(engine, "class_members") == 0 and rows(engine, "class_cards") == 0


def test_a_hundred_at_once_but_never_past_a_hundred_members(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    made = cards.create_accounts(engine, rao.id, klass.id, [f"Learner {i}" for i in range(100)])
    assert len(made) == 100 and len({card.code for card in made}) == 100
    assert len(classes.class_members(engine, rao.id, klass.id)) == 100
    with pytest.raises(CardError) as refused:
        cards.create_accounts(engine, rao.id, klass.id, ["One more"])
    assert refused.value.reason == "full" and store.learner_by_name(engine, "One more") is None


def test_an_archived_class_takes_no_accounts(engine: Engine, teacher: MakeTeacher) -> None:
    rao, klass = made_class(engine, teacher)
    classes.archive_class(engine, rao.id, klass.id)
    with pytest.raises(CardError) as refused:
        cards.create_accounts(engine, rao.id, klass.id, ["Asha"])
    assert refused.value.reason == "archived" and store.learner_by_name(engine, "Asha") is None


def test_a_selector_taken_already_is_drawn_again(engine: Engine, teacher: MakeTeacher) -> None:
    rao, klass = made_class(engine, teacher)
    (asha,) = cards.create_accounts(engine, rao.id, klass.id, ["Asha"])
    batch = cards.prepare_accounts(["Ravi", "Mei", "Li", "Om"])
    clashing = dataclasses.replace(
        batch,
        codes=(asha.code[:5] + batch.codes[0][5:], *batch.codes[1:]),
        hashes=(store.access._HASHER.hash(asha.code[:5] + batch.codes[0][5:]), *batch.hashes[1:]),
    )
    made = cards.create_accounts(engine, rao.id, klass.id, clashing)
    assert made[0].code[:4] != asha.code[:4] and made[1:] == [
        cards.Card(card.learner_id, name, code)
        for card, name, code in zip(made[1:], batch.names[1:], batch.codes[1:], strict=True)
    ]
    for card in (asha, *made):
        assert cards.sign_in_with_card(engine, card.code).learner is not None


def test_a_new_code_ends_the_old_one_and_its_sign_ins(engine: Engine, teacher: MakeTeacher) -> None:
    rao, klass = made_class(engine, teacher)
    asha, ravi = cards.create_accounts(engine, rao.id, klass.id, ["Asha", "Ravi"])
    tablet = session(engine, "tablet")
    assert tablet.sign_in_with_card(asha.code) is not None
    token = tablet.access_token("Asha")
    assert token is not None
    again = cards.new_card(engine, rao.id, klass.id, asha.learner_id)
    assert again.name == "Asha" and again.code != asha.code
    assert cards.sign_in_with_card(engine, asha.code).learner is None
    assert not session(engine, "tablet").accept_token("Asha", token)
    assert cards.sign_in_with_card(engine, again.code).learner == store.Learner(
        asha.learner_id, "Asha"
    )
    assert cards.sign_in_with_card(engine, ravi.code).learner is not None  # Ravi's still works


def test_a_new_code_hashed_beforehand_is_the_one_given_unless_its_selector_is_taken(
    engine: Engine, teacher: MakeTeacher
) -> None:
    # the handle hashes the code before the database is asked (outside its time limit)
    rao, klass = made_class(engine, teacher)
    asha, ravi = cards.create_accounts(engine, rao.id, klass.id, ["Asha", "Ravi"])
    prepared = cards.prepare_card()
    again = cards.new_card(engine, rao.id, klass.id, asha.learner_id, prepared)
    assert again.code == prepared[0]
    assert cards.sign_in_with_card(engine, again.code).learner == store.Learner(
        asha.learner_id, "Asha"
    )
    taken = ravi.code[:5] + prepared[0][5:]  # Ravi's card has this selector already
    other = cards.new_card(
        engine, rao.id, klass.id, asha.learner_id, (taken, store.access._HASHER.hash(taken))
    )
    assert other.code[:4] != ravi.code[:4]
    assert cards.sign_in_with_card(engine, other.code).learner is not None
    assert cards.sign_in_with_card(engine, ravi.code).learner is not None


def test_a_new_code_only_for_a_card_of_the_class_still_in_it(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    (asha,) = cards.create_accounts(engine, rao.id, klass.id, ["Asha"])
    other = teacher("Mr Roy", "1357")
    with pytest.raises(NotATeacher):
        cards.new_card(engine, other.id, klass.id, asha.learner_id)
    # a learner who joined by the join code has no card: no teacher takes over their name
    sam = store.create_learner(engine, "Sam")
    classes.join_class(engine, sam.id, klass.join_code)
    with pytest.raises(CardError) as refused:
        cards.new_card(engine, rao.id, klass.id, sam.id)
    assert refused.value.reason == "not_card" and store.access.pin_hash(engine, sam.id) is None
    # nor a card's learner once they have left the class
    classes.leave_class(engine, asha.learner_id, klass.id)
    with pytest.raises(CardError):
        cards.new_card(engine, rao.id, klass.id, asha.learner_id)
    assert cards.sign_in_with_card(engine, asha.code).learner is not None
    assert cards.card_holders(engine, rao.id, klass.id) == []
    # a card of another class of the same teacher is not this class's
    second = classes.create_class(engine, rao.id, "Friday club", "en")
    (mei,) = cards.create_accounts(engine, rao.id, second.id, ["Mei"])
    with pytest.raises(CardError):
        cards.new_card(engine, rao.id, klass.id, mei.learner_id)


def test_removing_the_class_keeps_the_accounts_and_their_codes_as_pins(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao, klass = made_class(engine, teacher)
    (asha,) = cards.create_accounts(engine, rao.id, klass.id, ["Asha"])
    classes.remove_class(engine, rao.id, klass.id)
    assert rows(engine, "class_cards") == 0 and rows(engine, "class_members") == 0
    assert store.learner_by_name(engine, "Asha") is not None
    assert store.check_pin(engine, asha.learner_id, asha.code).ok
    assert cards.sign_in_with_card(engine, asha.code).learner is None  # the card is gone


def test_the_handle_makes_cards_for_a_teacher_who_proved_the_pin(
    engine: Engine, teacher: MakeTeacher
) -> None:
    _, klass = made_class(engine, teacher)
    owner = session(engine, "teacher")
    check = owner.try_pin("Ms Rao", "2468")
    assert check is not None and check.ok
    made = owner.create_accounts("Ms Rao", klass.id, ["Asha", "Ravi", "Mei"])
    assert made is not None and [card.name for card in made] == ["Asha", "Ravi", "Mei"]
    assert [h.name for h in owner.card_holders("Ms Rao", klass.id)] == ["Asha", "Mei", "Ravi"]
    again = owner.new_card("Ms Rao", klass.id, made[0].learner_id)
    assert again is not None and again.code != made[0].code
    with pytest.raises(CardError):
        owner.create_accounts("Ms Rao", klass.id, ["Asha"])  # taken now
