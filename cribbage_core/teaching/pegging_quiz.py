"""Questions for the pegging quiz: a realistic two-player play, cut at a card to score.

:func:`pegging_question` simulates the play of one hand (four cards each, pone
leads, players alternate, "go" when a player cannot lay, the count resets after
a go or 31) and stops at one card: the question is what that card scores,
including the go or last-card point when the series ends with it.

The question is always answerable from what is shown: a go point is only
asked about when the opponent has already said go (or has no cards left), so
the learner can see the series is over; 31 and the last card of the play are
always visible.

Every seed picks a target kind (a fifteen, 31, a pair, a pair royal, a double
pair royal, runs of 3 to 7, a go, the last card, several at once, or nothing)
and simulates deals until a card scores it, so every kind comes up over time.

>>> q = pegging_question(11)
>>> q == pegging_question(11), q.total == q.play.total + q.go_points
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from cribbage_core.cards import Card, Rank, Suit, shuffled_deck
from cribbage_core.kinds import ScoreKind
from cribbage_core.pegging import MAX_COUNT, PlayScore, can_lay, count_of, score_play

__all__ = [
    "TARGETS",
    "PlayStep",
    "PeggingQuestion",
    "pegging_question",
    "question_kinds",
]

#: What a question can be about; each seed aims at one of these.
TARGETS: Final[tuple[str, ...]] = (
    ScoreKind.FIFTEEN,
    ScoreKind.THIRTY_ONE,
    ScoreKind.PAIR,
    ScoreKind.PAIR_ROYAL,
    ScoreKind.DOUBLE_PAIR_ROYAL,
    "run of 3",
    "run of 4",
    "run of 5",
    "run of 6",
    "run of 7",
    ScoreKind.GO,
    ScoreKind.LAST_CARD,
    "combination",
    "nothing",
)

#: Relative frequency of each target (the rare ones less often, but never never).
_WEIGHTS: Final = (10, 7, 9, 4, 2, 6, 4, 3, 2, 1, 8, 6, 8, 5)

_GAMES_PER_TARGET: Final = 400


@dataclass(frozen=True, slots=True)
class PlayStep:
    """One thing that happened in the play: a card laid, or a player saying go.

    ``seat`` 0 is the learner ("you", who lays the card asked about), 1 the
    opponent. ``count`` is the running count after the step; ``series`` counts
    resets (0 for the first series).
    """

    seat: int
    card: Card | None  # None: the player said go
    count: int
    series: int

    @property
    def is_go(self) -> bool:
        """Whether this step is a player saying go."""
        return self.card is None


@dataclass(frozen=True, slots=True)
class PeggingQuestion:
    """A play cut at the card asked about (the last step, laid by seat 0)."""

    seed: int
    target: str
    dealer: int
    steps: tuple[PlayStep, ...]
    your_cards_left: tuple[Card, ...]
    opponent_cards_left: int
    opponent_said_go: bool
    play: PlayScore
    go_kind: ScoreKind | None  # GO, LAST_CARD, or None
    total: int

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards of the current series, the last one being the card asked about."""
        return self.play.pile

    @property
    def go_points(self) -> int:
        """1 for a go or the last card, else 0."""
        return 1 if self.go_kind else 0

    @property
    def kinds(self) -> frozenset[str]:
        """Every kind the card scores (see :func:`question_kinds`)."""
        return question_kinds(self.play, self.go_kind)


def question_kinds(play: PlayScore, go_kind: ScoreKind | None) -> frozenset[str]:
    """The kinds a laid card scores, as in :data:`TARGETS` (runs named ``"run of N"``).

    >>> from cribbage_core import score_play
    >>> sorted(map(str, question_kinds(score_play("AD 7C 7H"), None)))
    ['combination', 'fifteen', 'pair']
    >>> sorted(question_kinds(score_play("KD 2C"), None))
    ['nothing']
    """
    kinds: set[str] = {
        f"run of {len(item.cards)}" if item.kind == ScoreKind.RUN else item.kind
        for item in play.items
    }
    if go_kind:
        kinds.add(go_kind)
    if len(kinds) >= 2:
        kinds.add("combination")
    if not kinds:
        kinds.add("nothing")
    return frozenset(kinds)


# ------------------------------------------------------------------ simulation


