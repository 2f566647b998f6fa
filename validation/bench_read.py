"""How often the coach says its read of the opponent: the share of cards whose pegging value
depends on what the opponent has shown beyond the margins (``cribbage_core.coach.read``).

Usage: ``nice -n 15 python validation/bench_read.py [--games 10] [--bank 100]``

Two samples: every card the learner's seat lays with a real choice in whole games to 121 (the
medium bot in seat 0 against hard, the seat a learner has), and every legal card of the first
positions of the Pegging trainer's bank (any kind, any difficulty). For each, the fact's parts
(the best card changes, the card's value moves the margin; the share the value would move at
other margins), what the read says (likely, more often, unlikely, less often), and among the
cards that were not the best (what the review explains) and those coach mode warns of at its
default threshold (1.5 points, 8 points of % near the end). Counts and shares, CPU of the two
searches a position.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.cards import Card
from cribbage_core.coach.peg_value import PegAdvice, peg_values
from cribbage_core.coach.read import (
    READ_MARGIN,
    READ_WIN_MARGIN,
    ReadFact,
    read_fact,
    uniform_values,
)
from cribbage_core.game import Play
from cribbage_core.teaching.peg_trainer import banked_position


def _lost(advice: PegAdvice, card: Card) -> float:
    """The loss on the points scale (near the end the chance to win at the grades' 1.5 : 8% rate)."""
    if advice.win_view:
        return (advice.win_loss(card) or 0.0) / 0.08 * 1.5
    return advice.loss(card)


def _report(title: str, facts: list[tuple[ReadFact, float]]) -> None:
    n = len(facts)
    order = [
        "says the read",
        "  best card changes",
        "  value moves the margin",
        *(f"  (value moves {m} points)" for m in (0.5, 0.75, 1.5)),
        *(f"  read said: {way}" for way in ("likely", "more", "unlikely", "less")),
        "not the best",
        "  not the best, says the read",
        "warned at 1.5",
        "  warned, says the read",
    ]
    tally: collections.Counter[str] = collections.Counter(dict.fromkeys(order, 0))
    for fact, lost in facts:
        tally["says the read"] += fact.matters
        tally["  best card changes"] += fact.best_changes
        tally["  value moves the margin"] += fact.moves
        for m in (0.5, 0.75, 1.5):
            margin = m * READ_WIN_MARGIN / READ_MARGIN if fact.win else m
            tally[f"  (value moves {m} points)"] += abs(fact.moved) >= margin
        hand = fact.hand
        way = (
            "likely"
            if hand.likely
            else "unlikely"
            if hand.unlikely
            else "more"
            if hand.more
            else "less"
        )
        tally[f"  read said: {way}"] += fact.matters
        if lost > 0.005:
            tally["not the best"] += 1
            tally["  not the best, says the read"] += fact.matters
        if lost > 1.5:
            tally["warned at 1.5"] += 1
            tally["  warned, says the read"] += fact.matters
    print(f"{title}: {n} cards")
    for key, count in tally.items():
        print(f"  {key:<32} {count:>5}  {count / n:6.1%}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--bank", type=int, default=100)
    args = parser.parse_args()
    facts: list[tuple[ReadFact, float]] = []
    cpu = [0.0, 0.0]
    for g in range(args.games):
        bots = [make_bot("medium", 2 * g), make_bot("hard", 2 * g + 1)]
        for state, action in play_game_steps(bots, random.Random(f"read-figures/{g}")):
            if not isinstance(action, Play) or action.seat != 0:
                continue
            view = state.view(0)
            began = time.process_time()
            advice = peg_values(view)
            middle = time.process_time()
            fact = read_fact(view, action.card, advice, uniform_values(view))
            cpu[0] += middle - began
            cpu[1] += time.process_time() - middle
            if fact is not None:
                facts.append((fact, _lost(advice, action.card)))
    _report(f"the learner's seat (medium against hard), {args.games} games to 121", facts)
    print(f"  CPU: the searches read {cpu[0]:.1f} s, the uniform ones after them {cpu[1]:.1f} s")
    banked: list[tuple[ReadFact, float]] = []
    for seed in range(args.bank):
        position = banked_position(seed)
        uniform = uniform_values(position.view)
        for option in position.advice.options:
            fact = read_fact(position.view, option.card, position.advice, uniform)
            if fact is not None:
                banked.append((fact, _lost(position.advice, option.card)))
    _report(f"every legal card of the trainer bank's first {args.bank} positions", banked)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
