"""Cards as SVG: labels for screen readers, colours, highlight, backs."""

from xml.etree import ElementTree

from cribbage_core import Card, parse_cards
from tutor.html.cards import SUIT_COLOURS, card_back_svg, card_svg, cards_row

NS = "{http://www.w3.org/2000/svg}"


def test_every_card_is_valid_svg_with_its_label() -> None:
    for card in parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"):
        root = ElementTree.fromstring(card_svg(card))
        assert root.get("role") == "img"
        assert root.get("aria-label", "").startswith(card.label + ",")
        assert root.find(f"{NS}title").text == root.get("aria-label")
        assert card.rank.symbol in "".join(root.itertext())


def test_names_are_spelled_out() -> None:
    assert 'aria-label="Q♣, queen of clubs"' in card_svg(Card.parse("QC"))


def test_two_and_four_colour_decks() -> None:
    diamond, club = Card.parse("5D"), Card.parse("5C")
    assert SUIT_COLOURS[False][diamond.suit] in card_svg(diamond)
    assert SUIT_COLOURS[True][diamond.suit] in card_svg(diamond, four_colour=True)
    assert SUIT_COLOURS[True][club.suit] in card_svg(club, four_colour=True)
    assert SUIT_COLOURS[True][diamond.suit] != SUIT_COLOURS[False][diamond.suit]


def test_highlighted_and_dimmed_cards_differ() -> None:
    row = cards_row(parse_cards("5H 5S 6C"), highlighted=parse_cards("5H 5S"))
    assert row.count('class="card hl"') == 2
    assert row.count("opacity:0.38") == 1
    assert 'dir="ltr"' in row  # cards keep left-to-right order in right-to-left pages


def test_back_and_captions() -> None:
    back = ElementTree.fromstring(card_back_svg())
    assert back.get("aria-label") == "face-down card"
    row = cards_row(parse_cards("KH"), captions=["starter"], backs=2)
    assert "starter</figcaption>" in row and row.count('class="card back"') == 2


def test_a_card_drawn_on_its_own_stays_left_to_right() -> None:
    # In a right-to-left page a corner rank anchored at x=10 would end there, half outside the
    # card: every card (and the board) says its own direction, not only the rows of cards.
    from tutor.html.board import board_svg

    for svg in (
        card_svg(Card.parse("10H")),
        card_back_svg(),
        board_svg([3, 5], [0, 2], 121, ["a", "b"]),
    ):
        assert "direction:ltr" in ElementTree.fromstring(svg).get("style", "")
