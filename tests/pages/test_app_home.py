"""AppTest: the home page and the shared menu."""

from __future__ import annotations

from apptools import open_page, page_text

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.frame.menu import PAGES


def test_home_links_every_page_and_shows_an_example() -> None:
    at = open_page(None, seed="3")
    links = {link.proto.page.strip("/") for link in at.get("page_link")}
    # pages/2_Count_the_hand.py is served at /Count_the_hand
    expected = {
        page.path.removeprefix("pages/").removesuffix(".py").split("_", 1)[1] for page in PAGES[1:]
    }
    assert expected <= links
    assert deal_hand(3).score.said_aloud in page_text(at)


def test_four_colour_deck_is_remembered() -> None:
    at = open_page(None, seed="3")
    at.toggle(key="menu_four_colour").set_value(True)
    at.run()
    assert not at.exception
    assert at.session_state["pref_four_colour"] is True
    at.switch_page("pages/2_Count_the_hand.py")
    at.run()
    assert not at.exception and at.session_state["pref_four_colour"] is True
