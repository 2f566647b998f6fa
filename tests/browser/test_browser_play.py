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
from apptools import randomly_played_game, save_for_server
from browsertools import LOST_CLICK_MS, choose, no_exception, settled, shot, submit
from conftest import ARTIFACTS, BROWSER_TIMEOUT_MS
from playwright.sync_api import expect

from tutor.play.session import PlaySettings

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py

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


DEAL = f".st-key-play_deal {BUTTON}"


def my_turn(page: Any) -> None:
    """Wait until the computer has moved and the page waits for me: a card to lay, Go or the show.

    Call it only once the previous action's own effect is on the page: straight after a
    click, the old page (with my buttons still enabled) would pass for the new one.
    """
    expect(page.locator(f"{ENABLED_LAY}, {GO}, {SHOW}, {DEAL}").first).to_be_visible()
    settled(page)  # no computer move follows a run that waits for me


class Clicks:
    """The learner's clicks, counted."""

    def __init__(self) -> None:
        self.n = 0

    def click(self, target: Any) -> None:
        self.n += 1
        target.click()


def lay_or_go(page: Any, clicks: Clicks | None = None) -> None:
    """Lay my first card that fits (or say Go), and wait until that move is on the page."""
    clicks = clicks or Clicks()
    if page.locator(GO).count():
        clicks.click(page.locator(GO))
        # After my Go the others play the series out and a new one starts: no Go for me now.
        expect(page.locator(GO)).to_have_count(0)
        return
    button = page.locator(ENABLED_LAY).first
    card = re.search(
        r"st-key-play_lay_(\S+)",
        button.evaluate("b => b.closest('[class*=st-key-play_lay_]').className"),
    )
    assert card is not None
    clicks.click(button)
    expect(page.locator(f".st-key-play_lay_{card.group(1)}")).to_have_count(0)  # it left my hand


def play_out_the_hand(
    page: Any, clicks: Clicks | None = None, count_by_click: bool = False
) -> None:
    """Lay cards (or say go) until the hand is played and counted: the Deal button or the end.

    No count waits for a click (the app counts, and the show runs on by itself), unless
    ``count_by_click``: then each count offered is clicked.
    """
    clicks = clicks or Clicks()
    game_over = page.get_by_role("heading", name="The game log")
    for _ in range(16):
        expect(
            page.locator(f"{ENABLED_LAY}, {GO}, {SHOW}, {DEAL}").or_(game_over).first
        ).to_be_visible()
        settled(page)
        if page.locator(SHOW).count():
            assert count_by_click, "a count waits for a click"
            show = page.locator(SHOW).first
            label = show.inner_text()
            clicks.click(show)
            # each count names its hand ("Count my crib"): once made, its button is gone
            expect(
                page.locator(SHOW).filter(has_text=re.compile(f"^{re.escape(label)}$"))
            ).to_have_count(0)
            continue
        if page.locator(DEAL).count() or game_over.count():
            return
        lay_or_go(page, clicks)
    raise AssertionError("the hand did not end")


def new_game(
    page: Any,
    app_url: str,
    *choices: str,
    level: str = "",
    clicks: Clicks | None = None,
    query: str = "",
) -> None:
    """Open the Play page (``query``: its query string), pick ``choices`` in the settings form
    (radio labels) and the opponent ``level`` (its label), and deal.

    Each choice is seen made before Deal, and all are made again if one was lost (a busy
    machine now and then drops a click); a choice the app itself drops still fails the test that
    reads the game's settings back."""
    clicks = clicks or Clicks()
    page.goto(f"{app_url}/Play{query}")
    settled(page)
    form = page.get_by_test_id(
        "stForm"
    ).first  # the new game's form: the friend's forms come after it
    opponent = form.get_by_test_id("stSelectbox").filter(has_text="Opponent")

    def chosen(timeout: int) -> bool:
        try:
            if level:
                expect(opponent.get_by_role("combobox")).to_have_value(level, timeout=timeout)
            for choice in choices:
                expect(form.get_by_role("radio", name=choice, exact=True)).to_be_checked(
                    timeout=timeout
                )
        except AssertionError:
            return False
        return True

    for _ in range(3):
        if level:
            choose(page, opponent, level)
        for choice in choices:
            form.get_by_text(choice, exact=True).click()
        if chosen(LOST_CLICK_MS):
            break
    assert chosen(BROWSER_TIMEOUT_MS), "the new game's choices did not stay made"
    clicks.n += 1
    submit(page, page.get_by_role("button", name="Deal"))
    expect(page.locator(PICK_BOX)).to_have_count(6)
    settled(page)


def discard(page: Any, clicks: Clicks) -> None:
    """Choose my first two cards for the crib and confirm (three clicks)."""
    boxes = page.locator(PICK_BOX)
    for i in (0, 1):
        clicks.click(boxes.nth(i).locator(BUTTON).first)
        expect(boxes.nth(i).locator(BUTTON).first).to_contain_text("✓")
    settled(page)  # the run's old, disabled confirm button is gone
    clicks.click(page.locator(f".st-key-play_confirm_discard {BUTTON}"))
    expect(page.locator(PICK_BOX)).to_have_count(0)


