"""The table of a count by combinations: each row a verdict (found, not a combination, missed)
with the combination's kind, what it is, its five cards (its own highlighted), its points and
the running count of what was found. The words are made by the caller, in the run's language."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final, Literal, NamedTuple

from tutor.lang.i18n import _, fmt_int, fmt_signed

__all__ = ["VerdictRow", "verdict_table_html"]

RowTone = Literal["found", "wrong", "missed"]

# A coloured bar at the start of the row and a symbol beside the word: the verdict never rests
# on colour alone. Dark text on white keeps the contrast.
_BAR: Final = {"found": "#2e7d32", "wrong": "#c62828", "missed": "#ef6c00"}
_MARK: Final = {"found": "✓", "wrong": "✗", "missed": "○"}


class VerdictRow(NamedTuple):
    """One row: its tone, the verdict in words, the kind, the description (why, for a wrong
    claim), the cards' HTML, the points (signed; 0 for a wrong claim) and the running count."""

    tone: RowTone
    verdict: str
    kind: str
    description: str
    cards_html: str
    points: int
    running: int | None


def verdict_table_html(rows: Sequence[VerdictRow]) -> str:
    """The verdict table (an empty table says the learner chose nothing and the hand has nothing)."""
    heads = (_("Verdict"), _("What"), _("Cards"), _("Points"), _("Running total"))
    head = "".join(
        f'<th style="text-align:{"end" if i >= 3 else "start"};padding:4px 8px">{escape(h)}</th>'
        for i, h in enumerate(heads)
    )
    body = []
    for row in rows:
        running = "" if row.running is None else fmt_int(row.running)
        points = fmt_signed(row.points) if row.tone != "wrong" else "–"
        body.append(
            f'<tr class="combo-{row.tone}" style="border-top:1px solid #e0e0e0">'
            f'<td style="padding:4px 8px;border-inline-start:6px solid {_BAR[row.tone]};white-space:nowrap">'
            f"<strong>{_MARK[row.tone]} {escape(row.verdict)}</strong></td>"
            f'<td style="padding:4px 8px;vertical-align:middle"><strong>{escape(row.kind)}</strong><br>'
            f'<span style="color:#444;font-size:0.85rem">{escape(row.description)}</span></td>'
            f'<td style="padding:0 8px">{row.cards_html}</td>'
            f'<td style="text-align:end;padding:4px 8px;font-size:1.1rem"><strong>{points}</strong></td>'
            f'<td style="text-align:end;padding:4px 8px;font-size:1.1rem">{running}</td>'
            "</tr>"
        )
    return (
        '<table class="combo-verdict" style="border-collapse:collapse;width:100%">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )
