"""What each card is worth in the play: expected points for minus against over the rest of the play.

For a position seen from one seat (``state.view(seat)``) in the play, :func:`peg_values` gives
every legal card with the points it is expected to bring, counted as *the seat's side's points
minus the opponents'* from now to the end of the play (the go and last card included), and,
when a side can reach the target in this deal, the chance to win after the hand.

How (two players). The opponent's cards are unknown: every multiset of ranks it could hold
among the cards this seat has not seen is weighed by how many ways it can be dealt, then by
what the opponent did this hand:

- a **go** is proof: a hand the opponent could have laid from when it said go is impossible;
- each **card laid** is evidence: the opponent is modelled as laying the card that scores most
  now minus what one random reply would score back (fifteens, 31s, pairs and runs: a count of
  5 or 21, a lone card inviting a pair), the higher card on a tie, and when it can reach the
  target at once, a card that does. A hand whose model would have laid what was laid keeps
  its weight, any other is multiplied by :data:`TREMBLE` spread over its other choices (real
  opponents do not follow a model exactly). So a card held back when it would have scored
  (no pair made on a 7 by a hand holding a 7) lowers the weight of the hands that hold it;
- its **discard** (``discard_evidence=True``, the default): the four cards it holds and has
  laid are the four it chose to keep from six, so each hand is also weighed by the chance that
  a player in its role keeps those four (:mod:`cribbage_core.tables.keeps`: a softmax over its 15 ways
  to lay two away, valued by the expected show and the crib table). ``discard_evidence=False``
  reads the plays alone (the expert before; the README gives the tournament that measured
  the difference).

The seat itself plays its best: the search is an exact expectimax over the opponent's
possible hands, and this seat's later choices may use only what it will have seen (the
opponent's plays), never the opponent's hand. So for a given position the values are
exact under the model and deterministic; ``tests/core/coach/test_pegvalue.py`` checks them against a
brute force over every hand and against simulated play.

With three or four players the search would be too wide: each card is valued by its points
now minus (for a partner, plus) the next seat's expected best reply, the way the hard bot
looks one reply ahead.

This module weighs the opponent's hands and turns the search into advice; the search and what
it stands on are modules of their own: :mod:`~cribbage_core.coach.peg_ranks` (a card's points
on a series and the opponent model's order, on ranks), :mod:`~cribbage_core.coach.peg_search`
(the expectimax), :mod:`~cribbage_core.coach.peg_forced` (its play-outs once this seat has no
choice left, kept across searches) and :mod:`~cribbage_core.coach.peg_win` (the chance to win
once the play is over).

>>> from cribbage_core import parse_cards
>>> advice = values_for("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
>>> advice.best.card.rank.symbol                                  # lead from the pair of 4s
'4'
>>> advice.option("5H").points < advice.option("4D").points      # do not lead a 5
True
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Final

from cribbage_core.cards import Card, full_deck, parse_cards
from cribbage_core.coach.peg_forced import _bound_forced
from cribbage_core.coach.peg_ranks import (
    _BIT,
    _MASK,
    _VALUE,
    _after,
    _legal,
    opponent_order,
    play_points,
)
from cribbage_core.coach.peg_search import _Search
from cribbage_core.coach.peg_win import _WinModel
from cribbage_core.errors import IllegalMove, WrongNumberOfCards
from cribbage_core.game import GameConfig, Phase, SeatView
from cribbage_core.tables.keeps import keep_weights
from cribbage_core.tables.winprob import ends_this_deal
from cribbage_core.totals import hand_total

__all__ = [
    "PegOption",
    "PegAdvice",
    "peg_values",
    "best_play",
    "values_for",
    "values_view",
    "opponent_hands",
    "opening_value",
    "play_points",
    "opponent_order",
    "TREMBLE",
    "rank_choice",
]

#: How much weight a hand keeps for each card the opponent laid that the model would not have laid.
TREMBLE: Final = 0.25


def rank_choice(view: SeatView) -> bool:
    """Whether the cards of ``view``'s hand that fit under 31 are of more than one rank: a real
    choice of card to lay, which the search values (cards of one rank peg alike).

    >>> rank_choice(values_view("5H 5C 9D", pile="KS QD 5S")), rank_choice(values_view("5H 9C", pile="KS"))
    (False, True)
    """
    return len({c.rank for c in view.hand if view.count + c.value <= 31}) > 1


# ------------------------------------------------------------------ results


@dataclass(frozen=True, slots=True)
class PegOption:
    """One legal card: its points now, the expected points for minus against over the rest of the
    play (``points``, this card's included), and the chance to win after the hand (``win``, only
    when the win view applies)."""

    card: Card
    now: int
    points: float
    win: float | None = None


@dataclass(frozen=True, slots=True)
class PegAdvice:
    """Every legal card of a position, best first (by ``win`` when the win view applies, else by points).

    ``hands`` is how many opponent rank-hands were weighed (0 for the one-reply model of 3-4
    players) and ``effective_hands`` how many they amount to after the evidence of the opponent's
    plays (``1 / sum(w^2)`` of the normalised weights). ``forced`` is true when there was one
    legal card or none (a go).
    """

    options: tuple[PegOption, ...]
    win_view: bool
    hands: int = 0
    effective_hands: float = 0.0
    model: str = "expectimax"
    notes: tuple[str, ...] = field(default=())

    @property
    def best(self) -> PegOption:
        """The first option."""
        return self.options[0]

    @property
    def forced(self) -> bool:
        """Whether the seat had no real choice (one distinct rank, or a go)."""
        return len({o.card.rank for o in self.options}) <= 1

    def option(self, card: Card | str) -> PegOption:
        """The option that lays ``card``."""
        wanted = Card.parse(card) if isinstance(card, str) else card
        for option in self.options:
            if option.card is wanted:
                return option
        raise IllegalMove(
            f"{wanted} is not a legal card here: {' '.join(str(o.card) for o in self.options)}"
        )

    def loss(self, card: Card | str) -> float:
        """Expected points given up by laying ``card`` instead of the best card for points."""
        best = max(o.points for o in self.options)
        return best - self.option(card).points

    def win_loss(self, card: Card | str) -> float | None:
        """The chance to win given up by laying ``card`` (``None`` without the win view)."""
        if not self.win_view:
            return None
        wins = [o.win for o in self.options if o.win is not None]
        mine = self.option(card).win
        assert mine is not None
        return max(wins) - mine


# ------------------------------------------------------------------ the position


def _rank_hands(pool: Sequence[int], k: int) -> tuple[list[int], list[float]]:
    """Every multiset of ``k`` ranks within ``pool`` (as codes), weighted by the ways to deal it."""
    codes: list[int] = []
    weights: list[float] = []

    def walk(r: int, left: int, code: int, ways: int) -> None:
        if left == 0:
            codes.append(code)
            weights.append(float(ways))
            return
        if r > 13:
            return
        for m in range(min(left, pool[r]), -1, -1):
            walk(r + 1, left - m, code + m * _BIT[r], ways * math.comb(pool[r], m))

    walk(1, k, 0, 1)
    return codes, weights


def _series(view: SeatView) -> list[list[tuple[int, Card]]]:
    """The cards laid this hand, cut into series."""
    starts = list(view.series_starts) + [len(view.played)]
    return [list(view.played[a:b]) for a, b in pairwise(starts)]


def _evidence(
    view: SeatView, opp: int, codes: list[int], weights: list[float], tremble: float
) -> list[float]:
    """Weights after the opponent's go's (proof) and laid cards (evidence, see :data:`TREMBLE`)."""
    played = view.played
    opp_later = [0] * (len(played) + 1)  # code of the opponent's cards laid at index >= t
    for t in range(len(played) - 1, -1, -1):
        seat, card = played[t]
        opp_later[t] = opp_later[t + 1] + (_BIT[card.rank] if seat == opp else 0)
    out = list(weights)
    index = 0
    series = _series(view)
    for number, cards in enumerate(series):
        current = number == len(series) - 1
        pile: tuple[int, ...] = ()
        count = 0
        pass_count: int | None = None
        for j, (seat, card) in enumerate(cards):
            t = index + j
            if seat == opp:
                order = opponent_order(pile)
                later = opp_later[t]
                rank = card.rank.value
                for h, code in enumerate(codes):
                    if not out[h]:
                        continue
                    held = code + later
                    # which of its cards of that rank it laid is chance: 1 / how many it held
                    out[h] /= (held >> (3 * (rank - 1))) & 7
                    choices = [r for r in order if held & _MASK[r]]
                    if len(choices) > 1 and choices[0] != rank:
                        out[h] *= tremble / (len(choices) - 1)
            else:
                nxt = cards[j + 1][0] if j + 1 < len(cards) else None
                ended = j + 1 == len(cards) and not current
                after = count + card.value
                opp_had_cards = bool(opp_later[t + 1]) or view.cards_left[opp] > 0
                if pass_count is None and after < 31 and opp_had_cards and (nxt == seat or ended):
                    pass_count = after
            pile = (*pile, card.rank.value)
            count += card.value
        if current and view.passed[opp] and pass_count is None:
            pass_count = count
        if (  # the opponent laid last and the series ended: it could not lay again
            not current
            and count < 31
            and cards
            and cards[-1][0] == opp
            and pass_count is None
            and (view.cards_left[opp] > 0 or opp_later[index + len(cards)])
        ):
            pass_count = count
        if pass_count is not None:
            room = 31 - pass_count
            # every card the opponent held then, so every card it holds now, was too big to lay
            for h, code in enumerate(codes):
                if out[h] and any(code & _MASK[r] for r in range(1, 14) if _VALUE[r] <= room):
                    out[h] = 0.0
        index += len(cards)
    return out


def _unseen_cards(view: SeatView) -> list[Card]:
    seen = {*view.hand, *view.discards, *(c for _, c in view.played)}
    if view.starter is not None:
        seen.add(view.starter)
    return [c for c in full_deck() if c not in seen]


def _crib_distribution(view: SeatView, unseen: Sequence[Card]) -> tuple[float, ...]:
    """The crib's points: this seat's discards with two of the unseen cards, every pair alike."""
    assert view.starter is not None
    mine = view.discards
    counts: dict[int, int] = {}
    if len(mine) == 2:
        for a, b in combinations(unseen, 2):
            points = hand_total((mine[0], mine[1], a, b), view.starter, True)
            counts[points] = counts.get(points, 0) + 1
    else:  # not this seat's discards (should not happen with two players): a typical crib
        return (1.0,)
    size = max(counts) + 1
    total = sum(counts.values())
    return tuple(counts.get(k, 0) / total for k in range(size))


def peg_values(
    view: SeatView,
    *,
    win_view: bool | None = None,
    evidence: bool = True,
    tremble: float = TREMBLE,
    discard_evidence: bool = True,
) -> PegAdvice:
    """Every legal card of this seat's turn in the play, with its value (see the module docs).

    ``win_view=None`` turns the win view on when a side can reach the target this deal
    (:func:`~cribbage_core.tables.winprob.ends_this_deal`); ``True``/``False`` force it (two players).
    ``evidence=False`` weighs the opponent's hands by the deal alone; ``tremble`` is the
    weight kept for each play the model would not have made (:data:`TREMBLE`).
    ``discard_evidence=True`` (the default: the expert's and the grader's values) also weighs
    them by how likely a player in the opponent's role keeps those four cards
    (:mod:`cribbage_core.tables.keeps`); ``False`` reads the opponent's plays alone.
    """
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        raise IllegalMove(f"seat {view.seat} is not to lay a card now (phase {view.phase.value})")
    cards = sorted({c for c in view.hand if view.count + c.value <= 31})
    if not cards:
        return PegAdvice((), False, notes=("go",))
    if view.config.players != 2:
        return _one_reply(view, cards)
    _bound_forced()
    with _no_cyclic_collection():
        return _two_players(view, cards, win_view, evidence, tremble, discard_evidence)


@contextmanager
def _no_cyclic_collection() -> Iterator[None]:
    """Hold Python's cyclic garbage collector during a search.

    A search makes hundreds of thousands of small tuples and lists (keys, groups of hands)
    and no reference cycles, so the collector, which runs after every few hundred new
    objects and then walks the large caches of play-outs, finds nothing and costs about a
    tenth of the search. Nothing is lost: it runs again afterwards (if it was on).
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def opponent_hands(
    view: SeatView,
    *,
    evidence: bool = True,
    tremble: float = TREMBLE,
    discard_evidence: bool = True,
) -> list[tuple[tuple[int, ...], float]]:
    """The opponent's possible hands (as sorted ranks) with their chances, as the pegging values weigh them.

    Two players only. Every multiset of ranks the opponent could hold among the cards this seat
    has not seen, weighted by the ways to deal it, then by the evidence of this hand's play
    (see the module docs; ``tremble=0`` keeps only the hands whose model would have played
    exactly so; by default also by the opponent's keep, ``discard_evidence=False`` leaves it out).

    >>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS")
    >>> hands = opponent_hands(view)
    >>> len(hands), round(sum(p for _, p in hands), 9)
    (1802, 1.0)
    """
    codes, weights = _weights(view, evidence, tremble, discard_evidence)
    return [(_ranks_of(code), w) for code, w in zip(codes, weights)]