def _rigged_hands(target: str, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """Two four-card hands; for rare targets, dealt from cards that make it possible."""
    deck = shuffled_deck(rng)
    wanted: list[Card] = []
    if target == ScoreKind.DOUBLE_PAIR_ROYAL:
        rank = Rank(rng.randint(1, 7))
        wanted = [Card.of(rank, suit) for suit in Suit]
    elif target == ScoreKind.PAIR_ROYAL:
        rank = Rank(rng.randint(1, 10))
        wanted = [Card.of(rank, suit) for suit in rng.sample(list(Suit), 3)]
    elif target.startswith("run of "):
        length = int(target.removeprefix("run of "))
        if length >= 4:
            low = rng.randint(1, 8 - length) if length < 7 else 1
            wanted = [Card.of(Rank(low + i), rng.choice(list(Suit))) for i in range(length)]
    if wanted:
        rest = [card for card in deck if card not in wanted]
        deck = wanted + rest[: 8 - len(wanted)]
        rng.shuffle(deck)
    return deck[0:8:2], deck[1:8:2]


def _choose(hand: Sequence[Card], pile: Sequence[Card], count: int, rng: random.Random) -> Card:
    """A plausible player: usually the card scoring most now, sometimes any legal card."""
    legal = [card for card in hand if can_lay(card, count)]
    if rng.random() < 0.3:
        return rng.choice(legal)
    best = max(score_play((*pile, card)).total for card in legal)
    return rng.choice([card for card in legal if score_play((*pile, card)).total == best])


@dataclass(frozen=True, slots=True)
class _Cut:
    steps: tuple[PlayStep, ...]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    said_go: tuple[bool, bool]
    play: PlayScore
    go_kind: ScoreKind | None


def _simulate(dealer: int, hands: tuple[list[Card], list[Card]], rng: random.Random) -> list[_Cut]:
    """Play one hand out; return every card laid that makes an answerable question.

    Seats here are absolute (0 and 1); the caller turns the layer into "you".
    """
    held = [list(hands[0]), list(hands[1])]
    steps: list[PlayStep] = []
    cuts: list[_Cut] = []
    pile: list[Card] = []
    series = 0
    said_go = [False, False]
    turn = 1 - dealer  # pone leads
    while held[0] or held[1]:
        if not any(can_lay(card, count_of(pile)) for card in held[turn]):
            # this player cannot lay: says go (only when holding cards)
            if held[turn] and not said_go[turn]:
                said_go[turn] = True
                steps.append(PlayStep(turn, None, count_of(pile), series))
            turn = 1 - turn
            continue
        card = _choose(held[turn], pile, count_of(pile), rng)
        held[turn].remove(card)
        pile.append(card)
        count = count_of(pile)
        steps.append(PlayStep(turn, card, count, series))
        other = 1 - turn
        anyone_can_lay = any(can_lay(c, count) for c in held[0] + held[1])
        series_over = count == MAX_COUNT or not anyone_can_lay
        go_kind = None
        if series_over and count < MAX_COUNT:
            go_kind = ScoreKind.LAST_CARD if not (held[0] or held[1]) else ScoreKind.GO
        # answerable: the learner sees whether the series is over
        opponent_visibly_out = said_go[other] or not held[other]
        answerable = not (series_over and count < MAX_COUNT and not opponent_visibly_out)
        if answerable:
            cuts.append(
                _Cut(
                    tuple(steps),
                    (tuple(held[turn]), tuple(held[other])),
                    (said_go[turn], said_go[other]),
                    score_play(pile),
                    go_kind,
                )
            )
        if series_over:
            pile = []
            series += 1
            said_go = [False, False]
            turn = other if held[other] else turn
        else:
            turn = other
    return cuts


def can_lay_any(hand: Sequence[Card], count: int) -> bool:
    """Whether any card of ``hand`` can be laid on ``count``."""
    return any(can_lay(card, count) for card in hand)


def pegging_question(seed: int, target: str | None = None) -> PeggingQuestion:
    """The pegging question for ``seed`` (optionally aimed at one of :data:`TARGETS`).

    Deterministic: the same seed (and target) always gives the same question.

    >>> q = pegging_question(5, target=ScoreKind.THIRTY_ONE)
    >>> q.play.count, ScoreKind.THIRTY_ONE in q.kinds
    (31, True)
    """
    rng = random.Random(seed)
    if target is None:
        target = rng.choices(TARGETS, weights=_WEIGHTS)[0]
    elif target not in TARGETS:
        raise ValueError(f"unknown target {target!r}: choose one of {', '.join(TARGETS)}")
    fallback: tuple[int, _Cut] | None = None
    for _ in range(_GAMES_PER_TARGET):
        dealer = rng.randint(0, 1)
        cuts = _simulate(dealer, _rigged_hands(target, rng), rng)
        hits = [cut for cut in cuts if target in question_kinds(cut.play, cut.go_kind)]
        if hits:
            return _question(seed, target, dealer, rng.choice(hits))
        if fallback is None and cuts:
            fallback = (dealer, rng.choice(cuts))
    assert fallback is not None  # every play has answerable cards (at least its last one)
    return _question(seed, target, fallback[0], fallback[1])


def _question(seed: int, target: str, dealer: int, cut: _Cut) -> PeggingQuestion:
    """Renumber seats so the player laying the asked card is seat 0 ("you")."""
    you = cut.steps[-1].seat
    steps = tuple(PlayStep(0 if s.seat == you else 1, s.card, s.count, s.series) for s in cut.steps)
    return PeggingQuestion(
        seed=seed,
        target=target,
        dealer=0 if dealer == you else 1,
        steps=steps,
        your_cards_left=cut.hands[0],
        opponent_cards_left=len(cut.hands[1]),
        opponent_said_go=cut.said_go[1],
        play=cut.play,
        go_kind=cut.go_kind,
        total=cut.play.total + (1 if cut.go_kind else 0),
    )
