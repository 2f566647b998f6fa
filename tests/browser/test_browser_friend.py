"""Browser test of a game between friends: two Chromium browsers play a whole 61-point game
against each other (the friend's page in Urdu), a third opens the link and only watches, and a
reload mid-game rejoins the same seat. Each browser is a context of its own (its own cookie,
so its own seat). Every move waits for its effect on both pages: the version the table was
drawn at (``st-key-friend_v_<n>``) moves on by one, in the other browser within about a second
(its fragment reads the version every second). Screenshots go to artifacts/.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from browsertools import no_exception, pick, settled, shot, submit
from conftest import ARTIFACTS, new_tab
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.spread]

BUTTON = 'button[data-testid^="stBaseButton"]'
PICK = f'[class*="st-key-friend_pick_"] {BUTTON}'
LAY = f'[class*="st-key-friend_lay_"] {BUTTON}:not([disabled])'
DISCARD = f".st-key-friend_discard {BUTTON}"
DEAL = f".st-key-friend_deal {BUTTON}"
DONE = f".st-key-friend_done {BUTTON}"


def version(page: Any) -> int:
    """The version of the game this page's table was drawn at."""
    found = page.locator('[class*="st-key-friend_v_"]').first
    expect(found).to_be_attached()
    match = re.search(r"st-key-friend_v_(\d+)", found.get_attribute("class") or "")
    assert match is not None
    return int(match.group(1))


def at_version(page: Any, n: int) -> None:
    expect(page.locator(f".st-key-friend_v_{n}").first).to_be_attached()
    settled(page)


def cards_outside_their_column(page: Any) -> list[str]:
    """The table's cards (hands, backs, crib, starter) drawn past the edge of their column."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('.play-table > div')]
        .flatMap((column, i) => {
            const box = column.getBoundingClientRect();
            return [...column.querySelectorAll('svg.card')]
                .map(card => card.getBoundingClientRect())
                .filter(card => card.left < box.left - 1 || card.right > box.right + 1)
                .map(card => `column ${i}: ${card.left}-${card.right} of ${box.left}-${box.right}`);
        })"""
    )
    return found


def over(page: Any) -> bool:
    return page.locator(DONE).count() > 0


def move(page: Any, rng: random.Random) -> bool:
    """Make this page's move if it has one (a discard, a card, the deal): whether it moved."""
    if page.locator(PICK).count():
        for i in sorted(rng.sample(range(page.locator(PICK).count()), 2)):
            settled(page)  # a tap lands on a page whose run is over, as a person's does
            card = page.locator(PICK).nth(i)
            key = card.locator("xpath=ancestor::*[contains(@class, 'st-key-friend_pick_')]")
            name = re.search(r"st-key-(friend_pick_\S+)", key.first.get_attribute("class") or "")
            assert name is not None
            card.click()
            # the same card's button, found by its key, not its place (a redraw may move it)
            expect(page.locator(f".st-key-{name.group(1)} {BUTTON}")).to_contain_text("✓")
            settled(page)
        page.locator(DISCARD).click()
        return True
    if page.locator(LAY).count():
        lays = page.locator(LAY)
        lays.nth(rng.randrange(lays.count())).click()
        return True
    if page.locator(DEAL).count():
        page.locator(DEAL).click()
        return True
    return False


def test_two_browsers_play_a_61_point_game_a_third_watches_a_reload_rejoins(
    browser: Any, app_url: str
) -> None:
    rng = random.Random(36)
    with (
        new_tab(browser, viewport={"width": 1280, "height": 1400}) as ann,
        new_tab(browser, viewport={"width": 390, "height": 1600}) as raj,
        new_tab(browser, viewport={"width": 1280, "height": 1400}) as watcher,
    ):
        ann.goto(f"{app_url}/Play?learner=FriendAnn")
        settled(ann)
        form = ann.locator('[data-testid="stForm"]').filter(has_text="Play a friend")
        pick(form, "61")
        submit(ann, form.get_by_role("button", name="Start a game with a friend"))
        expect(ann.get_by_role("heading", name="Play a friend")).to_be_visible()
        link = ann.locator('[data-testid="stCode"]').inner_text().strip()
        assert re.search(r"\?friend=[A-Z2-9]{6}$", link), link
        expect(ann.get_by_text("Waiting for your friend to open the link.")).to_be_visible()
        shot(ann, "friend-invite")

        raj.goto(f"{link}&lang=ur&learner=FriendRaj")  # the friend, in Urdu, on a phone
        settled(raj)
        expect(raj.get_by_role("heading", name="دوست کے ساتھ کھیلیں")).to_be_visible()
        watcher.goto(link)
        settled(watcher)
        expect(watcher.get_by_text("You are watching", exact=False)).to_be_visible()

        v = version(raj)
        at_version(ann, v)  # Ann's page saw the friend take the seat by itself
        seen_by_other: list[float] = []
        reloaded = False
        for _ in range(400):
            if over(ann) and over(raj):
                break
            mover = next((p for p in (ann, raj) if move(p, rng)), None)
            assert mover is not None, "nobody has a move"
            other = raj if mover is ann else ann
            sent = time.monotonic()
            at_version(mover, v + 1)
            expect(other.locator(f".st-key-friend_v_{v + 1}").first).to_be_attached()
            seen_by_other.append(time.monotonic() - sent)
            settled(other)
            v += 1
            assert watcher.locator(f"{PICK}, {LAY}, {DEAL}").count() == 0
            if not reloaded and v > 12:
                shot(ann, "friend-mid-game")
                shot(raj, "friend-mid-game-ur-phone")
                for page in (ann, raj):  # on the phone too, no hand runs over the crib
                    assert not cards_outside_their_column(page)
                raj.reload()  # the same browser comes back to the same seat
                settled(raj)
                at_version(raj, v)
                expect(raj.get_by_text("You are watching", exact=False)).to_have_count(0)
                reloaded = True
        else:
            raise AssertionError("the game did not end")
        assert reloaded
        at_version(watcher, v)
        for page in (ann, raj, watcher):
            no_exception(page)
        expect(ann.get_by_role("link", name="Review my decisions in this game")).to_be_visible()
        expect(raj.get_by_role("link", name="اس کھیل میں میرے فیصلوں کا جائزہ")).to_be_visible()
        shot(ann, "friend-over")
        shot(raj, "friend-over-ur-phone")
        shot(watcher, "friend-watched")
        seen = sorted(seen_by_other)
        p50, p95 = seen[len(seen) // 2], seen[int(len(seen) * 0.95)]
        (ARTIFACTS / "friend-seen.txt").write_text(
            f"{len(seen)} moves; the other browser saw each after p50 {p50:.2f} s, p95 {p95:.2f} s\n"
        )
        ann.get_by_role("link", name="Review my decisions in this game").click()
        settled(ann)
        no_exception(ann)
        expect(ann.get_by_role("heading", level=1)).to_be_visible()
        shot(ann, "friend-review")
