"""The accessibility audit: axe-core in Chromium on every page in every
language, and on the states that matter (a verdict shown; a game in the discard, the play, the
show and at its end; the coached first game's start, play and end), with the two-colour and the
four-colour deck.

axe-core comes from the PyPI package ``axe-playwright-python``, which ships its own
``axe.min.js`` (axe 4.12): nothing is fetched at run time. The rules run are WCAG 2.0 and
2.1, levels A and AA, plus axe's best practices. A moderate, serious or critical violation
fails the test (a minor one is only reported); every violation found is written, per page and impact, to ``artifacts/axe-<name>.json``
(the README's figures come from there).
"""

from __future__ import annotations

import datetime as dt
import json
import random
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from apptools import randomly_played_game, save_for_server
from axe_playwright_python.sync_playwright import Axe
from browsertools import load, settled, shot, visit
from conftest import ARTIFACTS, new_tab
from playwright.sync_api import expect
from test_browser_first_game import play_through
from test_browser_phone import PHONE, overflow

from cribbage_core.game import Phase
from cribbage_core.teaching.hand_quiz import deal_hand
from tutor import store
from tutor.lang.i18n import available_languages
from tutor.play.session import PlaySettings
from tutor.rating import service
from tutor.store import classes, tasks

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py

PAGES = (
    "",
    "Learn",
    "Count_the_hand?seed=42",
    "Counting_rush",
    "Pegging_quiz?seed=42",
    "Pegging_trainer?seed=42",
    "Play",
    "Game_review",
    "Discard_trainer?seed=42",
    "Review",
    "Daily_five",
    "Progress",
    "First_game",
    "Class",
)
PIN = "2468"
RULES = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    },
    # every rule still runs on every element, and every violation is listed in full; the passes
    # and the undecided are kept to one element each (axe-playwright-python's default, which
    # passing options replaces): collecting and sending them took half of each audit
    "resultTypes": ["violations"],
}
#: A moderate finding fails too: headings skipped a level on four pages until they were put in order.
FAILING = {"moderate", "serious", "critical"}

_AXE = Axe()


def audit(page: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is drawn now: rule, impact, how many elements."""
    settled(page)
    # a tooltip left open by the pointer resting where it last clicked (the sidebar's deck switch),
    # or by the focus a verdict moves to its Next button (its keyboard hint), is drawn in
    # Streamlit's overlay layer, outside the page's landmarks: audit the page itself
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement?.blur()")
    page.wait_for_function(
        "() => !document.querySelector('#stFloatingOverlayPortal')?.textContent.trim()"
    )
    # Streamlit fades what an earlier run drew while a run goes on: audit only a page drawn in full
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid="stElementContainer"]')]
                   .every(e => e.dataset.stale !== 'true' && getComputedStyle(e).opacity === '1')"""
    )
    found = _AXE.run(page, options=RULES).response["violations"]
    return [
        {
            "rule": v["id"],
            "impact": v["impact"],
            "nodes": len(v["nodes"]),
            "first": v["nodes"][0]["target"],
            "html": v["nodes"][0]["html"][:200],
            "help": v["help"],
        }
        for v in found
    ]


def check(report: dict[str, list[dict[str, Any]]], name: str) -> None:
    """Save the figures as ``artifacts/axe-<name>.json``; fail on any moderate, serious or critical one."""
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"axe-{name}.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    by_impact = Counter(v["impact"] for found in report.values() for v in found)
    print(f"axe {name}: {dict(by_impact) or 'no violations'}")
    bad = {where: [v for v in found if v["impact"] in FAILING] for where, found in report.items()}
    assert not any(bad.values()), json.dumps(
        {k: v for k, v in bad.items() if v}, indent=1, ensure_ascii=False
    )


def four_colour_deck(page: Any) -> None:
    """Switch the sidebar's four-colour deck on (this session keeps it)."""
    switch = page.locator(".st-key-menu_four_colour")
    switch.locator("label").click()
    expect(switch.get_by_role("switch")).to_be_checked()
    settled(page)


@pytest.fixture(scope="module")
def pages_tab(browser: Any) -> Iterator[Any]:
    """One page (1280 x 900) for every page in every language: each is opened inside the app
    (``visit``), with no page load of its own."""
    with new_tab(browser, viewport={"width": 1280, "height": 900}) as tab:
        yield tab


