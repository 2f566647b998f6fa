"""Hostile use: names, addresses and answers typed to mislead or to
break a page are shown as plain text, cleaned, or refused with one message saying what changed.

What a browser makes of the markdown (links) is checked in ``tests/browser/test_browser_hostile.py``;
here the pages run with AppTest and the functions on their own.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from apptools import ENTRY, answer, open_page
from streamlit.testing.v1 import AppTest

from tutor import store
from tutor.frame.profile import practising_html
from tutor.frame.status import PROBLEM_TEXTS

ROOT = Path(__file__).resolve().parents[2]
COUNT = "pages/2_Count_the_hand.py"
PROGRESS = "pages/5_Progress.py"
RLO, PDF, LRI, PDI, ZWSP, ZWNJ = "\u202e", "\u202c", "\u2066", "\u2069", "\u200b", "\u200c"


@pytest.fixture(autouse=True)
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'progress.db'}"
    monkeypatch.setenv("DATABASE_URL", url)
    return url


def notes(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


def html_blocks(at: AppTest) -> str:
    return " ".join(str(m.value) for m in at.markdown)


# ---- item 5: names


@pytest.mark.parametrize(
    "typed, kept",
    [
        (f"{RLO}nimdA", "nimdA"),  # a right-to-left override: reads "Admin" on screen
        (f"Sam{PDF}", "Sam"),
        (f"{LRI}Ann{PDI}", "Ann"),
        (f"Sa{ZWSP}m", "Sam"),
        ("Sa\u00adm", "Sam"),  # soft hyphen
        ("A\x00B\x07C", "ABC"),
        ("Ann\tLee\nSmith", "Ann Lee Smith"),
        ("Jose\u0301", "José"),  # NFC: one code point, the same name as the composed spelling
        ("Sa\ue000m", "Sam"),  # private use
        (f"Sa{ZWNJ}m", "Sam"),  # a joiner between Latin letters spells nothing
        (f"می{ZWNJ}خواهم", f"می{ZWNJ}خواهم"),  # ...but is spelling between Arabic-script letters
        ("अनु शर्मा", "अनु शर्मा"),
        ("ਗੁਰਪ੍ਰੀਤ", "ਗੁਰਪ੍ਰੀਤ"),
        ("সুমিত্রা", "সুমিত্রা"),
        ("ધ્રુવ", "ધ્રુવ"),
        ("محمد علی", "محمد علی"),
        ("李小龍", "李小龍"),
        ("Zoë 🃏", "Zoë 🃏"),
    ],
)
def test_a_name_keeps_what_shows_and_loses_what_does_not(typed: str, kept: str) -> None:
    assert store.clean_name(typed) == kept


@pytest.mark.parametrize("typed", [RLO, ZWSP + PDF, "\x00\x01", " \u200b "])
def test_a_name_of_invisible_characters_only_is_refused(typed: str) -> None:
    with pytest.raises(store.StoreError, match="must not be empty"):
        store.clean_name(typed)


def test_two_names_that_look_alike_are_one_learner(own_database: str) -> None:
    engine = store.make_engine(own_database)
    store.migrate(engine)
    first = store.create_learner(engine, "Sam")
    assert store.create_learner(engine, f"S{ZWSP}am{RLO}") == first
    assert store.create_learner(engine, "Jose\u0301") == store.create_learner(engine, "José")


@pytest.mark.parametrize(
    "name",
    [
        "https://evil.example/x",
        "www.evil.com",
        "a@evil.com",
        "[a](javascript:1)",
        "<script>x</script>",
        "**Ann**",
        ":material/home: $x$",
        "`x`",
    ],
)
def test_a_name_is_put_in_an_html_block_as_escaped_text(name: str) -> None:
    shown = practising_html(name)
    assert shown.startswith('<div class="learner-name">')  # an HTML block: nothing in it is linked
    body = shown.removeprefix('<div class="learner-name">Practising as <b><bdi>').removesuffix(
        "</bdi></b></div>"
    )
    assert "<" not in body and ">" not in body and ":" not in body, body
    import html

    assert html.unescape(body) == name


def test_the_progress_page_shows_a_link_like_name_as_text() -> None:
    at = open_page(PROGRESS, learner="https://evil.example/x")
    assert "Practising as <b><bdi>https&#58;//evil.example/x</bdi></b>" in html_blocks(at)
    assert "](" not in html_blocks(at)


# ---- item 7: what a bad address gets


def test_a_name_in_the_address_with_a_direction_override_is_cleaned_and_said_once() -> None:
    at = open_page(PROGRESS, learner=f"{RLO}nimdA")
    assert at.query_params["learner"] == "nimdA"
    assert any("Characters that do not show" in n for n in notes(at)), notes(at)
    at.run()
    assert not any("Characters that do not show" in n for n in notes(at)), "said once"


def test_a_name_in_the_address_too_long_is_dropped_with_the_reason() -> None:
    at = open_page(COUNT, seed="42", learner="x" * 41)
    assert "learner" not in at.query_params
    assert any("longer than 40 characters" in n for n in notes(at)), notes(at)
    assert "Answers are kept for this visit only" in " ".join(c.value for c in at.caption)
    at.run()
    assert not any("longer than 40" in n for n in notes(at))


def test_an_unknown_language_in_the_address_is_replaced_and_said() -> None:
    at = open_page(COUNT, seed="42", lang="xx")
    assert at.query_params["lang"] == "en"
    assert any("The language in the address is not one this app offers" in n for n in notes(at)), (
        notes(at)
    )


def test_a_damaged_deal_token_is_replaced_and_said() -> None:
    at = open_page(COUNT, seed="42", deal="<bad token>")
    assert at.query_params["deal"] != "<bad token>"
    assert any("answer token in the address" in n for n in notes(at)), notes(at)


def test_every_bad_parameter_is_said_in_one_box() -> None:
    at = open_page(COUNT, seed="abc", lang="xx", deal="!", mode="bogus", learner="y" * 50)
    [box] = [n for n in notes(at) if "address" in n]
    for said in ("deal number", "language", "answer token", "“mode”", "longer than 40"):
        assert said in box, box
    at.run()
    assert not [n for n in notes(at) if "address" in n], "once"


def test_an_unknown_lesson_is_said() -> None:
    at = open_page("pages/1_Learn.py", lesson="99_nope")
    assert any("There is no lesson of that name" in n for n in notes(at)), notes(at)
    assert "lesson" not in at.query_params


def test_a_typed_answer_is_echoed_as_a_code_span() -> None:
    at = open_page(COUNT, seed="42")
    answer(at, "count", "[a](javascript:1)")
    [message] = [e.value for e in at.error]
    assert message.startswith("“`[a](javascript:1)`” is not a number"), message


# ---- item 6: what a visitor is shown


def test_tracebacks_are_not_shown_to_visitors() -> None:
    config = tomllib.loads((ROOT / ".streamlit/config.toml").read_text())
    assert (
        config["client"]["showErrorDetails"] == "none"
    )  # Streamlit 1.67: full, stacktrace, type, none


def test_the_store_problems_are_the_ones_the_pages_translate() -> None:
    assert set(PROBLEM_TEXTS) == set(store.PROBLEMS)


def test_an_unreachable_database_is_reported_without_its_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("psycopg")
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://tutor:s3cret@127.0.0.1:9/classroom")
    at = AppTest.from_file(ENTRY, default_timeout=60)
    at.switch_page(PROGRESS)
    at.query_params["learner"] = "Ann"
    at.run()
    shown = " ".join(notes(at))
    assert "Progress is not being saved: cannot open the database" in shown, shown
    for secret in ("127.0.0.1", "tutor", "s3cret", "classroom", "postgresql", ":9"):
        assert secret not in shown.replace("Cribbage tutor", ""), (secret, shown)


def test_a_sqlite_problem_names_no_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{blocker}/progress.db")
    at = open_page(COUNT, seed="42", learner="Ann")
    shown = " ".join(c.value for c in at.caption) + " ".join(notes(at))
    assert (
        "cannot open the database" in shown and str(tmp_path) not in shown and "sqlite" not in shown
    )
