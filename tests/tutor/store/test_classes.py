"""Classes in the store: who may teach, join codes, and what a teacher may see.

Every check is the store's: each test calls the store's functions (and the ``Store`` handle of a
browser session) directly, as a page would or a page that forgot a check. Runs on SQLite and,
under ``scripts/with_postgres.sh``, PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from tutor import store
from tutor.store import class_figures, classes
from tutor.store.classes import CODE_ALPHABET, JoinRefused, NotATeacher
from tutor.store.handle import Store
from tutor.store.ratings import SKILL_RATINGS

MakeTeacher = Callable[..., store.Learner]  # the ``teacher`` fixture (conftest.py)


def answer(correct: bool = True, kind: str = "hand", seconds: float = 10.0) -> store.Attempt:
    return store.Attempt(
        kind, 42, 12, 12 if correct else 14, correct, attempt_id=str(uuid.uuid4()),
        categories=("run", "fifteen"), categories_missed=() if correct else ("run",),
        seconds=seconds,
    )  # fmt: skip


def rows(engine: Engine, table: str) -> int:
    with engine.connect() as conn:
        return int(conn.scalar(sa.text(f"SELECT count(*) FROM {table}")) or 0)


def session(engine: Engine, key: str) -> Store:
    """A new session of the browser ``key``."""
    handle = store.store_for_engine(engine)
    handle.browser, handle.address = f"hash-of-{key}", "192.0.2.1"
    return handle


# --- who may teach ---------------------------------------------------------------------------


def test_a_teacher_is_a_learner_with_a_pin(engine: Engine, teacher: MakeTeacher) -> None:
    sam = store.create_learner(engine, "Sam")
    with pytest.raises(NotATeacher, match="PIN") as refused:
        classes.create_class(engine, sam.id, "Tuesday club", "en")
    assert refused.value.reason == "no_pin" and rows(engine, "classes") == 0
    rao = teacher()
    made = classes.create_class(engine, rao.id, "  Tuesday   club ", "hi")
    assert (made.name, made.language, made.archived) == ("Tuesday club", "hi", False)
    assert classes.classes_taught(engine, rao.id) == [made]
    assert classes.classes_taught(engine, sam.id) == []


def test_a_session_must_have_proved_the_pin_to_teach(engine: Engine, teacher: MakeTeacher) -> None:
    teacher()
    stranger = session(engine, "b")  # types ?learner=Ms Rao without the PIN
    assert not stranger.may_teach("Ms Rao")
    with pytest.raises(NotATeacher):
        stranger.create_class("Ms Rao", "Sneaky", "en")
    assert rows(engine, "classes") == 0
    owner = session(engine, "a")
    check = owner.try_pin("Ms Rao", "2468")
    assert check is not None and check.ok and owner.may_teach("Ms Rao")
    made = owner.create_class("Ms Rao", "Tuesday club", "en")
    assert made is not None
    assert stranger.classes_taught("Ms Rao") == [] and stranger.class_of("Ms Rao", made.id) is None
    assert owner.classes_taught("Ms Rao") == [made]


def test_a_class_name_that_cannot_be_one_is_refused(engine: Engine, teacher: MakeTeacher) -> None:
    rao = teacher()
    for bad in ("", "  \u200b ", "x" * 61):
        with pytest.raises(store.ClassError):
            classes.create_class(engine, rao.id, bad, "en")
    assert rows(engine, "classes") == 0


def test_a_teacher_who_loses_the_pin_teaches_nothing(engine: Engine, teacher: MakeTeacher) -> None:
    rao = teacher()
    made = classes.create_class(engine, rao.id, "Club", "en")
    ann = store.create_learner(engine, "Ann")
    classes.join_class(engine, ann.id, made.join_code)
    assert store.set_pin(engine, rao.id, None, "2468").ok  # PIN removed: anyone may type the name
    with pytest.raises(NotATeacher):
        classes.class_members(engine, rao.id, made.id)
    assert classes.classes_taught(engine, rao.id) == []


# --- join codes -----------------------------------------------------------------------------


def test_join_codes_are_long_random_and_checked() -> None:
    codes = {classes.new_join_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == 12 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set("01IO") & set(CODE_ALPHABET)
    code = codes.pop()
    assert classes.code_form(classes.shown_code(code).lower()) == code
    assert classes.code_form(f" {code[:6]} {code[6:]} ") == code
    for i in range(12):  # any one character changed is told apart from a code of no class
        for other in CODE_ALPHABET:
            if other == code[i]:
                continue
            tampered = code[:i] + other + code[i + 1 :]
            try:
                classes.code_form(tampered)
            except JoinRefused as refused:
                assert refused.reason == "mistyped"
            else:  # only 0 and 31 (2 and Z) share a check character: the one blind spot
                assert {other, code[i]} == {"2", "Z"}
    for i in range(10):  # two neighbours of the body swapped
        swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        if swapped == code or {code[i], code[i + 1]} == {"2", "Z"}:
            continue  # the same code, or the blind spot again (their values differ by 31)
        with pytest.raises(JoinRefused, match="mistyped"):
            classes.code_form(swapped)


def test_a_swap_with_the_check_character_is_always_caught() -> None:
    """With T the weighted sum of the body's first ten and a its last (weight 11), the check is
    c = T + 11a (mod 31). Swapped, the code ends in c, a and passes only if T + 11c = a, that is
    12(c - a) = 0, so c = a (mod 31): the same code, or a = Z and c = 2, and then the swapped code
    ends in Z, which no check character is."""
    for code in [classes.new_join_code() for _ in range(500)]:
        swapped = code[:10] + code[11] + code[10]
        if swapped != code:
            with pytest.raises(JoinRefused, match="mistyped"):
                classes.code_form(swapped)


@pytest.mark.parametrize("typed", ["", "ABC", "ABCD-EFGH-JKL0", "ABCDEFGHJKLMN", "<script>"])
def test_a_code_of_the_wrong_shape_is_refused(typed: str) -> None:
    with pytest.raises(JoinRefused) as refused:
        classes.code_form(typed)
    assert refused.value.reason == "form"


def test_a_wrong_or_tampered_code_joins_nothing_and_changes_nothing(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao = teacher()
    made = classes.create_class(engine, rao.id, "Club", "en")
    ann = store.create_learner(engine, "Ann")
    code = made.join_code
    tampered = code[:3] + ("3" if code[3] != "3" else "4") + code[4:]
    unknown = classes.new_join_code()
    for typed, reason in ((tampered, "mistyped"), (unknown, "unknown"), ("hello", "form")):
        with pytest.raises(JoinRefused) as refused:
            classes.join_class(engine, ann.id, typed)
        assert refused.value.reason == reason
    assert rows(engine, "class_members") == 0
    joined, new = classes.join_class(engine, ann.id, classes.shown_code(code).lower())
    assert (joined.id, new) == (made.id, True)
    assert classes.join_class(engine, ann.id, code) == (joined, False)  # a second join: one row
    assert rows(engine, "class_members") == 1


def test_an_archived_or_full_class_takes_no_new_members(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, teacher: MakeTeacher
) -> None:
    rao = teacher()
    made = classes.create_class(engine, rao.id, "Club", "en")
    ann, ben, cat = (store.create_learner(engine, n) for n in ("Ann", "Ben", "Cat"))
    classes.join_class(engine, ann.id, made.join_code)
    classes.archive_class(engine, rao.id, made.id)
    with pytest.raises(JoinRefused, match="archived"):
        classes.join_class(engine, ben.id, made.join_code)
    assert [m.name for m in classes.class_members(engine, rao.id, made.id)] == ["Ann"]
    classes.archive_class(engine, rao.id, made.id, archived=False)
    monkeypatch.setattr(classes, "MAX_MEMBERS", 2)
    classes.join_class(engine, ben.id, made.join_code)
    with pytest.raises(JoinRefused) as refused:
        classes.join_class(engine, cat.id, made.join_code)
    assert refused.value.reason == "full"


# --- what a teacher sees ----------------------------------------------------------------------


def test_a_teacher_sees_only_members_of_their_own_classes_and_only_after_they_joined(
    engine: Engine,
    teacher: MakeTeacher,
) -> None:
    rao, lee = teacher(), teacher("Mr Lee", "1357")
    club = classes.create_class(engine, rao.id, "Club", "en")
    other = classes.create_class(engine, lee.id, "Other", "en")
    ann = store.create_learner(engine, "Ann")
    store.store_attempt(engine, ann.id, answer())
    assert classes.class_members(engine, rao.id, club.id) == []  # not joined yet
    assert classes.member_learner(engine, rao.id, club.id, ann.id) is None
    assert class_figures.member_attempts(engine, rao.id, club.id, ann.id, ["correct"]) is None
    classes.join_class(engine, ann.id, club.join_code)
    assert [m.name for m in classes.class_members(engine, rao.id, club.id)] == ["Ann"]
    found = class_figures.member_attempts(engine, rao.id, club.id, ann.id, ["correct"])
    assert found is not None and len(found) == 1
    for read in (
        lambda: classes.class_members(engine, lee.id, club.id),
        lambda: class_figures.class_figures(engine, lee.id, club.id),
        lambda: classes.member_learner(engine, lee.id, club.id, ann.id),
        lambda: class_figures.member_attempts(engine, lee.id, club.id, ann.id, ["correct"]),
        lambda: classes.class_of(engine, lee.id, club.id),
        lambda: classes.class_teachers(engine, lee.id, club.id),
        lambda: classes.class_members(engine, ann.id, club.id),  # a member is no teacher
        lambda: classes.class_members(engine, rao.id, 999_999),  # no such class: the same answer
    ):
        with pytest.raises(NotATeacher):
            read()
    with pytest.raises(NotATeacher):  # nor may another teacher change it
        classes.archive_class(engine, lee.id, club.id)
    with pytest.raises(NotATeacher):
        classes.remove_class(engine, lee.id, club.id)
    assert classes.member_learner(engine, lee.id, other.id, ann.id) is None  # not in Lee's class


def test_a_learner_who_leaves_is_no_longer_visible(engine: Engine, teacher: MakeTeacher) -> None:
    rao = teacher()
    club = classes.create_class(engine, rao.id, "Club", "en")
    ann = store.create_learner(engine, "Ann")
    store.store_attempt(engine, ann.id, answer())
    classes.join_class(engine, ann.id, club.join_code)
    assert classes.classes_joined(engine, ann.id) == [club]
    assert classes.leave_class(engine, ann.id, club.id)
    assert not classes.leave_class(engine, ann.id, club.id)  # not a member any more
    assert classes.classes_joined(engine, ann.id) == []
    assert classes.class_members(engine, rao.id, club.id) == []
    assert classes.member_learner(engine, rao.id, club.id, ann.id) is None
    assert class_figures.member_attempts(engine, rao.id, club.id, ann.id, ["correct"]) is None
    figures = class_figures.class_figures(engine, rao.id, club.id)
    assert figures.members == [] and figures.answers == {} and figures.recent.empty
    classes.join_class(engine, ann.id, club.join_code)  # joining again: visible again
    assert [m.name for m in classes.class_members(engine, rao.id, club.id)] == ["Ann"]


def test_removing_a_class_removes_no_learners_progress(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao = teacher()
    club = classes.create_class(engine, rao.id, "Club", "en")
    ann = store.create_learner(engine, "Ann")
    store.store_attempt(engine, ann.id, answer())
    classes.join_class(engine, ann.id, club.join_code)
    before = {t: rows(engine, t) for t in ("learners", "attempts")}
    classes.remove_class(engine, rao.id, club.id)
    assert {t: rows(engine, t) for t in ("learners", "attempts")} == before
    assert (rows(engine, "classes"), rows(engine, "class_members")) == (0, 0)
    assert rows(engine, "class_teachers") == 0
    assert classes.classes_joined(engine, ann.id) == []
    with pytest.raises(JoinRefused, match="no class"):
        classes.join_class(engine, ann.id, club.join_code)


def test_several_teachers_share_a_class(engine: Engine, teacher: MakeTeacher) -> None:
    rao, lee = teacher(), teacher("Mr Lee", "1357")
    sam = store.create_learner(engine, "Sam")
    club = classes.create_class(engine, rao.id, "Club", "en")
    with pytest.raises(NotATeacher) as refused:
        classes.add_teacher(engine, rao.id, club.id, sam.id)  # no PIN: not a teacher
    assert refused.value.reason == "other_no_pin"
    with pytest.raises(NotATeacher):
        classes.add_teacher(engine, lee.id, club.id, lee.id)  # nobody adds themself
    assert classes.add_teacher(engine, rao.id, club.id, lee.id)
    assert not classes.add_teacher(engine, rao.id, club.id, lee.id)
    assert classes.class_teachers(engine, lee.id, club.id) == ["Ms Rao", "Mr Lee"]
    ann = store.create_learner(engine, "Ann")
    classes.join_class(engine, ann.id, club.join_code)
    assert [m.name for m in classes.class_members(engine, lee.id, club.id)] == ["Ann"]


def test_the_class_figures_count_each_members_answers_ratings_and_games(
    engine: Engine, teacher: MakeTeacher
) -> None:
    rao = teacher()
    club = classes.create_class(engine, rao.id, "Club", "en")
    ann, ben, out = (store.create_learner(engine, n) for n in ("Ann", "Ben", "Outsider"))
    for correct in (True, True, False):
        store.store_attempt(engine, ann.id, answer(correct, seconds=12.5))
    store.store_attempt(engine, ann.id, answer(False, kind="game"))  # a game's decision
    store.store_attempt(engine, out.id, answer())
    store.record_game(
        engine, game_id=str(uuid.uuid4()), learner_id=ann.id, opponent_level="medium",
        players=2, target=121, scores=[121, 90], winner="Ann", learner_won=True,
    )  # fmt: skip
    with engine.begin() as conn:
        conn.execute(
            SKILL_RATINGS.insert().values(
                learner_id=ann.id,
                skill="hand",
                rating=950.0,
                deviation=120.0,
                volatility=0.09,
                answers=3,
                updated_at=dt.datetime(2026, 5, 1),
            )
        )
    for who in (ann, ben):
        classes.join_class(engine, who.id, club.join_code)
    figures = class_figures.class_figures(engine, rao.id, club.id)
    assert [m.name for m in figures.members] == ["Ann", "Ben"]
    answers, right, seconds, last = figures.answers[ann.id]
    assert (answers, right, seconds) == (3, 2, 37.5) and isinstance(last, dt.datetime)
    assert ben.id not in figures.answers and out.id not in figures.answers
    assert figures.games[ann.id][0] == 1
    assert figures.ratings == [(ann.id, "hand", 950.0, 120.0, 3)]
    assert set(figures.recent["learner_id"]) == {ann.id} and len(figures.recent) == 4


def test_a_protected_member_is_read_by_the_teacher_without_the_members_pin(
    engine: Engine,
    teacher: MakeTeacher,
) -> None:
    teacher()
    owner = session(engine, "a")
    assert (check := owner.try_pin("Ms Rao", "2468")) is not None and check.ok
    club = owner.create_class("Ms Rao", "Club", "en")
    assert club is not None
    ann = session(engine, "c")
    ann.record_attempt("Ann", answer())
    made = ann.set_pin("Ann", "9999")
    assert made is not None and made.ok
    joined = ann.join_class("Ann", club.join_code)
    assert joined is not None and joined[1]
    stranger = session(engine, "d")  # has neither PIN: learns nothing of Ann or the class
    assert stranger.join_class("Ann", club.join_code) is None  # Ann's name is not theirs
    assert stranger.class_members("Ms Rao", club.id) == []
    found = owner.class_members("Ms Rao", club.id)
    assert [m.name for m in found] == ["Ann"]
    attempts = owner.member_attempts("Ms Rao", club.id, found[0].learner_id, ["correct"])
    assert attempts is not None and len(attempts) == 1
    assert ann.leave_class("Ann", club.id)
    assert owner.member_attempts("Ms Rao", club.id, found[0].learner_id, ["correct"]) is None


# --- tasks -----------------------------------------------------------------------------------


def test_a_tasks_progress_comes_from_the_answers_given_for_it(
    engine: Engine, teacher: MakeTeacher
) -> None:
    from tutor.store import tasks

    rao, lee = teacher(), teacher("Mr Lee", "1357")
    club = classes.create_class(engine, rao.id, "Club", "en")
    ann, ben = store.create_learner(engine, "Ann"), store.create_learner(engine, "Ben")
    store.store_attempt(engine, ann.id, answer(True, kind="crib"))  # before the task: not counted
    today = dt.datetime.now(dt.UTC).date()
    for bad in (("crib", 0, 80), ("crib", 501, 80), ("crib", 3, 101), ("lesson", 3, 80)):
        with pytest.raises(store.ClassError):
            tasks.set_task(engine, rao.id, club.id, *bad, today, today)
    with pytest.raises(store.ClassError, match="today or later"):
        tasks.set_task(engine, rao.id, club.id, "crib", 3, 60, today - dt.timedelta(1), today)
    with pytest.raises(NotATeacher):
        tasks.set_task(engine, lee.id, club.id, "crib", 3, 60, today, today)
    task = tasks.set_task(engine, rao.id, club.id, "crib", 3, 60, today, today)
    assert rows(engine, "class_tasks") == 1
    for who in (ann, ben):
        classes.join_class(engine, who.id, club.join_code)
    for correct in (False, False, True, True):  # a bad start, then the last 3 at 2 of 3
        store.store_attempt(engine, ann.id, answer(correct, kind="crib"))
    store.store_attempt(engine, ann.id, answer(True, kind="hand"))  # another quiz: not counted
    store.store_attempt(engine, ben.id, answer(True, kind="crib"))
    found = tasks.member_task_progress(engine, rao.id, club.id)
    mine = found[(ann.id, task.id)]
    assert (mine.answered, mine.right_of_last, mine.done) == (4, 2, True)
    his = found[(ben.id, task.id)]
    assert (his.answered, his.right_of_last, his.done) == (1, 1, False)
    [own] = tasks.my_tasks(engine, ann.id)
    assert own.done and own.task.class_name == "Club"
    with pytest.raises(NotATeacher):
        tasks.member_task_progress(engine, lee.id, club.id)
    classes.leave_class(engine, ben.id, club.id)
    assert tasks.my_tasks(engine, ben.id) == []
    assert (ben.id, task.id) not in tasks.member_task_progress(engine, rao.id, club.id)
    classes.remove_class(engine, rao.id, club.id)  # its tasks go, the answers stay
    assert rows(engine, "class_tasks") == 0 and rows(engine, "attempts") == 7
