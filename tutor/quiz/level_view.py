"""Practise at my level (``?level=normal``): unseen bank questions near the learner's rating.

The question is still an ordinary seeded deal (``?seed=``), chosen by
``tutor.rating.service.store_next_position``: the unseen bank question nearest the learner's
rating in the page's skill plus the offset of the chosen difficulty (lichess's five:
-600, -300, 0, +300, +600). The panel shows the rating, its deviation, the difficulty and the
way in or out; after a count, :func:`show_rated` shows the learner their time and how the
rating moved. One question in :data:`REVIEW_EVERY` is one of the learner's due review items of
the page's quiz, when one is due (``?due=`` its id): its answer moves its schedule as on the
Review page and rates nothing (``tutor.quiz.attempts``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import streamlit as st

from tutor.clock import today
from tutor.frame.profile import current_learner
from tutor.frame.urlstate import new_seed
from tutor.lang.i18n import _, fmt_int, ngettext, rating_text
from tutor.quiz.attempts import DUE_PARAM, RATED_KEY, next_deal
from tutor.rating.finish import quick_seconds
from tutor.rating.service import store_next_position, store_rating
from tutor.rating.skills import OFFSETS
from tutor.store import open_store

__all__ = [
    "LEVEL_PARAM",
    "REVIEW_EVERY",
    "level_on",
    "level_param",
    "level_panel",
    "next_at_level",
    "show_rated",
]

LEVEL_PARAM: Final = "level"
#: A page whose ``?level=`` means something else already (the discard trainer's difficulty of
#: deal) keeps "practise at my level" under another name; there it also sets aside the deal's
#: options, for a bank question is the default deal of its seed.
_OWN_PARAM: Final = {"discard": "mylevel", "peg_play": "mylevel"}
_DEAL_OPTIONS: Final = {"discard": ("players", "role", "level"), "peg_play": ("kind", "level")}
#: The address keys a bank question of the skill may have besides its seed: a Pegging trainer
#: position is its bucket's kind and difficulty and its place in the bucket.
_POSITION_KEYS: Final = {"peg_play": ("kind", "level")}
#: The quiz kind of a skill's page, where it is not the skill's own name.
_QUIZ_OF: Final = {"peg_play": "peg_trainer"}
_PICK_KEY: Final = "level_pick"
_SERVED_KEY: Final = "level_served"  # questions dealt at my level in this session
#: One question in this many is a due review item, when one is due.
REVIEW_EVERY: Final = 4


def _labels() -> dict[str, str]:
    return {
        "easiest": _("Easiest"),
        "easier": _("Easier"),
        "normal": _("Normal"),
        "harder": _("Harder"),
        "hardest": _("Hardest"),
    }


def level_param(skill: str) -> str:
    """The address parameter of "practise at my level" on the page of ``skill``.

    >>> level_param("hand"), level_param("discard")
    ('level', 'mylevel')
    """
    return _OWN_PARAM.get(skill, LEVEL_PARAM)


def level_on(skill: str = "hand") -> str | None:
    """The difficulty of "practise at my level" in the address (None: not practising so)."""
    raw = st.query_params.get(level_param(skill))
    return raw if raw in OFFSETS else None


def _due_position(skill: str, learner: str | None) -> tuple[dict[str, str], int] | None:
    """A due review item of the page's quiz that the page deals as it is (its seed, and for
    the Pegging trainer its kind and difficulty): its position and id, every
    :data:`REVIEW_EVERY`-th question (None: not now, or none due)."""
    served = int(st.session_state.get(_SERVED_KEY, 0)) + 1
    st.session_state[_SERVED_KEY] = served
    if learner is None or served % REVIEW_EVERY:
        return None
    allowed = {"seed", *_POSITION_KEYS.get(skill, ())}
    quiz = _QUIZ_OF.get(skill, skill)
    for item in open_store().due_items(learner, today(), (quiz,), limit=5):
        if "seed" in item.position and set(item.position) <= allowed:
            return dict(item.position), item.id
    return None


def _to_address(position: Mapping[str, str]) -> None:
    for name, value in position.items():
        st.query_params[name] = value


def next_at_level(skill: str, difficulty: str) -> None:
    """Deal the next question at ``difficulty`` (a button callback): its position (its seed,
    and what else the page reads) into the address."""
    learner = current_learner()
    for name in ("focus", "drill", DUE_PARAM, *_DEAL_OPTIONS.get(skill, ())):
        st.query_params.pop(name, None)
    st.query_params[level_param(skill)] = difficulty
    due = _due_position(skill, learner)
    if due is not None:
        _to_address(due[0])
        st.query_params[DUE_PARAM] = str(due[1])
        next_deal()
        return
    position = store_next_position(
        open_store(), learner, skill, difficulty, random.Random(new_seed())
    )
    _to_address(position or {"seed": str(new_seed())})
    next_deal()


def _leave() -> None:
    skill = st.session_state.get("level_skill", "hand")
    for name in (level_param(skill), DUE_PARAM, *_POSITION_KEYS.get(skill, ())):
        st.query_params.pop(name, None)
    st.query_params["seed"] = str(new_seed())
    next_deal()


def _change() -> None:
    picked = st.session_state.get(_PICK_KEY)
    if picked in OFFSETS:
        next_at_level(st.session_state["level_skill"], picked)


def _rating_line(skill: str) -> str:
    rating, answers = store_rating(open_store(), current_learner(), skill)
    shown = {"rating": rating_text(rating.rating, rating.deviation)}
    if not answers:
        return _("Everyone starts at {rating}: a few answers find your level.").format(**shown)
    if skill == "crib":
        return _("Your rating for counting cribs: {rating}.").format(**shown)
    if skill == "pegging":
        return _("Your rating for pegging points: {rating}.").format(**shown)
    if skill == "discard":
        return _("Your rating for discards: {rating}.").format(**shown)
    if skill == "peg_play":
        return _("Your rating for pegging play: {rating}.").format(**shown)
    return _("Your rating for counting hands: {rating}.").format(**shown)


def _start_help(skill: str) -> str:
    if skill == "pegging":
        return _("Plays you have not answered yet, near your rating; harder as you improve.")
    if skill == "discard":
        return _("Hands you have not thrown from yet, near your rating; harder as you improve.")
    if skill == "peg_play":
        return _("Positions you have not played yet, near your rating; harder as you improve.")
    return _("Hands you have not counted yet, near your rating; harder as you improve.")


def level_panel(skill: str, difficulty: str | None) -> None:
    """The way into "practise at my level", or, while on, the rating and the difficulty."""
    st.session_state["level_skill"] = skill
    box = st.container(key="level_panel")
    if difficulty is None:
        box.button(
            _("Practise at my level"),
            key="level_start",
            on_click=next_at_level,
            args=(skill, "normal"),
            icon=":material/trending_up:",
            help=_start_help(skill),
        )
        return
    box.caption(_rating_line(skill))
    if st.query_params.get(DUE_PARAM):
        box.info(
            _(
                "A question you missed before, due for review today: it moves your review, not your rating."
            ),
            icon=":material/replay:",
        )
    labels = _labels()
    st.session_state[_PICK_KEY] = difficulty
    box.segmented_control(
        _("Difficulty"),
        list(OFFSETS),
        format_func=labels.__getitem__,
        key=_PICK_KEY,
        on_change=_change,
    )
    leave = {
        "pegging": _("Back to random plays"),
        "peg_play": _("Back to random positions"),
    }.get(skill) or _("Back to random hands")
    box.button(leave, key="level_leave", on_click=_leave)


def show_rated(result: Mapping[str, Any], combinations: int) -> None:
    """After a first count (``result``: the count's graded answer, see ``count_view``): the
    learner's time against a quick count, and how the rating moved."""
    found = st.session_state.get(RATED_KEY)
    seconds = result.get("seconds")
    if not isinstance(seconds, int | float) or result.get("saved") == "repeat":
        return
    quick = quick_seconds(combinations)
    shown = {"seconds": fmt_int(round(seconds)), "quick": fmt_int(round(quick))}
    whole = round(seconds)
    if seconds <= quick:
        line = ngettext(
            "You took {seconds} second; a quick count of this hand takes {quick} or less.",
            "You took {seconds} seconds; a quick count of this hand takes {quick} or less.",
            whole,
        ).format(**shown)
    else:
        line = ngettext(
            "You took {seconds} second; a quick count of this hand takes {quick} or less. "
            "A right count raises your rating less the slower it is.",
            "You took {seconds} seconds; a quick count of this hand takes {quick} or less. "
            "A right count raises your rating less the slower it is.",
            whole,
        ).format(**shown)
    if found is not None and found[0] == result.get("attempt_id") and found[1].before:
        rated = found[1]
        line += " " + _("Your rating went from {before} to {after}.").format(
            before=fmt_int(round(rated.before[0])), after=fmt_int(round(rated.after[0]))
        )
    st.caption(":material/timer: " + line)
