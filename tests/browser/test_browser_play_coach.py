"""Browser test of coach mode on the Play page (Debian's Chromium against a real server).

Coach mode on and the chance-to-win bar shown; the costliest discard of the dealt hand is
chosen: the page holds it back and says what it gives up; "Think again" leaves the cards in
hand; the same discard again, then "Play it anyway", lays it away, and the saved game has it.
Screenshots: artifacts/play-coach-warning.png, artifacts/play-coach-after.png.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browsertools import no_exception, settled, shot, submit, switch_on
from playwright.sync_api import expect
from test_browser_play import BUTTON, PICK_BOX, new_game

from cribbage_core.coach.at_table import CoachCheck, check
from cribbage_core.coach.discard_value import discard_values_for_view
from cribbage_core.game import Discard
from tutor import store
from tutor.play.session import HUMAN, PlaySession

pytestmark = pytest.mark.browser

WARNING = ".st-key-play_coach_warning"


def saved_session(app_database_url: str, game_id: str) -> PlaySession:
    engine = store.make_engine(app_database_url)  # the server's database
    found = store.load_game(engine, game_id)
    engine.dispose()
    assert found is not None
    return PlaySession.from_dict(found[1], moves=found[0])


def costly_deal(page: Any, app_database_url: str) -> tuple[str, PlaySession, Discard, CoachCheck]:
    """The dealt game whose costliest discard gives up more than 1.5 points: most deals have one,
    some do not (a hand of four 5s and two 10s loses little however it is thrown), so a deal
    without one is left by "New game" for another, and the test does not hang on the shuffle."""
    for _deal in range(20):
        game_id = parse_qs(urlparse(page.url).query)["game"][0]
        session = saved_session(app_database_url, game_id)
        state = session.state
        worst = Discard(HUMAN, discard_values_for_view(state.view(HUMAN)).options[-1].discard)
        verdict = check(state, worst, 1.5)
        if verdict.warn:
            return game_id, session, worst, verdict
        page.locator(f".st-key-play_new {BUTTON}").click()
        submit(page, page.get_by_role("button", name="Deal"))
        expect(page).not_to_have_url(re.compile(f"game={game_id}"))
        expect(page.locator(PICK_BOX)).to_have_count(6)
        settled(page)
    raise AssertionError("twenty deals without a discard that gives up 1.5 points")


def pick(page: Any, card: str) -> None:
    box = page.locator(f".st-key-play_pick_{card}")
    box.locator(BUTTON).first.click()
    expect(box.locator(BUTTON).first).to_contain_text("✓")
    settled(page)  # the run's old, disabled confirm button is gone


def test_coach_mode_warns_of_a_costly_discard_think_again_then_play_it_anyway(
    page: Any, app_url: str, app_database_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1500})
    new_game(page, app_url)
    page.get_by_text("Coach", exact=True).click()  # the expander
    switch_on(page, "Coach mode: warn me before a costly move")
    expect(page.get_by_text(re.compile("^The coach warns you before a move"))).to_be_visible()
    switch_on(page, "Show my chance to win beside the board")
    expect(page.locator(".win-bar")).to_be_visible()
    settled(page)
    no_exception(page)

    game_id, session, worst, verdict = costly_deal(page, app_database_url)
    moves = session.moves

    for card in worst.cards:
        pick(page, str(card))
    page.locator(f".st-key-play_confirm_discard {BUTTON}").click()
    warning = page.locator(WARNING)
    expect(warning).to_contain_text(f"gives up {verdict.points_lost:.2f} points on average")
    expect(warning).to_contain_text("The review will grade it")
    expect(page.locator(PICK_BOX)).to_have_count(6)  # nothing laid away yet
    settled(page)
    no_exception(page)
    shot(page, "play-coach-warning")

    page.locator(f".st-key-play_coach_think {BUTTON}").click()
    expect(warning).to_have_count(0)
    expect(page.locator(PICK_BOX)).to_have_count(6)
    assert saved_session(app_database_url, game_id).moves == moves  # think again changed nothing

    page.locator(f".st-key-play_confirm_discard {BUTTON}").click()  # the cards are still chosen
    expect(warning).to_be_visible()
    page.locator(f".st-key-play_coach_anyway {BUTTON}").click()
    expect(page.locator(PICK_BOX)).to_have_count(0)  # laid away: the play begins
    expect(warning).to_have_count(0)
    settled(page)
    no_exception(page)
    after = saved_session(app_database_url, game_id)
    mine = [s for s in after.record.steps if isinstance(s, Discard) and s.seat == HUMAN]
    assert [set(d.cards) for d in mine] == [set(worst.cards)]
    expect(page.locator(".win-bar")).to_be_visible()
    shot(page, "play-coach-after")


def test_coach_mode_is_kept_for_a_learner_and_warns_in_urdu(
    page: Any, app_url: str, app_database_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.goto(f"{app_url}/Play?learner=Ravi")
    settled(page)
    submit(page, page.get_by_role("button", name="Deal"))
    expect(page.locator(PICK_BOX)).to_have_count(6)
    settled(page)
    _game_id, _session, worst, verdict = costly_deal(page, app_database_url)
    page.locator(".st-key-play_coach_panel summary").click()
    switch_on(page, "Coach mode: warn me before a costly move")
    expect(page.get_by_text(re.compile("^The coach warns you before a move"))).to_be_visible()
    switch_on(page, "Show my chance to win beside the board")
    expect(page.locator(".win-bar")).to_be_visible()
    settled(page)
    # the same game in Urdu, in a new session: the learner's coach settings come with them
    page.goto(page.url + "&lang=ur")
    settled(page)
    expect(page.locator(PICK_BOX)).to_have_count(6)
    expect(page.locator(".win-bar")).to_be_visible()
    no_exception(page)
    for card in worst.cards:
        pick(page, str(card))
    page.locator(f".st-key-play_confirm_discard {BUTTON}").click()
    warning = page.locator(WARNING)
    expect(warning).to_contain_text("جائزہ اسے یہ درجہ دے گا")
    expect(warning).to_contain_text(f"{verdict.points_lost:.2f}")
    expect(page.locator(PICK_BOX)).to_have_count(6)
    settled(page)
    no_exception(page)
    shot(page, "play-coach-ur")
