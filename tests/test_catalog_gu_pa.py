"""Gujarati and Punjabi: complete catalogs, the count as spoken_count says it, lessons that match English."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tutor.lang.catalogs import extract
from tutor.lang.glossary import KEYS, term
from tutor.lang.spoken_count import catalog_translations

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("gu", "pa")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)s|\*\*")
#: Endings a term may take in running text before its English gloss (Gujarati case endings,
#: the Punjabi oblique plural); anything else after the term means a different word.
SUFFIXES = {
    "gu": ("", "નો", "ની", "નું", "નાં", "ના", "માં", "થી", "ને", "ે", "માંથી"),
    "pa": ("", "ਾਂ"),
}
LETTER = r"[\w\u0A00-\u0AFF]"


def catalog(lang: str):
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as src:
        return read_po(src, locale=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    cat = catalog(lang)
    assert cat.num_plurals == 2 and cat.plural_expr == "(n > 1)"
    in_code = {m.id if isinstance(m.id, str) else m.id[0] for m in extract() if m.id}
    translated = {}
    for m in cat:
        if not m.id:
            continue
        assert "fuzzy" not in m.flags, m.id
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert len(strings) == (cat.num_plurals if isinstance(m.id, tuple) else 1), m.id
        for text in strings:
            assert text.strip() or ids[0].strip() in ("", ","), f"{lang}: empty {ids[0]!r}"
            # plural forms follow the plural msgid ("{who} laid away {n} cards."), whose {n} the
            # singular English form may lack
            got, want = sorted(PLACEHOLDER.findall(text)), sorted(PLACEHOLDER.findall(ids[-1]))
            assert got == want or (len(ids) == 2 and set(got) <= set(want)), (ids[-1], text)
        translated[ids[0]] = strings[0]
    assert not in_code - set(translated), sorted(in_code - set(translated))[:5]
    # an English word left as it was (placeholders such as {verdict} are not words)
    english_left = [
        i
        for i, s in translated.items()
        if s == i and re.search("[A-Za-z]{3}", PLACEHOLDER.sub("", i))
    ]
    assert not english_left, english_left[:5]


@pytest.mark.parametrize("lang", LANGS)
def test_count_entries_say_what_spoken_count_says(lang: str) -> None:
    strings = {m.id: m.string for m in catalog(lang) if isinstance(m.id, str)}
    for msgid, wording in catalog_translations(lang).items():
        assert strings[msgid] == wording, msgid


def _lesson(lang: str, name: str) -> str:
    return (ROOT / "lessons" / lang / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS)
def test_lessons_match_the_english_ones(lang: str) -> None:
    english = sorted(p.name for p in (ROOT / "lessons/en").glob("*.md"))
    assert sorted(p.name for p in (ROOT / "lessons" / lang).glob("*.md")) == english
    for name in english:
        en, local = _lesson("en", name), _lesson(lang, name)
        assert local.startswith("# ") and not re.search("[a-z]{4}", local.splitlines()[0]), name
        # the same tables and lists, and every number of the English text kept
        for pattern in (r"(?m)^\|", r"(?m)^\d+\. "):
            assert len(re.findall(pattern, local)) == len(re.findall(pattern, en)), (name, pattern)
        assert set(re.findall(r"\d+", en)) <= set(re.findall(r"\d+", local)), name


@pytest.mark.parametrize("lang", LANGS)
def test_each_term_has_its_english_beside_it_the_first_time_a_lesson_uses_it(lang: str) -> None:
    english = {key: term("en", key) for key in KEYS}
    local = sorted(((term(lang, key), key) for key in KEYS), key=lambda t: -len(t[0]))
    endings = "|".join(re.escape(s) for s in sorted(SUFFIXES[lang], key=len, reverse=True))
    for path in sorted((ROOT / "lessons" / lang).glob("*.md")):
        body = path.read_text(encoding="utf-8").split("\n", 1)[1]
        for word, key in local:  # longest first, then blank it out so "pair" skips "pair royal"
            found = list(
                re.finditer(rf"(?<!{LETTER}){re.escape(word)}(?:{endings})(?!{LETTER})", body)
            )
            if found:
                after = body[found[0].end() :]
                gloss = f" ({english[key]})"
                assert after.startswith((gloss, "**" + gloss)), (
                    f"{path.name}: first {word!r} lacks{gloss}: …{body[found[0].start() : found[0].end() + 20]!r}"
                )
            body = re.sub(re.escape(word), "\0" * len(word), body)
