"""Seeded random complete games: invariants at every step, and random illegal actions always refused."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import fields
from operator import attrgetter

import pytest
from hypothesis import given, settings, strategies as st

from cribbage_core import Card, full_deck
from cribbage_core.errors import CribbageError, WrongPhase
from cribbage_core.game import (
    Action,
    Count,
    Discard,
    GameConfig,
    GameState,
    Go,
    Phase,
    Play,
    SkunkRule,
    new_game,
)
from cribbage_core.pegging import score_play

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


DECK = frozenset(full_deck())
DECK_IDS = frozenset(map(id, DECK))
CONFIGS = [
    GameConfig(players=p, target=t, skunk_rule=rule, muggins=m)
    for p in (2, 3, 4)
    for t in (121, 61)
    for rule, m in ((SkunkRule.SKUNK, False), (SkunkRule.LURCH, True))
]


def key(action: Action) -> Hashable:
    """Actions compared the way the rules see them (discard order and a count's claim do not matter)."""
    if isinstance(action, Discard):
        return ("discard", action.seat, frozenset(action.cards), len(action.cards))
    if isinstance(action, Count):
        return ("count", action.seat)
    return action


def check(state: GameState, previous: GameState | None = None) -> list[Action]:
    """Every invariant a state must keep; ``previous``, the state it came from (already checked),
    makes the log's check incremental: the log extends the previous one, whose events were
    checked and summed, so only the new events need to be (checking the whole log at every
    step took a quarter of these tests' time). Returns the state's legal actions, listed once
    here for the checks and for the caller's moves (listing them at each use was a tenth of
    the time)."""
    legal = state.legal_actions()
    cfg = state.config
    n = cfg.players
    if previous is None:
        sums, new_events = [0] * cfg.sides, state.log
    else:
        known = len(previous.log)
        assert state.log[:known] == previous.log
        sums, new_events = list(previous.scores), state.log[known:]
    for event in new_events:
        sums[event.side] += event.points
        assert event.side == state.side_of(event.seat)
    assert tuple(sums) == state.scores
    assert 0 <= state.count <= 31
    if state.phase is Phase.GAME_OVER:
        assert state.result is not None and state.to_act is None
        assert sum(score >= cfg.target for score in state.scores) == 1
        winner = state.result.winner_side
        assert state.scores[winner] >= cfg.target and state.log[-1].side == winner
        # the game ended with the card or count that reached the target: nothing scored after it
        running = [0] * cfg.sides
        first = next(
            i
            for i, e in enumerate(state.log)
            if running.__setitem__(e.side, running[e.side] + e.points)
            or running[e.side] >= cfg.target
        )
        reached = state.log[first]
        assert all(e[:4] == reached[:4] for e in state.log[first:])
        assert legal == []
    else:
        assert max(state.scores) < cfg.target and state.result is None
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):  # nobody acts
        with pytest.raises(WrongPhase):
            state.seat_to_act()
    else:  # the seat to act is the seat of the first legal action
        assert state.seat_to_act() == legal[0].seat
    if state.phase is Phase.DEAL:
        assert not any(state.hands) and not state.played
        return legal
    cards = list(state.all_cards())
    # the deck by identity: a card equals only itself (Card.__eq__), so this is set(cards) ==
    # DECK without a call to Card.__hash__ for each of the 52 cards at every step
    assert len(cards) == 52 and set(map(id, cards)) == DECK_IDS
    if state.phase is Phase.DISCARD:
        for seat in range(n):
            assert len(state.hands[seat]) + len(state.discards[seat]) == cfg.hand_size
        return legal
    assert len(state.crib) == 4 and state.starter is not None
    if state.phase is Phase.PLAY or state.ended_in is Phase.PLAY:
        start = state.series_starts[-1]
        assert state.pile == tuple(card for _, card in state.played[start:])
        assert state.count == sum(card.value for card in state.pile)
        # the series the previous state had, but its last, are this state's too (the same
        # cards, asserted): checked there, so only the rest are checked here
        checked = 0
        if previous is not None and previous.hand_no == state.hand_no:
            known = len(previous.played)
            starts = previous.series_starts
            assert state.played[:known] == previous.played
            assert state.series_starts[: len(starts)] == starts
            checked = max(len(starts) - 1, 0)
        for i, begin in enumerate(state.series_starts[checked:], checked):
            end = (
                state.series_starts[i + 1]
                if i + 1 < len(state.series_starts)
                else len(state.played)
            )
            series = [card for _, card in state.played[begin:end]]
            assert sum(card.value for card in series) <= 31
            if series:
                score_play(series)  # every series is a legal pile
        laid: list[set[Card]] = [set() for _ in range(n)]
        for s, card in state.played:
            laid[s].add(card)
        for seat in range(n):
            assert laid[seat] | set(state.hands[seat]) == set(state.kept[seat])
    if state.phase is Phase.PLAY:
        seat = state.to_act
        assert seat is not None and state.hands[seat] and not state.passed[seat]
        can_lay = [c for c in state.hands[seat] if state.count + c.value <= 31]
        assert legal == ([Play(seat, c) for c in can_lay] or [Go(seat)])
    if state.phase is Phase.SHOW:
        assert state.hands == state.kept and all(len(h) == 4 for h in state.hands)
    return legal


_EVERY_FIELD = attrgetter(*(f.name for f in fields(GameState)))


