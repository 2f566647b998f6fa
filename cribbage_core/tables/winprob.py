"""The chance to win a two-player game from any score: at the start of a deal, and within one.

The project's own table (``cribbage_core/tables/data/winprob.json``, made by
``scripts/make_winprob_table.py``; the method is written in the file's header) gives, for
games to 121 and to 61, the chance that the player about to deal wins from every pair of
scores. It is solved by dynamic programming over deals recorded in self-play of the
strongest bot, counted in the order of the rules (his heels and the play in the order the
pegs fell, then the pone's hand, the dealer's hand, the crib), the game ending the moment a
side reaches the target.

>>> round(win_probability(0, 0, dealer=True), 3) > 0.5       # the first dealer's edge
True
>>> win_probability(120, 100, dealer=False) > win_probability(110, 100, dealer=False)
True
>>> win_probability(121, 100, dealer=True), win_probability(60, 61, dealer=True, target=61)
(1.0, 0.0)

Within a deal the chance depends on what is still to be counted. :func:`deal_win_probability`
takes the points still to come as distributions (the play's points for each side, the two
hands, the crib), counts them in the rules' order and continues with the table;
:func:`show_win_probability` is the same once the play is over. These are what the pegging
engine, the discard advice and the game review use. The distributions of a typical deal
(:func:`typical_deal`) come from the same self-play.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from cribbage_core.errors import CribbageError

__all__ = [
    "DealRecord",
    "TABLE_PATH",
    "TARGETS",
    "win_probability",
    "dealer_table",
    "table_header",
    "Dist",
    "point_mass",
    "shifted",
    "deal_win_probability",
    "show_win_probability",
    "ends_this_deal",
    "TypicalDeal",
    "typical_deal",
    "DealSamples",
    "solve_table",
    "deal_marginals",
    "pone_first_in_play",
    "InvalidScore",
]


@dataclass(frozen=True, slots=True)
class DealRecord:
    """The points of one two-player deal in counting order.

    ``pegging`` is every peg before the show, in order, as ``(by_dealer, points)``: his heels
    (the dealer's, at the cut) and each score of the play, go and last card included. Then
    the show: ``pone_hand``, ``dealer_hand``, ``crib`` (the dealer's).
    """

    pegging: tuple[tuple[bool, int], ...]
    pone_hand: int
    dealer_hand: int
    crib: int

    @property
    def pone_pegging(self) -> int:
        """The pone's points in the play."""
        return sum(p for by_dealer, p in self.pegging if not by_dealer)

    @property
    def dealer_pegging(self) -> int:
        """The dealer's points before the show: his heels and the play."""
        return sum(p for by_dealer, p in self.pegging if by_dealer)

    @property
    def pone_total(self) -> int:
        """Everything the pone scored this deal."""
        return self.pone_pegging + self.pone_hand

    @property
    def dealer_total(self) -> int:
        """Everything the dealer scored this deal."""
        return self.dealer_pegging + self.dealer_hand + self.crib

    def to_text(self) -> str:
        """A compact line: pegs as ``d2 p1 ...``, then ``| pone dealer crib``."""
        pegs = " ".join(("d" if d else "p") + str(p) for d, p in self.pegging)
        return f"{pegs} | {self.pone_hand} {self.dealer_hand} {self.crib}"

    @staticmethod
    def from_text(line: str) -> DealRecord:
        """Read :meth:`to_text` back.

        >>> DealRecord.from_text("d2 p1 d1 | 8 12 4").dealer_total
        19
        """
        pegs, _, show = line.partition("|")
        pegging = tuple((tok[0] == "d", int(tok[1:])) for tok in pegs.split())
        pone, dealer, crib = (int(x) for x in show.split())
        return DealRecord(pegging, pone, dealer, crib)


class InvalidScore(CribbageError):
    """A score or game length the win table cannot answer for (negative, past the target, not 121/61)."""


#: Where the committed table lives.
TABLE_PATH: Final = Path(__file__).resolve().parent / "data" / "winprob.json"
#: The game lengths the table covers.
TARGETS: Final = (121, 61)

#: A distribution of points: entry ``k`` is the chance of exactly ``k`` points (sums to 1).
Dist = NDArray[np.float64]


# ------------------------------------------------------------------ the table


@cache
def _load(path: Path = TABLE_PATH) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    return data


def table_header() -> dict[str, Any]:
    """The table file's header: what it holds and how it was made."""
    header: dict[str, Any] = _load()["header"]
    return header


@cache
def dealer_table(target: int = 121) -> NDArray[np.float64]:
    """``D[x, y]``: the chance that the player about to deal, on ``x``, beats the pone on ``y``.

    A ``(target + 1, target + 1)`` array; row and column ``target`` hold the finished games
    (1 when the dealer has reached the target, else 0 when the pone has).

    >>> D = dealer_table(61)
    >>> D.shape, float(D[61, 40]), float(D[40, 61])
    ((62, 62), 1.0, 0.0)
    """
    if target not in TARGETS:
        raise InvalidScore(f"the win table is for games to 121 or 61, got {target!r}")
    rows = _load()["tables"][str(target)]["dealer_wins"]
    table = np.zeros((target + 1, target + 1))
    table[:target, :target] = np.asarray(rows, dtype=np.float64) / 10_000
    table[target, :] = 1.0
    table.setflags(write=False)
    return table


def _check_score(name: str, value: object) -> int:
    if type(value) is not int or value < 0:
        raise InvalidScore(f"{name} must be a whole number 0 or more, got {value!r}")
    return value


def win_probability(score: int, opponent_score: int, dealer: bool, target: int = 121) -> float:
    """The chance that the player on ``score`` wins a two-player game, with a deal about to start.

    ``dealer`` says whether that player deals it. A score at or past the target has won.

    >>> round(win_probability(0, 0, True) + win_probability(0, 0, False), 6)
    1.0
    """
    me = _check_score("score", score)
    them = _check_score("opponent_score", opponent_score)
    if me >= target and them >= target:
        raise InvalidScore(f"only one side can reach {target}: got {me} and {them}")
    table = dealer_table(target)
    me, them = min(me, target), min(them, target)
    if dealer:
        return float(table[me, them])
    return float(1.0 - table[them, me])


# ------------------------------------------------------------- distributions


def point_mass(points: int) -> Dist:
    """The distribution of a number of points known for sure.

    >>> point_mass(3).tolist()
    [0.0, 0.0, 0.0, 1.0]
    """
    dist = np.zeros(points + 1)
    dist[points] = 1.0
    return dist


def shifted(dist: Dist, by: float) -> Dist:
    """``dist`` moved by ``by`` points (fractional: split between the two nearest whole shifts).

    The mean moves by exactly ``by``; mass pushed below 0 points stays at 0.

    >>> shifted(point_mass(2), 0.25).tolist()
    [0.0, 0.0, 0.75, 0.25]
    """
    low = int(np.floor(by))
    frac = by - low
    out = np.zeros(max(len(dist) + low + 1, 1))
    for k, p in enumerate(dist):
        if p:
            for shift, weight in ((low, 1.0 - frac), (low + 1, frac)):
                if weight:
                    out[max(k + shift, 0)] += p * weight
    return np.trim_zeros(out, "b") if out.any() else point_mass(0)


def _as_dist(value: Dist | Sequence[float] | int) -> Dist:
    if isinstance(value, int):
        return point_mass(value)
    dist = np.asarray(value, dtype=np.float64)
    return dist


def show_win_probability(
    score: int,
    opponent_score: int,
    dealer: bool,
    pone_hand: Dist | Sequence[float] | int,
    dealer_hand: Dist | Sequence[float] | int,
    crib: Dist | Sequence[float] | int,
    target: int = 121,
) -> float:
    """The chance to win once the play is over: the pone's hand, the dealer's hand and the crib still to count.

    Each is a number of points or a distribution of them (taken as independent).

    >>> show_win_probability(110, 100, False, 12, 0, 0)       # the pone counts 12 first: home
    1.0
    >>> show_win_probability(100, 115, True, 6, 10, 0)        # the pone counts 6 first and wins
    0.0
    """
    return deal_win_probability(
        score, opponent_score, dealer, point_mass(0), pone_hand, dealer_hand, crib, target
    )


def deal_win_probability(
    score: int,
    opponent_score: int,
    dealer: bool,
    pegging: Dist | Sequence[Sequence[float]],
    pone_hand: Dist | Sequence[float] | int,
    dealer_hand: Dist | Sequence[float] | int,
    crib: Dist | Sequence[float] | int,
    target: int = 121,
) -> float:
    """The chance to win from ``score`` against ``opponent_score`` with a deal's points still to count.

    ``pegging[p, d]`` is the chance that the play still gives the pone ``p`` and the dealer
    ``d`` points (a 2-D array; a 1-D array or a point mass means the pone's only). Then the
    pone's hand, the dealer's hand and the crib are counted in that order, each a number of
    points or a distribution, independent of the rest. The game ends the moment a side
    reaches the target; when the play takes both sides there, which side got there first is
    not in the totals, and is taken from the self-play deals (:func:`pone_first_in_play`).
    After the deal the table takes over with the deal passing to the other player.

    >>> peg = np.zeros((3, 3)); peg[2, 0] = 1.0                 # the pone pegs 2 for sure
    >>> deal_win_probability(119, 0, False, peg, 0, 0, 0)
    1.0
    """
    me = _check_score("score", score)
    them = _check_score("opponent_score", opponent_score)
    if me >= target or them >= target:
        raise InvalidScore(
            f"a deal is played only while both scores are under {target}, got {me} and {them}"
        )
    pone_score, dealer_score = (them, me) if dealer else (me, them)
    need_p, need_d = target - pone_score, target - dealer_score
    peg = np.asarray(pegging, dtype=np.float64)
    if peg.ndim == 1:
        peg = peg[:, None]
    # grid[p, d]: chance of the pone having gained p and the dealer d with nobody home yet
    grid = np.zeros((need_p, need_d))
    rows, cols = min(peg.shape[0], need_p), min(peg.shape[1], need_d)
    grid[:rows, :cols] = peg[:rows, :cols]
    pone_home = float(peg[need_p:, :need_d].sum())
    dealer_home = float(peg[:need_p, need_d:].sum())
    both = float(peg[need_p:, need_d:].sum())
    pone_first = pone_first_in_play(need_p, need_d) if both else 0.5
    pone_wins = pone_home + both * pone_first
    dealer_wins = dealer_home + both * (1.0 - pone_first)
    for dist, axis in ((_as_dist(pone_hand), 0), (_as_dist(dealer_hand), 1), (_as_dist(crib), 1)):
        grid, home = _add_points(grid, dist, axis)
        if axis == 0:
            pone_wins += home
        else:
            dealer_wins += home
    # the deal is over: the pone deals next, on pone_score + p against dealer_score + d
    table = dealer_table(target)
    nxt = table[pone_score : pone_score + need_p, dealer_score : dealer_score + need_d]
    pone_later = float((grid * nxt).sum())
    dealer_later = float(grid.sum()) - pone_later
    dealer_total = dealer_wins + dealer_later
    pone_total = pone_wins + pone_later
    return min(1.0, max(0.0, float(dealer_total if dealer else pone_total)))  # rounding can pass 1


def _add_points(
    grid: NDArray[np.float64], dist: Dist, axis: int
) -> tuple[NDArray[np.float64], float]:
    """Add ``dist`` points to one side of ``grid``; mass that reaches the edge is that side home."""
    size = grid.shape[axis]
    out = np.zeros_like(grid)
    home = 0.0
    for k, p in enumerate(dist):
        if not p:
            continue
        if k >= size:
            home += p * float(grid.sum())
            continue
        if axis == 0:
            out[k:, :] += p * grid[: size - k, :]
            home += p * float(grid[size - k :, :].sum())
        else:
            out[:, k:] += p * grid[:, : size - k]
            home += p * float(grid[:, size - k :].sum())
    return out, home


def pone_first_in_play(pone_needs: int, dealer_needs: int) -> float:
    """When the play takes both sides home, the chance that the pone got there first (self-play deals).

    >>> 0.0 < pone_first_in_play(2, 2) < 1.0
    True
    """
    race = _load()["marginals"]["race"]
    size = len(race)
    p, d = min(pone_needs, size) - 1, min(dealer_needs, size) - 1
    pone, dealer = race[p][d]
    return 0.5 if pone + dealer == 0 else float(pone / (pone + dealer))


def ends_this_deal(
    score: int, opponent_score: int, dealer: bool, target: int = 121, level: float = 0.01
) -> bool:
    """Whether a side reaches the target in this deal with a chance of at least ``level`` (a typical deal).

    This is when the coach shows the chance to win beside the expected points.

    >>> ends_this_deal(0, 0, True), ends_this_deal(100, 40, False), ends_this_deal(30, 112, True)
    (False, True, True)
    """
    deal = typical_deal()
    pegging, pone_hand, dealer_hand, crib = (
        deal.pegging,
        deal.pone_hand,
        deal.dealer_hand,
        deal.crib,
    )
    me, them = score, opponent_score
    pone_score, dealer_score = (them, me) if dealer else (me, them)
    pone_gain = _convolve(pegging.sum(axis=1), pone_hand)
    dealer_gain = _convolve(_convolve(pegging.sum(axis=0), dealer_hand), crib)
    p_pone = float(pone_gain[max(target - pone_score, 0) :].sum())
    p_dealer = float(dealer_gain[max(target - dealer_score, 0) :].sum())
    return max(p_pone, p_dealer) >= level


def _convolve(a: Dist, b: Dist) -> Dist:
    return np.convolve(a, b)


# ------------------------------------------------------------- a typical deal


@dataclass(frozen=True, slots=True)
class TypicalDeal:
    """The distributions of a deal in the table's self-play: the play (pone, dealer), hands, crib."""

    pegging: NDArray[np.float64]  # [pone points, dealer points], his heels with the dealer's
    pone_hand: Dist
    dealer_hand: Dist
    crib: Dist

    def mean(self, what: str) -> float:
        """The mean of ``"pone_pegging"``, ``"dealer_pegging"``, ``"pone_hand"``, ``"dealer_hand"`` or ``"crib"``."""
        if what == "pone_pegging":
            dist = self.pegging.sum(axis=1)
        elif what == "dealer_pegging":
            dist = self.pegging.sum(axis=0)
        else:
            dist = getattr(self, what)
        return float(np.dot(np.arange(len(dist)), dist))


@cache
def typical_deal() -> TypicalDeal:
    """The deal distributions stored with the table (see :func:`deal_marginals`).

    >>> deal = typical_deal()
    >>> 3 < deal.mean("dealer_pegging") < 5 and 4 < deal.mean("crib") < 6
    True
    """
    m = _load()["marginals"]
    size_p, size_d = m["pegging_shape"]
    pegging = np.zeros((size_p, size_d))
    for p, d, n in m["pegging"]:
        pegging[p, d] = n
    pegging /= pegging.sum()

    def norm(counts: Sequence[int]) -> Dist:
        arr: Dist = np.asarray(counts, dtype=np.float64)
        out: Dist = arr / float(arr.sum())
        return out

    return TypicalDeal(pegging, norm(m["pone_hand"]), norm(m["dealer_hand"]), norm(m["crib"]))


# ---------------------------------------------------------- solving the table


@dataclass(frozen=True, slots=True)
class DealSamples:
    """Recorded deals as arrays for :func:`solve_table`.

    ``first_pone[n, j]``: the index of the peg of deal ``j`` at which the pone's points in
    the play first reach ``n`` (:data:`NEVER` if they do not); ``first_dealer`` likewise.
    """

    first_pone: NDArray[np.int16]
    first_dealer: NDArray[np.int16]
    pone_pegging: NDArray[np.int16]
    dealer_pegging: NDArray[np.int16]
    pone_hand: NDArray[np.int16]
    dealer_hand: NDArray[np.int16]
    crib: NDArray[np.int16]

    @property
    def size(self) -> int:
        """How many deals."""
        return int(self.crib.shape[0])

    @staticmethod
    def of(records: Iterable[DealRecord]) -> DealSamples:
        """Arrays of ``records``."""
        records = list(records)
        width = 1 + max(max(r.pone_pegging, r.dealer_pegging) for r in records)
        first_pone = np.full((width + 1, len(records)), NEVER, dtype=np.int16)
        first_dealer = np.full((width + 1, len(records)), NEVER, dtype=np.int16)
        for j, record in enumerate(records):
            pone = dealer = 0
            first_pone[0, j] = first_dealer[0, j] = -1
            for i, (by_dealer, points) in enumerate(record.pegging):
                if by_dealer:
                    first_dealer[dealer + 1 : dealer + points + 1, j] = i
                    dealer += points
                else:
                    first_pone[pone + 1 : pone + points + 1, j] = i
                    pone += points

        def column(values: Iterable[int]) -> NDArray[np.int16]:
            return np.fromiter(values, dtype=np.int16, count=len(records))

        return DealSamples(
            first_pone,
            first_dealer,
            column(r.pone_pegging for r in records),
            column(r.dealer_pegging for r in records),
            column(r.pone_hand for r in records),
            column(r.dealer_hand for r in records),
            column(r.crib for r in records),
        )


#: The needs (1 to this) for which the table file keeps who comes home first in the play.
RACE_SIZE: Final = 24

#: "Never reached" in :class:`DealSamples` (greater than any peg's index).
NEVER: Final = 10_000


def solve_table(samples: DealSamples, target: int, batch: int = 8) -> NDArray[np.float64]:
    """``D[x, y]`` for ``0 <= x, y < target``: the dealer's chance to win (see the module docs).

    Every state is the mean over the recorded deals of how that deal, counted in order from
    the state, ends: a side home, or the state the next deal starts from (already solved,
    since scores only grow: every deal scores at least the last card).
    """
    n = samples.size
    width = samples.first_pone.shape[0] - 1  # needs beyond this are never met in the play
    table = np.zeros((target + 1, target + 1))
    table[target, :] = 1.0
    pone_total = (samples.pone_pegging + samples.pone_hand).astype(np.int32)
    dealer_after_hand = (samples.dealer_pegging + samples.dealer_hand).astype(np.int32)
    dealer_total = dealer_after_hand + samples.crib
    for total in range(2 * target - 2, -1, -1):
        xs = np.arange(max(0, total - target + 1), min(total, target - 1) + 1)
        for start in range(0, len(xs), batch):
            x = xs[start : start + batch]  # the dealer's scores
            y = total - x  # the pone's
            need_d = (target - x)[:, None]
            need_p = (target - y)[:, None]
            fp = samples.first_pone[np.minimum(target - y, width)]
            fd = samples.first_dealer[np.minimum(target - x, width)]
            dealer_in_play = fd < fp
            pone_in_play = fp < fd
            pone_show = pone_total[None, :] >= need_p
            dealer_show = dealer_total[None, :] >= need_d
            # the next deal: the pone deals on y + pone_total, the old dealer has x + dealer_total
            nxt_dealer = np.minimum(y[:, None] + pone_total[None, :], target)
            nxt_pone = np.minimum(x[:, None] + dealer_total[None, :], target)
            later = 1.0 - table[nxt_dealer, nxt_pone]
            value = np.where(dealer_show, 1.0, later)
            value = np.where(pone_show, 0.0, value)
            value = np.where(pone_in_play, 0.0, np.where(dealer_in_play, 1.0, value))
            table[x, y] = value.sum(axis=1) / n
    return table[:target, :target]


def deal_marginals(samples: DealSamples) -> dict[str, Any]:
    """The distributions of the play (joint, pone and dealer), the hands and the crib, for the table file."""
    pone, dealer = samples.pone_pegging.astype(int), samples.dealer_pegging.astype(int)
    shape = (int(pone.max()) + 1, int(dealer.max()) + 1)
    joint = np.zeros(shape, dtype=np.int64)
    np.add.at(joint, (pone, dealer), 1)
    cells = [[int(p), int(d), int(joint[p, d])] for p, d in zip(*np.nonzero(joint))]

    def hist(values: NDArray[np.int16]) -> list[int]:
        return np.bincount(values.astype(int)).tolist()  # type: ignore[no-any-return]

    # race[a-1][b-1]: deals whose play takes a pone needing a and a dealer needing b both home,
    # as [pone first, dealer first]
    size = min(RACE_SIZE, samples.first_pone.shape[0] - 1)
    race = []
    for a in range(1, size + 1):
        row = []
        for b in range(1, size + 1):
            fp, fd = samples.first_pone[a], samples.first_dealer[b]
            both = (fp < NEVER) & (fd < NEVER)
            row.append([int((both & (fp < fd)).sum()), int((both & (fd < fp)).sum())])
        race.append(row)
    return {
        "race": race,
        "pegging_shape": list(shape),
        "pegging": cells,
        "pone_hand": hist(samples.pone_hand),
        "dealer_hand": hist(samples.dealer_hand),
        "crib": hist(samples.crib),
    }
