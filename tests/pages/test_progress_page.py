"""AppTest of pages/5_Progress.py against a seeded SQLite file (DATABASE_URL points at it)."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from cribbage_core.kinds import PegSpot, ScoreKind
from cribbage_core.pegging import PEGGING_KINDS
from cribbage_core.scoring import HAND_KINDS
from tests.apptools import ENTRY, own_database
from tutor import store
from tutor.lang.i18n import _, available_languages, kind_name

PAGE = "pages/5_Progress.py"
TODAY = dt.datetime.now(dt.UTC).replace(tzinfo=None, microsecond=0)


def chart_texts(at: AppTest) -> list[str]:
    """Each chart's text alternative: Vega-Lite's description, the chart's label in the browser."""
    return [
        json.loads(chart.proto.spec).get("description", "") for chart in at.get("vega_lite_chart")
    ]


def seed(url: str, name: str, answers: int, games: int = 0) -> None:
    """``answers`` attempts, 4 h apart, every third wrong on runs (the first too); some games."""
    engine = store.make_engine(url)
    store.migrate(engine)
    learner = store.create_learner(engine, name)
    for i in range(answers):
        wrong = i % 3 == 0
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=learner.id,
            kind=("hand", "crib", "pegging")[i % 3] if i % 4 else "discard",
            seed=i,
            answer=10 if wrong else 12,
            right_answer=12,
            correct=not wrong,
            categories=["fifteen", "run"] if wrong else ["fifteen", "pair"],
            categories_missed=["run"] if wrong else [],
            seconds=3 + i % 7,
            at=TODAY - dt.timedelta(hours=4 * (answers - i)),  # oldest first, over days
        )
    for g in range(games):
        store.record_game(
            engine,
            game_id=str(uuid.uuid4()),
            learner_id=learner.id,
            opponent_level=("easy", "hard")[g % 2],
            players=2,
            target=121,
            scores=[121, 70] if g % 2 == 0 else [100, 121],
            winner="Ann" if g % 2 == 0 else "computer",
            learner_won=g % 2 == 0,
            result_kind="skunk" if g == 0 else "win",
        )
    engine.dispose()


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return own_database(tmp_path, monkeypatch)


def open_page(learner: str | None = None) -> AppTest:
    # through the entry point, as a learner following a link would: page links resolve
    at = AppTest.from_file(ENTRY, default_timeout=30)
    at.switch_page(PAGE)
    if learner is not None:
        at.query_params["learner"] = learner
    return at.run()


