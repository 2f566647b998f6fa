"""Playing cards drawn as inline SVG, in code: no image files, no licences to track.

Each card is one ``<svg role="img">`` with an ``aria-label`` and a ``<title>``
("5♥, five of hearts") so screen readers read it and a mouse hover shows it.
Suits are drawn as paths (not font glyphs), so they look the same everywhere.
Every card is drawn left to right (``direction:ltr`` on its ``<svg>``) wherever it is put: in a
right-to-left page a corner rank would otherwise end at its x and sit half outside the card.

>>> from cribbage_core import Card
>>> svg = card_svg(Card.parse("5H"))
>>> 'aria-label="5♥' in svg, '#c62828' in svg
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Final

from cribbage_core.cards import Card, Rank, Suit
from tutor.lang.i18n import N_, _, card_text

__all__ = ["CARD_FACES", "SUIT_COLOURS", "card_back_svg", "card_name", "card_svg", "cards_row"]

#: Ink per suit: the classic two colours, and the four-colour deck.
SUIT_COLOURS: Final = {
    False: {
        Suit.SPADES: "#1b1b1b",
        Suit.CLUBS: "#1b1b1b",
        Suit.HEARTS: "#c62828",
        Suit.DIAMONDS: "#c62828",
    },
    True: {
        Suit.SPADES: "#1b1b1b",
        Suit.CLUBS: "#1b7a2e",
        Suit.HEARTS: "#c62828",
        Suit.DIAMONDS: "#1565c0",
    },
}

#: A card's face: plain, and highlighted (the cards of one combination); tests/tutor/html/test_contrast.py
#: checks every suit's ink on both.
CARD_FACES: Final = ("#ffffff", "#fffbe6")

# Suit shapes in a 100 x 100 box.
_SUIT_PATHS: Final = {
    Suit.HEARTS: (
        "M50 92C22 68 4 50 4 30C4 14 16 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4"
        "C84 4 96 14 96 30C96 50 78 68 50 92Z"
    ),
    Suit.DIAMONDS: "M50 2L88 50L50 98L12 50Z",
    Suit.SPADES: (
        "M50 4C76 28 95 44 95 61C95 75 84 83 72 83C63 83 57 79 53 72C54 82 58 90 66 96"
        "H34C42 90 46 82 47 72C43 79 37 83 28 83C16 83 5 75 5 61C5 44 24 28 50 4Z"
    ),
    Suit.CLUBS: (
        "M50 6A20 20 0 1 1 49.9 6ZM27 40A20 20 0 1 1 26.9 40ZM73 40A20 20 0 1 1 72.9 40Z"
        "M46 55C46 75 42 88 33 96H67C58 88 54 75 54 55Z"
    ),
}

_RANK_NAMES: Final = {
    Rank.ACE: N_("ace"),
    Rank.TWO: N_("two"),
    Rank.THREE: N_("three"),
    Rank.FOUR: N_("four"),
    Rank.FIVE: N_("five"),
    Rank.SIX: N_("six"),
    Rank.SEVEN: N_("seven"),
    Rank.EIGHT: N_("eight"),
    Rank.NINE: N_("nine"),
    Rank.TEN: N_("ten"),
    Rank.JACK: N_("jack"),
    Rank.QUEEN: N_("queen"),
    Rank.KING: N_("king"),
}
_SUIT_NAMES: Final = {
    Suit.SPADES: N_("spades"),
    Suit.HEARTS: N_("hearts"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.CLUBS: N_("clubs"),
}

WIDTH: Final = 100
HEIGHT: Final = 140


def card_name(card: Card) -> str:
    """The card in words for screen readers and the hover: ``"5♥, five of hearts"`` (translated;
    the label kept left to right in a right-to-left language)."""
    words = _("{rank} of {suit}").format(
        rank=_(_RANK_NAMES[card.rank]), suit=_(_SUIT_NAMES[card.suit])
    )
    return f"{card_text(card)}, {words}"


def _pip(suit: Suit, x: float, y: float, size: float, colour: str, flip: bool = False) -> str:
    scale = size / 100
    transform = f"translate({x:g} {y:g}) scale({scale:g})"
    if flip:
        transform = f"translate({x + size:g} {y + size:g}) scale({-scale:g})"
    return f'<path transform="{transform}" d="{_SUIT_PATHS[suit]}" fill="{colour}"/>'


def card_svg(
    card: Card,
    *,
    highlighted: bool = False,
    dimmed: bool = False,
    four_colour: bool = False,
    width: int = 64,
) -> str:
    """One card face as an inline ``<svg>``.

    ``highlighted`` draws a gold frame and lifts the card (the cards of one
    combination in a breakdown); ``dimmed`` fades it (the cards not in it).
    """
    ink = SUIT_COLOURS[four_colour][card.suit]
    name = escape(card_name(card))
    rank = card.rank.symbol
    face = card.rank >= Rank.JACK
    frame = (
        f'<rect x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" rx="9" fill="{CARD_FACES[1]}" '
        'stroke="#f9a825" stroke-width="6"/>'
        if highlighted
        else f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="9" fill="{CARD_FACES[0]}" '
        'stroke="#9e9e9e" stroke-width="2"/>'
    )
    corner_font = 24 if rank != "10" else 21
    parts = [
        frame,
        f'<text x="10" y="29" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" '
        f'font-size="{corner_font}" fill="{ink}" letter-spacing="-1">{rank}</text>',
        _pip(card.suit, 9, 35, 18, ink),
        f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">'
        f'<text x="10" y="29" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" '
        f'font-size="{corner_font}" fill="{ink}" letter-spacing="-1">{rank}</text>'
        f"{_pip(card.suit, 9, 35, 18, ink)}</g>",
    ]
    if face:
        parts.append(
            f'<rect x="27" y="34" width="46" height="72" rx="5" fill="none" stroke="{ink}" '
            'stroke-width="1.5" opacity="0.5"/>'
            f'<text x="50" y="80" text-anchor="middle" font-family="Georgia, DejaVu Serif, serif" '
            f'font-weight="700" font-size="40" fill="{ink}">{rank}</text>'
        )
    else:
        parts.append(_pip(card.suit, 28, 48, 44, ink))
    lift = "transform:translateY(-6px);" if highlighted else ""
    fade = "opacity:0.38;" if dimmed else ""
    height = round(width * HEIGHT / WIDTH)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{name}" '
        f'class="card{" hl" if highlighted else ""}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{width}" height="{height}" style="direction:ltr;flex:none;{lift}{fade}'
        'filter:drop-shadow(0 1px 2px rgba(0,0,0,.25));">'
        f"<title>{name}</title>{''.join(parts)}</svg>"
    )


def card_back_svg(*, width: int = 64) -> str:
    """The back of a card (a face-down card: the crib, the opponent's hand)."""
    label = escape(_("face-down card"))
    height = round(width * HEIGHT / WIDTH)
    lattice = "".join(
        f'<path d="M{x} 10L{x + 60} 130M{x + 60} 10L{x} 130" stroke="#90caf9" stroke-width="2"/>'
        for x in range(-40, 100, 16)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{label}" class="card back" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{width}" height="{height}" '
        'style="direction:ltr;flex:none;filter:drop-shadow(0 1px 2px rgba(0,0,0,.25));">'
        f"<title>{label}</title>"
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="9" fill="#ffffff" '
        'stroke="#9e9e9e" stroke-width="2"/>'
        f'<svg x="10" y="10" width="80" height="120"><rect width="80" height="120" rx="5" '
        f'fill="#1e4f91"/>{lattice}</svg></svg>'
    )


def cards_row(
    cards: Sequence[Card],
    *,
    highlighted: Iterable[Card] | None = None,
    four_colour: bool = False,
    width: int = 64,
    gap: int = 8,
    captions: Sequence[str] | None = None,
    backs: int = 0,
) -> str:
    """A left-to-right row of cards as one HTML block (it stays left-to-right in RTL pages).

    With ``highlighted``, those cards are framed and the others dimmed. With
    ``captions``, each card gets a small caption under it. ``backs`` adds that
    many face-down cards at the end.
    """
    marked = set(highlighted) if highlighted is not None else None
    cells = []
    for i, card in enumerate(cards):
        svg = card_svg(
            card,
            highlighted=marked is not None and card in marked,
            dimmed=marked is not None and card not in marked,
            four_colour=four_colour,
            width=width,
        )
        if captions is not None:
            svg = (
                '<figure style="margin:0;display:flex;flex-direction:column;align-items:center;gap:2px">'
                f'{svg}<figcaption style="font-size:0.78rem;color:#555;text-align:center;'
                f'max-width:{width + 16}px">{escape(captions[i])}</figcaption></figure>'
            )
        cells.append(svg)
    cells.extend(card_back_svg(width=width) for _ in range(backs))
    return (
        f'<div dir="ltr" class="cards" style="display:flex;flex-wrap:wrap;gap:{gap}px;'
        f'align-items:flex-start;padding:8px 2px 4px 2px">{"".join(cells)}</div>'
    )
