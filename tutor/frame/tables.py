"""Tables of figures on the pages (the progress page's answers by quiz and by category, recall,
the games by level): each drawn the same way, without the frame's index, every column under
its words, shares as percentages."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

import streamlit as st

if TYPE_CHECKING:
    import pandas as pd
    from streamlit.delta_generator import DeltaGenerator

__all__ = ["figures_table"]


def figures_table(
    frame: pd.DataFrame,
    headers: Mapping[str, str],
    percent: Collection[str] = (),
    place: DeltaGenerator | None = None,
) -> None:
    """``frame`` as a table without its index: each column under its header (``headers``:
    column -> the words shown), the columns in ``percent`` (shares from 0 to 1) as percentages;
    in ``place`` (a column of the page) or else the page itself."""
    config = {
        column: st.column_config.NumberColumn(header, format="percent") if column in percent else header
        for column, header in headers.items()
    }
    draw = st.dataframe if place is None else place.dataframe
    draw(frame, hide_index=True, column_config=config)
