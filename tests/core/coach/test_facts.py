"""The facts engine: every graded decision worse than good has a fact, and every fact is true.

Each fact is checked against the rules' own scorers by brute force (every unseen card tried one
by one, every combination of the kept cards recounted), never by its wording.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import pytest

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.cards import Card, full_deck, parse_cards
from cribbage_core.coach.facts import (
    Fact,
    FactKind,
    count_facts,
    discard_facts,
    play_facts,
)
from cribbage_core.coach.game_review import Decision, analyse_game
from cribbage_core.coach.grades import Grade
from cribbage_core.game import Action, Discard, GameState, Play
from cribbage_core.kinds import ScoreKind
from cribbage_core.pegging import MAX_COUNT, score_play
from cribbage_core.scoring import score_hand

pytestmark = pytest.mark.spread  # one piece of work a test (tests/conftest.py)


_LEVELS = ("easy", "medium", "hard")


def _unseen(state: GameState, seat: int) -> list[Card]:
    view = state.view(seat)
    seen = {*view.hand, *view.discards, *(c for _, c in view.played)}
    if view.starter is not None:
        seen.add(view.starter)
    return [c for c in full_deck() if c not in seen]


def _is_combination(kind: str, cards: Sequence[Card]) -> bool:
    ranks = sorted(c.rank for c in cards)
    if kind == ScoreKind.FIFTEEN:
        return sum(c.value for c in cards) == 15
    if kind == ScoreKind.PAIR:
        return len(cards) == 2 and ranks[0] == ranks[1]
    if kind == ScoreKind.RUN:
        return len(cards) >= 3 and ranks == list(range(ranks[0], ranks[0] + len(cards)))
    if kind == ScoreKind.FLUSH:
        return len(cards) == 4 and len({c.suit for c in cards}) == 1
    return False


def check_play_fact(fact: Fact, state: GameState, seat: int, card: Card) -> None:
    pile = (*state.pile, card)
    assert fact.cards[0] == card
    if fact.kind is FactKind.SCORES:
        scored = score_play(pile)
        assert scored.total == fact.points > 0
        assert set(fact.kinds) == {i.kind for i in scored.items}
        return
    count = state.count + card.value
    scoring = [
        u
        for u in _unseen(state, seat)
        if count + u.value <= MAX_COUNT and score_play((*pile, u)).total > 0
    ]
    if fact.kind is FactKind.EXPOSES:
        assert fact.count == count and fact.of == len(_unseen(state, seat))
        assert fact.n == len(scoring) > 0
        assert {r for r, _, _ in fact.ranks} == {u.rank for u in scoring}
        assert fact.points == max(score_play((*pile, u)).total for u in scoring)
    elif fact.kind is FactKind.SAFE:
        assert fact.count == count and not scoring
    else:
        assert fact.kind is FactKind.KEEPS_PAIR
        twin = fact.cards[1]
        assert twin in state.hands[seat] and twin != card and twin.rank == card.rank
        # if the opponent pairs the card, the twin makes three of a kind
        pairing = next(u for u in _unseen(state, seat) if u.rank == card.rank)
        assert score_play((*pile, pairing, twin)).total >= 6


def check_discard_fact(
    fact: Fact, dealt: Sequence[Card], thrown: Sequence[Card], dealer: bool, best: Sequence[Card]
) -> None:
    kept = [c for c in dealt if c not in thrown]
    best_kept = [c for c in dealt if c not in best]
    if fact.kind is FactKind.KEEPS:
        assert set(fact.cards) <= set(kept) and _is_combination(fact.detail, fact.cards)
    elif fact.kind is FactKind.BREAKS:
        assert set(fact.cards) <= set(best_kept) and not set(fact.cards) <= set(kept)
        assert _is_combination(fact.detail, fact.cards)
    elif fact.kind is FactKind.CRIB:
        assert set(fact.cards) == set(thrown) and fact.mine == dealer
    else:
        assert fact.kind is FactKind.CRIB_GETS and fact.mine == dealer
        assert set(fact.cards) <= set(thrown)
        if fact.detail == "five":
            assert fact.cards[0].rank == 5
        elif fact.detail == "touching":
            a, b = fact.cards
            assert a.rank != b.rank and abs(a.rank - b.rank) <= 2
        else:
            assert _is_combination(fact.detail, fact.cards) and fact.points == 2


def check_count_facts(
    facts: Sequence[Fact], cards: Sequence[Card], starter: Card, crib: bool, claimed: int
) -> None:
    score = score_hand(cards, starter, is_crib=crib)
    items = [(i.kind.value, frozenset(i.cards), i.points) for i in score.items]
    if claimed >= score.total:
        assert not facts
        return
    assert facts
    named = [(f.detail, frozenset(f.cards), f.points) for f in facts]
    for item in named:
        assert item in items
    if len(named) < len(items):
        assert sum(f.points for f in facts) == score.total - claimed


def _check_decision(d: Decision, state: GameState, action: Action, rng: random.Random) -> int:
    """Check the facts of one decision; how many facts it has."""
    if isinstance(action, Play) and d.kind == "play":
        facts = play_facts(state.view(d.seat), action.card)
        for fact in facts:
            check_play_fact(fact, state, d.seat, action.card)
        return len(facts)
    if isinstance(action, Discard):
        dealt = state.hands[d.seat]
        best = parse_cards(d.options[0].label.removeprefix("throw "))
        dealer = d.seat == state.dealer
        facts = discard_facts(dealt, action.cards, dealer, best)
        for fact in facts:
            check_discard_fact(fact, dealt, action.cards, dealer, best)
        return len(facts)
    if d.kind == "count":
        counting = state.counting()
        assert counting is not None and state.starter is not None
        _, cards, crib = counting
        total = score_hand(cards, state.starter, is_crib=crib).total
        claimed = rng.randint(0, total) if total else 0  # the bots count right: try a miss
        facts = count_facts(cards, state.starter, crib, claimed)
        check_count_facts(facts, cards, state.starter, crib, claimed)
        return len(facts) if claimed < total else 1
    return 1


def _games(games: range) -> None:
    rng = random.Random(30 + games.start)
    checked = 0
    for game in games:
        bots = [make_bot(rng.choice(_LEVELS), rng.randrange(1 << 30)) for _ in range(2)]
        steps = play_game_steps(bots, random.Random(game), target=61 if game % 2 else 121)
        review = analyse_game(steps)
        for d in review.decisions:
            state, action = steps[d.step - 1]
            found = _check_decision(d, state, action, rng)
            if d.grade not in (Grade.BEST, Grade.GOOD) and d.kind in ("play", "discard"):
                assert found >= 1, d
                checked += 1
    assert checked > len(games)  # the easy bots err often enough for the check to mean something


#: The first games (the quick loop); the slow test plays the rest of the fifty, so that CI, which
#: runs both, checks every decision of 50 different games and none twice.
FEW: Final = 3


def test_every_fact_of_a_few_games_is_true() -> None:
    _games(range(FEW))


#: The rest of the fifty in slices of a few games, each a test of its own, so that CI's workers
#: share them out (tests/conftest.py) rather than one worker playing 47 games alone.
REST: Final = [range(start, min(start + 6, 50)) for start in range(FEW, 50, 6)]


@pytest.mark.slow
@pytest.mark.parametrize("games", REST, ids=lambda games: f"games {games.start}-{games.stop - 1}")
def test_every_fact_of_the_rest_of_fifty_bot_games_is_true(games: range) -> None:
    _games(games)


def test_the_slices_cover_the_fifty_games_once() -> None:
    played = [game for games in [range(FEW), *REST] for game in games]
    assert played == list(range(50))


def test_a_broken_run_is_named() -> None:
    dealt = parse_cards("6H 7D 8H KC 5S QD")
    facts = discard_facts(dealt, parse_cards("7D 8H"), False, parse_cards("KC QD"))
    broken = [f for f in facts if f.kind is FactKind.BREAKS and f.detail == "run"]
    assert broken and set(broken[0].cards) == set(parse_cards("5S 6H 7D 8H"))


def test_a_count_names_the_missed_combination() -> None:
    facts = count_facts(parse_cards("5H 5S 9C JD"), Card.parse("2D"), False, 5)
    assert (
        len(facts) == 1 and facts[0].points == 2
    )  # 7 in all (nobs too): one two-point item is the likeliest miss


@pytest.mark.parametrize("players", [3, 4])
def test_with_three_or_four_players_a_crib_fact_names_whose_crib_it_is(players: int) -> None:
    from cribbage_core.seats import Role, role_of

    rng = random.Random(players)
    bots = [make_bot("easy", rng.randrange(1 << 30)) for _ in range(players)]
    roles = set()
    for state, action in play_game_steps(bots, random.Random(players), target=61):
        if isinstance(action, Discard):
            role = role_of(action.seat, state.dealer, players)
            dealt = state.hands[action.seat]
            for fact in discard_facts(dealt, action.cards, role, players=players):
                if fact.kind in (FactKind.CRIB, FactKind.CRIB_GETS):
                    assert (fact.role, fact.players, fact.mine) == (
                        role,
                        players,
                        role is not Role.PONE,
                    )
            roles.add(role)
        elif isinstance(action, Play):
            facts = play_facts(state.view(action.seat), action.card)
            # another seat lays between the pair and the twin: no "keeps the pair back"
            assert all(f.kind is not FactKind.KEEPS_PAIR for f in facts)
    assert roles == (
        {Role.DEALER, Role.PARTNER, Role.PONE} if players == 4 else {Role.DEALER, Role.PONE}
    )
