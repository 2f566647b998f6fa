"""Choosing the language: URL, session, the learner's profile, the browser; own digits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from i18n_tools import render, write_pseudo_catalogs
from sqlalchemy.engine import Engine
from streamlit.testing.v1 import AppTest

from tutor import store
from tutor.lang import i18n
from tutor.lang.answers import parse_answer

PAGE = "pages/2_Count_the_hand.py"


@pytest.fixture()
def hindi_urdu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    write_pseudo_catalogs(tmp_path / "locales", tmp_path / "lessons", ("hi", "ur"))
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path / "locales")
    monkeypatch.setattr(i18n, "LESSONS_DIR", tmp_path / "lessons")
    i18n.translations.cache_clear()
    i18n.available_languages.cache_clear()
    yield
    i18n.translations.cache_clear()
    i18n.available_languages.cache_clear()


# ------------------------------------------------------------------ the store


def test_the_learner_language_migration_adds_a_column_and_keeps_learners(db_url: str) -> None:
    old = store.make_engine(db_url)
    store.migrate(old, target=2)
    store.create_learner(old, "Ann")
    assert "language" not in {c["name"] for c in sa.inspect(old).get_columns("learners")}
    old.dispose()
    new = store.make_engine(db_url)
    assert store.migrate(new) == store.LATEST_VERSION
    ann = store.learner_by_name(new, "Ann")
    assert ann is not None and store.learner_language(new, ann.id) is None
    new.dispose()


def test_the_migration_can_run_twice_under_another_number(engine: Engine) -> None:
    mine = next(m for m in store.MIGRATIONS if m.name == "the learner's language")
    with engine.begin() as conn:
        mine.apply(conn)  # already applied: a renumbered copy must not fail
    assert "language" in {c["name"] for c in sa.inspect(engine).get_columns("learners")}


def test_a_learner_language_is_saved_and_read_back(engine: Engine) -> None:
    ann = store.create_learner(engine, "Ann")
    store.set_learner_language(engine, ann.id, "ur")
    assert store.learner_language(engine, ann.id) == "ur"
    with pytest.raises(store.StoreError, match="2-8 letters"):
        store.set_learner_language(engine, ann.id, "ur'; DROP")


# ------------------------------------------------------------------ choosing


def test_the_url_language_is_kept_in_the_session_and_every_menu_link(hindi_urdu: None) -> None:
    at = render(PAGE, {"seed": "42", "lang": "ur"}, None)
    assert at.session_state["lang"] == "ur"
    assert at.selectbox(key="menu_language").value == "ur"
    assert at.selectbox(key="menu_language").options == ["English", "हिन्दी", "اردو"]
    del at.query_params["lang"]  # a link without ?lang= keeps the session's language
    at.run()
    assert at.session_state["lang"] == "ur" and at.query_params["lang"] == "ur"


def test_picking_a_language_changes_the_page_and_the_url(hindi_urdu: None) -> None:
    at = render(PAGE, {"seed": "42"}, None)
    assert at.title[0].value == "Count the hand"
    at.selectbox(key="menu_language").set_value("hi").run()
    assert at.query_params["lang"] == "hi"
    assert at.title[0].value != "Count the hand" and not at.exception


def test_a_language_without_a_catalog_falls_back_to_english(hindi_urdu: None) -> None:
    at = render(PAGE, {"seed": "42", "lang": "gu"}, None)
    assert at.session_state["lang"] == "en" and at.query_params["lang"] == "en"


def test_the_learners_saved_language_applies_when_the_url_has_none(
    hindi_urdu: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    made = store.make_engine(url)
    store.migrate(made)
    store.set_learner_language(made, store.create_learner(made, "Sam").id, "hi")
    made.dispose()
    at = render(PAGE, {"seed": "42", "learner": "Sam"}, None)
    assert at.session_state["lang"] == "hi"
    at.selectbox(key="menu_language").set_value("ur").run()  # and a new choice is saved
    check = store.make_engine(url)
    sam = store.learner_by_name(check, "Sam")
    assert sam is not None and store.learner_language(check, sam.id) == "ur"
    check.dispose()


# ------------------------------------------------------------------ digits


def test_own_digits_show_everywhere_and_answers_take_either(hindi_urdu: None) -> None:
    at = render(PAGE, {"seed": "42", "lang": "hi"}, None)
    at.toggle(key="menu_native_digits").set_value(True).run()
    assert at.session_state[i18n.NATIVE_DIGITS_KEY] is True
    assert at.metric[0].value == "०"
    at.text_input(key="count_answer").input("३०")
    at.button(key="count_submit").click().run()
    assert "३०" in at.error[0].value and "२९" in at.error[0].value  # out of range, said natively
    at.text_input(key="count_answer").input("2")
    at.button(key="count_submit").click().run()
    assert [m.value for m in at.metric][2] == "१"  # answered: one, in Devanagari


@pytest.mark.parametrize(
    "lang, digits",
    [("hi", "२९"), ("ur", "۲۹"), ("gu", "૨૯"), ("bn", "২৯"), ("pa", "੨੯"), ("en", "29")],
)
def test_each_scripts_digits_are_read_and_written(lang: str, digits: str) -> None:
    assert parse_answer(digits, 29).value == 29
    assert i18n.fmt_int(29, lang, native=True) == digits
    assert parse_answer("٢٩", 29).value == 29  # Arabic-Indic, as some Urdu keyboards type


def test_no_browser_header_means_english() -> None:
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=30)
    at.run()
    assert at.session_state["lang"] == "en"


def _switch_mid_run() -> None:
    import streamlit as st

    from tutor.lang.i18n import current_language, set_language

    before = current_language()  # kept for the run from here on
    if before == "en":
        set_language("hi")
    st.session_state.setdefault("seen", []).append((before, current_language()))


def test_the_runs_language_is_kept_for_the_run_and_a_switch_seen_at_once() -> None:
    at = AppTest.from_function(_switch_mid_run)
    at.run()
    at.run()
    assert at.session_state["seen"] == [("en", "hi"), ("hi", "hi")]
    at.query_params["lang"] = "ur"  # the address names another language: the next run reads it
    at.session_state["seen"] = []
    at.run()
    assert at.session_state["seen"] == [("ur", "ur")]
