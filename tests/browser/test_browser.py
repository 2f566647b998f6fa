"""Browser tests: Debian's Chromium against a real `streamlit run` server (fixtures in conftest).

Every wait is for a condition (``browsertools``: the action's effect, then the end of the
run), never for a fixed time. Screenshots are saved to artifacts/ for a person to look at.
"""

from __future__ import annotations

import re
import uuid
from typing import Any
from urllib.parse import quote

import pytest
from browsertools import card_labels, load, no_exception, settled, shot
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import pegging_question

pytestmark = [pytest.mark.browser, pytest.mark.spread]  # spread: tests/conftest.py


@pytest.mark.parametrize(
    "path, heading",
    [
        ("/", "Learn cribbage, one hand at a time"),
        ("/Learn?lesson=04_play&seed=3", "Learn the rules"),
        ("/Count_the_hand?seed=42", "Count the hand"),
        ("/Pegging_quiz?seed=7", "Pegging quiz"),
    ],
)
def test_each_page_opens_first(page: Any, app_url: str, path: str, heading: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1800})
    load(page, app_url + path)
    assert page.get_by_role("heading", level=1).first.inner_text() == heading
    assert card_labels(page), "cards are drawn (inline SVG survives rendering)"
    name = path.strip("/").split("?")[0] or "home"
    shot(page, f"page-{name}")


