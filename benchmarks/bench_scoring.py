"""Show-scoring speed, side by side with the pure-Python scorers on PyPI.

Every scorer counts the same seeded random deals (a 4-card hand and a starter)
in this one process, so the figures are hands per second on one core. Each
peer's input is built before its timer starts, as ours is. The script also
checks that every scorer gives the same totals, and times the full
12,994,800-deal enumeration of the fast path.

    python -m pip install -r benchmarks/requirements.txt
    python benchmarks/bench_scoring.py            # 100,000 deals, seed 1
    python benchmarks/bench_scoring.py --deals 20000 --no-peers
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from cribbage_core import Card, full_deck, score_hand, totals as total_only

Deal = tuple[tuple[Card, ...], Card]


def random_deals(n: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deck = list(full_deck())
    deals = []
    for _ in range(n):
        five = rng.sample(deck, 5)
        deals.append((tuple(five[:4]), five[4]))
    return deals


def best_time(run: Callable[[], list[int]], repeat: int) -> tuple[float, list[int]]:
    """The fastest of ``repeat`` runs, and the totals it returned."""
    best, totals = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        totals = run()
        best = min(best, time.perf_counter() - start)
    return best, totals


# ---------------------------------------------------------------- the peers


def cribbage_scorer_runner(deals: Sequence[Deal], crib: bool) -> Callable[[], list[int]] | None:
    """cribbage-scorer 0.2.5: show_calc_score(starter, hand, crib) with (rank 1-13, "H") cards."""
    try:
        from cribbage_scorer import cribbage_scorer as cs
    except ImportError:
        return None

    def card(c: Card) -> tuple[int, str]:
        return (int(c.rank), c.suit.name[0])

    inputs = [(card(s), [card(c) for c in h]) for h, s in deals]
    show = cs.show_calc_score
    return lambda: [show(s, h, crib=crib)[0] for s, h in inputs]


def pycribbage_runner(deals: Sequence[Deal], crib: bool) -> Callable[[], list[int]] | None:
    """pycribbage 1.0.0: ScoreTheShow(Hand with the starter last, is_crib).score."""
    try:
        from pycribbage.deck_tools import Card as PCard, Hand
        from pycribbage.scorer import ScoreTheShow
    except ImportError:
        return None
    suits = {"C": 0, "D": 1, "H": 2, "S": 3}

    def hand(deal: Deal) -> Any:
        h = Hand()
        h.cards = [PCard(suits[c.suit.name[0]], int(c.rank)) for c in (*deal[0], deal[1])]
        return h

    inputs = [hand(d) for d in deals]
    return lambda: [ScoreTheShow(h, is_crib=crib).score for h in inputs]


# ---------------------------------------------------------------- ours


def ours(deals: Sequence[Deal], crib: bool) -> dict[str, Callable[[], list[int]]]:
    hands = np.array([[c.index for c in h] for h, _ in deals], dtype=np.int8)
    starters = np.array([s.index for _, s in deals], dtype=np.int8)
    total = total_only.hand_total

    def batch_from_cards() -> list[int]:
        h = np.array([[c.index for c in hand] for hand, _ in deals], dtype=np.int8)
        s = np.array([st.index for _, st in deals], dtype=np.int8)
        return total_only.hand_totals(h, s, crib).tolist()

    return {
        "score_hand (itemised)": lambda: [score_hand(h, s, crib).total for h, s in deals],
        "totals.hand_total (scalar)": lambda: [total(h, s, crib) for h, s in deals],
        "totals.hand_totals (batch)": lambda: total_only.hand_totals(
            hands, starters, crib
        ).tolist(),
        "  batch, from Card objects": batch_from_cards,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000, help="random deals (100000)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals (1)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (3)")
    parser.add_argument("--crib", action="store_true", help="score as cribs")
    parser.add_argument("--no-peers", action="store_true", help="skip the PyPI scorers")
    parser.add_argument("--no-enumeration", action="store_true", help="skip the 13M deals")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    total_only.rank_points_table()
    print(f"fast-path table built on first use in {time.perf_counter() - start:.3f} s")

    deals = random_deals(args.deals, args.seed)
    print(
        f"{len(deals):,} random deals, seed {args.seed}, crib={args.crib}, best of "
        f"{args.repeat}, one process (= one core)\n"
    )

    # the peers take seconds: one run each; ours take milliseconds: best of --repeat
    runners: list[tuple[str, Callable[[], list[int]] | None, int]] = []
    if not args.no_peers:
        runners.append(("cribbage-scorer 0.2.5", cribbage_scorer_runner(deals, args.crib), 1))
        runners.append(("pycribbage 1.0.0", pycribbage_runner(deals, args.crib), 1))
    runners += [(name, run, args.repeat) for name, run in ours(deals, args.crib).items()]

    reference = [score_hand(h, s, args.crib).total for h, s in deals]
    results: dict[str, float] = {}
    print(f"{'scorer':28} {'seconds':>9} {'hands/s':>12} {'vs cribbage-scorer':>19}  agrees")
    for name, run, repeat in runners:
        if run is None:
            print(f"{name:28} not installed (pip install -r benchmarks/requirements.txt)")
            continue
        seconds, totals = best_time(run, repeat)
        results[name] = len(deals) / seconds
        base = results.get("cribbage-scorer 0.2.5")
        ratio = f"{results[name] / base:18.1f}x" if base else f"{'-':>19}"
        wrong = sum(a != b for a, b in zip(totals, reference, strict=True))
        agrees = "yes" if not wrong else f"{wrong} deals differ from score_hand"
        print(f"{name:28} {seconds:9.3f} {results[name]:12,.0f} {ratio}  {agrees}")

    if not args.no_enumeration:
        print()
        for crib in (False, True):
            start = time.perf_counter()
            counts = total_only.score_distribution(is_crib=crib)
            seconds = time.perf_counter() - start
            mean = float((counts * np.arange(len(counts))).sum() / counts.sum())
            print(
                f"all {int(counts.sum()):,} deals ({'crib' if crib else 'hand'} rules): "
                f"{seconds:.2f} s, mean {mean:.4f}, zero {counts[0]:,}, "
                f"28: {counts[28]}, 29: {counts[29]}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
