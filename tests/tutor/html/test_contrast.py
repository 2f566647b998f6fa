"""Contrast of what axe-core cannot measure: the ink of the cards, drawn in SVG.

axe checks the contrast of HTML text, not of an SVG's ranks and pips, so this checks them
against WCAG 2's formula: every suit's ink on a card's face (plain and highlighted), in the
two-colour and the four-colour deck, at least 4.5:1 (the level for normal text).
"""

from __future__ import annotations

import pytest

from cribbage_core.cards import Suit
from tutor.html.cards import CARD_FACES, SUIT_COLOURS


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(ink: str, paper: str) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21).

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#767676", "#ffffff"), 2)
    (21.0, 4.54)
    """
    lighter, darker = sorted((luminance(ink), luminance(paper)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("suit", list(Suit))
def test_every_suit_reads_on_every_face(four_colour: bool, suit: Suit) -> None:
    for face in CARD_FACES:
        assert contrast(SUIT_COLOURS[four_colour][suit], face) >= 4.5, (suit, face)


def test_the_four_colour_deck_keeps_the_suits_apart() -> None:
    inks = SUIT_COLOURS[True]
    assert len(set(inks.values())) == 4
