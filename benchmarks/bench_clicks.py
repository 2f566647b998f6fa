"""Clicks a learner makes in a game on the Play page, counted over seeded games.

    python benchmarks/bench_clicks.py [--games 40] [--target 61] [--level easy] [--step]

Plays each game through :class:`tutor.play.session.PlaySession` (the Play page's game, no
browser) as the page asks a learner to: one click to deal the game; per hand, one click per
card laid away and one to confirm, one per card laid, and one to deal the next hand; in the
show none when the app counts (``--step``: one per count, the step-by-step setting). A move
the page makes by itself (:meth:`PlaySession.moves_on_alone`: the computer's moves, the show
when the app counts, the learner's forced card or go) costs no click. The learner lays away the
advisor's best discard and lays their first card that fits. It prints the median and range
of clicks per game and per hand, and how many of the learner's moves in the play the page made.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cribbage_core.game import Count, Discard, Phase
from tutor.play.session import HUMAN, PlaySession, PlaySettings


def clicks_in_a_game(seed: int, settings: PlaySettings) -> tuple[int, int, int]:
    """(clicks, hands, moves made for the learner) of one seeded game."""
    session = PlaySession.start(settings, seed)
    clicks, made_for_learner = 1, 0  # the settings form's Deal
    while session.phase is not Phase.GAME_OVER:
        state = session.state
        if session.moves_on_alone():
            made_for_learner += (
                state.phase is Phase.PLAY and state.to_act == HUMAN
            )  # a forced card or go
            session = session.move_on()
        elif state.phase is Phase.DEAL:
            clicks += 1
            session = session.deal_next()
        elif state.phase is Phase.DISCARD:
            best = session.advice().best.discard
            clicks += len(best) + 1  # each card, then "Lay away"
            session = session.act(Discard(HUMAN, best))
        elif state.phase is Phase.SHOW:
            clicks += 1  # step by step: each count waits for a click
            session = session.act(Count(HUMAN)) if state.to_act == HUMAN else session.next_count()
        else:
            clicks += 1
            session = session.act(state.legal_for(HUMAN)[0])
    return clicks, session.state.hand_no, made_for_learner


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--target", type=int, default=61, choices=(61, 121))
    parser.add_argument("--level", default="easy")
    parser.add_argument(
        "--step", action="store_true", help="the show step by step (a click per count)"
    )
    args = parser.parse_args()
    settings = PlaySettings(level=args.level, target=args.target, step_show=args.step)
    games = [clicks_in_a_game(seed, settings) for seed in range(1, args.games + 1)]
    clicks = [c for c, _, _ in games]
    per_hand = [c / h for c, h, _ in games]
    made = [m for _, _, m in games]
    print(
        f"{args.games} games to {args.target} against {args.level}"
        f"{' (show step by step)' if args.step else ''}:"
    )
    print(
        f"  clicks per game: median {statistics.median(clicks):.0f} (range {min(clicks)}-{max(clicks)})"
    )
    print(f"  clicks per hand: median {statistics.median(per_hand):.1f}")
    print(
        f"  moves in the play made for the learner (forced cards and goes) per game: median {statistics.median(made):.0f}"
    )


if __name__ == "__main__":
    main()
