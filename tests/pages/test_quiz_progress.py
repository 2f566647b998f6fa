"""AppTest: quiz answers reach the progress database once each; the weak-spot drill; a dead database.

Every test points ``DATABASE_URL`` at its own SQLite file and reads the rows back directly.
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import uuid
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from apptools import ENTRY, answer, open_page, own_database
from streamlit.testing.v1 import AppTest

from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor import store
from tutor.quiz.categories import hand_categories, pegging_categories

COUNT = "pages/2_Count_the_hand.py"
PEGGING = "pages/3_Pegging_quiz.py"


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return own_database(tmp_path, monkeypatch)


def rows(url: str) -> list[dict]:
    engine = store.make_engine(url)
    try:
        with engine.connect() as conn:
            if not sa.inspect(conn).has_table("attempts"):
                return []
            query = sa.select(store.ATTEMPTS, store.LEARNERS.c.name).join(store.LEARNERS)
            return [
                dict(r._mapping) for r in conn.execute(query.order_by(store.ATTEMPTS.c.created_at))
            ]
    finally:
        engine.dispose()


def captions(at: AppTest) -> str:
    return "\n".join(c.value for c in at.caption)


def seed_of(at: AppTest) -> int:
    return int(at.query_params["seed"])


def test_an_answer_is_stored_once_despite_rerun_double_submit_and_reload(db_url: str) -> None:
    total = deal_hand(42).score.total
    at = open_page(COUNT, seed="42", learner="Ann")
    answer(at, "count", str(total))
    assert "Right!" in at.success[0].value
    [row] = rows(db_url)
    assert (row["name"], row["kind"], row["seed"], row["answer"]) == (
        "Ann",
        "hand",
        "42",
        str(total),
    )
    assert row["correct"] and row["right_answer"] == str(total)
    assert row["categories"] == store._json_list(hand_categories(deal_hand(42).score))
    assert row["categories_missed"] == "[]"
    assert row["seconds"] is not None and 0 <= row["seconds"] < 60

    at.run()  # a rerun after submit
    assert len(rows(db_url)) == 1

    # A double submit: the second click arrives as if the first had not been seen yet.
    at.session_state["count_result"] = None
    at.run()
    answer(at, "count", "0")
    assert len(rows(db_url)) == 1
    assert "answered before" in captions(at)

    # A reload: a new session on the same address (seed, learner and deal token).
    again = open_page(COUNT, **{k: at.query_params[k] for k in ("seed", "learner", "deal")})
    answer(again, "count", "0")
    [row] = rows(db_url)
    assert row["correct"] and "answered before" in captions(again)
    assert [m.value for m in again.metric][2] == "0"  # nor in this visit's score


def test_next_hand_is_a_new_attempt_and_a_miss_names_its_category(db_url: str) -> None:
    seed = next(s for s in range(200) if deal_hand(s, focus="nobs").score.total >= 2)
    at = open_page(COUNT, seed=str(seed), focus="nobs", learner="Ann")
    answer(at, "count", str(deal_hand(seed, focus="nobs").score.total - 1))
    at.button(key="count_next").click().run()
    answer(at, "count", str(deal_hand(seed_of(at), focus="nobs").score.total))
    first, second = rows(db_url)
    assert first["categories_missed"] == '["nobs"]' and not first["correct"]
    assert first["extra"] and '"focus": "nobs"' in first["extra"]
    assert second["correct"] and second["seed"] == str(seed_of(at))


def test_crib_and_pegging_answers_are_stored_with_their_kind(db_url: str) -> None:
    at = open_page(COUNT, seed="9", mode="crib", learner="Ann")
    answer(at, "count", str(deal_hand(9, is_crib=True).score.total))
    question = pegging_question(7)
    peg = open_page(PEGGING, seed="7", learner="Ann")
    answer(peg, "peg", str(question.total + 1))
    crib, pegging = rows(db_url)
    assert crib["kind"] == "crib" and crib["correct"]
    assert pegging["kind"] == "pegging" and not pegging["correct"]
    assert pegging["categories"] == store._json_list(pegging_categories(question))
    assert pegging["categories_missed"] == pegging["categories"]  # too many: all were wrong
    assert [m.value for m in peg.metric][:3] == ["0", "0%", "1"]


def _answer_in_own_session(learner: str, seed: int, start: Any, done: Any) -> None:
    """One learner's session in its own process (AppTest keeps a process-wide runtime)."""
    at = open_page(COUNT, seed=str(seed), learner=learner)
    start.wait(timeout=120)  # every session has its deal on screen: all submit together
    answer(at, "count", str(deal_hand(seed).score.total))
    done.put((learner, seed, "Right!" in at.success[0].value, captions(at)))


