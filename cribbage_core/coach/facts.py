"""Facts of a position, in cards: the one engine behind every "why" the tutor gives.

A teacher explains a choice in cards ("6♥ pairs the 6 for 2", "it breaks your 6-7-8 run"),
not in expected points. This module finds such facts for the three kinds of decision, as data
(a :class:`Fact`: a :class:`FactKind`, the cards, the figures), so the pegging trainer, the game
review, coach mode's warning and the review items word the same position the same way
(``tutor.lang.coach_words`` writes them as whole sentences in every language):

- a **card laid** (:func:`play_facts`): what it scores now (:attr:`FactKind.SCORES`), what it
  lets the next player score (:attr:`FactKind.EXPOSES`, counted over the cards the seat has not
  seen, rank by rank, as :func:`exposure` counts them for the pegging trainer), or that nothing
  unseen scores on it (:attr:`FactKind.SAFE`), and what it keeps back (:attr:`FactKind.KEEPS_PAIR`:
  the same rank still in hand, ready for three of a kind if the pair is answered);
- a **discard** (:func:`discard_facts`): what the kept cards hold before the cut
  (:attr:`FactKind.KEEPS`: a run, fifteens, a pair, a flush), what a choice broke that the best
  keep holds (:attr:`FactKind.BREAKS`), whose crib it is (:attr:`FactKind.CRIB`), and what the
  thrown cards give that crib (:attr:`FactKind.CRIB_GETS`: a pair, a fifteen, a 5, cards that
  touch for a run);
- a **count** (:func:`count_facts`): the combinations the claim left out (:attr:`FactKind.MISSED`).

Each fact is true of the position by the rules' own scorers; ``tests/core/coach/test_facts.py``
checks every fact of every decision of fifty bot games against a brute-force recount.

>>> from cribbage_core.cards import parse_cards
>>> [f.kind.value for f in discard_facts(parse_cards("6H 7D 8H KC 5S QD"), parse_cards("7D 8H"), dealer=False)]
['keeps', 'keeps', 'crib', 'crib gets', 'crib gets']
>>> [(f.kind.value, f.detail) for f in discard_facts(parse_cards("6H 7D 8H KC 5S QD"), parse_cards("KC QD"), dealer=True)][:2]
[('keeps', 'run'), ('keeps', 'fifteen')]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from cribbage_core.cards import Card, Rank, full_deck
from cribbage_core.errors import IllegalMove
from cribbage_core.game import SeatView
from cribbage_core.kinds import ScoreKind
from cribbage_core.pegging import MAX_COUNT, score_play
from cribbage_core.scoring import ScoreItem, score_hand
from cribbage_core.seats import Role

__all__ = [
    "REPLY_KINDS",
    "Exposure",
    "Fact",
    "FactKind",
    "count_facts",
    "discard_facts",
    "exposure",
    "keep_combinations",
    "play_facts",
    "unseen_cards",
]


class FactKind(enum.StrEnum):
    """What a fact says (see the module docs)."""

    SCORES = "scores"
    EXPOSES = "exposes"
    SAFE = "safe"
    KEEPS_PAIR = "keeps pair"
    KEEPS = "keeps"
    BREAKS = "breaks"
    CRIB = "crib"
    CRIB_GETS = "crib gets"
    MISSED = "missed"


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact, in cards.

    ``cards``: the cards it is about (the card laid; a combination; the thrown cards);
    ``detail``: the scoring kind where one applies (``"run"``, ``"pair"``, ...; for
    :attr:`FactKind.CRIB_GETS` also ``"five"`` or ``"touching"``); ``points``: what it scores
    (the card laid now, the combination, the most an unseen reply would score);
    ``count``: the count after a card laid; ``n`` and ``of``: how many of the unseen cards
    would score, of how many unseen; ``ranks``: the ranks that would score, with the kinds
    they score and how many unseen cards have each; ``mine``: for :attr:`FactKind.CRIB`, whether the crib is the chooser's own;
    ``kinds``: for :attr:`FactKind.SCORES`, every kind the card scores; ``role``: for the crib's
    facts, whose crib it is seen from the chooser (:class:`~cribbage_core.seats.Role`: yours, your
    partner's, an opponent's); ``players``: two, three or four, so the words can name the seats
    concerned (your opponent, the dealer, the next player, your opponents, your partner).
    """

    kind: FactKind
    cards: tuple[Card, ...]
    detail: str = ""
    points: int = 0
    count: int = 0
    n: int = 0
    of: int = 0
    ranks: tuple[tuple[Rank, tuple[ScoreKind, ...], int], ...] = ()
    mine: bool = False
    kinds: tuple[ScoreKind, ...] = ()
    role: Role | None = None
    players: int = 2


