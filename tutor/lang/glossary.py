"""The cribbage terms in each language, as the seed documents use them.

Each language has ``locales/<lang>/glossary.json``: for every key a ``term``
and either ``seed`` + ``evidence`` (the file and the exact words of the seed
document the term comes from) or ``chosen`` (why we chose it where the seed
has no usable term), plus an optional ``note``. English is the reference.

The tutor shows the English term beside the local one the first time a term
appears (:func:`with_english`, :class:`Mentions`).

>>> term("hi", "crib")
'क्रिब'
>>> with_english("hi", "crib")
'क्रिब (crib)'
>>> with_english("en", "crib")
'crib'
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from tutor.lang.languages import CODES, is_rtl

__all__ = [
    "KEYS",
    "LOCALES_DIR",
    "Entry",
    "Mentions",
    "beside_english",
    "entries",
    "entry",
    "term",
    "with_english",
]

LOCALES_DIR: Final = Path(__file__).resolve().parents[2] / "locales"

#: Every glossary key, in teaching order.
KEYS: Final[tuple[str, ...]] = (
    "crib",
    "starter",
    "pone",
    "dealer",
    "his_heels",
    "his_nobs",
    "go",
    "fifteen",
    "thirty_one",
    "rank",
    "pair",
    "pair_royal",
    "double_pair_royal",
    "run",
    "flush",
    "skunk",
    "double_skunk",
    "lurch",
    "muggins",
    "the_play",
    "pegging",
    "the_show",
    "count",
)

# Isolate the English term inside right-to-left text so the bidi algorithm keeps
# it (and its parentheses) in place: FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE.
_ISOLATE: Final = "\u2068{}\u2069"


@dataclass(frozen=True)
class Entry:
    """One term of one language's glossary.

    ``seed`` is the seed file the term was taken from (``None`` when chosen);
    ``evidence`` the seed's words containing it; ``chosen`` why it was chosen
    instead; ``note`` anything a translator should know.
    """

    lang: str
    key: str
    term: str
    seed: str | None = None
    evidence: str | None = None
    chosen: str | None = None
    note: str | None = None

    @property
    def sourced(self) -> bool:
        """True when the term comes from a seed document."""
        return self.seed is not None


@functools.cache
def entries(lang: str) -> dict[str, Entry]:
    """The glossary of ``lang``, by key (read once from its JSON file)."""
    if lang not in CODES:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(CODES)}")
    path = LOCALES_DIR / lang / "glossary.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        key: Entry(
            lang=lang,
            key=key,
            term=value["term"],
            seed=value.get("seed"),
            evidence=value.get("evidence"),
            chosen=value.get("chosen"),
            note=value.get("note"),
        )
        for key, value in data["terms"].items()
    }


def entry(lang: str, key: str) -> Entry:
    """The :class:`Entry` for ``key`` in ``lang``; ``KeyError`` names the valid keys."""
    if key not in KEYS:
        raise KeyError(f"no glossary key {key!r}: use one of {', '.join(KEYS)}")
    return entries(lang)[key]


def term(lang: str, key: str) -> str:
    """The term for ``key`` in ``lang``.

    >>> term("ur", "his_nobs")
    'نوبس'
    """
    return entry(lang, key).term


def with_english(lang: str, key: str) -> str:
    """The local term with the English one beside it, for its first appearance.

    In right-to-left languages the English part is wrapped in Unicode isolates.

    >>> with_english("bn", "flush")
    'ফ্লাশ (flush)'
    """
    local = term(lang, key)
    return local if lang == "en" else beside_english(lang, local, key)


def beside_english(lang: str, text: str, key: str) -> str:
    """``text`` (any wording of term ``key`` in ``lang``, e.g. a capitalised label) with the
    English term beside it; isolated in right-to-left languages.

    >>> beside_english("hi", "जोड़ी", "pair")
    'जोड़ी (pair)'
    """
    english = term("en", key)
    if is_rtl(lang):
        english = _ISOLATE.format(english)
    return f"{text} ({english})"


class Mentions:
    """Terms for one text or page: with the English beside them the first time only.

    >>> m = Mentions("gu")
    >>> m.say("crib"), m.say("crib")
    ('ક્રિબ (crib)', 'ક્રિબ')
    """

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.seen: set[str] = set()

    def first(self, key: str) -> bool:
        """True the first time ``key`` is asked about (then it counts as said)."""
        if key in self.seen:
            return False
        self.seen.add(key)
        return True

    def say(self, key: str) -> str:
        """The term, with its English the first time ``key`` is said."""
        return with_english(self.lang, key) if self.first(key) else term(self.lang, key)

    def note_text(self, text: str) -> None:
        """Count as said every term ``text`` already shows with its English in brackets
        (as the lesson files do: "क्रिब (crib)").

        >>> m = Mentions("hi")
        >>> m.note_text("क्रिब (crib) डीलर का होता है")
        >>> m.say("crib")
        'क्रिब'
        """
        folded = text.casefold()
        for key in KEYS:
            english = term("en", key).casefold()
            if f"({english})" in folded or f"(\u2068{english}\u2069)" in folded:
                self.seen.add(key)