def texts(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_a_first_visit_asks_for_a_name_and_remembers_it_in_the_url(db_url: str) -> None:
    at = open_page()
    assert not at.exception
    assert len(at.dataframe) == 0
    at.text_input(key="profile_name_input").input("  Sam  ")
    at.button[0].click().run()  # the form's Start button
    assert not at.exception
    assert "Practising as <b><bdi>Sam</bdi></b>" in texts(at)
    assert at.query_params["learner"] == "Sam"
    assert any("No answers recorded yet" in i.value for i in at.info)


def test_an_empty_name_is_refused_with_a_reason(db_url: str) -> None:
    at = open_page()
    at.text_input(key="profile_name_input").input("   ")
    at.button[0].click().run()
    assert not at.exception
    assert "must not be empty" in at.error[0].value


def test_a_seeded_learner_sees_tables_charts_streaks_and_export(db_url: str) -> None:
    seed(db_url, "Ann", answers=30, games=4)
    at = open_page("Ann")
    assert not at.exception
    assert not at.warning  # progress is being saved
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Answered"] == "30"
    assert metrics["Accuracy"] == "67%"
    assert (metrics["Current streak"], metrics["Best streak"]) == ("2", "2")
    assert len(at.dataframe) == 4  # by quiz, by category, the themes, games by level
    by_quiz = at.dataframe[0].value
    assert set(by_quiz["kind"]) == {"Hand", "Crib", "Pegging quiz", "Discard trainer"}
    assert by_quiz["answered"].sum() == 30
    games = at.dataframe[3].value.set_index("opponent_level")
    assert (games.loc["Easy", "won"], games.loc["Hard", "lost"]) == (2, 2)
    assert games.loc["Easy", "skunks_given"] == 1
    categories = at.dataframe[1].value.set_index("category")
    assert categories.loc["Run", "accuracy"] == 0 and categories.loc["Pair", "accuracy"] == 1
    assert len(at.get("vega_lite_chart")) == 3  # accuracy by day, by category by day, weak spots
    by_day, by_category, weak = chart_texts(at)
    assert "Hand: from " in by_day and "%" in by_day and "Run: " in by_category
    assert weak.startswith("Weighed most: ") and " · Run" in weak, weak  # runs are the ones missed
    assert len(at.get("download_button")) == 1


def test_learners_on_one_machine_keep_separate_progress(db_url: str) -> None:
    seed(db_url, "Ann", answers=6)
    seed(db_url, "Bob", answers=2)
    assert {m.label: m.value for m in open_page("Bob").metric}["Answered"] == "2"
    assert {m.label: m.value for m in open_page("Ann").metric}["Answered"] == "6"


def test_a_hostile_name_shows_as_text(db_url: str) -> None:
    name = "<script>alert(1)</script>"
    seed(db_url, name, answers=3)
    at = open_page(name)
    assert not at.exception
    shown = texts(at)
    assert "<script>" not in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert {m.label: m.value for m in at.metric}["Answered"] == "3"


def test_a_database_that_cannot_open_is_reported_and_the_page_still_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{blocker}/progress.db")
    at = open_page("Ann")
    assert not at.exception
    assert "Progress is not being saved" in at.warning[0].value
    assert "cannot open the database" in at.warning[0].value
    assert any("No answers recorded yet" in i.value for i in at.info)


def test_the_tables_speak_the_learners_language(db_url: str) -> None:
    seed(db_url, "Ann", answers=12, games=2)
    at = AppTest.from_file(ENTRY, default_timeout=30)
    at.switch_page(PAGE)
    at.query_params["learner"] = "Ann"
    at.query_params["lang"] = "hi"
    at.run()
    assert not at.exception, at.exception
    by_quiz, categories, _themes, games = (frame.value for frame in at.dataframe)
    shown = set(by_quiz["kind"]) | set(categories["category"]) | set(games["opponent_level"])
    stored = {"hand", "crib", "pegging", "discard", "fifteen", "run", "pair", "easy", "hard"}
    english = {
        "Hand",
        "Crib",
        "Pegging quiz",
        "Discard trainer",
        "Fifteen",
        "Run",
        "Pair",
        "Easy",
        "Hard",
    }
    assert not shown & (stored | english), shown
    assert all(any("\u0900" <= ch <= "\u097f" for ch in value) for value in shown), shown
    for table in at.dataframe:  # every column headed in Hindi, the shares as percentages, no index
        columns = json.loads(table.proto.columns)
        assert columns.pop("_index") == {"hidden": True}
        assert set(columns) == set(table.value.columns)
        assert all(
            any("\u0900" <= ch <= "\u097f" for ch in c["label"]) for c in columns.values()
        ), columns
        percent = {
            n
            for n, c in columns.items()
            if c.get("type_config") == {"type": "number", "format": "percent"}
        }
        assert percent == {"accuracy"} & set(columns)
    texts = chart_texts(at)  # every chart's text alternative in Hindi too
    assert texts and all(any("\u0900" <= ch <= "\u097f" for ch in text) for text in texts), texts


def test_each_games_skill_figure_is_charted_and_game_decisions_are_no_quiz_answers(
    db_url: str,
) -> None:
    from tutor import progress

    seed(db_url, "Ann", answers=6, games=3)
    engine = store.make_engine(db_url)
    learner = store.learner_by_name(engine, "Ann")
    assert learner is not None
    ids = store.games_frame(engine, learner.id)["id"].tolist()
    assert store.set_game_figures(engine, learner.id, ids[0], 0.9, 4.5, 3)
    assert store.set_game_figures(engine, learner.id, ids[2], 0.4, -2.0, 1)
    for category in ["pegging play", "discard"]:
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=learner.id,
            kind="game",
            seed=ids[0],
            answer="5H",
            right_answer="KC",
            correct=False,
            categories=[category],
            categories_missed=[category],
            at=TODAY,
        )
    figures = progress.skill_frame(store.games_frame(engine, learner.id))
    engine.dispose()
    assert figures[["id", "game", "skill", "errors"]].to_dict("records") == [
        {"id": ids[0], "game": 1, "skill": 0.9, "errors": 3},
        {"id": ids[2], "game": 2, "skill": 0.4, "errors": 1},
    ]
    at = open_page("Ann")
    assert not at.exception, at.exception
    assert {m.label: m.value for m in at.metric}[
        "Answered"
    ] == "6"  # the games' decisions are apart
    assert "Your skill over time" in texts(at)
    assert any("Click a game to open its review" in c.value for c in at.caption)
    assert len(at.get("vega_lite_chart")) == 4  # with the skill figure over time
    assert chart_texts(at)[2] == (
        "Your skill figure over 2 games: from 0.90 in the first to 0.40 in the latest, best 0.40 (0 is perfect)."
    )
    import pyarrow as pa

    from cribbage_core.tables.bot_skill import bot_skill

    skill_chart = next(
        c for c in at.get("vega_lite_chart") if '"rule"' in c.proto.spec
    )  # the bots' lines
    frames = [
        pa.ipc.open_stream(ds.data.data).read_all().to_pandas() for ds in skill_chart.proto.datasets
    ]
    bots = max(
        (f for f in frames if "label" in f), key=len
    )  # the lines (the labels come in two halves)
    assert list(bots["skill"]) == [round(f.skill, 3) for f in bot_skill().values()]
    assert bots["label"][0].startswith("Easy computer: ")
    assert any("the computer's typical figure at each level" in c.value for c in at.caption)
    assert progress.picked_game({"game": [{"id": ids[2]}]}) == ids[2]
    weak = progress.weak_spot_table(store.Store(store.make_engine(db_url)).attempts_frame("Ann"))
    games_area = weak[weak["area"] == "games"]
    assert set(games_area["category"]) == {"pegging play", "discard"}