def _ranks_of(code: int) -> tuple[int, ...]:
    return tuple(r for r in range(1, 14) for _ in range((code >> (3 * (r - 1))) & 7))


def _weights(
    view: SeatView, evidence: bool, tremble: float, discard_evidence: bool = False
) -> tuple[list[int], list[float]]:
    opp = 1 - view.seat
    pool = [0] * 14
    for c in _unseen_cards(view):
        pool[c.rank] += 1
    codes, weights = _rank_hands(pool, view.cards_left[opp])
    if evidence:
        weights = _evidence(view, opp, codes, weights, tremble)
    if discard_evidence and view.config.players == 2:
        weights = _kept(view, opp, codes, weights)
    keep = [i for i, w in enumerate(weights) if w > 0]
    if not keep:  # the evidence rules out every hand (not in a legal game): weigh by the deal
        codes, weights = _rank_hands(pool, view.cards_left[opp])
        keep = list(range(len(codes)))
    total = sum(weights[i] for i in keep)
    return [codes[i] for i in keep], [weights[i] / total for i in keep]


def _kept(view: SeatView, opp: int, codes: list[int], weights: list[float]) -> list[float]:
    """Weights times the chance that the opponent, in its role, keeps its four cards (held + laid)."""
    laid = 0
    n_laid = 0
    for seat, card in view.played:
        if seat == opp:
            laid += _BIT[card.rank]
            n_laid += 1
    if view.cards_left[opp] + n_laid != 4:
        # the position does not show all four of its cards (a position typed with fewer cards
        # held than its plays leave): its keep cannot be read, so the discard says nothing
        return weights
    chance = keep_weights(view.dealer == opp)
    return [w * chance[code + laid] if w else 0.0 for code, w in zip(codes, weights)]


