"""The progress charts' colours and shapes: one colour per quiz, per scoring category and per
opponent level (a shape per level too), the same on every chart and in every language, and the
Altair scales that give each its colour (:func:`series_scale`, :func:`level_scale`,
:func:`level_shapes`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

import altair as alt

from cribbage_core.kinds import PegSpot, ScoreKind
from tutor.play.friend import FRIEND_LEVEL
from tutor.progress.names import bot_level_name
from tutor.progress.stats import GAME_DECISIONS

#: One colour per quiz and per scoring category, the same on every chart whatever else is drawn
#: and in every language (Vega gave each name its colour by its place in the alphabet, so a
#: category changed colour with the language, and from the eleventh name on colours repeated):
#: each at least 3:1 against the white page, no two alike; the quizzes take Okabe and Ito's
#: colour-blind-safe colours. A key none of them knows is grey.
QUIZ_COLOURS: Final[dict[str, str]] = {
    "hand": "#0072B2",
    "crib": "#D55E00",
    "pegging": "#009E73",
    "discard": "#CC79A7",
    "peg_trainer": "#7B3294",
    GAME_DECISIONS: "#666666",
}
CATEGORY_COLOURS: Final[dict[str, str]] = {
    # the show (and the play's fifteen, pair and run)
    ScoreKind.FIFTEEN: "#0072B2",
    ScoreKind.PAIR: "#D55E00",
    ScoreKind.RUN: "#009E73",
    ScoreKind.FLUSH: "#CC79A7",
    ScoreKind.NOBS: "#7B3294",
    # the play
    ScoreKind.THIRTY_ONE: "#8C510A",
    ScoreKind.PAIR_ROYAL: "#B2182B",
    ScoreKind.DOUBLE_PAIR_ROYAL: "#1B7837",
    ScoreKind.GO: "#C51B7D",
    ScoreKind.LAST_CARD: "#01665E",
    # the pegging trainer's kinds of position
    PegSpot.LEAD: "#666666",
    PegSpot.FIVE_21: "#A6761D",
    PegSpot.PAIRING: "#6B7A00",
    PegSpot.RUNS: "#000000",
    PegSpot.GO: "#1F3A93",
    PegSpot.ENDGAME: "#E15759",
}
OTHER_COLOUR: Final = "#767676"


def series_scale(
    keys: Iterable[str], name: Callable[[str], str], colours: Mapping[str, str]
) -> alt.Scale:
    """The colour scale of the stored ``keys`` (quizzes or categories): its domain their names in
    the learner's language, in the order of ``colours`` (the legend's order, the same in every
    language), each with its colour there.

    >>> scale = series_scale(["run", "pair", "odd"], str.upper, CATEGORY_COLOURS).to_dict()
    >>> scale["domain"], scale["range"]
    (['PAIR', 'RUN', 'ODD'], ['#D55E00', '#009E73', '#767676'])
    """
    present = set(keys)
    ordered = [key for key in colours if key in present] + sorted(present - set(colours))
    return alt.Scale(
        domain=[name(key) for key in ordered],
        range=[colours.get(key, OTHER_COLOUR) for key in ordered],
    )


#: One colour per level, the same on every chart whatever the levels shown or the language
#: (Okabe and Ito's colour-blind-safe palette, each at least 3:1 against the white page), and a
#: shape per level for the games' points, so that colour is never the only difference; the
#: bots' lines carry their labels. The learner's own line is black.
LEVEL_COLOURS: Final = {
    "easy": "#009E73",
    "medium": "#0072B2",
    "hard": "#D55E00",
    "expert": "#CC79A7",
}
LEVEL_SHAPES: Final = {
    "easy": "circle",
    "medium": "square",
    "hard": "triangle-up",
    "expert": "diamond",
}
#: A game with a friend (a person, not a bot level) is drawn apart from every level: a purple of
#: its own (7.6:1 on white) and a cross, and it has no bot's line.
FRIEND_COLOUR: Final = "#6A3D9A"
FRIEND_SHAPE: Final = "cross"
LEARNER_COLOUR: Final = "#000000"


def level_scale(levels: Iterable[str]) -> alt.Scale:
    """The colour scale of ``levels`` (stored keys), its domain the levels in the learner's
    language: the one place a level gets its colour."""
    keys = list(levels)
    colours = {**LEVEL_COLOURS, FRIEND_LEVEL: FRIEND_COLOUR}
    return alt.Scale(domain=[bot_level_name(k) for k in keys], range=[colours[k] for k in keys])


def level_shapes(levels: Iterable[str]) -> alt.Scale:
    """The shape scale of ``levels``, as :func:`level_scale`."""
    keys = list(levels)
    shapes = {**LEVEL_SHAPES, FRIEND_LEVEL: FRIEND_SHAPE}
    return alt.Scale(domain=[bot_level_name(k) for k in keys], range=[shapes[k] for k in keys])