def snapshot(state: GameState) -> tuple[object, ...]:
    """Every field of the state. They hold only immutable values (tuples of cards, events and
    numbers: test_a_state_holds_only_immutable_values), so a later snapshot is equal exactly
    when nothing in the state changed; as strong as comparing ``to_dict()``, at a tenth of
    the cost (it was half of these tests' time). One ``attrgetter`` of every field name, made
    once, reads them a tenth as long again as ``fields()`` and ``getattr`` at each call."""
    values: tuple[object, ...] = _EVERY_FIELD(state)
    return values


def random_action(state: GameState, rng: random.Random) -> Action:
    """Any action at all, mostly illegal."""
    seat = rng.randrange(-1, state.config.players + 1)
    card = rng.choice(full_deck())
    kind = rng.randrange(4)
    if kind == 0:
        own = list(state.hands[seat]) if 0 <= seat < state.config.players else []
        pool = own + [card] if rng.random() < 0.8 else list(full_deck())
        return Discard(seat, tuple(rng.sample(pool, min(len(pool), rng.randrange(0, 4)))))
    if kind == 1:
        if 0 <= seat < state.config.players and state.hands[seat] and rng.random() < 0.7:
            card = rng.choice(state.hands[seat])
        return Play(seat, card)
    if kind == 2:
        return Go(seat)
    return Count(seat, rng.choice([None, None, 0, rng.randrange(-2, 30)]))


def try_illegal(state: GameState, rng: random.Random, actions: list[Action]) -> None:
    """A random action is accepted exactly when it is legal (``actions``: the state's legal
    actions), and a refusal changes nothing."""
    legal = {key(a) for a in actions}
    action = random_action(state, rng)
    before = snapshot(state)
    claim_ok = not isinstance(action, Count) or action.claimed is None or action.claimed >= 0
    try:
        after = state.apply(action)
    except CribbageError as exc:
        assert not (key(action) in legal and claim_ok), f"{action} is legal but refused: {exc}"
        assert str(exc)
    else:
        assert key(action) in legal and claim_ok, f"{action} accepted but illegal"
        assert after is not state
    assert snapshot(state) == before


def play_game(seed: int, cfg: GameConfig, illegal_every: int = 3) -> GameState:
    rng = random.Random(seed)
    state = new_game(rng, cfg, first_dealer=None if seed % 2 else seed % cfg.players)
    steps = 0
    previous = None
    while True:
        legal = check(state, previous)
        if state.phase is Phase.GAME_OVER:
            return state
        if steps % illegal_every == 0:
            try_illegal(state, rng, legal)
        steps += 1
        previous = state
        if state.phase is Phase.DEAL:
            state = state.deal(rng)
            continue
        action = rng.choice(legal)
        if isinstance(action, Count) and rng.random() < 0.2:
            action = Count(action.seat, rng.randrange(0, 30))
        state = state.apply(action)


@pytest.mark.parametrize(
    "cfg", CONFIGS, ids=lambda c: f"{c.players}p-{c.target}-{c.skunk_rule.name}"
)
def test_random_games_keep_every_invariant(cfg: GameConfig) -> None:
    for seed in range(25):
        play_game(seed, cfg)


@pytest.mark.slow
@pytest.mark.parametrize(
    "cfg", CONFIGS, ids=lambda c: f"{c.players}p-{c.target}-{c.skunk_rule.name}"
)
def test_thousands_of_random_games(cfg: GameConfig) -> None:
    for seed in range(1000, 1400):
        play_game(seed, cfg, illegal_every=1)


def test_a_state_holds_only_immutable_values() -> None:
    # a list or set anywhere in a state would make its snapshot unhashable (TypeError)
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(rng, GameConfig(players=2 + seed))
        while state.phase is not Phase.GAME_OVER:
            hash(snapshot(state))
            state = (
                state.deal(rng)
                if state.phase is Phase.DEAL
                else state.apply(rng.choice(state.legal_actions()))
            )
        hash(snapshot(state))


def test_a_seed_replays_the_same_game() -> None:
    cfg = GameConfig(players=3)
    assert play_game(5, cfg).to_dict() == play_game(5, cfg).to_dict()
    assert play_game(5, cfg).log != play_game(6, cfg).log


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 3, 4]),
    target=st.sampled_from([61, 121]),
    muggins=st.booleans(),
)
def test_property_random_games(seed: int, players: int, target: int, muggins: bool) -> None:
    state = play_game(
        seed, GameConfig(players=players, target=target, muggins=muggins), illegal_every=2
    )
    assert state.result is not None
    assert state.result.scores == state.scores


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), data=st.data())
def test_property_view_hides_other_hands(seed: int, players: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    state = new_game(rng, GameConfig(players=players)).deal(rng)
    for _ in range(data.draw(st.integers(0, 12))):
        if state.phase is not Phase.DISCARD and state.phase is not Phase.PLAY:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    seat = data.draw(st.integers(0, players - 1))
    view = state.view(seat)
    assert view.hand == state.hands[seat]
    assert list(view.legal) == state.legal_for(seat)
    visible: set[Card] = set(view.hand) | set(view.discards) | {c for _, c in view.played}
    if view.starter is not None:
        visible.add(view.starter)
    if state.phase in (Phase.DISCARD, Phase.PLAY):  # after the play every hand is face up
        hidden = {c for s in range(players) if s != seat for c in state.hands[s]}
        assert not hidden & visible
        assert view.hands_shown is None and view.crib is None
        others_discards = {c for s in range(players) if s != seat for c in state.discards[s]}
        assert not others_discards & set(view.discards)
