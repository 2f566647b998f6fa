"""Counting a hand by finding its combinations: the learner names each one, this grades them.

A *claim* is one combination the learner says is there: a kind (fifteen, pair, run, flush or
nobs) and the cards they selected for it. :func:`check_claim` judges a claim by the rules
themselves (the cards add up to 15; two cards of one rank; three or more consecutive ranks,
not part of a longer run; four hand cards of one suit, or all five, and only all five in a
crib; the jack in the hand of the starter's suit), not by looking the claim up in
:func:`~cribbage_core.scoring.score_hand`'s items, so the two can be tested against each
other: the claims that are combinations are exactly the hand's items.

:func:`grade_combinations` grades a whole answer: each claim found or not a combination (with
the :class:`Flaw` that says why), and every item of the hand nobody claimed, missed.

>>> from cribbage_core import score_hand, parse_cards
>>> score = score_hand("5H 10S 6C 8D", "KC")
>>> check_claim(score, Claim.of("fifteen", parse_cards("5H 10S"))).found
True
>>> bad = check_claim(score, Claim.of("fifteen", parse_cards("6C 8D")))
>>> bad.flaw, bad.detail
(<Flaw.FIFTEEN_SUM: 'fifteen sum'>, 14)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from cribbage_core.cards import Card, Rank
from cribbage_core.errors import CardNotInHand, IllegalMove
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS, HandScore, ScoreItem

__all__ = [
    "Claim",
    "ClaimVerdict",
    "CombinationGrade",
    "Flaw",
    "check_claim",
    "claim_points",
    "grade_combinations",
    "item_key",
]


class Flaw(StrEnum):
    """Why a claim is not a combination (each is its own message on the page)."""

    FIFTEEN_SUM = "fifteen sum"  # the cards add up to ``detail``, not 15
    PAIR_RANKS = "pair ranks"  # two cards of different ranks
    PAIR_SIZE = "pair size"  # not two cards
    PAIR_ROYAL = "pair royal"  # three or four of one rank claimed as one pair
    RUN_SHORT = "run short"  # fewer than three cards
    RUN_SAME_RANK = "run same rank"  # two cards of one rank (a double run: one run at a time)
    RUN_GAP = "run gap"  # the ranks are not consecutive
    RUN_LONGER = "run longer"  # part of a longer run (``detail``: its length)
    FLUSH_SUIT = "flush suit"  # not all one suit
    FLUSH_CARDS = "flush cards"  # not the four hand cards nor all five
    FLUSH_FIVE = "flush five"  # four of the hand's suit, and the starter too: one flush of five
    FLUSH_CRIB = "flush crib"  # a crib's four cards of one suit without the starter score nothing
    NOBS_NOT_JACK = "nobs not jack"  # nobs is one jack of the hand (with the starter)
    NOBS_SUIT = "nobs suit"  # the jack is not of the starter's suit
    NOBS_STARTER = "nobs starter"  # the jack is the starter (his heels, scored at the cut)
    REPEAT = "repeat"  # the same combination claimed before


#: The kinds a claim may name, in the order players count them.
CLAIM_KINDS: Final = HAND_KINDS


class Claim(NamedTuple):
    """One combination the learner names: its kind and the cards selected for it."""

    kind: ScoreKind
    cards: frozenset[Card]

    @staticmethod
    def of(kind: ScoreKind | str, cards: Iterable[Card]) -> Claim:
        """A claim from a kind (or its word) and any iterable of cards.

        >>> from cribbage_core import parse_cards
        >>> Claim.of("pair", parse_cards("5H 5S")).kind
        <ScoreKind.PAIR: 'pair'>
        """
        found = ScoreKind(kind)
        if found not in CLAIM_KINDS:
            raise IllegalMove(f"a claim is a {', '.join(CLAIM_KINDS)}; got {kind!r}")
        return Claim(found, frozenset(cards))


def claim_points(claim: Claim) -> int:
    """What the claim says it is worth: 2 a fifteen or pair, a card a point in a run or flush, 1 nobs.

    >>> from cribbage_core import parse_cards
    >>> claim_points(Claim.of("run", parse_cards("3H 4S 5C 6D")))
    4
    """
    if claim.kind in (ScoreKind.FIFTEEN, ScoreKind.PAIR):
        return 2
    if claim.kind in (ScoreKind.RUN, ScoreKind.FLUSH):
        return len(claim.cards)
    return 1


class ClaimVerdict(NamedTuple):
    """A judged claim: ``flaw`` None when it is a combination; ``detail`` a number the flaw
    names (the sum of a wrong fifteen, the length of the longer run)."""

    claim: Claim
    flaw: Flaw | None = None
    detail: int = 0

    @property
    def found(self) -> bool:
        """Whether the claim is one of the hand's combinations."""
        return self.flaw is None

    @property
    def points(self) -> int:
        """The points the claim said."""
        return claim_points(self.claim)


