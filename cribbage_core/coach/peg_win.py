"""The pegging search's win view: the chance to win once the play is over.

:class:`_WinModel` holds what a two-player position's win view needs: the scores and the points
each side still needs, this seat's show, the opponent's cards laid before the search, the
starter, and the distribution of the crib's points. :meth:`_WinModel.after_play` counts the
shows in order (the pone's first), then the crib, and reads the chance to win from the table
(:func:`~cribbage_core.tables.winprob.dealer_table`). The search
(:mod:`cribbage_core.coach.peg_search`) asks it at every end of the play;
:mod:`cribbage_core.coach.peg_value` makes it from a seat's view. Private to the pegging values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cribbage_core.tables.winprob import dealer_table
from cribbage_core.totals import rank_points_table

__all__: list[str] = []


@dataclass(frozen=True, slots=True)
class _WinModel:
    """What the win view needs at the end of the play: scores, needs, the show and the table."""

    my_need: int  # points this seat's side still needs at the root
    opp_need: int
    my_score: int
    opp_score: int
    dealer: bool
    my_show: int  # this seat's hand with the starter
    opp_known: tuple[int, ...]  # ranks of the opponent's cards laid before the root
    starter_rank: int
    crib: tuple[float, ...]  # distribution of the crib's points
    target: int
    # what after_play answered, by (pm, po, used); the opponent's show by its cards laid; the
    # crib's share by the two totals before it: a search asks the same ends many times
    known: dict[tuple[int, int, int], float] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )
    shows: dict[int, int] = field(default_factory=dict, compare=False, hash=False, repr=False)
    crib_wins: dict[tuple[int, int], float] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def after_play(self, pm: int, po: int, used: int) -> float:
        """The chance to win once the play is over (this seat pegged ``pm`` and the opponent ``po``
        from the root; ``used``: the opponent's cards laid from the root): the show in order, then
        the table."""
        key = (pm, po, used)
        found = self.known.get(key)
        if found is not None:
            return found
        opp_show = self.shows.get(used)
        if opp_show is None:
            ranks = list(self.opp_known)
            for r in range(1, 14):
                ranks.extend([r] * ((used >> (3 * (r - 1))) & 7))
            opp_show = _rank_show(tuple(sorted(ranks)), self.starter_rank) if len(ranks) == 4 else 0
            self.shows[used] = opp_show
        found = self.known[key] = self._after_show(
            self.my_score + pm, self.opp_score + po, opp_show
        )
        return found

    def _after_show(self, me: int, them: int, opp_show: int) -> float:
        target = self.target
        if self.dealer:
            pone, pone_hand, dealer, dealer_hand = them, opp_show, me, self.my_show
        else:
            pone, pone_hand, dealer, dealer_hand = me, self.my_show, them, opp_show
        if pone + pone_hand >= target:
            dealer_wins = 0.0
        elif dealer + dealer_hand >= target:
            dealer_wins = 1.0
        else:
            pone += pone_hand
            dealer += dealer_hand
            known = self.crib_wins.get((pone, dealer))
            if known is None:
                table = dealer_table(target)
                known = 0.0
                for points, p in enumerate(self.crib):
                    if p:
                        after = dealer + points
                        known += p * (1.0 if after >= target else 1.0 - float(table[pone, after]))
                self.crib_wins[(pone, dealer)] = known
            dealer_wins = known
        return dealer_wins if self.dealer else 1.0 - dealer_wins


def _rank_show(ranks: tuple[int, ...], starter: int) -> int:
    """Fifteens, pairs and runs of four ranks with the starter (suits unknown: no flush or nobs)."""
    table = rank_points_table()
    a, b, c, d = ranks
    return int(
        table[(a - 1) * 13**4 + (b - 1) * 13**3 + (c - 1) * 169 + (d - 1) * 13 + starter - 1]
    )
