"""AppTest of pages/8_Game_review.py: a game played by bots through a PlaySession, saved, reviewed."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from cribbage_core.bots import make_bot
from cribbage_core.coach.game_review import analyse_record
from cribbage_core.coach.grades import Grade
from cribbage_core.coach.performance import performance
from cribbage_core.game import Count, Phase
from cribbage_core.tables.bot_skill import LEVELS, bot_skill
from tests import apptools
from tests.apptools import ENTRY
from tutor import store
from tutor.play.session import HUMAN, PlaySession, PlaySettings
from tutor.review.band_view import BAND_NAMES
from tutor.review.game import review_game
from tutor.review.mistakes import check_answer, costly_decisions
from tutor.review.reasons import option_cards, severity

PAGE = "pages/8_Game_review.py"
GAME = "0b7a6f0e-1111-4c2b-9d7e-000000000001"


@cache
def played(stop: int | None = None) -> PlaySession:
    """A game to 61 against easy, the learner's seat played by the easy bot too (it errs)."""
    return apptools.bot_played_game(GAME, stop)


def save(url: str, session: PlaySession, learner: str | None = "Ann", game_id: str = GAME) -> None:
    engine = store.make_engine(url)
    store.migrate(engine)
    data = session.to_dict() | {"game_id": game_id}
    store.save_game(engine, game_id, data, moves=session.moves, previous=None, learner=learner)
    engine.dispose()


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return apptools.own_database(tmp_path, monkeypatch)


def open_page(**params: str) -> AppTest:
    return apptools.open_page(PAGE, timeout=60, **params)


def text(at: AppTest) -> str:
    return "\n".join(
        str(m.value) for m in [*at.markdown, *at.info, *at.success, *at.warning, *at.caption]
    )


def test_opened_first_without_a_game_it_says_so_and_links_to_play(db_url: str) -> None:
    at = open_page()
    assert "No game to review yet" in text(at)
    assert not at.metric


def test_another_learners_game_reads_as_no_game(db_url: str) -> None:
    save(db_url, played(40))
    for params in ({"learner": "Bob"}, {}):  # another name, or none
        at = open_page(game=GAME, **params)
        assert "There is no game of yours at this address." in text(at)
        assert not at.metric
    at = open_page(game="not-a-game", learner="Ann")
    assert "There is no game of yours at this address." in text(at)


def test_the_review_shows_the_figures_of_analyse_record(db_url: str) -> None:
    session = played()
    save(db_url, session)
    at = open_page(game=GAME, learner="Ann")
    expected = analyse_record(session.record)
    mine = expected.summary(HUMAN)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Your skill figure"] == f"{mine.skill:.2f}"
    assert metrics["Mistakes and blunders"] == str(mine.errors)
    assert metrics["Luck of your deals"] == f"{mine.luck:+.2f}"
    assert metrics["Computer's skill figure"] == "–"  # analysed when its decisions are shown
    page = text(at)
    # the performance band: this game's figure, its range and band, the bands' table
    band = performance(expected, HUMAN)
    assert f"Your performance band: {BAND_NAMES[band.band]}" in page
    assert (
        f"{band.skill:.2f} points lost per decision with a real choice, likely between "
        f"{band.low:.2f} and {band.high:.2f} ({band.decisions} decisions)." in page
    )
    table = at.dataframe[0].value
    assert list(table["band"]) == [BAND_NAMES[level] for level in LEVELS[::-1]]
    assert list(table["computer"]) == [f"{bot_skill()[level].skill:.2f}" for level in LEVELS[::-1]]
    assert [g for g in table["game"] if g] == [f"{band.skill:.2f}"]
    assert table["game"][LEVELS[::-1].index(band.band)] == f"{band.skill:.2f}"
    rail = at.segmented_control(key="review_hand")
    assert len(rail.options) == len({d.hand_no for d in expected.of_seat(HUMAN)})
    assert "Discard" in page
    # the first hand's decisions: the learner's discard, with its grade and cost
    first = next(d for d in expected.of_seat(HUMAN) if d.hand_no == 1 and d.kind == "discard")
    assert first.grade.value.capitalize() in page
    # the chance-to-win chart's text alternative (its label in the browser): the line's ends and range
    line = [
        d
        for d in expected.of_seat(HUMAN)
        if d.win_after is not None and d.kind in ("discard", "play")
    ]
    wins = [f"{round(100 * d.win_after)}%" for d in line]
    low, high = (f"{round(100 * f(d.win_after for d in line))}%" for f in (min, max))
    marked = sum(d.grade.is_error and d.real_choice for d in line)
    chart = at.get("vega_lite_chart")[
        0
    ]  # the chance to win (the skill chart beside past games follows)
    assert json.loads(chart.proto.spec)["description"] == (
        f"Your chance to win went from {wins[0]} to {wins[-1]} over your {len(line)} decisions "
        f"(lowest {low}, highest {high}); mistakes and blunders marked in red: {marked}."
    )