def test_two_sessions_answering_at_once_are_both_recorded(db_url: str) -> None:
    sessions = [("Ann", 11), ("Bob", 11), ("Ann", 12)]  # a shared link; Ann's second tab
    spawn = multiprocessing.get_context("spawn")
    start, done = spawn.Barrier(len(sessions)), spawn.Queue()
    workers = [
        spawn.Process(target=_answer_in_own_session, args=(name, seed, start, done))
        for name, seed in sessions
    ]
    for worker in workers:
        worker.start()
    answered = [done.get(timeout=180) for _ in workers]
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    assert all(right and "not being saved" not in shown for _, _, right, shown in answered)
    stored = rows(db_url)
    assert sorted((r["name"], r["seed"]) for r in stored) == [
        ("Ann", "11"),
        ("Ann", "12"),
        ("Bob", "11"),
    ]


def test_two_tabs_answering_one_deal_count_once(db_url: str) -> None:
    first = open_page(COUNT, seed="5", learner="Ann")
    second = open_page(COUNT, seed="5", learner="Ann", deal=first.query_params["deal"])
    answer(first, "count", "3")
    answer(second, "count", "4")
    [row] = rows(db_url)
    assert row["answer"] == "3"  # the first answer stands


def miss(
    url: str, name: str, kind: str, categories: list[str], missed: list[str], times: int
) -> None:
    engine = store.make_engine(url)
    store.migrate(engine)
    learner = store.create_learner(engine, name)
    for i in range(times):
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=learner.id,
            kind=kind,
            seed=i,
            answer=0,
            right_answer=1,
            correct=not missed,
            categories=categories,
            categories_missed=missed,
            at=dt.datetime.now(dt.UTC) - dt.timedelta(hours=i),
        )
    engine.dispose()


def test_the_drill_deals_hands_holding_the_weakest_category(db_url: str) -> None:
    miss(db_url, "Ann", "hand", ["nobs", "fifteen"], ["nobs"], times=6)
    miss(db_url, "Ann", "hand", ["fifteen", "pair"], [], times=6)  # fifteens and pairs go well
    at = open_page(COUNT, learner="Ann", drill="weak")  # as the progress page links it
    banner = "\n".join(m.value for m in at.markdown if "Weak-spot drill" in m.value)
    assert "aims at **Nobs**" in banner
    seen = set()
    for _ in range(4):
        seed = seed_of(at)
        seen.add(seed)
        assert deal_hand(seed).score.of_kind("nobs"), f"seed {seed} has no nobs"
        assert at.selectbox(key="count_focus").disabled
        at.button(key="count_next").click().run()
        assert not at.exception
    assert len(seen) == 4  # a new hand each time
    at.button(key="count_leave_drill").click().run()
    assert "drill" not in at.query_params
    assert not any("Weak-spot drill" in m.value for m in at.markdown)
    at.button(key="count_drill_start").click().run()  # and back in, from the quiz itself
    assert at.query_params["drill"] == "weak"
    assert deal_hand(seed_of(at)).score.of_kind("nobs")


def test_the_pegging_drill_deals_plays_scoring_the_weakest_kind(db_url: str) -> None:
    miss(db_url, "Ann", "pegging", ["pair royal"], ["pair royal"], times=3)
    at = open_page(PEGGING, learner="Ann", drill="weak")
    for _ in range(3):
        assert "pair royal" in pegging_categories(pegging_question(seed_of(at)))
        at.button(key="peg_next").click().run()
    assert "aims at **Pair royal**" in " ".join(m.value for m in at.markdown)


def test_without_a_name_answers_stay_in_the_session_until_one_is_chosen(db_url: str) -> None:
    at = open_page(COUNT, seed="42")
    assert "kept for this visit only" in captions(at)
    assert at.button(key="count_drill_start").disabled
    answer(at, "count", str(deal_hand(42).score.total))
    assert rows(db_url) == [] and [m.value for m in at.metric][:3] == ["1", "100%", "1"]
    at.sidebar.text_input(key="profile_name_input").input("Cy")
    at.sidebar.button[0].click().run()  # the name form's Start button
    assert at.query_params["learner"] == "Cy"
    at.button(key="count_next").click().run()
    answer(at, "count", "0")
    assert [r["name"] for r in rows(db_url)] == ["Cy"]


def test_menu_links_carry_the_learner(db_url: str) -> None:
    at = open_page(COUNT, seed="42", learner="Ann Lee")
    links = at.get("page_link")
    assert links and all("learner=Ann+Lee" in link.proto.query_string for link in links)


def test_a_database_that_cannot_open_leaves_the_quiz_working_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{blocker}/progress.db")
    at = open_page(COUNT, seed="42", learner="Ann")
    assert "Progress is not being saved" in captions(at)
    assert "cannot open the database" in captions(at)
    answer(at, "count", str(deal_hand(42).score.total))
    assert "Right!" in at.success[0].value
    assert [m.value for m in at.metric][:3] == ["1", "100%", "1"]
    peg = open_page(PEGGING, seed="7", learner="Ann")
    assert "Progress is not being saved" in captions(peg)
    answer(peg, "peg", str(pegging_question(7).total))
    assert "Right!" in peg.success[0].value


