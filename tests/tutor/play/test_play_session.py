"""The Play page's logic without Streamlit: sessions, undo, reviews, saving, the log, messages."""

from __future__ import annotations

import json
import random

import pytest
from apptools import next_step, random_move

from cribbage_core.cards import Card, parse_cards
from cribbage_core.errors import (
    CountExceeded,
    IllegalMove,
    MustPlay,
    NotYourTurn,
    WrongNumberOfCards,
)
from cribbage_core.game import Discard, Go, Phase, Play
from cribbage_core.record import TakeBack
from tutor.html.board import board_svg, hole_position
from tutor.play.session import HUMAN, Move, PlaySession, PlaySettings
from tutor.play.text import describe_move, error_message, scored_phrase, seat_names


def play_out(session: PlaySession, rng: random.Random, undo_rate: float = 0.0) -> PlaySession:
    """The game to its end as ``apptools.randomly_played_game`` plays it (a hand counted by the
    learner claims 0-10), a move of the learner's taken back at ``undo_rate``, and each step's
    save read back to the same session."""
    random_turn = random_move(rng, most_claimed=10)

    def learners_turn(session: PlaySession) -> PlaySession:
        session = random_turn(session)
        return session.take_back() if session.can_undo and rng.random() < undo_rate else session

    while session.phase is not Phase.GAME_OVER:
        session = next_step(session, learners_turn)
        assert PlaySession.from_dict(json.loads(json.dumps(session.to_dict()))) == session
    return session


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_round_trip_through_json_at_every_step(players: int) -> None:
    settings = PlaySettings(
        level="medium", players=players, target=61, muggins=True, self_count=True
    )
    final = play_out(
        PlaySession.start(settings, seed=players), random.Random(players), undo_rate=0.15
    )
    assert final.state.result is not None
    rows = final.log_rows()
    assert len(rows) == len(final.state.log) + len(final.marks)
    assert rows[-1]["scores"] == final.state.scores


def test_back_pegs_trail_the_front_by_the_last_peg() -> None:
    session = PlaySession.start(PlaySettings(target=61), seed=4)
    rng = random.Random(1)
    while session.phase is not Phase.GAME_OVER:
        before = session.state.scores
        session = next_step(session, random_move(rng))
        for side, (old, new) in enumerate(zip(before, session.state.scores, strict=True)):
            if new != old:
                assert session.back[side] == old
            assert session.back[side] <= new


def test_only_my_seat_is_mine_and_illegal_moves_change_nothing() -> None:
    session = PlaySession.start(PlaySettings(first_dealer="me"), seed=7)
    with pytest.raises(IllegalMove):
        session.act(Discard(1, session.state.hands[1][:2]))
    with pytest.raises(WrongNumberOfCards):
        session.act(Discard(HUMAN, session.state.hands[HUMAN][:1]))
    assert not session.undo and session.moves == 0


def test_the_review_compares_my_discard_with_the_best() -> None:
    session = PlaySession.start(PlaySettings(), seed=42)
    advice = session.advice()
    worst = advice.options[-1]
    after = session.act(Discard(HUMAN, worst.discard))
    review = after.review()
    assert review is not None
    assert review.rank == len(advice.options)
    assert review.ev_lost == pytest.approx(advice.best.net - worst.net)
    best = session.act(Discard(HUMAN, advice.best.discard)).review()
    assert best is not None and best.ev_lost == 0


def test_take_back_restores_the_hand_and_marks_the_log() -> None:
    session = PlaySession.start(PlaySettings(first_dealer="opponent"), seed=3)  # I am pone: I lead
    while session.bot_to_act() is not None:
        session = session.bot_step()
    session = session.act(Discard(HUMAN, session.advice().best.discard))
    assert session.state.to_act == HUMAN
    card = session.state.hands[HUMAN][0]
    laid = session.act(Play(HUMAN, card))
    while laid.bot_to_act() is not None:
        laid = laid.bot_step()
    undone = laid.take_back()
    assert undone.state == session.state
    assert undone.marks[-1].undone == Play(HUMAN, card)
    assert [r["kind"] for r in undone.log_rows()].count("take-back") == 1
    discard_undone = undone.take_back()
    assert (
        discard_undone.state.phase is Phase.DISCARD and len(discard_undone.state.hands[HUMAN]) == 6
    )
    assert discard_undone.review() is None
    with pytest.raises(IllegalMove):
        discard_undone.take_back()


def test_each_hand_is_dealt_from_the_seed_alone() -> None:
    a = PlaySession.start(PlaySettings(), seed=99)
    b = PlaySession.start(PlaySettings(), seed=99)
    assert a.state.hands == b.state.hands and a.game_id != b.game_id
    c = PlaySession.start(PlaySettings(), seed=100)
    assert c.state.hands != a.state.hands