def test_count_quiz_right_then_next_then_wrong(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2200})
    load(page, f"{app_url}/Count_the_hand?seed=42")
    deal = deal_hand(42)
    labels = card_labels(page)
    assert [label.split(",")[0] for label in labels[:5]] == [
        c.label for c in (*deal.hand, deal.starter)
    ]
    page.get_by_label("How many points?").fill(str(deal.score.total))
    page.get_by_role("button", name="Check my count").click()
    page.get_by_text("Right!").wait_for()
    page.get_by_text(deal.score.said_aloud).wait_for()
    shot(page, "count-right")

    page.get_by_role("button", name="Next hand").click()
    page.wait_for_url(re.compile(r"seed=(?!42\b)\d+"))  # the next deal's run has begun
    settled(page)  # and drawn its answer box (typing into the old one would be lost)
    seed = int(re.search(r"seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]
    wrong = deal_hand(seed).score.total + 1
    page.get_by_label("How many points?").fill(str(wrong))
    page.keyboard.press("Enter")
    page.get_by_text("Not quite").wait_for()
    shot(page, "count-wrong")


def test_count_quiz_bad_input(page: Any, app_url: str) -> None:
    load(page, f"{app_url}/Count_the_hand?seed=42")
    page.get_by_label("How many points?").fill("2.5")
    page.get_by_role("button", name="Check my count").click()
    page.get_by_text("no decimals").wait_for()
    settled(page)
    expect(page.get_by_text("Right!")).to_have_count(0)


def test_pegging_quiz_right_and_wrong(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 2000})
    q = pegging_question(7)
    load(page, f"{app_url}/Pegging_quiz?seed=7")
    page.get_by_label(re.compile("How many points does your")).fill(str(q.total))
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Right!").wait_for()
    shot(page, "pegging-right")
    load(page, f"{app_url}/Pegging_quiz?seed=7")
    page.get_by_label(re.compile("How many points does your")).fill(str(q.total + 1))
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Not quite").wait_for()
    shot(page, "pegging-wrong")


def test_menu_link_leads_to_another_page(page: Any, app_url: str) -> None:
    load(page, app_url + "/")
    page.locator('[data-testid="stSidebar"]').get_by_role("link", name="Pegging quiz").click()
    page.wait_for_url(re.compile(r"/Pegging_quiz"))
    page.get_by_role("heading", name="Pegging quiz", level=1).wait_for()
    settled(page)
    no_exception(page)


def test_deep_link_with_seed_survives_a_reload(page: Any, app_url: str) -> None:
    q = pegging_question(123)
    load(page, f"{app_url}/Pegging_quiz?seed=123")
    first = card_labels(page)
    laid = [step.card.label for step in q.steps if step.card is not None]
    assert [label.split(",")[0] for label in first[: len(laid)]] == laid
    page.reload()
    settled(page)
    assert card_labels(page) == first
    assert "seed=123" in page.url


def tick(page: Any, name: str) -> None:
    """Tick a card's box as a learner does: a click on its label (which, like the card above it,
    is one tap target: the label's ``::after`` covers the card's column, so the label's own text
    sits under it), then wait for the tick and the run it starts."""
    page.locator('[data-testid="stCheckbox"] label').filter(
        has=page.get_by_text(name, exact=True)
    ).click()
    expect(page.get_by_label(name, exact=True)).to_be_checked()
    settled(page)


def test_discard_trainer_choice_shows_table_and_chart(page: Any, app_url: str) -> None:
    from cribbage_core.teaching.discard_quiz import deal_discard

    page.set_viewport_size({"width": 1280, "height": 2400})
    deal = deal_discard(42)
    load(page, f"{app_url}/Discard_trainer?seed=42")
    labels = card_labels(page)
    assert [label.split(",")[0] for label in labels[: len(deal.hand)]] == [
        c.label for c in deal.hand
    ]
    page.get_by_role("button", name="Throw these cards").click()
    page.get_by_text("Choose exactly 2 cards to throw: you chose 0.").wait_for()
    worst = deal.advice.options[-1]
    for card in worst.discard:
        tick(page, f"Throw {card.label}")
    page.get_by_role("button", name="Throw these cards").click()
    loss = deal.advice.best.net - worst.net
    page.get_by_text(f"You gave up {loss:.2f} points on average").wait_for()
    page.locator('[data-testid="stDataFrame"]').wait_for()
    page.locator(
        '[data-testid="stVegaLiteChart"] canvas, [data-testid="stVegaLiteChart"] svg'
    ).first.wait_for()
    page.get_by_text("Every discard, best first").scroll_into_view_if_needed()
    settled(page)
    no_exception(page)
    shot(page, "discard-worst")


def test_discard_trainer_three_players_best_choice(page: Any, app_url: str) -> None:
    from cribbage_core.teaching.discard_quiz import deal_discard

    page.set_viewport_size({"width": 1280, "height": 2000})
    deal = deal_discard(5, players=3, difficulty="far")
    load(page, f"{app_url}/Discard_trainer?seed=5&players=3&level=far")
    card_labels(page)
    shot(page, "discard-3p-before")
    (card,) = deal.advice.best.discard
    tick(page, f"Throw {card.label}")
    page.get_by_role("button", name="Throw this card").click()
    page.get_by_text("The best discard!").wait_for()
    page.locator('[data-testid="stVegaLiteChart"]').first.wait_for()
    shot(page, "discard-3p-best")


def test_quiz_answers_are_counted_and_charted_on_the_progress_page(
    page: Any, app_url: str, app_database_url: str
) -> None:
    import sqlalchemy as sa

    from tutor import store

    page.set_viewport_size({"width": 1280, "height": 2200})
    name = f"Browser {uuid.uuid4().hex[:6]}"
    for seed, off_by in ((42, 0), (43, 1), (44, 0)):
        load(page, f"{app_url}/Count_the_hand?seed={seed}&learner={quote(name)}")
        page.get_by_label("How many points?").fill(str(deal_hand(seed).score.total + off_by))
        page.get_by_role("button", name="Check my count").click()
        page.get_by_text("Not quite" if off_by else "Right!").wait_for()
        settled(page)  # the run that records the answer is over before the page is left
    page.get_by_role("button", name="Check my count").wait_for(state="detached")
    page.reload()  # a reload after submit must not count the answer again
    settled(page)
    page.get_by_label("How many points?").fill("0")
    page.get_by_role("button", name="Check my count").click()
    page.get_by_text("answered before").wait_for()
    shot(page, "count-answered-before")
    q = pegging_question(7)
    load(page, f"{app_url}/Pegging_quiz?seed=7&learner={quote(name)}")
    page.get_by_label(re.compile("How many points does your")).fill(str(q.total))
    page.get_by_role("button", name="Check", exact=True).click()
    page.get_by_text("Right!").wait_for()
    settled(page)

    # Into the progress page by the menu, which carries the learner.
    page.locator('[data-testid="stSidebar"]').get_by_role("link", name="Progress").click()
    page.wait_for_url(re.compile(r"/Progress\?.*learner="))
    page.get_by_role("heading", name="Your progress", level=1).wait_for()
    settled(page)  # every metric and chart is drawn before any is read
    shown = dict(
        zip(
            page.get_by_test_id("stMetricLabel").all_inner_texts(),
            page.get_by_test_id("stMetricValue").all_inner_texts(),
            strict=True,
        )
    )
    assert (shown["Answered"], shown["Accuracy"]) == ("4", "75%")
    # ratings over time, accuracy by day, by category by day, weak spots
    expect(page.locator('[data-testid="stVegaLiteChart"]')).to_have_count(4)
    page.locator(
        '[data-testid="stVegaLiteChart"] canvas, [data-testid="stVegaLiteChart"] svg'
    ).first.wait_for()
    no_exception(page)
    shot(page, "progress-after-quiz")

    engine = store.make_engine(app_database_url)
    try:
        with engine.connect() as conn:
            kinds = conn.execute(
                sa.select(store.ATTEMPTS.c.kind, store.ATTEMPTS.c.seed)
                .join(store.LEARNERS)
                .where(store.LEARNERS.c.name == name)
            ).all()
    finally:
        engine.dispose()
    assert sorted(kinds) == [("hand", "42"), ("hand", "43"), ("hand", "44"), ("pegging", "7")]

    # A weak spot is drilled from the progress page. Over-counting seed 43 (fifteens and a pair)
    # marks both missed, and seed 44 (both again) was right: the two weigh the same, so the
    # drill draws either one.
    page.get_by_role("link", name="Practise my weak spots", exact=True).click()
    page.wait_for_url(re.compile(r"/Count_the_hand\?.*drill=weak"))
    aim = page.get_by_text(re.compile("aims at (Fifteen|Pair)"))
    aim.wait_for()
    settled(page)  # the run has put the drilled deal's seed in the address
    drilled = {"Fifteen": "fifteen", "Pair": "pair"}[
        re.search(r"aims at (Fifteen|Pair)", aim.inner_text()).group(1)
    ]  # type: ignore[union-attr]
    seed = int(re.search(r"seed=(\d+)", page.url).group(1))  # type: ignore[union-attr]
    assert deal_hand(seed).score.of_kind(drilled)
    assert re.search(r"learner=Browser", page.url)
    shot(page, "count-drill")
