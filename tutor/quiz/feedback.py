"""What a quiz page says about a graded answer: the verdict line and the hint, as data.

Each function turns a verdict from :mod:`tutor.quiz.grading` into :class:`Note`\\ s, in the
run's language; the page shows them in order (``tutor.quiz.frame.show_notes``: a right
answer green, a wrong one red, a hint blue, a note in small print). Pure functions: no
Streamlit, so every message can be checked without a page.

>>> from cribbage_core import score_hand
>>> from tutor.quiz.grading import grade_count
>>> score = score_hand("5H 5S JC 10D", "5C")  # 21, with nobs
>>> [note.tone for note in count_notes(grade_count(score, "20"), is_crib=False)]
['wrong', 'hint']
>>> count_notes(grade_count(score, "20"), is_crib=False)[1].text
"You are 1 short. Did you miss nobs (the jack of the starter's suit, 1 point)?"
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HAND_KINDS
from cribbage_core.teaching.discard_quiz import TIE
from tutor.lang.i18n import N_, _, fmt_int, kind_label, list_text, ngettext
from tutor.quiz.discard_text import cards_text, fact_text, points, reason_headline, reason_why
from tutor.quiz.grading import CountVerdict, DiscardVerdict, PeggingVerdict

__all__ = [
    "MISSED_HINTS",
    "Note",
    "Tone",
    "choose_exactly",
    "count_notes",
    "discard_notes",
    "pegging_notes",
    "retry_notes",
]

#: right: the answer is right; wrong: it is not; hint: what to look at; note: small print.
Tone = Literal["right", "wrong", "hint", "note"]


class Note(NamedTuple):
    """One line of feedback: how it is shown (``tone``) and what it says."""

    tone: Tone
    text: str


def choose_exactly(throw: int, chosen: int) -> str:
    """What a throw of the wrong number of cards is told: how many to choose, how many it chose.

    >>> choose_exactly(2, 3)
    'Choose exactly 2 cards to throw: you chose 3.'
    """
    return ngettext(
        "Choose exactly {n} card to throw: you chose {chosen}.",
        "Choose exactly {n} cards to throw: you chose {chosen}.",
        throw,
    ).format(n=fmt_int(throw), chosen=fmt_int(chosen))


#: What a short count most likely missed, per category (msgids).
MISSED_HINTS: Final = {
    ScoreKind.FIFTEEN: N_("a fifteen (look for every set of cards that adds up to {fifteen})"),
    ScoreKind.PAIR: N_("a pair (every two cards of the same rank score {two})"),
    ScoreKind.RUN: N_("a run (a duplicated rank doubles the run)"),
    ScoreKind.FLUSH: N_("the flush (four hand cards of one suit; in a crib all five)"),
    ScoreKind.NOBS: N_("nobs (the jack of the starter's suit, {one} point)"),
}


def missed_hint(kind: ScoreKind) -> str:
    """What a learner who is short may have missed, in words, with its numbers in their digits."""
    return _(MISSED_HINTS[kind]).format(fifteen=fmt_int(15), two=fmt_int(2), one=fmt_int(1))


def _wrong_categories(verdict: CountVerdict) -> str:
    given = verdict.given or {}
    return list_text(
        [
            _("{kind} (you said {given}, it is {actual})").format(
                kind=kind_label(kind),
                given=fmt_int(given.get(kind, 0)),
                actual=fmt_int(verdict.expected.get(kind, 0)),
            )
            for kind in HAND_KINDS
            if kind in verdict.wrong_kinds
        ]
    )


def retry_notes(verdict: CountVerdict) -> list[Note]:
    """A first wrong count: try once more, with a hint of what was likely missed (no numbers)."""
    if verdict.hint == "categories":
        names = list_text([kind_label(kind) for kind in HAND_KINDS if kind in verdict.wrong_kinds])
        hint = _("Check these categories: {kinds}.").format(kinds=names)
    elif verdict.hint == "short":
        hint = _("Did you miss {hints}?").format(
            hints=list_text([missed_hint(kind) for kind in verdict.likely], "or")
        )
    else:
        hint = _(
            "You counted too many. Each card may be used in several combinations, "
            "but each combination counts once."
        )
    return [
        Note("wrong", _("Not quite. Have another look and try once more.")),
        Note("hint", hint),
    ]


def count_notes(verdict: CountVerdict, is_crib: bool, second_try: bool = False) -> list[Note]:
    """The verdict on a count and, when wrong, the hint that fits it.

    ``second_try``: the answer after :func:`retry_notes` (the first one is the one recorded).
    """
    if verdict.correct and second_try:
        return [
            Note(
                "right",
                _("Right on the second try: {total} points.").format(total=fmt_int(verdict.total)),
            ),
            Note("note", _("Your first answer is the one that counts in your score.")),
        ]
    if verdict.correct:
        return [Note("right", _("Right! {total} points.").format(total=fmt_int(verdict.total)))]
    if verdict.answer == verdict.total:  # answered per category: the total right, a split wrong
        said = _("The total is right, {total} points, but not every category is.").format(
            total=fmt_int(verdict.total)
        )
    else:
        said = _("Not quite: you said {answer}, the {what} scores {total}.").format(
            answer=fmt_int(verdict.answer),
            what=_("crib") if is_crib else _("hand"),
            total=fmt_int(verdict.total),
        )
    notes = [Note("wrong", said)]
    if verdict.hint == "categories":
        hint = _("Check these categories: {kinds}.").format(kinds=_wrong_categories(verdict))
    elif verdict.hint == "short":
        hint = _("You are {gap} short. Did you miss {hints}?").format(
            gap=fmt_int(verdict.total - verdict.answer),
            hints=list_text([missed_hint(kind) for kind in verdict.likely], "or"),
        )
    else:
        hint = _(
            "You counted {extra} too many. Each card may be used in several combinations, "
            "but each combination counts once."
        ).format(extra=fmt_int(verdict.answer - verdict.total))
    return [*notes, Note("hint", hint)]


def pegging_notes(verdict: PeggingVerdict, card: str) -> list[Note]:
    """The verdict on what the last card laid (``card``, as text) scores, and the go hint."""
    if verdict.correct:
        return [
            Note(
                "right",
                _("Right! Your {card} scores {total}.").format(
                    card=card, total=fmt_int(verdict.total)
                ),
            )
        ]
    notes = [
        Note(
            "wrong",
            _("Not quite: you said {answer}, your {card} scores {total}.").format(
                answer=fmt_int(verdict.answer), card=card, total=fmt_int(verdict.total)
            ),
        )
    ]
    if verdict.forgot_go:
        notes.append(Note("hint", _("So close: you forgot the point for the go or the last card.")))
    return notes


def also_good_notes(verdict: DiscardVerdict) -> list[Note]:
    """The other throws within a close call of the best: "Also good: 5♠ 6♣ (0.22 behind)"."""
    best = verdict.best
    if not verdict.also_good or best is None:
        return []
    items = [
        _("{cards} ({gap} behind)").format(
            cards=cards_text(o.discard), gap=points(best.net - o.net)
        )
        for o in verdict.also_good
    ]
    return [Note("note", _("Also good: {options}.").format(options=list_text(items)))]


def discard_notes(verdict: DiscardVerdict) -> list[Note]:
    """The verdict on a discard: the best (and how far the next is behind), or what it cost and why."""
    chosen, best = verdict.chosen, verdict.best
    assert chosen is not None and best is not None, "grade a discard of the right size first"
    if verdict.correct and verdict.loss >= TIE:
        notes = [
            Note(
                "right",
                _(
                    "A close call, accepted as good: throwing {cards} is {gap} points behind the "
                    "best, throwing {best}, on average over every starter."
                ).format(
                    cards=cards_text(chosen.discard),
                    gap=points(verdict.loss),
                    best=cards_text(best.discard),
                ),
            )
        ]
        return notes + also_good_notes(verdict)
    if verdict.correct:
        notes = [
            Note(
                "right",
                _("The best discard! Keeping {keep} is worth {net} points on average.").format(
                    keep=cards_text(chosen.keep), net=points(chosen.net)
                ),
            )
        ]
        if verdict.also_good:
            return notes + also_good_notes(verdict)
        if verdict.runner_up is not None:
            notes.append(
                Note(
                    "note",
                    _("The next best, throwing {cards}, is {gap} points behind.").format(
                        cards=cards_text(verdict.runner_up.discard),
                        gap=points(chosen.net - verdict.runner_up.net),
                    ),
                )
            )
        return notes
    wrong = _("You gave up {loss} points on average. The best was to throw {cards}.").format(
        loss=points(verdict.loss), cards=cards_text(best.discard)
    )
    reason = verdict.reason
    assert reason is not None
    bullets = "\n".join(f"- {fact_text(fact)}" for fact in reason.facts)
    why = reason_headline(reason) + " " + reason_why(reason) + ("\n\n" + bullets if bullets else "")
    return [Note("wrong", wrong), Note("hint", why)]
