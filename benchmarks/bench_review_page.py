"""The review page's server time: opening the review of a saved game to 121, first and again.

Usage::

    python benchmarks/bench_review_page.py --games 3            # in this process (a warm server)
    python benchmarks/bench_review_page.py --games 3 --fresh    # each first open in a fresh process

Each game is played through a ``PlaySession`` (the learner's seat by the medium bot, against
easy) and saved in a temporary SQLite database under a learner's name, twice: once with each
hand's analysis kept beside it, as the Play page keeps it (``tutor.review.keep``), and once
without (a game saved before hands were kept, or by a server of an older ``REVIEW_VERSION``).
The review of each is opened with AppTest: the first open (the kept hands read; without them,
the learner's decisions analysed, then kept and filed), the second (the analysis found in the
process's cache), and (nothing kept) the switch for the computer's decisions, analysed once.
The games without kept hands are opened first, so nothing of theirs is warm in the process.
Prints CPU time (this process) and wall time of each page run.

``--fresh`` opens each game's review first in a new Python process (as a server just started:
its modules imported and tables built by that page run) and prints that run's CPU and wall time.
``--server`` starts a new server (``streamlit run app.py``) for each game and opens its review
over the server's WebSocket (``bench_server.LearnerClient``), as the first page the server runs
and, with a new server again, after another learner's home page once the server is idle again
(its warm-up, ``tutor.frame.warm``, over), and as the first page of a server started through
``python -m tutor.frame.warm run app.py`` once it is idle; prints the server process's CPU time
for the review's run. Without ``--server`` the warm-up is off (``CRIBBAGE_WARM_UP=0``): CPU time here counts every
thread of this process.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

PAGE = "pages/8_Game_review.py"


def open_review(game_id: str, computer: bool = False) -> tuple[float, float]:
    """One page run: the review opened (or, ``computer``, opened and then its switch turned on:
    the second run is timed)."""
    from bench_pages import new_app

    at = new_app(str(ROOT / "app.py"))
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


def open_fresh(game_id: str) -> tuple[float, float]:
    """The first open of ``game_id``'s review in a new process (this script with ``--open``)."""
    done = subprocess.run(
        [sys.executable, __file__, "--open", game_id],
        capture_output=True,
        text=True,
        check=True,
        env=os.environ,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return float(found["cpu"]), float(found["wall"])


#: How the review is opened in a new server: as its first page; after another page (the warm-up
#: after that first page over); as the first page of a server started through tutor.frame.warm.
SERVER_CASES = {
    "first": "the first page of a new server",
    "after": "after another page",
    "started warm": "the first page of a server started warm (python -m tutor.frame.warm run app.py)",
}


def start_server(url: str, warm: bool) -> object:
    """``bench_server.start_server``, or (``warm``) the same server started through ``tutor.frame.warm``."""
    import bench_server

    return bench_server.start_server(url, ("tutor.frame.warm",) if warm else ("streamlit",))


def server_opens(url: str, ids: list[str], case: str) -> list[tuple[float, float]]:
    """Each game's review opened in a newly started server (``streamlit run app.py``, see
    :data:`SERVER_CASES`): the server process's CPU time and the wall time of that page run."""
    import asyncio

    import bench_server

    bench_server.PAGES["home"] = ("", ())
    bench_server.PAGES["review"] = ("Game_review", ())

    async def one(base: str, pid: int, game_id: str) -> tuple[float, float]:
        if case == "after":
            home = bench_server.LearnerClient(base, "home", "Other", random.Random(1))
            await home.connect()
            await home.run()
            await home.close()
            await idle(pid)  # the warm-up after the first run is over
        client = bench_server.LearnerClient(base, "review", "Bench", random.Random(1))
        client.query = f"game={game_id}&learner=Bench"
        await client.connect()
        cpu = bench_server.cpu_seconds([pid])
        wall = await client.run()
        cpu = bench_server.cpu_seconds([pid]) - cpu
        assert any(w.key == "review_computer" for w in client.widgets.values()), (
            "the review did not open"
        )
        await client.close()
        return cpu, wall

    async def idle(pid: int) -> None:
        """Until the server's CPU time stands still (under 10 ms in each of three 0.3 s spells)."""
        still, last = 0, bench_server.cpu_seconds([pid])
        while still < 3:
            await asyncio.sleep(0.3)
            now = bench_server.cpu_seconds([pid])
            still, last = (still + 1 if now - last < 0.01 else 0), now

    runs = []
    for game_id in ids:
        servers: Any = start_server(url, warm=case == "started warm")
        try:
            asyncio.run(idle(servers.pids[0]))  # the server's own start is over
            runs.append(asyncio.run(one(servers.base, servers.pids[0], game_id)))
        finally:
            servers.stop()
    return runs


def save(url: str, seed: int, keep: bool) -> str:
    """A game to 121 saved for the learner "Bench" (``keep``: with each hand's analysis kept)."""
    from apptools import bot_played_game, save_for_server

    from tutor import store
    from tutor.review.game import review_game

    session = bot_played_game(target=121, seed=seed, learner=("medium", seed))
    save_for_server(url, session, "Bench")
    if keep:
        hands = review_game(session.to_dict(), session.moves).fresh
        engine = store.make_engine(url)
        rows = [store.KeptHand(h.hand_no, h.seat, h.version, h.key, h.to_dict()) for h in hands]
        assert store.keep_hand_reviews(engine, session.game_id, rows, "Bench")
        engine.dispose()
    return session.game_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--fresh", action="store_true", help="each first open in a new process")
    parser.add_argument(
        "--server",
        action="store_true",
        help="each first open in a newly started server (streamlit run), as the first page and "
        "after another page",
    )
    parser.add_argument(
        "--cases",
        default="nothing,kept",
        help="which games: 'nothing' (no hand kept), 'kept' (every hand kept), or both",
    )
    parser.add_argument(
        "--open", metavar="GAME_ID", help=argparse.SUPPRESS
    )  # one open, for --fresh
    args = parser.parse_args()
    if (
        not args.server
    ):  # CPU time here counts every thread: no warm-up thread (tutor.frame.warm) in it
        os.environ.setdefault("CRIBBAGE_WARM_UP", "0")
    if args.open:
        cpu, wall = open_review(args.open)
        print(json.dumps({"cpu": cpu, "wall": wall}))
        return
    folder = tempfile.mkdtemp()
    url = f"sqlite:///{folder}/bench.db"
    os.environ["DATABASE_URL"] = url
    cases = [
        keep for keep, name in ((False, "nothing"), (True, "kept")) if name in args.cases.split(",")
    ]
    if args.server:  # new games for each case (a review opened once keeps its hands)
        for keep in cases:
            what = "hands kept by Play" if keep else "nothing kept"
            for case, when in SERVER_CASES.items():
                ids = [save(url, 100 + g, keep) for g in range(args.games)]
                runs = server_opens(url, ids, case)
                print(
                    f"{what}, {when}: "
                    + ", ".join(f"{c:.2f} s CPU ({w:.2f} s wall)" for c, w in runs)
                    + f"; median {statistics.median(c for c, _ in runs):.2f} s CPU",
                    flush=True,
                )
        return
    for keep in cases:  # the same deals and moves: nothing kept first, so nothing is warm for it
        ids = [
            save(url, 100 + g, keep) for g in range(args.games)
        ]  # games, and their kept hands, first
        what = "hands kept by Play" if keep else "nothing kept"
        first: list[tuple[float, float]] = []
        again: list[tuple[float, float]] = []
        switch: list[tuple[float, float]] = []
        for g, game_id in enumerate(ids):
            first.append(open_fresh(game_id) if args.fresh else open_review(game_id))
            line = f"{what}, game {g + 1}: first open {first[-1][0]:.3f} s CPU ({first[-1][1]:.3f} s wall)"
            if not args.fresh:
                again.append(open_review(game_id))
                line += f", again {again[-1][0]:.3f} s CPU ({again[-1][1]:.3f} s wall)"
            if (
                not args.fresh and not keep
            ):  # (with hands kept, the same analysis of the same moves)
                switch.append(open_review(game_id, computer=True))
                line += f", the computer's decisions switched on {switch[-1][0]:.2f} s CPU ({switch[-1][1]:.2f} s wall)"
            print(line, flush=True)
        for name, runs in (
            ("first open", first),
            ("again", again),
            ("computer's switched on", switch),
        ):
            if runs:
                print(
                    f"{what}: {name}: median {statistics.median(c for c, _ in runs):.3f} s CPU, "
                    f"{statistics.median(w for _, w in runs):.3f} s wall",
                    flush=True,
                )


if __name__ == "__main__":
    main()
