"""Command line: count a hand, value the cards of a position in the play, review a saved game.

::

    python -m cribbage_core score 5H 5S 5C JD 5D [--crib]
    python -m cribbage_core peg 5H 9C 4D 4S --pile "KS 3D" --starter KD --dealer --scores 100 110
    python -m cribbage_core review saved_game.json [--json] [--all] [--seat 0]

``score`` prints the itemised count of a hand (four cards then the starter). ``peg`` prints each
card this seat can lay with its points now, its expected points for minus against over the rest
of the play and, when a side can reach the target this deal, its chance to win (two players;
``cribbage_core.coach.peg_value``). ``review`` reads a game saved by the Play page (or a bare
``GameRecord`` as JSON) and prints every decision with a real choice, its grade and what it
lost (``cribbage_core.coach.game_review``); ``--json`` prints the whole review as JSON. Bad input prints
a one-line error naming the problem and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cribbage_core.cards import parse_cards
from cribbage_core.coach.game_review import analyse_record
from cribbage_core.coach.peg_value import PegAdvice, values_for
from cribbage_core.errors import CribbageError, InvalidSavedGame
from cribbage_core.record import GameRecord
from cribbage_core.scoring import score_hand

#: The Play page's save version this reads (it holds the game as a ``GameRecord``).
_PLAY_SAVE_VERSION = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m cribbage_core",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser("score", help="count a hand: four cards then the starter")
    score.add_argument("cards", nargs="+", help="e.g. 5H 5S 5C JD 5D (10/T, any case, ♠♥♦♣)")
    score.add_argument("--crib", action="store_true", help="count as a crib (5-card flush only)")

    peg = commands.add_parser("peg", help="value each card of a two-player position in the play")
    peg.add_argument("hand", nargs="+", help="the cards this seat still holds, e.g. 5H 9C 4D 4S")
    peg.add_argument(
        "--pile", default="", help='the current series in order, the last the opponent\'s: "KS 3D"'
    )
    peg.add_argument("--starter", default="", help="the starter (default: an unseen card)")
    peg.add_argument("--discards", default="", help='this seat\'s two cards in the crib: "QH JS"')
    role = peg.add_mutually_exclusive_group()
    role.add_argument("--dealer", action="store_true", help="this seat deals")
    role.add_argument("--pone", action="store_true", help="this seat is the pone (the default)")
    peg.add_argument("--scores", nargs=2, type=int, default=(0, 0), metavar=("MINE", "THEIRS"))
    peg.add_argument("--target", type=int, default=121, choices=(121, 61))
    peg.add_argument(
        "--opponent-cards", type=int, default=None, help="cards the opponent still holds"
    )

    review = commands.add_parser("review", help="review a saved game (JSON): every decision graded")
    review.add_argument("file", help="a game saved by the Play page, or a GameRecord as JSON")
    review.add_argument("--json", action="store_true", help="print the whole review as JSON")
    review.add_argument("--all", action="store_true", help="every decision, forced ones too")
    review.add_argument("--seat", type=int, action="append", help="only this seat (repeatable)")
    args = parser.parse_args(argv)

    try:
        if args.command == "score":
            return _score(args.cards, args.crib)
        if args.command == "peg":
            return _peg(args)
        return _review(args)
    except CribbageError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


def _score(tokens: Sequence[str], crib: bool) -> int:
    cards = parse_cards(" ".join(tokens))
    if len(cards) != 5:
        raise CribbageError(f"give 5 cards (4 for the hand, then the starter), got {len(cards)}")
    result = score_hand(cards[:4], cards[4], is_crib=crib)
    what = "crib" if crib else "hand"
    print(f"{what}: {' '.join(c.label for c in result.hand)}   starter: {result.starter.label}")
    for item in result.items:
        print(f"  {item.kind:<8} {' '.join(c.label for c in item.cards):<20} {item.points:>2}")
    print(f"  total {result.total}: {result.said_aloud}")
    return 0


def _peg(args: argparse.Namespace) -> int:
    mine, theirs = args.scores
    for who, value in (("your score", mine), ("the opponent's score", theirs)):
        if not 0 <= value < args.target:
            raise CribbageError(
                f"{who} must be 0-{args.target - 1} in a game to {args.target}, got {value}"
            )
    if args.opponent_cards is not None and not 0 <= args.opponent_cards <= 4:
        raise CribbageError(f"the opponent holds 0-4 cards, got {args.opponent_cards}")
    advice = values_for(
        " ".join(args.hand),
        args.pile,
        args.starter,
        args.discards,
        dealer=args.dealer,
        opponent_cards=args.opponent_cards,
        scores=(mine, theirs),
        target=args.target,
    )
    print(_peg_text(advice, args))
    return 0


def _peg_text(advice: PegAdvice, args: argparse.Namespace) -> str:
    role = "dealer" if args.dealer else "pone"
    count = sum(c.value for c in parse_cards(args.pile)) if args.pile.strip() else 0
    title = (
        f"{role}, count {count}, scores {args.scores[0]}-{args.scores[1]} (to {args.target});"
        f" {advice.hands} opponent hands weighed"
    )
    lines = [title]
    header = "  card  now  points over the play"
    if advice.win_view:
        header += "  chance to win"
    lines.append(header)
    for option in advice.options:
        line = f"  {option.card!s:<4} {option.now:>4}  {option.points:+20.2f}"
        if option.win is not None:
            line += f"  {100 * option.win:12.1f}%"
        lines.append(line)
    lines.append(f"best: {advice.best.card}")
    return "\n".join(lines)


def _review(args: argparse.Namespace) -> int:
    path = Path(args.file)
    record = read_saved_game(path)
    try:
        review = analyse_record(record)
    except InvalidSavedGame as err:  # a step that breaks a rule
        raise InvalidSavedGame(
            f"{path}: {err}", problem=err.problem, where=err.where, step=err.step
        ) from err
    if args.seat:
        for seat in args.seat:
            if not 0 <= seat < review.players:
                raise CribbageError(
                    f"--seat must be 0-{review.players - 1} in a {review.players}-player game, got {seat}"
                )
    if args.json:
        data = review.to_dict()
        if args.seat:
            data["decisions"] = [d for d in data["decisions"] if d["seat"] in args.seat]
        print(json.dumps(data, indent=1))
    else:
        print(review.text(args.seat, everything=args.all))
    return 0


def read_saved_game(path: Path) -> GameRecord:
    """The game in a file: a Play page save (``{"version": 2, "game": {...}, ...}``) or a bare ``GameRecord``.

    Raises ``CribbageError`` naming the problem: a missing or unreadable file, text that is not
    JSON, a save of another version, a field that is wrong (``InvalidSavedGame``). The steps are
    checked against the rules when the game is replayed (:func:`~cribbage_core.coach.game_review.played_line`).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CribbageError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as err:
        raise CribbageError(f"{path}: cannot be read ({err})") from None
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as err:
        raise CribbageError(f"{path}: not JSON ({err})") from None
    if isinstance(data, dict) and "version" in data:
        if data["version"] != _PLAY_SAVE_VERSION:
            raise InvalidSavedGame(
                f"{path}: a Play page save of version {str(data['version'])[:20]!r}; this reads version"
                f" {_PLAY_SAVE_VERSION} (a game saved as moves: open an older one on the Play page once)",
                problem="version",
                where="version",
            )
        if "game" not in data:
            raise InvalidSavedGame(
                f"{path}: a Play page save without its game (no field 'game')", where="game"
            )
        data = data["game"]
    try:
        return GameRecord.from_dict(data)
    except InvalidSavedGame as err:
        raise InvalidSavedGame(f"{path}: {err}", problem=err.problem, where=err.where) from err


if __name__ == "__main__":
    sys.exit(main())
