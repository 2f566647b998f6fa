"""Helpers for the AppTest files: open a page first, as a learner following a link would."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from cribbage_core.bots import make_bot
from cribbage_core.game import Phase
from tutor.play.session import HUMAN, PlaySession, PlaySettings

ENTRY = str(Path(__file__).resolve().parent.parent / "app.py")


def open_page(page: str | None, *, timeout: float = 30, **params: str) -> AppTest:
    """Run ``page`` (None: the home page) with these query parameters; no exception allowed.

    ``timeout``: seconds each run may take (AppTest's ``default_timeout``)."""
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    if page:
        at.switch_page(page)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def page_text(at: AppTest) -> str:
    """All markdown on the page (card HTML included), for checks on what is shown."""
    return " ".join(str(m.value) for m in at.markdown)


def answer(at: AppTest, box: str, text: str) -> AppTest:
    """Type ``text`` into a quiz's answer box and submit it (keys ``{box}_answer``, ``{box}_submit``)."""
    at.text_input(key=f"{box}_answer").input(text)
    at.button(key=f"{box}_submit").click()
    at.run()
    assert not at.exception, at.exception
    return at


def bot_played_game(game_id: str, stop: int | None = None) -> PlaySession:
    """A game to 61 against easy (seed 21), the learner's seat played by the easy bot too (it
    errs), up to ``stop`` moves or to its end."""
    session = PlaySession.start(PlaySettings(level="easy", target=61), seed=21, game_id=game_id)
    learner = make_bot("easy", 99)
    while session.phase is not Phase.GAME_OVER and (stop is None or session.moves < stop):
        if session.phase is Phase.DEAL:
            session = session.deal_next()
        elif session.bot_to_act() is not None or session.moves_on_alone():
            session = session.move_on()
        else:
            session = session.act(learner.act(session.state.view(HUMAN)))
    return session
