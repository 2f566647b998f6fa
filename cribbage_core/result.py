"""The end of a game: who won, by how much, and skunk / double skunk / lurch.

RULES.md gives a default and an option; :class:`SkunkRule` selects one.

``SkunkRule.SKUNK`` (default, the first source): a skunk is a win by more than
30 points, a double skunk by more than 60; they count 2 and 3 games. The
source states the lines for 121 (loser under 91 / under 61). For a 61-point
game we keep the source's own definition, "more than 30": the loser is
skunked under 31 and there is no double skunk (a win by more than 60 would
need the loser on 0, and 61-point players do not call that a double skunk).
So the lines are ``target - 30`` for a skunk, and ``target - 60`` for a double
skunk at 121 only.

``SkunkRule.LURCH`` (option, the second source): the loser is lurched if
under half the target (under 61 at 121, under 31 at 61): 2 games.

``SkunkRule.THREE_QUARTERS`` (the "some play" variant of the second source):
a skunk if the loser is under 3/4 of the target (under 91 at 121, under 46 at
61): 2 games; a double skunk if under half (under 61 / under 31): 4 games.

``SkunkRule.NONE``: every win is one game.

A plain win is 1 game. With three players each loser is judged on their own
score (:attr:`GameResult.losses`); :attr:`GameResult.kind`,
:attr:`GameResult.game_points` and :attr:`GameResult.margin` are those against
the runner-up.

>>> judge((121, 85), 121).kind, judge((121, 85), 121).game_points
(<ResultKind.SKUNK: 'skunk'>, 2)
>>> judge((59, 61), 61).kind == "win", judge((29, 61), 61).kind == ResultKind.SKUNK
(True, True)
>>> judge((121, 60), 121, SkunkRule.LURCH).kind
<ResultKind.LURCH: 'lurch'>
>>> r = judge((121, 60), 121, SkunkRule.THREE_QUARTERS)
>>> str(r.kind), r.game_points, r.margin
('double skunk', 4, 61)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from cribbage_core.errors import InvalidGameConfig
from cribbage_core.kinds import ResultKind

__all__ = ["SkunkRule", "GameResult", "ResultKind", "judge", "skunk_lines"]

#: A loss line: ``(loser_below, kind, game_points)``; also a loss: ``(side, kind, game_points)``.
_Line = tuple[int, ResultKind, int]


class SkunkRule(enum.Enum):
    """Which convention marks a heavy loss (see the module docstring)."""

    SKUNK = "skunk"
    LURCH = "lurch"
    THREE_QUARTERS = "three quarters"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of a finished game.

    ``scores`` are per side; ``margin`` is the winner's lead over the runner-up;
    ``kind`` is a :class:`~cribbage_core.kinds.ResultKind` (win, skunk, double skunk, lurch) and
    ``game_points`` what it is worth (against the runner-up); ``losses`` has
    ``(side, kind, game_points)`` for every losing side.
    """

    winner_side: int
    scores: tuple[int, ...]
    margin: int
    kind: ResultKind
    game_points: int
    losses: tuple[_Line, ...]


def skunk_lines(target: int, rule: SkunkRule) -> tuple[_Line, ...]:
    """The loss lines as ``(loser_below, kind, game_points)``, harshest first.

    >>> skunk_lines(121, SkunkRule.SKUNK)
    ((61, <ResultKind.DOUBLE_SKUNK: 'double skunk'>, 3), (91, <ResultKind.SKUNK: 'skunk'>, 2))
    >>> skunk_lines(61, SkunkRule.SKUNK) == ((31, "skunk", 2),)
    True
    >>> [(line[0], str(line[1]), line[2]) for line in skunk_lines(61, SkunkRule.THREE_QUARTERS)]
    [(31, 'double skunk', 4), (46, 'skunk', 2)]
    """
    half = (target + 1) // 2  # under half: 2 * loser < target
    three_quarters = (3 * target + 3) // 4  # under 3/4: 4 * loser < 3 * target
    if rule is SkunkRule.SKUNK:
        lines = [(target - 30, ResultKind.SKUNK, 2)]
        if target >= 121:
            lines.insert(0, (target - 60, ResultKind.DOUBLE_SKUNK, 3))
        return tuple(lines)
    if rule is SkunkRule.LURCH:
        return ((half, ResultKind.LURCH, 2),)
    if rule is SkunkRule.THREE_QUARTERS:
        return ((half, ResultKind.DOUBLE_SKUNK, 4), (three_quarters, ResultKind.SKUNK, 2))
    if rule is SkunkRule.NONE:
        return ()
    raise InvalidGameConfig(
        f"unknown skunk rule {rule!r}: use one of {[r.name for r in SkunkRule]}"
    )


def _loss(score: int, lines: tuple[_Line, ...]) -> tuple[ResultKind, int]:
    for below, kind, points in lines:
        if score < below:
            return kind, points
    return ResultKind.WIN, 1


def judge(scores: Sequence[int], target: int, rule: SkunkRule = SkunkRule.SKUNK) -> GameResult:
    """The result of a game whose side scores are ``scores`` (one side at or over ``target``)."""
    final = tuple(scores)
    winner = max(range(len(final)), key=final.__getitem__)
    if final[winner] < target:
        raise InvalidGameConfig(f"no side has reached {target} in {final}: the game is not over")
    lines = skunk_lines(target, rule)
    losses = tuple(
        (side, *_loss(final[side], lines)) for side in range(len(final)) if side != winner
    )
    runner_up = max(losses, key=lambda loss: final[loss[0]])
    return GameResult(
        winner_side=winner,
        scores=final,
        margin=final[winner] - final[runner_up[0]],
        kind=runner_up[1],
        game_points=runner_up[2],
        losses=losses,
    )