@pytest.mark.parametrize("lang", available_languages())
def test_every_page_in_every_language(pages_tab: Any, app_url: str, lang: str) -> None:
    report = {}
    for name in PAGES:
        visit(pages_tab, f"{app_url}/{name}{'&' if '?' in name else '?'}lang={lang}")
        report[name.split("?")[0] or "Home"] = audit(pages_tab)
    check(report, f"pages-{lang}")


def answered_learner(app_database_url: str, lang: str) -> str:
    """A learner with rated answers over three days (counts and pegging questions, one in three
    wrong), so that Progress draws its ratings, their history and the themes; their name."""
    name = f"Audited {lang}"
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    learner = store.create_learner(engine, name)
    now = dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)
    for i in range(12):
        kind, wrong, when = ("hand", "pegging")[i % 2], i % 3 == 0, now - dt.timedelta(hours=6 * i)
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=learner.id,
            kind=kind,
            seed=100 + i,
            answer=1 if wrong else 2,
            right_answer=2,
            correct=not wrong,
            categories=["fifteen", "pair"],
            categories_missed=["pair"] if wrong else [],
            seconds=4,
            at=when,
        )
        service.rate_answer(
            engine, learner.id, kind, {"seed": str(100 + i)}, 0.0 if wrong else 1.0, when=when
        )
    engine.dispose()
    return name.replace(" ", "+")


def class_teacher(app_database_url: str, lang: str) -> str:
    """A teacher (a name with a PIN) of a class in ``lang`` with one member who answered a
    count and finished the coached first game, and a first-game and a review task; the
    teacher's name, for the address."""
    engine = store.make_engine(app_database_url)
    store.migrate(engine)
    teacher = store.create_learner(engine, f"Teacher {lang}")
    assert store.set_pin(engine, teacher.id, PIN).ok
    club = classes.create_class(engine, teacher.id, f"Club {lang}", lang)
    member = store.create_learner(engine, f"Pupil {lang}")
    classes.join_class(engine, member.id, club.join_code)
    store.record_attempt(
        engine, attempt_id=str(uuid.uuid4()), learner_id=member.id, kind="hand", seed=7,
        answer=8, right_answer=8, correct=True, categories=["fifteen"], categories_missed=[],
        seconds=6,
    )  # fmt: skip
    today = dt.datetime.now(dt.UTC).date()
    for kind in ("first_game", "review"):  # their columns in the table, in words
        tasks.set_task(engine, teacher.id, club.id, kind, 1, 0, today, today)
    store.record_first_game(engine, member.id)
    engine.dispose()
    return teacher.name.replace(" ", "+")


def saved_game(app_database_url: str, until: Phase, self_count: bool) -> str:
    """A game played by random legal moves until ``until`` (the learner's count in the show, or
    the end), saved in the server's database with no owner yet; its id."""
    session = randomly_played_game(
        PlaySettings(target=61, self_count=self_count), 77, random.Random(3), until
    )
    save_for_server(app_database_url, session)
    return session.game_id


