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
import json
import re
from typing import Final

import streamlit as st

__all__ = ["bold", "bring_into_view", "plain_html", "show_html"]

# Our own constant script; the container's key reaches it as JSON, never as code. It waits
# (up to two seconds) for Streamlit to draw the container, then scrolls the least it must to
# show all of it: on a phone a verdict drawn below the button pressed is otherwise off screen.
_INTO_VIEW_JS: Final = """<script>
(() => {
  const wanted = %s;
  const started = Date.now();
  const look = () => {
    const box = document.querySelector("." + wanted.css);
    if (box) {
      box.scrollIntoView({block: "nearest", behavior: "instant"});
      return;
    }
    if (Date.now() - started < 2000) requestAnimationFrame(look);
  };
  look();
})();
</script>"""


def bring_into_view(key: str, nonce: object = "") -> None:
    """Scroll the page so the container made with ``st.container(key=key)`` is in view, once
    per ``nonce`` (nothing is drawn)."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", key):
        raise ValueError(f"a container key of letters, digits, - and _, got {key!r}")
    settings = {"css": f"st-key-{key}", "nonce": str(nonce)}
    with st.container(key=f"{key}_into_view"):
        st.html(_INTO_VIEW_JS % json.dumps(settings), unsafe_allow_javascript=True)


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
