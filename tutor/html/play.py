"""The play drawn as HTML: each series in its own box, who laid what, the count, the go calls."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from cribbage_core.cards import Card
from cribbage_core.kinds import ScoreKind
from cribbage_core.pegging import PlayScore
from cribbage_core.teaching.pegging_quiz import PlayStep
from tutor.html.breakdown import rows_html
from tutor.html.cards import card_svg, cards_row
from tutor.lang.i18n import _, cards_text, fmt_int, kind_label, list_text, number_word

__all__ = [
    "play_html",
    "table_series_html",
    "series_html",
    "laid_card_html",
    "play_breakdown_html",
    "hand_left_html",
    "seat_name",
    "SERIES_STYLE",
]

_SEAT_COLOURS = ("#1e6b3a", "#8e3b00")


def seat_name(seat: int) -> str:
    """ "You" for seat 0, "Opponent" for seat 1 (translated)."""
    return _("You") if seat == 0 else _("Opponent")


#: The dashed box around one series of the play (the one place this style is written).
SERIES_STYLE = "border:1px dashed #b0bec5;border-radius:10px;padding:6px 10px;margin:6px 0"


def laid_card_html(body: str, caption: str, colour: str) -> str:
    """One card (or go) laid in a series, with who laid it underneath in their colour."""
    return (
        '<figure style="margin:0;display:flex;flex-direction:column;align-items:center;gap:3px">'
        f'{body}<figcaption style="font-size:0.78rem;color:{colour};font-weight:600;'
        f'white-space:nowrap">{caption}</figcaption></figure>'
    )


def series_html(header: str, cells: Sequence[str], footer: str = "") -> str:
    """One series of the play in its box: a header line, the cards laid left to right, a footer."""
    return (
        f'<div class="pile-series" style="{SERIES_STYLE}">{header}'
        '<div dir="ltr" style="display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start;min-height:60px">'
        f"{''.join(cells)}</div>{footer}</div>"
    )


def _cell(step: PlayStep, *, highlighted: bool, dimmed: bool, four_colour: bool) -> str:
    colour = _SEAT_COLOURS[step.seat]
    who = escape(seat_name(step.seat))
    if step.card is None:
        go = escape(_("Go!"))
        body = (
            f'<div style="width:58px;height:81px;border:2px dashed {colour};border-radius:8px;'
            f"display:flex;align-items:center;justify-content:center;color:{colour};"
            f'font-weight:700;font-size:1.05rem;background:#fafafa">{go}</div>'
        )
        caption = who
    else:
        body = card_svg(
            step.card, highlighted=highlighted, dimmed=dimmed, four_colour=four_colour, width=58
        )
        caption = f"{who} · {fmt_int(step.count)}"
    return laid_card_html(body, caption, colour)


def play_html(
    steps: Sequence[PlayStep],
    *,
    four_colour: bool = False,
    reveal_last: bool = True,
    current: int | None = None,
) -> str:
    """Every step of the play, one box per series (the count restarts at 0 in each).

    ``current`` is the series being played (default: the last step's); the others are dimmed
    and say why the count went back to 0.
    """
    series_ids = sorted({step.series for step in steps})
    if current is None:
        current = steps[-1].series if steps else 0
    boxes = []
    for series in series_ids:
        in_series = [s for s in steps if s.series == series]
        cells = [
            _cell(
                step,
                highlighted=reveal_last and step is steps[-1],
                dimmed=series != current,
                four_colour=four_colour,
            )
            for step in in_series
        ]
        last_count = next((s.count for s in reversed(in_series) if not s.is_go), 0)
        if series != current:
            note = (
                _("{thirty_one}: the count goes back to {zero}").format(
                    thirty_one=fmt_int(31), zero=fmt_int(0)
                )
                if last_count == 31
                else _("Go: the count goes back to {zero}").format(zero=fmt_int(0))
            )
        else:
            note = _("The count now: {count}").format(count=fmt_int(last_count))
        title = _("Series {n}").format(n=fmt_int(series + 1))
        header = (
            f'<div style="font-size:0.85rem;color:#455a64;margin-bottom:2px"><strong>{escape(title)}</strong>'
            f" · {escape(note)}</div>"
        )
        boxes.append(series_html(header, cells))
    return "".join(boxes)


def table_series_html(
    laid: Sequence[tuple[str, Card, str]],
    count: int,
    said_go: Sequence[str],
    earlier: Sequence[Card],
    *,
    four_colour: bool = False,
) -> str:
    """The series in progress at the table: ``(name, card, colour)`` of each card laid, the count,
    who has said go, and the cards of the earlier series of this hand."""
    cells = [
        laid_card_html(card_svg(card, four_colour=four_colour, width=60), escape(name), colour)
        for name, card, colour in laid
    ]
    play_label, count_label = escape(_("The play")), escape(_("Count"))
    header = (
        '<div style="display:flex;justify-content:space-between;align-items:baseline">'
        f"<strong>{play_label}</strong>"
        f'<span class="play-count" style="font-size:1.5rem;font-weight:700">{count_label}: {fmt_int(count)}</span></div>'
    )
    note = (" · " + _("go: {names}").format(names=list_text(said_go))) if said_go else ""
    footer = f'<div style="font-size:0.8rem;color:#666">{escape(note)}</div>'
    if earlier:  # the message outside the f-string, where Babel's extractor finds it
        earlier_text = _("Earlier this hand: {cards}").format(cards=cards_text(earlier))
        footer += (
            f'<div style="font-size:0.8rem;color:#666;margin-top:4px">{escape(earlier_text)}</div>'
        )
    return series_html(header, cells, footer)


def play_breakdown_html(
    play: PlayScore, go_kind: ScoreKind | None, *, four_colour: bool = False
) -> str:
    """What the last card scored: each item with the series' cards, the item's cards highlighted."""
    rows = []
    cells = []
    total = 0
    for item in play.items:
        total += item.points
        if item.kind == ScoreKind.FIFTEEN:
            what = _("the count is fifteen")
        elif item.kind == ScoreKind.THIRTY_ONE:
            what = _("the count is exactly {thirty_one}").format(thirty_one=fmt_int(31))
        elif item.kind == ScoreKind.RUN:
            what = _("the last {n} cards make a run").format(n=number_word(len(item.cards)))
            rows.append(
                (_("Run of {n}").format(n=fmt_int(len(item.cards))), what, "", item.points, total)
            )
            cells.append(
                cards_row(
                    play.pile, highlighted=item.cards, four_colour=four_colour, width=34, gap=4
                )
            )
            continue
        else:
            what = _("the last {n} cards have the same rank").format(n=number_word(len(item.cards)))
        rows.append((kind_label(item.kind), what, "", item.points, total))
        cells.append(
            cards_row(play.pile, highlighted=item.cards, four_colour=four_colour, width=34, gap=4)
        )
    if go_kind:
        total += 1
        what = (
            _("the last card of the play")
            if go_kind == ScoreKind.LAST_CARD
            else _("nobody can lay another card without passing {thirty_one}").format(
                thirty_one=fmt_int(31)
            )
        )
        rows.append((kind_label(go_kind), what, "", 1, total))
        cells.append(
            cards_row(play.pile[-1:], highlighted=play.pile[-1:], four_colour=four_colour, width=34)
        )
    if not rows:
        nothing = _(
            "This card scores nothing: no fifteen, {thirty_one}, pair or run, and the series goes on."
        ).format(thirty_one=fmt_int(31))
        return f"<p>{escape(nothing)}</p>"
    return rows_html(rows, cells)


def hand_left_html(cards: Sequence[Card], *, four_colour: bool = False) -> str:
    """Your cards not yet laid (face up), or a note that none are left."""
    if not cards:
        return "<p style='color:#555'>" + escape(_("none left")) + "</p>"
    return cards_row(cards, four_colour=four_colour, width=44, gap=6)