def item_key(item: ScoreItem | Claim) -> tuple[ScoreKind, frozenset[Card]]:
    """What identifies a combination: its kind and its cards (nobs: the jack alone)."""
    cards = frozenset(item.cards)
    if item.kind == ScoreKind.NOBS:
        cards = frozenset(c for c in cards if c.rank is Rank.JACK)
    return (item.kind, cards)


def _fifteen(cards: frozenset[Card]) -> tuple[Flaw | None, int]:
    total = sum(c.value for c in cards)
    return (None, 0) if total == 15 else (Flaw.FIFTEEN_SUM, total)


def _pair(cards: frozenset[Card]) -> tuple[Flaw | None, int]:
    ranks = {c.rank for c in cards}
    if len(ranks) == 1 and len(cards) > 2:
        return Flaw.PAIR_ROYAL, len(cards)
    if len(cards) != 2:
        return Flaw.PAIR_SIZE, len(cards)
    return (None, 0) if len(ranks) == 1 else (Flaw.PAIR_RANKS, 0)


def _run(cards: frozenset[Card], five: Sequence[Card]) -> tuple[Flaw | None, int]:
    ranks = sorted(int(c.rank) for c in cards)
    if len(ranks) < 3:
        return Flaw.RUN_SHORT, len(ranks)
    if len(set(ranks)) < len(ranks):
        return Flaw.RUN_SAME_RANK, 0
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        return Flaw.RUN_GAP, 0
    present = {int(c.rank) for c in five}
    low, high = ranks[0], ranks[-1]
    while low - 1 in present:
        low -= 1
    while high + 1 in present:
        high += 1
    longest = high - low + 1
    return (None, 0) if longest == len(ranks) else (Flaw.RUN_LONGER, longest)


def _flush(cards: frozenset[Card], score: HandScore) -> tuple[Flaw | None, int]:
    hand = frozenset(score.hand)
    hand_suits = {c.suit for c in score.hand}
    if (
        score.is_crib
        and len(hand_suits) == 1
        and hand <= cards
        and score.starter.suit not in hand_suits
    ):
        return Flaw.FLUSH_CRIB, 0
    if len({c.suit for c in cards}) > 1:
        return Flaw.FLUSH_SUIT, 0
    if cards == hand | {score.starter}:
        return None, 0
    if cards != hand:
        return Flaw.FLUSH_CARDS, len(cards)
    if score.starter.suit in hand_suits:
        return Flaw.FLUSH_FIVE, 0
    return (Flaw.FLUSH_CRIB, 0) if score.is_crib else (None, 0)


def _nobs(cards: frozenset[Card], score: HandScore) -> tuple[Flaw | None, int]:
    starter = score.starter
    in_hand = cards - {starter}
    if starter.rank is Rank.JACK and not in_hand:
        return Flaw.NOBS_STARTER, 0
    if len(in_hand) != 1 or next(iter(in_hand)).rank is not Rank.JACK:
        return Flaw.NOBS_NOT_JACK, 0
    return (None, 0) if next(iter(in_hand)).suit is starter.suit else (Flaw.NOBS_SUIT, 0)