# ------------------------------------------------------------------ the play


@dataclass(frozen=True, slots=True)
class Exposure:
    """What a card leaves the opponent: the count after it, and the unseen cards that would score.

    ``unseen`` is how many cards the learner has not seen (the opponent's hand is among them);
    ``scoring`` how many of them would score if laid next (each counted once); ``by_kind``
    how many would score each kind (fifteen, thirty-one, pair / pair royal / double pair royal,
    run; a card may count under two kinds); ``tens`` whether the fifteen or 31 is made by a
    ten-card (10, J, Q, K); ``most`` the most one of them would score. ``new_series``: the card
    makes 31, so the opponent leads afresh and nothing scores on it. ``by_rank``: each rank
    that would score, the kinds it scores and how many unseen cards have it, lowest first.
    """

    card: Card
    count: int
    unseen: int
    scoring: int
    by_kind: tuple[tuple[ScoreKind, int], ...]
    tens: bool
    most: int
    new_series: bool
    by_rank: tuple[tuple[Rank, tuple[ScoreKind, ...], int], ...] = ()

    def of(self, kind: ScoreKind) -> int:
        """How many unseen cards would score ``kind``."""
        return dict(self.by_kind).get(kind, 0)


def unseen_cards(view: SeatView) -> list[Card]:
    """The cards this seat has not seen: not in its hand or discards, not laid, not the starter."""
    seen = {*view.hand, *view.discards, *(c for _, c in view.played)}
    if view.starter is not None:
        seen.add(view.starter)
    return [c for c in full_deck() if c not in seen]


#: The kinds an opponent's reply can score, in the order the coach names them.
REPLY_KINDS: Final = (
    ScoreKind.FIFTEEN,
    ScoreKind.THIRTY_ONE,
    ScoreKind.PAIR,
    ScoreKind.PAIR_ROYAL,
    ScoreKind.DOUBLE_PAIR_ROYAL,
    ScoreKind.RUN,
)


def exposure(view: SeatView, card: Card) -> Exposure:
    """What laying ``card`` leaves the opponent: the unseen cards that would score if laid next.

    Counted rank by rank over :func:`unseen_cards` (the cards the opponent may hold).

    >>> from cribbage_core.coach.peg_value import values_view
    >>> e = exposure(values_view("5H 9C 4D 4S", starter="KD", discards="QH JS"), Card.parse("5H"))
    >>> e.count, e.of(ScoreKind.FIFTEEN), e.tens, e.of(ScoreKind.PAIR)    # 16 ten-cards less KD, QH, JS
    (5, 13, True, 3)
    """
    unseen = unseen_cards(view)
    count = view.count + card.value
    if count > MAX_COUNT:
        raise IllegalMove(f"{card} takes the count past 31")
    if count == MAX_COUNT:
        return Exposure(card, count, len(unseen), 0, (), False, 0, True)
    pile = (*view.pile, card)
    by_rank: dict[Rank, list[Card]] = {}
    for c in unseen:
        by_rank.setdefault(c.rank, []).append(c)
    tally: dict[ScoreKind, int] = {}
    ranks: list[tuple[Rank, tuple[ScoreKind, ...], int]] = []
    scoring = most = 0
    tens = False
    for rank in sorted(by_rank):
        cards = by_rank[rank]
        probe, n = (
            cards[0],
            len(cards),
        )  # suits do not matter in the play: one card speaks for its rank
        if count + probe.value > MAX_COUNT:
            continue
        scored = score_play((*pile, probe))
        if not scored.total:
            continue
        scoring += n
        most = max(most, scored.total)
        ranks.append((rank, tuple(item.kind for item in scored.items), n))
        for item in scored.items:
            tally[item.kind] = tally.get(item.kind, 0) + n
            if item.kind in (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE) and probe.value == 10:
                tens = True
    by_kind = tuple((k, tally[k]) for k in REPLY_KINDS if tally.get(k))
    return Exposure(card, count, len(unseen), scoring, by_kind, tens, most, False, tuple(ranks))


def play_facts(view: SeatView, card: Card) -> list[Fact]:
    """What laying ``card`` (legal in ``view``, the seat's turn in the play) scores now, what it
    lets the next player score, and what it keeps back.

    >>> from cribbage_core.coach.peg_value import values_view
    >>> view = values_view("5H 9C 4D 4S", starter="KD", discards="QH JS")
    >>> [(f.kind.value, f.count, f.n) for f in play_facts(view, Card.parse("4D"))]
    [('exposes', 4, 2), ('keeps pair', 0, 0)]
    """
    facts: list[Fact] = []
    players = view.config.players
    scored = score_play((*view.pile, card))
    if scored.total:
        kinds = tuple(item.kind for item in scored.items)
        facts.append(
            Fact(
                FactKind.SCORES,
                (card,),
                kinds[0].value,
                scored.total,
                scored.count,
                kinds=kinds,
                players=players,
            )
        )
    e = exposure(view, card)
    if e.new_series:
        pass  # thirty-one: the count starts again, nothing scores on it (SCORES says so)
    elif e.scoring:
        facts.append(
            Fact(
                FactKind.EXPOSES,
                (card,),
                points=e.most,
                count=e.count,
                n=e.scoring,
                of=e.unseen,
                ranks=e.by_rank,
                players=players,
            )
        )
    else:
        facts.append(Fact(FactKind.SAFE, (card,), count=e.count, of=e.unseen, players=players))
    twins = tuple(c for c in view.hand if c != card and c.rank == card.rank)
    can_pair = any(rank == card.rank for rank, _, _ in e.by_rank)
    if players == 2 and twins and can_pair and e.count + 2 * card.value <= MAX_COUNT:
        # the twin can still be laid on the pair the opponent may answer with (with three or
        # four players another seat lays between, so the twin need not follow the pair)
        facts.append(Fact(FactKind.KEEPS_PAIR, (card, twins[0]), players=players))
    return facts


# ------------------------------------------------------------------ the discard


def keep_combinations(kept: Sequence[Card]) -> list[ScoreItem]:
    """What the kept cards score among themselves before the cut: every fifteen, every pair,
    each longest run (a double run as its runs), and a flush of all four.

    >>> from cribbage_core.cards import parse_cards
    >>> [(i.kind.value, i.points) for i in keep_combinations(parse_cards("6H 7D 8H 8C"))]
    [('fifteen', 2), ('fifteen', 2), ('pair', 2), ('run', 3), ('run', 3)]
    """
    cards = sorted(kept, key=lambda c: (c.rank, c.suit.value))
    items: list[ScoreItem] = []
    for size in range(2, len(cards) + 1):
        for combo in combinations(cards, size):
            if sum(c.value for c in combo) == 15:
                items.append(ScoreItem(ScoreKind.FIFTEEN, combo, 2))
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            items.append(ScoreItem(ScoreKind.PAIR, (a, b), 2))
    for size in range(len(cards), 2, -1):
        runs = [
            combo
            for combo in combinations(cards, size)
            if len({c.rank for c in combo}) == size
            and max(c.rank for c in combo) - min(c.rank for c in combo) == size - 1
        ]
        if runs:
            items.extend(ScoreItem(ScoreKind.RUN, combo, size) for combo in runs)
            break
    if len(cards) == 4 and len({c.suit for c in cards}) == 1:
        items.append(ScoreItem(ScoreKind.FLUSH, tuple(kept), 4))
    return items


def _touching(thrown: Sequence[Card]) -> bool:
    a, b = thrown
    return a.rank != b.rank and abs(a.rank - b.rank) <= 2