#: Every category a quiz records: the show's, the play's, the pegging trainer's kinds of position.
CATEGORIES = list(dict.fromkeys([*HAND_KINDS, *PEGGING_KINDS, *PegSpot]))


def seed_every_category(url: str, name: str) -> None:
    """One answer in each scoring category a quiz records, over two days: the show's, the play's
    (the go and the last card counted in the pegging quiz) and the pegging trainer's kinds of
    position (positions played for the go and the last card among them)."""
    engine = store.make_engine(url)
    store.migrate(engine)
    learner = store.create_learner(engine, name)
    quiz = {**dict.fromkeys(ScoreKind, "pegging"), **dict.fromkeys(PegSpot, "peg_trainer")}
    for i, category in enumerate(CATEGORIES):
        store.record_attempt(
            engine,
            attempt_id=str(uuid.uuid4()),
            learner_id=learner.id,
            kind=quiz[category],
            seed=i,
            answer="1",
            right_answer="1",
            correct=True,
            categories=[category],
            categories_missed=[],
            seconds=4,
            at=TODAY - dt.timedelta(days=i % 2),
        )
    engine.dispose()


def test_the_go_counted_and_the_go_played_for_have_names_of_their_own_shown_whole(
    db_url: str,
) -> None:
    """The pegging quiz's go (the point counted for it, ScoreKind.GO) and the pegging trainer's
    positions played for the go and the last card (PegSpot.GO) are two categories, each steering
    its own drill; their names told them apart badly ("Go", "The go and the last card"), and the
    longer was cut in the table. In every language each category has a name of its own, and the
    name column is as wide as the longest name."""
    from tutor.frame.tables import whole_width

    seed_every_category(db_url, "Ann")
    for lang in available_languages():
        at = AppTest.from_file(ENTRY, default_timeout=30)
        at.switch_page(PAGE)
        at.query_params.update({"learner": "Ann", "lang": lang})
        at.run()
        assert not at.exception, at.exception
        table = at.dataframe[1]
        names = list(table.value["category"])
        assert len(set(names)) == len(names) == len(CATEGORIES), (lang, names)
        assert kind_name(PegSpot.GO, lang) in names and kind_name(ScoreKind.GO, lang) in names
        width = json.loads(table.proto.columns)["category"]["width"]
        assert width >= whole_width(names) > whole_width([kind_name(ScoreKind.GO, lang)]), (
            lang,
            width,
        )


def test_a_category_and_a_quiz_keep_their_colour_in_every_language(db_url: str) -> None:
    """The charts by quiz and by category colour each line by what it stands for, not by its
    name's place in the alphabet (which moved a category's colour when the language changed)."""
    from tutor import progress

    seed_every_category(db_url, "Ann")
    drawn = {}
    for lang in ("en", "hi"):
        at = AppTest.from_file(ENTRY, default_timeout=30)
        at.switch_page(PAGE)
        at.query_params.update({"learner": "Ann", "lang": lang})
        at.run()
        assert not at.exception, at.exception
        specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")[:2]]
        by_quiz, by_category = (spec["encoding"]["color"]["scale"] for spec in specs)
        # 16 names: under the plot, each whole (beside it the last ones were cut off)
        assert specs[1]["encoding"]["color"]["legend"]["orient"] == "bottom"
        assert specs[1]["height"] >= progress.LEGEND_ROW_PX * len(CATEGORIES) + progress.PLOT_PX
        quizzes = dict(zip(by_quiz["domain"], by_quiz["range"], strict=True))
        categories = dict(zip(by_category["domain"], by_category["range"], strict=True))
        drawn[lang] = (
            {
                quiz: quizzes[_("Pegging quiz" if quiz == "pegging" else "Pegging trainer", lang)]
                for quiz in ("pegging", "peg_trainer")
            },
            {key: categories[kind_name(key, lang)] for key in CATEGORIES},
            by_category["domain"],
        )
    assert drawn["en"][:2] == drawn["hi"][:2]
    assert (
        drawn["en"][1] == progress.CATEGORY_COLOURS
        and drawn["en"][0]["pegging"] == progress.QUIZ_COLOURS["pegging"]
    )
    assert drawn["hi"][2] == [
        kind_name(key, "hi") for key in progress.CATEGORY_COLOURS
    ]  # the legend's order too
    assert list(progress.CATEGORY_COLOURS) == CATEGORIES


def test_every_category_and_quiz_colour_stands_out_and_none_is_used_twice() -> None:
    from tutor import progress

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    for colours in (progress.QUIZ_COLOURS, progress.CATEGORY_COLOURS):
        assert len(set(colours.values())) == len(colours)
        for key, colour in [*colours.items(), ("other", progress.OTHER_COLOUR)]:
            assert 1.05 / (luminance(colour) + 0.05) >= 3, key  # WCAG's 3:1 for a graphic on white
    assert set(progress.QUIZ_COLOURS) >= set(progress.QUIZ_LABELS)
