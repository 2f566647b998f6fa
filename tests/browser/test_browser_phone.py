"""Browser tests at a phone's size: 390 x 844 and 360 x 740, touch.

Every page fits the width (no horizontal scrolling); each page's question (the answer box, or
the cards to choose with their buttons) is inside the first screen; a count is answered and a
whole Play discard made by taps on the cards themselves. Screenshots of every page at phone
size, in English and Urdu, go to ``artifacts/phone-*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browsertools import load, settled, shot, visit
from conftest import new_tab
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.lang.i18n import available_languages

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py

PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}

#: Every page's address, and what its question is: the element that must be in the first screen.
PAGES = {
    "": None,  # home: no question
    "Learn": None,
    "Count_the_hand?seed=42": ".st-key-count_answer input",
    "Counting_rush": ".st-key-rush_start button",
    "Pegging_quiz?seed=42": ".st-key-peg_answer input",
    "Pegging_trainer?seed=42": '[class*="st-key-pegt_lay_"] button',
    "Play": '[data-testid="stFormSubmitButton"] button',  # no game yet: Deal
    "Discard_trainer?seed=42": '[class*="st-key-discard_pick_"] label',
    "Game_review": None,
    "Review": None,
    "Daily_five": '[data-testid="stTextInput"] input',
    "Progress": None,
}

#: The pages whose question sits nearest the bottom of the first screen (a long position above
#: it, or a long form): checked in every language, where a script's taller lines push it down.
TIGHTEST = ("Pegging_quiz?seed=42", "Pegging_trainer?seed=42", "Play")


def phone_page(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    with new_tab(browser, viewport=viewport, has_touch=True, is_mobile=True) as tab:
        yield tab


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A page at 390 x 844 with touch, as on a common phone."""
    yield from phone_page(browser, PHONE)


@pytest.fixture()
def small_phone(browser: Any) -> Iterator[Any]:
    """A page at 360 x 740 with touch."""
    yield from phone_page(browser, SMALL_PHONE)


@pytest.fixture(scope="module")
def phone_view(browser: Any) -> Iterator[Any]:
    """A 390 x 844 touch page kept for the file's tests that only open pages and read them (no
    answer, no click): each opens its pages inside the app (``visit``), with no page load of
    its own (about 2 s of CPU a test)."""
    yield from phone_page(browser, PHONE)


@pytest.fixture(scope="module")
def small_phone_view(browser: Any) -> Iterator[Any]:
    """A 360 x 740 touch page kept as :func:`phone_view` is."""
    yield from phone_page(browser, SMALL_PHONE)


def overflow(page: Any) -> int:
    """How many pixels the page (or its main column, which scrolls on its own) is wider than the
    screen: 0 when nothing scrolls sideways."""
    settled(page)
    return int(
        page.evaluate(
            """() => {
              const main = document.querySelector('[data-testid="stMain"]');
              return Math.max(document.documentElement.scrollWidth, main.scrollWidth) - window.innerWidth;
            }"""
        )
    )


def in_first_screen(page: Any, selector: str) -> None:
    """The question's element is on screen and the page is not scrolled."""
    target = page.locator("main").locator(selector).locator("visible=true").first
    expect(target).to_be_in_viewport()
    top = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTop")
    box = target.bounding_box()
    assert box["y"] + top + box["height"] <= page.viewport_size["height"], (selector, box, top)


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_every_page_fits_a_phone(
    phone_view: Any, small_phone_view: Any, app_url: str, lang: str
) -> None:
    for name, question in PAGES.items():
        sep = "&" if "?" in name else "?"
        for tab, size in ((phone_view, "390"), (small_phone_view, "360")):
            visit(tab, f"{app_url}/{name}{sep}lang={lang}")
            assert overflow(tab) <= 0, (name, size)
            if question:
                in_first_screen(tab, question)
            shot(tab, f"phone-{size}-{lang}-{name.split('?')[0] or 'Home'}")


@pytest.mark.parametrize("lang", sorted(set(available_languages()) - {"en", "ur"}))
def test_the_question_first_in_every_language(
    phone_view: Any, small_phone_view: Any, app_url: str, lang: str
) -> None:
    """Devanagari, Gujarati, Bengali and Gurmukhi lines are taller than Latin ones: the pages
    whose question is nearest the fold still show it in the first screen."""
    for name in TIGHTEST:
        for tab in (phone_view, small_phone_view):
            visit(tab, f"{app_url}/{name}{'&' if '?' in name else '?'}lang={lang}")
            in_first_screen(tab, PAGES[name])


def test_the_enter_hint_leaves_an_urdu_placeholder_readable(phone: Any, app_url: str) -> None:
    """Streamlit's "Press Enter to submit form" sits at the box's end, where a right-to-left
    placeholder starts: in Urdu it is moved to the other end, clear of the placeholder."""
    load(phone, f"{app_url}/Count_the_hand?seed=42&lang=ur")
    box = phone.locator(".st-key-count_answer input").bounding_box()
    hint = phone.locator('.st-key-count_answer [data-testid="InputInstructions"]').bounding_box()
    assert hint["x"] + hint["width"] < box["x"] + box["width"] / 2, (hint, box)


