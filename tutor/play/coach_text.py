"""The coach's words on the Play page: the warning before a costly move, the threshold's choices,
the chance-to-win bar's labels. Pure (no Streamlit); every learner-facing string through ``_``.

Figures are the game review's (``cribbage_core.coach.game_review.judge``): expected points with two
decimals, the chance to win in points of % with one, the review's grade names.

>>> from cribbage_core.coach.at_table import WinBasis
>>> threshold_label(1.5, "en")
'1.5 points: mistakes and worse'
>>> win_basis_label(WinBasis.DEAL, "en")
'at the start of the deal'
"""

from __future__ import annotations

from typing import Final

from cribbage_core.cards import Card
from cribbage_core.coach.at_table import CoachCheck, WinBasis, WinEstimate, win_threshold
from cribbage_core.coach.facts import FactKind, discard_facts, play_facts
from cribbage_core.coach.positions import peg_advice, uniform_advice
from cribbage_core.coach.read import read_fact
from cribbage_core.game import Discard, GameState, Go, Play
from cribbage_core.seats import role_of
from tutor.lang.coach_words import fact_text, read_lines
from tutor.lang.i18n import N_, _, card_text, cards_text, fmt_percent, grade_name, ltr, own_digits

__all__ = [
    "THRESHOLDS",
    "points_text",
    "percent_text",
    "threshold_label",
    "coach_warning",
    "coach_rule",
    "coach_why",
    "win_basis_label",
    "win_title",
]

#: The thresholds a learner can choose (expected points): the grade limits and two between.
THRESHOLDS: Final = (0.3, 0.5, 1.0, 1.5, 3.0)

_THRESHOLD_NOTES: Final = {
    0.3: N_("{points} points: inaccuracies and worse"),
    1.5: N_("{points} points: mistakes and worse"),
    3.0: N_("{points} points: blunders only"),
}

_BASIS: Final = {
    WinBasis.DEAL: N_("at the start of the deal"),
    WinBasis.PLAY: N_("your hand known, the rest typical"),
    WinBasis.SHOW: N_("the counts still to come"),
    WinBasis.OVER: N_("the game is over"),
}


def points_text(points: float, lang: str | None = None, decimals: int = 2) -> str:
    """Expected points as the review writes them (``1.84``), kept left to right."""
    return ltr(own_digits(f"{points:.{decimals}f}", lang), lang)


def percent_text(fraction: float, lang: str | None = None) -> str:
    """A chance given up, in points of % with one decimal (``6.2%``), kept left to right."""
    return ltr(own_digits(f"{100 * fraction:.1f}%", lang), lang)


def threshold_label(points: float, lang: str | None = None) -> str:
    """One choice of the coach's threshold, with the grade it stands for where it is a grade's limit."""
    note = _THRESHOLD_NOTES.get(points)
    shown = points_text(points, lang, decimals=1)
    if note is None:
        return _("{points} points", lang).format(points=shown)
    return _(note, lang).format(points=shown)


def _best_cards(verdict: CoachCheck) -> tuple[Card, ...]:
    label = verdict.decision.options[0].label
    return tuple(Card.parse(word) for word in label.removeprefix("throw ").split())


