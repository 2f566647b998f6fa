"""The top of a game's table as two blocks of HTML: the scores row, and the row of the others'
hands, the crib and the starter.

Each was a row of Streamlit columns holding a markdown element per label and per row of cards:
about twenty elements a run, and each element a message the server builds, hashes and sends.
A coached game reruns the table after every move, so those elements were a fifth of the server's
CPU for a move; drawn as one block each, the look is the same (columns as a flex row with the
same widths; on a phone one row, its cards scaled to their column: ``tutor.frame.menu``).

Learner-typed names go in through ``plain_html`` by the caller; everything else here is built by
the app.

>>> row = table_row_html([("<b>Crib</b>", "<svg></svg>")], [2.0])
>>> 'class="play-row play-table"' in row and "flex:2.0 1 0" in row
True
>>> markdown_bold("**Hand 2** · you dealt")
'<strong>Hand 2</strong> · you dealt'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from tutor.html.board import PEG_COLOURS

__all__ = ["markdown_bold", "scores_html", "table_row_html", "table_weights"]

_BOLD: Final = re.compile(r"\*\*(.+?)\*\*")


def table_weights(others: int) -> list[float]:
    """The columns' widths: each other hand 2.2, the crib 2.0, the starter 1.2."""
    return [2.2] * others + [2.0, 1.2]


def markdown_bold(text: str) -> str:
    """``text`` (HTML, from a translated message written in markdown) with its ``**bold**`` as
    ``<strong>``: markdown is not read inside an HTML block."""
    return _BOLD.sub(r"<strong>\1</strong>", text)


def _row(columns: Sequence[str], weights: Sequence[float], kind: str) -> str:
    cells = "".join(
        f'<div style="flex:{weight} 1 0;min-width:0">{column}</div>'
        for column, weight in zip(columns, weights, strict=True)
    )
    return f'<div class="play-row {kind}" style="display:flex;gap:1rem;flex-wrap:nowrap;margin-bottom:0.75rem">{cells}</div>'


def _score_box(side: int, name: str, score: str, last: str | None) -> str:
    last_line = "" if last is None else f'<div style="font-size:0.8rem;color:#555">{last}</div>'
    return (
        f'<div style="border-left:6px solid {PEG_COLOURS[side]};padding:2px 10px">'
        f'<div style="font-size:0.85rem;color:#555"><bdi>{name}</bdi></div>'
        f'<div class="play-score" style="font-size:1.9rem;font-weight:700">{score}</div>'
        f"{last_line}</div>"
    )


def scores_html(sides: Sequence[tuple[str, str, str | None]], hand_line: str) -> str:
    """Each side's box in its peg colour (``(name, score, last peg)``, all HTML; the last peg
    ``""`` keeps its line empty, ``None`` leaves it out) and ``hand_line`` (HTML), in one row of
    equal columns.

    >>> box = scores_html([("You", "12", "")], "Hand 1")
    >>> box.count('class="play-score"'), box.count("&nbsp;")
    (1, 1)
    """
    boxes = [
        _score_box(side, name, score, None if last is None else last or "&nbsp;")
        for side, (name, score, last) in enumerate(sides)
    ]
    columns = [*boxes, f'<div class="play-label">{hand_line}</div>']
    return _row(columns, [1.0] * len(columns), "play-scores")


def table_row_html(columns: Sequence[tuple[str, str]], weights: Sequence[float]) -> str:
    """The table's row: each column a label (HTML) over its cards (HTML), ``weights`` wide."""
    return _row(
        [f'<div class="play-label">{label}</div>{cards}' for label, cards in columns],
        weights,
        "play-table",
    )
