"""Server CPU of each Check and Next in the review's "Learn from your mistakes" round.

Usage: ``python benchmarks/bench_learn_round.py [--games 3]``

Games to 121 (the learner's seat by the easy bot, which errs, against easy) saved for a learner
with each hand's analysis kept, as the Play page keeps it. Each game's review is
opened with AppTest (not timed), the round chosen, and every mistake and blunder answered: first a
wrong choice where there is one (a Check that says "one more try"), then the best (a Check that
says yes), then Next. Each click is timed in CPU of this process (``time.process_time``, the
warm-up off): AppTest runs the whole page on every click (and the rerun a click asks for).

Where the round is an ``st.fragment`` (``tutor.review.mistakes._round``), a server reruns only
it on a Check or Next: that run's own work (the click's callback and the round drawn, CPU of the
script's thread, ``time.thread_time``) is timed too, as "round alone". It leaves out Streamlit's
own cost of a run (receiving the widgets' values, sending the deltas).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]


def _line(name: str, seconds: list[float]) -> str:
    ms = sorted(t * 1000 for t in seconds)
    if not ms:
        return f"{name:<22} n=0"

    def at(q: float) -> float:
        return ms[min(len(ms) - 1, int(q * len(ms)))]

    return (
        f"{name:<22} n={len(ms):>4}  p50 {statistics.median(ms):6.1f}  p90 {at(0.9):6.1f}"
        f"  p95 {at(0.95):6.1f}  max {ms[-1]:6.1f} ms CPU"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    url = f"sqlite:///{folder}/bench.db"
    os.environ["DATABASE_URL"] = url
    os.environ["CRIBBAGE_BOT_DELAY"] = "0"
    os.environ["CRIBBAGE_WARM_UP"] = "0"

    from apptools import bot_played_game, save_for_server
    from bench_pages import new_app
    from bench_review_page import PAGE

    from cribbage_core.coach.grades import Grade
    from tutor import store
    from tutor.review.game import review_game
    from tutor.review.mistakes import check_answer, costly_decisions
    from tutor.review.reasons import option_cards

    times: dict[str, list[float]] = {"check (wrong)": [], "check (right)": [], "next": []}
    alone: list[float] = []  # the callback and the round drawn, in this click
    spent = [0.0]

    def thread_timed(function: Any) -> Any:
        def timed_call(*a: object, **k: object) -> object:
            began = time.thread_time()
            try:
                return function(*a, **k)
            finally:
                spent[0] += time.thread_time() - began

        return timed_call

    from tutor.review import mistakes

    fragment = hasattr(mistakes, "_round")
    if fragment:
        for name in ("_round", "_check", "_next"):
            setattr(mistakes, name, thread_timed(getattr(mistakes, name)))

    def timed(kind: str, at: object, click: object) -> None:
        began = time.process_time()
        spent[0] = 0.0
        click.click()  # type: ignore[attr-defined]
        at.run()  # type: ignore[attr-defined]
        times[kind].append(time.process_time() - began)
        alone.append(spent[0])
        assert not at.exception, at.exception  # type: ignore[attr-defined]

    for g in range(args.games):
        session = bot_played_game(target=121, seed=700 + g, learner=("easy", 700 + g))
        save_for_server(url, session, "Bench")
        game_id = session.game_id
        analysed = review_game(session.to_dict(), session.moves)
        engine = store.make_engine(url)
        rows = [
            store.KeptHand(h.hand_no, h.seat, h.version, h.key, h.to_dict()) for h in analysed.fresh
        ]
        assert store.keep_hand_reviews(engine, game_id, rows, "Bench")
        engine.dispose()
        costly = costly_decisions(analysed)
        at = new_app(str(ROOT / "app.py"))
        at.switch_page(PAGE)
        at.query_params["game"] = game_id
        at.query_params["learner"] = "Bench"
        at.run()
        at.segmented_control(key="review_mode").set_value("learn").run()
        assert not at.exception, at.exception
        for d in costly:
            chose = frozenset(option_cards(d.choice))
            wrong = [
                o
                for o in d.options[1:]
                if frozenset(option_cards(o)) != chose
                and check_answer(d, frozenset(option_cards(o))) not in (Grade.BEST, Grade.GOOD)
            ]
            for kind, option in (("check (wrong)", wrong[:1]), ("check (right)", [d.options[0]])):
                if not option:
                    continue
                cards = option_cards(option[0])
                at.pills[0].set_value(list(cards) if len(cards) > 1 else cards[0])
                timed(kind, at, next(b for b in at.button if b.label == "Check"))
            timed("next", at, next(b for b in at.button if b.label == "Next"))
    print("whole page runs (as AppTest runs a click):")
    print(_line("check and next", [t for found in times.values() for t in found]))
    for kind, found in times.items():
        print(_line(kind, found))
    if fragment:
        print(_line("round alone (a server)", alone))
    return 0


if __name__ == "__main__":
    sys.exit(main())
