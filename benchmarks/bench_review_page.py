"""The review page's server time: opening the review of a saved game to 121, first and again.

Usage::

    python benchmarks/bench_review_page.py --games 3

Each game is played through a ``PlaySession`` (the learner's seat by the medium bot, against
easy), saved in a temporary SQLite database under a learner's name, and its review opened with
AppTest: the first open analyses the learner's decisions (then kept per game id and number of
moves) and files them, the second finds the analysis kept, and then the switch for the
computer's decisions analyses the computer's (once). Prints CPU time (this process) and wall
time of each page run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from apptools import bot_played_game, save_for_server  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

PAGE = "pages/8_Game_review.py"


def open_review(game_id: str, computer: bool = False) -> tuple[float, float]:
    """One page run: the review opened (or, ``computer``, opened and then its switch turned on:
    the second run is timed)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.switch_page(PAGE)
    at.query_params["game"] = game_id
    at.query_params["learner"] = "Bench"
    if computer:
        at.run()
        at.toggle(key="review_computer").set_value(True)
    cpu, wall = time.process_time(), time.perf_counter()
    at.run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert not at.exception and at.metric, "the review did not open"
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    url = f"sqlite:///{folder}/bench.db"
    os.environ["DATABASE_URL"] = url
    first: list[tuple[float, float]] = []
    again: list[tuple[float, float]] = []
    switch: list[tuple[float, float]] = []
    for g in range(args.games):
        session = bot_played_game(target=121, seed=100 + g, learner=("medium", 100 + g))
        save_for_server(url, session, "Bench")
        first.append(open_review(session.game_id))
        again.append(open_review(session.game_id))
        switch.append(open_review(session.game_id, computer=True))
        print(f"game {g + 1}: {session.moves} moves; first open {first[-1][0]:.2f} s CPU ({first[-1][1]:.2f} s wall),"
              f" again {again[-1][0]:.3f} s CPU ({again[-1][1]:.3f} s wall),"
              f" the computer's decisions switched on {switch[-1][0]:.2f} s CPU ({switch[-1][1]:.2f} s wall)")  # fmt: skip
    for name, runs in (("first open", first), ("again", again), ("computer's switched on", switch)):
        print(f"{name}: median {statistics.median(c for c, _ in runs):.3f} s CPU, "
              f"{statistics.median(w for _, w in runs):.3f} s wall")  # fmt: skip


if __name__ == "__main__":
    main()
