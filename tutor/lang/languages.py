"""The six languages the tutor speaks, and how to pick one from the browser.

>>> detect_language("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7")
'hi'
>>> detect_language("fr-FR,fr;q=0.9")
'en'
>>> LANGUAGE["ur"].direction
'rtl'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "CODES",
    "DEFAULT_LANGUAGE",
    "LANGUAGE",
    "LANGUAGES",
    "Language",
    "detect_language",
    "html_attributes",
    "is_rtl",
    "language",
]

Direction = Literal["ltr", "rtl"]


@dataclass(frozen=True)
class Language:
    """One language of the app.

    ``code`` is the BCP 47 primary tag (also the folder name under ``locales/``),
    ``script`` the ISO 15924 code of the script we write it in, ``direction``
    the text direction of a page in this language.
    """

    code: str
    english_name: str
    native_name: str
    script: str
    script_name: str
    direction: Direction

    @property
    def rtl(self) -> bool:
        """True for right-to-left languages (Urdu)."""
        return self.direction == "rtl"


#: The languages in menu order: English first, then the seed documents' languages.
LANGUAGES: Final[tuple[Language, ...]] = (
    Language("en", "English", "English", "Latn", "Latin", "ltr"),
    Language("hi", "Hindi", "हिन्दी", "Deva", "Devanagari", "ltr"),
    Language("ur", "Urdu", "اردو", "Arab", "Arabic (Nastaliq)", "rtl"),
    Language("gu", "Gujarati", "ગુજરાતી", "Gujr", "Gujarati", "ltr"),
    Language("bn", "Bengali", "বাংলা", "Beng", "Bengali", "ltr"),
    Language("pa", "Punjabi", "ਪੰਜਾਬੀ", "Guru", "Gurmukhi", "ltr"),
)
#: Language by code.
LANGUAGE: Final[dict[str, Language]] = {lang.code: lang for lang in LANGUAGES}
#: The codes, in menu order.
CODES: Final[tuple[str, ...]] = tuple(lang.code for lang in LANGUAGES)
#: Used when the browser asks for none of the six.
DEFAULT_LANGUAGE: Final = "en"

# ISO 639-2 codes, which a few clients send instead of the two-letter ones.
_THREE_LETTER: Final = {
    "eng": "en",
    "hin": "hi",
    "urd": "ur",
    "guj": "gu",
    "ben": "bn",
    "pan": "pa",
}
# A region that implies another script than ours (CLDR likely subtags): Punjabi in
# Pakistan is written in Shahmukhi (Arabic script), not Gurmukhi.
_REGION_SCRIPT: Final = {("pa", "pk"): "arab"}


def language(code: str) -> Language:
    """The :class:`Language` for ``code``; ``ValueError`` names the codes that exist.

    >>> language("bn").native_name
    'বাংলা'
    """
    try:
        return LANGUAGE[code]
    except KeyError:
        raise ValueError(f"unknown language {code!r}: use one of {', '.join(CODES)}") from None


def is_rtl(code: str) -> bool:
    """True when pages in ``code`` read right to left.

    >>> is_rtl("ur"), is_rtl("hi")
    (True, False)
    """
    return language(code).rtl


def html_attributes(code: str) -> str:
    """``lang`` and ``dir`` attributes for an HTML element holding text in ``code``.

    >>> html_attributes("ur")
    'lang="ur" dir="rtl"'
    """
    return f'lang="{code}" dir="{language(code).direction}"'


def _match(tag: str) -> str | None:
    """Our code for one language tag (``"pa-Guru-IN"`` -> ``"pa"``), or None."""
    parts = [p for p in tag.strip().lower().replace("_", "-").split("-") if p]
    if not parts:
        return None
    code = _THREE_LETTER.get(parts[0], parts[0])
    if code not in LANGUAGE:
        return None
    ours = LANGUAGE[code].script.lower()
    script = next((p for p in parts[1:] if len(p) == 4 and p.isalpha()), None)
    region = next((p for p in parts[1:] if len(p) == 2 or (len(p) == 3 and p.isdigit())), None)
    if script is None and region is not None:
        script = _REGION_SCRIPT.get((code, region))
    if script is not None and script != ours:
        # e.g. pa-Arab (Shahmukhi) or hi-Latn: we only have this language in another script.
        return None
    return code


def _weight(param: str) -> float | None:
    """The q-value of one ``;q=`` parameter, or None when it is not a q-value."""
    name, _, value = param.partition("=")
    if name.strip().lower() != "q":
        return None
    try:
        q = float(value.strip())
    except ValueError:
        return 0.0  # malformed weight: treat the tag as not acceptable
    return q if 0.0 <= q <= 1.0 else 0.0


def detect_language(accept_language: str | None) -> str:
    """The language to show a new visitor, from an ``Accept-Language`` header.

    The most preferred (highest ``q``) of the six wins; region and script
    subtags are understood (``hi-IN``, ``pa-Guru``, ``ur-PK``, ``bn-BD``); a tag
    in another script than ours (``pa-Arab``, ``pa-PK``, ``hi-Latn``) does not
    match. Anything else gives English. A single tag (``st.context.locale``,
    ``navigator.language``) works too.

    >>> detect_language("en-GB;q=0.5, bn-BD")
    'bn'
    >>> detect_language("pa-PK, ur;q=0.8")
    'ur'
    >>> detect_language(None)
    'en'
    """
    if not accept_language:
        return DEFAULT_LANGUAGE
    ranked: list[tuple[float, int, str]] = []
    for position, item in enumerate(accept_language.split(",")):
        tag, *params = item.split(";")
        q = 1.0
        for param in params:
            weight = _weight(param)
            if weight is not None:
                q = weight
        code = _match(tag)
        if code is not None and q > 0:
            ranked.append((-q, position, code))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE
