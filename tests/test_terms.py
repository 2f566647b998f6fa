"""The terms the translation review found wrong stay right (issue 17, item 5).

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

ROOT = Path(__file__).resolve().parent.parent


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
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "lessons" / lang).glob("*.md"))}


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
