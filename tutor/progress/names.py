"""The progress figures' stored keys in words, in the learner's language: quiz kinds,
weak-spot areas, opponent levels and the bots' levels, and a game's performance band."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import pandas as pd

from tutor.lang.i18n import N_, _
from tutor.play.friend import FRIEND_LEVEL
from tutor.play.text import LEVEL_LABELS

#: A game's performance band, named by the computer level whose typical figure it holds
#: (``cribbage_core.coach.performance``): the game review and the class table say it.
BAND_NAMES: Final = {
    "expert": N_("Expert-like"),
    "hard": N_("Strong: like the hard computer"),
    "medium": N_("Club player: like the medium computer"),
    "easy": N_("Beginner: like the easy computer"),
}

QUIZ_LABELS = {
    "hand": N_("Hand"),
    "crib": N_("Crib"),
    "pegging": N_("Pegging quiz"),
    "discard": N_("Discard trainer"),
    "peg_trainer": N_("Pegging trainer"),
    "game": N_("Decisions in your games"),
}
#: Each weak-spot area's name on the progress page.
AREA_LABELS = {
    "show": N_("The show"),
    "play": N_("Points in the play"),
    "trainer": N_("Pegging trainer"),
    "games": N_("Your games"),
}


def area_name(area: str) -> str:
    """A weak-spot area in the learner's language."""
    return _(AREA_LABELS[area]) if area in AREA_LABELS else area


def quiz_name(kind: str) -> str:
    """A stored quiz kind in the learner's language."""
    return _(QUIZ_LABELS[kind]) if kind in QUIZ_LABELS else kind


def level_name(level: str) -> str:
    """An opponent level in the learner's language (a game with a friend: "A friend")."""
    if level == FRIEND_LEVEL:
        return _("A friend")
    return _(LEVEL_LABELS[level]) if level in LEVEL_LABELS else level


def named(frame: pd.DataFrame, column: str, name: Callable[[str], str]) -> pd.DataFrame:
    """The frame with the stored keys of one column shown as words in the learner's language."""
    return frame.assign(**{column: frame[column].map(name)})


def bot_level_name(level: str) -> str:
    """A bot's level in the learner's language (the expert is the engine the review grades with)."""
    return _("Expert") if level == "expert" else level_name(level)
