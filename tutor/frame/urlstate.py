"""Deal seeds and options kept in the URL, so a learner can share or revisit a deal."""

from __future__ import annotations

import random
from typing import Final

import streamlit as st

from tutor.seeds import MAX_SEED, draw_seed

__all__ = ["MAX_SEED", "new_seed", "seed_from_url", "set_url_param"]

_SYSTEM: Final = random.SystemRandom()


def new_seed() -> int:
    """A fresh random seed for the next deal (1 to ``tutor.seeds.MAX_SEED``)."""
    return draw_seed(_SYSTEM)


def seed_from_url(param: str = "seed") -> int:
    """The seed in ``?seed=``; a missing or malformed one is replaced by a new seed in the URL."""
    raw = st.query_params.get(param, "")
    if raw.isascii() and raw.isdigit() and int(raw) <= MAX_SEED:
        return int(raw)
    seed = new_seed()
    st.query_params[param] = str(seed)
    return seed


def set_url_param(name: str, value: str | None) -> None:
    """Set (or with ``None``, remove) one query parameter."""
    if value is None:
        st.query_params.pop(name, None)
    else:
        st.query_params[name] = value
