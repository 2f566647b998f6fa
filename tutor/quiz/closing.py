"""The end of a session: a tally, a kind word and one next step.

The daily five, the game review's retry round, the spaced review and each counting run (every
:data:`RUN_LENGTH` hands or cribs counted on Count the hand, see :func:`finished_run`) end with the
same close, so a learner always knows how it went and where to go next. :func:`tally_text`,
:func:`kind_word` and :func:`finished_run` are pure; :func:`close_session` draws them.

>>> tally_text(3, 5, "en"), kind_word(3, 5, "en")
('3 of 5 right.', 'Good work: most of them right. Each miss goes on your review list.')
>>> kind_word(5, 5, "en"), kind_word(1, 4, "en")[:9]
('Well done: every one right!', 'Thank you')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import streamlit as st

from tutor.frame.menu import link_params
from tutor.lang.i18n import _, fmt_int, ngettext

__all__ = ["RUN_LENGTH", "close_session", "finished_run", "kind_word", "run_place", "tally_text"]

#: The counts in one counting run on Count the hand (hands and cribs alike).
RUN_LENGTH: Final = 10


def tally_text(right: int, total: int, lang: str | None = None) -> str:
    """How many were right, of how many."""
    return ngettext("{right} of {n} right.", "{right} of {n} right.", total, lang).format(
        right=fmt_int(right, lang), n=fmt_int(total, lang)
    )


def kind_word(right: int, total: int, lang: str | None = None, saved: bool = True) -> str:
    """A word for the result, honest and kind; ``saved`` is False when the learner has no name,
    so no miss is kept for review."""
    if total and right == total:
        return _("Well done: every one right!", lang)
    if not saved:
        return _(
            "Thank you for working through them. Misses are kept for review only with a name: "
            "give one to have them come back.",
            lang,
        )
    if 2 * right >= total:
        return _("Good work: most of them right. Each miss goes on your review list.", lang)
    return _(
        "Thank you for working through them: the ones you missed come back on your review "
        "list, and each one you go through is one you are less likely to miss in a game.",
        lang,
    )


def finished_run(done: Sequence[bool], length: int = RUN_LENGTH) -> tuple[int, int] | None:
    """The tally of the counting run that the last answer finished: (right, counted), or None
    when the last answer did not end a run. ``done``: this visit's counts, oldest first, each
    right or not; a run is each ``length`` of them in turn.

    >>> finished_run([True] * 9 + [False]), finished_run([True] * 11)
    ((9, 10), None)
    >>> finished_run([]), finished_run([True, False] * 10)
    (None, (5, 10))
    """
    if not done or len(done) % length:
        return None
    return sum(done[-length:]), length


def run_place(done: Sequence[bool], length: int = RUN_LENGTH) -> int:
    """How many counts of the current run are done (a finished run shows all ``length``).

    >>> run_place([]), run_place([True] * 3), run_place([True] * 10), run_place([True] * 12)
    (0, 3, 10, 2)
    """
    return length if done and not len(done) % length else len(done) % length


def close_session(
    right: int, total: int, next_page: str, next_label: str, key: str, saved: bool = True
) -> None:
    """The close: the tally and a kind word (``saved``: see :func:`kind_word`), then one link to
    the next step."""
    with st.container(border=True, key=key):
        word = kind_word(right, total, saved=saved)
        st.success(tally_text(right, total) + " " + word, icon=":material/flag:")
        st.page_link(
            next_page, label=next_label, icon=":material/arrow_forward:", query_params=link_params()
        )