def test_the_switch_shows_the_computers_decisions(db_url: str) -> None:
    save(db_url, played())
    at = open_page(game=GAME, learner="Ann")
    before = text(at).count("Computer ·")
    at.toggle(key="review_computer").set_value(True).run()
    assert not at.exception
    assert before == 0 and text(at).count("Computer ·") > 0
    # with them, the computer's skill figure: as one analysis of both seats gives it
    metrics = {m.label: m.value for m in at.metric}
    expected = analyse_record(played().record)
    assert metrics["Computer's skill figure"] == f"{expected.summary(1).skill:.2f}"
    assert metrics["Your skill figure"] == f"{expected.summary(HUMAN).skill:.2f}"


def _check(at: AppTest, cards: tuple[object, ...]) -> AppTest:
    at.pills[0].set_value(list(cards) if len(cards) > 1 else cards[0])
    next(b for b in at.button if b.label == "Check").click()
    at.run()
    assert not at.exception, at.exception
    return at


def test_learn_from_your_mistakes_gives_one_retry_then_the_answer(db_url: str) -> None:
    session = played()
    save(db_url, session)
    game = review_game(session.to_dict(), session.moves)
    costly = costly_decisions(game)
    assert costly, "the easy bot makes mistakes"
    first = costly[0]
    assert severity(first) == max(severity(d) for d in costly) and first.grade is Grade.BLUNDER
    wrong = next(
        o
        for o in first.options[1:]
        if o is not first.choice
        and check_answer(first, frozenset(option_cards(o))) is Grade.BLUNDER
    )
    at = open_page(game=GAME, learner="Ann")
    at.segmented_control(key="review_mode").set_value("learn").run()
    assert "Decision 1 of " + str(len(costly)) in text(at)
    _check(at, option_cards(first.choice))
    assert "That is what you chose in the game" in text(at)  # not counted as a try
    _check(at, option_cards(wrong))
    assert "One more try" in text(at)
    _check(at, option_cards(wrong))
    best = option_cards(first.options[0])
    assert "The best choice was" in text(at) and all(c.label in text(at) for c in best)
    next(b for b in at.button if b.label == "Next").click()
    at.run()
    assert "Decision 2 of" in text(at)
    _check(at, option_cards(costly[1].options[0]))
    assert "Yes: " in text(at)


def test_load_own_game_gives_a_game_only_to_its_owner(tmp_path: Path) -> None:
    """The store's rule: a learner's game for that learner; a nameless game for its browser."""
    engine = store.make_engine(f"sqlite:///{tmp_path / 'own.db'}")
    store.migrate(engine)
    data = played(10).to_dict()
    store.save_game(
        engine, "g-ann", data | {"game_id": "g-ann"}, moves=1, previous=None, learner="Ann"
    )
    store.save_game(
        engine, "g-anon", data | {"game_id": "g-anon"}, moves=1, previous=None, browser="b1"
    )
    assert store.load_own_game(engine, "g-ann", "Ann") is not None
    assert store.load_own_game(engine, "g-ann", "Bob") is None
    assert store.load_own_game(engine, "g-ann", None, "b1") is None
    assert store.load_own_game(engine, "g-anon", None, "b1") is not None
    assert store.load_own_game(engine, "g-anon", None, "b2") is None
    assert store.load_own_game(engine, "missing", "Ann") is None
    engine.dispose()


