"""The grades' calibration: the hard bot's mistakes a game, and the play losses checked by replay.

Usage: ``nice -n 10 python validation/bench_grades.py --games 300 --jobs 2`` (about 2 s of CPU a game)

Hard against hard, games to 121 (``Random(f"calib/{g}")``, the bots seeded ``5g`` and
``5g + 1``), seat 0 reviewed by :func:`cribbage_core.coach.game_review.analyse_game`. Prints:

- the mistakes (or worse) a game the hard bot would get with each mistake limit, in points
  (plays and discards, the noise rule applied) and in chance to win (the win view);
- the replay check: every real play choice out of the win view is played on for each legal
  card to the end of the play against the opponent's true hand (the seat then played by the
  expert, the opponent by the hard bot): the loss the values said against the loss in the
  replays, for every option and for the hard bot's choices. The true hand is a fair draw of
  what the seat could not see, so the mean replay loss estimates the real loss against this
  opponent.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import Bot, make_bot
from cribbage_core.bots.expert import ExpertBot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.cards import Card
from cribbage_core.coach.game_review import analyse_game
from cribbage_core.coach.grades import NOISE_Z
from cribbage_core.game import GameState, Phase, Play

Row = tuple[str, bool, float, float | None, float, bool, list[tuple[float, float, bool]]]


def replay(state: GameState, seat: int, card: Card, opponent: Bot) -> int:
    """The seat's points minus the opponent's from laying ``card`` to the end of the play."""
    me = ExpertBot()
    before = state.scores
    state = state.apply(Play(seat, card))
    while state.phase is Phase.PLAY:
        who = state.seat_to_act()
        state = state.apply((me if who == seat else opponent).act(state.view(who)))
    return (state.scores[seat] - before[seat]) - (state.scores[1 - seat] - before[1 - seat])


def _game(g: int) -> list[Row]:
    steps = play_game_steps(
        [make_bot("hard", 5 * g), make_bot("hard", 5 * g + 1)], random.Random(f"calib/{g}")
    )
    rows: list[Row] = []
    for d in analyse_game(steps, seats=[0]).of_seat(0):
        if d.kind == "count" or not d.real_choice:
            continue
        pairs: list[tuple[float, float, bool]] = []
        if d.kind == "play" and not d.win_view:
            state = steps[d.step - 1][0]
            cards = {str(c): c for c in state.view(0).hand}
            opponent = make_bot("hard", 5 * g + 1)
            outcomes = [replay(state, 0, cards[o.label], opponent) for o in d.options]
            best = d.options[0].points
            pairs = [
                (best - o.points, outcomes[0] - outcomes[i], i == d.chosen)
                for i, o in enumerate(d.options)
                if i
            ]
        rows.append((d.kind, d.win_view, d.points_lost, d.win_lost, d.se, d.grade.is_error, pairs))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rows: list[Row] = []
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for part in pool.imap_unordered(_game, range(args.games)):
            rows.extend(part)
    n = args.games
    print(
        f"{n} games, {len(rows) / n:.1f} real choices a game; graded mistakes or worse now: "
        f"{sum(r[5] for r in rows) / n:.3f} a game"
    )
    for limit in (0.8, 1.0, 1.25, 1.5, 2.0, 3.0):
        over = [
            r
            for r in rows
            if not r[1] and r[2] >= limit and not (r[4] > 0 and r[2] <= NOISE_Z * r[4])
        ]
        plays = sum(r[0] == "play" for r in over)
        print(
            f"  points limit {limit:4}: plays {plays / n:.3f}, discards {(len(over) - plays) / n:.3f} a game"
        )
    for limit in (0.04, 0.06, 0.08, 0.10, 0.16):
        over = [r for r in rows if r[1] and (r[3] or 0.0) >= limit]
        print(f"  win limit {100 * limit:3.0f} points of %: {len(over) / n:.3f} a game")
    pairs = [p for r in rows for p in r[6]]
    print("replays (points, the play): options | n | loss said | loss replayed (SE)")
    for who, lo, hi in (
        ("every", 0.8, 99),
        ("hard's", 0.3, 0.8),
        ("hard's", 0.8, 99),
        ("hard's", 1.5, 99),
    ):
        chosen = [
            (said, real)
            for said, real, mine in pairs
            if lo <= said < hi and (mine or who == "every")
        ]
        if len(chosen) < 2:
            continue
        real = [r for _, r in chosen]
        se = statistics.stdev(real) / math.sqrt(len(real))
        print(
            f"  {who} option, said {lo}-{hi}: {len(chosen)} | {statistics.fmean(s for s, _ in chosen):.2f}"
            f" | {statistics.fmean(real):.2f} ({se:.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
