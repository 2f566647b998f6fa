"""The words of counting by combinations (tutor.quiz.combo_text): one whole sentence per flaw,
the numbers in them right, and the verdict's lines."""

from __future__ import annotations

from cribbage_core import parse_cards, score_hand
from cribbage_core.teaching.combos import Claim, ClaimVerdict, Flaw, check_claim, grade_combinations
from tutor.quiz.combo_text import claim_text, combo_notes, why_text

SCORE = score_hand(
    "JD JC 5S 6H", "7D"
)  # two fifteens (a jack and the 5), two jacks, 5-6-7 and nobs: 10


def test_every_flaw_has_its_own_sentence() -> None:
    claim = Claim.of("pair", parse_cards("JD JC"))
    texts = {
        flaw: why_text(ClaimVerdict(claim, flaw, 4), SCORE)
        for flaw in Flaw
        if flaw is not Flaw.NOBS_SUIT
    }
    texts[Flaw.NOBS_SUIT] = why_text(check_claim(SCORE, Claim.of("nobs", parse_cards("JC"))), SCORE)
    assert SCORE.total == 10
    assert all(texts.values()) and len(set(texts.values())) == len(Flaw)
    assert why_text(check_claim(SCORE, claim), SCORE) == ""  # a pair of jacks is a pair


def test_the_numbers_said_are_the_cards_own() -> None:
    sum_of = check_claim(SCORE, Claim.of("fifteen", parse_cards("JD 5S 6H")))
    assert why_text(sum_of, SCORE) == "10 + 5 + 6 is 21, not 15."
    longer = check_claim(SCORE, Claim.of("run", parse_cards("5S 6H")))
    assert (
        why_text(longer, SCORE)
        == "A run needs three cards or more in sequence; you selected 2 cards."
    )
    nobs = check_claim(SCORE, Claim.of("nobs", parse_cards("JC")))
    assert why_text(nobs, SCORE).startswith("J♣ is not of the starter's suit (7♦)")
    assert claim_text(Claim.of("fifteen", parse_cards("7D JD 5S")), SCORE) == "J♦ + 5♠ + 7♦"


def test_the_verdicts_lines() -> None:
    right = grade_combinations(SCORE, [Claim.of(i.kind, i.cards) for i in SCORE.items])
    assert [n.tone for n in combo_notes(right)] == ["right"]
    assert f"{SCORE.total} points in all" in combo_notes(right)[0].text
    nothing = grade_combinations(score_hand("2H 4S 10C KD", "QH"), [])
    assert combo_notes(nothing)[0].text.startswith("Right: this hand has no combination")
    wrong = grade_combinations(SCORE, [Claim.of("pair", parse_cards("5S 6H"))])
    lines = [n.text for n in combo_notes(wrong)]
    n = len(SCORE.items)
    assert lines[0] == f"You found 0 of the hand's {n} combinations."
    assert lines[-1] == f"Your running count ended at 2; the hand scores {SCORE.total} points."


def test_a_wrong_answer_on_a_hand_with_nothing_says_so_not_0_of_0() -> None:
    nothing = score_hand("2D 4C 8S 10H", "QS")
    assert nothing.total == 0
    grade = grade_combinations(nothing, [Claim.of("pair", parse_cards("2D 4C"))])
    [note] = combo_notes(grade)
    assert note.tone == "wrong" and "0 of" not in note.text and "nineteen" in note.text
