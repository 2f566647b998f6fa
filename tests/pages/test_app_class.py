"""The Class page (AppTest): a teacher makes a class, a learner joins with its code and leaves,
the class table and its CSV, a member's progress read-only, and what others are refused."""

from __future__ import annotations

import csv
import datetime as dt
import io
import uuid
from pathlib import Path

import pytest
from apptools import open_page, own_database, page_text
from streamlit.testing.v1 import AppTest

from tutor import store
from tutor.store import classes

PAGE = "pages/13_Class.py"


def protected(url: str, name: str, pin: str) -> None:
    engine = store.make_engine(url)
    store.migrate(engine)
    who = store.create_learner(engine, name)
    store.set_pin(engine, who.id, pin)
    engine.dispose()


def unlock(at: AppTest, pin: str) -> AppTest:
    at.text_input(key="pin_unlock_input").input(pin)
    next(b for b in at.button if b.label == "Unlock").click()
    at.run()
    assert not at.exception, at.exception
    return at


def submit(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click()
    at.run()
    assert not at.exception, at.exception
    return at


def make_class(at: AppTest, name: str) -> str:
    """Make the class on the teacher's page; its join code as shown."""
    at.text_input(key="class_new_name").input(name)
    submit(at, "Make the class")
    assert f"The class {name} is made" in at.success[0].value
    shown = next(m.value for m in at.markdown if str(m.value).startswith("Join code:"))
    return str(shown).split("**")[1]


def answer(url: str, name: str, correct: bool, kind: str = "hand") -> None:
    engine = store.make_engine(url)
    who = store.create_learner(engine, name)
    store.store_attempt(
        engine,
        who.id,
        store.Attempt(
            kind, 7, 12, 12 if correct else 10, correct, attempt_id=str(uuid.uuid4()),
            categories=("run",), categories_missed=() if correct else ("run",), seconds=8.0,
        ),
    )  # fmt: skip
    engine.dispose()


def test_a_teacher_a_learner_and_the_class_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    code = make_class(teacher, "Tuesday club")
    assert any(f"Class?join={code}" in str(c.value) for c in teacher.code)
    assert "No learner has joined this class yet." in " ".join(c.value for c in teacher.caption)

    # "=1+1" as a name: a formula in a spreadsheet unless written as text
    for name, right in (("Ann", (True, True, False)), ("=1+1", (False,))):
        for correct in right:
            answer(url, name, correct)
        learner = open_page(PAGE, learner=name, join=code)
        assert learner.text_input(key="class_join_code").value == code
        submit(learner, "Join the class")
        assert "You joined Tuesday club" in learner.success[0].value

    teacher.run()
    table = teacher.dataframe[0].value
    assert list(table["name"]) == ["=1+1", "Ann"]
    ann = table[table["name"] == "Ann"].iloc[0]
    assert (ann["answers"], ann["accuracy"]) == (3, pytest.approx(66.7))
    assert ann["weak"] == "Run"
    link = str(ann["open"])
    assert link.startswith("Class?") and "member=" in link
    csv_button = teacher.get("download_button")[0]
    assert csv_button.proto.label == "Download the table (CSV)"
    made = csv.reader(io.StringIO(classes_csv(teacher)))
    rows = list(made)
    assert rows[0][0] == "Learner" and [r[0] for r in rows[1:]] == ["'=1+1", "Ann"]

    teacher.text_input(key="class_filter").input("an").run()
    assert list(teacher.dataframe[0].value["name"]) == ["Ann"]

    member = dict(part.split("=", 1) for part in link.split("?", 1)[1].split("&"))
    view = open_page(PAGE, **{**member, "learner": "Ms Rao"})
    view = unlock(view, "2468")
    assert [h.value for h in view.header] == ["Progress of Ann (read-only)"]
    assert "Run" in str(view.dataframe[-1].value)  # the member's weak spot

    leaver = open_page(PAGE, learner="Ann")
    submit(leaver, "Leave")
    assert "its teachers see nothing more" in leaver.success[0].value
    view.run()
    assert "There is nothing to show here" in view.warning[0].value
    teacher.text_input(key="class_filter").input("").run()
    assert list(teacher.dataframe[0].value["name"]) == ["=1+1"]


def classes_csv(at: AppTest) -> str:
    """The CSV the download button holds (the table as written for a spreadsheet)."""
    from tutor.classroom.table import table_csv

    table = at.dataframe[0].value
    return table_csv(table, {"name": "Learner", "answers": "Answers"})


def test_a_wrong_code_and_a_name_without_a_pin_are_told_and_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    code = make_class(teacher, "Club")
    learner = open_page(PAGE, learner="Ben")
    assert "protect your name with a PIN first" in learner.info[0].value  # no PIN: no teaching
    assert not [t for t in learner.text_input if t.key == "class_new_name"]
    tampered = code[:2] + ("3" if code[2] != "3" else "4") + code[3:]
    for typed, said in (
        (tampered, "mistyped letter or digit"),
        ("nonsense", "A join code is 12 letters and digits"),
        (classes.shown_code(classes.new_join_code()), "No class has that join code"),
    ):
        learner.text_input(key="class_join_code").input(typed)
        submit(learner, "Join the class")
        assert said in learner.error[0].value
    engine = store.make_engine(url)
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM class_members").scalar() == 0
    engine.dispose()


def test_a_stranger_with_the_teachers_address_sees_nothing_of_the_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    make_class(teacher, "Secret club")
    answer(url, "Ann", True)
    class_id = teacher.query_params["class"]
    stranger = open_page(PAGE, learner="Ms Rao", **{"class": class_id})  # no PIN given
    assert "Secret club" not in page_text(stranger)
    assert not stranger.dataframe
    own = open_page(PAGE, learner="Eve", member="1", **{"class": class_id})
    assert "There is nothing to show here" in own.warning[0].value
    assert "Secret club" not in page_text(own)


def test_a_task_set_by_the_teacher_shows_each_learners_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    code = make_class(teacher, "Club")
    teacher.selectbox(key="class_task_kind").set_value("crib")
    teacher.number_input(key="class_task_answers").set_value(2)
    teacher.number_input(key="class_task_accuracy").set_value(50)
    submit(teacher, "Set the task")
    assert "The task is set: Crib: 2 answers, 50% or more" in teacher.success[0].value
    learner = open_page(PAGE, learner="Ann")
    learner.text_input(key="class_join_code").input(code)
    submit(learner, "Join the class")
    answer(url, "Ann", True, kind="crib")
    home = open_page(None, learner="Ann")
    assert [h.value for h in home.header if h.value == "Your tasks"]
    assert "1 answered; 1 of the last 1 right." in str(home.get("progress")[0].proto.text)
    answer(url, "Ann", False, kind="crib")
    home.run()
    assert "Done: 1 of your last 2 answers were right." in home.success[0].value
    teacher.run()
    table = teacher.dataframe[0].value
    [cell] = [c for c in table.columns if c.startswith("task_")]
    assert table.iloc[0][cell] == "✓ 1 of 2 right (2 answered)"


def test_a_game_task_and_a_rush_task_count_what_was_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.store.records import learner_by_name, record_game
    from tutor.store.rushes import record_rush

    url = own_database(tmp_path, monkeypatch)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    code = make_class(teacher, "Club")
    for kind, wanted in (("games_medium", 2), ("rush", 25)):
        teacher.selectbox(key="class_task_kind").set_value(kind)
        teacher.number_input(key="class_task_answers").set_value(wanted)
        submit(teacher, "Set the task")
    assert "Score 25 or more in a counting rush" in teacher.success[0].value
    teacher.selectbox(key="class_task_kind").set_value("games_hard")
    teacher.number_input(key="class_task_answers").set_value(21)  # more games than a task asks
    submit(teacher, "Set the task")
    assert "A game task asks for 1 to 20 games. Nothing was changed." in teacher.error[0].value
    learner = open_page(PAGE, learner="Ann")
    learner.text_input(key="class_join_code").input(code)
    submit(learner, "Join the class")
    engine = store.make_engine(url)
    ann = learner_by_name(engine, "Ann")
    assert ann is not None
    record_game(
        engine, game_id=str(uuid.uuid4()), learner_id=ann.id, opponent_level="medium",
        players=2, target=61, scores=[61, 50], winner="Ann", learner_won=True,
    )  # fmt: skip
    record_rush(engine, ann.id, str(uuid.uuid4()), dt.datetime.now(dt.UTC).date(), 26, 30, 4)
    engine.dispose()
    home = open_page(None, learner="Ann")
    texts = page_text(home)
    assert "Play 2 games to the end against the medium computer" in texts
    assert "1 of 2 games played." in str(home.get("progress")[0].proto.text)
    assert "Done: Best score 26 of 25 wanted (1 run)." in home.success[0].value
    teacher.run()
    table = teacher.dataframe[0].value
    cells = [table.iloc[0][c] for c in table.columns if c.startswith("task_")]
    assert sorted(cells) == ["1 of 2 games", "✓ best 26 of 25"]


def first_game_to_its_end() -> tuple[object, ...]:
    """The coached first game's moves from the deal to its crib counted, as the page keeps them."""
    from cribbage_core.game import Count, Discard, Phase, Play
    from cribbage_core.teaching.first_game import (
        coach_discard,
        coached_discards,
        deal,
        play_hint,
        start as first_start,
    )

    first = deal(first_start())
    moves: list[object] = [
        Discard(seat, coach_discard(first, seat).best.discard)
        for seat in (first.pone, first.dealer)
    ]
    state = coached_discards(first)
    while state.phase is Phase.PLAY:
        hint = play_hint(state)
        move = state.legal_actions()[0] if hint.card is None else Play(state.to_act, hint.card)
        moves.append(move)
        state = state.apply(move)
    while (counting := state.counting()) is not None:
        moves.append(Count(counting.seat))
        state = state.apply(Count(counting.seat))
    assert state.phase in (Phase.DEAL, Phase.GAME_OVER)
    return tuple(moves)


def test_the_first_game_done_column_and_task_count_the_game_played_to_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.classroom.table import table_csv

    url = own_database(tmp_path, monkeypatch)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    code = make_class(teacher, "Club")
    teacher.selectbox(key="class_task_kind").set_value("first_game")
    submit(teacher, "Set the task")
    assert "The task is set: Play the coached first game to the end of its deal" in (
        teacher.success[0].value
    )
    for name in ("Ann", "Ben"):
        learner = open_page(PAGE, learner=name)
        learner.text_input(key="class_join_code").input(code)
        submit(learner, "Join the class")

    def at_the_show(at: AppTest) -> None:  # the crib still to count: not the end yet
        at.session_state["fg_moves"] = first_game_to_its_end()[:-1]
        at.session_state["fg_stage"] = "show"

    open_page("pages/11_First_game.py", learner="Ben", setup=at_the_show)

    def at_the_end(at: AppTest) -> None:  # the crib counted: the page's check follows
        at.session_state["fg_moves"] = first_game_to_its_end()
        at.session_state["fg_stage"] = "check"

    played = open_page("pages/11_First_game.py", learner="Ann", setup=at_the_end)
    assert "Check yourself" in [h.value for h in played.header]
    open_page("pages/11_First_game.py", learner="Cid", setup=at_the_end)  # in no class

    teacher.run()
    table = teacher.dataframe[0].value
    assert dict(zip(table["name"], table["first_game"], strict=True)) == {"Ann": "Yes", "Ben": "No"}
    [cell] = [c for c in table.columns if c.startswith("task_")]
    assert dict(zip(table["name"], table[cell], strict=True)) == {
        "Ann": "✓ finished",
        "Ben": "not yet",
    }
    rows = list(
        csv.reader(
            io.StringIO(table_csv(table, {"name": "Learner", "first_game": "First game done"}))
        )
    )
    assert rows == [["Learner", "First game done"], ["Ann", "Yes"], ["Ben", "No"]]

    home = open_page(None, learner="Ann")
    assert "Done: you have played the coached first game to the end." in home.success[0].value
    other = open_page(None, learner="Ben")
    assert "it counts once the crib of its deal is counted" in " ".join(
        c.value for c in other.caption
    )
    assert "A coached first game" in [link.proto.label for link in other.get("page_link")]


def test_a_review_task_shows_the_questions_due_by_the_apps_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from functools import partial

    from tutor.quiz import schedule

    day = dt.datetime.now(dt.UTC).date() + dt.timedelta(days=20)  # the app's clock, not UTC's
    url = own_database(tmp_path, monkeypatch, today=day)
    protected(url, "Ms Rao", "2468")
    teacher = unlock(open_page(PAGE, learner="Ms Rao"), "2468")
    code = make_class(teacher, "Club")
    teacher.selectbox(key="class_task_kind").set_value("review")
    submit(teacher, "Set the task")
    assert "The task is set: Clear your review by" in teacher.success[0].value
    for name in ("Ann", "Ben"):
        learner = open_page(PAGE, learner=name)
        learner.text_input(key="class_join_code").input(code)
        submit(learner, "Join the class")
    engine = store.make_engine(url)
    ann = store.learner_by_name(engine, "Ann")
    assert ann is not None
    missed = partial(schedule.after_miss, today=day - dt.timedelta(days=10))  # due since
    for seed in ("1", "2"):
        store.record_miss(engine, ann.id, "hand", {"seed": seed}, missed)
    engine.dispose()

    home = open_page(None, learner="Ann")
    captions = " ".join(c.value for c in home.caption)
    assert "2 questions are due for review now." in captions
    assert "Due today: 2" in page_text(home)  # the same count as the home page's
    assert "Review now" in [link.proto.label for link in home.get("page_link")]
    other = open_page(None, learner="Ben")
    assert "Done for now: no question is due for review." in other.success[0].value
    teacher.run()
    table = teacher.dataframe[0].value
    [cell] = [c for c in table.columns if c.startswith("task_")]
    assert dict(zip(table["name"], table[cell], strict=True)) == {
        "Ann": "2 due now",
        "Ben": "✓ none due now",
    }