def test_count_answered_by_taps(phone: Any, app_url: str) -> None:
    load(phone, f"{app_url}/Count_the_hand?seed=42")
    phone.locator(".st-key-count_answer input").tap()
    phone.keyboard.type(str(deal_hand(42).score.total))  # the phone's own keyboard
    phone.locator(".st-key-count_submit button").tap()
    expect(phone.get_by_text("Right!")).to_be_visible()
    assert overflow(phone) <= 0  # the breakdown fits too
    shot(phone, "phone-390-count-verdict")


def test_play_discard_by_taps_on_the_cards(phone: Any, app_url: str) -> None:
    load(phone, f"{app_url}/Play")
    phone.locator(
        '[data-testid="stFormSubmitButton"] button'
    ).first.tap()  # Deal (then the friend's forms)
    hand = phone.locator(".st-key-row_play_hand svg.card")
    expect(hand).to_have_count(6)
    settled(phone)
    boxes = [hand.nth(i).bounding_box() for i in range(6)]
    assert len({round(b["y"]) for b in boxes}) == 1, boxes  # one row
    assert all(b["y"] + b["height"] <= PHONE["height"] for b in boxes), boxes  # in the first screen
    buttons = phone.locator('[class*="st-key-play_pick_"] button').locator("visible=true")
    for button in buttons.all():
        assert button.bounding_box()["height"] >= 44  # a finger's target
    picked = phone.locator(
        '[class*="st-key-play_pick_"] button[data-testid="stBaseButton-primary"]:visible'
    )
    for i in (0, 1):  # a tap on the card's face chooses it, as its button does
        card = hand.nth(i).bounding_box()
        phone.touchscreen.tap(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
        expect(picked).to_have_count(i + 1)
        settled(phone)
    expect(phone.locator(".st-key-row_play_hand svg.card.hl")).to_have_count(
        2
    )  # marked: framed and raised
    shot(phone, "phone-390-play-two-chosen")
    phone.locator(".st-key-play_confirm_discard button").tap()
    expect(phone.locator('[class*="st-key-play_lay_"]').first).to_be_visible()
    assert overflow(phone) <= 0
    shot(phone, "phone-390-play-the-play")


def test_200_percent_zoom(browser: Any, app_url: str) -> None:
    """A 1280 x 900 window at 200% zoom is a 640 x 450 page drawn at twice the scale: every page
    fits its width, and a game is dealt, discarded and a card laid."""
    with new_tab(browser, viewport={"width": 640, "height": 450}, device_scale_factor=2) as zoomed:
        for name in PAGES:
            visit(zoomed, f"{app_url}/{name}")
            assert overflow(zoomed) <= 0, name
        shot(zoomed, "zoom-200-Progress")
        visit(zoomed, f"{app_url}/Play")
        zoomed.locator('[data-testid="stFormSubmitButton"] button').first.click()  # Deal
        picks = zoomed.locator('[class*="st-key-play_pick_"] button:visible')
        expect(picks).to_have_count(6)
        chosen = zoomed.locator(
            '[class*="st-key-play_pick_"] button[data-testid="stBaseButton-primary"]:visible'
        )
        for i in (0, 1):
            picks.nth(i).click()
            expect(chosen).to_have_count(i + 1)
            settled(zoomed)
        zoomed.locator(".st-key-play_confirm_discard button").click()
        lay = zoomed.locator('[class*="st-key-play_lay_"] button:visible')
        expect(lay).to_have_count(4)
        enabled = zoomed.locator('[class*="st-key-play_lay_"] button:visible:enabled')
        expect(enabled.first).to_be_visible()  # my turn
        card = enabled.first.evaluate(
            "b => b.closest('[class*=st-key-play_lay_]').className.match(/st-key-play_lay_(\\S+)/)[1]"
        )
        enabled.first.click()
        # laid: that card has left my hand (the computer's reply, and a card of mine the table
        # lays for me when it is the only one that fits, may follow at once)
        expect(zoomed.locator(f".st-key-play_lay_{card}")).to_have_count(0)
        assert overflow(zoomed) <= 0
        shot(zoomed, "zoom-200-play")


@pytest.mark.parametrize("lang", ["ur", "bn"])
def test_every_skunk_rule_reads_whole_in_its_drop_down(
    small_phone: Any, app_url: str, lang: str
) -> None:
    """The new-game form's skunk rule is a drop-down whose box is one line of text that cannot
    wrap: on a small phone it has a line of its own and every rule, said short, fits it whole
    (Urdu's "Skunk: win by more than 30 (double…" was cut at half the width). Deal stays in the
    first screen, and in Urdu the list reads right to left."""
    load(small_phone, f"{app_url}/Play?lang={lang}")
    box = small_phone.locator('[class*="st-key-play_set_skunk"] input')
    box.click()
    options = small_phone.get_by_role("option")
    expect(options).to_have_count(4)
    fits = box.evaluate(
        """(box, labels) => {
          const style = getComputedStyle(box);
          const pen = document.createElement('canvas').getContext('2d');
          pen.font = style.fontSize + ' ' + style.fontFamily;
          return labels.map(label => [label, Math.ceil(pen.measureText(label).width), box.clientWidth]);
        }""",
        options.all_inner_texts(),
    )
    assert all(width <= room for _, width, room in fits), fits
    assert options.first.evaluate("e => getComputedStyle(e).direction") == (
        "rtl" if lang == "ur" else "ltr"
    )
    shot(small_phone, f"phone-360-{lang}-skunk-rules")
    small_phone.keyboard.press("Escape")
    expect(options).to_have_count(0)
    in_first_screen(small_phone, PAGES["Play"])


def test_an_urdu_title_shows_its_tall_letters_under_the_header(
    small_phone: Any, app_url: str
) -> None:
    """Nastaliq's tall letters (the stroke of ک and گ) rise above the title's line box, into
    Streamlit's 60 px header, under which a phone's page starts: the header's white cut their
    tops off ("ہاتھ گنیں"), so on a phone in Urdu the header is see-through."""
    header = '[data-testid="stHeader"]'
    load(small_phone, f"{app_url}/Count_the_hand?seed=42&lang=ur")
    title = small_phone.locator("h1").first.bounding_box()
    glyphs_top = title["y"] - 10  # Nastaliq's ascenders: about 10 px above the box at 1.6rem
    assert small_phone.locator(header).bounding_box()["height"] > glyphs_top, (
        "the letters reach into it"
    )
    assert (
        small_phone.locator(header).evaluate("e => getComputedStyle(e).backgroundColor")
        == "rgba(0, 0, 0, 0)"
    )
    shot(small_phone, "phone-360-ur-title")


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_the_pegging_trainers_table_keeps_to_its_columns(
    small_phone_view: Any, app_url: str, lang: str
) -> None:
    """The starter, your two crib cards and the opponent's card backs each stay inside their column:
    at 360 px the crib's two cards at full size ran 10 px into the opponent's column, under its
    first card back."""
    for seed in (42, 7, 3):
        visit(small_phone_view, f"{app_url}/Pegging_trainer?seed={seed}&lang={lang}")
        columns = small_phone_view.locator('.st-key-row_peg_table [data-testid="stColumn"]')
        expect(columns.nth(1).locator("svg.card")).to_have_count(2)  # the crib's two cards
        settled(small_phone_view)
        spill = columns.evaluate_all(
            """cols => cols.flatMap(col => {
                 const box = col.getBoundingClientRect();
                 return [...col.querySelectorAll('svg.card')].map(card => card.getBoundingClientRect())
                   .filter(card => card.left < box.left - 0.5 || card.right > box.right + 0.5)
                   .map(card => [col.innerText.split('\\n')[0], card.left, card.right, box.left, box.right]);
               })"""
        )
        assert spill == [], (seed, spill)
    shot(small_phone_view, f"phone-360-{lang}-peg-table")


#: The ink of a title's first letter: how far its glyphs reach past the start of the line (a
#: canvas measures them in the title's own font), and where that is on the screen.
TITLE_INK = """() => {
  const title = document.querySelector('[data-testid="stMain"] h1');
  const style = getComputedStyle(title);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  pen.direction = style.direction;
  pen.textAlign = 'start';
  const ink = pen.measureText(title.innerText.trim());
  const line = document.createRange();
  line.selectNodeContents(title);
  const text = line.getBoundingClientRect();
  return style.direction === 'rtl'
    ? window.innerWidth - (text.right + ink.actualBoundingBoxRight)
    : text.left - ink.actualBoundingBoxLeft;
}"""


@pytest.mark.parametrize("lang", ["en", "ur"])
def test_a_titles_first_letter_keeps_the_pages_margin(
    small_phone_view: Any, app_url: str, lang: str
) -> None:
    """On a phone a title's first letter is as far from the screen's edge as the page's margin
    (0.75rem, less the pixel a Latin P reaches past its line) in either direction: Nastaliq's پ
    reaches 6 px past the start of its line, and the Urdu titles that start with it touched the
    right edge."""
    for name in ("Pegging_trainer?seed=42", "Pegging_quiz?seed=42", "Progress?x=0"):
        visit(small_phone_view, f"{app_url}/{name}&lang={lang}")
        assert small_phone_view.evaluate(TITLE_INK) >= 11, name
    shot(small_phone_view, f"phone-360-{lang}-title-margin")