@pytest.mark.parametrize(("lang", "four"), [("en", False), ("ur", True)])
def test_the_states_that_matter(
    page: Any, app_url: str, app_database_url: str, lang: str, four: bool
) -> None:
    """Each state in one browser session, reached by addresses opened inside the app
    (``visit``): the four-colour deck is switched on once and kept, as the session keeps it; the
    pages that name nobody come before those that name a learner, whom the session then keeps."""
    report = {}

    def deck_kept() -> None:
        if four:  # the session's deck, not a new one
            expect(page.locator(".st-key-menu_four_colour").get_by_role("switch")).to_be_checked()

    # a count answered wrong twice: the verdict and the whole breakdown
    load(page, f"{app_url}/Count_the_hand?seed=42&lang={lang}")
    if four:
        four_colour_deck(page)
    box = page.locator(".st-key-count_answer input")
    wrong = str((deal_hand(42).score.total + 1) % 30)
    # wait for each answer's own effect: a second answer typed before the first one's run has
    # redrawn the form (its retry note above it) went into the old box and was lost
    for effect in (".st-key-count_reveal", ".count-aloud"):
        box.fill(wrong)
        box.press("Enter")
        expect(page.locator(effect)).to_be_visible()
        settled(page)
    report["Count_the_hand verdict"] = audit(page)
    # the pegging quiz's verdict
    visit(page, f"{app_url}/Pegging_quiz?seed=42&lang={lang}")
    deck_kept()
    page.locator(".st-key-peg_answer input").fill("0")
    page.locator(".st-key-peg_answer input").press("Enter")
    expect(page.locator(".st-key-peg_next")).to_be_visible()
    report["Pegging_quiz verdict"] = audit(page)
    # the discard trainer's verdict: the table of every discard and the starter chart
    visit(page, f"{app_url}/Discard_trainer?seed=42&lang={lang}")
    deck_kept()
    for i in (0, 1):
        pick = page.locator('[class*="st-key-discard_pick_"]').nth(i)
        pick.locator("label").click()
        expect(pick.get_by_role("checkbox")).to_be_checked()
        settled(page)
    page.locator(".st-key-discard_confirm button").click()
    expect(page.get_by_test_id("stVegaLiteChart")).to_be_visible()
    report["Discard_trainer verdict"] = audit(page)
    # the chart's text alternative, in the learner's language: its label is the summary under it
    label = page.get_by_test_id("stVegaLiteChart").get_attribute("aria-label")
    assert label in [
        text.strip() for text in page.get_by_test_id("stCaptionContainer").all_inner_texts()
    ], label
    assert (lang == "ur") == any("\u0600" <= ch <= "\u06ff" for ch in label), label
    # a game: the discard, then the play
    visit(page, f"{app_url}/Play?lang={lang}")
    deck_kept()
    page.locator(
        '[data-testid="stFormSubmitButton"] button'
    ).first.click()  # Deal (then the friend's)
    expect(page.locator('[class*="st-key-play_pick_"]').first).to_be_visible()
    report["Play discard"] = audit(page)
    for chosen in range(2):
        page.locator(
            '[class*="st-key-play_pick_"] button:visible:not([data-testid="stBaseButton-primary"])'
        ).first.click()
        expect(
            page.locator(
                '[class*="st-key-play_pick_"] button[data-testid="stBaseButton-primary"]:visible'
            )
        ).to_have_count(chosen + 1)
        settled(page)
    page.locator(".st-key-play_confirm_discard button").click()
    expect(page.locator('[class*="st-key-play_lay_"]').first).to_be_visible()
    report["Play the play"] = audit(page)
    # the show (the learner counts) and the end, from saved games
    for state, phase, title in (
        ("show", Phase.SHOW, ".st-key-play_claim"),
        ("end", Phase.GAME_OVER, ".st-key-play_new_after"),
    ):
        game = saved_game(app_database_url, phase, self_count=True)
        visit(page, f"{app_url}/Play?game={game}&lang={lang}")
        assert f"game={game}" in page.url
        deck_kept()
        expect(page.locator(title)).to_be_visible()
        report[f"Play {state}"] = audit(page)
    # Progress for a learner with rated answers: the ratings, their history and the themes;
    # on a phone too, where nothing may scroll sideways
    progress = f"{app_url}/Progress?learner={answered_learner(app_database_url, lang)}&lang={lang}"
    visit(page, progress)
    expect(page.locator(".st-key-progress_ratings")).to_be_visible()
    expect(page.locator(".st-key-progress_themes")).to_be_visible()
    report["Progress with answers"] = audit(page)
    size = page.viewport_size
    page.set_viewport_size(PHONE)
    visit(page, progress)
    expect(page.locator(".st-key-progress_ratings")).to_be_visible()
    assert overflow(page) <= 0
    page.locator(".st-key-progress_ratings").scroll_into_view_if_needed()
    shot(page, f"phone-390-{lang}-Progress-ratings")
    page.locator(".st-key-progress_themes").scroll_into_view_if_needed()
    shot(page, f"phone-390-{lang}-Progress-themes")
    page.set_viewport_size(size)
    # a teacher's class: its code, tasks and the class table
    visit(page, f"{app_url}/Class?learner={class_teacher(app_database_url, lang)}&lang={lang}")
    page.locator(".st-key-pin_unlock_input input").fill(PIN)
    page.locator(".st-key-pin_unlock_input input").press("Enter")
    expect(page.get_by_test_id("stDataFrame")).to_be_visible()
    settled(page)
    report["Class table"] = audit(page)
    check(report, f"states-{lang}{'-four-colour' if four else ''}")


@pytest.mark.parametrize(("lang", "four"), [("en", False), ("ur", True)])
def test_the_coached_first_game(page: Any, app_url: str, lang: str, four: bool) -> None:
    """The Learn page's coached first game at its start, in the play and at its end."""
    report = {}

    def at(state: str) -> None:
        if four and state == "start":
            four_colour_deck(page)
        report[f"First_game {state}"] = audit(page)

    play_through(page, app_url, lang, at)
    assert set(report) == {"First_game start", "First_game play", "First_game end"}
    check(report, f"first-game-{lang}{'-four-colour' if four else ''}")
