"""Server CPU per request on every page, over each page's parameter space.

Each request is one first open of a page in a fresh session (AppTest: the script runs in this
process, so its CPU time is the server's), with the address a visitor may send: seeds never
seen before (a cache never helps), every kind and level of the trainers, game ids that are
absent, a 20,000-step saved game, and four finished games of the visitor (two with each hand's
analysis kept as Play keeps it, two with nothing kept, which the review analyses a hand a run). The target (issue 33): no request costs more than about
0.5 s of server CPU. Prints, per page and parameter set, the CPU seconds p50 / p99 / max.

The process is first warmed as a deployed server is (``python -m tutor.frame.warm run``: the
pages' modules imported and the engine's tables built before the first visitor; its CPU is
printed apart), so a page's figure is what each visitor costs, not the process's one-time
imports; ``--cold`` leaves the warm-up out, and the first page to import a module pays for it
(Learn's first open then costs about 0.6 s, its next ones 0.13 s). Every AppTest shares one registry
of Streamlit components (:func:`new_app`), built once as a server builds it at start-up.

usage (from the project root):
  python benchmarks/bench_pages.py [--seeds 8] [--only peg_trainer,discard] [--cold]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ENTRY = str(ROOT / "app.py")

from cribbage_core.teaching.discard_quiz import DIFFICULTIES  # noqa: E402
from tutor.quiz.positions import PEG_KIND_SLUGS  # noqa: E402


def spaces(
    seeds: list[str], game_ids: list[str], finished: list[str]
) -> dict[str, list[tuple[str, dict[str, str]]]]:
    """Each page's requests: (page, query parameters)."""
    peg = [
        ("pages/7_Pegging_trainer.py", {"seed": s, "kind": kind, "level": level})
        for kind in ["any", *PEG_KIND_SLUGS]
        for level in ["any", *DIFFICULTIES]
        for s in seeds
    ]
    return {
        "home": [("", {})],
        "learn": [("pages/1_Learn.py", {})],
        "first_game": [("pages/11_First_game.py", {})],
        "count": [("pages/2_Count_the_hand.py", {"seed": s}) for s in seeds],
        "pegging_quiz": [("pages/3_Pegging_quiz.py", {"seed": s}) for s in seeds],
        "discard": [
            ("pages/6_Discard_trainer.py", {"seed": s, "level": level})
            for level in ["any", *DIFFICULTIES]
            for s in seeds
        ],
        "peg_trainer": peg,
        "play": [("pages/4_Play.py", {})],
        "progress": [("pages/5_Progress.py", {"learner": "Bench"})],
        "review": [("pages/9_Review.py", {"learner": "Bench"})],
        "daily": [("pages/10_Daily_five.py", {"learner": "Bench"})],
        "game_review": [("pages/8_Game_review.py", {"game": g}) for g in game_ids]
        + [("pages/8_Game_review.py", {"game": g, "learner": "Bench"}) for g in finished],
        "rush": [
            ("pages/12_Counting_rush.py", {"learner": "Bench", "seconds": seconds})
            for seconds in ("10", "60", "99999", "x")
        ],
        # a join link's code, another class's table or member: unknown to this visitor
        "class": [("pages/13_Class.py", {"learner": "Bench", "join": s[:6]}) for s in seeds]
        + [("pages/13_Class.py", {"learner": "Bench", "class": s, "member": s}) for s in seeds],
        # a friend game's code from the address, never seen
        "friend": [("pages/4_Play.py", {"friend": s[:6]}) for s in seeds],
    }


