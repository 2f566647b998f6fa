"""Scripted games for cribbage_core.game: an exact deck, the score after every card."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cribbage_core import Card, parse_cards, score_hand
from cribbage_core.cards import Rank, Suit, full_deck
from cribbage_core.errors import (
    CardNotInHand,
    CountExceeded,
    DuplicateCard,
    IllegalMove,
    InvalidGameConfig,
    InvalidSavedGame,
    MustPlay,
    NotYourTurn,
    WrongNumberOfCards,
    WrongPhase,
)
from cribbage_core.game import (
    Count,
    Discard,
    Event,
    GameConfig,
    GameState,
    Go,
    Phase,
    Play,
    SkunkRule,
    new_game,
)
from cribbage_core.record import GameRecord, NextDeal

C = Card.parse


def dealt(deck: str, players: int = 2, dealer: int = 0, **options: object) -> GameState:
    """A game whose next hand is dealt from ``deck`` (pone's block first, dealer's last)."""
    cfg = GameConfig(players=players, **options)  # type: ignore[arg-type]
    return new_game(random.Random(0), cfg, first_dealer=dealer).deal(deck=parse_cards(deck))


def discard_all(state: GameState, *throws: tuple[int, str]) -> GameState:
    for seat, cards in throws:
        state = state.apply(Discard(seat, parse_cards(cards)))
    return state


def with_scores(state: GameState, *scores: int) -> GameState:
    """The same state with the sides already on ``scores`` (logged, so the log still adds up)."""
    log = state.log + tuple(
        Event(0, "setup", side, side, "setup", (), points)
        for side, points in enumerate(scores)
        if points
    )
    return replace(state, scores=tuple(scores), log=log)


def lay(state: GameState, *moves: str) -> list[tuple[int, ...]]:
    """Apply moves like ``"1 KS"`` or ``"0 go"``; return the scores after each one."""
    after = []
    for move in moves:
        seat_text, what = move.split()
        seat = int(seat_text)
        action = Go(seat) if what == "go" else Play(seat, C(what))
        state = state.apply(action)
        after.append(state.scores)
    lay.state = state  # type: ignore[attr-defined]
    return after


def last(_: object = None) -> GameState:
    return lay.state  # type: ignore[attr-defined,no-any-return]


# Hand A: dealer 0, pone 1. Pone keeps KS 7H 9D 3C, dealer keeps 6D 8C 4S 10H; starter 5H.
HAND_A = "KS 7H 9D 3C AS 2S  6D 8C 4S 10H AC 2C  5H"
A_PLAY = ("1 KS", "0 6D", "1 7H", "0 8C", "1 9D", "0 10H", "1 3C", "0 4S")


def hand_a(**options: object) -> GameState:
    return discard_all(dealt(HAND_A, **options), (1, "AS 2S"), (0, "AC 2C"))


def scores_of(state: GameState) -> tuple[int, ...]:
    sums = [0] * state.config.sides
    for event in state.log:
        sums[event.side] += event.points
    return tuple(sums)


def test_scripted_two_player_hand_scores_after_every_card() -> None:
    state = hand_a()
    assert state.phase is Phase.PLAY and state.starter == C("5H") and state.to_act == 1
    assert state.crib == parse_cards("AS 2S AC 2C")  # pone's throw first, dealer's last
    after = lay(state, *A_PLAY)
    # KS 6D 7H 8C = 31 for 2 plus the run 6-7-8 for 3; the count resets and pone leads;
    # 9D does NOT make a run with the 7 and 8 before the reset; 4S is the last card: 1.
    assert after == [(0, 0), (0, 0), (0, 0), (5, 0), (5, 0), (5, 0), (5, 0), (6, 0)]
    state = last()
    assert [(e.seat, e.kind, e.points) for e in state.log] == [
        (0, "thirty-one", 2),
        (0, "run", 3),
        (0, "last card", 1),
    ]
    assert state.series_starts == (0, 4)
    # the show: pone's hand, dealer's hand, dealer's crib
    assert (
        state.phase is Phase.SHOW
        and state.to_act == 1
        and state.hands[1] == parse_cards("KS 7H 9D 3C")
    )
    state = state.apply(Count(1))
    assert state.scores == (6, 4) and state.to_act == 0
    state = state.apply(Count(0))
    assert (
        state.scores == (13, 4) and state.to_act == 0 and state.counting() == (0, state.crib, True)
    )
    state = state.apply(Count(0))
    assert state.scores == (17, 4)
    assert {e.phase for e in state.log[-2:]} == {"show crib"}
    assert state.phase is Phase.DEAL and state.dealer == 1 and state.hand_no == 1
    assert state.scores == scores_of(state)


def test_go_point_to_the_last_layer_and_who_leads_after_it() -> None:
    # dealer 1, pone 0
    state = discard_all(
        dealt("10S QH 5D 3C 9C 9S  KH 8S 2D 5H KC KD  7C", dealer=1), (0, "9C 9S"), (1, "KC KD")
    )
    after = lay(state, "0 10S", "1 KH", "0 QH")  # 10 K Q is no run
    assert after[-1] == (0, 0)
    state = last()
    assert state.legal_actions() == [Go(1)]  # 8S 2D 5H all pass 31 on 30
    state = state.apply(Go(1))
    # pone laid last and cannot lay either: it pegs the go and the dealer leads the new series
    assert state.scores == (1, 0) and state.count == 0 and state.to_act == 1
    assert state.log[-1][4:7] == ("go", (), 1)
    after = lay(state, "1 8S", "0 5D", "1 2D", "0 3C", "1 5H")
    assert after == [(1, 0), (1, 0), (1, 2), (1, 2), (1, 3)]
    assert last().phase is Phase.SHOW


def test_two_player_go_then_the_other_keeps_playing() -> None:
    state = discard_all(
        dealt("10S QH 5D 3C 9C 9S  JC AS 2D 5H KC KD  7C", dealer=1), (0, "9C 9S"), (1, "KC KD")
    )
    lay(state, "0 10S", "1 JC", "0 5D")
    state = last()
    assert state.count == 25 and state.to_act == 1
    # the dealer can lay: go is refused; the pone has said nothing yet
    with pytest.raises(MustPlay):
        state.apply(Go(1))
    state = state.apply(Play(1, C("2D"))).apply(Play(0, C("3C")))  # 27, 30
    assert state.legal_actions() == [Play(1, C("AS"))]
    state = state.apply(Play(1, C("AS")))  # 31: 2, the run 2-3-A: 3, and no go point
    assert state.scores == (0, 5) and state.count == 0 and state.to_act == 0
    assert [e.kind for e in state.log] == ["thirty-one", "run"]
    # pone has QH left, dealer 5H
    state = state.apply(Play(0, C("QH"))).apply(Play(1, C("5H")))
    assert state.scores == (0, 5 + 2 + 1)  # fifteen 2 and last card 1


def test_three_players_crib_card_goes_and_count_continue_in_turn() -> None:
    deck = "KS 9H 8D 7C 2H  QS AH 6H 4C 2D  9S 3D 5S 10C 2C  2S  KD"
    state = dealt(deck, players=3, dealer=0)
    assert state.hands[1] == parse_cards("KS 9H 8D 7C 2H") and state.crib == (C("2S"),)
    with pytest.raises(WrongNumberOfCards):
        state.apply(Discard(1, parse_cards("2H 7C")))
    state = discard_all(state, (0, "2C"), (2, "2D"), (1, "2H"))
    assert state.crib == parse_cards("2S 2H 2D 2C")  # the deck card, then pone clockwise
    assert state.to_act == 1 and state.starter == C("KD")
    after = lay(state, "1 KS", "2 QS", "0 9S", "1 go", "2 AH", "0 go")
    assert after[-1] == (0, 0, 1)  # seat 2 laid last and nobody can lay: go to seat 2
    state = last()
    assert state.to_act == 0 and state.count == 0
    after = lay(state, "0 3D", "1 9H", "2 6H", "0 5S", "1 8D", "2 4C", "0 10C", "1 7C")
    assert after == [(0, 0, 1)] * 4 + [(0, 2, 1), (0, 2, 1), (0, 2, 1), (0, 3, 1)]
    state = last()
    assert state.phase is Phase.SHOW and state.show_order() == (1, 2, 0)
    for seat in (1, 2, 0, 0):
        assert state.to_act == seat
        state = state.apply(Count(seat))
    assert state.log[-1].phase == "show crib" and sum(e.points for e in state.log[-6:]) == 12
    assert state.phase is Phase.DEAL and state.dealer == 1
    assert state.scores == scores_of(state)


def test_the_seat_to_act_is_the_first_yet_to_discard_then_whose_turn_it_is() -> None:
    deck = "KS 9H 8D 7C 2H  QS AH 6H 4C 2D  9S 3D 5S 10C 2C  2S  KD"
    with pytest.raises(WrongPhase, match="no seat acts during the deal"):
        new_game(random.Random(1), GameConfig(players=3)).seat_to_act()
    state = dealt(deck, players=3, dealer=0)
    assert state.seat_to_act() == 0
    state = state.apply(Discard(0, parse_cards("2C")))
    assert state.seat_to_act() == 1  # seat 0 has thrown; seat 1 is the first still to
    state = state.apply(Discard(2, parse_cards("2D")))
    assert state.seat_to_act() == 1
    state = state.apply(Discard(1, parse_cards("2H")))
    assert state.phase is Phase.PLAY and state.seat_to_act() == state.to_act == 1  # the pone leads
    state = state.apply(Play(1, C("KS")))
    assert state.seat_to_act() == 2


def test_three_players_seat_who_said_go_is_skipped_for_the_series() -> None:
    deck = "KS 9H 8D 7C 2H  QS AH 6H 4C 2D  9S 3D 5S 10C 2C  2S  KD"
    state = discard_all(dealt(deck, players=3), (0, "2C"), (2, "2D"), (1, "2H"))
    lay(state, "1 KS", "2 QS", "0 9S", "1 go")
    state = last()
    with pytest.raises(NotYourTurn):
        state.apply(Play(1, C("9H")))
    assert state.to_act == 2


def test_four_players_score_as_two_partnerships() -> None:
    # dealer 0; pone 1, then 2, 3, 0
    deck = "5H 6C 7S 8D KC  10S 4H AC 2S QC  5D 9C 3H JS KD  9S 9H 2H 3C KH  4D"
    state = dealt(deck, players=4)
    state = discard_all(state, (1, "KC"), (2, "QC"), (3, "KD"), (0, "KH"))
    assert state.scores == (0, 0) and state.side_of(3) == 1 and state.side_of(2) == 0
    after = lay(state, "1 5H", "2 10S", "3 5D", "0 9S")
    # 10S makes 15 for seat 2 (team 0); 5D 20; 9S 29
    assert after == [(0, 0), (2, 0), (2, 0), (2, 0)]
    state = last()
    assert [e.seat for e in state.log] == [2] and state.log[0].side == 0
    assert state.scores == scores_of(state)


def test_his_heels_scores_two_to_the_dealer_at_once() -> None:
    state = discard_all(
        dealt("KS 7H 9D 3C AS 2S  6D 8C 4S 10H AC 2C  JD"), (1, "AS 2S"), (0, "AC 2C")
    )
    assert state.scores == (2, 0)
    assert state.log[-1] == Event(1, "starter", 0, 0, "his heels", (C("JD"),), 2)


def test_his_heels_can_win_the_game() -> None:
    state = dealt("KS 7H 9D 3C AS 2S  6D 8C 4S 10H AC 2C  JD")
    state = with_scores(state, 119, 0)
    state = discard_all(state, (1, "AS 2S"), (0, "AC 2C"))
    assert state.phase is Phase.GAME_OVER and state.result is not None
    assert state.result.winner_side == 0 and state.scores == (121, 0)


def test_game_ends_mid_play_and_later_points_are_not_counted() -> None:
    state = with_scores(hand_a(), 116, 70)
    after = lay(state, *A_PLAY[:4])
    assert after[-1] == (121, 70)
    state = last()
    assert state.phase is Phase.GAME_OVER and state.ended_in is Phase.PLAY
    assert (
        state.result is not None and state.result.kind == "skunk" and state.result.game_points == 2
    )
    assert state.result.margin == 51 and state.result.losses == ((1, "skunk", 2),)
    assert state.legal_actions() == []
    with pytest.raises(WrongPhase):
        state.apply(Play(1, C("9D")))


def test_game_ends_on_the_first_points_that_reach_the_target() -> None:
    # dealer on 118: the card that makes 31 also makes a run: both items of that card are pegged
    # (123), then nothing more.
    state = with_scores(hand_a(), 118, 100)
    lay(state, *A_PLAY[:4])
    state = last()
    assert state.scores == (123, 100) and state.result is not None and state.result.kind == "win"
    assert [e.kind for e in state.log[-2:]] == ["thirty-one", "run"]


def test_game_ends_mid_show_and_later_hands_are_not_counted() -> None:
    state = with_scores(hand_a(), 100, 118)
    lay(state, *A_PLAY)
    state = last()
    assert state.scores == (106, 118) and state.phase is Phase.SHOW
    state = state.apply(
        Count(1)
    )  # pone counts first: 4 -> 122; the dealer's 7 and crib 4 never count
    assert state.phase is Phase.GAME_OVER and state.scores == (106, 122)
    assert state.result is not None and state.result.winner_side == 1
    assert state.view(0).hands_shown == state.kept and state.view(0).crib is None


def test_cut_for_deal_lower_card_deals_and_ties_cut_again() -> None:
    class Scripted(random.Random):
        def __init__(self, cuts: list[str]) -> None:
            super().__init__(0)
            self.cuts = [parse_cards(c) for c in cuts]

        def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def,override]
            cards = self.cuts.pop(0)
            assert len(cards) == k
            return list(cards)

    state = new_game(Scripted(["7H 7S", "KD 2C"]), GameConfig(players=2))
    assert state.dealer == 1
    cuts = [(e.seat, e.cards[0], e.points) for e in state.log]
    assert cuts == [(0, C("7H"), 0), (1, C("7S"), 0), (0, C("KD"), 0), (1, C("2C"), 0)]
    assert "cut again" in state.log[2].note and "deals" in state.log[3].note
    # three players: only the two tied lowest cut again
    state = new_game(Scripted(["3H 9S 3C", "QD 4C"]), GameConfig(players=3))
    assert state.dealer == 2 and [e.seat for e in state.log] == [0, 1, 2, 0, 2]
    assert state.scores == (0, 0, 0) and state.phase is Phase.DEAL


def test_deals_alternate_and_rotate() -> None:
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = new_game(rng, GameConfig(players=players), first_dealer=0)
        dealers = []
        while state.phase is not Phase.GAME_OVER and len(dealers) < 6:
            if state.phase is Phase.DEAL:
                dealers.append(state.dealer)
                state = state.deal(rng)
            else:
                state = state.apply(state.legal_actions()[0])
        assert dealers == [i % players for i in range(len(dealers))]


def test_muggins_gives_the_missed_points_to_the_next_side() -> None:
    def to_show(muggins: bool) -> GameState:
        lay(hand_a(muggins=muggins), *A_PLAY)
        return last()

    state = to_show(True).apply(Count(1, claimed=2))  # pone's hand is worth 4
    assert state.scores == (8, 2)
    assert [(e.seat, e.kind, e.points) for e in state.log[-2:]] == [
        (1, "claimed", 2),
        (0, "muggins", 2),
    ]
    state = to_show(False).apply(Count(1, claimed=2))
    assert state.scores == (6, 2)
    state = to_show(True).apply(Count(1, claimed=0))
    assert state.scores == (10, 0)
    state = to_show(True).apply(Count(1, claimed=11))  # over-claim scores what the hand is worth
    assert state.scores == (6, 4) and "claimed 11" in state.log[-1].note
    with pytest.raises(IllegalMove):
        to_show(True).apply(Count(1, claimed=-1))


def test_muggins_in_four_players_goes_to_the_other_team() -> None:
    deck = "5H 6C 7S 8D KC  10S 4H AC 2S QC  5D 9C 3H JS KD  9S 9H 2H 3C KH  4D"
    state = discard_all(
        dealt(deck, players=4, muggins=True), (1, "KC"), (2, "QC"), (3, "KD"), (0, "KH")
    )
    while state.phase is Phase.PLAY:
        state = state.apply(state.legal_actions()[0])
    before = state.scores
    worth = score_hand(state.kept[1], C("4D")).total
    assert worth > 0
    state = state.apply(Count(1, claimed=0))
    assert state.scores == (before[0] + worth, before[1]) and state.log[-1].seat == 2


def test_show_counts_match_score_hand() -> None:
    lay(hand_a(), *A_PLAY)
    state = last()
    for seat, cards, crib in [
        (1, "KS 7H 9D 3C", False),
        (0, "6D 8C 4S 10H", False),
        (0, "AS 2S AC 2C", True),
    ]:
        before = state.scores[seat]
        state = state.apply(Count(seat))
        assert (
            state.scores[seat] - before
            == score_hand(parse_cards(cards), C("5H"), is_crib=crib).total
        )


# ---------------------------------------------------------------- illegal actions


def rejected(state: GameState, action: object, error: type[Exception]) -> None:
    before = state.to_dict()
    with pytest.raises(error) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert str(info.value)
    assert state.to_dict() == before


def test_illegal_actions_raise_specific_errors_and_change_nothing() -> None:
    fresh = new_game(random.Random(0), GameConfig(), first_dealer=0)
    rejected(fresh, Play(1, C("KS")), WrongPhase)
    rejected(fresh, Discard(1, parse_cards("KS 7H")), WrongPhase)
    state = dealt(HAND_A)
    with pytest.raises(WrongPhase):
        state.deal(random.Random(1))
    rejected(state, Play(1, C("KS")), WrongPhase)
    rejected(state, Count(1), WrongPhase)
    rejected(state, Go(1), WrongPhase)
    rejected(state, Discard(1, parse_cards("KS")), WrongNumberOfCards)
    rejected(state, Discard(1, parse_cards("KS 7H 9D")), WrongNumberOfCards)
    rejected(state, Discard(1, (C("KS"), C("KS"))), DuplicateCard)
    rejected(state, Discard(1, parse_cards("KS 6D")), CardNotInHand)
    rejected(state, Discard(7, parse_cards("KS 7H")), NotYourTurn)
    once = state.apply(Discard(1, parse_cards("AS 2S")))
    rejected(once, Discard(1, parse_cards("KS 7H")), NotYourTurn)
    play = once.apply(Discard(0, parse_cards("AC 2C")))
    rejected(play, Play(0, C("6D")), NotYourTurn)
    rejected(play, Play(1, C("6D")), CardNotInHand)
    rejected(play, Play(1, C("AS")), CardNotInHand)
    rejected(play, Go(1), MustPlay)
    rejected(play, Count(1), WrongPhase)
    rejected(play, "KS", IllegalMove)
    on_25 = play.apply(Play(1, C("KS"))).apply(Play(0, C("10H")))
    assert on_25.count == 20
    rejected(on_25, Play(1, C("KS")), CardNotInHand)
    on_29 = on_25.apply(Play(1, C("9D")))
    rejected(on_29, Play(0, C("6D")), CountExceeded)
    rejected(on_29, Play(0, C("4S")), CountExceeded)
    lay(play, *A_PLAY)
    show = last()
    rejected(show, Count(0), NotYourTurn)
    rejected(show, Play(1, C("KS")), WrongPhase)
    rejected(show, Count(1, claimed=-3), IllegalMove)


def test_bad_config_and_deck_are_refused() -> None:
    with pytest.raises(InvalidGameConfig):
        GameConfig(players=1)
    with pytest.raises(InvalidGameConfig):
        GameConfig(target=100)
    with pytest.raises(InvalidGameConfig):
        new_game(random.Random(0), GameConfig(), first_dealer=2)
    fresh = new_game(random.Random(0), GameConfig(), first_dealer=0)
    with pytest.raises(DuplicateCard):
        fresh.deal(deck=parse_cards("5H 6H") + (C("5H"),))
    with pytest.raises(InvalidSavedGame):
        GameRecord.from_dict({"version": 1, "config": {}})
    with pytest.raises(InvalidSavedGame):
        GameRecord.from_dict({"version": 9})


def test_a_scripted_deck_always_deals_the_52_distinct_cards() -> None:
    fresh = new_game(random.Random(0), GameConfig(), first_dealer=0)
    five = Card(Rank.FIVE, Suit.HEARTS)  # made directly, not parsed: still the one 5H
    assert five is C("5H")
    dealt = fresh.deal(deck=[five])
    cards = [*dealt.hands[0], *dealt.hands[1], *dealt.stock]
    assert len(cards) == 52 and len(set(cards)) == 52 and cards.count(C("5H")) == 1
    with pytest.raises(DuplicateCard):
        fresh.deal(deck=[five, C("5H")])
    with pytest.raises(DuplicateCard):
        fresh.deal(deck=[*parse_cards("5H 6H"), Card(Rank.FIVE, Suit.HEARTS)])
    with pytest.raises((DuplicateCard, WrongNumberOfCards)):
        fresh.deal(deck=[*full_deck(), five])  # 53 cards: the fifty-third repeats one


def test_an_error_names_the_card_as_it_is_written() -> None:
    state = dealt(HAND_A).apply(Discard(1, parse_cards("AS 2S")))
    play = state.apply(Discard(0, parse_cards("AC 2C")))
    with pytest.raises(CardNotInHand) as error:
        play.apply(Play(1, C("6D")))
    assert "does not hold 6D:" in str(error.value)
    assert "Card.parse" not in str(error.value)


# ---------------------------------------------------------------- views and saving


def test_view_shows_only_what_the_seat_may_see() -> None:
    state = dealt(HAND_A)
    view = state.view(0)
    assert view.hand == parse_cards("6D 8C 4S 10H AC 2C") and view.cards_left == (6, 6)
    assert view.starter is None and view.crib is None and view.hands_shown is None
    assert {a.seat for a in view.legal} == {0}
    state = discard_all(state, (1, "AS 2S"), (0, "AC 2C"))
    view = state.view(0)
    assert view.discards == parse_cards("AC 2C") and view.starter == C("5H") and view.legal == ()
    assert view.to_act == 1 and view.pone == 1 and view.my_side == 0
    text = repr(view)
    for hidden in ("KS", "7H", "9D", "3C", "AS", "2S"):
        assert f"'{hidden}'" not in text
    lay(state, *A_PLAY)
    show = last()
    assert show.view(0).hands_shown == show.kept and show.view(0).crib is None
    show = show.apply(Count(1)).apply(Count(0))
    assert show.view(1).crib == parse_cards("AS 2S AC 2C")


def test_a_record_through_json_rebuilds_every_phase() -> None:
    import json

    rng = random.Random(11)
    record = GameRecord(
        GameConfig(players=3, target=61, skunk_rule=SkunkRule.LURCH, muggins=True), seed=11
    )
    state = record.first_state()
    seen = set()
    while True:
        copy = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
        assert copy == record and copy.final() == state
        json.dumps(state.to_dict())  # the snapshot is JSON-safe too
        seen.add(state.phase)
        if state.phase is Phase.GAME_OVER:
            break
        step = NextDeal() if state.phase is Phase.DEAL else rng.choice(state.legal_actions())
        record = record.then(step)
        state = record.deal(state) if isinstance(step, NextDeal) else state.apply(step)
    assert seen == set(Phase)
