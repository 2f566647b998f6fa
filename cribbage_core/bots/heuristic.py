"""Computer players: easy, medium and hard, deciding from a seat's view only.

A bot is asked :meth:`Bot.act` with a :class:`~cribbage_core.game.SeatView`
(``state.view(seat)``) and returns one of ``view.legal``. It never sees
another player's hand, the crib before it is turned up, or the deck.

- **easy** lays away and plays at random among the legal moves.
- **medium** lays away the cards that keep the best exact expected hand (over
  every unseen starter) plus a rough crib estimate
  (:func:`~cribbage_core.tables.crib.rough_crib_estimate`), and pegs greedily:
  the card that scores most now (ties at random).
- **hard** lays away by the exact expected hand plus the project's crib table
  for its role (:mod:`cribbage_core.tables.crib`); near the end of the game it
  keeps the hand most likely to reach what it needs. It pegs by expectimax
  over the unseen cards: the next player's cards are any of the unseen ones,
  equally likely, and the next player answers with the card that scores most
  (with two players, four plies deep: me, them, me, them; with more, one reply).
  This sees the fifteen or 31 a count of 5 or 21 gives away, the pair a lead
  invites, the run a gap leaves open, and the go. When an opponent is close to
  the target it weighs their points more (defence); when a card wins the game
  it plays it.

Every bot works for 2, 3 and 4 players. ``make_bot("expert")`` gives the coach's
:class:`~cribbage_core.bots.expert.ExpertBot` (the Play page offers the three levels above).

>>> import random
>>> from cribbage_core.game import new_game, GameConfig
>>> state = new_game(random.Random(3), GameConfig(players=2), first_dealer=0).deal(random.Random(4))
>>> bot = HardBot()
>>> action = bot.act(state.view(1))
>>> type(action).__name__, len(action.cards)
('Discard', 2)
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from functools import lru_cache
from math import comb
from typing import Final

from cribbage_core.cards import Card, Rank
from cribbage_core.errors import IllegalMove
from cribbage_core.game import Action, Count, Discard, Go, Muggins, Phase, Play, SeatView
from cribbage_core.pegging import MAX_COUNT
from cribbage_core.seats import Role, role_of
from cribbage_core.tables.crib import crib_value, rough_crib_estimate
from cribbage_core.tables.expected import expected_hand_values, hand_stats

__all__ = ["EasyBot", "MediumBot", "HardBot", "ThinkingBot", "peg_points"]


def _no_legal(view: SeatView) -> IllegalMove:
    return IllegalMove(f"seat {view.seat} has nothing to do now (phase {view.phase.value})")


# ------------------------------------------------------------- pegging points

_SAME_RANK_POINTS: Final = (0, 2, 6, 12)


def peg_points(pile: Sequence[int], count: int, rank: int) -> int:
    """Points for laying a card of ``rank`` on a series of ranks ``pile`` whose count is ``count``.

    Fifteen or 31 (2), pairs (2, 6, 12) and the longest run ending on this card.

    >>> peg_points([1, 7], 8, 7), peg_points([2, 8, 6, 7], 23, 5), peg_points([10, 11], 20, 12)
    (4, 4, 3)
    """
    new_count = count + _VALUE[rank]
    points = 2 if new_count == 15 or new_count == MAX_COUNT else 0
    same = 0
    i = len(pile) - 1
    while i >= 0 and pile[i] == rank and same < 3:
        same += 1
        i -= 1
    points += _SAME_RANK_POINTS[same]
    n = len(pile)
    if n >= 2 and not same:
        best = 0
        lo = hi = rank
        seen = {rank}
        for k in range(1, n + 1):
            r = pile[n - k]
            if r in seen:
                break
            seen.add(r)
            lo = r if r < lo else lo
            hi = r if r > hi else hi
            if k >= 2 and hi - lo == k:
                best = k + 1
        points += best
    return points


#: Each rank's count value by rank number (index 1..13), from :attr:`Rank.count_value`.
_VALUE: Final = (0, *(rank.count_value for rank in Rank))


@lru_cache(maxsize=1 << 14)
def _lays(pile: tuple[int, ...], count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """:func:`peg_points` of every rank on ``pile`` (index 1..13; 0 for a rank that does not
    fit), and the ranks that fit, scoring most first (then the higher rank).

    A bot's search asks the same series over and over (recounting them was a quarter of its
    thinking time), so each is counted once (the cache holds at most about 9 MB)."""
    fits = [r for r in range(1, 14) if count + _VALUE[r] <= MAX_COUNT]
    points = [0] * 14
    for r in fits:
        points[r] = peg_points(pile, count, r)
    ranked = sorted(fits, key=lambda r: (points[r], r), reverse=True)
    return tuple(points), tuple(ranked)


def _reply_odds(
    pile: tuple[int, ...], count: int, unseen: Sequence[int], total: int, k: int
) -> Iterator[tuple[int, int, float, float]]:
    """The card a player holding ``k`` of the ``total`` unseen cards lays, if they lay the best.

    ``unseen[r]`` is how many cards of rank ``r`` are unseen. For every rank that fits on the
    count, scoring most first: ``(points, rank, p, p_none)``, where ``p`` is the chance the
    player's best card is of this rank and ``p_none`` the chance they hold none of the ranks
    yielded so far. The chance that no card fits is the last ``p_none`` (1 if none is yielded).
    Read lazily: a caller may change ``unseen`` between steps if it restores it first.
    """
    if k <= 0 or total <= 0:
        return
    scores, ranked = _lays(pile, count)
    options = [(scores[r], r) for r in ranked if unseen[r]]
    denominator = comb(total, k)
    covered = 0
    p_prev = 1.0
    for points, r in options:
        covered += unseen[r]
        p_none = comb(total - covered, k) / denominator
        yield points, r, p_prev - p_none, p_none
        p_prev = p_none


# ---------------------------------------------------------------- the bots


class EasyBot:
    """Random legal moves."""

    name = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        """A random legal action."""
        if not view.legal:
            raise _no_legal(view)
        return self.rng.choice(view.legal)


class ThinkingBot(ABC):
    """What the medium and hard bots share: :meth:`act` asks :meth:`discard` or :meth:`play`.

    In the discard the bot lays away what :meth:`discard` chooses; in the play it does what
    :meth:`play` says (a card or go); in the show it counts exactly, and calls muggins on
    every count claimed short. ``rng`` breaks ties.
    """

    name: str

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        """Discard, play, go or count (exactly) for this view."""
        if not view.legal:
            raise _no_legal(view)
        if view.phase is Phase.DISCARD:
            return Discard(view.seat, self.discard(view))
        if view.phase is Phase.PLAY:
            return self.play(view)
        if view.short_count is not None:  # the computer takes what a count missed
            return Muggins(view.seat)
        return Count(view.seat)

    @abstractmethod
    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """The cards to lay away."""

    @abstractmethod
    def play(self, view: SeatView) -> Action:
        """The card to lay (a :class:`Play`), or :class:`Go` when none fits."""


class MediumBot(ThinkingBot):
    """Exact expected hand + rough crib estimate for the discard; greedy pegging."""

    name = "medium"

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """The cards to lay away."""
        sign = role_of(view.seat, view.dealer, view.config.players).crib_sign
        best: tuple[Card, ...] = ()
        best_value = -1e9
        for _keep, discard, ev, _lo, _hi in expected_hand_values(
            view.hand, view.config.discard_size
        ):
            value = ev + sign * rough_crib_estimate(discard)
            if value > best_value:
                best, best_value = discard, value
        return best

    def play(self, view: SeatView) -> Action:
        """The card that scores most now (ties at random), or go."""
        plays = [a for a in view.legal if isinstance(a, Play)]
        if not plays:
            return Go(view.seat)
        pile = [c.rank.value for c in view.pile]
        scored = [(peg_points(pile, view.count, a.card.rank.value), a) for a in plays]
        top = max(points for points, _ in scored)
        return self.rng.choice([a for points, a in scored if points == top])


class HardBot(ThinkingBot):
    """Crib-table discards with an end-game plan; expectimax pegging (see the module docs)."""

    name = "hard"

    def __init__(self, seed: int | None = None, depth: int = 4) -> None:
        super().__init__(seed)
        self.depth = depth

    # ------------------------------------------------------------ discard

    def discard(self, view: SeatView) -> tuple[Card, ...]:
        """Best expected hand plus signed crib-table value; near the end, best chance to get home."""
        role = role_of(view.seat, view.dealer, view.config.players)
        players = view.config.players
        options = []
        for keep, discard, ev, _lo, _hi in expected_hand_values(
            view.hand, view.config.discard_size
        ):
            net = ev + role.crib_sign * crib_value(discard, role, players)
            options.append((net, keep, discard))
        need = view.config.target - view.scores[view.my_side]
        # pone counts first; the dealer's crib comes last. Rough pegging expectations per deal:
        pegging = 2 if role is Role.PONE else 3
        if need - pegging <= 16 and players == 2:
            # Near the end: keep the hand most likely to reach the points still needed.
            goal = need - pegging
            best_p = -1.0
            best: tuple[float, tuple[Card, ...]] = (-1e9, ())
            for net, keep, discard in options:
                _ev, _lo, _hi, counts = hand_stats(keep, view.hand)
                n = sum(counts.values())
                p = sum(k for points, k in counts.items() if points >= goal) / n
                if (p, net) > (best_p, best[0]):
                    best_p, best = p, (net, discard)
            if best_p > 0:
                return best[1]
        return max(options, key=lambda o: o[0])[2]

    # ------------------------------------------------------------ pegging

    def play(self, view: SeatView) -> Action:
        """The card with the best expectimax value, or go."""
        plays = [a for a in view.legal if isinstance(a, Play)]
        if not plays:
            return Go(view.seat)
        if len(plays) == 1:
            return plays[0]
        pile = tuple(c.rank.value for c in view.pile)
        need = view.config.target - view.scores[view.my_side]
        for a in plays:  # a card that wins the game now
            if peg_points(pile, view.count, a.card.rank.value) >= need:
                return a
        unseen = self._unseen(view)
        n = view.config.players
        others = [view.scores[s] for s in range(len(view.scores)) if s != view.my_side]
        opp_need = view.config.target - max(others)
        weight = 1.5 if opp_need <= 12 else 1.0
        mine = tuple(sorted(c.rank.value for c in view.hand))
        if n == 2:
            opp = 1 - view.seat
            search = _Search(weight, unseen, sum(unseen))
            scored = []
            for a in plays:
                r = a.card.rank.value
                value = search.after_my_lay(
                    pile, view.count, mine, r, view.cards_left[opp], view.passed[opp], self.depth
                )
                scored.append((value, -_VALUE[r], a))
        else:
            scored = []
            for a in plays:
                value = self._one_reply(view, pile, a.card, unseen, weight)
                scored.append((value, -_VALUE[a.card.rank.value], a))
        best = max(v for v, _, _ in scored)
        near = [s for s in scored if s[0] >= best - 1e-9]
        return max(near, key=lambda s: (s[1], s[2].card.rank.value))[2]

    @staticmethod
    def _unseen(view: SeatView) -> list[int]:
        """Cards per rank this seat has not seen (index 1..13)."""
        counts = [0] + [4] * 13
        seen: list[Card] = [*view.hand, *view.discards, *(card for _, card in view.played)]
        if view.starter is not None:
            seen.append(view.starter)
        for card in seen:
            counts[card.rank.value] -= 1
        return counts

    def _one_reply(
        self, view: SeatView, pile: tuple[int, ...], card: Card, unseen: list[int], weight: float
    ) -> float:
        """3-4 players: my points now minus (or plus, for a partner) the next seat's best reply."""
        r = card.rank.value
        points = float(peg_points(pile, view.count, r))
        count = view.count + _VALUE[r]
        n = view.config.players
        nxt = (view.seat + 1) % n
        while nxt != view.seat and (view.cards_left[nxt] == 0 or view.passed[nxt]):
            nxt = (nxt + 1) % n
        if nxt == view.seat or count == MAX_COUNT:
            return points
        friend = view.side_of(nxt) == view.my_side
        new_pile = (*pile, r) if count < MAX_COUNT else ()
        reply = _expected_greedy_reply(new_pile, count, unseen, sum(unseen), view.cards_left[nxt])
        return points + reply if friend else points - weight * reply


