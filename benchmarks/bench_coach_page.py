"""Server CPU of a move on the Play page with coach mode on (the page's run, the coach's check in it).

Usage: ``python benchmarks/bench_coach_page.py [--games 3] [--seed 500]``

Whole seeded games (to 121, the default opponent) played through the page's widgets with AppTest,
coach mode on at its default threshold, the games saved in a throwaway SQLite file, the computer's
moves without the pause (``CRIBBAGE_BOT_DELAY=0``). The learner plays as the medium bot would (its
discard, its card); a move the coach holds back is made with "Play it anyway". Times are CPU of
this process (``time.process_time``). Each learner click is timed whole (the coach's check, the
page drawn, the computer's moves that follow and the reruns showing each, the review's analysis
done in the computer's pauses), and its first page run on its own (the click's handler with the
coach's check, and the page drawn after the move; from the click to the start of the next run,
which ``setup_page`` marks) as "page run"; the runs that follow show the computer's moves.
Work the coach does off the page run (``cribbage_core.coach.positions.prepare_ahead``, in a worker
thread) is held until the click is timed, waited for before the next click (a learner thinks for
longer) and reported on its own line (its thread's CPU), so it never lands in a click.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "pages")]


def _line(name: str, seconds: list[float]) -> str:
    if not seconds:
        return f"{name:<28} n=0"
    ms = sorted(t * 1000 for t in seconds)

    def at(q: float) -> float:
        return ms[min(len(ms) - 1, int(q * len(ms)))]

    return (
        f"{name:<28} n={len(ms):>4}  p50 {statistics.median(ms):6.1f}  p90 {at(0.9):6.1f}"
        f"  p95 {at(0.95):6.1f}  max {ms[-1]:6.1f} ms CPU"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.db"
    os.environ["CRIBBAGE_BOT_DELAY"] = "0"
    os.environ.setdefault("CRIBBAGE_WARM_UP", "0")

    from test_app_play import click, open_play, session_of, start, step

    from cribbage_core.bots import make_bot
    from tutor.frame import menu

    starts: list[float] = []  # process time at the start of each page run
    setup_page = menu.setup_page

    def marked_setup_page(*a: object, **k: object) -> object:
        starts.append(time.process_time())
        return setup_page(*a, **k)  # type: ignore[arg-type]

    menu.setup_page = marked_setup_page  # type: ignore[assignment]
    from cribbage_core.game import Discard, Phase, Play
    from tutor.play.session import HUMAN

    gate = threading.Event()  # the searches ahead start once the click is timed (not within it)
    gate.set()
    try:
        from cribbage_core.coach import positions
    except ImportError:  # before the searches ahead
        wait = None
    else:
        wait = positions.wait_prepared
        timed_prepare = positions._timed_prepare

        def gated_prepare(*args: object) -> float:  # the view (and what else it is given)
            gate.wait()
            return timed_prepare(*args)  # type: ignore[arg-type]

        positions._timed_prepare = gated_prepare  # type: ignore[assignment]
    times: dict[str, list[float]] = {"discard": [], "play": [], "anyway": [], "other": []}
    first_run: dict[str, list[float]] = {"discard": [], "play": []}
    later_runs: list[float] = []
    prepared: list[float] = []
    for g in range(args.games):
        at = open_play()
        start(at, seed=args.seed + g)
        at.toggle(key="play_coach_on").set_value(True).run()
        assert not at.exception, at.exception
        learner = make_bot("medium", args.seed + g)
        for _ in range(600):
            session = session_of(at)
            state = session.state
            if state.phase is Phase.GAME_OVER:
                break
            if wait is not None:
                prepared.extend(wait())
            kind = "other"
            gate.clear()
            began = time.process_time()
            if state.phase in (Phase.DISCARD, Phase.PLAY) and state.to_act in (HUMAN, None):
                action = learner.act(state.view(HUMAN))
                began = time.process_time()  # the learner's thinking is not the server's
                if isinstance(action, Discard):
                    kind = "discard"
                    for card in action.cards:
                        click(at, f"play_pick_{card}")
                    began = time.process_time()  # the picks are cheap runs of their own
                    click(at, "play_confirm_discard")
                elif isinstance(action, Play):
                    kind = "play"
                    click(at, f"play_lay_{action.card}")
                else:
                    step(at)
            else:
                step(at)
            ended = time.process_time()
            gate.set()
            times[kind].append(ended - began)
            if kind in first_run:
                marks = [began, *[t for t in starts if t >= began][1:], ended]
                first_run[kind].append(marks[1] - marks[0])
                later_runs.extend(b - a for a, b in pairwise(marks[1:]))
            starts.clear()
            if "play_coach_anyway" in {b.key for b in at.button}:
                if wait is not None:
                    prepared.extend(wait())
                gate.clear()
                began = time.process_time()
                click(at, "play_coach_anyway")
                times["anyway"].append(time.process_time() - began)
                gate.set()
        else:
            raise AssertionError("the game did not end")
    if wait is not None:
        prepared.extend(wait())
    print(_line("page run of a coached move", first_run["discard"] + first_run["play"]))
    print(_line("  of a discard", first_run["discard"]))
    print(_line("  of a card laid", first_run["play"]))
    print(_line("each run after it", later_runs))
    print("whole clicks (every run they cause):")
    print(_line("coached move (discard+play)", times["discard"] + times["play"]))
    for kind, found in times.items():
        print(_line(kind, found))
    if wait is not None:
        print(_line("prepared off the page run", prepared))
    return 0


if __name__ == "__main__":
    sys.exit(main())
