"""Browser test of the review: play a 61-point game against easy to the end, open its review from
the end of the game, check its figures against the analysis of the saved game, and do one round of
learn from your mistakes (a wrong choice, then the retry). Screenshots in English and Urdu.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browsertools import no_exception, settled, shot
from playwright.sync_api import expect
from test_browser_play import DEAL, PICK_BOX, Clicks, discard, new_game, play_out_the_hand

from cribbage_core.coach.grades import Grade
from cribbage_core.coach.performance import performance
from tutor import store
from tutor.lang.i18n import _ as translate
from tutor.review.band_view import BAND_NAMES
from tutor.review.game import review_game
from tutor.review.mistakes import check_answer, costly_decisions
from tutor.review.reasons import option_cards

pytestmark = pytest.mark.browser

LEARNER = "Reviewer"


def band_name_ur(level: str) -> str:
    """A band's name as the Urdu page shows it."""
    return translate(BAND_NAMES[level], "ur")


def play_a_game(page: Any, app_url: str) -> None:
    new_game(page, app_url, "61", level="Easy", query=f"?learner={LEARNER}")
    clicks = Clicks()
    for _ in range(14):
        if page.get_by_role("heading", name="The game log").count():
            return
        discard(page, clicks)
        play_out_the_hand(page, clicks)
        if page.locator(DEAL).count():
            page.locator(DEAL).click()
            expect(
                page.locator(PICK_BOX).or_(page.get_by_role("heading", name="The game log")).first
            ).to_be_visible()
            settled(page)
    raise AssertionError("a 61-point game is over in a dozen hands")


def test_play_to_the_end_review_and_learn_from_a_mistake(
    page: Any, app_url: str, app_database_url: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    play_a_game(page, app_url)
    no_exception(page)
    page.get_by_role("link", name=re.compile("Review this game")).click()
    expect(page.get_by_role("heading", name="Review your game")).to_be_visible()
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    settled(page)
    no_exception(page)
    game_id = parse_qs(urlparse(page.url).query)["game"][0]
    engine = store.make_engine(app_database_url)  # the server's database
    found = store.load_game(engine, game_id)
    engine.dispose()
    assert found is not None
    game = review_game(found[1], found[0])
    mine = game.review.summary(0)
    metrics = page.get_by_test_id("stMetricValue").all_inner_texts()
    assert metrics[:3] == [f"{mine.skill:.2f}", str(mine.errors), f"{mine.luck:+.2f}"]
    assert metrics[3] == "–"  # the computer's figure comes with its decisions (analysed when asked)
    # the performance band under the figures: the band, the figure with its range, the table
    band = performance(game.review, 0)
    expect(
        page.get_by_text(f"Your performance band: {BAND_NAMES[band.band]}", exact=True)
    ).to_be_visible()
    expect(
        page.get_by_text(
            re.compile(rf"^{band.skill:.2f} points lost per decision .* and {band.high:.2f} ")
        )
    ).to_be_visible()
    expect(page.get_by_test_id("stDataFrame").first).to_be_visible()
    # the chance-to-win chart's text alternative: its label, as a screen reader says it
    expect(page.get_by_test_id("stVegaLiteChart").first).to_have_attribute(
        "aria-label",
        re.compile(r"^Your chance to win went from \d+% to \d+% over your \d+ decisions"),
    )
    shot(page, "review-en")
    switch = page.get_by_text("Show the computer's decisions too", exact=True)
    switch.click()
    theirs = game.with_seats().review.summary(1)
    expect(page.get_by_test_id("stMetricValue").nth(3)).to_have_text(f"{theirs.skill:.2f}")
    settled(page)
    no_exception(page)
    switch.click()  # off again: the learner's decisions alone
    expect(page.get_by_test_id("stMetricValue").nth(3)).to_have_text("–")
    settled(page)

    costly = costly_decisions(game)
    # a click on a red point of the chart opens that mistake's hand in the rail
    rail = page.locator('[class*="st-key-review_hand"]')
    chosen = rail.locator('[aria-checked="true"]')
    calm = sorted(set(game.hands) - {d.hand_no for d in costly})
    if calm:  # start from a hand without a mistake, so the click must change the hand shown
        rail.get_by_text(re.compile(rf"^Hand {calm[0]}\b")).click()
        expect(chosen).to_have_text(re.compile(rf"^Hand {calm[0]}\b"))
        settled(page)
        # the chart marks every costly decision it can place (those with a chance to win after them)
        target = min(d.hand_no for d in costly if d.win_after is not None)
        # each red point is an SVG path labelled with its tooltip ("...; Hand: 3; Grade: Mistake")
        chart = page.get_by_test_id("stVegaLiteChart").first
        point = chart.locator(f'g.mark-symbol path[aria-label*="Hand: {target};"]').first
        expect(point).to_be_visible()
        point.scroll_into_view_if_needed()  # the band's table above pushes the chart down
        box = point.bounding_box()
        assert box is not None
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(chosen).to_have_text(re.compile(rf"^Hand {target}\b"))
        settled(page)
    assert costly, "discarding the first two cards every time makes mistakes"
    page.get_by_text("Learn from your mistakes", exact=True).click()
    expect(page.get_by_text(f"Decision 1 of {len(costly)}")).to_be_visible()
    first = costly[0]
    pills = page.locator('[class*="st-key-review_learn_pick_"]')
    wrong = [
        o
        for o in first.options
        if o is not first.choice
        and check_answer(first, frozenset(option_cards(o))) in (Grade.MISTAKE, Grade.BLUNDER)
    ]
    if wrong:
        for card in option_cards(wrong[0]):
            pills.get_by_text(card.label, exact=True).click()
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_text("One more try")).to_be_visible()
    else:  # every other choice is good enough: pick the best one
        for card in option_cards(first.options[0]):
            pills.get_by_text(card.label, exact=True).click()
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_text(re.compile("^Yes: "))).to_be_visible()
    settled(page)
    no_exception(page)
    shot(page, "review-learn-en")

    page.goto(
        re.sub(r"lang=\w+", "lang=ur", page.url) if "lang=" in page.url else page.url + "&lang=ur"
    )
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    settled(page)
    no_exception(page)
    # the band in Urdu: its name from the Urdu catalog, in bold above the figure
    band_ur = page.locator("strong").filter(has_text=band_name_ur(band.band))
    expect(band_ur.first).to_be_visible()
    band_ur.first.scroll_into_view_if_needed()
    shot(page, "review-ur")
