"""What only some languages need checked, beyond tests/tutor/lang/test_translations.py's checks on all six:
each script's letters, Bengali's marks and genitive, the count said aloud, and the lessons'
structure and first mentions as each language's grammar allows (case endings, obliques)."""

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from cribbage_core.teaching.hand_quiz import deal_hand
from tutor.lang import i18n
from tutor.lang.glossary import KEYS, term, with_english
from tutor.lang.spoken_count import say_count
from tutor.lessons import LESSONS

ROOT = Path(__file__).resolve().parents[3]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)[sd]")
#: Letters each language's text is written in.
SCRIPT = {
    "hi": re.compile(r"[\u0900-\u097F]"),
    "ur": re.compile(r"[\u0600-\u06FF]"),
    "gu": re.compile(r"[\u0A80-\u0AFF]"),
    "bn": re.compile(r"[\u0980-\u09FF]"),
    "pa": re.compile(r"[\u0A00-\u0A7F]"),
}
#: Messages whose translation is only a rearrangement of the placeholders ("क्वीन (पान)":
#: "{suit} का {rank}" would get the gender of क्वीन wrong), or a word kept in Latin letters.
NO_WORDS = {"{rank} of {suit}", " or ", "CSV"}


def load(lang: str) -> Catalog:
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as src:
        return read_po(src, locale=lang)


def pairs(message: Message) -> list[tuple[str, str]]:
    """(English, translation) for each form; every plural form against the English plural."""
    if isinstance(message.id, str):
        return [(message.id, str(message.string))]
    return [(message.id[min(i, 1)], form) for i, form in enumerate(message.string)]


def all_pairs(catalog: Catalog) -> list[tuple[str, str]]:
    return [pair for m in catalog if m.id for pair in pairs(m)]


# ------------------------------------------------------------------ catalogs


@pytest.mark.parametrize("lang", sorted(SCRIPT))
def test_translations_are_written_in_the_languages_script(lang: str) -> None:
    for msgid, msgstr in all_pairs(load(lang)):
        if re.search(r"[A-Za-z]{3}", PLACEHOLDER.sub("", msgid)) and msgid not in NO_WORDS:
            assert SCRIPT[lang].search(msgstr), f"not translated: {msgid!r} -> {msgstr!r}"


@pytest.mark.parametrize("lang", ("gu", "pa"))
def test_gujarati_and_punjabi_use_one_form_for_zero_and_one(lang: str) -> None:
    assert load(lang).plural_expr == "(n > 1)"


def test_bengali_keeps_arrows_quotes_brackets_and_percent_signs() -> None:
    for english, bengali in all_pairs(load("bn")):
        for mark in ("←", "→", "“", "(", "%"):
            # nine carries its digit in brackets ("নয় (৯)": the bare word is also "is not")
            extra = 1 if (english, mark) == ("nine", "(") else 0
            assert bengali.count(mark) == english.count(mark) + extra, (mark, english)


def test_bengali_names_pone_his_heels_and_muggins_inside_sentences() -> None:
    catalog = load("bn")
    assert (
        term("bn", "his_heels") in catalog["A jack! The dealer pegs {points} for his heels."].string
    )
    assert term("bn", "muggins") in str(catalog["Points lost to muggins"].string)
    assert term("bn", "pone") in str(catalog["Pone (their crib)"].string)


def test_a_seat_name_takes_the_bengali_genitive_that_fits_any_name() -> None:
    """A seat's crib or hand is a whole message with ``{name}`` written ``{name}-এর``: right after
    any name, whatever its last sound (``ের`` glued to the name was right only after a consonant)."""
    genitives = [
        m for m in load("bn") if m.id and "{name}'s" in (m.id if isinstance(m.id, str) else m.id[0])
    ]
    assert len(genitives) >= 5
    for message in genitives:
        for string in message.string if isinstance(message.string, tuple) else (message.string,):
            assert "{name}-এর" in string and "{name}ের" not in string, message.id


# ------------------------------------------------------------------ the count said aloud


