"""Helpers for the AppTest files: open a page first, as a learner following a link would."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from cribbage_core.bots import make_bot
from cribbage_core.game import Count, Phase
from tutor import clock, store
from tutor.play.session import HUMAN, PlaySession, PlaySettings

ENTRY = str(Path(__file__).resolve().parent.parent / "app.py")


def own_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, today: dt.date | None = None
) -> str:
    """Give the pages this test runs a database of their own (a new SQLite file in ``tmp_path``,
    ``DATABASE_URL``) and the computer's moves without the pause a person sees
    (``CRIBBAGE_BOT_DELAY=0``); its URL. With ``today``, the app's clock is set to that date
    (``tutor.clock``), for tests of the review schedule."""
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    monkeypatch.setenv("CRIBBAGE_BOT_DELAY", "0")
    if today is not None:
        monkeypatch.setenv(clock.TODAY_ENV, today.isoformat())
    return url


def open_page(
    page: str | None,
    *,
    timeout: float = 30,
    setup: Callable[[AppTest], None] | None = None,
    **params: str,
) -> AppTest:
    """Run ``page`` (None: the home page) with these query parameters; no exception allowed.

    ``timeout``: seconds each run may take (AppTest's ``default_timeout``); ``setup`` prepares
    the AppTest before its first run (secrets, a signed-in user)."""
    at = AppTest.from_file(ENTRY, default_timeout=timeout)
    if setup is not None:
        setup(at)
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


def bot_played_game(
    game_id: str | None = None,
    stop: int | None = None,
    *,
    target: int = 61,
    seed: int = 21,
    learner: tuple[str, int] = ("easy", 99),
) -> PlaySession:
    """A game to ``target`` (61) against easy (deal ``seed`` 21), the learner's seat played by
    the ``learner`` bot (level, seed: easy, which errs), up to ``stop`` moves or to its end."""
    session = PlaySession.start(
        PlaySettings(level="easy", target=target), seed=seed, game_id=game_id
    )
    bot = make_bot(*learner)
    while session.phase is not Phase.GAME_OVER and (stop is None or session.moves < stop):
        if session.phase is Phase.DEAL:
            session = session.deal_next()
        elif session.bot_to_act() is not None or session.moves_on_alone():
            session = session.move_on()
        else:
            session = session.act(bot.act(session.state.view(HUMAN)))
    return session


Turn = Callable[[PlaySession], PlaySession]


def next_step(session: PlaySession, learners_turn: Turn) -> PlaySession:
    """The game one step on, as the Play page takes it: a bot's move, the next deal, a count in
    the show that is not the learner's; else the learner's turn, ``learners_turn(session)``."""
    if session.bot_to_act() is not None:
        return session.bot_step()
    if session.phase is Phase.DEAL:
        return session.deal_next()
    if session.phase is Phase.SHOW and session.state.to_act != HUMAN:
        return session.next_count()
    return learners_turn(session)


def random_move(rng: random.Random, most_claimed: int | None = None) -> Turn:
    """The learner's turn as a legal move drawn from ``rng``; when the learner counts their own
    hands and ``most_claimed`` is given, a count claims a number drawn from 0 to it."""

    def learners_turn(session: PlaySession) -> PlaySession:
        action = rng.choice(session.state.legal_for(HUMAN))
        if isinstance(action, Count) and session.settings.self_count and most_claimed is not None:
            action = Count(HUMAN, rng.randint(0, most_claimed))
        return session.act(action)

    return learners_turn


def randomly_played_game(
    settings: PlaySettings, seed: int, rng: random.Random, until: Phase = Phase.GAME_OVER
) -> PlaySession:
    """A game whose learner's seat lays random legal moves (drawn from ``rng``), played until
    ``until``: its end, or (``Phase.SHOW``) the learner's first count in a show."""
    session = PlaySession.start(settings, seed=seed)
    learners_turn = random_move(rng)
    while session.phase is not Phase.GAME_OVER:
        if until is Phase.SHOW and session.phase is Phase.SHOW and session.state.to_act == HUMAN:
            break
        session = next_step(session, learners_turn)
    assert session.phase is until
    return session


def save_for_server(database_url: str, session: PlaySession, learner: str | None = None) -> None:
    """Save ``session`` in the (test) server's database, as the Play page does (finished if over),
    under ``learner`` or with no owner yet."""
    engine = store.make_engine(database_url)
    store.migrate(engine)
    try:
        store.save_game(
            engine,
            session.game_id,
            session.to_dict(),
            moves=session.moves,
            previous=None,
            finished=session.phase is Phase.GAME_OVER,
            learner=learner,
        )
    finally:
        engine.dispose()


# --- games between friends on the Play page ------------------------------------------------


def open_play(same_browser_as: AppTest | None = None, **params: str) -> AppTest:
    """The Play page in a new session: another browser (its own key) unless handed one's."""
    at = AppTest.from_file(ENTRY, default_timeout=60)
    if same_browser_as is not None:
        at.session_state["profile_browser_key"] = same_browser_as.session_state[
            "profile_browser_key"
        ]
    at.switch_page("pages/4_Play.py")
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def friend_moves(at: AppTest) -> list[str]:
    """The keys of the friend game's move buttons this session may press now."""
    return [
        str(b.key)
        for b in at.button
        if str(b.key).startswith(("friend_pick_", "friend_lay_", "friend_discard", "friend_deal"))
        and not b.disabled
    ]


def stored_friend_game(code: str) -> store.FriendGame:
    """The friend game of this code as the database holds it."""
    from tutor.store import friend_games

    engine = store.make_engine(store.default_url())
    try:
        game = friend_games.friend_game(engine, code=code)
    finally:
        engine.dispose()
    assert game is not None
    return game


def shown_texts(at: AppTest) -> str:
    """The page's notes, alerts, markdown and captions as one string."""
    return " ".join(
        str(e.value) for e in [*at.info, *at.success, *at.warning, *at.markdown, *at.caption]
    )
