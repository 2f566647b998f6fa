"""Browser test of a game of four with friends: two Chromium browsers (Ann at a desk, Raj on a
390 px phone) sit as opponents, the computer plays both partners, and they play a whole hand
through the show and deal the next; a reload of the phone rejoins its seat. Each browser is a
context of its own (its own cookie, so its own seat). The computer's seats move by themselves
between the players' moves, so each move waits for the version the table was drawn at
(``st-key-friend_v_<n>``) to move past the one before it. Screenshots go to artifacts/.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from browsertools import no_exception, pick, settled, shot, submit
from conftest import new_tab
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.spread]

BUTTON = 'button[data-testid^="stBaseButton"]'
PICK = f'[class*="st-key-friend_pick_"] {BUTTON}'
LAY = f'[class*="st-key-friend_lay_"] {BUTTON}:not([disabled])'
DISCARD = f".st-key-friend_discard {BUTTON}"
DEAL = f".st-key-friend_deal {BUTTON}"
ROWS = ".friend-four-row"

VERSION_JS = """() => {
    const found = document.querySelector('[class*="st-key-friend_v_"]');
    const match = found && found.className.match(/st-key-friend_v_(\\d+)/);
    return match ? Number(match[1]) : 0;
}"""


def version(page: Any) -> int:
    settled(page)
    found: int = page.evaluate(VERSION_JS)
    return found


def past(page: Any, v: int) -> int:
    """Wait until this page's table is drawn at a version after ``v``: the version now."""
    page.wait_for_function(f"() => ({VERSION_JS})() > {v}", timeout=20_000)
    return version(page)


def move(page: Any, rng: random.Random) -> bool:
    """Make this page's move if it has one (a discard of one card, a card, not the deal)."""
    settled(page)
    if page.locator(PICK).count():
        page.locator(PICK).nth(rng.randrange(page.locator(PICK).count())).click()
        expect(page.locator(PICK).filter(has_text="✓")).to_have_count(1)
        settled(page)
        page.locator(DISCARD).click()
        return True
    if page.locator(LAY).count():
        lays = page.locator(LAY)
        lays.nth(rng.randrange(lays.count())).click()
        return True
    return False


def faces_in_rows(page: Any) -> int:
    """Face-up cards in the other players' rows (none before the show)."""
    count: int = page.locator(f"{ROWS} svg.card:not(.back)").count()
    return count


def test_two_friends_and_two_computers_play_a_hand_of_four_through_the_show(
    browser: Any, app_url: str
) -> None:
    rng = random.Random(4)
    with (
        new_tab(browser, viewport={"width": 1280, "height": 1400}) as ann,
        new_tab(browser, viewport={"width": 390, "height": 1600}) as raj,
    ):
        ann.goto(f"{app_url}/Play?learner=FourAnn")
        settled(ann)
        form = ann.locator('[data-testid="stForm"]').filter(has_text="Play a friend")
        pick(form, "61")
        pick(form, "4 players (partners)")
        shot(ann, "friend-four-form")
        submit(ann, form.get_by_role("button", name="Start a game with a friend"))
        expect(ann.get_by_role("heading", name="Play a friend")).to_be_visible()
        expect(ann.get_by_text("Waiting for 1 friend to open the link.")).to_be_visible()
        link = ann.locator('[data-testid="stCode"]').inner_text().strip()
        assert re.search(r"\?friend=[A-Z2-9]{6}$", link), link

        raj.goto(f"{link}&learner=FourRaj")
        settled(raj)
        expect(raj.locator(ROWS)).to_have_count(3)
        expect(raj.locator(ROWS).nth(0)).to_contain_text("Computer 3")  # on Raj's left
        expect(raj.locator(ROWS).nth(1)).to_contain_text("Computer 4")  # his partner
        expect(raj.locator(ROWS).nth(1)).to_contain_text("your partner")
        expect(raj.locator(ROWS).nth(2)).to_contain_text("FourAnn")
        expect(ann.locator(PICK)).to_have_count(5)  # Ann's page saw Raj join by itself
        expect(raj.locator(PICK)).to_have_count(5)
        expect(ann.get_by_text("You and Computer 3", exact=False).first).to_be_visible()
        v = max(version(ann), version(raj))
        shown = midway = False
        for _ in range(120):
            if ann.locator(DEAL).count() or raj.locator(DEAL).count():
                shown = True
                break
            for page in (ann, raj):
                assert faces_in_rows(page) == 0  # no other hand, the partner's neither
            v = max(version(ann), version(raj))  # the newest move either page has drawn
            mover = next((p for p in (ann, raj) if move(p, rng)), None)
            if mover is None:
                seen = version(ann), version(raj)
                if seen[0] != seen[1]:  # a page has not drawn the last move yet: it may be
                    past((ann, raj)[seen.index(min(seen))], min(seen))  # its own turn there
                    continue
                past(ann, seen[0])  # the computer is to move: it does, from either page
                continue
            v = past(mover, v)
            past(raj if mover is ann else ann, v - 1)
            if not midway and ann.locator(LAY).count():  # the play, Ann to lay
                shot(ann, "friend-four-play")
                shot(raj, "friend-four-play-phone")
                midway = True
        assert shown, "the hand never reached the show"
        settled(ann)
        settled(raj)
        for page in (ann, raj):
            expect(page.get_by_text("The show of hand 1")).to_be_visible()
            assert faces_in_rows(page) == 12  # the three others' hands, face up at the show
            no_exception(page)
        # the next dealer deals: a friend on their own page, the computer from either page
        dealer = ann if ann.locator(DEAL).count() else raj
        expect(dealer.locator(DEAL)).to_have_count(1)
        shot(ann, "friend-four-show")
        shot(raj, "friend-four-show-phone")
        v = version(dealer)
        dealer.locator(DEAL).click()
        v = past(dealer, v)
        expect(ann.locator(PICK)).to_have_count(5)
        expect(raj.locator(PICK)).to_have_count(5)
        raj.reload()  # the same browser comes back to the same seat
        settled(raj)
        expect(raj.locator(PICK)).to_have_count(5)
        expect(raj.get_by_text("You are watching", exact=False)).to_have_count(0)
        expect(raj.locator(ROWS).nth(2)).to_contain_text("FourAnn")
        shot(raj, "friend-four-hand-2-phone")
        shot(ann, "friend-four-hand-2")
        for page in (ann, raj):
            no_exception(page)
