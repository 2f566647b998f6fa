"""Does reading the opponent's discard pick better cards? The decisions where it changes the card.

Usage: ``nice -n 15 python validation/bench_inference.py hard --games 40 [--minutes 20] [--jobs 2]``

Plays two-player games to 121 of the expert reading the plays alone (``expert-plays-only``,
seat 0) against a bot (seat 1). At each of its turns in the play with a real choice and
outside the win view, it asks which card the expert would lay with the discard's evidence (the
default) and without (``discard_evidence=False``). Where the two differ, it plays the rest of
the play out from the true position twice, once with each card (then ``expert-plays-only``
for seat 0, the bot for seat 1, both with the cards really dealt), and records the points for
minus against over the rest of the play. The mean difference (with the discard's evidence
minus without) and its standard error say whether the evidence helps against that bot, with
the whole game's noise taken out; the tournament (``expert expert-plays-only``) is the test
of whole games. Games are not changed by the measurement (seat 0 reads the plays alone), so
the figure is per disagreement; the report gives how often they disagree.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.bots import BOT_NAMES, make_bot
from cribbage_core.cards import Card
from cribbage_core.coach.peg_value import peg_values
from cribbage_core.game import GameConfig, GameState, Phase, Play, new_game
from cribbage_core.tables.winprob import ends_this_deal


def _play_out(state: GameState, seat: int, card: Card, other: str, g: int) -> int:
    """Lay ``card`` and play the rest of the play with the true hands: points for minus against."""
    bots = {seat: make_bot("expert-plays-only"), 1 - seat: make_bot(other, 5 * g + 1)}
    before = len(state.log)
    s = state.apply(Play(seat, card))
    while s.phase is Phase.PLAY:
        actor = s.seat_to_act()
        s = s.apply(bots[actor].act(s.view(actor)))
    events = [e for e in s.log[before:] if e.phase == "play"]
    return sum(e.points if e.side == seat else -e.points for e in events)


def _games(args: tuple[str, int, int, int]) -> tuple[int, list[int]]:
    other, seed, start, stop = args
    decisions = 0
    diffs: list[int] = []
    for g in range(start, stop):
        rng = random.Random(f"bench-inference/{seed}/{g}")
        bots = [make_bot("expert-plays-only"), make_bot(other, 5 * g + 1)]
        state = new_game(rng, GameConfig())
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.DEAL:
                state = state.deal(rng)
                continue
            seat = state.seat_to_act()
            assert seat is not None
            view = state.view(seat)
            if seat == 0 and state.phase is Phase.PLAY:
                ranks = {a.card.rank for a in view.legal if isinstance(a, Play)}
                dealer = view.dealer == seat
                quiet = not ends_this_deal(
                    view.scores[0], view.scores[1], dealer, view.config.target
                )
                if len(ranks) > 1 and quiet:
                    decisions += 1
                    plain = peg_values(view, discard_evidence=False).best.card
                    read = peg_values(view).best.card
                    if plain.rank is not read.rank:
                        diffs.append(
                            _play_out(state, seat, read, other, g)
                            - _play_out(state, seat, plain, other, g)
                        )
            state = state.apply(bots[seat].act(view))
    return decisions, diffs


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("other", choices=BOT_NAMES)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None)
    args = parser.parse_args()
    began = time.time()
    tasks = [(args.other, args.seed, s, min(s + 2, args.games)) for s in range(0, args.games, 2)]
    games = decisions = 0
    diffs: list[int] = []
    with multiprocessing.get_context("fork").Pool(
        args.jobs
    ) as pool:  # leaving it stops the workers
        for task, (n, found) in zip(tasks, pool.imap(_games, tasks)):
            games += task[3] - task[2]
            decisions += n
            diffs.extend(found)
            if args.minutes is not None and time.time() - began >= 60 * args.minutes:
                break
    print(
        f"expert vs {args.other}: {games} games, {decisions} play decisions with a choice outside the win view"
    )
    print(
        f"  the discard's evidence changed the card in {len(diffs)} ({100 * len(diffs) / max(decisions, 1):.1f}%)"
    )
    if len(diffs) > 1:
        mean = statistics.fmean(diffs)
        se = statistics.stdev(diffs) / math.sqrt(len(diffs))
        better = sum(d > 0 for d in diffs)
        worse = sum(d < 0 for d in diffs)
        print(
            f"  over the rest of the play, with the evidence minus without: {mean:+.3f} points a disagreement"
            f" (SE {se:.3f}, 95% CI {mean - 1.96 * se:+.3f} to {mean + 1.96 * se:+.3f}); better {better},"
            f" worse {worse}, equal {len(diffs) - better - worse}"
        )
    print(f"  {time.time() - began:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
