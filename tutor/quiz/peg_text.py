"""The pegging trainer in words and a table: the position's setting, the verdict, why, every card's value.

:mod:`cribbage_core.teaching.peg_trainer` gives the grade, the values, the likely reply and the counts of
unseen cards; this module words them through the translation function (cards and numbers kept
left to right in a right-to-left language), so every sentence is in the catalogs.
"""

from __future__ import annotations

import pandas as pd

from cribbage_core.cards import Card
from cribbage_core.coach.grades import Grade
from cribbage_core.coach.read import ReadFact
from cribbage_core.teaching.peg_trainer import (
    PegPosition,
    PegVerdict,
    Reply,
    option_grade,
)
from tutor.lang.coach_words import exposure_text, read_lines
from tutor.lang.i18n import (
    _,
    card_text,
    fmt_int,
    grade_name,
    ltr,
    ngettext,
    own_digits,
)
from tutor.quiz.discard_text import points
from tutor.quiz.feedback import Note

__all__ = [
    "exposure_text",
    "percent",
    "reply_text",
    "setting_lines",
    "signed",
    "trainer_notes",
    "values_frame",
]


def percent(fraction: float) -> str:
    """A chance to one decimal place (``"62.5%"``), kept left to right.

    >>> percent(0.625)
    '62.5%'
    """
    return ltr(own_digits(f"{100 * fraction:.1f}%"))


def signed(value: float) -> str:
    """Expected points with their sign (``"+1.25"``, ``"-0.40"``), kept left to right.

    >>> signed(1.25), signed(-0.4)
    ('+1.25', '-0.40')
    """
    return ltr(own_digits(f"{value:+.2f}"))


def setting_lines(position: PegPosition) -> list[str]:
    """Who dealt, the scores, and near the end what each side needs to win (markdown lines)."""
    mine, theirs = position.scores
    lines = [
        _("You dealt: the crib is yours, and your opponent led.")
        if position.you_dealt
        else _("Your opponent dealt: the crib is theirs, and you led."),
        _("Score: you {mine}, your opponent {theirs}.").format(
            mine=fmt_int(mine), theirs=fmt_int(theirs)
        ),
    ]
    if position.advice.win_view:
        need_mine, need_theirs = position.needs
        lines.append(
            _(
                "**The end is near:** you need {mine} to win, your opponent needs {theirs}. "
                "Here the cards are weighed by your chance to win."
            ).format(mine=fmt_int(need_mine), theirs=fmt_int(need_theirs))
        )
    return lines


def reply_text(reply: Reply, opponent_said_go: bool) -> str:
    """The opponent's most likely answer, its chance, and what it scores."""
    if reply.rank is None:
        if opponent_said_go:
            return _("Your opponent has said go: it lays nothing more in this series.")
        if reply.chance >= 1.0 - 1e-9:
            return _("Your opponent has no card left to answer with.")
        return _(
            "Your opponent most likely cannot lay a card on it and says go ({chance})."
        ).format(chance=percent(reply.chance))
    line = ngettext(
        "Your opponent's most likely reply is {rank} ({chance}), scoring {points} point.",
        "Your opponent's most likely reply is {rank} ({chance}), scoring {points} points.",
        reply.points,
    ).format(
        rank=ltr(reply.rank.symbol), chance=percent(reply.chance), points=fmt_int(reply.points)
    )
    return (
        line
        + " "
        + _("On average its reply scores {points} points.").format(points=points(reply.expected))
    )


def _now_text(card: Card, now: int) -> str:
    return ngettext("{card} scores {n} point now.", "{card} scores {n} points now.", now).format(
        card=card_text(card), n=fmt_int(now)
    )


def trainer_notes(
    position: PegPosition, verdict: PegVerdict, read: ReadFact | None = None
) -> list[Note]:
    """The verdict: the grade and what it cost (or how far the next best is behind), then why;
    last, where the card's value depends on what the opponent has shown (``read``), the coach's
    read of it (:func:`tutor.lang.coach_words.read_lines`)."""
    notes = _verdict_notes(position, verdict)
    said = read_lines(read)
    if said:
        notes.append(Note("hint", "\n".join(f"- {line}" for line in said)))
    return notes