def coach_warning(
    verdict: CoachCheck, action: Discard | Play | Go, lang: str | None = None, players: int = 2
) -> str:
    """What the move gives up, against what, and its grade: one whole sentence per case
    (``players``: with three or four, the average is over the opponents' hands).

    In the win view (a side can reach the target this deal) the chance to win decides, as in the
    review; elsewhere the expected points.
    """
    best = cards_text(_best_cards(verdict), lang=lang)
    grade = grade_name(verdict.grade, lang)
    win_lost = verdict.win_lost
    if isinstance(action, Discard):
        cards = cards_text(action.cards, lang=lang)
        if win_lost is not None:
            text = _(
                "Laying away {cards} lowers your chance to win by {percent} against laying away {best}. "
                "The review will grade it: {grade}.",
                lang,
            )
            return text.format(
                cards=cards, percent=percent_text(win_lost, lang), best=best, grade=grade
            )
        text = (
            _(
                "Laying away {cards} gives up {points} points on average, over every starter and "
                "the hands your opponents could hold, against laying away {best}. "
                "The review will grade it: {grade}.",
                lang,
            )
            if players > 2
            else _(
                "Laying away {cards} gives up {points} points on average, over every starter and the "
                "hands your opponent could hold, against laying away {best}. "
                "The review will grade it: {grade}.",
                lang,
            )
        )
        return text.format(
            cards=cards, points=points_text(verdict.points_lost, lang), best=best, grade=grade
        )
    assert isinstance(action, Play)
    card = card_text(action.card, lang)
    if win_lost is not None:
        text = _(
            "Laying {card} lowers your chance to win by {percent} against laying {best}. "
            "The review will grade it: {grade}.",
            lang,
        )
        return text.format(card=card, percent=percent_text(win_lost, lang), best=best, grade=grade)
    text = (
        _(
            "Laying {card} gives up {points} points on average over the rest of the play, over the "
            "hands your opponents could hold, against laying {best}. The review will grade it: "
            "{grade}.",
            lang,
        )
        if players > 2
        else _(
            "Laying {card} gives up {points} points on average over the rest of the play, over the "
            "hands your opponent could hold, against laying {best}. The review will grade it: {grade}.",
            lang,
        )
    )
    return text.format(
        card=card, points=points_text(verdict.points_lost, lang), best=best, grade=grade
    )


def coach_why(
    verdict: CoachCheck, action: Discard | Play | Go, state: GameState, lang: str | None = None
) -> list[str]:
    """The warning's reason in cards, from the facts the review and the trainer word the same
    way (:mod:`tutor.lang.coach_words`): for a throw what it breaks (else what its crib gets,
    else whose crib it is); for a card, where its value depends on what the opponent has shown
    beyond the margins of :mod:`cribbage_core.coach.read`, the coach's read first (two players:
    the position's uniform search, made now unless coach mode made it ahead), then what it
    scores now and what it lets the opponent score.
    """
    if isinstance(action, Discard):
        dealt = state.hands[action.seat]
        facts = discard_facts(
            dealt,
            action.cards,
            role_of(action.seat, state.dealer, state.players),
            _best_cards(verdict),
            state.players,
        )
        for kinds in ((FactKind.BREAKS,), (FactKind.CRIB_GETS,), (FactKind.CRIB,)):
            found = [f for f in facts if f.kind in kinds]
            if found:
                return [fact_text(found[0], lang, action.cards)]
        return []
    if isinstance(action, Play):
        view = state.view(action.seat)
        lines = []
        if state.players == 2 and verdict.decision.real_choice:
            read = read_fact(view, action.card, peg_advice(view), uniform_advice(view))
            lines = read_lines(read, lang)
        facts = play_facts(view, action.card)
        return lines + [fact_text(f, lang) for f in facts if f.kind is not FactKind.KEEPS_PAIR]
    return []


def coach_rule(threshold: float, lang: str | None = None) -> str:
    """The rule the learner chose, in words (shown under the warning and beside the setting).

    >>> coach_rule(1.5, "en")
    'The coach warns you before a move that gives up more than 1.5 points on average (near the end of the game: more than 8.0% of your chance to win).'
    """
    return _(
        "The coach warns you before a move that gives up more than {points} points on average "
        "(near the end of the game: more than {percent} of your chance to win).",
        lang,
    ).format(
        points=points_text(threshold, lang, decimals=1),
        percent=percent_text(win_threshold(threshold), lang),
    )


def win_basis_label(basis: WinBasis, lang: str | None = None) -> str:
    """What a chance to win is built on, in a few words (under the bar)."""
    return _(_BASIS[basis], lang)


def win_title(estimate: WinEstimate, lang: str | None = None) -> str:
    """The bar's full explanation (its tooltip and screen-reader label): the figure and what it is."""
    return _(
        "Your chance to win: {percent}. An estimate from the app's table of games between strong "
        "computer players, from the scores and who deals; after the cut your own hand is counted "
        "exactly and the computer's cards, the crib and the rest of the play are taken as in a "
        "typical deal. It does not know the computer's cards.",
        lang,
    ).format(percent=fmt_percent(estimate.chance, lang))
