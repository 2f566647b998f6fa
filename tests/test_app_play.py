"""AppTest of pages/4_Play.py: whole seeded games through the page's widgets, counting modes,
muggins, resuming from a saved id, illegal and stale clicks.

The computer's moves come without the pause a person sees (``CRIBBAGE_BOT_DELAY=0``) and the
games are saved in a throwaway SQLite file (``DATABASE_URL``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from cribbage_core.cards import Card
from cribbage_core.game import Count, Phase
from tutor import store
from tutor.play_session import HUMAN, PlaySession

PAGE = "pages/4_Play.py"
ENTRY = str(Path(__file__).resolve().parent.parent / "app.py")


@pytest.fixture(autouse=True)
def fast_bots_and_own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("CRIBBAGE_BOT_DELAY", "0")
    return url


def open_play(**params: str) -> AppTest:
    at = AppTest.from_file(ENTRY, default_timeout=60)
    at.switch_page(PAGE)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def start(at: AppTest, seed: int = 42, **choices: Any) -> PlaySession:
    """Fill in the settings form and deal."""
    at.session_state["play_seed_override"] = seed
    for key, value in choices.items():
        widget = at.get("selectbox") + at.get("radio") + at.get("toggle")
        [found] = [w for w in widget if w.key == f"play_set_{key}"]
        found.set_value(value)
    at.button(key="FormSubmitter:play_settings-Deal").click().run()
    assert not at.exception, at.exception
    return session_of(at)


def session_of(at: AppTest) -> PlaySession:
    session = at.session_state["play_session"]
    assert isinstance(session, PlaySession)
    return session


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key}


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def errors(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def step(at: AppTest, claim: Any = None) -> None:
    """One learner action through the widgets (the computer answers within the same run)."""
    session = session_of(at)
    state = session.state
    found = keys(at)
    if state.phase is Phase.DISCARD:
        best = session.advice().best.discard
        for card in best:
            click(at, f"play_pick_{card}")
        click(at, "play_confirm_discard")
    elif state.phase is Phase.PLAY:
        if "play_go" in found:
            click(at, "play_go")
        else:
            enabled = [b for b in at.button if b.key and b.key.startswith("play_lay_") and not b.disabled]
            assert enabled, "it is my turn, so a card or Go is offered"
            enabled[0].click().run()
            assert not at.exception, at.exception
    elif state.phase is Phase.SHOW:
        if "play_next_count" in found:
            click(at, "play_next_count")
        elif "play_count_mine" in found:
            click(at, "play_count_mine")
        else:
            what = state.counting()
            assert what is not None and state.starter is not None
            value = claim(what) if callable(claim) else claim
            at.text_input(key="play_claim").input(str(value))
            at.button(key="FormSubmitter:play_count_form-Claim my count").click().run()
            assert not at.exception, at.exception
    elif state.phase is Phase.DEAL:
        click(at, "play_deal")


def play_to_the_end(at: AppTest, claim: Any = None, limit: int = 400) -> PlaySession:
    for _ in range(limit):
        if session_of(at).phase is Phase.GAME_OVER:
            return session_of(at)
        before = session_of(at).moves
        step(at, claim)
        assert session_of(at).moves > before, (errors(at), [w.value for w in at.warning])
    raise AssertionError("the game did not end")