def _verdict_notes(position: PegPosition, verdict: PegVerdict) -> list[Note]:
    chosen, best, runner = verdict.chosen, verdict.best, verdict.runner_up
    win = position.advice.win_view
    said_go = position.opponent_said_go
    notes: list[Note] = []
    if verdict.correct and verdict.grade is Grade.GOOD:
        if win and verdict.win_lost is not None:
            gap = percent(verdict.win_lost)
            head = _(
                "A close call, accepted as good: {card} gives up only {gap} of your chance to win "
                "against the best card, {best}."
            )
        else:
            gap = points(round(best.points, 2) - round(chosen.points, 2))
            head = _(
                "A close call, accepted as good: {card} is only {gap} points behind the best card, "
                "{best}, on average over the hands your opponent could hold."
            )
        notes.append(
            Note(
                "right",
                head.format(card=card_text(chosen.card), gap=gap, best=card_text(best.card)),
            )
        )
        why = [
            exposure_text(verdict.exposure) + " " + reply_text(verdict.reply, said_go),
            exposure_text(verdict.best_exposure) + " " + reply_text(verdict.best_reply, said_go),
        ]
        notes.append(Note("hint", "\n".join(f"- {line}" for line in why)))
        return notes
    if verdict.correct:
        if win:
            head = _("The best card! With {card} your chance to win is {win}.").format(
                card=card_text(chosen.card), win=percent(chosen.win or 0.0)
            )
        else:
            head = _(
                "The best card! {card} is worth {value} points over the rest of the play (yours minus your opponent's)."
            ).format(card=card_text(chosen.card), value=signed(chosen.points))
        notes.append(Note("right", head))
        if runner.card.rank != chosen.card.rank:
            if win:
                behind = _("The next best, {card}, gives up {loss} of your chance to win.").format(
                    card=card_text(runner.card),
                    loss=percent((chosen.win or 0.0) - (runner.win or 0.0)),
                )
            else:
                behind = _("The next best, {card}, is {gap} points behind.").format(
                    card=card_text(runner.card), gap=points(chosen.points - runner.points)
                )
            notes.append(Note("note", behind))
        why = [exposure_text(verdict.exposure), reply_text(verdict.reply, said_go)]
        notes.append(Note("hint", "\n".join(f"- {line}" for line in why)))
        return notes
    if win and verdict.win_lost is not None:
        head = _(
            "{grade}: you gave up {loss} of your chance to win ({chosen} instead of {best}). The best card was {card}."
        ).format(
            grade=grade_name(verdict.grade),
            loss=percent(verdict.win_lost),
            chosen=percent(chosen.win or 0.0),
            best=percent(best.win or 0.0),
            card=card_text(best.card),
        )
    else:
        head = _(
            "{grade}: you gave up {loss} points over the rest of the play. The best card was {card}."
        ).format(
            grade=grade_name(verdict.grade),
            # the two values as the table shows them, so the loss is their difference exactly
            loss=points(round(best.points, 2) - round(chosen.points, 2)),
            card=card_text(best.card),
        )
    notes.append(Note("right" if verdict.grade is Grade.GOOD else "wrong", head))
    lines = []
    if chosen.now or best.now:
        lines.append(_now_text(chosen.card, chosen.now) + " " + _now_text(best.card, best.now))
    lines.append(exposure_text(verdict.exposure) + " " + reply_text(verdict.reply, said_go))
    lines.append(
        exposure_text(verdict.best_exposure) + " " + reply_text(verdict.best_reply, said_go)
    )
    if not win:
        lines.append(
            _(
                "Over the rest of the play (yours minus your opponent's), {chosen} is worth {mine} and {best} {theirs}."
            ).format(
                chosen=card_text(chosen.card),
                mine=signed(chosen.points),
                best=card_text(best.card),
                theirs=signed(best.points),
            )
        )
    notes.append(Note("hint", "\n".join(f"- {line}" for line in lines)))
    return notes


def values_frame(position: PegPosition, verdict: PegVerdict) -> pd.DataFrame:
    """Every legal card, best first: points now, its worth over the play (and the chance to win),
    its grade, and which was laid and which is best."""
    advice = position.advice
    rows = []
    for option in advice.options:
        if option.card == verdict.chosen.card:
            mark = _("your card")
        elif option.card == advice.best.card:
            mark = _("best")
        else:
            mark = ""
        row = {
            _("Card"): option.card.label,
            _("Points now"): fmt_int(option.now),
            _("Over the play"): signed(option.points),
        }
        if advice.win_view:
            row[_("Chance to win")] = percent(option.win or 0.0)
        row[_("Grade")] = grade_name(option_grade(position, option.card)[0])
        row[" "] = mark
        rows.append(row)
    return pd.DataFrame(rows)
