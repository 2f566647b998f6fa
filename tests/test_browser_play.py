"""Browser test of the Play page: Debian's Chromium against a real server (fixtures in conftest).

Starts a game, discards, lays cards, reloads mid-game and finds it resumed, reaches the show;
opens a finished game by its address for the end-of-game screen. Screenshots go to artifacts/.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from conftest import ARTIFACTS

from cribbage_core.game import Phase
from tutor import store
from tutor.play.session import HUMAN, PlaySession, PlaySettings

pytestmark = pytest.mark.browser

BUTTON = 'button[data-testid^="stBaseButton"]'
PICK = f'[class*="st-key-play_pick_"] {BUTTON}'
LAY = f'[class*="st-key-play_lay_"] {BUTTON}'
ENABLED_LAY = f"{LAY}:not([disabled])"
GO = f".st-key-play_go {BUTTON}"
SHOW = f".st-key-play_next_count {BUTTON}, .st-key-play_count_mine {BUTTON}"


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def no_exception(page: Any) -> None:
    assert page.locator('[data-testid="stException"]').count() == 0


def wait_for_any(page: Any, selector: str, timeout: int = 20_000) -> None:
    page.locator(selector).first.wait_for(state="visible", timeout=timeout)


def my_cards(page: Any) -> list[str]:
    """The labels of my card buttons (one per keyed container: a button with help renders twice)."""
    return page.locator('[class*="st-key-play_lay_"]').evaluate_all(
        "els => els.map(e => e.querySelector('button').innerText)"
    )


def click_first(page: Any, selector: str) -> None:
    page.locator(selector).first.click()


def test_play_a_hand_reload_mid_game_and_reach_the_show(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/Play")
    page.get_by_role("heading", name="Play against the computer").wait_for()
    page.get_by_role("button", name="Deal").click()
    wait_for_any(page, PICK)
    no_exception(page)
    assert page.locator("svg.board").count() == 1, "the board is drawn"
    assert re.search(r"game=[0-9a-f-]{36}", page.url), "the game's id is in the address"
    game_url = page.url
    # discard: click two cards, then confirm
    boxes = page.locator('[class*="st-key-play_pick_"]')
    assert boxes.count() == 6
    boxes.nth(0).locator(BUTTON).first.click()
    page.wait_for_timeout(400)
    page.locator('[class*="st-key-play_pick_"]').nth(1).locator(BUTTON).first.click()
    page.wait_for_timeout(400)
    page.locator(f".st-key-play_confirm_discard {BUTTON}").click()
    wait_for_any(page, LAY)
    no_exception(page)
    # lay one card when it is my turn (the computer may lead first)
    wait_for_any(page, f"{ENABLED_LAY}, {GO}")
    before = len(my_cards(page))
    page.locator(f"{ENABLED_LAY}, {GO}").first.click()
    for _ in range(40):  # my card leaves my hand
        page.wait_for_timeout(250)
        if len(my_cards(page)) < before:
            break
    page.wait_for_timeout(1200)  # let the computer answer
    shot(page, "play-table")
    held = sorted(my_cards(page))
    count_text = page.locator(".play-count").inner_text()
    # reload mid-game: the same game comes back from the database
    page.goto(game_url)
    wait_for_any(page, f"{LAY}, {SHOW}")
    page.wait_for_timeout(800)
    no_exception(page)
    assert sorted(my_cards(page)) == held
    assert page.locator(".play-count").inner_text() == count_text
    # play on to the show
    for _ in range(30):
        if page.locator(SHOW).count():
            break
        wait_for_any(page, f"{ENABLED_LAY}, {GO}, {SHOW}")
        if page.locator(SHOW).count():
            break
        page.locator(f"{ENABLED_LAY}, {GO}").first.click()
        page.wait_for_timeout(900)
    wait_for_any(page, SHOW)
    page.get_by_role("heading", name="The show").wait_for()
    page.locator(SHOW).first.click()
    page.get_by_text(re.compile(r"(Your|'s) (hand|crib): \d+")).first.wait_for(timeout=20_000)
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
    no_exception(page)
    text = page.locator("main").inner_text()
    assert str(session.state.scores[0]) in text and str(session.state.scores[1]) in text
    assert ("You win" in text) == (session.state.result is not None and session.state.result.winner_side == 0)
    shot(page, "play-game-over")
