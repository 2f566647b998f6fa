"""The due count and the Review page's choice for a learner with 10,000 review items.

    python benchmarks/bench_review_due.py [--items 10000] [--runs 20] [--url DATABASE_URL]

Seeds a learner with ``--items`` review items (half due today, spread over the past year and
the next, with 1-6 misses each) and times, wall clock and CPU, median of ``--runs``:

* the due count as the home page and the menu ask it (``Store.due_count``);
* the Review page's choice: the worst due item (``Store.due_items(limit=1)``) and the item in
  the address (``Store.review_item``), what the page reads before it draws the question;
* whole server runs (AppTest, warm median) of the home page and of the Review page.

Target: the due count and the Review page's choice each under 100 ms of server time.
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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from tutor import clock, store  # noqa: E402
from tutor.quiz.positions import count_position, discard_position, pegging_position  # noqa: E402

KINDS = ("hand", "crib", "pegging", "discard")


def seed_items(engine: store.Engine, learner_id: int, count: int, today: dt.date) -> None:
    """``count`` items: due dates from a year back to a year ahead (about half due), in one transaction."""
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    rows = []
    for i in range(count):
        kind = KINDS[i % 4]
        seed = 1 + i * 7919 % 999_999_999
        position = (
            count_position(seed)
            if kind in ("hand", "crib")
            else pegging_position(seed)
            if kind == "pegging"
            else discard_position(seed)
        )
        rows.append(
            {
                "learner_id": learner_id,
                "kind": kind,
                "position": store.position_text(position),
                "interval_days": 1 + i % 50,
                "stability": float(1 + i % 50),
                "difficulty": 5.0 + i % 6 * 0.5,
                "lapses": 1 + i % 6,
                "streak": i % 3,
                "reviews": i % 5,
                "due_on": today + dt.timedelta(days=(i * 37) % 731 - 365),
                "created_at": now,
                "updated_at": now,
            }
        )
    with engine.begin() as conn:
        conn.execute(store.schema.REVIEW_ITEMS.insert(), rows)


def timed(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of ``work`` over ``runs`` calls (after one warm-up)."""
    work()
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def page_runs(page: str | None, learner: str, runs: int) -> tuple[float, float]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if page:
        at.switch_page(page)
    at.query_params["learner"] = learner

    def run() -> None:
        at.run()
        assert not at.exception, at.exception

    return timed(run, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--url", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args()

    url = args.url or f"sqlite:///{tempfile.mkdtemp()}/progress.db"
    os.environ["DATABASE_URL"] = url
    today = clock.today()
    engine = store.make_engine(url)
    store.migrate(engine)
    name = f"bench {uuid.uuid4().hex[:8]}"
    learner = store.create_learner(engine, name)
    seed_items(engine, learner.id, args.items, today)
    handle = store.store_for_engine(engine)

    due = handle.due_count(name, today, store.SERVED_REVIEW_KINDS)
    worst = handle.due_items(name, today, store.SERVED_REVIEW_KINDS, limit=1)[0]
    count_ms = timed(lambda: handle.due_count(name, today, store.SERVED_REVIEW_KINDS), args.runs)
    choice_ms = timed(
        lambda: (
            handle.review_item(name, worst.id),
            handle.due_items(name, today, store.SERVED_REVIEW_KINDS, limit=1),
        ),
        args.runs,
    )
    home_ms = page_runs(None, name, max(3, args.runs // 4))
    review_ms = page_runs("pages/9_Review.py", name, max(3, args.runs // 4))

    print(f"backend {engine.dialect.name}, {args.items} review items, {due} due today")
    print(
        f"due count (home page, menu):  median {count_ms[0]:.2f} ms wall, {count_ms[1]:.2f} ms CPU (target < 100 ms)"
    )
    print(
        f"Review page's choice:         median {choice_ms[0]:.2f} ms wall, {choice_ms[1]:.2f} ms CPU (target < 100 ms)"
    )
    print(f"home page, whole run:         median {home_ms[0]:.0f} ms wall, {home_ms[1]:.0f} ms CPU")
    print(
        f"Review page, whole run:       median {review_ms[0]:.0f} ms wall, {review_ms[1]:.0f} ms CPU"
    )


if __name__ == "__main__":
    main()