def _expected_greedy_reply(
    pile: tuple[int, ...], count: int, unseen: Sequence[int], total: int, k: int
) -> float:
    """Expected points of a player holding ``k`` of the unseen cards who lays the best-scoring one."""
    expected = 0.0
    for points, _rank, p, _p_none in _reply_odds(pile, count, unseen, total, k):
        if points == 0:
            break
        expected += p * points
    return expected


class _Search:
    """Two-player expectimax over ranks: my exact cards against any unseen cards of the opponent."""

    def __init__(self, weight: float, unseen: list[int], total: int) -> None:
        self.weight = weight
        self.unseen = unseen
        self.total = total

    def after_my_lay(
        self,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        r: int,
        opp_k: int,
        opp_passed: bool,
        depth: int,
    ) -> float:
        """My points for laying ``r`` and the expected rest, from my side."""
        points = float(_lays(pile, count)[0][r])
        rest = list(mine)
        rest.remove(r)
        left = tuple(rest)
        count += _VALUE[r]
        if count == MAX_COUNT:
            if not left and not opp_k:
                return points
            return points + self._turn(False, (), 0, left, opp_k, False, False, None, depth - 1)
        if not left and not opp_k:
            return points + 1
        if opp_passed:
            return points + self._turn(
                True, (*pile, r), count, left, opp_k, False, True, True, depth - 1
            )
        return points + self._turn(
            False, (*pile, r), count, left, opp_k, False, False, True, depth - 1
        )

    def _turn(
        self,
        me_to_act: bool,
        pile: tuple[int, ...],
        count: int,
        mine: tuple[int, ...],
        opp_k: int,
        me_passed: bool,
        opp_passed: bool,
        last_was_me: bool | None,
        depth: int,
    ) -> float:
        if depth <= 0:
            return 0.0
        if me_to_act:
            legal = {r for r in mine if count + _VALUE[r] <= MAX_COUNT}
            if legal:
                return max(
                    self.after_my_lay(pile, count, mine, r, opp_k, opp_passed, depth) for r in legal
                )
            if opp_passed or not opp_k:
                return self._series_over(mine, opp_k, last_was_me, depth)
            return self._turn(False, pile, count, mine, opp_k, True, opp_passed, last_was_me, depth)
        # the opponent: holds opp_k of the unseen cards, lays its best-scoring card
        unseen = self.unseen
        expected = 0.0
        p_stuck = 1.0  # the chance the opponent cannot lay
        for points, r, p, p_stuck in _reply_odds(pile, count, unseen, self.total, opp_k):  # noqa: B007 - the last is read below
            if p < 1e-6:
                continue
            new_count = count + _VALUE[r]
            value = -self.weight * points
            unseen[r] -= 1  # the search goes on without that card; restored before the next
            self.total -= 1
            if new_count == MAX_COUNT:
                if mine or opp_k > 1:
                    value += self._turn(True, (), 0, mine, opp_k - 1, False, False, None, depth - 1)
            elif not mine and opp_k == 1:
                value -= self.weight
            elif me_passed:
                value += self._turn(
                    False, (*pile, r), new_count, mine, opp_k - 1, True, False, False, depth - 1
                )
            else:
                value += self._turn(
                    True, (*pile, r), new_count, mine, opp_k - 1, False, False, False, depth - 1
                )
            unseen[r] += 1
            self.total += 1
            expected += p * value
        # with probability p_stuck the opponent cannot lay: go
        if p_stuck > 1e-6:
            if me_passed or not mine:
                expected += p_stuck * self._series_over(mine, opp_k, last_was_me, depth)
            else:
                expected += p_stuck * self._turn(
                    True, pile, count, mine, opp_k, False, True, last_was_me, depth
                )
        return expected

    def _series_over(
        self, mine: tuple[int, ...], opp_k: int, last_was_me: bool | None, depth: int
    ) -> float:
        """Nobody can lay: the last to lay scores the go; the other leads the next series."""
        value = 0.0
        if last_was_me is True:
            value = 1.0
        elif last_was_me is False:
            value = -self.weight
        if not mine and not opp_k:
            return value
        me_leads = last_was_me is False
        if me_leads and not mine:
            me_leads = False
        if not me_leads and not opp_k:
            me_leads = True
        return value + self._turn(me_leads, (), 0, mine, opp_k, False, False, None, depth - 1)
