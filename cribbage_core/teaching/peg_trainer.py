"""Positions for the pegging trainer: which card would you lay? Graded by the coach's pegging values.

:func:`peg_position` takes a seed and options and plays a two-player deal with medium bots
(scores drawn from a stage of a game, the dealer, the deal, the discards, the play) until one
seat faces a decision with a real choice; that seat is the learner. The same seed and
options always give the same position, so a page can keep the seed in its address. A rare
kind can take hundreds of deals to find (seconds), so the pages deal from a bank of such
positions built ahead of time (:func:`banked_position`, :mod:`cribbage_core.tables.peg_bank`):
a seed picks one, replayed card by card (:class:`PlayedDeal`) and valued in milliseconds.

A position has kinds (:class:`PegSpot`, used as a filter and as the weak-spot drill's
categories): leading a series, avoiding a count of 5 or 21, pairing (and the pair-royal
trap), runs, playing for the go and the last card, and the endgame (a side can reach the
target this deal, so the cards are weighed by the chance to win). Its difficulty is the gap
between the best and the second-best card (:data:`DIFFICULTIES`).

:func:`judge` grades a card by :func:`~cribbage_core.coach.peg_value.peg_values` (the position's
``advice``): points lost against the best card, or the chance to win lost near the end, the
grade (:mod:`cribbage_core.coach.grades`), the opponent's most likely reply, and facts for the
explanation, counted from the cards the learner has not seen (:func:`exposure`). Facts, not
sentences: the app words them in any language.

>>> position = peg_position(7)
>>> position == peg_position(7), position.advice.forced, position.view.to_act == position.view.seat
(True, False, True)
>>> verdict = judge(position, position.advice.best.card)
>>> verdict.grade.value, verdict.points_lost
('best', 0.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from cribbage_core.bots import Bot, bots_move, make_bot
from cribbage_core.cards import Card, Rank
from cribbage_core.coach.facts import Exposure, exposure, unseen_cards
from cribbage_core.coach.grades import Grade, grade
from cribbage_core.coach.peg_value import (
    PegAdvice,
    PegOption,
    opponent_hands,
    opponent_order,
    peg_values,
    play_points,
)
from cribbage_core.errors import CribbageError, IllegalMove
from cribbage_core.game import Discard, GameConfig, GameState, Go, Phase, Play, SeatView, new_game
from cribbage_core.kinds import PegSpot, ScoreKind
from cribbage_core.pegging import MAX_COUNT, score_play
from cribbage_core.tables.peg_bank import bank_entry
from cribbage_core.tables.winprob import ends_this_deal
from cribbage_core.teaching.pegging_quiz import PlayStep

__all__ = [
    "CHOICE_POINTS",
    "CHOICE_WIN",
    "CLOSE_GAP",
    "CLOSE_WIN_GAP",
    "DIFFICULTIES",
    "ENDGAME_SHARE",
    "FAR_GAP",
    "FAR_WIN_GAP",
    "MAX_DEALS",
    "SPOTS",
    "SPOT_WORDS",
    "Exposure",
    "PegPosition",
    "PlayedDeal",
    "PegSpot",
    "PegVerdict",
    "Reply",
    "banked_position",
    "exposure",
    "fits",
    "gap_of",
    "judge",
    "likely_reply",
    "matches_difficulty",
    "option_grade",
    "peg_position",
    "played_deal",
    "position_from",
    "real_choice",
    "spots_of",
    "start_scores",
    "unseen_cards",
]


#: Every kind, in the order the page lists them.
SPOTS: Final = tuple(PegSpot)
#: Each kind's short word, as a page's address spells it (``?kind=five21``).
SPOT_WORDS: Final = {
    "lead": PegSpot.LEAD,
    "five21": PegSpot.FIVE_21,
    "pairing": PegSpot.PAIRING,
    "runs": PegSpot.RUNS,
    "go": PegSpot.GO,
    "endgame": PegSpot.ENDGAME,
}
#: Difficulty filters, as on the discard trainer: "close" calls and "far" (clear winners).
DIFFICULTIES: Final = ("close", "far")
#: Close: the best card is ahead of the second best by less than this (points, or chance to win).
CLOSE_GAP: Final = 0.25
CLOSE_WIN_GAP: Final = 0.015
#: Clear winner: the best card is ahead by at least this.
FAR_GAP: Final = 1.0
FAR_WIN_GAP: Final = 0.05
#: A real choice: some legal card loses at least this much (an inaccuracy or worse, see grades).
CHOICE_POINTS: Final = 0.30
CHOICE_WIN: Final = 0.015
#: Deals simulated for one position before giving up (a kind and difficulty not found).
MAX_DEALS: Final = 400
#: Share of unfiltered seeds dealt from the end of a game (the endgame is rare otherwise).
ENDGAME_SHARE: Final = 0.15
_TARGET: Final = 121


@dataclass(frozen=True, slots=True)
class PegPosition:
    """One trainer position: the learner's view of the play, how it came about, and the values.

    ``view`` is the learner's seat's view (its turn in the play); ``steps`` the deal's play so
    far with seat 0 the learner and 1 the opponent (``PlayStep.series`` counts the series);
    ``advice`` the pegging values of every legal card (best first).
    """

    seed: int
    spot: PegSpot | None
    difficulty: str | None
    view: SeatView
    steps: tuple[PlayStep, ...]
    advice: PegAdvice

    @property
    def you_dealt(self) -> bool:
        """Whether the learner is the dealer (the crib is the learner's)."""
        return self.view.dealer == self.view.seat

    @property
    def scores(self) -> tuple[int, int]:
        """(the learner's score, the opponent's), before this card."""
        me = self.view.seat
        return self.view.scores[me], self.view.scores[1 - me]

    @property
    def needs(self) -> tuple[int, int]:
        """Points each side needs to win: (the learner, the opponent)."""
        target = self.view.config.target
        mine, theirs = self.scores
        return target - mine, target - theirs

    @property
    def kinds(self) -> frozenset[PegSpot]:
        """Every kind this position is (see :func:`spots_of`)."""
        return spots_of(self.view, self.advice)

    @property
    def gap(self) -> float:
        """How far the best card is ahead of the second best (see :func:`gap_of`)."""
        return gap_of(self.advice)

    @property
    def series(self) -> int:
        """The number of the series being played (0 for the first)."""
        return len(self.view.series_starts) - 1 if self.view.series_starts else 0

    @property
    def opponent_said_go(self) -> bool:
        """Whether the opponent has said go in this series (it lays no more in it)."""
        return bool(self.view.passed[1 - self.view.seat])

    @property
    def opponent_cards(self) -> int:
        """How many cards the opponent still holds."""
        return self.view.cards_left[1 - self.view.seat]


@dataclass(frozen=True, slots=True)
class Reply:
    """The opponent's most likely answer to a card: its rank (None: it says go or has laid out),
    its chance under the model, and the points it would score."""

    rank: Rank | None
    chance: float
    points: int
    expected: float


@dataclass(frozen=True, slots=True)
class PegVerdict:
    """A card judged by the pegging values: its grade and loss, the best card, and what to say why."""

    chosen: PegOption
    best: PegOption
    runner_up: PegOption
    grade: Grade
    points_lost: float
    win_lost: float | None
    reply: Reply
    best_reply: Reply
    exposure: Exposure
    best_exposure: Exposure

    @property
    def correct(self) -> bool:
        """A best card or a close call to it (graded best or good: within
        :data:`~cribbage_core.coach.grades.CLOSE_CALL` of the best), accepted as right."""
        return self.grade in (Grade.BEST, Grade.GOOD)

    @property
    def same_as_best(self) -> bool:
        """The learner laid the best card's rank (suits do not matter in the play)."""
        return self.chosen.card.rank == self.best.card.rank


# ------------------------------------------------------------------ kinds and difficulty


def _distinct(advice: PegAdvice) -> list[PegOption]:
    """One option per rank, best first."""
    seen: set[Rank] = set()
    out = []
    for option in advice.options:
        if option.card.rank not in seen:
            seen.add(option.card.rank)
            out.append(option)
    return out


def _losses(advice: PegAdvice) -> list[float]:
    """Each distinct rank's loss against the best: chance to win in the win view, else points."""
    options = _distinct(advice)
    if advice.win_view:
        return [
            options[0].win - o.win
            for o in options
            if o.win is not None and options[0].win is not None
        ]
    return [options[0].points - o.points for o in options]


def gap_of(advice: PegAdvice) -> float:
    """The best card's lead over the second-best rank: in points, or chance to win in the win view.

    >>> from cribbage_core.coach.peg_value import values_for
    >>> round(gap_of(values_for("5H 9C 4D 4S", starter="KD", discards="QH JS")), 2) > 0
    True
    """
    losses = _losses(advice)
    return losses[1] if len(losses) > 1 else 0.0


def real_choice(advice: PegAdvice) -> bool:
    """Two ranks or more, and one of them loses at least an inaccuracy's worth."""
    losses = _losses(advice)
    limit = CHOICE_WIN if advice.win_view else CHOICE_POINTS
    return len(losses) > 1 and max(losses) >= limit


def matches_difficulty(advice: PegAdvice, difficulty: str | None) -> bool:
    """Whether a position fits a difficulty filter (``None``: any)."""
    if difficulty is None:
        return True
    gap = gap_of(advice)
    close, far = (CLOSE_WIN_GAP, FAR_WIN_GAP) if advice.win_view else (CLOSE_GAP, FAR_GAP)
    if difficulty == "close":
        return gap < close
    if difficulty == "far":
        return gap >= far
    raise CribbageError(
        f"unknown difficulty {difficulty!r}: choose one of {', '.join(DIFFICULTIES)}"
    )


def _legal_cards(view: SeatView) -> list[Card]:
    return [c for c in view.hand if view.count + c.value <= MAX_COUNT]


def spots_of(view: SeatView, advice: PegAdvice) -> frozenset[PegSpot]:
    """The kinds of a position (the learner to lay, in ``view``):

    - ``LEAD``: the series is empty (the first card of the play, or after a go or 31);
    - ``FIVE_21``: some legal card would leave the count at 5 or 21;
    - ``PAIRING``: some legal card pairs the last card laid (a pair invites a pair royal);
    - ``RUNS``: some legal card makes a run, or leaves the last two cards within two ranks
      of each other (a run for the taking);
    - ``GO``: the opponent has said go or has no cards left, or the count is 21 or more;
    - ``ENDGAME``: the values weigh the chance to win (a side can reach the target this deal).
    """
    kinds: set[PegSpot] = set()
    pile = tuple(c.rank.value for c in view.pile)
    legal = _legal_cards(view)
    if not pile:
        kinds.add(PegSpot.LEAD)
    if any(view.count + c.value in (5, 21) for c in legal):
        kinds.add(PegSpot.FIVE_21)
    if pile and any(c.rank.value == pile[-1] for c in legal):
        kinds.add(PegSpot.PAIRING)
    for card in legal:
        r = card.rank.value
        makes_run = any(item.kind == ScoreKind.RUN for item in score_play((*view.pile, card)).items)
        if makes_run or (pile and r != pile[-1] and abs(r - pile[-1]) <= 2):
            kinds.add(PegSpot.RUNS)
            break
    opp = 1 - view.seat
    if view.passed[opp] or view.cards_left[opp] == 0 or view.count >= 21:
        kinds.add(PegSpot.GO)
    if advice.win_view:
        kinds.add(PegSpot.ENDGAME)
    return frozenset(kinds)


# ------------------------------------------------------------------ the simulation


def start_scores(rng: random.Random, endgame: bool) -> tuple[int, int]:
    """The scores at the start of a deal: from a stage of a game, or near its end."""
    if endgame:
        return rng.randint(96, 120), rng.randint(96, 120)
    while True:
        a = rng.randint(0, 110)
        b = max(0, min(115, a + round(rng.gauss(0, 12))))
        pair = (a, b) if rng.random() < 0.5 else (b, a)
        # ordinary positions are weighed by points: no side near enough to win this deal
        if not any(ends_this_deal(pair[s], pair[1 - s], s == 0) for s in (0, 1)):
            return pair


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal the trainer's bots played, card by card: what replays it without the bots.

    ``scores`` and ``dealer`` at the deal's start (by seat), ``deck`` the pone's six cards, the
    dealer's six and the starter, ``discards`` each seat's two cards for the crib, ``actions``
    the play in order (``None``: the seat to act said go).
    """

    scores: tuple[int, int]
    dealer: int
    deck: tuple[Card, ...]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    actions: tuple[Card | None, ...]

    def replay(self, upto: int) -> tuple[SeatView, tuple[PlayStep, ...]]:
        """The view of the seat to act after the first ``upto`` actions, and the play so far
        (seat 0 that seat); raises :class:`~cribbage_core.errors.IllegalMove` if the deal
        does not replay (a card not held, a go with a card that fits)."""
        state = new_game(random.Random(0), GameConfig(players=2, target=_TARGET), self.dealer)
        state = replace(state, scores=self.scores).deal(deck=self.deck)
        for seat in (0, 1):
            state = state.apply(Discard(seat, self.discards[seat]))
        steps: list[tuple[int, Card | None, int, int]] = []
        for card in self.actions[:upto]:
            if state.phase is not Phase.PLAY:
                raise IllegalMove("the deal's play is over before this position")
            seat = state.seat_to_act()
            steps.append(_step(state, seat, card))
            state = state.apply(Go(seat) if card is None else Play(seat, card))
        if state.phase is not Phase.PLAY:
            raise IllegalMove("the deal's play is over before this position")
        seat = state.seat_to_act()
        relative = tuple(PlayStep(0 if s == seat else 1, c, n, k) for s, c, n, k in steps)
        return state.view(seat), relative


def _step(before: GameState, seat: int, card: Card | None) -> tuple[int, Card | None, int, int]:
    """A play step in absolute seats: the seat, the card (None: go), the count after, the series."""
    series = len(before.series_starts) - 1
    return seat, card, before.count + (card.value if card else 0), series


def played_deal(
    rng: random.Random, scores: tuple[int, int]
) -> tuple[PlayedDeal, list[tuple[int, SeatView, tuple[PlayStep, ...]]]]:
    """Play one deal with medium bots from ``scores``: the deal, and every turn in the play
    with two ranks or more that fit (the number of actions before it, the view, the play so far)."""
    dealer = rng.randint(0, 1)
    bots: tuple[Bot, Bot] = (
        make_bot("medium", rng.randrange(1 << 30)),
        make_bot("medium", rng.randrange(1 << 30)),
    )
    state = new_game(rng, GameConfig(players=2, target=_TARGET), first_dealer=dealer)
    state = replace(state, scores=scores).deal(rng)
    pone = 1 - dealer
    deck = (*state.hands[pone], *state.hands[dealer], state.stock[0])
    while state.phase is Phase.DISCARD:
        state = bots_move(state, bots)
    discards = (state.discards[0], state.discards[1])
    found: list[tuple[int, SeatView, tuple[PlayStep, ...]]] = []
    steps: list[tuple[int, Card | None, int, int]] = []  # absolute seat, card, count after, series
    actions: list[Card | None] = []
    while state.phase is Phase.PLAY:
        seat = state.seat_to_act()
        view = state.view(seat)
        legal = {c.rank for c in _legal_cards(view)}
        if len(legal) > 1:
            relative = tuple(PlayStep(0 if s == seat else 1, c, n, k) for s, c, n, k in steps)
            found.append((len(actions), view, relative))
        before = state
        state = bots_move(state, bots)
        laid = len(state.played) > len(before.played)
        card = state.played[-1][1] if laid else None
        steps.append(_step(before, seat, card))
        actions.append(card)
    return PlayedDeal(scores, dealer, deck, discards, tuple(actions)), found


def _decisions(
    rng: random.Random, scores: tuple[int, int]
) -> list[tuple[SeatView, tuple[PlayStep, ...]]]:
    """Play one deal with medium bots; every turn in the play with two ranks or more that fit."""
    return [(view, steps) for _, view, steps in played_deal(rng, scores)[1]]


def position_from(
    seed: int,
    view: SeatView,
    steps: Sequence[PlayStep],
    spot: PegSpot | None = None,
    difficulty: str | None = None,
) -> PegPosition:
    """A position for a given view (the learner's turn in a two-player play), valued now."""
    if view.phase is not Phase.PLAY or view.to_act != view.seat or view.config.players != 2:
        raise IllegalMove("a trainer position is a two-player seat's turn in the play")
    return PegPosition(seed, spot, difficulty, view, tuple(steps), peg_values(view))


def peg_position(
    seed: int, spot: PegSpot | str | None = None, difficulty: str | None = None
) -> PegPosition:
    """The trainer position of ``seed``: of kind ``spot`` and ``difficulty`` when given.

    Deals are simulated (:data:`MAX_DEALS` at most) and each turn with a choice is tried in a
    random order until one has a real choice (:func:`real_choice`) and fits the filters.
    The same arguments always give the same position.

    >>> peg_position(3, PegSpot.LEAD).view.count, PegSpot.LEAD in peg_position(3, PegSpot.LEAD).kinds
    (0, True)
    >>> peg_position(3, "sideways")
    Traceback (most recent call last):
    ...
    cribbage_core.errors.CribbageError: unknown kind of position 'sideways': choose one of leading, 5 and 21, pairing, runs in the play, go and last card, endgame
    """
    spot = _checked(spot, difficulty)
    rng = random.Random(seed)
    for _ in range(MAX_DEALS):
        endgame = spot is PegSpot.ENDGAME or (spot is None and rng.random() < ENDGAME_SHARE)
        turns = _decisions(rng, start_scores(rng, endgame))
        rng.shuffle(turns)
        for view, steps in turns:
            if spot is not None and spot is not PegSpot.ENDGAME and not _cheap_kind(view, spot):
                continue
            if not endgame and _near_end(view):
                continue  # the play itself brought a side near the end: not what was drawn
            advice = peg_values(view)
            if fits(view, advice, spot, difficulty, endgame):
                return PegPosition(seed, spot, difficulty, view, steps, advice)
    raise CribbageError(
        f"no {spot or ''} {difficulty or ''} position found in {MAX_DEALS} deals from seed {seed}"
    )


def _near_end(view: SeatView) -> bool:
    me = view.seat
    return ends_this_deal(view.scores[me], view.scores[1 - me], view.dealer == me)


def fits(
    view: SeatView,
    advice: PegAdvice,
    spot: PegSpot | None,
    difficulty: str | None,
    endgame: bool,
) -> bool:
    """Whether a turn (``advice`` its values) is a trainer position of kind ``spot`` and
    ``difficulty`` (``None``: any), in a deal drawn from the end of a game (``endgame``) or not:
    the checks :func:`peg_position` makes, and the bank's builder and tests make.

    A real choice (:func:`real_choice`), of the difficulty (:func:`matches_difficulty`) and the
    kind (:func:`spots_of`); a deal drawn from the end of a game gives only positions of any
    kind or of the endgame, and one that is not gives none where the play itself brought a
    side near the end (no longer the stage of a game that was drawn).
    """
    if endgame and spot not in (None, PegSpot.ENDGAME):
        return False
    if not endgame and _near_end(view):
        return False
    if not real_choice(advice) or not matches_difficulty(advice, difficulty):
        return False
    return spot is None or spot in spots_of(view, advice)


def _checked(spot: PegSpot | str | None, difficulty: str | None) -> PegSpot | None:
    """The kind asked for; an unknown kind or difficulty raises ``CribbageError``."""
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise CribbageError(
            f"unknown difficulty {difficulty!r}: choose one of {', '.join(DIFFICULTIES)}"
        )
    if spot is None:
        return None
    try:
        return PegSpot(spot)
    except ValueError:
        raise CribbageError(
            f"unknown kind of position {spot!r}: choose one of {', '.join(SPOTS)}"
        ) from None


def banked_position(
    seed: int, spot: PegSpot | str | None = None, difficulty: str | None = None
) -> PegPosition:
    """The trainer position of ``seed`` from the bank built ahead of time: of kind ``spot`` and
    ``difficulty`` when given, in milliseconds whatever is asked.

    The bank (:mod:`cribbage_core.tables.peg_bank`, made by ``scripts/make_peg_trainer_bank.py``)
    holds turns that :func:`peg_position`'s own checks passed, filed by kind and difficulty; the
    seed picks one (the same seed, the same position) and the deal is replayed card by card and
    valued now.

    >>> position = banked_position(12, PegSpot.ENDGAME, "far")
    >>> position == banked_position(12, "endgame", "far"), PegSpot.ENDGAME in position.kinds
    (True, True)
    >>> matches_difficulty(position.advice, "far"), position.seed
    (True, 12)
    """
    spot = _checked(spot, difficulty)
    entry = bank_entry(seed, str(spot) if spot else None, difficulty)
    deal = PlayedDeal(entry.scores, entry.dealer, entry.deck, entry.discards, entry.play)
    view, steps = deal.replay(len(entry.play))
    return PegPosition(seed, spot, difficulty, view, steps, peg_values(view))


def _cheap_kind(view: SeatView, spot: PegSpot) -> bool:
    """Whether a turn is of ``spot`` by the position alone (every kind but the endgame)."""
    return spot in spots_of(view, PegAdvice((), False))


# ------------------------------------------------------------------ facts for the verdict


def likely_reply(
    view: SeatView, card: Card, hands: Sequence[tuple[tuple[int, ...], float]] | None = None
) -> Reply:
    """The opponent's most likely answer to ``card``, under the values' model of the opponent.

    Each hand the opponent may hold (:func:`~cribbage_core.coach.peg_value.opponent_hands`, weighed by
    the deal and by what it has laid) answers with its model's card (the order of
    :func:`~cribbage_core.coach.peg_value.opponent_order`; near the end a card that wins at once
    first); a hand with nothing that fits says go. After a 31 the opponent leads afresh.
    ``expected`` is the average points of the answer over every hand. ``hands``: the
    opponent's hands if already known (``opponent_hands(view)``).
    """
    opp = 1 - view.seat
    count = view.count + card.value
    pile = (*(c.rank.value for c in view.pile), card.rank.value)
    if count == MAX_COUNT:
        pile, count = (), 0
    if view.passed[opp] and count:
        return Reply(None, 1.0, 0, 0.0)
    if view.cards_left[opp] == 0:
        return Reply(None, 1.0, 0, 0.0)
    order = opponent_order(pile)
    need = view.config.target - view.scores[opp]
    if ends_this_deal(view.scores[view.seat], view.scores[opp], view.dealer == view.seat):
        winners = tuple(r for r in order if play_points(pile, r) >= need)
        order = winners + tuple(r for r in order if r not in winners)
    chances: dict[int, float] = {}
    for ranks, weight in opponent_hands(view) if hands is None else hands:
        held = set(ranks)
        answer = next((r for r in order if r in held), 0)
        chances[answer] = chances.get(answer, 0.0) + weight
    expected = sum(w * (play_points(pile, r) if r else 0) for r, w in chances.items())
    rank, chance = max(chances.items(), key=lambda item: (item[1], item[0]))
    if not rank:
        return Reply(None, chance, 0, expected)
    return Reply(Rank(rank), chance, play_points(pile, rank), expected)


def option_grade(position: PegPosition, card: Card | str) -> tuple[Grade, float, float | None]:
    """A legal card's grade, the points it gives up against the best card and (in the win view)
    the chance to win it gives up; the best card's rank gives up nothing."""
    advice = position.advice
    chosen = advice.option(card)  # IllegalMove for a card that is not a legal one
    if chosen.card.rank == advice.best.card.rank:
        return Grade.BEST, 0.0, (0.0 if advice.win_view else None)
    points_lost = advice.loss(chosen.card)
    win_lost = advice.win_loss(chosen.card)
    return grade(max(points_lost, 0.0), win_lost), points_lost, win_lost


def judge(position: PegPosition, card: Card | str) -> PegVerdict:
    """The verdict on laying ``card`` (one of the learner's legal cards) in ``position``.

    The loss is against the best card by the values' own measure: points, or near the end the
    chance to win (which then decides the grade).
    """
    advice = position.advice
    chosen = advice.option(card)
    best = advice.best
    distinct = _distinct(advice)
    runner_up = distinct[1] if len(distinct) > 1 else best
    graded, points_lost, win_lost = option_grade(position, chosen.card)
    view = position.view
    hands = opponent_hands(view)
    return PegVerdict(
        chosen=chosen,
        best=best,
        runner_up=runner_up,
        grade=graded,
        points_lost=points_lost,
        win_lost=win_lost,
        reply=likely_reply(view, chosen.card, hands),
        best_reply=likely_reply(view, best.card, hands),
        exposure=exposure(view, chosen.card),
        best_exposure=exposure(view, best.card),
    )
