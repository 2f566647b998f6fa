"""A decision asked again with three or four players says who dealt, hence whose crib it is,
and every side's score (``tutor.review.view.setting_text``)."""

from __future__ import annotations

from functools import cache

import pytest

from cribbage_core.game import Phase
from tests.apptools import make_bot
from tutor.play.session import HUMAN, PlaySession, PlaySettings
from tutor.play.text import seat_names
from tutor.review.game import ReviewedGame, review_game
from tutor.review.view import setting_text


@cache
def reviewed(players: int) -> ReviewedGame:
    """A game to 61 among easy computers, the learner's seat played by an easy bot."""
    session = PlaySession.start(PlaySettings(level="easy", players=players, target=61), seed=5)
    bot = make_bot("easy", 99)
    while session.phase is not Phase.GAME_OVER:
        if session.phase is Phase.DEAL:
            session = session.deal_next()
        elif session.bot_to_act() is not None or session.moves_on_alone():
            session = session.move_on()
        else:
            session = session.act(bot.act(session.state.view(HUMAN)))
    return review_game(session.to_dict(), session.moves)


@pytest.mark.parametrize("players", [3, 4])
def test_every_decision_says_who_dealt_and_every_score(players: int) -> None:
    game = reviewed(players)
    names = seat_names(players)
    openings = set()
    for d in game.review.decisions:
        state = game.state_before(d)
        text = setting_text(game, d)
        if d.dealer == HUMAN:
            opening = "You are the **dealer**" if d.kind == "discard" else "You dealt"
        elif players == 4 and d.dealer == 2:
            opening = "Your partner dealt: the crib is your side's."
        elif players == 4:
            opening = f"{names[d.dealer]} dealt: the crib is your opponents'."
        else:
            opening = f"{names[d.dealer]} dealt: the crib is theirs."
        assert text.startswith(opening), text
        openings.add(opening)
        if d.kind == "discard" and d.dealer != HUMAN:
            assert "Throw 1 card to the crib." in text  # one card each with three or four
        if players == 3:
            mine, left, right = (str(n) for n in state.scores)
            assert text.endswith(f"Score: you {mine}, {names[1]} {left}, {names[2]} {right}."), text
        else:
            ours, theirs = state.scores[state.side_of(HUMAN)], state.scores[state.side_of(1)]
            assert text.endswith(f"Score: your side {ours}, your opponents {theirs}."), text
    assert len(openings) >= players  # the learner, each other dealer, in some kind of decision


@pytest.mark.parametrize("players", [3, 4])
def test_a_card_laid_says_what_it_gave_against_every_seats_real_cards(players: int) -> None:
    """After the show, a card laid that was not the best says what it and the best card gave
    against the cards each other seat really held, the seat on the learner's left first."""
    from cribbage_core.teaching.actual import actual_play
    from tutor.lang.i18n import card_text, cards_text
    from tutor.review.reasons import _best_index, actual_line, option_cards

    game = reviewed(players)
    said = 0
    for d in game.review.decisions:
        state = game.state_before(d)
        line = actual_line(d, state, "en")
        if d.kind != "play" or d.chosen == _best_index(d):
            assert line is None
            continue
        assert line is not None
        others = [(d.seat + k) % players for k in range(1, players)]
        held = [cards_text(state.kept[s] or state.hands[s], lang="en") for s in others]
        where = [line.index(h) for h in held]
        assert where == sorted(where), line  # left, (partner,) right, in that order
        mine, best = option_cards(d.choice)[0], option_cards(d.options[_best_index(d)])[0]
        assert (
            f"{card_text(mine, 'en')} gave {actual_play(state, mine):+d} over the rest of the "
            f"play and {card_text(best, 'en')} {actual_play(state, best):+d}:"
        ) in line, line
        assert line.endswith(
            "your points minus the most either of them pegged."
            if players == 3
            else "your side's points minus theirs."
        )
        said += 1
    assert said >= 2