def _win_model(view: SeatView) -> _WinModel:
    """What the win view needs of a two-player position: scores, this seat's show, the crib."""
    seat, opp = view.seat, 1 - view.seat
    assert view.starter is not None
    target = view.config.target
    kept = [*view.hand, *(c for s, c in view.played if s == seat)]
    return _WinModel(
        my_need=target - view.scores[seat],
        opp_need=target - view.scores[opp],
        my_score=view.scores[seat],
        opp_score=view.scores[opp],
        dealer=view.dealer == seat,
        my_show=hand_total(kept, view.starter) if len(kept) == 4 else 0,
        opp_known=tuple(sorted(c.rank.value for s, c in view.played if s == opp)),
        starter_rank=view.starter.rank.value,
        crib=_crib_distribution(view, _unseen_cards(view)),
        target=target,
    )


def _two_players(
    view: SeatView,
    cards: list[Card],
    win_view: bool | None,
    evidence: bool,
    tremble: float,
    discard_evidence: bool,
    best_only: bool = False,
) -> PegAdvice:
    """The two-player values; ``best_only``: just enough of them to put the same card first
    (see :func:`best_play`; the other options are left out)."""
    seat = view.seat
    opp = 1 - seat
    assert view.starter is not None
    opp_k = view.cards_left[opp]
    codes, weights = _weights(view, evidence, tremble, discard_evidence)
    effective = 1.0 / sum(w * w for w in weights)
    pile = tuple(c.rank.value for c in view.pile)
    mine = tuple(sorted(c.rank.value for c in view.hand))
    hands = (codes, weights)
    opp_passed = view.passed[opp]
    target = view.config.target
    me_score, opp_score = view.scores[seat], view.scores[opp]
    dealer = view.dealer == seat
    use_win = ends_this_deal(me_score, opp_score, dealer, target) if win_view is None else win_view
    points_search = _Search(None)
    values: dict[int, tuple[float, float | None]] = {}
    win_search: _Search | None = None
    if use_win:
        model = _win_model(view)
        win_search = _Search(model)
    ranks = sorted({c.rank.value for c in cards})
    if best_only and win_search is not None:
        # the chance to win comes first: the points are needed only where the best chances tie
        wins = {}
        for r in ranks:
            chance = win_search.after_my_lay(
                pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
            )
            wins[r] = min(1.0, max(0.0, chance))
        firsts = {r: round(-w, 9) for r, w in wins.items()}  # as _sort_key
        best = min(firsts.values())
        ranks = [r for r in ranks if firsts[r] == best]
        for r in ranks:
            points = 0.0
            if len(ranks) > 1:
                points = points_search.after_my_lay(
                    pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
                )
            values[r] = (points, wins[r])
        cards = [c for c in cards if c.rank.value in values]
        ranks = []
    for r in ranks:
        points = points_search.after_my_lay(
            pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
        )
        win = None
        if win_search is not None:
            win = win_search.after_my_lay(
                pile, view.count, mine, r, hands, 1.0, 0, opp_k, opp_passed, 0, 0
            )
            win = min(1.0, max(0.0, win))  # a sum of weights that add to 1 can round past it
        values[r] = (points, win)
    options = [
        PegOption(
            c, play_points(pile, c.rank.value), values[c.rank.value][0], values[c.rank.value][1]
        )
        for c in cards
    ]
    options.sort(key=lambda o: _sort_key(o, use_win))
    return PegAdvice(tuple(options), use_win, len(codes), effective)