def test_saved_sessions_of_another_version_are_refused() -> None:
    data = PlaySession.start(PlaySettings(), seed=1).to_dict()
    data["version"] = 99
    with pytest.raises(ValueError, match="version"):
        PlaySession.from_dict(data)


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="level"):
        PlaySettings(level="grandmaster")
    with pytest.raises(ValueError, match="first dealer"):
        PlaySettings(first_dealer="dog")
    with pytest.raises(ValueError, match="players"):
        PlaySettings(players=5)


@pytest.mark.parametrize(
    "kind, points, said",
    [
        ("fifteen", 2, "15 for 2"),
        ("pair", 2, "pair for 2"),
        ("go", 1, "go for 1"),
        ("last card", 1, "last card for 1"),
        ("thirty-one", 2, "31 for 2"),
        ("run", 4, "a run of 4 for 4"),
        ("pair royal", 6, "pair royal for 6"),
        ("his heels", 2, "his heels for 2"),
    ],
)
def test_scoring_is_said_the_way_players_say_it(kind: str, points: int, said: str) -> None:
    assert scored_phrase(kind, points) == said


def test_a_move_says_who_did_what_and_who_scored() -> None:
    names = seat_names(2)
    go = Move(HUMAN, "go", (), 27, ((1, "go", 1),))
    # the learner never clicks go (it is their only move): the log says it was said for them
    assert describe_move(go, names) == (
        "No card of yours fits (the count is 27): go, said for you. Computer scores go for 1."
    )
    assert describe_move(Move(1, "go", (), 28), names) == "Computer cannot lay a card: go."
    two_ways = Move(1, "play", (Card.parse("7C"),), 15, ((1, "fifteen", 2), (1, "pair", 2)))
    assert describe_move(two_ways, names).endswith("Computer scores 15 for 2 and pair for 2.")
    assert (
        describe_move(Move(1, "discard", parse_cards("2C 3C")), names)
        == "Computer laid away 2 cards."
    )


def test_illegal_clicks_get_messages_a_learner_understands() -> None:
    assert "past 31" in error_message(CountExceeded("x"), 25, "Computer", 2)
    assert "cannot say go" in error_message(MustPlay("x"), 10, "Computer", 2)
    assert "Computer is to play" in error_message(NotYourTurn("x"), 10, "Computer", 2)
    assert "exactly 2 cards" in error_message(WrongNumberOfCards("x"), 0, "You", 2)
    assert "exactly 1 card " in error_message(WrongNumberOfCards("x"), 0, "You", 1)


def test_the_board_puts_pegs_on_the_right_holes() -> None:
    assert hole_position(0, 121, 0) != hole_position(1, 121, 0)
    assert hole_position(60, 121, 0)[1] == hole_position(1, 121, 0)[1]  # first street
    assert hole_position(61, 121, 0)[1] > hole_position(60, 121, 0)[1]  # back along the second
    assert hole_position(61, 121, 0)[0] == hole_position(60, 121, 0)[0]
    assert hole_position(130, 121, 0) == hole_position(121, 121, 0)  # the game hole
    assert hole_position(61, 61, 0) == hole_position(70, 61, 0)
    svg = board_svg([5, 0], [2, 0], 61, ["<You>", "Computer"])
    assert "&lt;You&gt;" in svg and "<You>" not in svg
    assert svg.count('class="peg back"') == 2


def test_go_only_when_nothing_fits_in_the_session_too() -> None:
    session = PlaySession.start(PlaySettings(first_dealer="opponent"), seed=3)
    while session.bot_to_act() is not None:
        session = session.bot_step()
    session = session.act(Discard(HUMAN, session.advice().best.discard))
    with pytest.raises(MustPlay):
        session.act(Go(HUMAN))


def test_the_learners_go_is_said_for_them_only_when_no_card_fits() -> None:
    for seed in range(40):
        session = PlaySession.start(PlaySettings(), seed=seed)
        seen_forced = False
        while session.phase is not Phase.GAME_OVER and session.state.hand_no < 4:
            state = session.state
            can_lay = any(state.count + c.value <= 31 for c in state.hands[HUMAN])
            mine_in_play = state.phase is Phase.PLAY and state.to_act == HUMAN
            assert session.forced_go() == (mine_in_play and not can_lay)
            if session.forced_go():
                seen_forced = True
                assert session.moves_on_alone()
                after = session.move_on()
                assert after.feed[-1].kind == "go" and after.feed[-1].seat == HUMAN
                assert after.record.steps[-1] == Go(HUMAN)
                session = after
            elif session.moves_on_alone():
                session = session.move_on()
            elif state.phase is Phase.DEAL:
                session = session.deal_next()
            else:
                session = session.act(session.state.legal_for(HUMAN)[0])
        if seen_forced:
            return
    pytest.fail("no forced go came up in 40 seeded games")


