"""Server-side time of one quiz interaction: AppTest runs of submit + next hand (target: median < 100 ms).

    python benchmarks/bench_quiz.py [--rounds 30]

Each round answers the current hand on "Count the hand" (one script run) and
deals the next one (another run); the time is for the pair. The pegging quiz
is measured the same way.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ENTRY = str(Path(__file__).resolve().parent.parent / "app.py")


def measure(page: str, answer_key: str, submit_key: str, next_key: str, rounds: int) -> list[float]:
    at = AppTest.from_file(ENTRY, default_timeout=30)
    at.switch_page(page)
    at.query_params["seed"] = "1"
    at.run()
    times = []
    for _ in range(rounds + 3):
        start = time.perf_counter()
        at.text_input(key=answer_key).input("4")
        at.button(key=submit_key).click()
        at.run()
        at.button(key=next_key).click()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return times[3:]  # the first rounds warm caches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    for name, keys in {
        "count the hand": ("pages/2_Count_the_hand.py", "count_answer", "count_submit", "count_next"),
        "pegging quiz": ("pages/3_Pegging_quiz.py", "peg_answer", "peg_submit", "peg_next"),
    }.items():
        times = measure(*keys, rounds=rounds)
        median = statistics.median(times) * 1000
        verdict = "OK" if median < 100 else "SLOW"
        print(f"{name}: submit + next hand, median {median:.1f} ms "
              f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}, {rounds} rounds) {verdict}")


if __name__ == "__main__":
    main()
