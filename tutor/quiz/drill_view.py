"""The weak-spot drill on a quiz page: ``?drill=weak``, its banner, the way in and the way out.

A drill deal is an ordinary seeded deal whose seed was chosen by ``tutor.quiz.drill`` to hold a
category this learner misses (``tutor.progress.weak_spots``), so the URL stays ``?seed=...`` and a
reload shows the same hand. Which category a seed was chosen for is remembered in the
session, for the banner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import streamlit as st

from tutor.frame.profile import current_learner
from tutor.frame.render import bold
from tutor.frame.urlstate import new_seed
from tutor.lang.i18n import _, kind_label
from tutor.progress import weak_spots
from tutor.quiz.attempts import next_deal
from tutor.store import open_store

__all__ = [
    "DRILL_PARAM",
    "DRILL_VALUE",
    "drill_banner",
    "drill_button",
    "drill_on",
    "leave_drill",
    "next_question",
    "start_drill",
]

DRILL_PARAM: Final = "drill"
DRILL_VALUE: Final = "weak"

Picker = Callable[[Mapping[str, float], random.Random], tuple[int, str | None]]


def drill_on() -> bool:
    """Whether the page was opened as a weak-spot drill (``?drill=weak``)."""
    return st.query_params.get(DRILL_PARAM) == DRILL_VALUE


def _weights(allowed: Sequence[str], area: str) -> dict[str, float]:
    name = current_learner()
    if not name:
        return {}
    return {k: w for k, w in weak_spots(open_store(), name, area=area).items() if k in allowed}


def start_drill(pick: Picker, allowed: Sequence[str], state_key: str, area: str) -> None:
    """Deal a drill question: ``pick(weights, rng)`` chooses the seed; URL and session updated.

    The weights are those of ``area`` (``tutor.progress.WEAK_SPOT_AREAS``: the answers that
    steer this drill), among the categories ``allowed``. Usable as a button callback (the way
    into the drill) and for each next drill deal.
    """
    weights = _weights(allowed, area)
    seed, category = pick(weights, random.Random(new_seed()))
    st.query_params[DRILL_PARAM] = DRILL_VALUE
    st.query_params["seed"] = str(seed)
    next_deal()
    st.session_state[state_key] = {"seed": seed, "category": category, "weights": weights}


def next_question(pick: Picker, allowed: Sequence[str], state_key: str, area: str) -> None:
    """The next deal ("Next hand"): another drill deal while drilling, else a fresh seed."""
    if drill_on():
        start_drill(pick, allowed, state_key, area)
    else:
        st.query_params["seed"] = str(new_seed())
        next_deal()


def drill_button(
    where: Any, key: str, on_click: Callable[[], None], learner: str | None, aim: str
) -> None:
    """The "Practise my weak spots" button of a quiz page, in ``where`` (a container).

    ``aim`` (translated) says what the drill deals; without a learner's name the button is
    disabled and says why, since the drill aims at what that learner has missed before.
    """
    where.button(
        _("Practise my weak spots"),
        key=key,
        on_click=on_click,
        icon=":material/target:",
        disabled=learner is None,
        help=aim
        if learner
        else _("Choose a name first: the drill aims at what you have missed before."),
    )


def leave_drill() -> None:
    """Back to ordinary deals (the hand on show stays)."""
    st.query_params.pop(DRILL_PARAM, None)


def drill_banner(seed: int, state_key: str, leave_key: str) -> None:
    """Say that this is the weak-spot drill and what this deal aims at; offer the way out."""
    kept = st.session_state.get(state_key)
    info: dict[str, Any] = kept if isinstance(kept, dict) and kept.get("seed") == seed else {}
    known = bool(info)
    with st.container(border=True):
        text_col, button_col = st.columns([5, 1.3], vertical_alignment="center")
        if known and info["category"]:
            body = _("This deal aims at **{category}**, one of your weak spots.").format(
                category=kind_label(info["category"])
            )
            others = [kind_label(k) for k in info["weights"] if k != info["category"]][:4]
            if others:
                body += " " + _("Others: {others}.").format(others=", ".join(others))
        elif known:
            body = (
                _(
                    "No weak spots in this quiz yet (nothing missed recently), so this is any "
                    "deal. Answer a few more and the drill will aim at what you miss."
                )
                if current_learner()
                else _(
                    "Choose a name in the sidebar: the drill aims at what you have missed "
                    "before. Until then, this is any deal."
                )
            )
        else:
            body = _("Each deal aims at one of the things you miss most.")
        text_col.markdown(":material/target: " + bold(_("Weak-spot drill")) + " · " + body)
        button_col.button(
            _("Leave the drill"), key=leave_key, on_click=leave_drill, icon=":material/close:"
        )