def test_after_the_show_the_table_describes_the_hand_just_counted(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1600})
    new_game(page, app_url, "I deal")
    clicks = Clicks()
    discard(page, clicks)
    play_out_the_hand(page, clicks, count_by_click=True)  # (as the step-by-step show would)
    expect(page.locator(DEAL)).to_be_visible()
    settled(page)
    main = page.locator("main")
    expect(main).to_contain_text("Hand 1 · You dealt")  # not the next deal's dealer
    expect(page.get_by_text("The crib · You", exact=True)).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Your crib: \d+$"))).to_be_visible()
    starter = page.locator(".play-table > div", has=page.get_by_text("Starter", exact=True))
    expect(starter.locator("svg.card")).to_have_count(1)
    expect(starter.locator("svg.back")).to_have_count(0)  # face up: the counts used it
    rows = page.locator("table.breakdown tbody tr")
    expect(rows.first).to_be_visible()
    for i in range(rows.count()):  # every row of every count marks which card is the starter
        expect(rows.nth(i).locator("figcaption", has_text="Starter")).to_have_count(1)
    no_exception(page)
    shot(page, "play-after-the-show")


def test_a_61_point_game_against_easy_takes_few_clicks(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    clicks = Clicks()
    new_game(page, app_url, "61", level="Easy", clicks=clicks)
    expect(page.get_by_text(re.compile("^Opponent: Easy"))).to_be_visible()
    hands = 0
    while not page.get_by_role("heading", name="The game log").count():
        hands += 1
        assert hands <= 12, "a 61-point game is over in a dozen hands"
        discard(page, clicks)
        play_out_the_hand(page, clicks)
        if page.locator(DEAL).count():
            clicks.click(page.locator(DEAL))
            expect(page.locator(PICK_BOX)).to_have_count(6)
    no_exception(page)
    (ARTIFACTS / "play-clicks.txt").write_text(f"{clicks.n} clicks in {hands} hands\n")
    print(f"a 61-point game: {clicks.n} clicks in {hands} hands")
    # three to discard, about four cards to lay, one to deal: no click to count
    assert clicks.n <= 10 * hands + 1


def test_play_a_hand_reload_mid_game_and_reach_the_show(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/Play")
    settled(page)
    page.get_by_role("heading", name="Play against the computer").wait_for()
    submit(page, page.get_by_role("button", name="Deal"))
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
    # play on: the app counts, so the show runs on by itself up to the next deal
    play_out_the_hand(page)
    page.get_by_text(re.compile(r"(Your|'s) (hand|crib): \d+")).first.wait_for()
    no_exception(page)
    shot(page, "play-show")


def test_a_finished_game_opened_by_its_address_shows_the_result(
    page: Any, app_url: str, app_database_url: str
) -> None:
    session = randomly_played_game(PlaySettings(level="hard", target=61), 2024, random.Random(5))
    save_for_server(app_database_url, session)  # the server's database
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(f"{app_url}/Play?game={session.game_id}")
    page.get_by_role("heading", name="The game log").wait_for()
    settled(page)
    no_exception(page)
    text = page.locator("main").inner_text()
    assert str(session.state.scores[0]) in text and str(session.state.scores[1]) in text
    assert ("You win" in text) == (
        session.state.result is not None and session.state.result.winner_side == 0
    )
    shot(page, "play-game-over")


def test_four_players_hands_keep_to_their_columns(page: Any, app_url: str) -> None:
    # Five columns on the table (three other hands, the crib, the starter): four cards at full
    # size ran over the next column (the crib's last card under the starter).
    page.goto(f"{app_url}/Play")
    settled(page)
    page.get_by_test_id("stForm").first.get_by_text("4 players (partners)", exact=True).click()
    clicks = Clicks()
    clicks.click(page.get_by_role("button", name="Deal"))
    expect(page.locator(PICK_BOX)).to_have_count(5)  # five cards each with four players
    settled(page)
    boxes = page.locator(PICK_BOX)
    clicks.click(boxes.nth(0).locator(BUTTON).first)
    expect(boxes.nth(0).locator(BUTTON).first).to_contain_text("✓")
    settled(page)  # the run's old, disabled confirm button is gone
    clicks.click(page.locator(f".st-key-play_confirm_discard {BUTTON}"))
    expect(page.locator(PICK_BOX)).to_have_count(0)
    settled(page)
    spill = page.locator(".play-table > div").evaluate_all(
        """cols => cols.map(col => {
          const edge = col.getBoundingClientRect();
          return Math.max(0, ...Array.from(col.querySelectorAll('svg.card'))
            .map(card => card.getBoundingClientRect().right - edge.right));
        })"""
    )
    assert len(spill) == 5 and max(spill) <= 0.5, spill
    shot(page, "play-four-players-table")
