"""Browser test: a costly decision from one of your games comes back on the Review page.

A game to 61 (the learner's seat played by the easy bot, which errs) is saved as the learner's
and its decisions filed (``tutor.review.items``), as the end of a game on the Play page does.
A server with the clock a day on (``CRIBBAGE_TUTOR_DAY_OFFSET=1``) serves one of its mistakes:
the position as in the game review, "which card would you lay?" (or throw), the best choice
picked, the engine's verdict; screenshots looked at. Every wait is for a condition.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from apptools import bot_played_game, save_for_server
from browsertools import load, settled, shot
from conftest import ROOT, serve
from playwright.sync_api import expect

from tutor import clock, store
from tutor.play.session import HUMAN
from tutor.review.game import review_game
from tutor.review.items import GAME_KIND, decision_at, file_decisions
from tutor.review.reasons import option_cards

pytestmark = pytest.mark.browser


def test_a_game_decision_comes_back_and_is_answered_on_the_review_page(
    page: Any, app_database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    learner = f"Gus{uuid.uuid4().hex[:6]}"
    game_id = str(uuid.uuid4())
    session = bot_played_game(game_id)
    save_for_server(app_database_url, session, learner)
    engine = store.make_engine(app_database_url)
    game = review_game(session.to_dict(), session.moves)
    db = store.Store(engine)
    result = session.state.result
    assert result is not None
    db.record_game(
        learner,
        game_id=game_id,
        opponent_level="easy",
        players=2,
        target=61,
        scores=list(session.state.scores),
        winner="x",
        learner_won=result.winner_side == 0,
        result_kind=result.kind,
    )
    filed = file_decisions(db, learner, game, clock.today())
    assert filed.items > 0
    tomorrow_day = clock.today().toordinal() + 1
    [item, *_] = db.due_items(learner, clock.today().fromordinal(tomorrow_day), (GAME_KIND,))
    d = decision_at(game, item.position)
    assert d is not None
    engine.dispose()

    monkeypatch.setenv(clock.DAY_OFFSET_ENV, "1")
    with serve(ROOT, app_database_url, "streamlit-server-game-items.log") as tomorrow:
        load(page, f"{tomorrow}/Review?learner={learner}&item={item.id}")
        expect(page.get_by_role("heading", name="Decisions in your games")).to_be_visible()
        question = "Which card would you lay?" if d.kind == "play" else "would you throw?"
        expect(page.get_by_text(question)).to_be_visible()
        settled(page)
        shot(page, "review-game-decision-asked")
        pills = page.locator(f".st-key-game_pick_{game_id}_{d.step} button")
        for card in option_cards(d.options[0]):
            pill = pills.filter(has_text=card.label).first
            pill.click()
            # each pick reruns the page: the next click waits for this one to be taken in
            expect(pill).to_have_attribute("aria-pressed", "true")
        page.get_by_role("button", name="Check").click()
        expect(page.get_by_text("is a good choice")).to_be_visible()
        expect(page.get_by_text("In the game you chose")).to_be_visible()
        settled(page)
        shot(page, "review-game-decision-answered")
        page.get_by_role("button", name="Next question").click()
        if filed.items > 1:
            expect(
                page.get_by_text("From your game, hand")
            ).to_be_visible()  # the next of its mistakes
        else:
            expect(page.get_by_text("Nothing to review today.")).to_be_visible()

        # the game's skill figure on the progress page; a click on its point opens its review
        load(page, f"{tomorrow}/Progress?learner={learner}")
        expect(page.get_by_text("Your skill over time")).to_be_visible()
        chart = page.locator(".st-key-progress_skill")
        chart.scroll_into_view_if_needed()
        settled(page)
        box = chart.bounding_box()
        page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.45)
        link = page.get_by_role("link", name=re.compile("Open the review of the game of"))
        expect(link).to_be_visible()
        shot(page, "progress-skill-over-time")
        link.click()
        expect(page.get_by_role("heading", name="Review your game")).to_be_visible()
        expect(page.get_by_text(f"{game.review.summary(HUMAN).skill:.2f}").first).to_be_visible()