def test_the_progress_page_links_to_both_drills(db_url: str) -> None:
    at = AppTest.from_file(ENTRY, default_timeout=30)
    at.switch_page("pages/5_Progress.py")
    at.query_params["learner"] = "Ann"
    at.run()
    links = {link.proto.label: link.proto.query_string for link in at.get("page_link")}
    assert links["Practise my weak spots"] == "learner=Ann&drill=weak"
    assert links["Practise my weak spots in pegging"] == "learner=Ann&drill=weak"


def test_a_drill_with_no_weak_spots_in_this_quiz_says_so_and_deals_any_hand(db_url: str) -> None:
    miss(db_url, "Ann", "pegging", ["go"], ["go"], times=3)  # weak only in pegging
    at = open_page(COUNT, learner="Ann", drill="weak")
    banner = " ".join(m.value for m in at.markdown if "Weak-spot drill" in m.value)
    assert "No weak spots in this quiz yet" in banner
    assert seed_of(at) > 0


def test_a_pair_missed_in_the_play_does_not_steer_the_count_drill_but_steers_the_pegging_drill(
    db_url: str,
) -> None:
    miss(db_url, "Ann", "pegging", ["pair"], ["pair"], times=3)  # "pair" is a show category too
    count = open_page(COUNT, learner="Ann", drill="weak")
    banner = " ".join(m.value for m in count.markdown if "Weak-spot drill" in m.value)
    assert "No weak spots in this quiz yet" in banner and "Pair" not in banner
    pegging = open_page("pages/3_Pegging_quiz.py", learner="Ann", drill="weak")
    banner = " ".join(m.value for m in pegging.markdown if "Weak-spot drill" in m.value)
    assert "aims at **Pair**" in banner


def test_a_discard_answer_is_stored_once_with_its_expected_value_loss(db_url: str) -> None:
    import json

    from cribbage_core.teaching.discard_quiz import deal_discard, ev_loss

    deal = deal_discard(42)
    worst = deal.advice.options[-1].discard
    at = open_page("pages/6_Discard_trainer.py", seed="42", learner="Ann")
    for card in worst:
        at.checkbox(key=f"discard_pick_{card}").check()
    at.run()
    at.button(key="discard_confirm").click().run()
    assert not at.exception, at.exception
    [row] = rows(db_url)
    assert (row["name"], row["kind"], row["seed"], row["correct"]) == (
        "Ann",
        "discard",
        "42",
        False,
    )
    assert json.loads(row["extra"])["ev_lost"] == pytest.approx(
        ev_loss(deal.advice, worst), abs=1e-4
    )
    assert row["seconds"] is not None

    # A reload on the same address, answering again: still one row, and the page says why.
    again = open_page(
        "pages/6_Discard_trainer.py", **{k: at.query_params[k] for k in ("seed", "learner", "deal")}
    )
    for card in deal.advice.best.discard:
        again.checkbox(key=f"discard_pick_{card}").check()
    again.run()
    again.button(key="discard_confirm").click().run()
    assert len(rows(db_url)) == 1
    assert "answered before" in captions(again)


def answer_per_category(at: AppTest, given: dict[str, int]) -> AppTest:
    at.toggle(key="count_by_kind").set_value(True).run()
    for kind, points in given.items():
        at.text_input(key=f"count_kind_{kind}").input(str(points))
    at.button(key="count_submit").click().run()
    assert not at.exception, at.exception
    return at


def test_a_per_category_answer_is_recorded_in_the_session_and_the_store(db_url: str) -> None:
    import json

    points = deal_hand(3).score.points_by_kind()  # fifteens 6, a pair 2
    at = answer_per_category(open_page(COUNT, seed="3", learner="Ann"), points)
    attempt = at.session_state["attempts"][-1]
    assert (attempt.kind, attempt.correct, attempt.answer) == ("hand", True, 8)
    assert [m.value for m in at.metric][:3] == ["1", "100%", "1"]
    [row] = rows(db_url)
    assert (row["name"], row["kind"], row["seed"], row["correct"]) == ("Ann", "hand", "3", True)
    assert json.loads(row["extra"])["per_kind"] == points


def test_a_right_total_split_wrongly_names_the_wrong_categories(db_url: str) -> None:
    import json

    split = {**deal_hand(3).score.points_by_kind(), "fifteen": 4, "pair": 4}  # still 8 in all
    at = answer_per_category(open_page(COUNT, seed="3", learner="Ann"), split)
    shown = " ".join(e.value for e in (*at.error, *at.info, *at.warning))
    assert "Fifteen" in shown and "Pair" in shown and "Run" not in shown
    assert "you said 8, the hand scores 8" not in shown
    [row] = rows(db_url)
    assert not row["correct"] and json.loads(row["categories_missed"]) == ["fifteen", "pair"]
    assert [m.value for m in at.metric][:3] == ["0", "0%", "1"]