def check_claim(score: HandScore, claim: Claim) -> ClaimVerdict:
    """Judge one claim by the rules against the five cards of ``score`` (the hand and starter).

    Cards outside the five raise :class:`~cribbage_core.errors.CardNotInHand` (a page offers
    only the five); an empty claim raises :class:`~cribbage_core.errors.IllegalMove`.

    >>> from cribbage_core import score_hand, parse_cards
    >>> score = score_hand("3H 3S 4C 5D", "6S")  # a double run of four
    >>> check_claim(score, Claim.of("run", parse_cards("3H 4C 5D"))).flaw
    <Flaw.RUN_LONGER: 'run longer'>
    >>> check_claim(score, Claim.of("run", parse_cards("3H 3S 4C 5D 6S"))).flaw
    <Flaw.RUN_SAME_RANK: 'run same rank'>
    >>> check_claim(score, Claim.of("run", parse_cards("3S 4C 5D 6S"))).found
    True
    """
    five = (*score.hand, score.starter)
    cards = claim.cards
    if not cards:
        raise IllegalMove("a claim needs at least one card")
    strangers = cards - frozenset(five)
    if strangers:
        shown = " ".join(sorted(str(c) for c in strangers))
        raise CardNotInHand(f"{shown}: not among the hand's cards and the starter")
    if claim.kind == ScoreKind.FIFTEEN:
        flaw, detail = _fifteen(cards)
    elif claim.kind == ScoreKind.PAIR:
        flaw, detail = _pair(cards)
    elif claim.kind == ScoreKind.RUN:
        flaw, detail = _run(cards, five)
    elif claim.kind == ScoreKind.FLUSH:
        flaw, detail = _flush(cards, score)
    else:
        flaw, detail = _nobs(cards, score)
    return ClaimVerdict(claim, flaw, detail)


@dataclass(frozen=True, slots=True)
class CombinationGrade:
    """A whole answer graded: every claim in the learner's order, and what nobody claimed.

    ``claims``: each claim's verdict (a repeat of a found one is :attr:`Flaw.REPEAT`);
    ``missed``: the hand's items no claim found, in the scorer's order; ``total``: the hand's score.
    """

    claims: tuple[ClaimVerdict, ...]
    missed: tuple[ScoreItem, ...]
    total: int

    @property
    def found(self) -> tuple[ClaimVerdict, ...]:
        """The claims that are combinations of the hand."""
        return tuple(v for v in self.claims if v.found)

    @property
    def wrong(self) -> tuple[ClaimVerdict, ...]:
        """The claims that are not (with why)."""
        return tuple(v for v in self.claims if not v.found)

    @property
    def said(self) -> int:
        """The learner's running count at the end: every claim's points, right or wrong."""
        return sum(v.points for v in self.claims)

    @property
    def counted(self) -> int:
        """The points of the combinations found."""
        return sum(v.points for v in self.found)

    @property
    def correct(self) -> bool:
        """Every combination found and nothing else claimed."""
        return not self.missed and not self.wrong

    @property
    def kinds_missed(self) -> tuple[ScoreKind, ...]:
        """The kinds of the combinations missed and of the claims that were not combinations."""
        kinds = {item.kind for item in self.missed} | {v.claim.kind for v in self.wrong}
        return tuple(kind for kind in HAND_KINDS if kind in kinds)


def grade_combinations(score: HandScore, claims: Iterable[Claim]) -> CombinationGrade:
    """Grade the learner's claims against the hand: found, not a combination (why), missed.

    >>> from cribbage_core import score_hand, parse_cards
    >>> score = score_hand("5H 5S JC 10D", "4S")  # four fifteens (a five and a ten) and a pair: 10
    >>> grade = grade_combinations(score, [Claim.of("pair", parse_cards("5H 5S")),
    ...                                    Claim.of("fifteen", parse_cards("5H 10D"))])
    >>> grade.counted, grade.total, [str(i) for i in grade.missed]
    (4, 10, ['fifteen 5♠ 10♦ = 2', 'fifteen 5♠ J♣ = 2', 'fifteen 5♥ J♣ = 2'])
    >>> grade.kinds_missed, grade.correct
    ((<ScoreKind.FIFTEEN: 'fifteen'>,), False)
    """
    verdicts: list[ClaimVerdict] = []
    seen: set[tuple[ScoreKind, frozenset[Card]]] = set()
    for claim in claims:
        verdict = check_claim(score, claim)
        if verdict.found:
            key = item_key(claim)
            if key in seen:
                verdict = ClaimVerdict(claim, Flaw.REPEAT)
            seen.add(key)
        verdicts.append(verdict)
    missed = tuple(item for item in score.items if item_key(item) not in seen)
    return CombinationGrade(tuple(verdicts), missed, score.total)
