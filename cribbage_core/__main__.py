"""Command line: ``python -m cribbage_core score 5H 5S 5C JD 5D [--crib]``.

Prints the itemised count of a hand (four cards then the starter). A bad card
prints a one-line error and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .cards import parse_cards
from .errors import CribbageError
from .scoring import score_hand


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m cribbage_core", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="count a hand: four cards then the starter")
    score.add_argument("cards", nargs="+", help="e.g. 5H 5S 5C JD 5D (10/T, any case, ♠♥♦♣)")
    score.add_argument("--crib", action="store_true", help="count as a crib (5-card flush only)")
    args = parser.parse_args(argv)

    try:
        cards = parse_cards(" ".join(args.cards))
        if len(cards) != 5:
            raise CribbageError(
                f"give 5 cards (4 for the hand, then the starter), got {len(cards)}"
            )
        result = score_hand(cards[:4], cards[4], is_crib=args.crib)
    except CribbageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    what = "crib" if args.crib else "hand"
    print(f"{what}: {' '.join(c.label for c in result.hand)}   starter: {result.starter.label}")
    for item in result.items:
        print(f"  {item.kind:<8} {' '.join(c.label for c in item.cards):<20} {item.points:>2}")
    print(f"  total {result.total}: {result.said_aloud}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
