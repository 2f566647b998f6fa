"""The expert bot: the coach's own evaluations, played.

- **Discard**: the keep with the best net of hand, crib and pegging
  (:mod:`cribbage_core.coach.discard_value`); where a side can reach the target this deal, the keep
  with the best chance to win.
- **The play**: the card with the best expected points for minus against over the rest of
  the play, weighing the opponent's possible hands by what its discard and its go's and plays
  showed (:mod:`cribbage_core.coach.peg_value`, :mod:`cribbage_core.tables.keeps`); near the end, the card
  with the best chance to win. ``ExpertBot(discard_evidence=False)``
  (``make_bot("expert-plays-only")``) reads the plays alone, as the expert did before, for
  comparison.
- **The show**: counts exactly.

The game review grades every decision by these same evaluations, so it grades against this
player. With three or four players it uses the simpler valuations those modules give there.

>>> import random
>>> from cribbage_core.game import new_game, GameConfig
>>> state = new_game(random.Random(3), GameConfig(players=2), first_dealer=0).deal(random.Random(4))
>>> type(ExpertBot().act(state.view(1))).__name__
'Discard'
"""

from __future__ import annotations

from cribbage_core.coach.discard_value import discard_values_for_view
from cribbage_core.coach.peg_value import best_play
from cribbage_core.errors import IllegalMove
from cribbage_core.game import Action, Count, Discard, Go, Muggins, Phase, Play, SeatView

__all__ = ["ExpertBot"]


class ExpertBot:
    """The expert (see the module docs). Deterministic: ``seed`` is accepted for symmetry and unused."""

    def __init__(self, seed: int | None = None, *, discard_evidence: bool = True) -> None:
        self.seed = seed
        self.discard_evidence = discard_evidence
        self.name = "expert" if discard_evidence else "expert-plays-only"

    def act(self, view: SeatView) -> Action:
        """Discard, play, go, count (exactly) or call muggins for this view."""
        if not view.legal:
            raise IllegalMove(f"seat {view.seat} has nothing to do now (phase {view.phase.value})")
        if view.phase is Phase.DISCARD:
            return Discard(view.seat, discard_values_for_view(view).best.discard)
        if view.phase is Phase.PLAY:
            plays = [a for a in view.legal if isinstance(a, Play)]
            if not plays:
                return Go(view.seat)
            if len({a.card.rank for a in plays}) == 1:
                return plays[0]
            return Play(view.seat, best_play(view, discard_evidence=self.discard_evidence))
        if view.short_count is not None:  # the computer takes what a count missed
            return Muggins(view.seat)
        return Count(view.seat)
