"""tutor.quiz.grading and tutor.quiz.feedback: the quizzes' verdicts and their words, without a page."""

from __future__ import annotations

import pytest

from cribbage_core import score_hand
from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor.quiz.feedback import count_notes, discard_notes, pegging_notes
from tutor.quiz.grading import grade_count, grade_discard, grade_pegging

# 5H 5S JC 10D with the 5C: fifteens 14, a pair royal 6, nobs 1 = 21
SCORE = score_hand("5H 5S JC 10D", "5C")
RIGHT = {"fifteen": "14", "pair": "6", "run": "", "flush": "0", "nobs": "1"}


def test_a_right_total_is_right_and_misses_nothing() -> None:
    verdict = grade_count(SCORE, " 21 ")
    assert verdict.correct and verdict.hint is None and verdict.missed == ()
    assert verdict.categories == ("fifteen", "pair", "nobs")
    assert [note.tone for note in count_notes(verdict, is_crib=False)] == ["right"]


def test_a_short_total_hints_at_what_makes_up_the_gap() -> None:
    verdict = grade_count(SCORE, "20")
    assert not verdict.correct and verdict.hint == "short"
    assert verdict.likely == ("nobs",) and verdict.missed == ("nobs",)
    wrong, hint = count_notes(verdict, is_crib=True)
    assert wrong.text == "Not quite: you said 20, the crib scores 21."
    assert hint.text.startswith("You are 1 short. Did you miss nobs")


def test_a_total_too_high_blames_every_category_it_held() -> None:
    verdict = grade_count(SCORE, "23")
    assert verdict.hint == "over" and verdict.missed == ("fifteen", "pair", "nobs")
    assert "You counted 2 too many" in count_notes(verdict, is_crib=False)[1].text


@pytest.mark.parametrize("typed", ["", "many", "-1", "2.5", "30"])
def test_an_unreadable_total_is_an_error_and_no_verdict(typed: str) -> None:
    verdict = grade_count(SCORE, typed)
    assert len(verdict.errors) == 1 and not verdict.correct and verdict.hint is None


def test_per_category_answers_add_up_and_blank_is_none() -> None:
    verdict = grade_count(SCORE, RIGHT)
    assert (
        verdict.correct
        and verdict.answer == 21
        and verdict.given
        == {
            "fifteen": 14,
            "pair": 6,
            "run": 0,
            "flush": 0,
            "nobs": 1,
        }
    )


def test_a_right_total_split_wrongly_is_wrong_and_names_the_categories() -> None:
    verdict = grade_count(SCORE, {**RIGHT, "fifteen": "12", "pair": "8"})
    assert verdict.answer == SCORE.total and not verdict.correct
    assert verdict.wrong_kinds == ("fifteen", "pair") and verdict.missed == ("fifteen", "pair")
    wrong, hint = count_notes(verdict, is_crib=False)
    assert wrong.text == "The total is right, 21 points, but not every category is."
    assert hint.text == (
        "Check these categories: Fifteen (you said 12, it is 14) and Pair (you said 8, it is 6)."
    )


def test_an_unreadable_category_names_the_category() -> None:
    verdict = grade_count(SCORE, {**RIGHT, "nobs": "2", "run": "x"})
    assert len(verdict.errors) == 2
    assert verdict.errors[0].startswith("Run: ") and verdict.errors[1].startswith("Nobs: ")


def test_pegging_one_short_with_a_go_point_is_the_forgotten_go() -> None:
    seed = next(s for s in range(200) if pegging_question(s).go_kind)
    question = pegging_question(seed)
    verdict = grade_pegging(question, str(question.total - 1))
    assert not verdict.correct and verdict.forgot_go
    notes = pegging_notes(verdict, "7♥")
    assert [n.tone for n in notes] == ["wrong", "hint"] and "go or the last card" in notes[1].text
    assert grade_pegging(question, str(question.total)).correct
    assert grade_pegging(question, "16").error is not None


def test_a_discard_of_the_wrong_size_is_not_graded() -> None:
    deal = deal_discard(42)
    verdict = grade_discard(deal, deal.hand[:3])
    assert verdict.wrong_number and verdict.chosen is None and not verdict.correct


def test_the_best_discard_names_the_runner_up() -> None:
    deal = deal_discard(42)
    verdict = grade_discard(deal, deal.advice.best.discard)
    assert verdict.correct and verdict.loss == 0 and verdict.reason is None
    assert verdict.runner_up == deal.advice.options[1]
    right, note = discard_notes(verdict)
    assert right.text.startswith("The best discard!") and note.tone == "note"


def test_the_worst_discard_says_what_it_cost_and_why() -> None:
    deal = deal_discard(42)
    worst = deal.advice.options[-1]
    verdict = grade_discard(deal, worst.discard)
    assert not verdict.correct and verdict.chosen == worst and verdict.reason is not None
    assert verdict.loss == pytest.approx(deal.advice.best.net - worst.net)
    wrong, why = discard_notes(verdict)
    assert wrong.text.startswith(f"You gave up {verdict.loss:.2f} points on average")
    assert why.tone == "hint" and "beats keeping" in why.text


def test_a_first_wrong_count_gets_a_hint_without_the_answer() -> None:
    from tutor.quiz.feedback import retry_notes

    for typed in ("20", "23", {**RIGHT, "fifteen": "12", "pair": "8"}):
        wrong, hint = retry_notes(grade_count(SCORE, typed))
        assert wrong.tone == "wrong" and "try once more" in wrong.text
        assert "21" not in wrong.text + hint.text and "14" not in hint.text  # nothing given away
    assert "nobs" in retry_notes(grade_count(SCORE, "20"))[1].text
    assert retry_notes(grade_count(SCORE, {**RIGHT, "pair": "8", "nobs": "0"}))[1].text == (
        "Check these categories: Pair and Nobs."
    )