def finished_game(database: str, seed: int, keep: bool) -> str:
    """A game to 121 played by the bots and saved for the learner "Bench" (``keep``: each
    hand's analysis kept beside it, as Play keeps it; else the review analyses it)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    sys.path.insert(0, str(ROOT / "tests"))
    from bench_review_page import save

    return save(database, seed, keep)


def huge_save(database: str) -> str:
    """A saved game of 20,000 steps (refused, but it must be refused cheaply)."""
    from tutor import store
    from tutor.play.session import PlaySession, PlaySettings

    engine = store.make_engine(database)
    store.migrate(engine)
    game_id = str(uuid.uuid4())
    data = PlaySession.start(PlaySettings(level="easy"), seed=1, game_id=game_id).to_dict()
    game = dict(data["game"])  # type: ignore[arg-type]
    game["steps"] = [["discard", 0, ["AS", "2S"]]] * 20_000
    data["game"] = game
    store.save_game(engine, game_id, data, moves=1, previous=None)
    engine.dispose()
    return game_id


_COMPONENTS: list[object] = []


def new_app(entry: str = ENTRY) -> AppTest:
    """A fresh AppTest (a new session) sharing one registry of Streamlit components.

    An AppTest's first run scans every installed package's metadata for Streamlit components
    (0.18-0.22 s of CPU here). A server does that once, when it starts; a new AppTest for each
    request would count it in every page's figure, so the registry is built once, here, and
    handed to each AppTest (its private ``_bidi_component_manager``, Streamlit 1.67)."""
    if not _COMPONENTS:
        from streamlit.components.v2.component_manager import BidiComponentManager

        manager = BidiComponentManager()
        manager.discover_and_register_components(start_file_watching=False)
        _COMPONENTS.append(manager)
    at = AppTest.from_file(entry, default_timeout=120)
    at._bidi_component_manager = _COMPONENTS[0]  # type: ignore[assignment]
    return at


_RERUNS: list[float] = []  # process_time() at each st.rerun() of the request under way


def _count_reruns() -> None:
    """Note the CPU clock whenever a page asks for a rerun: ``AppTest.run`` follows a page's
    ``st.rerun()`` (the review analysing a game a share a run) within one call, while a
    server answers each run on its own, so a request's figure is its costliest single run."""
    import streamlit as st

    rerun = st.rerun

    def noted(*args: object, **kwargs: object) -> None:
        _RERUNS.append(time.process_time())
        rerun(*args, **kwargs)  # type: ignore[arg-type]

    st.rerun = noted  # type: ignore[assignment]


def cpu_of(page: str, params: dict[str, str]) -> float:
    """The CPU seconds of the costliest script run of a first open of ``page``."""
    at = new_app()
    if page:
        at.switch_page(page)
    for key, value in params.items():
        at.query_params[key] = value
    _RERUNS.clear()
    began = time.process_time()
    at.run()
    marks = [began, *_RERUNS, time.process_time()]
    return max(b - a for a, b in itertools.pairwise(marks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=8, help="new seeds per parameter set")
    parser.add_argument("--only", default="", help="pages, comma-separated (default: all)")
    parser.add_argument(
        "--cold", action="store_true", help="no warm-up: each page pays for its first imports"
    )
    args = parser.parse_args()
    os.environ.setdefault("CRIBBAGE_WARM_UP", "0")
    _count_reruns()
    database = f"sqlite:///{tempfile.mkdtemp()}/bench.db"
    os.environ["DATABASE_URL"] = database
    if not args.cold:
        from tutor.frame.warm import warm

        began = time.process_time()
        warm()
        print(f"warm-up (before the first visitor) CPU {time.process_time() - began:.3f} s")
    rng = random.Random(time.time_ns())
    seeds = [str(rng.randrange(10**9)) for _ in range(args.seeds)]
    game_ids = [str(uuid.uuid4()), "not-a-game", huge_save(database)]
    wanted = {p for p in args.only.split(",") if p}
    cpu_of("", {})  # imports and the first warm-up are not a visitor's request
    rows = []
    finished = [finished_game(database, 100 + i, keep=i % 2 == 1) for i in range(4)]
    for name, requests in spaces(seeds, game_ids, finished).items():
        if wanted and name not in wanted:
            continue
        times = sorted(cpu_of(page, params) for page, params in requests)
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        rows.append((name, len(times), statistics.median(times), p99, times[-1]))
        print(
            f"{name:13} {len(times):4} requests  CPU p50 {rows[-1][2]:.3f} s  "
            f"p99 {p99:.3f} s  max {times[-1]:.3f} s",
            flush=True,
        )
    worst = max(rows, key=lambda r: r[4])
    print(json.dumps({"worst_page": worst[0], "max_cpu_s": round(worst[4], 3)}))


if __name__ == "__main__":
    main()
