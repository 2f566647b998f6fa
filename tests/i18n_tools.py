"""Helpers for the language tests: what a page shows, the English sentences to look for,
pseudo-translated catalogs for testing before the real ones exist, and every page to render."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

from apptools import open_page
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from google.protobuf.json_format import MessageToDict
from streamlit.testing.v1 import AppTest

from cribbage_core.teaching.hand_quiz import deal_hand
from cribbage_core.teaching.pegging_quiz import pegging_question
from tutor.lang.glossary import KEYS, term
from tutor.lessons import LESSONS

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"

#: An English fragment this long (in words) is a sentence worth looking for: 3 words
#: catch every untranslated button, hint or message ("Check my count", "Next hand"
#: has 2 and is a label, but it sits in a longer message elsewhere) while card names
#: ("5♥") and one- or two-word glossary terms never match.
MIN_WORDS = 3
_PLACEHOLDER = re.compile(r"\{[^}]*\}|%\([^)]*\)[sd]|<[^>]+>|\*\*|[“”\"]")


def catalog_path(lang: str, locales: Path = LOCALES) -> Path:
    return locales / lang / "LC_MESSAGES" / "messages.po"


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as src:
        return read_po(src)


def english_sentences() -> set[str]:
    """Fragments of the English catalog's messages (split at placeholders and markup) of
    ``MIN_WORDS`` words or more, minus the glossary's English terms."""
    terms = {term("en", key).casefold() for key in KEYS}
    found = set()
    for message in read_catalog(catalog_path("en")):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for msgid in ids:
            for fragment in _PLACEHOLDER.split(msgid):
                fragment = fragment.strip(" .,:;!?()–-")
                if len(fragment.split()) >= MIN_WORDS and fragment.casefold() not in terms:
                    found.add(fragment)
    return found


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def page_strings(at: AppTest) -> str:
    """Every string of every element on the page and in the sidebar (labels, options,
    help, placeholders, markdown, messages), read from the elements' protobufs."""
    out: list[str] = []

    def walk(node: object) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "DESCRIPTOR"):
            out.extend(_strings(MessageToDict(proto)))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(out)


def untranslated(at: AppTest, sentences: set[str]) -> list[str]:
    """The English sentences this page shows, most specific first."""
    text = page_strings(at).casefold()
    # The English glossary term beside a local one is meant to be there.
    return sorted((s for s in sentences if s.casefold() in text), key=len, reverse=True)


# ------------------------------------------------------------ pseudo translations

_SCRIPT_LETTERS = {
    "hi": [chr(c) for c in range(0x0915, 0x0939)],  # Devanagari consonants
    "ur": [chr(c) for c in (*range(0x0628, 0x063A), *range(0x0641, 0x0648))],  # Arabic letters
    "gu": [chr(c) for c in range(0x0A95, 0x0AB9)],
    "bn": [chr(c) for c in range(0x0995, 0x09B9)],
    "pa": [chr(c) for c in range(0x0A15, 0x0A38)],
}
_KEEP = re.compile(r"(\{[^}]*\}|%\([^)]*\)[sd]|<[^>]+>|&\w+;|:material/\w+:)")


def pseudo(text: str, lang: str) -> str:
    """``text`` with every Latin letter replaced by a letter of ``lang``'s script, keeping
    placeholders, markup, entities and icon names, so a test can tell translated text
    from English before the real catalog exists."""
    letters = _SCRIPT_LETTERS[lang]
    parts = _KEEP.split(text)
    return "".join(
        part
        if i % 2
        else re.sub(r"[A-Za-z]", lambda m: letters[ord(m.group().lower()) % len(letters)], part)
        for i, part in enumerate(parts)
    )


