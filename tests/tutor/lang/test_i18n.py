"""The translation layer: catalogs complete for the code, the count said aloud, lessons present."""

import re
import shutil
from pathlib import Path

import pytest

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.lang import i18n
from tutor.lang.catalogs import extract
from tutor.lessons import LESSONS, lesson_title

ROOT = Path(__file__).resolve().parents[3]


def catalog_ids(path: Path) -> set[str]:
    from babel.messages.pofile import read_po

    with path.open("rb") as src:
        catalog = read_po(src)
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


def test_every_message_in_the_code_is_in_the_template_and_english_catalog() -> None:
    in_code = {m.id if isinstance(m.id, str) else m.id[0] for m in extract() if m.id}
    assert len(in_code) > 150
    for path in [ROOT / "locales/messages.pot", ROOT / "locales/en/LC_MESSAGES/messages.po"]:
        missing = in_code - catalog_ids(path)
        assert not missing, (
            f"{path.name} lacks {sorted(missing)[:5]}: run python -m tutor.lang.catalogs"
        )


def _dated(path: Path, date: str) -> None:
    """Give ``path`` the creation date ``date`` (as an earlier run of the catalogs would have)."""
    text = re.sub(
        r"POT-Creation-Date: [^\\]*", f"POT-Creation-Date: {date}", path.read_text("utf-8")
    )
    path.write_text(text, "utf-8")


def test_refreshing_the_catalogs_keeps_the_date_when_no_message_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run of ``python -m tutor.lang.catalogs`` with nothing new rewrites no date line (a
    needless diff in every .po file, and a merge conflict between branches); a new message
    does date the files it changes."""
    from babel.messages.catalog import Catalog

    from tutor.lang import catalogs

    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    catalogs.update_catalogs(locales)  # in step with the code, whatever the copy was
    files = [locales / "messages.pot", *sorted(locales.glob("*/LC_MESSAGES/messages.po"))]
    for path in files:
        _dated(path, "2020-01-02 03:04+0000")
    before = {path: path.read_bytes() for path in files}
    catalogs.update_catalogs(locales)
    assert {path: path.read_bytes() for path in files} == before

    def with_a_new_message() -> Catalog:
        template = extract()
        template.add("A message added since", None, [("app.py", 1)])
        return template

    monkeypatch.setattr(catalogs, "extract", with_a_new_message)
    catalogs.update_catalogs(locales)
    for path in files:
        text = path.read_text("utf-8")
        assert 'msgid "A message added since"' in text
        assert "POT-Creation-Date: 2020-01-02 03:04+0000" not in text, path


def test_no_fstring_or_variable_passed_to_the_translator() -> None:
    """_() must receive a literal (or an N_-marked constant) so extraction sees every message."""
    import ast

    for path in [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("tutor/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_" and node.args:
                assert not isinstance(node.args[0], ast.JoinedStr), (
                    f"f-string in _() in {path.name}"
                )


def test_english_count_aloud_matches_the_engine() -> None:
    for seed in range(500):
        deal = deal_hand(seed, is_crib=seed % 3 == 0)
        assert i18n.say_count(deal.score.steps, "en") == deal.score.said_aloud


def test_catalog_is_compiled_from_the_po_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    po = tmp_path / "pa" / "LC_MESSAGES" / "messages.po"  # a throwaway catalog, French text
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "Next hand"\nmsgstr "Main suivante"\n\n'
        'msgid "{n} card left"\nmsgid_plural "{n} cards left"\n'
        'msgstr[0] "{n} carte"\nmsgstr[1] "{n} cartes"\n\n'
        'msgid "fifteen {total}"\nmsgstr "quinze {total}"\n\n'
        'msgid "two"\nmsgstr "deux"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.translations.cache_clear()
    i18n.available_languages.cache_clear()
    try:
        assert i18n.available_languages() == ("en", "pa")
        assert i18n._("Next hand", "pa") == "Main suivante"
        assert i18n._("Check", "pa") == "Check"  # untranslated falls back to English
        assert i18n.ngettext("{n} card left", "{n} cards left", 2, "pa") == "{n} cartes"
        steps = deal_hand(0).score.steps[:1]
        if steps and steps[0].kind == "fifteen":
            assert i18n.say_count(steps, "pa") == "quinze deux"
    finally:
        i18n.translations.cache_clear()
        i18n.available_languages.cache_clear()


def test_language_names_are_their_own() -> None:
    assert i18n.language_name("en") == "English"
    assert i18n.language_name("hi") == "हिन्दी"


def test_every_lesson_has_english_markdown_with_a_title() -> None:
    for lesson in LESSONS:
        assert (ROOT / "lessons/en" / f"{lesson.id}.md").exists()
        assert lesson_title(lesson.id) and not lesson_title(lesson.id).startswith("#")


def test_lesson_falls_back_to_english() -> None:
    assert i18n.lesson_text("01_cards", "zz") == i18n.lesson_text("01_cards", "en")


def test_card_labels_in_running_text_stay_left_to_right_in_urdu() -> None:
    from cribbage_core import Card
    from tutor.lang.i18n import card_text, cards_text

    king = Card.parse("KD")
    assert card_text(king, lang="en") == "K♦"
    assert card_text(king, lang="ur") == "\u2066K♦\u2069"  # isolated: never shown as "♦K"
    assert cards_text([king, Card.parse("5S")], ", ", lang="ur") == "\u2066K♦\u2069, \u20665♠\u2069"
    assert cards_text([king, Card.parse("5S")], lang="hi") == "K♦ 5♠"


def test_signed_numbers_and_sums_stay_left_to_right_in_urdu() -> None:
    from cribbage_core import parse_cards
    from cribbage_core.scoring import score_hand
    from tutor.html.breakdown import describe_item, rows_html
    from tutor.lang.i18n import fmt_signed, ltr

    assert fmt_signed(2, "ur") == "\u2066+2\u2069" and fmt_signed(2, "hi") == "+2"  # never "2+"
    assert fmt_signed(-1, "en") == "-1" and ltr("10-J-Q", "en") == "10-J-Q"
    fifteen = score_hand(parse_cards("5H 10S 2C 3D"), parse_cards("KC")[0]).items[0]
    assert describe_item(fifteen) == "5♥ + 10♠ = 15"  # English unchanged
    assert "<strong>+2</strong>" in rows_html([("Fifteen", "", "", 2, 2)], [""])