def best_play(view: SeatView, *, discard_evidence: bool = True) -> Card:
    """The card :func:`peg_values` puts first (``discard_evidence`` as there), with less work:
    in the win view the expected points are valued only for the ranks whose chances to win tie
    for the best, as they alone break the tie. What the expert bot plays.

    >>> view = values_view("5H 9C 4D 4S", pile="", starter="KD", discards="QH JS", scores=(115, 117))
    >>> best_play(view) == peg_values(view).best.card
    True
    """
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        raise IllegalMove(f"seat {view.seat} is not to lay a card now (phase {view.phase.value})")
    cards = sorted({c for c in view.hand if view.count + c.value <= 31})
    if not cards:
        raise IllegalMove(f"seat {view.seat} has no card that fits on {view.count}: a go")
    if view.config.players != 2:
        return _one_reply(view, cards).best.card
    _bound_forced()
    with _no_cyclic_collection():
        return _two_players(
            view, cards, None, True, TREMBLE, discard_evidence, best_only=True
        ).best.card


def opening_value(kept: Sequence[int], leads: bool, pool: Sequence[int] | None = None) -> float:
    """Expected points for minus against over a whole two-player play, before its first card.

    ``kept`` are this seat's four ranks (1-13); it leads when it is the pone (``leads``), else
    the opponent leads. The opponent holds four of the cards ``pool[r]`` per rank (default:
    the deck less ``kept``), every hand weighed by the ways to deal it, and plays by the model.
    This is the pegging term of the discard advice (``cribbage_core/tables/data/peg_table.json``).

    >>> opening_value((5, 5, 10, 10), leads=False) > opening_value((1, 6, 9, 13), leads=False)
    True
    """
    mine = tuple(sorted(kept))
    if len(mine) != 4 or not all(1 <= r <= 13 for r in mine):
        raise WrongNumberOfCards(f"a kept hand is four ranks 1-13, got {kept!r}")
    if pool is None:
        counts = [0] + [4] * 13
        for r in mine:
            counts[r] -= 1
        pool = counts
    codes, weights = _rank_hands(pool, 4)
    total = sum(weights)
    _bound_forced()
    search = _Search(None)
    hands = (codes, [w / total for w in weights])
    if leads:
        return max(
            search.after_my_lay((), 0, mine, r, hands, 1.0, 0, 4, False, 0, 0)
            for r in sorted(set(mine))
        )
    return search.theirs((), 0, mine, hands, 1.0, 0, 4, False, -1, 0, 0)


