"""Record one attempt and render the progress page for a learner with 10,000 stored attempts.

    python benchmarks/bench_progress.py [--attempts 10000] [--runs 10] [--url DATABASE_URL]

Prints the time to record one attempt (median of many) and the progress page's server time:
one AppTest run of pages/5_Progress.py (the whole script: queries, pandas, charts), the first
(cold: includes the harness's one-time component scan) run and the median of the warm ones,
wall clock and CPU. Target: under 300 ms.
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

KINDS = ("hand", "crib", "pegging", "discard")


def seed(engine: store.Engine, learner_id: int, count: int) -> None:
    """``count`` attempts spread over 60 days, inserted in one transaction."""
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    rows = []
    for i in range(count):
        wrong = i % 4 == 0
        involved = [CATEGORIES[i % 5], CATEGORIES[(i * 7) % 5]]
        rows.append(
            {
                "id": str(uuid.uuid4()),
                "learner_id": learner_id,
                "kind": KINDS[i % 4],
                "seed": str(i),
                "answer": "10",
                "right_answer": "12",
                "correct": not wrong,
                "categories": store._json_list(involved),
                "categories_missed": store._json_list(involved[:1] if wrong else []),
                "seconds": 2.0 + i % 9,
                "extra": None,
                "created_at": now - dt.timedelta(minutes=count - i) * (60 * 24 * 60 / count),
            }
        )
    with engine.begin() as conn:
        conn.execute(store.ATTEMPTS.insert(), rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--url", default=None, help="default: a temporary SQLite file")
    args = parser.parse_args()

    url = args.url or f"sqlite:///{tempfile.mkdtemp()}/progress.db"
    os.environ["DATABASE_URL"] = url
    engine = store.make_engine(url)
    store.migrate(engine)
    learner = store.create_learner(engine, f"bench {uuid.uuid4().hex[:8]}")
    seed(engine, learner.id, args.attempts)

    record_times = []
    for i in range(50):
        start = time.perf_counter()
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=learner.id,
            kind="hand",
            seed=i,
            answer=12,
            right_answer=12,
            correct=True,
            categories=[CATEGORIES[0]],
            seconds=4.0,
        )
        record_times.append(time.perf_counter() - start)

    page_times, page_cpu = [], []
    # Through the entry point, as the app runs it (the shared menu links to app.py). One
    # AppTest, run again and again: its first run also scans every installed package for
    # Streamlit components (a harness cost a server pays once at start-up, 0.3-1.5 s here),
    # so only the later runs measure the page; each of them runs the whole script again.
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.switch_page("pages/5_Progress.py")
    at.query_params["learner"] = learner.name
    for _ in range(args.runs + 1):
        start, cpu = time.perf_counter(), time.process_time()
        at.run()
        page_times.append(time.perf_counter() - start)
        page_cpu.append(time.process_time() - cpu)
        assert not at.exception, at.exception
        assert at.metric[0].value == str(args.attempts + 50), "page did not count every attempt"

    backend = engine.dialect.name
    print(f"backend {backend}, learner with {args.attempts + 50} attempts")
    print(
        f"record one attempt: median {statistics.median(record_times) * 1000:.1f} ms "
        f"(max {max(record_times) * 1000:.1f} ms over {len(record_times)})"
    )
    warm = page_times[1:]
    print(
        f"progress page server time: cold {page_times[0] * 1000:.0f} ms, "
        f"warm median {statistics.median(warm) * 1000:.0f} ms, max {max(warm) * 1000:.0f} ms "
        f"over {len(warm)} runs (target < 300 ms)"
    )
    print(
        f"  of which CPU time of this process: warm median "
        f"{statistics.median(page_cpu[1:]) * 1000:.0f} ms (wall time includes waiting for a "
        f"CPU on a shared machine)"
    )


if __name__ == "__main__":
    main()
