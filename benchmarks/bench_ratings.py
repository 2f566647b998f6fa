"""The ratings: the simulation's figures, and choosing the next question in a large database.

    python benchmarks/bench_ratings.py [--learners 200] [--items 100000] [--people 10000]
                                       [--answered 30] [--runs 50] [--url DATABASE_URL]

1. The simulation (``tutor.rating.simulate``): ``--learners`` learners of known skill,
   300 answers each, served at their level from a bank of 3,000 questions of known
   difficulty. Targets: Spearman >= 0.9 between true skills and ratings, 80% of learners
   within 150 points, item ratings against true difficulty >= 0.8 (feature estimates off
   by 200 points, one standard deviation); then, for information, with estimates off by 500.
2. Choosing the next question ("practise at my level", ``service.next_position``) with
   ``--items`` bank questions of one skill and ``--people`` learners who answered
   ``--answered`` questions each (one of them 300), on SQLite (a temporary file) or the
   database at ``--url`` (default: ``DATABASE_URL``, as ``scripts/with_postgres.sh`` sets it): wall time per choice, median and 95th percentile of ``--runs``.
   Target: under 20 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sqlalchemy as sa  # noqa: E402

from tutor import store  # noqa: E402
from tutor.rating import service  # noqa: E402
from tutor.rating.simulate import simulate  # noqa: E402
from tutor.store.ratings import FIRST_ATTEMPTS, RATED_ITEMS  # noqa: E402


def simulation(learners: int) -> bool:
    ok = True
    for noise in (200.0, 500.0):
        started = time.perf_counter()
        out = simulate(learners=learners, answers=300, items=3000, seed=7, estimate_noise=noise)
        rho, near, items = out.learner_spearman(), out.share_within(150), out.item_correlation()
        passed = rho >= 0.9 and near >= 0.8 and items >= 0.8
        if noise == 200.0:  # the target; the rough estimates show how far it holds
            ok &= passed
        print(
            f"simulation, feature noise {noise:.0f}: {learners} learners x 300 answers: "
            f"Spearman {rho:.3f}, within 150 points {near:.0%}, "
            f"items r {items:.3f} (played ones; {sum(1 for _, _, n in out.items if n)} played) "
            f"[{time.perf_counter() - started:.1f} s] "
            + (("PASS" if passed else "FAIL") if noise == 200.0 else "(for information)")
        )
    return ok


def fill(engine: sa.Engine, items: int, people: int, answered: int) -> list[int]:
    rng = random.Random(1)
    now = store.naive_utc(None)
    rows = [
        {
            "skill": "hand",
            "position": json.dumps({"seed": str(n + 1)}),
            "rating": rng.uniform(400, 2600),
            "deviation": 300.0,
            "volatility": 0.09,
            "plays": 0,
            "bank": True,
            "created_at": now,
        }
        for n in range(items)
    ]
    with engine.begin() as conn:
        conn.execute(RATED_ITEMS.insert(), rows)
        conn.execute(
            store.LEARNERS.insert(),
            [{"name": f"L{n}", "created_at": now} for n in range(people)],
        )
        ids = [int(i) for i in conn.execute(sa.select(store.LEARNERS.c.id)).scalars()]
        item_ids = [int(i) for i in conn.execute(sa.select(RATED_ITEMS.c.id)).scalars()]
        batch = []
        for n, who in enumerate(ids):
            for item in rng.sample(item_ids, 300 if n == 0 else answered):
                batch.append({"learner_id": who, "item_id": item, "score": 1.0, "answered_at": now})
            if len(batch) > 50_000:
                conn.execute(FIRST_ATTEMPTS.insert(), batch)
                batch = []
        if batch:
            conn.execute(FIRST_ATTEMPTS.insert(), batch)
    return ids


def choosing(url: str | None, items: int, people: int, answered: int, runs: int) -> bool:
    folder = tempfile.mkdtemp()
    engine = store.make_engine(url or f"sqlite:///{folder}/bench.db")
    if url:
        meta = sa.MetaData()
        meta.reflect(engine)
        meta.drop_all(engine)
    store.migrate(engine)
    started = time.perf_counter()
    ids = fill(engine, items, people, answered)
    print(
        f"filled {items:,} questions, {people:,} learners in {time.perf_counter() - started:.0f} s"
    )
    rng = random.Random(2)
    times = []
    for n in range(runs):
        who = ids[0] if n % 2 == 0 else rng.choice(ids)
        started = time.perf_counter()
        position = service.next_position(
            engine, who, "hand", rng.choice(("easiest", "normal", "hardest")), rng
        )
        times.append((time.perf_counter() - started) * 1000)
        assert position is not None
    median, p95 = statistics.median(times), sorted(times)[int(len(times) * 0.95) - 1]
    passed = p95 < 20
    print(
        f"next question on {engine.dialect.name}: median {median:.1f} ms, p95 {p95:.1f} ms "
        f"(target < 20 ms) {'PASS' if passed else 'FAIL'}"
    )
    engine.dispose()
    return passed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=200)
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--people", type=int, default=10_000)
    parser.add_argument("--answered", type=int, default=30)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--url", default=os.environ.get("DATABASE_URL"))
    args = parser.parse_args()
    ok = simulation(args.learners)
    ok &= choosing(args.url, args.items, args.people, args.answered, args.runs)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
