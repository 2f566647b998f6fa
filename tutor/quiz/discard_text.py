"""The discard trainer in words, tables and a chart: the reason, the advice table, the starter chart.

:func:`cribbage_core.teaching.discard_quiz.explain` gives facts and numbers; this
module words them through the translation function, so every sentence is in
the catalogs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from cribbage_core.cards import Card
from cribbage_core.coach.advisor import Advice
from cribbage_core.seats import Role
from cribbage_core.teaching.discard_quiz import TIE, Fact, Reason, starter_scores
from tutor.lang.i18n import N_, _, card_text, cards_text, fmt_int, ltr, ngettext, own_digits

__all__ = [
    "BEST",
    "YOURS",
    "advice_formats",
    "advice_frame",
    "cards_text",
    "fact_text",
    "points",
    "reason_headline",
    "reason_why",
    "seat_text",
    "starter_chart",
    "starter_frame",
    "starter_rows",
    "starter_summary",
    "tie_notes",
    "tie_text",
]

#: Series names in the starter chart (msgids).
YOURS = N_("Your keep")
BEST = N_("Best keep")


def points(value: float) -> str:
    """An expected number of points to the hundredth (``"1.25"``), kept left to right: a net
    may be negative, and "-2.56" must not read "2.56-" in a right-to-left language."""
    return ltr(own_digits(f"{value:.2f}"))


def reason_headline(reason: Reason) -> str:
    """ "Keeping X beats keeping Y by Z points on average." (empty for a best discard)."""
    if reason.driver == "same":
        return ""
    return _("Keeping {best} beats keeping {chosen} by {loss} points on average.").format(
        best=cards_text(reason.best.keep),
        chosen=cards_text(reason.chosen.keep),
        loss=points(reason.loss),
    )


def reason_why(reason: Reason) -> str:
    """Which of hand and crib made the difference, in one sentence with the numbers."""
    hand, crib = reason.hand_gain, reason.crib_gain
    dealer = reason.role is not Role.PONE
    values = {"hand": points(abs(hand)), "crib": points(abs(crib))}
    if reason.driver == "same":
        return ""
    if reason.driver == "both":
        text = (
            _("It scores {hand} more in hand, and its throw adds {crib} more to your crib.")
            if dealer
            else _(
                "It scores {hand} more in hand, and its throw gives the opponent's crib {crib} less."
            )
        )
    elif reason.driver == "hand":
        if abs(crib) < TIE:
            text = _("It scores {hand} more in hand; the crib is worth the same either way.")
        elif dealer:
            text = _(
                "The {hand} more it scores in hand outweighs the {crib} less its throw adds to your crib: "
                "the fifteens and pairs you keep are worth more than what you lay away."
            )
        else:
            text = _(
                "The {hand} more it scores in hand outweighs the {crib} more its throw gives the "
                "opponent's crib: the crib you give away is worth less than what you keep."
            )
    elif abs(hand) < TIE:
        text = (
            _("Its throw adds {crib} more to your own crib; the hands are worth the same.")
            if dealer
            else _(
                "Your throw gives the opponent's crib {crib} more; the hands are worth the same."
            )
        )
    elif dealer:
        text = _(
            "Its throw adds {crib} more to your own crib, which outweighs the {hand} its hand gives up."
        )
    else:
        text = _(
            "Your hand scores {hand} more, but your throw gives the opponent's crib {crib} more "
            "than that."
        )
    return text.format(**values)


def fact_text(fact: Fact) -> str:
    """One fact that separates the best discard from the chosen one, as a sentence."""
    rank = fact.rank.symbol if fact.rank is not None else ""
    ranks = ltr("-".join(r.symbol for r in fact.ranks))  # "10-J-Q", never "J-Q-10"
    if fact.kind == "keeps_pair":
        return _("It keeps the pair {rank}-{rank}, which your choice breaks.").format(rank=rank)
    if fact.kind == "keeps_run":
        return _("It keeps the run {ranks}, which your choice breaks.").format(ranks=ranks)
    if fact.kind == "more_fifteens":
        return _(
            "Its four cards already hold {best} points in fifteens before the starter (yours: {chosen})."
        ).format(best=fact.best, chosen=fact.chosen)
    if fact.kind == "keeps_flush":
        return _("It keeps four cards of one suit: a flush worth at least {points}.").format(
            points=fmt_int(4)
        )
    if fact.kind == "threw_five":
        return _(
            "You gave the opponent's crib a {five}: a five makes fifteen with every ten-card."
        ).format(five=fmt_int(5))
    if fact.kind == "threw_pair":
        return _(
            "You gave the opponent's crib a pair ({rank}-{rank}): {points} points before any other card."
        ).format(points=fmt_int(2), rank=rank)
    if fact.kind == "threw_fifteen":
        return _(
            "You gave the opponent's crib a fifteen ({ranks}): {points} points before any other card."
        ).format(points=fmt_int(2), ranks=ranks)
    if fact.kind == "crib_pair":
        return _(
            "It lays the pair {rank}-{rank} in your own crib, where it still scores for you."
        ).format(rank=rank)
    if fact.kind == "crib_five":
        return _("It lays a {five} in your own crib, where fives make fifteens for you.").format(
            five=fmt_int(5)
        )
    raise ValueError(f"unknown fact kind {fact.kind!r}")


def tie_text(advice: Advice, i: int) -> str:
    """Why option ``i`` (0-based) sits where it does among options with the same net, or ``""``.

    Same order of tie-breaks as the advisor: the best hand, then the crib, then the worst hand.
    """
    options = advice.options
    mine = options[i]
    notes = []
    for j in (i - 1, i + 1):
        if not 0 <= j < len(options) or round(options[j].net, 2) != round(mine.net, 2):
            continue
        other = options[j]
        values = {"cards": cards_text(other.discard)}
        if mine.hand_max != other.hand_max:
            values.update(mine=str(mine.hand_max), theirs=str(other.hand_max))
            text = _("same net as {cards}; best hand {mine} vs {theirs}")
        elif abs(mine.crib_ev - other.crib_ev) > 1e-9:
            values.update(
                mine=ltr(own_digits(f"{mine.crib_ev:+.2f}")),
                theirs=ltr(own_digits(f"{other.crib_ev:+.2f}")),
            )
            text = _("same net as {cards}; crib {mine} vs {theirs}")
        elif mine.hand_min != other.hand_min:
            values.update(mine=str(mine.hand_min), theirs=str(other.hand_min))
            text = _("same net as {cards}; worst hand {mine} vs {theirs}")
        else:
            text = _("exactly as good as throwing {cards}")
        notes.append(text.format(**values))
    return "; ".join(notes)


def tie_notes(advice: Advice) -> list[tuple[int, str]]:
    """The rank and :func:`tie_text` of each discard that shares its net with a neighbour.

    Shown as text under the advice table, not in a column of it: a note is a sentence, which a
    table cell cuts off (and in a right-to-left language, cuts off at its start).
    """
    notes = ((option.rank, tie_text(advice, option.rank - 1)) for option in advice.options)
    return [(rank, note) for rank, note in notes if note]


def advice_frame(advice: Advice, chosen: Sequence[Card] | None = None) -> pd.DataFrame:
    """The advisor's table: one row per discard, best first, with the learner's row marked
    (why equal nets are in the order they are: :func:`tie_notes`). Built column by column,
    each heading translated once (row by row it cost a whole page's worth of lookups)."""
    picked = frozenset(chosen) if chosen is not None else None
    best, yours = "★ " + _("best"), "➜ " + _("yours")
    options = advice.options
    marks = [
        " ".join(
            ([best] if option.rank == 1 else [])
            + ([yours] if picked is not None and frozenset(option.discard) == picked else [])
        )
        for option in options
    ]
    columns = {
        "": marks,
        _("Throw"): [cards_text(option.discard) for option in options],
        _("Keep"): [cards_text(option.keep) for option in options],
        _("Hand"): [option.hand_ev for option in options],
        _("Crib"): [option.crib_ev for option in options],
        _("Net"): [option.net for option in options],
        _("Min"): [option.hand_min for option in options],
        _("Max"): [option.hand_max for option in options],
    }
    return pd.DataFrame(columns, index=pd.RangeIndex(1, len(options) + 1, name="#"))


def advice_formats() -> dict[str, str]:
    """How the advice table's numbers are shown (printf style, for the table's column settings):
    the averages to the hundredth, the crib with its sign (+ your crib, - the opponent's)."""
    return {_("Hand"): "%.2f", _("Crib"): "%+.2f", _("Net"): "%.2f"}


def starter_rows(
    hand: Sequence[Card], keep: Sequence[Card], best_keep: Sequence[Card] | None
) -> dict[str, list[Any]]:
    """The kept hand's score with every possible starter (and the best keep's, if different),
    as columns: ``starter`` (label), ``order`` (deck order, for the axis), ``points``, ``keep``
    (translated series name)."""
    series = [(_(YOURS), keep)]
    if best_keep is not None and frozenset(best_keep) != frozenset(keep):
        series.append((_(BEST), best_keep))
    columns: dict[str, list[Any]] = {"starter": [], "order": [], "points": [], "keep": []}
    for name, cards in series:
        for starter, score in starter_scores(cards, hand):
            columns["starter"].append(card_text(starter))
            columns["order"].append(starter.order)
            columns["points"].append(score)
            columns["keep"].append(name)
    return columns


def starter_frame(
    hand: Sequence[Card], keep: Sequence[Card], best_keep: Sequence[Card] | None
) -> pd.DataFrame:
    """:func:`starter_rows` as a table."""
    return pd.DataFrame(starter_rows(hand, keep, best_keep))


def starter_chart(rows: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
    """The Vega-Lite spec of bars of the kept hand's points with each starter
    (:func:`starter_rows`: the data to draw it with), the best's beside.

    Yours first, gold like your cards; the best keep's green. Written out as Vega-Lite (what
    Altair made of it, without Altair's classes, which cost more than the rest of the verdict).
    """
    order = [
        label for _order, label in sorted(set(zip(rows["order"], rows["starter"], strict=True)))
    ]
    series = list(dict.fromkeys(rows["keep"]))
    return {
        "mark": {"type": "bar"},
        "encoding": {
            "x": {
                "field": "starter",
                "type": "nominal",
                "sort": order,
                "title": _("Starter"),
                "axis": {"labelAngle": -90, "labelFontSize": 12, "labelOverlap": False},
            },
            "xOffset": {"field": "keep", "type": "nominal", "sort": series},
            "y": {
                "field": "points",
                "type": "quantitative",
                "title": _("Points in hand"),
                "axis": {"tickMinStep": 1},
            },
            "color": {
                "field": "keep",
                "type": "nominal",
                "title": None,
                "legend": {"orient": "top"},
                "scale": {"domain": series, "range": ["#f9a825", "#2e7d32"][: len(series)]},
            },
            "tooltip": [
                {"field": "keep", "type": "nominal", "title": _("Keep")},
                {"field": "starter", "type": "nominal", "title": _("Starter")},
                {"field": "points", "type": "quantitative", "title": _("Points")},
            ],
        },
        "height": 280,
    }


def starter_summary(rows: Mapping[str, Sequence[Any]]) -> str:
    """One line per keep in the chart (:func:`starter_rows`): its average over the starters,
    lowest and highest."""
    scores: dict[str, list[int]] = {}
    for name, score in zip(rows["keep"], rows["points"], strict=True):
        scores.setdefault(name, []).append(score)
    return " · ".join(
        _("{keep}: {mean} on average, {low} to {high}").format(
            keep=name,
            mean=points(sum(values) / len(values)),
            low=fmt_int(min(values)),
            high=fmt_int(max(values)),
        )
        for name, values in scores.items()
    )


def seat_text(role: Role, throw: int) -> str:
    """Whose crib it is and how many cards to throw to it (markdown)."""
    if role is Role.DEALER:
        text = ngettext(
            "You are the **dealer**: the crib is yours. Throw {n} card to your crib.",
            "You are the **dealer**: the crib is yours. Throw {n} cards to your crib.",
            throw,
        )
    else:
        text = ngettext(
            "You are the **pone**: the crib is your opponent's. Throw {n} card to their crib.",
            "You are the **pone**: the crib is your opponent's. Throw {n} cards to their crib.",
            throw,
        )
    return text.format(n=fmt_int(throw))
