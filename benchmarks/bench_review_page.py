"""The review page's server time: opening the review of a saved game to 121, first and again.

Usage::

    python benchmarks/bench_review_page.py --games 3

Each game is played through a ``PlaySession`` (the learner's seat by the medium bot, against
easy), saved in a temporary SQLite database under a learner's name, and its review opened with
AppTest: the first open analyses the game (then kept per game id and number of moves), the
second finds the analysis kept. Prints CPU time (this process) and wall time of each page run.
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
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from cribbage_core.bots import make_bot  # noqa: E402
from cribbage_core.game import Phase  # noqa: E402
from tutor import store  # noqa: E402
from tutor.play.session import HUMAN, PlaySession, PlaySettings  # noqa: E402

PAGE = "pages/8_Game_review.py"


def played(seed: int) -> PlaySession:
    session = PlaySession.start(PlaySettings(level="easy", target=121), seed=seed)
    learner = make_bot("medium", seed)
    while session.phase is not Phase.GAME_OVER:
        if session.phase is Phase.DEAL:
            session = session.deal_next()
        elif session.bot_to_act() is not None or session.moves_on_alone():
            session = session.move_on()
        else:
            session = session.act(learner.act(session.state.view(HUMAN)))
    return session


def open_review(game_id: str) -> tuple[float, float]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.switch_page(PAGE)
    at.query_params["game"] = game_id
    at.query_params["learner"] = "Bench"
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
    engine = store.make_engine(url)
    store.migrate(engine)
    first: list[tuple[float, float]] = []
    again: list[tuple[float, float]] = []
    for g in range(args.games):
        session = played(100 + g)
        store.save_game(
            engine, session.game_id, session.to_dict(), moves=session.moves, previous=None,
            finished=True, learner="Bench",
        )  # fmt: skip
        first.append(open_review(session.game_id))
        again.append(open_review(session.game_id))
        print(f"game {g + 1}: {session.moves} moves; first open {first[-1][0]:.2f} s CPU ({first[-1][1]:.2f} s wall),"
              f" again {again[-1][0]:.3f} s CPU ({again[-1][1]:.3f} s wall)")  # fmt: skip
    for name, runs in (("first open", first), ("again", again)):
        print(f"{name}: median {statistics.median(c for c, _ in runs):.3f} s CPU, "
              f"{statistics.median(w for _, w in runs):.3f} s wall")  # fmt: skip


if __name__ == "__main__":
    main()
