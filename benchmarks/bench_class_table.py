"""The server's CPU for one refresh of a teacher's class table, 30 learners in the class.

    python benchmarks/bench_class_table.py [--learners 30] [--attempts 1000] [--runs 10]

Each learner has ``--attempts`` answers over 60 days, a rating and 60 days of history in each of
the six skills, and 5 games. Prints the median wall clock and CPU (``time.process_time``) of:
the store's reads and the table built from them (``Store.class_figures`` and
``tutor.classroom.table.class_table``), and one whole run of ``pages/13_Class.py`` for the
teacher (AppTest: the page as the server runs it, the dataframe and the CSV included).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from cribbage_core.scoring import HAND_KINDS as CATEGORIES  # noqa: E402
from tutor import store  # noqa: E402
from tutor.classroom.table import class_table  # noqa: E402
from tutor.rating.skills import SKILLS  # noqa: E402
from tutor.store import classes  # noqa: E402
from tutor.store.ratings import RATING_HISTORY, SKILL_RATINGS  # noqa: E402

KINDS = ("hand", "crib", "pegging", "discard", "peg_trainer")
PIN = "2468"


def seed_learner(engine: store.Engine, learner_id: int, count: int, now: dt.datetime) -> None:
    attempts, history = [], []
    for i in range(count):
        wrong = (i + learner_id) % 4 == 0
        involved = [CATEGORIES[i % 5], CATEGORIES[(i * 7) % 5]]
        attempts.append(
            {
                "id": str(uuid.uuid4()),
                "learner_id": learner_id,
                "kind": KINDS[i % len(KINDS)],
                "seed": str(i),
                "answer": "10",
                "right_answer": "12",
                "correct": not wrong,
                "categories": store._json_list(involved),
                "categories_missed": store._json_list(involved[:1] if wrong else []),
                "seconds": 2.0 + i % 9,
                "extra": None,
                "created_at": now - dt.timedelta(days=60) * (1 - i / count),
            }
        )
    ratings = [
        {
            "learner_id": learner_id, "skill": skill, "rating": 900.0 + 10 * learner_id,
            "deviation": 90.0, "volatility": 0.09, "answers": count // 6, "updated_at": now,
        }
        for skill in SKILLS
    ]  # fmt: skip
    for skill in SKILLS:
        for day in range(60):
            history.append(
                {
                    "learner_id": learner_id, "skill": skill,
                    "day": (now - dt.timedelta(days=60 - day)).date(),
                    "rating": 800.0 + day * 2, "deviation": 300.0 - day * 3,
                }
            )  # fmt: skip
    with engine.begin() as conn:
        conn.execute(store.ATTEMPTS.insert(), attempts)
        conn.execute(SKILL_RATINGS.insert(), ratings)
        conn.execute(RATING_HISTORY.insert(), history)
    for g in range(5):
        store.record_game(
            engine, game_id=str(uuid.uuid4()), learner_id=learner_id, opponent_level="medium",
            players=2, target=121, scores=[121, 100 + g], winner="x", learner_won=g % 2 == 0,
        )  # fmt: skip


def timed(work: object, runs: int) -> tuple[float, float]:
    """Median wall clock and CPU seconds of ``runs`` calls of ``work``."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()  # type: ignore[operator]
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--attempts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-class-"))
    url = f"sqlite:///{folder / 'progress.db'}"
    os.environ["DATABASE_URL"] = url
    engine = store.make_engine(url)
    store.migrate(engine)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    teacher = store.create_learner(engine, "Teacher")
    store.set_pin(engine, teacher.id, PIN)
    made = classes.create_class(engine, teacher.id, "Bench club", "en")
    for n in range(args.learners):
        who = store.create_learner(engine, f"Learner {n:02d}")
        seed_learner(engine, who.id, args.attempts, now)
        classes.join_class(engine, who.id, made.join_code)
    print(
        f"{args.learners} learners, {args.attempts} answers each, 6 skills rated, "
        f"{args.runs} runs (SQLite)"
    )

    handle = store.store_for_engine(engine)
    assert (check := handle.try_pin("Teacher", PIN)) is not None and check.ok

    def figures_and_table() -> None:
        figures = handle.class_figures("Teacher", made.id)
        assert figures is not None and len(figures.members) == args.learners
        assert len(class_table(figures)) == args.learners

    wall, cpu = timed(figures_and_table, args.runs)
    print(f"store reads + table built: median {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU")

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("pages/13_Class.py")
    at.query_params["learner"] = "Teacher"
    at.run()
    at.text_input(key="pin_unlock_input").input(PIN)
    next(b for b in at.button if b.label == "Unlock").click()
    at.run()
    assert not at.exception and len(at.dataframe[0].value) == args.learners

    def page_run() -> None:
        at.run()
        assert not at.exception

    wall, cpu = timed(page_run, args.runs)
    print(f"whole page run (AppTest): median {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU")


if __name__ == "__main__":
    main()
