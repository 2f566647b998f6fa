"""Server-side time of one quiz interaction: AppTest runs of submit + next hand (target: median < 100 ms).

    python benchmarks/bench_quiz.py [--rounds 30]

Each round answers the current hand on "Count the hand" (one script run) and
deals the next one (another run); the time is for the pair. The pegging quiz
is measured the same way. Each is measured twice: without a learner's name (answers kept in
the session) and with one, saving every answer to a temporary SQLite progress database.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ENTRY = str(Path(__file__).resolve().parent.parent / "app.py")


def measure(
    page: str, answer_key: str, submit_key: str, next_key: str, rounds: int, learner: str | None
) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each round (submit + next), after three warm-up rounds."""
    at = AppTest.from_file(ENTRY, default_timeout=30)
    at.switch_page(page)
    at.query_params["seed"] = "1"
    if learner:
        at.query_params["learner"] = learner
    at.run()
    times, cpu = [], []
    for _ in range(rounds + 3):
        start, cpu_start = time.perf_counter(), time.process_time()
        at.text_input(key=answer_key).input("4")
        at.button(key=submit_key).click()
        at.run()
        at.button(key=next_key).click()
        at.run()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
        assert not at.exception, at.exception
    return times[3:], cpu[3:]  # the first rounds warm caches


QUIZZES = {
    "count the hand": ("pages/2_Count_the_hand.py", "count_answer", "count_submit", "count_next"),
    "pegging quiz": ("pages/3_Pegging_quiz.py", "peg_answer", "peg_submit", "peg_next"),
}


def stored_attempts(url: str, learner: str) -> int:
    from tutor import store

    engine = store.make_engine(url)
    try:
        found = store.learner_by_name(engine, learner)
        return 0 if found is None else len(store.attempts_frame(engine, found.id, columns=["id"]))
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    url = os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/progress.db"
    for learner in (None, "Bench"):
        for name, keys in QUIZZES.items():
            times, cpu = measure(*keys, rounds=rounds, learner=learner)
            median = statistics.median(times) * 1000
            verdict = "OK" if median < 100 else "SLOW"
            saving = "saving to SQLite" if learner else "no name, session only"
            print(
                f"{name} ({saving}): submit + next hand, median {median:.1f} ms "
                f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, {rounds} rounds) {verdict}; "
                f"CPU median {statistics.median(cpu) * 1000:.1f} ms"
            )
    saved = stored_attempts(url, "Bench")
    assert saved == 2 * (rounds + 3), f"{saved} attempts stored, expected {2 * (rounds + 3)}"
    print(f"stored {saved} attempts, one per answer")


if __name__ == "__main__":
    main()