def test_count_said_aloud_reads_in_bengali() -> None:
    i18n.translations.cache_clear()
    said = {i18n.say_count(deal_hand(seed).score.steps, "bn") for seed in range(200)}
    assert "পনেরো দুই, পনেরো চার" in " | ".join(said)
    assert not any(re.search(r"[A-Za-z]", text) for text in said)


@pytest.mark.parametrize("lang", ("hi", "ur"))
def test_the_count_said_aloud_comes_out_as_the_grammar_says(lang: str) -> None:
    i18n.translations.cache_clear()
    for seed in range(300):
        steps = deal_hand(seed, is_crib=seed % 4 == 0).score.steps
        assert i18n.say_count(steps, lang) == say_count(steps, lang)


# ------------------------------------------------------------------ lessons: Bengali

LESSONS_BN = ROOT / "lessons/bn"


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in LESSONS])
def test_each_bengali_lesson_has_the_english_structure(lesson_id: str) -> None:
    english = (ROOT / "lessons/en" / f"{lesson_id}.md").read_text(encoding="utf-8")
    bengali = (LESSONS_BN / f"{lesson_id}.md").read_text(encoding="utf-8")
    assert bengali.startswith("# ") and SCRIPT["bn"].search(bengali.splitlines()[0])
    for mark in ("**", "|", "\n- ", "\n1. "):
        assert bengali.count(mark) == english.count(mark), (lesson_id, mark)
    for number in ("121", "61", "31", "29", "15", "52"):
        assert (number in bengali) == (number in english), (lesson_id, number)


#: Case endings a term may carry at its first mention ("ক্রিবে (crib)", "নন-ডিলারের (pone)").
ENDING = "(?:ের|এর|ে|তে|য়|র)?"


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in LESSONS])
def test_each_bengali_term_shows_its_english_at_its_first_use(lesson_id: str) -> None:
    text = (LESSONS_BN / f"{lesson_id}.md").read_text(encoding="utf-8")
    body = text.split("\n", 1)[1]  # the title is shown on its own, as the lesson's name
    for key in KEYS:
        local = term("bn", key)
        english = with_english("bn", key).removeprefix(local)  # " (crib)"
        # the whole word (inflected or not): no Bengali letter or hyphen before, none after
        first = re.search(
            rf"(?<![\u0980-\u09FF-]){re.escape(local)}{ENDING}(?![\u0980-\u09FF])", body
        )
        if first is not None:
            assert body[first.end() :].startswith(english), (
                key,
                body[first.start() : first.end() + 30],
            )


def test_bengali_lessons_mention_the_main_terms() -> None:
    text = "\n".join(
        (LESSONS_BN / f"{lesson.id}.md").read_text(encoding="utf-8") for lesson in LESSONS
    )
    for key in (
        "crib",
        "starter",
        "pone",
        "dealer",
        "his_heels",
        "his_nobs",
        "go",
        "pair_royal",
        "run",
        "flush",
        "skunk",
        "double_skunk",
        "lurch",
        "pegging",
        "the_play",
        "the_show",
    ):
        assert (
            f"{term('bn', key)}{with_english('bn', key).removeprefix(term('bn', key))}" in text
        ), key


# ------------------------------------------------------------------ lessons: Gujarati and Punjabi

LANGS_GU_PA = ("gu", "pa")
#: Endings a term may take in running text before its English gloss (Gujarati case endings,
#: the Punjabi oblique plural); anything else after the term means a different word.
SUFFIXES = {
    "gu": ("", "નો", "ની", "નું", "નાં", "ના", "માં", "થી", "ને", "ે", "માંથી"),
    "pa": ("", "ਾਂ"),
}
LETTER = r"[\w\u0A00-\u0AFF]"


def _lesson(lang: str, name: str) -> str:
    return (ROOT / "lessons" / lang / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGS_GU_PA)
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


@pytest.mark.parametrize("lang", LANGS_GU_PA)
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


# ------------------------------------------------------------------ lessons: Hindi and Urdu


@pytest.mark.parametrize("lang", ("hi", "ur"))
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


@pytest.mark.parametrize("lang", ("hi", "ur"))
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