def write_pseudo_catalogs(locales: Path, lessons: Path, langs: tuple[str, ...]) -> None:
    """A throwaway ``locales`` folder (English copied, ``langs`` pseudo-translated) and
    ``lessons`` folder (English lessons pseudo-translated), for monkeypatching ``tutor.lang.i18n``."""
    english = read_catalog(catalog_path("en"))
    for lang in ("en", *langs):
        catalog = Catalog(locale=lang, charset="utf-8")
        for message in english:
            if not message.id:
                continue
            if lang == "en":
                string = message.string
            elif isinstance(message.id, tuple):
                string = tuple(pseudo(message.id[1], lang) for _ in range(2))
            else:
                string = pseudo(message.id, lang)
            catalog.add(message.id, string)
        path = catalog_path(lang, locales)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as out:
            write_po(out, catalog)
    for lang in langs:
        (lessons / lang).mkdir(parents=True, exist_ok=True)
        for lesson in (ROOT / "lessons" / "en").glob("*.md"):
            (lessons / lang / lesson.name).write_text(
                pseudo(lesson.read_text(encoding="utf-8"), lang)
            )
    (lessons / "en").mkdir(parents=True, exist_ok=True)
    for lesson in (ROOT / "lessons" / "en").glob("*.md"):
        (lessons / "en" / lesson.name).write_text(lesson.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ every page

Action = Callable[[AppTest], None]


def _submit(text_key: str, button_key: str, text: str) -> Action:
    def act(at: AppTest) -> None:
        at.text_input(key=text_key).input(text)
        at.button(key=button_key).click()
        at.run()

    return act


def _learn_answer(lesson_id: str) -> Action:
    def act(at: AppTest) -> None:
        check = next(lesson for lesson in LESSONS if lesson.id == lesson_id).check(11)
        if check.choices:  # the choices are in the page's language: pick one as shown
            choice = at.radio(key="learn_choice")
            choice.set_value(choice.options[-1])
        else:
            at.text_input(key="learn_answer").input(str(int(check.answer) + 1))
        at.button(key="learn_submit").click()
        at.run()

    return act


def _count_per_kind(at: AppTest) -> None:
    at.toggle(key="count_by_kind").set_value(True)
    at.run()
    at.text_input(key="count_kind_fifteen").input("2")
    at.button(key="count_submit").click()
    at.run()


def scenarios() -> list[tuple[str, str | None, dict[str, str], Action | None]]:
    """(id, page, query params, what the learner does) for every page of the app: the known
    pages in their main states, and any other page in ``pages/`` as it opens."""
    rich = deal_hand(42).score.total
    known: list[tuple[str, str | None, dict[str, str], Action | None]] = [
        ("home", None, {"seed": "1"}, None),
        *(
            (
                f"learn-{lesson.id}",
                "pages/1_Learn.py",
                {"lesson": lesson.id, "seed": "11"},
                _learn_answer(lesson.id),
            )
            for lesson in LESSONS
        ),
        (
            "count-wrong",
            "pages/2_Count_the_hand.py",
            {"seed": "42"},
            _submit("count_answer", "count_submit", str(rich - 1)),
        ),
        (
            "count-bad-input",
            "pages/2_Count_the_hand.py",
            {"seed": "42"},
            _submit("count_answer", "count_submit", "2.5"),
        ),
        (
            "count-per-kind",
            "pages/2_Count_the_hand.py",
            {"seed": "42", "mode": "crib"},
            _count_per_kind,
        ),
        (
            "pegging-wrong",
            "pages/3_Pegging_quiz.py",
            {"seed": "7"},
            _submit("peg_answer", "peg_submit", str(pegging_question(7).total + 1)),
        ),
        ("progress", "pages/5_Progress.py", {}, None),
    ]
    covered = {page for _, page, _, _ in known}
    others = [
        (Path(path).stem, f"pages/{Path(path).name}", {}, None)
        for path in sorted((ROOT / "pages").glob("*.py"))
        if f"pages/{Path(path).name}" not in covered
    ]
    return known + others


def render(page: str | None, params: dict[str, str], action: Action | None) -> AppTest:
    """Open ``page`` with ``params`` (``apptools.open_page``), then do ``action``."""
    at = open_page(page, **params)
    if action is not None:
        action(at)
        assert not at.exception, at.exception
    return at
