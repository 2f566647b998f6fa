"""Deals for the "Count the hand" quiz: seeded, optionally rich in one feature.

A deal is a pure function of its seed, its mode (hand or crib) and its focus,
so a page can put the seed in the URL and a reload shows the same hand.

>>> deal = deal_hand(7)
>>> deal == deal_hand(7), len(deal.hand), deal.score.total == score_hand(deal.hand, deal.starter).total
(True, 4, True)
>>> deal_hand(7, focus="nobs").score.of_kind("nobs") != ()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from cribbage_core.cards import Card, shuffled_deck
from cribbage_core.errors import CribbageError
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, HandScore, score_hand

__all__ = ["FOCUSES", "HandDeal", "deal_hand", "has_focus", "likely_missed", "MAX_TRIES"]

#: The focus filters: hands rich in one feature (the last two are the kinds of the same name).
FOCUSES: Final = ("double run", "four-card fifteen", ScoreKind.FLUSH, ScoreKind.NOBS)

#: How many deals rejection sampling tries before it gives up (never reached in practice:
#: the rarest focus, a five-card crib flush, comes up about once in 500 deals).
MAX_TRIES: Final = 100_000


@dataclass(frozen=True, slots=True)
class HandDeal:
    """One quiz deal: four cards, the starter, whether it is a crib, and its score."""

    seed: int
    hand: tuple[Card, ...]
    starter: Card
    is_crib: bool
    focus: str | None
    score: HandScore


def has_focus(score: HandScore, focus: str) -> bool:
    """Whether a scored hand shows the feature ``focus`` (one of :data:`FOCUSES`).

    >>> has_focus(score_hand("3H 3S 4C 5D", "KS"), "double run")
    True
    >>> has_focus(score_hand("2H 3S 4C 6D", "KS"), "four-card fifteen")
    True

    In a crib the flush focus is four crib cards of one suit, whatever the starter: with a
    starter of another suit they score no flush at all, the trap the focus exists to show.

    >>> has_focus(score_hand("2H 4H 6H 8H", "KS", is_crib=True), "flush")
    True
    """
    if focus == "double run":
        runs = [len(item.cards) for item in score.of_kind(ScoreKind.RUN)]
        return any(runs.count(length) >= 2 for length in set(runs))
    if focus == "four-card fifteen":
        return any(len(item.cards) >= 4 for item in score.fifteens)
    if focus == ScoreKind.FLUSH and score.is_crib:
        return len({card.suit for card in score.hand}) == 1  # scoring or not: see deal_hand
    if focus in (ScoreKind.FLUSH, ScoreKind.NOBS):
        return bool(score.of_kind(focus))
    raise CribbageError(f"unknown focus {focus!r}: choose one of {', '.join(FOCUSES)}")


def deal_hand(seed: int, is_crib: bool = False, focus: str | None = None) -> HandDeal:
    """Deal four cards and a starter from ``seed``; with ``focus``, redeal until it shows.

    The same arguments always give the same deal (rejection sampling draws
    from one ``random.Random(seed)``). A crib's flush focus deals five-card flushes and
    the four-card trap (no flush in a crib) about equally often.

    >>> deal_hand(3, focus="flush").score.of_kind("flush")[0].points >= 4
    True
    >>> deal_hand(1, focus="sevens")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.CribbageError: unknown focus 'sevens': choose one of double run, four-card fifteen, flush, nobs
    """
    if focus is not None and focus not in FOCUSES:
        raise CribbageError(f"unknown focus {focus!r}: choose one of {', '.join(FOCUSES)}")
    rng = random.Random(seed)
    # A crib's flush practice: half its deals are five-card flushes, half the trap (four crib
    # cards of one suit, a starter of another: no flush), decided by the seed.
    five_card = rng.random() < 0.5 if is_crib and focus == ScoreKind.FLUSH else None
    for _ in range(MAX_TRIES):
        deck = shuffled_deck(rng)
        hand, starter = tuple(deck[:4]), deck[4]
        score = score_hand(hand, starter, is_crib=is_crib)
        if (focus is None or has_focus(score, focus)) and (
            five_card is None or (starter.suit == hand[0].suit) == five_card
        ):
            return HandDeal(seed, hand, starter, is_crib, focus, score)
    raise CribbageError(
        f"no {focus} deal found in {MAX_TRIES} tries from seed {seed}"
    )  # pragma: no cover


def likely_missed(score: HandScore, answer: int) -> tuple[ScoreKind, ...]:
    """The kinds a learner who answered ``answer`` most likely missed (or over-counted).

    When the answer is short, these are the kinds whose points (alone or a
    single item of them) make up the gap: 1 short with nobs in the hand is
    "nobs"; 2 short is a fifteen or a pair. When no kind explains the gap
    exactly, every kind present is returned, most points first. An answer
    over the total returns ``()``: nothing was missed.

    >>> s = score_hand("5H 5S JC 10D", "5C")  # 3 fives, J, 10 with nobs
    >>> likely_missed(s, s.total - 1)
    (<ScoreKind.NOBS: 'nobs'>,)
    >>> likely_missed(s, s.total - 6) == ("fifteen", "pair")  # three fifteens, or the pair royal
    True
    """
    gap = score.total - answer
    if gap <= 0:
        return ()
    by_kind = score.points_by_kind()
    exact: list[ScoreKind] = []
    for kind in HAND_KINDS:
        items = score.of_kind(kind)
        if not items:
            continue
        if by_kind[kind] == gap or any(item.points == gap for item in items):
            exact.append(kind)
        elif gap % 2 == 0 and kind in (ScoreKind.FIFTEEN, ScoreKind.PAIR) and by_kind[kind] >= gap:
            exact.append(kind)
    if exact:
        return tuple(exact)
    present = [kind for kind in HAND_KINDS if by_kind[kind]]
    return tuple(sorted(present, key=lambda kind: -by_kind[kind]))
