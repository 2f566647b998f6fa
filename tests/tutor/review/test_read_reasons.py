"""The coach's read of the opponent in words: the review's reasons and coach mode's warning say it
where a card's value depends on what the opponent has shown, and not elsewhere, in every language."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

from cribbage_core.bots import make_bot
from cribbage_core.bots.selfplay import play_game_steps
from cribbage_core.cards import Card
from cribbage_core.coach.at_table import check
from cribbage_core.coach.game_review import Decision, analyse_game
from cribbage_core.coach.read import HandRead, ReadFact
from cribbage_core.game import GameState, Play
from tutor.lang.coach_words import read_lines
from tutor.lang.languages import LANGUAGES
from tutor.play.coach_text import coach_why
from tutor.review.reasons import play_read, reasons

READING = "Reading your opponent's discard"


@lru_cache(maxsize=1)
def _graded() -> tuple[tuple[Decision, GameState, Play], ...]:
    """The medium bot's plays with a real choice, not its best, in a seeded game against hard."""
    steps = play_game_steps(
        [make_bot("medium", 11), make_bot("hard", 12)], random.Random("read-words"), target=61
    )
    review = analyse_game(steps, seats=[0])
    found = []
    for d in review.decisions:
        state, action = steps[d.step - 1]
        if d.kind == "play" and d.real_choice and d.chosen != 0 and isinstance(action, Play):
            found.append((d, state, action))
    return tuple(found)


def _split() -> tuple[
    tuple[Decision, GameState, Play, ReadFact], tuple[Decision, GameState, Play, ReadFact]
]:
    said = quiet = None
    for d, state, action in _graded():
        fact = play_read(d, state)
        assert fact is not None
        if fact.matters and said is None:
            said = (d, state, action, fact)
        if not fact.matters and quiet is None:
            quiet = (d, state, action, fact)
    assert said is not None and quiet is not None
    return said, quiet


def test_the_review_says_the_read_where_it_matters_and_not_elsewhere() -> None:
    (d, state, _, fact), (d2, state2, _, _) = _split()
    why = reasons(d, state, "en")
    assert any(line.startswith(READING) for line in why), why
    assert read_lines(fact, "en")[0] in why
    assert not any(READING in line for line in reasons(d2, state2, "en"))


def test_the_read_uses_the_reviews_own_values() -> None:
    (d, _state, action, fact), _ = _split()
    assert fact.card is action.card
    assert fact.value == d.choice.points or fact.value == d.choice.win


def test_coach_modes_warning_says_the_read_where_it_matters() -> None:
    (_d, state, action, fact), (_, state2, action2, _) = _split()
    verdict = check(state, action, 0.0)
    assert verdict.warn
    lines = coach_why(verdict, action, state, "en")
    assert lines[: len(read_lines(fact, "en"))] == read_lines(fact, "en")
    quiet = coach_why(check(state2, action2, 0.0), action2, state2, "en")
    assert not any(READING in line for line in quiet)


@pytest.mark.parametrize("lang", [lang.code for lang in LANGUAGES])
def test_every_sentence_of_the_read_is_whole_in_every_language(lang: str) -> None:
    card, other = Card.parse("5H"), Card.parse("4H")
    cases = []
    for plays in (False, True):
        for hand in (
            HandRead((1, 10), 0.72, 0.41, True, plays),  # likely
            HandRead((5,), 0.45, 0.30, True, plays),  # more often
            HandRead((8,), 0.20, 0.35, True, plays),  # unlikely
            HandRead((2, 10), 0.45, 0.85, True, plays),  # less often
        ):
            cases.append(ReadFact(card, card, other, 1.53, -1.03, False, True, hand))
    cases.append(ReadFact(card, card, card, 0.146, 0.276, True, False, cases[0].hand))
    said = [line for fact in cases for line in read_lines(fact, lang)]
    assert len(said) == 8 * 3 + 2
    # eight readings, the best card's line and the value's (alike each time), the chance to win's
    assert len(set(said)) == 8 + 1 + 1 + 1
    for line in said:
        assert "{" not in line and "}" not in line, line
    if lang != "en":
        english = {line for fact in cases for line in read_lines(fact, "en")}
        assert not english & set(said)
        assert not any("ten-card" in line or " ace" in line for line in said)
