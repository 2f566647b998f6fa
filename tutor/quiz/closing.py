"""The end of a session: a tally, a kind word and one next step.

The daily five, the game review's retry round and the spaced review end with the same close,
so a learner always knows how it went and where to go next. :func:`tally_text` and
:func:`kind_word` are pure; :func:`close_session` draws them.

>>> tally_text(3, 5, "en"), kind_word(3, 5, "en")
('3 of 5 right.', 'Good work: most of them right. Each miss goes on your review list.')
>>> kind_word(5, 5, "en"), kind_word(1, 4, "en")[:9]
('Well done: every one right!', 'Thank you')
"""

from __future__ import annotations

import streamlit as st

from tutor.frame.menu import link_params
from tutor.lang.i18n import _, fmt_int, ngettext

__all__ = ["close_session", "kind_word", "tally_text"]


def tally_text(right: int, total: int, lang: str | None = None) -> str:
    """How many were right, of how many."""
    return ngettext("{right} of {n} right.", "{right} of {n} right.", total, lang).format(
        right=fmt_int(right, lang), n=fmt_int(total, lang)
    )


def kind_word(right: int, total: int, lang: str | None = None) -> str:
    """A word for the result, honest and kind."""
    if total and right == total:
        return _("Well done: every one right!", lang)
    if 2 * right >= total:
        return _("Good work: most of them right. Each miss goes on your review list.", lang)
    return _(
        "Thank you for working through them: the ones you missed come back on your review "
        "list, and each one you go through is one you are less likely to miss in a game.",
        lang,
    )


def close_session(right: int, total: int, next_page: str, next_label: str, key: str) -> None:
    """The close: the tally and a kind word, then one link to the next step."""
    with st.container(border=True, key=key):
        st.success(tally_text(right, total) + " " + kind_word(right, total), icon=":material/flag:")
        st.page_link(
            next_page, label=next_label, icon=":material/arrow_forward:", query_params=link_params()
        )
