"""Browser test of the Play page: Debian's Chromium against a real server (fixtures in conftest).

The computer's moves come one run after another, so every step waits for its own effect
(the card leaves my hand) and then for the page to wait for me again (``my_turn``).

Starts a game, discards, lays cards, reloads mid-game and finds it resumed, reaches the show;
opens a finished game by its address for the end-of-game screen. Screenshots go to artifacts/.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browsertools import no_exception, settled, shot
from playwright.sync_api import expect

from cribbage_core.game import Phase
from tutor import store
from tutor.play.session import HUMAN, PlaySession, PlaySettings

pytestmark = pytest.mark.browser

BUTTON = 'button[data-testid^="stBaseButton"]'
PICK_BOX = '[class*="st-key-play_pick_"]'
LAY = f'[class*="st-key-play_lay_"] {BUTTON}'
ENABLED_LAY = f"{LAY}:not([disabled])"
GO = f".st-key-play_go {BUTTON}"
CARD = '[class*="st-key-play_lay_"]'
SHOW = f".st-key-play_next_count {BUTTON}, .st-key-play_count_mine {BUTTON}"


def my_cards(page: Any) -> list[str]:
    """The cards in my hand, from the keys of their buttons (``play_lay_5H`` -> ``5H``)."""
    classes = page.locator(CARD).evaluate_all("els => els.map(e => e.className)")
    return sorted(re.search(r"st-key-play_lay_(\S+)", c).group(1) for c in classes)  # type: ignore[union-attr]


def my_turn(page: Any) -> None:
    """Wait until the computer has moved and the page waits for me: a card to lay, Go or the show.

    Call it only once the previous action's own effect is on the page: straight after a
    click, the old page (with my buttons still enabled) would pass for the new one.
    """
    expect(page.locator(f"{ENABLED_LAY}, {GO}, {SHOW}").first).to_be_visible()
    settled(page)  # no computer move follows a run that waits for me


def lay_or_go(page: Any) -> None:
    """Lay my first card that fits (or say Go), and wait until that move is on the page."""
    if page.locator(GO).count():
        page.locator(GO).click()
        # After my Go the others play the series out and a new one starts: no Go for me now.
        expect(page.locator(GO)).to_have_count(0)
        return
    button = page.locator(ENABLED_LAY).first
    card = re.search(r"st-key-play_lay_(\S+)", button.evaluate("b => b.closest('[class*=st-key-play_lay_]').className"))
    assert card is not None
    button.click()
    expect(page.locator(f".st-key-play_lay_{card.group(1)}")).to_have_count(0)  # it left my hand


def test_play_a_hand_reload_mid_game_and_reach_the_show(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/Play")
    settled(page)
    page.get_by_role("heading", name="Play against the computer").wait_for()
    page.get_by_role("button", name="Deal").click()
    boxes = page.locator(PICK_BOX)  # one per card (a button with help is drawn twice)
    expect(boxes).to_have_count(6)
    settled(page)
    no_exception(page)
    expect(page.locator("svg.board")).to_have_count(1)  # the board is drawn
    assert re.search(r"game=[0-9a-f-]{36}", page.url), "the game's id is in the address"
    game_url = page.url
    # discard: click two cards (each is marked chosen), then confirm
    for i in (0, 1):
        boxes.nth(i).locator(BUTTON).first.click()
        expect(boxes.nth(i).locator(BUTTON).first).to_contain_text("✓")
    confirm = page.locator(f".st-key-play_confirm_discard {BUTTON}")
    expect(confirm).to_be_enabled()
    confirm.click()
    expect(page.locator(LAY).first).to_be_visible()  # the play has begun
    # lay one card when it is my turn (the computer may lead first)
    my_turn(page)
    no_exception(page)
    lay_or_go(page)
    my_turn(page)
    shot(page, "play-table")
    held = my_cards(page)
    count = page.locator(".play-count")
    count_text = count.inner_text() if count.count() else None
    # reload mid-game: the same game comes back from the database
    page.goto(game_url)
    my_turn(page)
    no_exception(page)
    assert my_cards(page) == held
    if count_text is not None:
        expect(count).to_have_text(count_text)
    # play on to the show (each of the two players lays at most four cards)
    for _ in range(10):
        if page.locator(SHOW).count():
            break
        lay_or_go(page)
        my_turn(page)
    expect(page.locator(SHOW).first).to_be_visible()
    page.get_by_role("heading", name="The show").wait_for()
    page.locator(SHOW).first.click()
    page.get_by_text(re.compile(r"(Your|'s) (hand|crib): \d+")).first.wait_for()
    no_exception(page)
    shot(page, "play-show")


def test_a_finished_game_opened_by_its_address_shows_the_result(
    page: Any, app_url: str, app_database_url: str
) -> None:
    session = PlaySession.start(PlaySettings(level="hard", target=61), seed=2024)
    rng = random.Random(5)
    while session.phase is not Phase.GAME_OVER:
        if session.bot_to_act() is not None:
            session = session.bot_step()
        elif session.phase is Phase.DEAL:
            session = session.deal_next()
        elif session.phase is Phase.SHOW and session.state.to_act != HUMAN:
            session = session.next_count()
        else:
            session = session.act(rng.choice(session.state.legal_for(HUMAN)))
    engine = store.make_engine(app_database_url)  # the server's database
    store.migrate(engine)
    store.save_game(engine, session.game_id, session.to_dict(), moves=session.moves, previous=None, finished=True)
    engine.dispose()
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/Play?game={session.game_id}")
    page.get_by_role("heading", name="The game log").wait_for()
    settled(page)
    no_exception(page)
    text = page.locator("main").inner_text()
    assert str(session.state.scores[0]) in text and str(session.state.scores[1]) in text
    assert ("You win" in text) == (session.state.result is not None and session.state.result.winner_side == 0)
    shot(page, "play-game-over")
