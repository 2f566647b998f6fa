"""The coached first game's scripted deal (cribbage_core.teaching.first_game): the cut, the deal, the
coach's discards, and every line of play the learner may choose holding a go and a 31."""

from __future__ import annotations

from collections.abc import Iterator

from cribbage_core import ScoreKind, score_hand
from cribbage_core.game import GameState, Go, Phase, Play
from cribbage_core.teaching.first_game import (
    HintKind,
    coach_discard,
    coached_discards,
    cuts,
    deal,
    play_hint,
    start,
)


def test_the_cut_has_no_tie_and_the_lower_rank_deals() -> None:
    state = start()
    (first, low), (second, high) = cuts(state)
    assert (first, second) == (0, 1) and low.rank < high.rank and low.value == high.value == 10
    assert state.dealer == 0 and state.phase is Phase.DEAL


def test_the_deal_and_the_coachs_discards() -> None:
    state = deal(start())
    assert [str(c) for c in state.hands[1]] == "3C 10C 10H KH KD 6S".split()
    assert [str(c) for c in state.hands[0]] == "5S 3S QD 6C QS 2D".split()
    assert {str(c) for c in coach_discard(state, 1).best.discard} == {"3C", "6S"}
    assert {str(c) for c in coach_discard(state, 0).best.discard} == {"3S", "2D"}
    played = coached_discards(state)
    assert played.phase is Phase.PLAY and str(played.starter) == "4D" and played.to_act == 1
    assert not any(e.kind == ScoreKind.HIS_HEELS for e in played.log)
    # the show the lesson counts: pone 4, dealer 11, crib 12 (counted by hand in the module's notes)
    assert score_hand(played.kept[1], played.starter).total == 4
    assert score_hand(played.kept[0], played.starter).total == 11
    assert score_hand(played.crib, played.starter, is_crib=True).total == 12


def every_line(state: GameState) -> Iterator[GameState]:
    """Every way the play can go from ``state`` (each legal card or go in turn), to the show."""
    if state.phase is not Phase.PLAY:
        yield state
        return
    for action in state.legal_actions():
        yield from every_line(state.apply(action))


def test_every_line_of_play_holds_a_go_and_a_31() -> None:
    ends = list(every_line(coached_discards(deal(start()))))
    assert len(ends) == 384
    for end in ends:
        kinds = {e.kind for e in end.log if e.phase == "play"}
        assert {ScoreKind.GO, ScoreKind.THIRTY_ONE} <= kinds, [str(c) for _, c in end.played]
        assert end.phase is Phase.SHOW


def test_the_coachs_hints_follow_the_rules() -> None:
    state = coached_discards(deal(start()))
    seen = set()
    while state.phase is Phase.PLAY:
        hint, seat = play_hint(state), state.to_act
        seen.add(hint.kind)
        legal = state.legal_for(seat)
        if hint.card is None:
            assert hint.kind is HintKind.GO and legal == [Go(seat)]
            state = state.apply(Go(seat))
        else:
            assert Play(seat, hint.card) in legal
            before = state.scores[seat]
            state = state.apply(Play(seat, hint.card))
            assert state.scores[seat] - before >= hint.points  # a go or last card may add 1
    assert HintKind.GO in seen and HintKind.LEAD in seen
