"""Server time per action on the Play page, and the hard bot's time per move.

    python benchmarks/bench_play.py [--games 2] [--bot-games 20]

Targets: the page's median server time per learner action under 100 ms, not counting the
computer's thinking; the hard bot's move under 1 s.

1. Page: whole seeded games (to 121, the hard bot, the app counting) played through the
   page's widgets with AppTest, the games saved in a throwaway SQLite file. Each learner click
   is timed (the script run it causes, plus the reruns that show each of the computer's moves
   one at a time, with no pause); the bots' thinking (timed inside the session) is taken off.
   Reported per click and per script run; and the process's CPU time per click (the bots'
   thinking included), which a loaded machine inflates much less than the wall clock.
2. Bot: the hard bot's ``act`` timed on every decision of self-play games (discards, plays,
   counts), 2 players.
3. The review's analysis kept with the game (``tutor.review.keep``), timed inside the page
   runs of part 1 (CPU time of the page's thread): the learner's decisions of the hand handed
   to the review's worker in the pause before each of the computer's moves, and at the end of
   each hand (the analysis itself is made off the page run, by that worker; at the game's end
   the page waits for it, which costs no CPU).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "pages")]


def page_times(games: int) -> tuple[list[float], list[float], list[float]]:
    from test_app_play import open_play, session_of, start, step  # the AppTest driver

    from cribbage_core.game import Phase
    from tutor.play.session import MoveKind

    per_click: list[float] = []
    per_run: list[float] = []
    cpu_per_click: list[float] = []
    _time_the_kept_analysis()
    for g in range(games):
        at = open_play()
        start(at, seed=1000 + g, level="hard")
        while session_of(at).phase is not Phase.GAME_OVER:
            before = session_of(at)
            began, began_cpu = time.perf_counter(), time.process_time()
            step(at)
            wall = time.perf_counter() - began
            cpu_per_click.append(time.process_time() - began_cpu)
            after = session_of(at)
            thinking = after.bot_seconds - before.bot_seconds
            bot_plays = sum(
                1
                for m in after.feed[len(before.feed) :]
                if m.seat != 0 and m.kind in (MoveKind.PLAY, MoveKind.GO)
            )
            server = max(0.0, wall - thinking)
            per_click.append(server)
            per_run.append(server / (1 + bot_plays))
    return per_click, per_run, cpu_per_click


KEPT: dict[str, list[float]] = {"pause": [], "end": []}  # the kept analysis's CPU seconds per call


def _time_the_kept_analysis() -> None:
    """Time ``keep.advance`` in the computer's pauses and ``keep.keep_finished`` at a hand's end
    (what each costs the page run: handing the hand over)."""
    from tutor.review import keep

    advance, keep_finished = keep.advance, keep.keep_finished
    ending = [False]

    def timed_advance(session: object) -> object:
        began = time.thread_time()
        made = advance(session)  # type: ignore[arg-type]
        if not ending[0]:  # (keep_finished calls it too: counted there)
            KEPT["pause"].append(time.thread_time() - began)
        return made

    def timed_keep_finished(*args: object, **kwargs: object) -> None:
        ending[0] = True
        began = time.thread_time()
        try:
            keep_finished(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            ending[0] = False
            KEPT["end"].append(time.thread_time() - began)

    keep.advance = timed_advance  # type: ignore[assignment]
    keep.keep_finished = timed_keep_finished  # type: ignore[assignment]


def bot_times(games: int) -> list[float]:
    from cribbage_core.bots import make_bot
    from cribbage_core.game import GameConfig, Phase, new_game

    times: list[float] = []
    for g in range(games):
        rng = random.Random(g)
        state = new_game(rng, GameConfig(players=2))
        bots = [make_bot("hard", seed=g), make_bot("hard", seed=g + 1)]
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.DEAL:
                state = state.deal(rng)
                continue
            seat = state.seat_to_act()
            assert seat is not None
            view = state.view(seat)
            began = time.perf_counter()
            action = bots[seat].act(view)
            times.append(time.perf_counter() - began)
            state = state.apply(action)
    return times


def describe(name: str, seconds: list[float], target_ms: float, use_max: bool = False) -> None:
    ms = sorted(t * 1000 for t in seconds)
    median = statistics.median(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    checked = ms[-1] if use_max else median
    verdict = "OK" if checked < target_ms else "SLOW"
    print(
        f"{name:<34} n={len(ms):>5}  median {median:7.1f} ms  p90 {p90:7.1f} ms  max {ms[-1]:7.1f} ms"
        f"  [{'max' if use_max else 'median'} < {target_ms:g} ms: {verdict}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--bot-games", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.db"
        os.environ["CRIBBAGE_BOT_DELAY"] = "0"
        os.environ.setdefault(
            "CRIBBAGE_WARM_UP", "0"
        )  # no warm-up thread (tutor.frame.warm) beside the timing
        per_click, per_run, cpu_per_click = page_times(args.games)
    describe("page: per learner click", per_click, 100)
    describe("page: CPU per learner click", cpu_per_click, 100)
    describe("page: per script run", per_run, 100)
    describe("review kept: in a computer's pause", KEPT["pause"], 900)  # the pause is 0.9 s
    describe("review kept: at the end of a hand", KEPT["end"], 100)
    describe("hard bot: per move", bot_times(args.bot_games), 1000, use_max=True)


if __name__ == "__main__":
    main()