def _sort_key(option: PegOption, win: bool) -> tuple[float, ...]:
    first = -(option.win or 0.0) if win else 0.0
    return (round(first, 9), round(-option.points, 9), -option.card.value, option.card.order)


def _one_reply(view: SeatView, cards: list[Card]) -> PegAdvice:
    """Three or four players: points now minus (a partner: plus) the next seat's expected best reply."""
    unseen = _unseen_cards(view)
    pool = [0] * 14
    for c in unseen:
        pool[c.rank] += 1
    total = sum(pool)
    pile = tuple(c.rank.value for c in view.pile)
    n = view.config.players
    options = []
    for card in cards:
        r = card.rank.value
        now = _after(pile)[r]
        count = view.count + card.value
        nxt = (view.seat + 1) % n
        while nxt != view.seat and (view.cards_left[nxt] == 0 or view.passed[nxt]):
            nxt = (nxt + 1) % n
        reply = 0.0
        if nxt != view.seat and count < 31:
            k = view.cards_left[nxt]
            after = (*pile, r)
            ranked = sorted(
                ((play_points(after, s), s) for s in _legal(count) if pool[s]), reverse=True
            )
            covered = 0
            p_prev = 1.0
            for points, s in ranked:
                if points == 0:
                    break
                covered += pool[s]
                p_none = math.comb(total - covered, k) / math.comb(total, k) if total >= k else 0.0
                reply += (p_prev - p_none) * points
                p_prev = p_none
            if view.side_of(nxt) == view.my_side:
                reply = -reply
        options.append(PegOption(card, now, now - reply))
    options.sort(key=lambda o: _sort_key(o, False))
    return PegAdvice(tuple(options), False, model="one reply")