@pytest.mark.parametrize("lang", ["en", "hi", "ur", "gu", "bn", "pa"])
def test_the_review_opens_first_in_every_language(db_url: str, lang: str) -> None:
    save(db_url, played())
    at = open_page(game=GAME, learner="Ann", lang=lang)
    assert len(at.metric) == 4 and at.segmented_control(key="review_hand").options
    # learn from your mistakes, opened first too (preset in the session: AppTest words a choice
    # of a segmented control in the test's language, which a page in Hindi does not offer)
    at = AppTest.from_file(ENTRY, default_timeout=60)
    at.switch_page(PAGE)
    at.query_params.update(game=GAME, learner="Ann", lang=lang)
    at.session_state["review_mode"] = "learn"
    at.run()
    assert not at.exception and at.pills  # the first mistake asked again, cards to choose from
    if lang != "en":
        assert at.title[0].value != "Review your game" and at.pills[0].label != "Your choice"


def test_in_counting_mode_the_learners_typed_counts_are_reviewed(db_url: str) -> None:
    session = PlaySession.start(
        PlaySettings(level="easy", target=61, self_count=True), seed=5, game_id=GAME
    )
    learner = make_bot("easy", 7)
    while session.moves < 60:
        if session.phase is Phase.DEAL:
            session = session.deal_next()
        elif session.bot_to_act() is not None or session.moves_on_alone():
            session = session.move_on()
        else:
            action = learner.act(session.state.view(HUMAN))
            session = session.act(Count(HUMAN, 0) if isinstance(action, Count) else action)
    save(db_url, session)
    game = review_game(session.to_dict(), session.moves)
    counts = [d for d in game.decisions() if d.kind == "count"]
    assert counts and all(d.seat == HUMAN for d in counts)
    at = open_page(game=GAME, learner="Ann")
    hand = counts[0].hand_no
    at.segmented_control(key="review_hand").set_value(hand).run()
    worth = int(counts[0].options[0].points)
    expected = f"You counted 0; it was worth {worth}" if worth else "Counted right: 0."
    assert expected in text(at)


def test_the_game_in_one_picture_sets_its_skill_beside_the_bots_lines(db_url: str) -> None:
    import pyarrow as pa

    from cribbage_core.tables.bot_skill import bot_skill

    session = played()
    save(db_url, session)
    at = open_page(game=GAME, learner="Ann", lang="ur")
    assert not at.exception, at.exception
    chart = at.get("vega_lite_chart")[-1]  # after the chart of the chance to win
    assert '"rule"' in chart.proto.spec and '"text"' in chart.proto.spec
    frames = [
        pa.ipc.open_stream(ds.data.data).read_all().to_pandas() for ds in chart.proto.datasets
    ]
    bots = max(
        (f for f in frames if "label" in f), key=len
    )  # the lines (the labels come in two halves)
    games = next(f for f in frames if "opponent_level" in f)
    assert list(bots["skill"]) == [round(f.skill, 3) for f in bot_skill().values()]
    assert bots["label"][0].startswith("آسان کمپیوٹر") and bots["label"][2].startswith(
        "مشکل کمپیوٹر"
    )
    # this game (not filed yet, so in the page's own row), with the figure of the analysis
    assert list(games["id"]) == [GAME]
    assert games["skill"][0] == round(analyse_record(session.record).summary(HUMAN).skill, 3)


def test_a_game_nothing_was_kept_for_is_analysed_a_share_a_run(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tutor.review import view

    monkeypatch.setattr(
        view, "ANALYSIS_SECONDS", 0.0
    )  # each run analyses one hand, then runs again
    stopped: list[int] = []
    keep_made = view.keep_made
    monkeypatch.setattr(
        view,
        "keep_made",
        lambda store, g, hands, *who: (
            stopped.append(len(hands)) or keep_made(store, g, hands, *who)
        ),
    )
    game_id = "0b7a6f0e-1111-4c2b-9d7e-0000000000b5"  # its analysis in no cache of this process
    session = played()
    save(db_url, session, game_id=game_id)
    at = open_page(game=game_id, learner="Ann")
    assert not at.exception, at.exception
    mine = analyse_record(session.record).summary(HUMAN)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Your skill figure"] == f"{mine.skill:.2f}"  # the whole game, in the end
    assert metrics["Mistakes and blunders"] == str(mine.errors)
    engine = store.make_engine(db_url)
    kept = store.load_own_hand_reviews(engine, game_id, "Ann", None)
    engine.dispose()
    hands = session.state.hand_no
    assert sorted(k.hand_no for k in kept) == list(range(1, hands + 1))  # every hand kept, once
    assert stopped == [1] * (hands - 1)  # a run a hand; the last run analysed the last one
