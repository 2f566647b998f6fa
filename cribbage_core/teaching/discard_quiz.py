"""Deals and explanations for the discard trainer: what to throw to the crib.

A deal is a pure function of its seed and options (players, role, difficulty),
so a page can put the seed in the URL and a reload shows the same hand. The
grading is :func:`cribbage_core.coach.advisor.advise`, unchanged: the page's answer
is the advisor's answer.

:func:`explain` compares the learner's discard with the best one from the
numbers (expected hand, signed crib) and from what each keep holds before the
starter (pairs, runs, fifteens, a flush) and what each throw gives the crib.
It returns structured facts, not sentences, so the app can word them in any
language.

>>> deal = deal_discard(11)
>>> deal == deal_discard(11), len(deal.hand), deal.advice.best.rank
(True, 6, 1)
>>> deal_discard(11, players=3).advice.players, len(deal_discard(11, players=3).hand)
(3, 5)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from cribbage_core.cards import Card, Rank, full_deck, parse_cards, shuffled_deck  # noqa: F401 - parse_cards: the doctests
from cribbage_core.coach.advisor import Advice, DiscardOption, advise, hand_points
from cribbage_core.coach.grades import close_call
from cribbage_core.errors import CribbageError, WrongNumberOfCards
from cribbage_core.seats import Role

__all__ = [
    "DIFFICULTIES",
    "CLOSE_GAP",
    "FAR_GAP",
    "TIE",
    "MAX_TRIES",
    "DiscardDeal",
    "deal_discard",
    "gap_of",
    "matches_difficulty",
    "ev_loss",
    "is_best",
    "is_good",
    "close_options",
    "KeepShape",
    "keep_shape",
    "Fact",
    "Reason",
    "explain",
    "starter_scores",
]

#: Difficulty filters: "close" deals hands whose best and second-best nets are
#: within :data:`CLOSE_GAP`; "far" deals hands where the best is ahead by at
#: least :data:`FAR_GAP` (about a quarter and a third of all 2-player hands).
DIFFICULTIES: Final = ("close", "far")
CLOSE_GAP: Final = 0.25
FAR_GAP: Final = 1.5
#: Nets that differ by less than this are the same when shown to the hundredth:
#: such a discard counts as a best one (the advisor's tie rule).
TIE: Final = 0.005
MAX_TRIES: Final = 10_000


@dataclass(frozen=True, slots=True)
class DiscardDeal:
    """One trainer deal: the dealt hand, the seat's role, and the advisor's full advice."""

    seed: int
    players: int
    role: Role
    difficulty: str | None
    hand: tuple[Card, ...]
    advice: Advice

    @property
    def throw(self) -> int:
        """How many cards to lay away: 2 with two players, 1 with three."""
        return len(self.hand) - 4

    @property
    def gap(self) -> float:
        """How far the best net is ahead of the second best."""
        return gap_of(self.advice)


def gap_of(advice: Advice) -> float:
    """The best net minus the second-best net (0 for a tie)."""
    return advice.options[0].net - advice.options[1].net


def matches_difficulty(advice: Advice, difficulty: str | None) -> bool:
    """Whether the advice fits a difficulty filter (``None``: any hand).

    >>> matches_difficulty(advise("5H 5S 5C JD 2S 9C", Role.DEALER), None)
    True
    """
    if difficulty is None:
        return True
    if difficulty == "close":
        return gap_of(advice) <= CLOSE_GAP
    if difficulty == "far":
        return gap_of(advice) >= FAR_GAP
    raise CribbageError(
        f"unknown difficulty {difficulty!r}: choose one of {', '.join(DIFFICULTIES)}"
    )


def deal_discard(
    seed: int,
    players: int = 2,
    role: Role | None = None,
    difficulty: str | None = None,
) -> DiscardDeal:
    """Deal a hand to discard from, from ``seed``.

    ``players`` is 2 (6 cards, throw 2) or 3 (5 cards, throw 1). ``role`` is
    the dealer (your crib) or the pone (the opponent's crib); ``None`` picks
    one from the seed. With ``difficulty``, deals again until the hand fits
    (:func:`matches_difficulty`). The same arguments always give the same deal.

    >>> deal_discard(5, role=Role.PONE).role
    <Role.PONE: 'pone'>
    >>> deal_discard(5, difficulty="far").gap >= FAR_GAP
    True
    >>> deal_discard(5, players=4)
    Traceback (most recent call last):
    ...
    cribbage_core.errors.WrongNumberOfCards: the trainer deals for 2 players (6 cards) or 3 (5 cards), not 4
    """
    if players not in (2, 3):
        raise WrongNumberOfCards(
            f"the trainer deals for 2 players (6 cards) or 3 (5 cards), not {players}"
        )
    if role is Role.PARTNER:
        raise CribbageError("the trainer's roles are dealer and pone (partner needs 4 players)")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise CribbageError(
            f"unknown difficulty {difficulty!r}: choose one of {', '.join(DIFFICULTIES)}"
        )
    rng = random.Random(seed)
    dealt = 6 if players == 2 else 5
    for _ in range(MAX_TRIES):
        hand = tuple(shuffled_deck(rng)[:dealt])
        seat = role if role is not None else rng.choice((Role.DEALER, Role.PONE))
        advice = advise(hand, seat, players)
        if matches_difficulty(advice, difficulty):
            return DiscardDeal(seed, players, seat, difficulty, hand, advice)
    raise CribbageError(
        f"no {difficulty} deal found in {MAX_TRIES} tries from seed {seed}"
    )  # pragma: no cover


def ev_loss(advice: Advice, discard: Sequence[Card]) -> float:
    """Expected points given up by throwing ``discard`` instead of the best (0 for the best).

    >>> advice = advise("5H 5S 5C JD 2S 9C", Role.DEALER)
    >>> ev_loss(advice, advice.best.discard)
    0.0
    """
    return advice.best.net - advice.option_for(discard).net


def is_best(advice: Advice, discard: Sequence[Card]) -> bool:
    """Whether ``discard`` is a best discard (ties to the hundredth count as best)."""
    return ev_loss(advice, discard) < TIE


def is_good(advice: Advice, discard: Sequence[Card]) -> bool:
    """Whether ``discard`` is the best or a close call to it (within
    :data:`~cribbage_core.coach.grades.CLOSE_CALL` points): accepted as right.

    >>> advice = advise("5H 5S 5C JD 2S 9C", Role.DEALER)
    >>> is_good(advice, advice.best.discard), is_good(advice, advice.options[-1].discard)
    (True, False)
    """
    return close_call(ev_loss(advice, discard))


def close_options(advice: Advice, discard: Sequence[Card] = ()) -> list[DiscardOption]:
    """The other throws within a close call of the best (not the best, not ``discard``)."""
    picked = frozenset(discard)
    return [
        o
        for o in advice.options[1:]
        if close_call(advice.best.net - o.net) and frozenset(o.discard) != picked
    ]


# ----------------------------------------------------------- the explanation


@dataclass(frozen=True, slots=True)
class KeepShape:
    """What four kept cards score before the starter, by category, and the ranks in them."""

    fifteens: int
    pairs: tuple[Rank, ...]  # ranks held two or more times
    run: tuple[Rank, ...]  # the longest run of distinct ranks (3+), else ()
    flush: bool
    jacks: int
    fives: int


def keep_shape(keep: Sequence[Card]) -> KeepShape:
    """The shape of a kept hand: fifteens points, pairs, longest run, flush, jacks and fives.

    >>> s = keep_shape(parse_cards("5H 5S 4C 6D"))
    >>> s.fifteens, [r.symbol for r in s.pairs], [r.symbol for r in s.run], s.flush
    (4, ['5'], ['4', '5', '6'], False)
    """
    cards = tuple(keep)
    counts = Counter(c.rank for c in cards)
    fifteens = 2 * sum(
        1
        for n in range(2, len(cards) + 1)
        for combo in combinations(cards, n)
        if sum(c.value for c in combo) == 15
    )
    pairs = tuple(sorted(r for r, k in counts.items() if k >= 2))
    ranks = sorted(counts)
    best_run: tuple[Rank, ...] = ()
    start = 0
    for i in range(1, len(ranks) + 1):
        if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
            if i - start >= 3 and i - start > len(best_run):
                best_run = tuple(ranks[start:i])
            start = i
    return KeepShape(
        fifteens=fifteens,
        pairs=pairs,
        run=best_run,
        flush=len({c.suit for c in cards}) == 1 and len(cards) == 4,
        jacks=counts[Rank.JACK],
        fives=counts[Rank.FIVE],
    )


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing that separates two discards.

    ``kind`` is one of: ``"keeps_pair"`` (the best keeps a pair of ``rank``
    that the choice breaks or throws), ``"keeps_run"`` (the best keeps a run,
    ``ranks``), ``"more_fifteens"`` (the best keeps ``best`` points of fifteens
    before the starter, the choice ``chosen``), ``"keeps_flush"``,
    ``"threw_five"`` (the choice gives the opponent's crib a five),
    ``"threw_pair"`` (the choice gives the opponent's crib a pair),
    ``"threw_fifteen"`` (the choice gives the opponent's crib two cards making
    fifteen), ``"crib_pair"`` (the best lays a pair in your own crib),
    ``"crib_five"`` (the best lays a five in your own crib).
    """

    kind: str
    rank: Rank | None = None
    ranks: tuple[Rank, ...] = ()
    best: int = 0
    chosen: int = 0


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the best discard beats the chosen one, from the numbers.

    ``loss`` = best net - chosen net. ``hand_gain`` = best expected hand -
    chosen expected hand. ``crib_gain`` = the same for the signed crib (what
    the crib is worth to you: positive when the best's throw is better for
    you). ``driver`` says which made the difference: ``"same"`` (the choice is
    a best one), ``"both"`` (the best is ahead in hand and crib), ``"hand"``
    (more in hand outweighs the crib), ``"crib"`` (the crib outweighs less in
    hand).
    """

    role: Role
    best: DiscardOption
    chosen: DiscardOption
    loss: float
    hand_gain: float
    crib_gain: float
    driver: str
    facts: tuple[Fact, ...]


def _throw_facts(discard: Sequence[Card], prefix: str) -> list[Fact]:
    """What a discard puts in a crib: a pair, a fifteen, fives."""
    facts: list[Fact] = []
    ranks = [c.rank for c in discard]
    if len(discard) == 2 and ranks[0] == ranks[1]:
        facts.append(Fact(f"{prefix}_pair", rank=ranks[0]))
    elif len(discard) == 2 and sum(c.value for c in discard) == 15:
        facts.append(Fact(f"{prefix}_fifteen", ranks=tuple(sorted(ranks))))
    if Rank.FIVE in ranks and not facts:
        facts.append(Fact(f"{prefix}_five", rank=Rank.FIVE))
    return facts


def explain(advice: Advice, discard: Sequence[Card]) -> Reason:
    """Compare the learner's ``discard`` with the best one, in facts and numbers.

    >>> advice = advise("5H 5S JC 10D 2S 9C", Role.PONE)
    >>> reason = explain(advice, parse_cards("5S 9C"))
    >>> reason.driver, [f.kind for f in reason.facts]
    ('both', ['keeps_pair', 'more_fifteens', 'threw_five'])
    """
    chosen = advice.option_for(discard)
    best = advice.best
    loss = best.net - chosen.net
    hand_gain = best.hand_ev - chosen.hand_ev
    crib_gain = best.crib_ev - chosen.crib_ev
    if loss < TIE:
        driver = "same"
    elif hand_gain > 0 and crib_gain >= 0:
        driver = "both" if crib_gain >= TIE else "hand"
    elif hand_gain > 0:
        driver = "hand"
    else:
        driver = "crib"
    facts: list[Fact] = []
    if driver != "same":
        b, c = keep_shape(best.keep), keep_shape(chosen.keep)
        for rank in b.pairs:
            if rank not in c.pairs:
                facts.append(Fact("keeps_pair", rank=rank))
        if len(b.run) > len(c.run):
            facts.append(Fact("keeps_run", ranks=b.run))
        if b.fifteens > c.fifteens:
            facts.append(Fact("more_fifteens", best=b.fifteens, chosen=c.fifteens))
        if b.flush and not c.flush:
            facts.append(Fact("keeps_flush"))
        if advice.role is Role.PONE:
            chosen_gifts = _throw_facts(chosen.discard, "threw")
            best_gifts = {f.kind for f in _throw_facts(best.discard, "threw")}
            facts += [f for f in chosen_gifts if f.kind not in best_gifts]
        else:
            own = _throw_facts(best.discard, "crib")
            chosen_own = {f.kind for f in _throw_facts(chosen.discard, "crib")}
            facts += [f for f in own if f.kind not in chosen_own and f.kind != "crib_fifteen"]
    return Reason(advice.role, best, chosen, loss, hand_gain, crib_gain, driver, tuple(facts))


def starter_scores(keep: Sequence[Card], seen: Sequence[Card]) -> list[tuple[Card, int]]:
    """The kept hand's score with every possible starter (cards not in ``seen``), in deck order.

    >>> scores = starter_scores(parse_cards("5H 5S 5C JD"), parse_cards("5H 5S 5C JD 2S 9C"))
    >>> len(scores), max(points for _, points in scores)
    (46, 29)
    """
    unseen = [c for c in full_deck() if c not in set(seen)]
    return [(starter, hand_points(keep, starter)) for starter in unseen]
