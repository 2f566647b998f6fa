"""The terms the translation review found wrong stay right.

Each test reads what a learner reads (the catalogs, the lessons, the count said aloud) and fails
on the exact slip the review found: Punjabi "his heels" as the body part, Punjabi throwing to
the crib and laying a card in the play with one verb, Gujarati ક્રમ ("order") for a card's
rank, Gujarati ordinal suffixes glued to a number, Gujarati ક્રાઇબ next to ક્રિબેજ, Urdu کرب
("anguish") for the crib and Bengali নয় (nine) read as "is not" in the count.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cribbage_core import full_deck, score_hand
from tutor.lang import i18n
from tutor.lang.glossary import term
from tutor.lang.spoken_count import say_count

ROOT = Path(__file__).resolve().parents[3]


@cache
def catalog(lang: str) -> dict[str, tuple[str, ...]]:
    """English msgid (the singular of a plural) -> every translated form."""
    with (ROOT / "locales" / lang / "LC_MESSAGES" / "messages.po").open("rb") as src:
        cat = read_po(src, locale=lang)
    out = {}
    for m in cat:
        if m.id:
            msgid = m.id if isinstance(m.id, str) else m.id[0]
            out[msgid] = m.string if isinstance(m.string, tuple) else (m.string,)
    return out


def lessons(lang: str) -> dict[str, str]:
    return {
        p.name: p.read_text(encoding="utf-8")
        for p in sorted((ROOT / "lessons" / lang).glob("*.md"))
    }


def texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every translated message and every lesson of ``lang``."""
    found = [(msgid, form) for msgid, forms in catalog(lang).items() for form in forms]
    return found + list(lessons(lang).items())


def hands(n: int = 3000) -> list[tuple]:
    rng, deck = random.Random(17), list(full_deck())
    dealt = []
    for i in range(n):
        five = rng.sample(deck, 5)
        dealt.append(score_hand(five[:4], five[4], i % 3 == 0).steps)
    return dealt


# ------------------------------------------------------------ Bengali: nine is not "is not"

#: নয় on its own: not followed by its digit in brackets, not part of a longer word.
BARE_NINE = re.compile(r"নয়(?![\u0980-\u09FF])(?! \([9৯]\))")


def test_a_bengali_count_never_says_a_bare_nine() -> None:
    said_nine = 0
    for steps in hands():
        for text in (say_count(steps, "bn"), i18n.say_count(steps, "bn")):
            assert not BARE_NINE.search(text), text
        if any(step.total == 9 for step in steps):
            said_nine += 1
            assert "নয় (৯)" in say_count(steps, "bn")
            # the app's count: the digit in the learner's digits (Western outside a page)
            assert "নয় (9)" in i18n.say_count(steps, "bn")
    assert said_nine > 50  # the sample has counts through nine (and ending on it)


def test_the_bengali_nine_is_in_the_learners_digits(monkeypatch: pytest.MonkeyPatch) -> None:
    steps = score_hand("KH KS 2C 3D", "4H").steps  # "... and a run of three is nine"
    assert i18n.say_count(steps, "bn").endswith("রানে নয় (9)")
    monkeypatch.setattr(i18n, "native_digits", lambda: True)
    assert i18n.say_count(steps, "bn").endswith("রানে নয় (৯)")
    assert i18n.number_word(9, "bn") == "নয় (৯)"


def test_the_bengali_lesson_quotes_the_count_with_the_digit() -> None:
    quoted = re.findall(r'"([^"]*)"', lessons("bn")["05_show.md"])
    count = next(q for q in quoted if q.startswith("পনেরো দুই"))
    assert count.endswith("রানে নয় (9)") and not BARE_NINE.search(count)


def test_the_check_finds_a_bare_nine() -> None:
    assert BARE_NINE.search("পনেরো দুই, আর তিন কার্ডের রানে নয়")
    assert BARE_NINE.search("জোড়ায় নয়, আর নোবসে দশ")
    assert not BARE_NINE.search("রানে নয় (৯), রানে নয় (9)")


# ------------------------------------------------------------ Punjabi: his heels, throw and lay

#: A throw to the crib, in English: the discard, its verb and its noun.
THROW = re.compile(
    r"(?i)\b(throw|throws|threw|thrown|discard|discards|lay away|lays away|laid away)\b"
)
#: A card laid in the play, in English (and not "laid away").
LAY = re.compile(r"(?i)\b(lay|lays|laid)\b(?! away)(?!.*\baway\b)")


def test_punjabi_his_heels_is_the_term_not_the_heel_of_a_foot() -> None:
    for where, text in texts("pa"):
        assert "ਅੱਡੀ" not in text, where  # ਉਸ ਦੀ ਅੱਡੀ: his heel, the body part
    heels = [forms for msgid, forms in catalog("pa").items() if "his heels" in msgid.lower()]
    assert len(heels) >= 4
    assert all(term("pa", "his_heels") in form for forms in heels for form in forms)
    assert term("pa", "his_heels") in lessons("pa")["03_starter.md"]


def test_punjabi_throws_to_the_crib_and_lays_in_the_play_with_different_words() -> None:
    pa = catalog("pa")
    assert pa["Throw {card}"] != pa["Lay {card}"]
    assert "ਕ੍ਰਿਬ ਵਿੱਚ ਪਾ" in pa["Throw {card}"][0] and "ਸੁੱਟ" in pa["Lay {card}"][0]
    for msgid, forms in pa.items():
        if THROW.search(msgid) and not LAY.search(msgid):
            assert not any("ਸੁੱਟ" in form for form in forms), msgid  # ਸੁੱਟਣਾ is laying a card
    for msgid in ("Which card would you lay?", "Lay {card}", "The dealer's turn: lay a card."):
        assert "ਕ੍ਰਿਬ" not in pa[msgid][0], msgid


# ------------------------------------------------------------ the crib, spelled as it is said


def test_gujarati_writes_crib_as_it_writes_cribbage() -> None:
    assert term("gu", "crib") == "ક્રિબ" and "ક્રિબેજ".startswith(term("gu", "crib"))
    for where, text in texts("gu"):
        assert "ક્રાઇબ" not in text, where  # kraib: the seed's heading
    for msgid, forms in catalog("gu").items():
        if re.search(r"(?i)\bcrib\b", re.sub(r"\{[a-z_]+\}", "", msgid)):
            assert all("ક્રિબ" in form for form in forms), msgid


def test_urdu_crib_carries_its_zer_so_it_is_not_anguish() -> None:
    assert term("ur", "crib") == "کرِب"
    for where, text in texts("ur"):
        assert "کرب" not in text, where  # karb, "anguish", without the zer
    for msgid, forms in catalog("ur").items():
        if re.search(r"(?i)\bcrib\b", re.sub(r"\{[a-z_]+\}", "", msgid)):
            assert all("کرِب" in form for form in forms), msgid


# ------------------------------------------------------------ ordinals are not glued to numbers

#: Ordinal endings that are right for some numbers only (gu 1લો/2જો/3જો/4થો/6ઠ્ઠો, pa ਦੂਜੇ/ਤੀਜੇ).
ORDINAL = {
    # (not -માં "in" nor -થી "from, than": case endings, right after any number)
    "gu": re.compile(r"\{[a-z_]+\}(?:મ(?:ા(?!ં)|ો|ું|ી|ે)|જ(?:ા|ો|ું|ી)|થ(?:ા|ો|ું)|ઠ્ઠ)"),
    "pa": re.compile(r"\{[a-z_]+\}(?:ਵੇਂ|ਵਾਂ|ਵੀਂ|ਵੇ|ਜੇ|ਜਾ|ਥੇ|ਥਾ)"),
}


@pytest.mark.parametrize("lang", ["gu", "pa"])
def test_a_number_placeholder_takes_no_ordinal_suffix(lang: str) -> None:
    for msgid, forms in catalog(lang).items():
        for form in forms:
            assert not ORDINAL[lang].search(form), (msgid, form)
    ranked = next(
        forms
        for msgid, forms in catalog(lang).items()
        if msgid.startswith("Your discard ({cards}) ranked")
    )
    assert "{rank} ન" in ranked[0] if lang == "gu" else "{rank} ਨੰਬਰ" in ranked[0]


def test_the_ordinal_check_finds_a_glued_suffix() -> None:
    assert ORDINAL["gu"].search("{rank}મા ક્રમે") and ORDINAL["pa"].search("{rank}ਵੇਂ ਨੰਬਰ")
    assert not ORDINAL["gu"].search("{n}માંથી {found}, {close}થી ઓછો")


# ------------------------------------------------------------ Gujarati: a card's rank is not its order

#: "rank" as a card's rank in an English message (not "ranked", "ranking", nor the advisor's
#: "Rank" column, which is a place in a ranking); placeholders such as {rank} are left out.
CARD_RANK = re.compile(r"\branks?\b")


def test_gujarati_says_rank_with_the_seeds_word_and_keeps_kram_for_order() -> None:
    assert term("gu", "rank") == "રેન્ક"
    rank_messages = 0
    for msgid, forms in catalog("gu").items():
        english = re.sub(r"\{[a-z_]+\}", "", msgid)
        if CARD_RANK.search(english):  # lowercase: "the same rank", "a duplicated rank", ...
            rank_messages += 1
            assert all("ક્રમ" not in form and "રેન્ક" in form for form in forms), msgid
    assert rank_messages >= 10
    gu = catalog("gu")
    for msgid in ("Order", "In the order of the game", "Your games, in order", "Rank"):
        assert "ક્રમ" in gu[msgid][0], msgid  # order, and a place in the advisor's ranking


def test_gujarati_lessons_say_rank_as_the_seed_does() -> None:
    english, gujarati = lessons("en"), lessons("gu")
    for name, text in english.items():
        if re.search(r"(?i)\brank", text):
            assert "રેન્ક" in gujarati[name], name
    # ક્રમ is left only where the English says "order": "The order is" and "in any order"
    orders = sum(len(re.findall(r"\border\b", text)) for text in english.values())
    krams = sum(text.count("ક્રમ") for text in gujarati.values())
    assert krams == orders == 2, (krams, orders)


@pytest.mark.parametrize("lang", ["hi", "ur", "gu", "bn", "pa"])
def test_every_language_names_a_cards_rank_with_its_glossary_term(lang: str) -> None:
    word = term(lang, "rank")
    for msgid, forms in catalog(lang).items():
        if CARD_RANK.search(re.sub(r"\{[a-z_]+\}", "", msgid)):
            assert all(word in form for form in forms), (lang, msgid)
    first_lesson = lessons(lang)["01_cards.md"]
    assert re.search(rf"{re.escape(word)}(\*\*)? \((\u2068)?rank(\u2069)?\)", first_lesson), lang
