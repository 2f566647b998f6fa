"""Putting generated HTML (cards, the play, breakdown tables) on the page.

``st.html`` sanitises away inline ``<svg>``, so card HTML goes through
``st.markdown(unsafe_allow_html=True)``, which keeps it. Only HTML built by
this package (never learner input) is passed here.
"""

from __future__ import annotations

import streamlit as st

__all__ = ["bold", "show_html"]


def bold(text: str) -> str:
    """``text`` in markdown bold. (Pages write ``bold(_("..."))``, never ``f"**{_('...')}**"``:
    Babel's extractor does not look inside f-strings, so a message there is never translated.)"""
    return f"**{text}**"


def show_html(block: str) -> None:
    """Render one block of app-generated HTML (inline SVG kept)."""
    st.markdown(block, unsafe_allow_html=True)
