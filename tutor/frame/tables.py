"""Tables of figures on the pages (the progress page's answers by quiz and by category, recall,
the games by level): each drawn the same way, without the frame's index, every column under
its words, shares as percentages, and names shown whole."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Final

import streamlit as st

if TYPE_CHECKING:
    import pandas as pd
    from streamlit.delta_generator import DeltaGenerator

__all__ = ["figures_table", "whole_width"]

#: The most pixels a character of a name takes in a table's 14 px text, in any of the six
#: scripts (measured in Chromium: a long name about 5.6 px a character, Gurmukhi's short
#: words up to 7.2), and a cell's padding on both sides.
CHAR_PX: Final = 7
CELL_PADDING_PX: Final = 16


def whole_width(texts: Iterable[str]) -> int:
    """The width in pixels of a column that shows each of ``texts`` whole.

    >>> whole_width(["Pair", "Playing for the go and the last card"])
    268
    """
    return CELL_PADDING_PX + CHAR_PX * max((len(text) for text in texts), default=0)


def figures_table(
    frame: pd.DataFrame,
    headers: Mapping[str, str],
    percent: Collection[str] = (),
    place: DeltaGenerator | None = None,
) -> None:
    """``frame`` as a table without its index: each column under its header (``headers``:
    column -> the words shown), the columns in ``percent`` (shares from 0 to 1) as percentages,
    a column of words as wide as its longest (the table's own sizing leaves out a cell twice as
    wide as the column's average: "The go and the last card" was cut among short names); in
    ``place`` (a column of the page) or else the page itself."""
    config = {
        column: st.column_config.NumberColumn(header, format="percent")
        if column in percent
        else st.column_config.TextColumn(
            header, width=whole_width([header, *frame[column].astype(str)])
        )
        if frame[column].dtype.kind == "O"
        else header  # words (pandas' strings are kind "O" too)
        for column, header in headers.items()
    }
    draw = st.dataframe if place is None else place.dataframe
    draw(frame, hide_index=True, column_config=config)