def _to_forced_card(seed: int) -> PlaySession | None:
    """A game of ``seed`` played (first legal moves) until the learner's only legal move is a card
    (and the play goes on after it, so it can be taken back)."""
    session = PlaySession.start(PlaySettings(), seed=seed)
    while session.phase is not Phase.GAME_OVER and session.state.hand_no < 4:
        if (
            isinstance(session.forced_move(), Play) and session.move_on().can_undo
        ):  # not the hand's last card
            return session
        if session.moves_on_alone():
            session = session.move_on()
        elif session.phase is Phase.DEAL:
            session = session.deal_next()
        else:
            session = session.act(session.state.legal_for(HUMAN)[0])
    return None


def test_the_only_card_that_fits_is_laid_for_the_learner_and_undone_with_their_choice() -> None:
    session = next(s for s in map(_to_forced_card, range(60)) if s is not None)
    forced = session.forced_move()
    assert isinstance(forced, Play) and session.moves_on_alone()
    fits = [c for c in session.state.hands[HUMAN] if session.state.count + c.value <= 31]
    assert fits == [forced.card]
    laid = session.move_on()
    assert laid.feed[-1].forced and laid.feed[-1].cards == (forced.card,)
    assert describe_move(laid.feed[-1], seat_names(2)).startswith(
        f"Your {forced.card.label} was the only card"
    )
    # Undo takes back the learner's last choice: the forced card and the card they chose before it
    chosen = next(u for u in reversed(session.undo) if not u.forced)
    undone = laid.take_back_choice()
    assert undone.state == chosen.state
    taken = len(laid.undo) - len(undone.undo)
    assert (
        taken >= 2 and undone.moves == laid.moves + taken
    )  # one take-back step per move in the record
    assert all(isinstance(step, TakeBack) for step in undone.record.steps[-taken:])
    again = PlaySession.replay(undone.game_id, undone.settings, undone.record)
    assert again.state == undone.state and again.feed == undone.feed


def test_settings_errors_are_the_engines_own() -> None:
    from cribbage_core.errors import InvalidBotLevel, InvalidGameConfig

    with pytest.raises(InvalidBotLevel, match="easy, medium, hard"):
        PlaySettings(level="grandmaster")
    with pytest.raises(InvalidGameConfig, match="cut, me, opponent"):
        PlaySettings(first_dealer="dog")


def _to_the_show(settings: PlaySettings, seed: int) -> PlaySession:
    session = PlaySession.start(settings, seed)
    rng = random.Random(seed)
    while session.phase is not Phase.SHOW:
        if session.bot_to_act() is not None:
            session = session.bot_step()
        else:
            session = session.act(rng.choice(session.state.legal_for(HUMAN)))
    return session


def test_when_the_app_counts_the_show_runs_on_by_itself_to_the_next_deal() -> None:
    session = _to_the_show(PlaySettings(target=121), seed=6)
    counts = 0
    while session.phase is Phase.SHOW:
        assert session.moves_on_alone()
        session = session.move_on()
        counts += 1
    assert counts == 3 and session.phase is Phase.DEAL and not session.moves_on_alone()
    with pytest.raises(IllegalMove):
        session.move_on()


def test_step_by_step_the_show_waits_for_each_click_and_self_counting_for_mine() -> None:
    step = _to_the_show(PlaySettings(step_show=True), seed=6)
    assert not step.moves_on_alone()
    mine = _to_the_show(PlaySettings(self_count=True), seed=6)
    while mine.phase is Phase.SHOW and mine.state.to_act != HUMAN:
        assert mine.moves_on_alone()
        mine = mine.move_on()
    assert mine.state.to_act == HUMAN and not mine.moves_on_alone()
    saved = json.loads(json.dumps(step.to_dict()))
    assert saved["step_show"] is True and PlaySession.from_dict(saved).settings.step_show


def test_the_game_logs_cards_stay_left_to_right_in_urdu(monkeypatch: pytest.MonkeyPatch) -> None:
    from cribbage_core.cards import full_deck
    from tutor.lang import i18n
    from tutor.play.text import log_frame

    session = PlaySession.start(PlaySettings(level="easy"), seed=3)  # the cut for deal is logged
    english = log_frame(session)
    assert english.iloc[0, 4] in {card.label for card in full_deck()}
    monkeypatch.setattr(i18n, "current_language", lambda: "ur")
    urdu = log_frame(session)  # a grid cell drawn right to left would show "8♣" as "♣8"
    assert list(urdu.iloc[:, 4]) == [
        f"\u2066{cards}\u2069" if cards else "" for cards in english.iloc[:, 4]
    ]
