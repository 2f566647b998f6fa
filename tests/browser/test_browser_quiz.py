"""Browser tests of the quiz pages' keyboard flow: only a browser has focus.

Each new question puts the cursor in the answer box, Enter submits, and after the verdict
Enter (or N) deals the next question, whose box has the cursor again. Every wait is for a
condition (``browsertools``), never for a fixed time.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browsertools import load, settled, shot
from playwright.sync_api import expect

from cribbage_core.teaching.discard_quiz import deal_discard
from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import pegging_question

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py


def seed_in(page: Any) -> int:
    return int(re.search(r"seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]


def next_seed(page: Any, old: int) -> int:
    page.wait_for_url(re.compile(rf"seed=(?!{old}\b)\d+"))  # the next deal's run has begun
    settled(page)
    return seed_in(page)


def test_count_the_hand_by_keyboard_alone(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=42")
    box = page.locator(".st-key-count_answer input")
    expect(box).to_be_focused()  # typing goes to the answer at once
    page.keyboard.type(str(deal_hand(42).score.total))
    page.keyboard.press("Enter")  # Enter submits
    expect(page.get_by_text("Right!")).to_be_visible()
    expect(
        page.locator(".st-key-count_next").get_by_role("button", name="Next hand")
    ).to_be_focused()
    page.keyboard.press("Enter")  # Enter again: the next hand
    seed = next_seed(page, 42)
    expect(box).to_be_focused()

    page.keyboard.type(str(deal_hand(seed).score.total + 1))
    page.keyboard.press("Enter")
    expect(page.get_by_text("try once more")).to_be_visible()
    settled(page)
    expect(box).to_be_focused()  # the second try types over the first
    page.keyboard.type(str(deal_hand(seed).score.total))
    page.keyboard.press("Enter")
    expect(page.get_by_text("Right on the second try")).to_be_visible()
    shot(page, "count-keyboard-second-try")
    page.keyboard.press("n")  # N: the next hand too
    next_seed(page, seed)
    expect(box).to_be_focused()
    expect(box).to_have_value("")


def test_the_pegging_quiz_by_keyboard_alone(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Pegging_quiz?seed=7")
    box = page.locator(".st-key-peg_answer input")
    expect(box).to_be_focused()
    page.keyboard.type(str(pegging_question(7).total))
    page.keyboard.press("Enter")
    expect(page.get_by_text("Right!")).to_be_visible()
    expect(
        page.locator(".st-key-peg_next").get_by_role("button", name="Next question")
    ).to_be_focused()
    page.keyboard.press("N")
    next_seed(page, 7)
    expect(box).to_be_focused()


def test_n_typed_into_an_answer_box_stays_in_the_box(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=42")
    box = page.locator(".st-key-count_answer input")
    expect(box).to_be_focused()
    page.keyboard.type("n")
    expect(box).to_have_value("n")
    page.keyboard.press("Enter")  # the "n" was an answer, not a key for the next hand
    expect(page.get_by_text("is not a number")).to_be_visible()
    settled(page)
    assert seed_in(page) == 42


def test_the_discard_trainer_deals_again_by_keyboard(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Discard_trainer?seed=42")
    for card in deal_discard(42).advice.best.discard:
        box = page.get_by_role("checkbox", name=f"Throw {card.label}")
        box.check(force=True)  # the box sits under its label in Streamlit's markup
        expect(box).to_be_checked()
        settled(page)  # a box clicked while the last tick's run redraws the cards may not take
    page.get_by_role("button", name="Throw these cards").click()
    expect(page.get_by_text("The best discard!")).to_be_visible()
    expect(
        page.locator(".st-key-discard_next").get_by_role("button", name="Next hand")
    ).to_be_focused()
    page.keyboard.press("Enter")
    next_seed(page, 42)


def test_a_new_discard_deal_starts_with_no_card_ticked(page: Any, app_url: str) -> None:
    # The same seed as the dealer deals the same six cards: the two thrown before must not
    # stay ticked (a box deleted from the session but still on the page kept its tick).
    load(page, f"{app_url}/Discard_trainer?seed=42")
    for card in deal_discard(42).advice.best.discard:
        box = page.get_by_role("checkbox", name=f"Throw {card.label}")
        box.check(force=True)
        expect(box).to_be_checked()
        settled(page)
    page.get_by_role("button", name="Throw these cards").click()
    expect(page.get_by_text("The best discard!")).to_be_visible()
    settled(page)
    page.get_by_text("Dealer (your crib)").click()
    expect(page.get_by_text("You are the dealer")).to_be_visible()
    settled(page)
    expect(page.get_by_role("checkbox", name=re.compile("^Throw "))).to_have_count(6)
    expect(page.get_by_role("checkbox", checked=True)).to_have_count(0)


@pytest.mark.parametrize("lang", ["hi", "ur"])
def test_the_enter_hint_under_the_answer_box_is_in_the_learners_language(
    page: Any, app_url: str, lang: str
) -> None:
    # Streamlit writes "Press Enter to submit form" in English under a focused box in a form:
    # the page shell draws the learner's words in its place, and Enter still submits.
    from tutor.lang.i18n import _

    load(page, f"{app_url}/Count_the_hand?seed=42&lang={lang}")
    box = page.locator(".st-key-count_answer input")
    expect(box).to_be_focused()
    page.keyboard.type(str(deal_hand(42).score.total))
    hint = page.locator(".st-key-count_answer").get_by_test_id("InputInstructions")
    expect(hint).to_be_visible()
    words = hint.evaluate(
        "e => { const s = e.querySelector('span'); const after = getComputedStyle(s, '::after');"
        " return {shown: after.content, visibility: after.visibility,"
        " english: getComputedStyle(s).visibility} }"
    )
    assert words == {
        "shown": f'"{_("Press Enter to submit form", lang)}"',
        "visibility": "visible",
        "english": "hidden",  # Streamlit's own words: not drawn, not read out
    }
    # a screen reader hears the hint as the box's description, in the learner's language
    # (Streamlit's English was plain text tied to no box, and the words drawn in its place are
    # CSS generated content): as Playwright computes it, and as Chromium gives it to one
    expect(box).to_have_accessible_description(_("Press Enter to submit form", lang))
    cdp = page.context.new_cdp_session(page)
    node = cdp.send(
        "DOM.describeNode",
        {
            "objectId": cdp.send(
                "Runtime.evaluate",
                {"expression": "document.querySelector('.st-key-count_answer input')"},
            )["result"]["objectId"]
        },
    )["node"]
    (told,) = cdp.send(
        "Accessibility.getPartialAXTree",
        {"backendNodeId": node["backendNodeId"], "fetchRelatives": False},
    )["nodes"]
    assert told["description"]["value"] == _("Press Enter to submit form", lang), told
    assert page.locator("#tutor-enter-hint").get_attribute("lang") == lang
    shot(page, f"count-enter-hint-{lang}")
    page.keyboard.press("Enter")
    expect(
        page.get_by_text(_("Right! {total} points.", lang).format(total=deal_hand(42).score.total))
    ).to_be_visible()