def discard_facts(
    dealt: Sequence[Card],
    thrown: Sequence[Card],
    dealer: bool | Role,
    best: Sequence[Card] | None = None,
    players: int = 2,
) -> list[Fact]:
    """What throwing ``thrown`` from ``dealt`` keeps, gives the crib and (against the ``best``
    throw, when another) breaks; ``dealer``: the crib is the chooser's own, or whose crib it is
    (a :class:`~cribbage_core.seats.Role`: with four players it may be the partner's).

    Order: what it breaks first, then what it keeps, whose crib it is, what the crib gets.

    >>> from cribbage_core.cards import parse_cards
    >>> [(f.role, f.mine) for f in discard_facts(parse_cards("6H 7D 8H KC 5S QD"), parse_cards("KC QD"),
    ...     Role.PARTNER, players=4) if f.kind is FactKind.CRIB]
    [(<Role.PARTNER: 'partner'>, True)]
    """
    role = dealer if isinstance(dealer, Role) else Role.DEALER if dealer else Role.PONE
    ours = role is not Role.PONE  # the crib counts for the chooser's side
    kept = [c for c in dealt if c not in thrown]
    mine = keep_combinations(kept)
    facts: list[Fact] = []
    if best is not None and set(best) != set(thrown):
        theirs = keep_combinations([c for c in dealt if c not in best])
        # broken: a combination of the best keep some of whose cards this throw gives away
        broken = [i for i in theirs if not set(i.cards) <= set(kept)]
        for item in _largest_first(broken):
            facts.append(
                Fact(FactKind.BREAKS, item.cards, item.kind.value, item.points, players=players)
            )
    for item in _largest_first(mine):
        facts.append(
            Fact(FactKind.KEEPS, item.cards, item.kind.value, item.points, players=players)
        )

    def crib(cards: tuple[Card, ...], detail: str = "", points: int = 0) -> Fact:
        kind = FactKind.CRIB_GETS if detail else FactKind.CRIB
        return Fact(kind, cards, detail, points, mine=ours, role=role, players=players)

    facts.append(crib(tuple(thrown)))
    if len(thrown) == 2:
        a, b = thrown
        if a.rank == b.rank:
            facts.append(crib((a, b), ScoreKind.PAIR.value, 2))
        if a.value + b.value == 15:
            facts.append(crib((a, b), ScoreKind.FIFTEEN.value, 2))
        if _touching(thrown):
            facts.append(crib((a, b), "touching"))
    for card in thrown:
        if card.rank == Rank.FIVE:
            facts.append(crib((card,), "five"))
            break
    return facts


def _largest_first(items: Sequence[ScoreItem]) -> list[ScoreItem]:
    """One item per kind worth naming: runs, flushes and pairs, then fifteens, biggest first."""
    order = {ScoreKind.RUN: 0, ScoreKind.FLUSH: 1, ScoreKind.PAIR: 2, ScoreKind.FIFTEEN: 3}
    return sorted(items, key=lambda i: (order.get(i.kind, 9), -i.points))


# ------------------------------------------------------------------ the count


def count_facts(cards: Sequence[Card], starter: Card, is_crib: bool, claimed: int) -> list[Fact]:
    """The combinations a claim below the hand's worth left out: the fewest items of the
    hand's score that make up the difference (the likeliest miss), else every item.

    >>> from cribbage_core.cards import parse_cards
    >>> [(f.detail, f.points) for f in count_facts(parse_cards("5H 6S 9C KD"), Card.parse("4C"), False, 4)]
    [('fifteen', 2), ('run', 3)]
    """
    score = score_hand(cards, starter, is_crib=is_crib)
    lost = score.total - claimed
    if lost <= 0:
        return []
    items = list(score.items)
    for size in range(1, min(4, len(items)) + 1):
        for combo in combinations(items, size):
            if sum(i.points for i in combo) == lost:
                return [Fact(FactKind.MISSED, i.cards, i.kind.value, i.points) for i in combo]
    return [Fact(FactKind.MISSED, i.cards, i.kind.value, i.points) for i in items]
