"""The computer players: always legal, deciding from the seat's view only, and playing sensibly."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from cribbage_core import Card, CribbageError, full_deck, parse_cards
from cribbage_core.bots import BOT_LEVELS, HardBot, MediumBot, make_bot, peg_points
from cribbage_core.game import (
    Action,
    Discard,
    GameConfig,
    GameState,
    Phase,
    Play,
    SeatView,
    new_game,
)
from cribbage_core.pegging import score_play

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


def _is_legal(action: Action, view: SeatView) -> bool:
    if isinstance(action, Discard):
        return any(isinstance(a, Discard) and set(a.cards) == set(action.cards) for a in view.legal)
    return action in view.legal


def play_checked(levels: Sequence[str], seed: int) -> GameState:
    """A whole game; every action is checked against the view's legal list before it is applied."""
    players = len(levels)
    rng = random.Random(seed)
    bots = [make_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    state = new_game(rng, GameConfig(players=players, target=121 if seed % 2 else 61))
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
            continue
        seats = state.must_discard() if state.phase is Phase.DISCARD else (state.to_act,)
        for seat in seats:
            assert seat is not None
            view = state.view(seat)
            action = bots[seat].act(view)
            assert _is_legal(action, view), (action, view.legal)
            state = state.apply(action)
    return state


LINEUPS = {
    2: [("easy", "medium"), ("medium", "hard"), ("hard", "easy"), ("hard", "hard")],
    3: [("easy", "medium", "hard"), ("hard", "hard", "medium")],
    4: [("easy", "medium", "hard", "easy"), ("hard", "medium", "hard", "medium")],
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_only_make_legal_moves(players: int) -> None:
    games = 0
    for lineup in LINEUPS[players]:
        for seed in range(120 // len(LINEUPS[players])):
            state = play_checked(lineup, seed)
            assert state.result is not None
            games += 1
    assert games == 120


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("half", [0, 1])
def test_bots_only_make_legal_moves_in_thousands_of_games(players: int, half: int) -> None:
    # the same 1,000 games a player count, in two halves (every other game), so that CI's
    # workers share them out (tests/conftest.py)
    rng = random.Random(players)
    lineups = [[rng.choice(BOT_LEVELS) for _ in range(players)] for _ in range(1000)]
    for seed in range(half, 1000, 2):
        assert play_checked(lineups[seed], 1000 + seed).result is not None


# ------------------------------------------------------------ the view-only property


def _game_and_deck(seed: int, players: int) -> tuple[GameState, list[Card], random.Random]:
    """A new game ready to deal, a shuffled deck to deal it from, and the test's random stream."""
    rng = random.Random(seed)
    state = new_game(rng, GameConfig(players=players), first_dealer=seed % players)
    deck = list(full_deck())
    rng.shuffle(deck)
    return state, deck, rng


def _replay(start: GameState, deck: Sequence[Card], actions: Sequence[Action]) -> GameState:
    state = start.deal(random.Random(0), deck=deck)
    for action in actions:
        state = state.apply(action)
    return state


def _mapped(action: Action, perm: dict[Card, Card]) -> Action:
    if isinstance(action, Discard):
        return Discard(action.seat, tuple(perm.get(c, c) for c in action.cards))
    if isinstance(action, Play):
        return Play(action.seat, perm.get(action.card, action.card))
    return action


@pytest.mark.parametrize("players", [2, 3, 4])
def test_changing_hidden_cards_never_changes_a_decision(players: int) -> None:
    checked = changed = 0
    for seed in range(40):
        start, deck, rng = _game_and_deck(seed, players)
        actions: list[Action] = []
        bots = [make_bot(BOT_LEVELS[(seed + s) % 3], s) for s in range(players)]
        state = _replay(start, deck, actions)
        stop = rng.randrange(players + 8)  # stop at a random decision in the discard or the play
        while state.phase in (Phase.DISCARD, Phase.PLAY) and len(actions) < stop:
            seat = state.seat_to_act()
            assert seat is not None
            action = bots[seat].act(state.view(seat))
            actions.append(action)
            state = state.apply(action)
        if state.phase not in (Phase.DISCARD, Phase.PLAY):
            continue
        seat = state.seat_to_act()
        assert seat is not None
        view = state.view(seat)
        visible = set(view.hand) | set(view.discards) | {card for _, card in view.played}
        if view.starter is not None:
            visible.add(view.starter)
        hidden = [c for c in deck if c not in visible]
        other_view = None
        for attempt in range(6):
            # every card this seat cannot see, shuffled among the places it cannot see; a shuffle
            # that contradicts what the seat saw (a go with a card that fits) gives another view,
            # so after a few tries only cards of equal count value are swapped
            shuffled = hidden[:]
            if attempt < 5:
                rng.shuffle(shuffled)
            else:
                shuffled.sort(key=lambda c: (c.value, rng.random()))
                hidden = sorted(hidden, key=lambda c: (c.value, rng.random()))
            perm = dict(zip(hidden, shuffled))
            try:
                other = _replay(
                    start, [perm.get(c, c) for c in deck], [_mapped(a, perm) for a in actions]
                )
            except CribbageError:  # e.g. a go replayed for a seat that now holds a card that fits
                continue
            if other.view(seat) == view:
                other_view = other.view(seat)
                break
        assert other_view is not None
        if other.hands != state.hands:
            changed += 1
        for level in BOT_LEVELS:
            assert make_bot(level, 5).act(view) == make_bot(level, 5).act(other_view)
        checked += 1
    assert checked >= 20 and changed >= checked // 2


# ------------------------------------------------------------------ pegging sense


def test_peg_points_agrees_with_score_play() -> None:
    rng = random.Random(5)
    deck = full_deck()
    checked = 0
    while checked < 3000:
        ranks = [rng.randint(1, 8) for _ in range(rng.randint(1, 6))]
        pile: list[Card] = []
        for r in ranks:
            free = [c for c in deck if c.rank == r and c not in pile]
            if not free:
                break
            pile.append(rng.choice(free))
        if len(pile) != len(ranks) or sum(c.value for c in pile) > 31:
            continue
        before = [c.rank.value for c in pile[:-1]]
        assert (
            peg_points(before, sum(c.value for c in pile[:-1]), pile[-1].rank.value)
            == score_play(pile).total
        )
        checked += 1


def _play_view(hand: str, pile: str, scores: tuple[int, int] = (0, 0), seat: int = 1) -> SeatView:
    """A two-player view in the play, with this hand and this series on the table."""
    rng = random.Random(1)
    state = new_game(rng, GameConfig(players=2), first_dealer=0).deal(rng)
    view = state.view(seat)
    cards = parse_cards(hand)
    laid = parse_cards(pile) if pile else ()
    count = sum(c.value for c in laid)
    return dataclasses.replace(
        view,
        phase=Phase.PLAY,
        to_act=seat,
        hand=cards,
        discards=(),
        starter=Card.parse("AS") if Card.parse("AS") not in cards + laid else Card.parse("AC"),
        pile=laid,
        count=count,
        played=tuple((1 - seat if i % 2 == len(laid) % 2 else seat, c) for i, c in enumerate(laid)),
        passed=(False, False),
        cards_left=(4 - (len(laid) + 1) // 2, len(cards)),
        scores=scores,
        legal=tuple(Play(seat, c) for c in cards if count + c.value <= 31),
    )


def _card(action: Action) -> str:
    assert isinstance(action, Play)
    return str(action.card)


def test_hard_does_not_lead_a_five() -> None:
    assert _card(HardBot(1).act(_play_view("5H 4S KD QC", ""))) != "5H"


def test_hard_avoids_leaving_twenty_one() -> None:
    # K 3 = 13: an 8 makes 21 (a ten-card then makes 31), a 7 makes 20
    assert _card(HardBot(1).act(_play_view("8H 7S", "KD 3C"))) == "7S"


def test_hard_takes_the_fifteen_and_the_pair() -> None:
    assert _card(HardBot(1).act(_play_view("5H 2S 9C", "KD"))) == "5H"
    assert _card(HardBot(1).act(_play_view("9H 2S 3C", "9D"))) == "9H"


def test_hard_plays_the_card_that_wins_the_game() -> None:
    # a pair (2) wins at 119 even though the 5 makes fifteen for the same 2 plus more risk
    view = _play_view("QH 4S", "QD", scores=(100, 119))
    assert _card(HardBot(1).act(view)) == "QH"


def test_medium_pegs_greedily() -> None:
    assert _card(MediumBot(1).act(_play_view("5H 2S 9C", "KD"))) == "5H"


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_bot("grandmaster")


def test_an_unknown_level_is_a_cribbage_error_naming_the_levels() -> None:
    from cribbage_core.bots import check_level
    from cribbage_core.errors import CribbageError, InvalidBotLevel, InvalidGameConfig

    assert issubclass(InvalidBotLevel, InvalidGameConfig) and issubclass(
        InvalidBotLevel, CribbageError
    )
    for level in ("grandmaster", "Hard", "", None, 2):
        with pytest.raises(InvalidBotLevel, match="choose one of easy, medium, hard"):
            check_level(level)
    with pytest.raises(InvalidBotLevel):
        make_bot("grandmaster")
    assert [type(make_bot(level)).__name__ for level in BOT_LEVELS] == [
        "EasyBot",
        "MediumBot",
        "HardBot",
    ]


def test_make_bot_knows_the_expert_but_the_play_levels_stay_three() -> None:
    from cribbage_core.bots import BOT_NAMES, check_level
    from cribbage_core.errors import InvalidBotLevel

    assert type(make_bot("expert", 3)).__name__ == "ExpertBot"
    assert (*BOT_LEVELS, "expert", "expert-plays-only") == BOT_NAMES
    expert = make_bot("expert")
    assert expert.name == "expert" and expert.discard_evidence is True  # reads the discard
    plays_only = make_bot("expert-plays-only")
    assert plays_only.name == "expert-plays-only" and plays_only.discard_evidence is False
    with pytest.raises(InvalidBotLevel, match=r"choose one of easy, medium, hard$"):
        check_level("expert")  # what the Play page accepts
    with pytest.raises(InvalidBotLevel, match="choose one of easy, medium, hard, expert"):
        make_bot("grandmaster")
