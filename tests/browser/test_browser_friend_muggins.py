"""Browser test of muggins between friends: two Chromium browsers play a game with muggins on;
whoever counts counts short (claims 0), and the other player, and only they, gets a "Muggins!
Take N" and a "Pass" button with a sentence saying what was missed. The first short count is
called (the points move to the caller on both pages), the next one passed (no points move);
both players see each outcome. Every move waits for the version the table was drawn at
(``st-key-friend_v_<n>``) to move on by one on both pages. Screenshots go to artifacts/.
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
COUNT = f".st-key-friend_count {BUTTON}"
MUGGINS = f".st-key-friend_muggins {BUTTON}"
PASS = f".st-key-friend_pass {BUTTON}"


def at_version(page: Any, n: int) -> None:
    expect(page.locator(f".st-key-friend_v_{n}").first).to_be_attached()
    settled(page)


def version(page: Any) -> int:
    found = page.locator('[class*="st-key-friend_v_"]').first
    expect(found).to_be_attached()
    match = re.search(r"st-key-friend_v_(\d+)", found.get_attribute("class") or "")
    assert match is not None
    return int(match.group(1))


def scores(page: Any) -> list[int]:
    """Each seat's score as the page shows it (seat 0 first)."""
    return [int(s) for s in page.locator(".play-scores .play-score").all_inner_texts()]


def move(page: Any, rng: random.Random) -> bool:
    """Make this page's move if it has one (a discard, a card, a count of 0, the deal)."""
    if page.locator(PICK).count():
        for i in sorted(rng.sample(range(page.locator(PICK).count()), 2)):
            settled(page)
            card = page.locator(PICK).nth(i)
            key = card.locator("xpath=ancestor::*[contains(@class, 'st-key-friend_pick_')]")
            name = re.search(r"st-key-(friend_pick_\S+)", key.first.get_attribute("class") or "")
            assert name is not None
            card.click()
            expect(page.locator(f".st-key-{name.group(1)} {BUTTON}")).to_contain_text("✓")
            settled(page)
        page.locator(DISCARD).click()
        return True
    for what in (LAY, COUNT, DEAL):  # the count box starts at 0: every count claims nothing
        if page.locator(what).count():
            found = page.locator(what)
            found.nth(rng.randrange(found.count())).click()
            return True
    return False


def test_the_other_player_calls_muggins_on_a_short_count_then_passes_on_the_next(
    browser: Any, app_url: str
) -> None:
    rng = random.Random(37)
    names = {0: "MugAnn", 1: "MugRaj"}
    with (
        new_tab(browser, viewport={"width": 1280, "height": 1400}) as ann,
        new_tab(browser, viewport={"width": 1280, "height": 1400}) as raj,
    ):
        ann.goto(f"{app_url}/Play?learner={names[0]}")
        settled(ann)
        form = ann.locator('[data-testid="stForm"]').filter(has_text="Play a friend")
        pick(form, "61")
        form.locator('[data-testid="stCheckbox"] label').filter(has_text="Muggins").click()
        expect(form.get_by_role("switch", name="Muggins")).to_be_checked()
        submit(ann, form.get_by_role("button", name="Start a game with a friend"))
        expect(ann.get_by_role("heading", name="Play a friend")).to_be_visible()
        link = ann.locator('[data-testid="stCode"]').inner_text().strip()
        raj.goto(f"{link}&learner={names[1]}")
        settled(raj)
        pages = {0: ann, 1: raj}
        v = version(raj)
        at_version(ann, v)
        answered: list[str] = []
        for _ in range(300):
            if len(answered) == 2:
                break
            caller = next((s for s, p in pages.items() if p.locator(MUGGINS).count()), None)
            if caller is not None:
                counter = 1 - caller
                them, me = pages[counter], pages[caller]
                # the player who counted has no answer to give, and is told what may happen
                expect(them.locator(f"{MUGGINS}, {PASS}")).to_have_count(0)
                button = me.locator(MUGGINS).inner_text()
                missed = int(re.search(r"Take (\d+) points?", button).group(1))  # type: ignore[union-attr]
                said = me.get_by_text(
                    re.compile(
                        rf"{names[counter]} counted 0 for their (hand|crib), but it is worth "
                        rf"{missed}: {missed} points? missed\."
                    )
                )
                expect(said).to_be_visible()
                warned = them.get_by_text(
                    re.compile(
                        rf"You counted 0 for your (hand|crib), but it is worth {missed}: "
                        rf"{names[caller]} may call muggins and take the {missed} points? you missed\."
                    )
                )
                expect(warned).to_be_visible()
                expect(me.get_by_text("Your turn: call muggins or pass.")).to_be_visible()
                before = scores(me)
                assert scores(them) == before
                call = not answered
                shot(me, f"friend-muggins-{'call' if call else 'pass'}-offered")
                shot(them, f"friend-muggins-{'call' if call else 'pass'}-counter")
                me.locator(MUGGINS if call else PASS).click()
                at_version(me, v + 1)
                at_version(them, v + 1)
                v += 1
                after = [before[0], before[1]]
                after[caller] += missed if call else 0
                for page in (me, them):
                    assert scores(page) == after, (scores(page), after)
                    expect(page.locator(f"{MUGGINS}, {PASS}")).to_have_count(0)
                    no_exception(page)
                if call:
                    took = f"{missed} point" + ("s" if missed != 1 else "")
                    outcome = (
                        f"You called muggins on {names[counter]}'s count and took {took}.",
                        f"{names[caller]} called muggins on your count and took {took}.",
                    )
                else:
                    outcome = (
                        f"You passed: no muggins on {names[counter]}'s count.",
                        f"{names[caller]} passed: no muggins on your count.",
                    )
                expect(me.get_by_text(outcome[0])).to_be_visible()
                expect(them.get_by_text(outcome[1])).to_be_visible()
                shot(me, f"friend-muggins-{'called' if call else 'passed'}")
                shot(them, f"friend-muggins-{'called' if call else 'passed'}-counter")
                answered.append("call" if call else "pass")
                continue
            mover = next((p for p in (ann, raj) if move(p, rng)), None)
            assert mover is not None, "nobody has a move"
            other = raj if mover is ann else ann
            at_version(mover, v + 1)
            at_version(other, v + 1)
            v += 1
        assert answered == ["call", "pass"], answered
