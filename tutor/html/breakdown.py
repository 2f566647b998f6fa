"""The itemised breakdown of a show or a play, as HTML: each combination with its cards highlighted."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cribbage_core.cards import Card
from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import HandScore, ScoreItem
from tutor.html.cards import cards_row
from tutor.lang.i18n import (
    _,
    card_text,
    cards_text,
    fmt_int,
    fmt_signed,
    kind_label,
    ltr,
    ngettext,
    number_word,
)

__all__ = ["describe_item", "hand_breakdown_html", "rows_html"]


def describe_item(item: ScoreItem, starter: Card | None = None) -> str:
    """One combination in words: ``"5♥ + 10♠ = 15"``, ``"a run of three: 3♣ 4♦ 5♥"``."""
    labels = cards_text(item.cards)
    if item.kind == ScoreKind.FIFTEEN:
        # a sum reads left to right as a whole, also in a right-to-left language
        return ltr(" + ".join(card.label for card in item.cards) + " = " + fmt_int(15))
    if item.kind == ScoreKind.PAIR:
        return _("a pair: {cards}").format(cards=labels)
    if item.kind == ScoreKind.RUN:
        return _("a run of {length}: {cards}").format(
            length=number_word(len(item.cards)), cards=labels
        )
    if item.kind == ScoreKind.FLUSH:
        return ngettext(
            "{n} cards of one suit: {cards}", "{n} cards of one suit: {cards}", len(item.cards)
        ).format(n=fmt_int(len(item.cards)), cards=labels)
    if item.kind == ScoreKind.NOBS:
        jack = item.cards[0]
        return _("{jack} is the jack of the starter's suit").format(jack=card_text(jack))
    return labels


def rows_html(rows: Sequence[tuple[str, str, str, int, int]], cards_html: Sequence[str]) -> str:
    """A breakdown table: (kind, description, _, points, running total) plus each row's cards."""
    what_head, cards_head, points_head, total_head = (
        escape(_("What")),
        escape(_("Cards")),
        escape(_("Points")),
        escape(_("Running total")),
    )
    head = (
        "<tr>"
        f'<th style="text-align:start;padding:4px 8px">{what_head}</th>'
        f'<th style="text-align:start;padding:4px 8px">{cards_head}</th>'
        f'<th style="text-align:end;padding:4px 8px">{points_head}</th>'
        f'<th style="text-align:end;padding:4px 8px">{total_head}</th>'
        "</tr>"
    )
    body = []
    for (kind, description, _unused, points, total), cards in zip(rows, cards_html, strict=True):
        body.append(
            '<tr style="border-top:1px solid #e0e0e0">'
            f'<td style="padding:4px 8px;vertical-align:middle"><strong>{escape(kind)}</strong><br>'
            f'<span style="color:#555;font-size:0.85rem">{escape(description)}</span></td>'
            f'<td style="padding:0 8px">{cards}</td>'
            f'<td style="text-align:end;padding:4px 8px;font-size:1.1rem"><strong>{fmt_signed(points)}</strong></td>'
            f'<td style="text-align:end;padding:4px 8px;font-size:1.1rem">{fmt_int(total)}</td>'
            "</tr>"
        )
    return (
        '<table class="breakdown" style="border-collapse:collapse;width:100%">'
        f"<thead>{head}</thead><tbody>{''.join(body)}</tbody></table>"
    )


def hand_breakdown_html(score: HandScore, *, four_colour: bool = False) -> str:
    """Every fifteen, pair, run, flush and nobs of a hand, each with all five cards drawn (the
    starter last, marked) and the combination's cards highlighted, its points and the running total."""
    five = (*score.hand, score.starter)
    captions = [""] * len(score.hand) + [_("Starter")]
    rows = []
    cells = []
    total = 0
    for item in score.items:
        total += item.points
        rows.append(
            (kind_label(item.kind), describe_item(item, score.starter), "", item.points, total)
        )
        cells.append(
            cards_row(
                five,
                highlighted=item.cards,
                four_colour=four_colour,
                width=34,
                gap=4,
                captions=captions,
            )
        )
    if not rows:
        nothing = _("No fifteens, pairs, runs, flush or nobs: this hand scores nothing.")
        return f"<p>{escape(nothing)}</p>"
    return rows_html(rows, cells)
