"""The chance-to-win bar drawn beside the Play page's board: a vertical gauge with its percentage.

Pure HTML (no Streamlit). The bar fills from the bottom in the learner's peg colour; the
percentage is written above it, and what the figure is built on under it. ``title`` and
``aria-label`` carry the whole explanation, so a screen reader and a hover both say what it is.

>>> html = win_bar_html(0.625, "62%", "start of the deal", "Your chance to win: 62%")
>>> 'role="meter"' in html and 'aria-valuenow="62"' in html and "height:62.5%" in html
True
>>> beside_board("<svg></svg>", html).count("<svg")
1
"""

from __future__ import annotations

from html import escape

from tutor.html.board import PEG_COLOURS

__all__ = ["win_bar_html", "beside_board"]


def win_bar_html(chance: float, percent: str, basis: str, title: str) -> str:
    """A vertical bar filled to ``chance`` (0-1), labelled ``percent`` above and ``basis`` below."""
    fill = min(1.0, max(0.0, chance))
    label = escape(title)
    return (
        f'<div class="win-bar" role="meter" aria-valuemin="0" aria-valuemax="100" '
        f'aria-valuenow="{round(100 * fill)}" aria-label="{label}" title="{label}" '
        'style="display:flex;flex-direction:column;align-items:center;gap:3px;min-width:64px;max-width:84px">'
        f'<div class="win-bar-percent" style="font-weight:700;font-size:1.05rem">{escape(percent)}</div>'
        '<div style="position:relative;width:22px;height:96px;border:1px solid #7a5328;border-radius:6px;'
        'background:#f5e3c3;overflow:hidden">'
        f'<div style="position:absolute;left:0;right:0;bottom:0;height:{100 * fill:.1f}%;'
        f'background:{PEG_COLOURS[0]}"></div>'
        '<div style="position:absolute;left:0;right:0;top:50%;border-top:1px dashed #7a5328"></div></div>'
        f'<div class="win-bar-basis" style="font-size:0.72rem;color:#555;text-align:center;line-height:1.15">'
        f"{escape(basis)}</div></div>"
    )


def beside_board(board: str, bar: str) -> str:
    """The board and the bar in one row (the bar at the board's right, also in a right-to-left page).

    Streamlit pulls the element after a markdown block up by its paragraph margin (1rem); this
    row has no paragraph, so its bottom padding gives that rem back, else the next element covers
    the last line of the bar's caption (on a phone, where the caption wraps to three lines)."""
    return (
        '<div dir="ltr" style="display:flex;align-items:center;gap:10px;padding-bottom:1rem">'
        f'<div style="flex:1 1 auto;min-width:0">{board}</div>{bar}</div>'
    )
