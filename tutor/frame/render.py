"""Putting generated HTML (cards, the play, breakdown tables) on the page.

``st.html`` sanitises away inline ``<svg>``, so card HTML goes through
``st.markdown(unsafe_allow_html=True)``, which keeps it. Only HTML built by
this package (never learner input) is passed here; learner input goes in through
:func:`plain_html` (names; a typed answer echoed in a message is a code span,
``tutor.lang.answers.echo``).

Why not ``st.markdown`` with escaped text: Streamlit turns a URL, ``www.…`` or an e-mail
address in markdown text into a link even when every markdown sign is backslash-escaped or
written as an entity, and it rewrites ``:material/`` everywhere before parsing. Inside an
HTML block (a ``<div>`` starting the text) nothing is linked, and an entity-written colon
is out of the rewrite's reach; in a code span nothing is linked or parsed.
"""

from __future__ import annotations

import html

import streamlit as st

__all__ = ["bold", "plain_html", "show_html"]


def plain_html(text: str) -> str:
    """``text`` (a learner's name) for an HTML block, shown exactly as typed: never a link,
    markup or an icon.

    >>> plain_html("<b>Ann</b> :material/home: https://x.example")
    '&lt;b&gt;Ann&lt;/b&gt; &#58;material/home&#58; https&#58;//x.example'
    """
    return html.escape(text).replace(":", "&#58;")


def bold(text: str) -> str:
    """``text`` in markdown bold. (Pages write ``bold(_("..."))``, never ``f"**{_('...')}**"``:
    Babel's extractor does not look inside f-strings, so a message there is never translated.)"""
    return f"**{text}**"


def show_html(block: str) -> None:
    """Render one block of app-generated HTML (inline SVG kept)."""
    st.markdown(block, unsafe_allow_html=True)