# ------------------------------------------------------------------ positions from text


def values_for(
    hand: str,
    pile: str = "",
    starter: str = "",
    discards: str = "",
    *,
    dealer: bool = False,
    opponent_cards: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
    win_view: bool | None = None,
) -> PegAdvice:
    """Values for a two-player position written as text (see :func:`values_view`): what ``peg`` prints."""
    view = values_view(
        hand,
        pile,
        starter,
        discards,
        dealer=dealer,
        opponent_cards=opponent_cards,
        scores=scores,
        target=target,
    )
    return peg_values(view, win_view=win_view)


def values_view(
    hand: str,
    pile: str = "",
    starter: str = "",
    discards: str = "",
    *,
    dealer: bool = False,
    opponent_cards: int | None = None,
    scores: tuple[int, int] = (0, 0),
    target: int = 121,
) -> SeatView:
    """Seat 0's view of a two-player position in the play, written as text.

    ``hand``: this seat's cards still held; ``pile``: the cards of the current series, in order,
    laid alternately and ending with the opponent's (so this seat is to lay); ``starter``;
    ``discards``: this seat's two cards in the crib (default: two unseen cards chosen for it,
    the lowest unused). ``opponent_cards``: how many the opponent still holds (default: as many
    as the alternation leaves it). ``scores``: (this seat's, the opponent's).
    """
    mine = parse_cards(hand)
    laid = parse_cards(pile) if pile.strip() else ()
    start = parse_cards(starter) if starter.strip() else ()
    thrown = parse_cards(discards) if discards.strip() else ()
    if not 1 <= len(mine) <= 4:
        raise WrongNumberOfCards(f"the hand in the play holds 1-4 cards, got {len(mine)}")
    if len(start) > 1:
        raise WrongNumberOfCards(f"one starter, got {len(start)}")
    if thrown and len(thrown) != 2:
        raise WrongNumberOfCards(f"two cards in the crib, got {len(thrown)}")
    every = [*mine, *laid, *start, *thrown]
    parse_cards([str(c) for c in every])  # DuplicateCard names the card
    deck = [c for c in full_deck() if c not in every]
    if not start:
        start = (deck.pop(),)
    if not thrown:
        thrown = (deck.pop(0), deck.pop(0))
    # who laid what: alternately, the last card the opponent's
    me, opp = 0, 1
    seats = [(opp if (len(laid) - 1 - i) % 2 == 0 else me) for i in range(len(laid))]
    mine_laid = seats.count(me)
    opp_laid = seats.count(opp)
    if len(mine) + mine_laid > 4:
        raise WrongNumberOfCards(
            f"{len(mine)} cards held and {mine_laid} laid in this series make more than 4"
        )
    opp_k = 4 - opp_laid if opponent_cards is None else opponent_cards
    if not 0 <= opp_k <= 4 - opp_laid:
        raise WrongNumberOfCards(f"the opponent can hold 0-{4 - opp_laid} cards here, got {opp_k}")
    count = sum(c.value for c in laid)
    if count > 31:
        raise IllegalMove(f"the series counts {count}: the count never passes 31")
    played = tuple(zip(seats, laid))
    config = GameConfig(players=2, target=target)
    legal_cards = [c for c in mine if count + c.value <= 31]
    view = SeatView(
        seat=me,
        config=config,
        phase=Phase.PLAY,
        hand_no=1,
        dealer=me if dealer else opp,
        to_act=me,
        hand=tuple(mine),
        discards=tuple(thrown),
        discarded=(True, True),
        cards_left=(len(mine), opp_k),
        starter=start[0],
        pile=tuple(laid),
        count=count,
        played=played,
        series_starts=(0,),
        passed=(False, False),
        hands_shown=None,
        crib=None,
        scores=scores,
        log=(),
        result=None,
        legal=(),
    )
    if not legal_cards:
        raise IllegalMove(
            f"no card of {' '.join(map(str, mine))} fits on a count of {count}: that is a go"
        )
    return view
