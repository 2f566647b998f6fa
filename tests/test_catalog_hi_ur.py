"""The Hindi and Urdu catalogs and lessons: complete, faithful to their placeholders, in script."""

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cribbage_core.hand_quiz import deal_hand
from tutor.lang import i18n
from tutor.lang.glossary import KEYS, term, with_english
from tutor.lang.spoken_count import catalog_translations, say_count

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("hi", "ur")
#: Letters each language's text is written in (Devanagari; Arabic with its Urdu extensions).
SCRIPT = {"hi": re.compile(r"[\u0900-\u097F]"), "ur": re.compile(r"[\u0600-\u06FF]")}
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)[sd]")
#: Latin words a translation may keep: an acronym, card codes are placeholders.
LATIN_ALLOWED = {"CSV"}
#: Messages whose translation is only a rearrangement of the placeholders ("क्वीन (पान)":
#: "{suit} का {rank}" would get the gender of क्वीन wrong).
NO_WORDS = {"{rank} of {suit}"}


def load(lang: str) -> Catalog:
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as src:
        return read_po(src, locale=lang)


def template_ids() -> set[str]:
    with (ROOT / "locales" / "messages.pot").open("rb") as src:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(src) if m.id}


def pairs(catalog: Catalog) -> list[tuple[str, str]]:
    """(msgid, msgstr) for every form of every message (plural forms against the plural msgid)."""
    out = []
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            out += [(m.id[min(i, 1)], s) for i, s in enumerate(strings)]
        else:
            out.append((m.id, m.string))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_message_is_translated(lang: str) -> None:
    catalog = load(lang)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    assert template_ids() <= ids, (
        f"run python -m tutor.lang.catalogs: {sorted(template_ids() - ids)[:5]}"
    )
    assert catalog.num_plurals == 2
    for m in catalog:
        if m.id:
            assert not m.fuzzy, m.id
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            assert len(strings) == (2 if isinstance(m.id, tuple) else 1), m.id
            assert all(s and s.strip() for s in strings), f"untranslated: {m.id!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_keep_placeholders_and_markup(lang: str) -> None:
    for msgid, msgstr in pairs(load(lang)):
        assert sorted(PLACEHOLDER.findall(msgstr)) == sorted(PLACEHOLDER.findall(msgid)), msgid
        assert msgstr.count("**") == msgid.count("**"), msgid


@pytest.mark.parametrize("lang", LANGS)
def test_translations_are_written_in_the_languages_script(lang: str) -> None:
    for msgid, msgstr in pairs(load(lang)):
        text = PLACEHOLDER.sub("", msgstr)
        latin = set(re.findall(r"[A-Za-z]+", text)) - LATIN_ALLOWED
        assert not latin, f"English left in {msgid!r}: {msgstr!r}"
        if re.search(r"[A-Za-z]", PLACEHOLDER.sub("", msgid)) and msgid not in NO_WORDS:
            assert SCRIPT[lang].search(text), f"not translated: {msgid!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_count_said_aloud_comes_out_as_the_grammar_says(lang: str) -> None:
    catalog = load(lang)
    for msgid, wording in catalog_translations(lang).items():
        assert catalog[msgid].string == wording, msgid
    i18n.translations.cache_clear()
    for seed in range(300):
        steps = deal_hand(seed, is_crib=seed % 4 == 0).score.steps
        assert i18n.say_count(steps, lang) == say_count(steps, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_glossary_terms_name_the_scoring_kinds(lang: str) -> None:
    for kind, key in [
        ("Fifteen", "fifteen"),
        ("Pair royal", "pair_royal"),
        ("Double pair royal", "double_pair_royal"),
        ("Go", "go"),
        ("Crib", "crib"),
        ("starter", "starter"),
        ("Dealer", "dealer"),
    ]:
        assert i18n._(kind, lang) == term(lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_is_translated_with_its_markup(lang: str) -> None:
    for english in sorted((ROOT / "lessons" / "en").glob("*.md")):
        text = (ROOT / "lessons" / lang / english.name).read_text(encoding="utf-8")
        source = english.read_text(encoding="utf-8")
        assert text.startswith("# ") and SCRIPT[lang].search(text.splitlines()[0])
        assert text.count("|") == source.count("|"), english.name  # same tables
        # each table row and list item survives
        for mark in ("\n| ", "\n- ", "\n1. ", "\n2. ", "\n3. "):
            assert text.count(mark) == source.count(mark), (english.name, mark)
        words = set(re.findall(r"[A-Za-z]{2,}", text))
        assert words <= ENGLISH_BESIDE_TERMS, (english.name, sorted(words - ENGLISH_BESIDE_TERMS))


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_give_the_english_term_once_at_its_first_use(lang: str) -> None:
    for name, keys in FIRST_MENTIONS.items():
        text = (ROOT / "lessons" / lang / name).read_text(encoding="utf-8")
        body = text.split("\n", 1)[1]  # the title stays plain
        for key in keys:
            beside = with_english(lang, key)
            assert body.count(beside) == 1, (name, key)
            # the first use of the local term is the one with the English beside it (longer
            # terms containing it, like نان ڈیلر for ڈیلر, are masked first)
            masked = body
            for other in KEYS:
                if other != key and term(lang, key) in term(lang, other):
                    masked = masked.replace(with_english(lang, other), "#")
                    masked = masked.replace(term(lang, other), "#")
            assert masked.index(term(lang, key)) == masked.index(beside), (name, key)


#: The glossary terms each lesson uses, as the English lesson does.
FIRST_MENTIONS = {
    "01_cards.md": ["starter", "the_play", "the_show", "rank", "run", "pair", "fifteen", "count"],
    "02_deal.md": ["dealer", "rank", "crib", "pone", "fifteen"],
    "03_starter.md": [
        "pone",
        "dealer",
        "starter",
        "the_show",
        "crib",
        "the_play",
        "pegging",
        "his_heels",
    ],
    "04_play.md": [
        "the_play",
        "pone",
        "count",
        "pegging",
        "fifteen",
        "thirty_one",
        "pair",
        "rank",
        "pair_royal",
        "double_pair_royal",
        "run",
        "go",
    ],
    "05_show.md": [
        "the_play",
        "starter",
        "the_show",
        "pone",
        "dealer",
        "crib",
        "fifteen",
        "rank",
        "pair",
        "run",
        "flush",
        "his_nobs",
        "pair_royal",
        "count",
    ],
    "06_end.md": ["the_play", "the_show", "pone", "dealer", "skunk", "double_skunk", "lurch"],
    "07_variants.md": ["dealer", "crib", "the_play", "starter", "his_heels", "the_show"],
}


#: English allowed in a lesson: the glossary's terms in brackets beside their first use.
ENGLISH_BESIDE_TERMS = {
    "crib",
    "starter",
    "pone",
    "dealer",
    "his",
    "heels",
    "nobs",
    "go",
    "fifteen",
    "thirty",
    "one",
    "pair",
    "royal",
    "double",
    "run",
    "flush",
    "skunk",
    "lurch",
    "muggins",
    "the",
    "play",
    "pegging",
    "show",
    "count",
    "cut",
    "card",
    "rank",
    "suit",
}
