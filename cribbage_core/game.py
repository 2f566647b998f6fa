"""The whole game as an immutable state machine, for 2, 3 and 4 players.

Every action returns a *new* :class:`GameState`; an illegal action raises a
specific :class:`~cribbage_core.errors.IllegalMove` subclass (or
:class:`~cribbage_core.errors.WrongNumberOfCards`,
:class:`~cribbage_core.errors.DuplicateCard`,
:class:`~cribbage_core.errors.CountExceeded`) and the old state is untouched,
so undo is simply keeping the previous state.

Chance is explicit: only :func:`new_game` (the cut for deal) and
:meth:`GameState.deal` draw from an injected :class:`random.Random`, and
``deal(rng, deck=...)`` takes a scripted deck.

Phases: ``DEAL -> DISCARD -> PLAY -> SHOW -> DEAL ...`` until a side reaches
the target (at once, even mid-play or mid-show): ``GAME_OVER`` with
:attr:`GameState.result`.

>>> import random
>>> from cribbage_core import parse_cards
>>> state = new_game(random.Random(1), GameConfig(players=2), first_dealer=0)
>>> state = state.deal(deck=parse_cards("5H 5S 5C JD 2C 3C  KH QH 9S 8S 4D AD  5D"))
>>> state.phase, state.dealer, state.pone, state.hands[1]
(<Phase.DISCARD: 'discard'>, 0, 1, (Card.parse('5H'), Card.parse('5S'), Card.parse('5C'), Card.parse('JD'), Card.parse('2C'), Card.parse('3C')))
>>> state = state.apply(Discard(1, parse_cards("2C 3C"))).apply(Discard(0, parse_cards("4D AD")))
>>> state.starter, state.phase, state.to_act
(Card.parse('5D'), <Phase.PLAY: 'play'>, 1)
>>> state = state.apply(Play(1, Card.parse("5H"))).apply(Play(0, Card.parse("KH")))
>>> state.count, state.scores, state.log[-1].kind
(15, (2, 0), <ScoreKind.FIFTEEN: 'fifteen'>)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, fields
from itertools import combinations
from operator import attrgetter
from typing import Any, Final, NamedTuple, TypeAlias

from cribbage_core import seats
from cribbage_core.cards import Card, check_distinct, full_deck, shuffled_deck
from cribbage_core.errors import (
    CardNotInHand,
    CountExceeded,
    DuplicateCard,
    IllegalMove,
    InvalidCard,
    InvalidGameConfig,
    MustPlay,
    NotYourTurn,
    WrongNumberOfCards,
    WrongPhase,
)
from cribbage_core.kinds import EventPhase, ScoreKind
from cribbage_core.pegging import MAX_COUNT, score_play
from cribbage_core.result import GameResult, SkunkRule, judge
from cribbage_core.scoring import score_hand

__all__ = [
    "Phase",
    "GameConfig",
    "SkunkRule",
    "GameResult",
    "Event",
    "Discard",
    "Play",
    "Go",
    "Count",
    "Muggins",
    "ShortCount",
    "Action",
    "Counting",
    "GameState",
    "SeatView",
    "new_game",
    "cut_for_deal",
    "TARGETS",
]

#: The game lengths supported.
TARGETS: Final = (121, 61)


class Phase(enum.Enum):
    """Where a hand is: waiting for the deal, discarding, the play, the show, or the game is over."""

    DEAL = "deal"
    DISCARD = "discard"
    PLAY = "play"
    SHOW = "show"
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class GameConfig:
    """How the game is played: players (2, 3, or 4 as two partnerships), target, skunk rule, muggins.

    With ``muggins``, points a side counts short go to the next side after it. By default they go
    over at once, as the computer claims them; with ``muggins_called`` (a game between people)
    that side's seat chooses: the count waits for its :class:`Muggins` call or pass.

    >>> GameConfig(players=4, target=61).sides
    2
    >>> GameConfig(players=5)
    Traceback (most recent call last):
    ...
    cribbage_core.errors.InvalidGameConfig: players must be 2, 3 or 4 (4 = two partnerships), got 5
    """

    players: int = 2
    target: int = 121
    skunk_rule: SkunkRule = SkunkRule.SKUNK
    muggins: bool = False
    muggins_called: bool = False

    def __post_init__(self) -> None:
        if self.players not in (2, 3, 4) or type(self.players) is not int:
            raise InvalidGameConfig(
                f"players must be 2, 3 or 4 (4 = two partnerships), got {self.players!r}"
            )
        if self.target not in TARGETS or type(self.target) is not int:
            raise InvalidGameConfig(f"the target must be 121 or 61, got {self.target!r}")
        if not isinstance(self.skunk_rule, SkunkRule):
            raise InvalidGameConfig(
                f"skunk_rule must be a SkunkRule ({', '.join(r.name for r in SkunkRule)}), "
                f"got {self.skunk_rule!r}"
            )
        if self.muggins_called and not self.muggins:
            raise InvalidGameConfig("muggins_called is a way of playing muggins: turn muggins on")

    @property
    def sides(self) -> int:
        """How many sides score: one per player, or two teams with four players."""
        return 2 if self.players == 4 else self.players

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 6 with two players, else 5."""
        return 6 if self.players == 2 else 5

    @property
    def discard_size(self) -> int:
        """Cards each player lays away to the crib: 2 with two players, else 1."""
        return 2 if self.players == 2 else 1


