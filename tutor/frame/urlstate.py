"""Deal seeds and options kept in the URL, so a learner can share or revisit a deal.

A parameter the page cannot use (a seed that is not a number, a language it does not offer,
a damaged deal token, a name too long) is replaced, and the page says what it changed and
why, once (the address is fixed, so the next run has nothing to say): every such note goes
into one box at the top of the page (:func:`address_changed`, drawn where ``setup_page``
calls :func:`address_notes_here`).
"""

from __future__ import annotations

import random
from typing import Final

import streamlit as st

from tutor.lang.i18n import _, fmt_int
from tutor.seeds import MAX_SEED, draw_seed

__all__ = [
    "MAX_SEED",
    "address_changed",
    "address_notes_here",
    "begin_address_notes",
    "new_seed",
    "read_seed",
    "seed_from_url",
    "set_url_param",
]

_SYSTEM: Final = random.SystemRandom()
_NOTES: Final = "url_notes"  # this run's notes and the box they go in


def begin_address_notes() -> None:
    """Forget the last run's notes (``setup_page`` calls it first thing)."""
    st.session_state[_NOTES] = {"said": [], "box": None}


def address_notes_here() -> None:
    """Put this run's box of notes about the address at this point of the page."""
    notes = st.session_state.get(_NOTES)
    said = notes["said"] if isinstance(notes, dict) and notes.get("box") is None else []
    st.session_state[_NOTES] = {"said": said, "box": st.empty()}
    _draw()


def address_changed(note: str) -> None:
    """Say (in the page's one box for it) that something in the address was changed and why.

    Called before the box exists (while the page is being set up), the note waits for it.
    """
    notes = st.session_state.get(_NOTES)
    if not isinstance(notes, dict):
        notes = st.session_state[_NOTES] = {"said": [], "box": None}
    if note not in notes["said"]:
        notes["said"].append(note)
        _draw()


def _draw() -> None:
    notes = st.session_state[_NOTES]
    if notes["box"] is not None and notes["said"]:
        notes["box"].warning("\n\n".join(notes["said"]), icon=":material/link_off:")


def new_seed() -> int:
    """A fresh random seed for the next deal (1 to ``tutor.seeds.MAX_SEED``)."""
    return draw_seed(_SYSTEM)


def read_seed(raw: str) -> int | None:
    """The seed ``raw`` spells (0 to ``MAX_SEED``), or None; its length is checked first.

    >>> read_seed("42"), read_seed("0042"), read_seed("1e9"), read_seed("1" * 5000)
    (42, 42, None, None)
    """
    digits = raw.lstrip("0") or "0"
    if not (raw.isascii() and raw.isdigit()) or len(digits) > len(str(MAX_SEED)):
        return None  # never int() of thousands of digits: Python refuses more than 4,300
    seed = int(digits)
    return seed if seed <= MAX_SEED else None


def seed_from_url(param: str = "seed") -> int:
    """The seed in ``?seed=``; a missing or malformed one is replaced by a new seed in the URL.

    A malformed one (not a whole number from 0 to ``MAX_SEED``) also gets a line saying so.
    """
    raw = st.query_params.get(param)
    seed = read_seed(raw) if raw is not None else None
    if seed is not None:
        return seed
    if raw is not None:
        address_changed(
            _(
                "The deal number in the address is not a whole number from {low} to {high}, "
                "so here is a new deal."
            ).format(low=fmt_int(0), high=fmt_int(MAX_SEED))
        )
    seed = new_seed()
    st.query_params[param] = str(seed)
    return seed


def set_url_param(name: str, value: str | None) -> None:
    """Set (or with ``None``, remove) one query parameter."""
    if value is None:
        st.query_params.pop(name, None)
    else:
        st.query_params[name] = value
