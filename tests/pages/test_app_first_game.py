"""AppTest: the coached first game (pages/11_First_game.py), start to end by the coach's hints."""

from __future__ import annotations

from apptools import open_page, page_text
from streamlit.testing.v1 import AppTest

from cribbage_core.game import Discard, Phase, Play
from cribbage_core.scoring import score_hand
from cribbage_core.teaching.first_game import (
    coach_discard,
    coached_discards,
    deal,
    play_hint,
    start,
)

PAGE = "pages/11_First_game.py"


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def discard(at: AppTest, seat_hand, cards) -> AppTest:
    for i, card in enumerate(seat_hand):
        at.checkbox(key=f"fg_pick_{i}").set_value(card in cards)
    return click(at, "fg_throw")


def test_the_coached_game_from_the_cut_to_the_check() -> None:
    at = open_page(PAGE)
    click(at, "fg_cut")
    assert "cut compares ranks" in page_text(at)
    click(at, "fg_deal")
    state = deal(start())
    # a wrong discard for the pone says why and changes nothing
    discard(at, state.hands[1], state.hands[1][:2])
    assert at.error and "Choose again" in at.error[0].value
    discard(at, state.hands[1], coach_discard(state, 1).best.discard)
    assert at.success and "the same two cards" in at.success[0].value
    discard(at, state.hands[0], coach_discard(state, 0).best.discard)
    assert "the starter: 4♦" in page_text(at)
    click(at, "fg_play")
    # the play, each card the coach's hint
    state = coached_discards(state)
    while state.phase is Phase.PLAY:
        hint = play_hint(state)
        if hint.card is None:
            click(at, "fg_say_go")
            state = state.apply(state.legal_actions()[0])
        else:
            click(at, f"fg_lay_{state.hands[state.to_act].index(hint.card)}")
            state = state.apply(Play(state.to_act, hint.card))
    text = page_text(at)
    assert "before the go and pegs 1 point" in text and "makes thirty-one exactly" in text
    click(at, "fg_show")
    for cards, is_crib in ((state.kept[1], False), (state.kept[0], False), (state.crib, True)):
        at.text_input(key="fg_count").input(
            str(score_hand(cards, state.starter, is_crib=is_crib).total)
        )
        click(at, "fg_count_submit")
        assert at.success and "Right" in at.success[0].value
        click(at, "fg_count_next")
    assert "Check yourself" in [h.value for h in at.header]
    for i, answer in enumerate(("pone", "go", "crib")):
        at.radio(key=f"fg_q{i}").set_value(answer)
    click(at, "fg_check")
    assert len([s for s in at.success if "Right" in s.value]) == 3
    assert at.session_state["attempts"][-1].correct


def _at_the_show() -> tuple[AppTest, int, int]:
    """The page at the pone's count, the coach's moves made; the pone's and the dealer's points."""
    at = open_page(PAGE)
    first = deal(start())
    moves = [
        Discard(seat, coach_discard(first, seat).best.discard)
        for seat in (first.pone, first.dealer)
    ]
    state = coached_discards(first)
    while state.phase is Phase.PLAY:
        hint = play_hint(state)
        move = state.legal_actions()[0] if hint.card is None else Play(state.to_act, hint.card)
        moves.append(move)
        state = state.apply(move)
    at.session_state["fg_moves"] = tuple(moves)
    at.session_state["fg_stage"] = "show"
    at.run()
    points = [score_hand(state.kept[seat], state.starter).total for seat in (1, 0)]
    return at, points[0], points[1]


def test_a_wrong_count_gets_one_more_try_as_on_count_the_hand() -> None:
    at, pone, dealer = _at_the_show()
    at.text_input(key="fg_count").input(str(pone + 2))
    click(at, "fg_count_submit")
    # not told the answer yet: try again, with a hint of what went wrong
    assert at.error and "try once more" in at.error[0].value
    assert "You counted too many" in at.info[0].value
    assert "fg_count_next" not in [b.key for b in at.button]
    at.text_input(key="fg_count").input(str(pone))
    click(at, "fg_count_submit")
    assert at.success and "Right on the second try" in at.success[0].value
    click(at, "fg_count_next")
    # the dealer's count: a wrong count, then "Show the answer", shows it beside the first answer
    at.text_input(key="fg_count").input(str(dealer + 1))
    click(at, "fg_count_submit")
    click(at, "fg_count_reveal")
    assert at.error and f"you said {dealer + 1}, the answer is {dealer}" in at.error[0].value