class Event(NamedTuple):
    """One entry of the game log: a scoring event (or a card cut for deal, worth 0).

    ``phase`` is ``DEAL`` (cut for deal), ``STARTER`` (his heels), ``PLAY`` or
    ``SHOW_HAND`` / ``SHOW_CRIB`` (:class:`~cribbage_core.kinds.EventPhase`); ``kind`` is
    what was scored (:class:`~cribbage_core.kinds.ScoreKind`); ``side`` is the side
    whose score ``points`` were added to.
    """

    hand_no: int
    phase: EventPhase
    seat: int
    side: int
    kind: ScoreKind
    cards: tuple[Card, ...]
    points: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay ``cards`` away to the crib: 2 cards with two players, 1 with three or four."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.cards, tuple):
            object.__setattr__(self, "cards", tuple(self.cards))


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` in the play; it must not take the count past 31."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Go:
    """Say "go": only when the seat cannot lay any card without passing 31."""

    seat: int


@dataclass(frozen=True, slots=True)
class Count:
    """Count the hand (or crib) whose turn it is in the show.

    ``claimed=None`` claims exactly what it is worth. A lower claim scores
    only the claim (with muggins the next side scores the rest); a higher claim
    scores the true value.
    """

    seat: int
    claimed: int | None = None


@dataclass(frozen=True, slots=True)
class Muggins:
    """Answer a count claimed short (muggins called by the players): ``call=True`` says
    "Muggins!" and takes every point missed, ``call=False`` passes and takes none.

    Only the seat the points would go to may answer, and only while the count waits
    (:attr:`GameState.short_count`).
    """

    seat: int
    call: bool = True


Action: TypeAlias = Discard | Play | Go | Count | Muggins


class ShortCount(NamedTuple):
    """A count claimed short, waiting for muggins to be called or passed: ``seat`` claimed
    ``claimed`` of ``actual`` for the hand (or crib) being counted; ``caller`` may take the
    difference (:meth:`missed`)."""

    seat: int
    claimed: int
    actual: int
    caller: int

    @property
    def missed(self) -> int:
        """The points the count left out, which a call of muggins takes."""
        return self.actual - self.claimed


class Counting(NamedTuple):
    """One count of the show: whose hand (or crib) it is, its cards (without the starter), is it the crib."""

    seat: int
    cards: tuple[Card, ...]
    is_crib: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see: its own cards, everything laid face up, scores and the log.

    Bots decide from a view only; ``legal`` lists the actions this seat may take now.
    ``hands_shown`` is every seat's kept hand once they are all face up (the show);
    ``crib`` is ``None`` until the crib is turned up to be counted; ``short_count`` is a count
    claimed short that waits for muggins to be called or passed.
    """

    seat: int
    config: GameConfig
    phase: Phase
    hand_no: int
    dealer: int
    to_act: int | None
    hand: tuple[Card, ...]
    discards: tuple[Card, ...]
    discarded: tuple[bool, ...]
    cards_left: tuple[int, ...]
    starter: Card | None
    pile: tuple[Card, ...]
    count: int
    played: tuple[tuple[int, Card], ...]
    series_starts: tuple[int, ...]
    passed: tuple[bool, ...]
    hands_shown: tuple[tuple[Card, ...], ...] | None
    crib: tuple[Card, ...] | None
    scores: tuple[int, ...]
    log: tuple[Event, ...]
    result: GameResult | None
    legal: tuple[Action, ...]
    short_count: ShortCount | None = None

    @property
    def pone(self) -> int:
        """The seat on the dealer's left, who leads the play and counts first."""
        return seats.pone_of(self.dealer, self.config.players)

    def side_of(self, seat: int) -> int:
        """The side a seat scores for (its partnership with four players)."""
        return seats.side_of(seat, self.config.players)

    @property
    def my_side(self) -> int:
        """This seat's side."""
        return self.side_of(self.seat)


def cut_for_deal(
    rng: random.Random, players: int
) -> tuple[int, tuple[tuple[tuple[int, Card], ...], ...]]:
    """Cut for the first deal: each player cuts a card, the lowest rank deals; ties for lowest cut again.

    Returns the dealer and the rounds of cuts, each a tuple of ``(seat, card)``.

    >>> dealer, rounds = cut_for_deal(random.Random(7), 2)
    >>> dealer in (0, 1) and len(rounds[0]) == 2
    True
    """
    cutting = list(range(players))
    rounds: list[tuple[tuple[int, Card], ...]] = []
    while True:
        round_cuts = tuple(zip(cutting, rng.sample(full_deck(), len(cutting))))
        rounds.append(round_cuts)
        low = min(int(card.rank) for _, card in round_cuts)
        cutting = [seat for seat, card in round_cuts if int(card.rank) == low]
        if len(cutting) == 1:
            return cutting[0], tuple(rounds)


def new_game(
    rng: random.Random, config: GameConfig | None = None, first_dealer: int | None = None
) -> GameState:
    """A new game in phase DEAL. ``first_dealer=None`` cuts for deal (logged); else that seat deals.

    >>> s = new_game(random.Random(3), GameConfig(players=3))
    >>> s.phase, s.scores, {e.kind for e in s.log}
    (<Phase.DEAL: 'deal'>, (0, 0, 0), {<ScoreKind.CUT_FOR_DEAL: 'cut for deal'>})
    """
    cfg = config if config is not None else GameConfig()
    n = cfg.players
    log: tuple[Event, ...] = ()
    if first_dealer is None:
        dealer, rounds = cut_for_deal(rng, n)
        events = []
        for r, round_cuts in enumerate(rounds, 1):
            for seat, card in round_cuts:
                note = f"round {r}" + (": a tie for lowest cut again" if r > 1 else "")
                if r == len(rounds) and seat == dealer:
                    note += "; lowest card deals"
                side = seats.side_of(seat, n)
                events.append(
                    Event(0, EventPhase.DEAL, seat, side, ScoreKind.CUT_FOR_DEAL, (card,), 0, note)
                )
        log = tuple(events)
    else:
        if type(first_dealer) is not int or not 0 <= first_dealer < n:
            raise InvalidGameConfig(
                f"first_dealer must be a seat 0-{n - 1} or None, got {first_dealer!r}"
            )
        dealer = first_dealer
    return GameState(
        config=cfg,
        hand_no=0,
        dealer=dealer,
        scores=(0,) * cfg.sides,
        log=log,
        result=None,
        **awaiting_deal_fields(n),
    )


def awaiting_deal_fields(players: int) -> dict[str, Any]:
    """The fields of a state waiting for the next deal: no cards anywhere, no play, no show."""
    empty: tuple[tuple[Card, ...], ...] = ((),) * players
    return {
        "phase": Phase.DEAL,
        "to_act": None,
        "hands": empty,
        "discards": empty,
        "kept": empty,
        "crib": (),
        "starter": None,
        "stock": (),
        "pile": (),
        "count": 0,
        "played": (),
        "series_starts": (),
        "passed": (False,) * players,
        "last_layer": None,
        "show_step": 0,
    }


@dataclass(frozen=True, slots=True)
class GameState:
    """One moment of a game. Never mutated: :meth:`apply` and :meth:`deal` return new states.

    Fields (all tuples, per seat where it says so):

    - ``hands``: the cards each seat holds (in the play: not yet laid; in the show: the kept four)
    - ``discards``: what each seat laid away this hand; ``kept``: the four each seat kept
    - ``crib`` (the dealer's; with three players its deck card is there from the deal),
      ``starter`` (``None`` until everyone has discarded), ``stock`` (the undealt cards, hidden)
    - ``pile`` / ``count``: the current series of the play; ``played``: every ``(seat, card)``
      laid this hand, a new series starting at each index in ``series_starts``;
      ``passed``: who has said go in this series; ``last_layer``: who laid the last card
    - ``show_step``: 0..players-1 for the hands (pone first, clockwise), ``players`` for the crib
    - ``scores`` per side, ``log`` of every :class:`Event`, ``result`` once the game is over
      and ``ended_in``: the phase it ended in (``PLAY`` includes his heels, ``SHOW``)
    - ``short_count``: with muggins called by the players, a count claimed short that waits
      for its caller (``to_act``) to call muggins or pass; else ``None``
    """

    config: GameConfig
    phase: Phase
    hand_no: int
    dealer: int
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    kept: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    starter: Card | None
    stock: tuple[Card, ...] = field(repr=False)
    pile: tuple[Card, ...]
    count: int
    played: tuple[tuple[int, Card], ...]
    series_starts: tuple[int, ...]
    passed: tuple[bool, ...]
    last_layer: int | None
    show_step: int
    scores: tuple[int, ...]
    log: tuple[Event, ...] = field(repr=False)
    result: GameResult | None
    ended_in: Phase | None = None
    short_count: ShortCount | None = None

    # ------------------------------------------------------------------ seats

    @property
    def players(self) -> int:
        """The number of players."""
        return self.config.players

    @property
    def pone(self) -> int:
        """The seat on the dealer's left: leads the play and counts first."""
        return seats.pone_of(self.dealer, self.config.players)

    def side_of(self, seat: int) -> int:
        """The side a seat scores for: the seat itself, or ``seat % 2`` with four players."""
        return seats.side_of(seat, self.config.players)

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the target."""
        return self.phase is Phase.GAME_OVER

    def show_order(self) -> tuple[int, ...]:
        """The seats in the order their hands are counted: pone first, clockwise, dealer last."""
        n = self.config.players
        return tuple((self.dealer + 1 + i) % n for i in range(n))

    def counting(self) -> Counting | None:
        """In the show: what is to be counted next (seat, cards, is it the crib), else ``None``."""
        if self.phase is not Phase.SHOW:
            return None
        return self.counted(self.show_step)

    def counted(self, step: int) -> Counting:
        """What step ``step`` of this hand's show counts: the hands pone first, clockwise; the crib last.

        >>> state = new_game(random.Random(1), GameConfig(players=3), first_dealer=2).deal(random.Random(2))
        >>> [state.counted(step)[::2] for step in range(4)]
        [(0, False), (1, False), (2, False), (2, True)]
        """
        n = self.config.players
        if not 0 <= step <= n:
            raise ValueError(f"a show has steps 0-{n}, got {step}")
        if step == n:
            return Counting(self.dealer, self.crib, True)
        seat = self.show_order()[step]
        return Counting(seat, self.kept[seat], False)

    def must_discard(self) -> tuple[int, ...]:
        """In DISCARD: the seats that have not yet laid away their cards."""
        if self.phase is not Phase.DISCARD:
            return ()
        return tuple(seat for seat in range(self.config.players) if not self.discards[seat])

    def seat_to_act(self) -> int:
        """The seat whose move comes next: in DISCARD the first seat yet to lay away its cards
        (any of :meth:`must_discard` may, in any order), in PLAY and SHOW ``to_act``.

        Raises ``WrongPhase`` in DEAL and GAME_OVER, where no seat acts.

        >>> state = new_game(random.Random(1), GameConfig(), first_dealer=0).deal(random.Random(2))
        >>> state.must_discard(), state.seat_to_act()
        ((0, 1), 0)
        >>> state = state.apply(state.legal_for(0)[0])
        >>> state.seat_to_act(), state.apply(state.legal_for(1)[0]).seat_to_act()  # the pone leads
        (1, 1)
        """
        if self.phase is Phase.DISCARD:
            return self.must_discard()[0]
        if self.to_act is None:
            raise WrongPhase(f"no seat acts during the {self.phase.value}")
        return self.to_act

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action now, for whoever may act (in DISCARD: every seat yet to discard).

        Count actions are listed with ``claimed=None`` (any non-negative claim is also legal);
        while a count claimed short waits, its caller's call and pass are the only actions.
        """
        phase = self.phase
        if phase is Phase.PLAY:
            seat = self.to_act
            assert seat is not None
            room = MAX_COUNT - self.count
            plays: list[Action] = [Play(seat, c) for c in self.hands[seat] if c.value <= room]
            return plays or [Go(seat)]
        if phase is Phase.DISCARD:
            k = self.config.discard_size
            return [
                Discard(seat, cards)
                for seat in self.must_discard()
                for cards in combinations(self.hands[seat], k)
            ]
        if phase is Phase.SHOW:
            assert self.to_act is not None
            if self.short_count is not None:
                return [Muggins(self.to_act, True), Muggins(self.to_act, False)]
            return [Count(self.to_act)]
        return []

    def legal_for(self, seat: int) -> list[Action]:
        """The legal actions of one seat (empty when it may not act)."""
        return [a for a in self.legal_actions() if a.seat == seat]

    # ------------------------------------------------------------------ the deal

    def deal(
        self, rng: random.Random | None = None, deck: Sequence[Card] | None = None
    ) -> GameState:
        """Shuffle and deal the next hand (phase DEAL -> DISCARD).

        Without ``deck`` the deck is shuffled with ``rng``. A scripted ``deck`` is
        dealt in blocks: the first cards to the pone, then clockwise, the dealer's
        last (6 each with two players, 5 each with three or four); with three
        players the next card goes to the crib; the next card is the starter (cut
        once everyone has discarded). A ``deck`` shorter than 52 is completed
        with the missing cards (shuffled with ``rng`` if given, else in order); a deck that
        repeats a card, holds something that is not a card or has more than 52 is refused,
        so what is dealt is always the 52 distinct cards.
        """
        if self.phase is not Phase.DEAL:
            raise WrongPhase(f"cannot deal during the {self.phase.value}: deal only in phase deal")
        cards = self._deck_from(rng, deck)
        cfg = self.config
        n, k = cfg.players, cfg.hand_size
        hands: list[tuple[Card, ...]] = [()] * n
        for i in range(n):
            seat = (self.dealer + 1 + i) % n
            hands[seat] = tuple(cards[i * k : (i + 1) * k])
        pos = n * k
        crib: tuple[Card, ...] = ()
        if n == 3:
            crib = (cards[pos],)
            pos += 1
        empty: tuple[tuple[Card, ...], ...] = ((),) * n
        return _replace(
            self,
            phase=Phase.DISCARD,
            hand_no=self.hand_no + 1,
            to_act=None,
            hands=tuple(hands),
            discards=empty,
            kept=empty,
            crib=crib,
            starter=None,
            stock=tuple(cards[pos:]),
            pile=(),
            count=0,
            played=(),
            series_starts=(),
            passed=(False,) * n,
            last_layer=None,
            show_step=0,
        )

    @staticmethod
    def _deck_from(rng: random.Random | None, deck: Sequence[Card] | None) -> list[Card]:
        if deck is None:
            if rng is None:
                raise InvalidGameConfig(
                    "deal needs a random.Random to shuffle with, or a scripted deck"
                )
            return shuffled_deck(rng)
        cards = list(deck)
        for card in cards:
            if type(card) is not Card:
                raise InvalidCard(f"a scripted deck holds Card objects, got {card!r}")
        check_distinct(cards, "the scripted deck")
        if len(cards) > 52:
            raise WrongNumberOfCards(f"a deck has 52 cards, got {len(cards)}")
        if len(cards) < 52:
            present = set(cards)
            rest = [c for c in full_deck() if c not in present]
            if rng is not None:
                rng.shuffle(rest)
            cards.extend(rest)
        if len({card.index for card in cards}) != 52:  # what the checks above must guarantee
            raise DuplicateCard("a scripted deck must end up as the 52 distinct cards")
        return cards

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> GameState:
        """The state after ``action``; raises a specific error (and changes nothing) if it is illegal."""
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Go):
            return self._go(action)
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, Count):
            return self._count(action)
        if isinstance(action, Muggins):
            return self._muggins(action)
        raise IllegalMove(f"{action!r} is not an action: use Discard, Play, Go, Count or Muggins")

    def _check_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.config.players:
            raise NotYourTurn(f"no seat {seat!r}: seats are 0-{self.config.players - 1}")
        return seat

    def _wrong_phase(self, what: str) -> WrongPhase:
        allowed = {
            Phase.DEAL: "deal the next hand",
            Phase.DISCARD: "Discard",
            Phase.PLAY: "Play or Go",
            Phase.SHOW: "Count",
            Phase.GAME_OVER: "nothing: the game is over",
        }[self.phase]
        return WrongPhase(f"cannot {what} during the {self.phase.value}: now {allowed}")

    def _check_turn(self, seat: int) -> None:
        if seat != self.to_act:
            raise NotYourTurn(f"seat {seat} cannot act now: it is seat {self.to_act}'s turn")

    # -- discard

    def _discard(self, action: Discard) -> GameState:
        if self.phase is not Phase.DISCARD:
            raise self._wrong_phase("discard")
        seat = self._check_seat(action.seat)
        if self.discards[seat]:
            raise NotYourTurn(f"seat {seat} has already laid away {_fmt(self.discards[seat])}")
        cfg = self.config
        cards = action.cards
        if len(cards) != cfg.discard_size:
            raise WrongNumberOfCards(
                f"lay away exactly {cfg.discard_size} card{'s' if cfg.discard_size > 1 else ''} "
                f"with {cfg.players} players, got {len(cards)}"
            )
        if len(set(cards)) != len(cards):
            raise DuplicateCard(f"{_fmt(cards)}: the same card twice")
        hand = self.hands[seat]
        for card in cards:
            if card not in hand:
                raise CardNotInHand(f"seat {seat} does not hold {card}: it holds {_fmt(hand)}")
        kept = tuple(c for c in hand if c not in cards)
        hands = _put(self.hands, seat, kept)
        discards = _put(self.discards, seat, cards)
        state = _replace(self, hands=hands, discards=discards)
        if all(discards):
            state = state._cut_starter()
        return state

    def _cut_starter(self) -> GameState:
        crib = self.crib + tuple(c for seat in self.show_order() for c in self.discards[seat])
        starter = self.stock[0]
        state = _replace(
            self,
            phase=Phase.PLAY,
            kept=self.hands,
            crib=crib,
            starter=starter,
            stock=self.stock[1:],
            to_act=self.pone,
            series_starts=(0,),
        )
        if starter.rank == 11:
            heels = ((ScoreKind.HIS_HEELS, (starter,), 2),)
            state = state._score(self.dealer, EventPhase.STARTER, heels)
        return state

    # -- the play

    def _play(self, action: Play) -> GameState:
        if self.phase is not Phase.PLAY:
            raise self._wrong_phase("lay a card")
        seat = self._check_seat(action.seat)
        self._check_turn(seat)
        card = action.card
        hand = self.hands[seat]
        if card not in hand:
            raise CardNotInHand(f"seat {seat} does not hold {card}: it holds {_fmt(hand)}")
        count = self.count + card.value
        if count > MAX_COUNT:
            playable = [c for c in hand if self.count + c.value <= MAX_COUNT]
            allowed = f"lay {_fmt(playable)}" if playable else "say go"
            raise CountExceeded(
                f"{card} would take the count from {self.count} to {count}: "
                f"the count may never pass 31; {allowed}"
            )
        pile = self.pile + (card,)
        state = _replace(
            self,
            hands=_put(self.hands, seat, tuple(c for c in hand if c is not card)),
            pile=pile,
            count=count,
            played=self.played + ((seat, card),),
            last_layer=seat,
        )
        if len(pile) > 1 or count == 15 or count == MAX_COUNT:
            items = score_play(pile).items
            if items:
                scored = tuple((i.kind, i.cards, i.points) for i in items)
                state = state._score(seat, EventPhase.PLAY, scored)
                if state.phase is Phase.GAME_OVER:
                    return state
        return state._advance(seat)

    def _go(self, action: Go) -> GameState:
        if self.phase is not Phase.PLAY:
            raise self._wrong_phase("say go")
        seat = self._check_seat(action.seat)
        self._check_turn(seat)
        playable = [c for c in self.hands[seat] if self.count + c.value <= MAX_COUNT]
        if playable:
            raise MustPlay(
                f"seat {seat} can still lay {_fmt(playable)} on a count of {self.count}: "
                "a player who can play must; go only when no card fits"
            )
        state = _replace(self, passed=_put(self.passed, seat, True))
        return state._advance(seat)

    def _advance(self, after: int) -> GameState:
        """Pass the turn on after ``after`` laid a card or said go; end the series when nobody can lay."""
        layer = self.last_layer
        assert layer is not None
        if self.count < MAX_COUNT:
            n = self.config.players
            hands, passed = self.hands, self.passed
            for step in range(1, n + 1):
                seat = (after + step) % n
                if hands[seat] and not passed[seat]:
                    if seat != layer:
                        return _replace(self, to_act=seat)
                    room = MAX_COUNT - self.count
                    if any(c.value <= room for c in hands[seat]):
                        return _replace(self, to_act=seat)
                    break
        return self._end_series()

    def _end_series(self) -> GameState:
        layer = self.last_layer
        assert layer is not None
        finished = not any(self.hands)
        state = self
        if self.count < MAX_COUNT:
            kind = ScoreKind.LAST_CARD if finished else ScoreKind.GO
            state = state._score(layer, EventPhase.PLAY, ((kind, (), 1),))
            if state.phase is Phase.GAME_OVER:
                return state
        n = self.config.players
        if finished:
            return _replace(
                state,
                phase=Phase.SHOW,
                hands=self.kept,
                pile=(),
                count=0,
                passed=(False,) * n,
                show_step=0,
                to_act=self.pone,
            )
        leader = next(
            seat for seat in ((layer + s) % n for s in range(1, n + 1)) if self.hands[seat]
        )
        return _replace(
            state,
            pile=(),
            count=0,
            passed=(False,) * n,
            series_starts=self.series_starts + (len(self.played),),
            to_act=leader,
        )

    # -- the show

    def _count(self, action: Count) -> GameState:
        if self.phase is not Phase.SHOW:
            raise self._wrong_phase("count a hand")
        seat = self._check_seat(action.seat)
        if self.short_count is not None:
            raise self._waiting()
        self._check_turn(seat)
        claimed = action.claimed
        if claimed is not None and (type(claimed) is not int or claimed < 0):
            raise IllegalMove(f"a claimed count is a whole number 0 or more, got {claimed!r}")
        what = self.counting()
        assert what is not None and self.starter is not None
        _, cards, is_crib = what
        phase = EventPhase.SHOW_CRIB if is_crib else EventPhase.SHOW_HAND
        score = score_hand(cards, self.starter, is_crib=is_crib)
        actual = score.total
        state = self
        shown = cards + (self.starter,)
        if claimed is None or claimed >= actual:
            note = f"claimed {claimed}" if claimed is not None and claimed > actual else ""
            items = tuple((i.kind, i.cards, i.points) for i in score.items)
            state = state._score(seat, phase, items, note)
        else:
            if claimed:
                state = state._score(
                    seat,
                    phase,
                    ((ScoreKind.CLAIMED, shown, claimed),),
                    f"claimed {claimed} of {actual}",
                )
            if state.phase is Phase.GAME_OVER:
                return state
            if self.config.muggins:
                n = self.config.players
                mugger = next(
                    s
                    for s in ((seat + i) % n for i in range(1, n))
                    if self.side_of(s) != self.side_of(seat)
                )
                short = ShortCount(seat, claimed, actual, mugger)
                if self.config.muggins_called:
                    return _replace(state, short_count=short, to_act=mugger)
                state = state._score_muggins(short)
        return state._counted()

    def _waiting(self) -> IllegalMove:
        short = self.short_count
        assert short is not None
        return IllegalMove(
            f"seat {short.seat} counted {short.claimed} of {short.actual}: seat {short.caller} "
            "calls muggins or passes first"
        )

    def _score_muggins(self, short: ShortCount) -> GameState:
        """Peg the points ``short`` missed for its caller."""
        what = self.counting()
        assert what is not None and self.starter is not None
        _, cards, is_crib = what
        score = score_hand(cards, self.starter, is_crib=is_crib)
        missed = ", ".join(str(i) for i in score.items)
        return self._score(
            short.caller,
            EventPhase.SHOW_CRIB if is_crib else EventPhase.SHOW_HAND,
            ((ScoreKind.MUGGINS, cards + (self.starter,), short.missed),),
            f"seat {short.seat} claimed {short.claimed} of {short.actual}; missed from: {missed}",
        )

    def _muggins(self, action: Muggins) -> GameState:
        short = self.short_count
        if self.phase is not Phase.SHOW:
            raise self._wrong_phase("call muggins")
        if short is None:
            raise WrongPhase(
                "muggins is called on a count claimed short, and none waits: now Count"
            )
        seat = self._check_seat(action.seat)
        if seat != short.caller:
            raise NotYourTurn(
                f"seat {seat} cannot answer seat {short.seat}'s count: only seat {short.caller} "
                "may call muggins or pass"
            )
        if type(action.call) is not bool:
            raise IllegalMove(f"muggins is called (True) or passed (False), got {action.call!r}")
        state = _replace(self, short_count=None)
        if action.call:
            state = state._score_muggins(short)
        return state._counted()

    def _counted(self) -> GameState:
        """The show after a count (and its muggins, if any): the next count, or the next deal."""
        if self.phase is Phase.GAME_OVER:
            return self
        if self.show_step < self.config.players:
            step = self.show_step + 1
            to_act = (
                self.dealer
                if step == self.config.players
                else (self.dealer + 1 + step) % self.config.players
            )
            return _replace(self, show_step=step, to_act=to_act)
        return self._next_hand()

    def _next_hand(self) -> GameState:
        n = self.config.players
        return _replace(self, dealer=(self.dealer + 1) % n, **awaiting_deal_fields(n))

    # -- scoring

    def _score(
        self,
        seat: int,
        phase: EventPhase,
        items: tuple[tuple[ScoreKind, tuple[Card, ...], int], ...],
        note: str = "",
    ) -> GameState:
        """Peg ``items`` for ``seat``; end the game if its side reaches the target."""
        side = self.side_of(seat)
        hand_no = self.hand_no
        events = tuple(
            Event(hand_no, phase, seat, side, kind, cards, pts, note) for kind, cards, pts in items
        )
        gained = sum(pts for _, _, pts in items)
        scores = _put(self.scores, side, self.scores[side] + gained)
        if scores[side] >= self.config.target:
            result = judge(scores, self.config.target, self.config.skunk_rule)
            return _replace(
                self,
                scores=scores,
                log=self.log + events,
                phase=Phase.GAME_OVER,
                to_act=None,
                result=result,
                ended_in=self.phase,
            )
        return _replace(self, scores=scores, log=self.log + events)

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see (its own hand and discards; all face-up cards; scores and log)."""
        seat = self._check_seat(seat)
        n = self.config.players
        in_show = self.phase is Phase.SHOW or self.ended_in is Phase.SHOW
        crib_up = in_show and self.show_step == n
        return SeatView(
            seat=seat,
            config=self.config,
            phase=self.phase,
            hand_no=self.hand_no,
            dealer=self.dealer,
            to_act=self.to_act,
            hand=self.hands[seat],
            discards=self.discards[seat],
            discarded=tuple(bool(d) for d in self.discards),
            cards_left=tuple(len(h) for h in self.hands),
            starter=self.starter,
            pile=self.pile,
            count=self.count,
            played=self.played,
            series_starts=self.series_starts,
            passed=self.passed,
            hands_shown=self.kept if in_show else None,
            crib=self.crib if crib_up else None,
            scores=self.scores,
            log=self.log,
            result=self.result,
            legal=tuple(self.legal_for(seat)),
            short_count=self.short_count,
        )

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot of the whole state (cards as text such as ``"10H"``), to read or compare.

        A game is saved as what happened (:class:`~cribbage_core.record.GameRecord`), not as a
        snapshot: there is no ``from_dict``. The format is frozen (the Play page's saves before
        version 2 hold it, and are checked against it): muggins called by the players adds
        ``config.muggins_called`` and a waiting count ``short_count``, only when there are.
        """
        cfg = self.config
        config: dict[str, Any] = {
            "players": cfg.players,
            "target": cfg.target,
            "skunk_rule": cfg.skunk_rule.value,
            "muggins": cfg.muggins,
        }
        if cfg.muggins_called:
            config["muggins_called"] = True
        data: dict[str, Any] = {
            "version": 1,
            "config": config,
            "phase": self.phase.value,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "hands": [_strs(h) for h in self.hands],
            "discards": [_strs(d) for d in self.discards],
            "kept": [_strs(k) for k in self.kept],
            "crib": _strs(self.crib),
            "starter": None if self.starter is None else str(self.starter),
            "stock": _strs(self.stock),
            "pile": _strs(self.pile),
            "count": self.count,
            "played": [[seat, str(card)] for seat, card in self.played],
            "series_starts": list(self.series_starts),
            "passed": list(self.passed),
            "last_layer": self.last_layer,
            "show_step": self.show_step,
            "scores": list(self.scores),
            "ended_in": None if self.ended_in is None else self.ended_in.value,
            "log": [
                [e.hand_no, e.phase, e.seat, e.side, e.kind, _strs(e.cards), e.points, e.note]
                for e in self.log
            ],
        }
        if self.short_count is not None:
            data["short_count"] = list(self.short_count)
        return data

    # ------------------------------------------------------------------ helpers for tests and pages

    def all_cards(self) -> Iterator[Card]:
        """Every card this hand accounts for (held, laid away, crib, starter, stock, laid in the play)."""
        yield from (c for h in self.hands for c in h)
        if self.phase is Phase.DISCARD:
            yield from (c for d in self.discards for c in d)
        yield from self.crib
        if self.starter is not None:
            yield self.starter
        yield from self.stock
        if self.phase is not Phase.SHOW and self.ended_in is not Phase.SHOW:
            yield from (c for _, c in self.played)


#: A state's fields in order, their values read at once and each set directly (:func:`_replace`).
_FIELD_NAMES: Final = tuple(f.name for f in fields(GameState))
_FIELD_AT: Final = {name: i for i, name in enumerate(_FIELD_NAMES)}
_FIELD_VALUES: Final = attrgetter(*_FIELD_NAMES)
_FIELD_SETTERS: Final = tuple(getattr(GameState, name).__set__ for name in _FIELD_NAMES)


def _replace(state: GameState, **changes: Any) -> GameState:
    """``dataclasses.replace(state, **changes)`` at half its cost: every move makes a state or
    two, and replace's walk of the fields' metadata and the generated ``__init__`` (23 fields,
    no ``__post_init__``) took a fifth of a random game's time. Only the fields' values are
    copied, so the new state is the one replace makes."""
    values = list(_FIELD_VALUES(state))
    for name, value in changes.items():
        values[_FIELD_AT[name]] = value
    made: GameState = object.__new__(GameState)
    for put, value in zip(_FIELD_SETTERS, values, strict=True):
        put(made, value)
    return made


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def _fmt(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards) or "no card"


def _strs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]
