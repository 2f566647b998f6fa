"""The Bengali catalog and lessons: complete, placeholders and markup kept, glossary terms used."""

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from tutor.lang import i18n
from tutor.lang.glossary import KEYS, term, with_english
from tutor.lang.spoken_count import catalog_translations
from tutor.lessons import LESSONS

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locales/bn/LC_MESSAGES/messages.po"
LESSONS_BN = ROOT / "lessons/bn"
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%\([a-z_]+\)[sd]")
BENGALI = re.compile(r"[\u0980-\u09FF]")


def load(path: Path, locale: str | None = "bn") -> Catalog:
    with path.open("rb") as src:
        return read_po(src, locale=locale)


def ids(messages: Catalog) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in messages if m.id}


def pairs(message: Message) -> list[tuple[str, str]]:
    """(English, Bengali) for each form; every Bengali plural form against the English plural."""
    if isinstance(message.id, str):
        return [(message.id, str(message.string))]
    return [(message.id[min(i, 1)], form) for i, form in enumerate(message.string)]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load(PO)


def test_every_template_message_is_in_the_bengali_catalog(catalog: Catalog) -> None:
    missing = ids(load(ROOT / "locales/messages.pot", None)) - ids(catalog)
    assert not missing, f"run python -m tutor.lang.catalogs, then translate {sorted(missing)[:5]}"


def test_every_message_is_translated_and_not_fuzzy(catalog: Catalog) -> None:
    assert catalog.num_plurals == 2
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        forms = pairs(message)
        assert len(forms) == (1 if isinstance(message.id, str) else catalog.num_plurals), message.id
        for english, bengali in forms:
            assert bengali.strip(), f"untranslated: {english!r}"


def test_placeholders_and_markup_are_kept(catalog: Catalog) -> None:
    for message in catalog:
        if not message.id:
            continue
        for english, bengali in pairs(message):
            got, want = sorted(PLACEHOLDER.findall(bengali)), sorted(PLACEHOLDER.findall(english))
            # a plural form may write a number as its word ("পনেরো বাবদ {points}" for {fifteen})
            assert got == want or (isinstance(message.id, tuple) and set(got) <= set(want)), english
            for mark in ("**", "←", "→", "“", "(", "%"):
                # nine carries its digit in brackets ("নয় (৯)": the bare word is also "is not")
                extra = 1 if (english, mark) == ("nine", "(") else 0
                assert bengali.count(mark) == english.count(mark) + extra, (mark, english)


def test_sentences_are_written_in_bengali(catalog: Catalog) -> None:
    for message in catalog:
        if not message.id:
            continue
        for english, bengali in pairs(message):
            if re.search(r"[A-Za-z]{3}", PLACEHOLDER.sub("", english)) and english not in {
                " or ",
                "CSV",
            }:
                assert BENGALI.search(bengali), f"not Bengali: {english!r} -> {bengali!r}"


def test_count_entries_match_the_spoken_count_grammar(catalog: Catalog) -> None:
    for english, bengali in catalog_translations("bn").items():
        assert catalog[english].string == bengali, english


def test_count_said_aloud_reads_in_bengali() -> None:
    i18n.translations.cache_clear()
    from cribbage_core.hand_quiz import deal_hand

    said = {i18n.say_count(deal_hand(seed).score.steps, "bn") for seed in range(200)}
    assert "পনেরো দুই, পনেরো চার" in " | ".join(said)
    assert not any(re.search(r"[A-Za-z]", text) for text in said)


def test_glossary_terms_are_the_ones_used(catalog: Catalog) -> None:
    def bn(msgid: str) -> str:
        return str(catalog[msgid].string)

    assert bn("Crib") == term("bn", "crib")
    assert bn("starter") == term("bn", "starter")
    assert bn("Dealer") == term("bn", "dealer")
    assert bn("Pair royal") == term("bn", "pair_royal")
    assert bn("Double pair royal") == term("bn", "double_pair_royal")
    assert bn("Go") == term("bn", "go")
    assert bn("A skunk") == term("bn", "skunk")
    assert bn("A double skunk") == term("bn", "double_skunk")
    assert term("bn", "his_heels") in bn("A jack! The dealer pegs {points} for his heels.")
    assert term("bn", "muggins") in bn("Points lost to muggins")


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in LESSONS])
def test_each_lesson_is_translated_with_the_same_structure(lesson_id: str) -> None:
    english = (ROOT / "lessons/en" / f"{lesson_id}.md").read_text(encoding="utf-8")
    bengali = (LESSONS_BN / f"{lesson_id}.md").read_text(encoding="utf-8")
    assert bengali.startswith("# ") and BENGALI.search(bengali.splitlines()[0])
    for mark in ("**", "|", "\n- ", "\n1. "):
        assert bengali.count(mark) == english.count(mark), (lesson_id, mark)
    for number in ("121", "61", "31", "29", "15", "52"):
        assert (number in bengali) == (number in english), (lesson_id, number)


#: Case endings a term may carry at its first mention ("ক্রিবে (crib)", "নন-ডিলারের (pone)").
ENDING = "(?:ের|এর|ে|তে|য়|র)?"


@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in LESSONS])
def test_each_term_shows_its_english_at_its_first_use_in_the_lesson(lesson_id: str) -> None:
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


def test_lessons_mention_the_main_terms() -> None:
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


def test_play_page_terms_are_the_glossarys(catalog: Catalog) -> None:
    def bn(msgid: str) -> str:
        return str(catalog[msgid].string)

    assert bn("Muggins") == term("bn", "muggins")
    assert bn("His heels") == term("bn", "his_heels")
    assert bn("The play") == term("bn", "the_play")
    assert bn("The show") == term("bn", "the_show")
    assert bn("a skunk") == term("bn", "skunk")
    assert bn("a double skunk") == term("bn", "double_skunk")
    assert bn("a lurch") == term("bn", "lurch")
    assert term("bn", "pone") in bn("Pone (their crib)")


def test_a_seat_name_takes_the_genitive_that_fits_any_name(catalog: Catalog) -> None:
    """A seat's crib or hand is a whole message with ``{name}`` written ``{name}-এর``: right after
    any name, whatever its last sound (``ের`` glued to the name was right only after a consonant)."""
    genitives = [m for m in catalog if isinstance(m.id, str) and "{name}'s" in m.id]
    genitives += [m for m in catalog if isinstance(m.id, tuple) and "{name}'s" in m.id[0]]
    assert len(genitives) >= 5
    for message in genitives:
        for string in message.string if isinstance(message.string, tuple) else (message.string,):
            assert "{name}-এর" in string and "{name}ের" not in string, message.id
