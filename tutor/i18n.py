"""One translation function for the whole app, backed by standard gettext catalogs.

Catalogs live in ``locales/<lang>/LC_MESSAGES/messages.po`` with English
msgids; Babel reads each ``.po`` file and compiles it in memory, so editing a
catalog needs no build step. ``locales/messages.pot`` is the template
(regenerate it with ``pybabel extract -F babel.cfg -o locales/messages.pot .``).

Use it like this in every page::

    from tutor.i18n import _, ngettext
    st.button(_("Next hand"))
    st.write(_("You scored {points}.").format(points=3))   # never an f-string inside _()

The current language comes from ``?lang=`` in the URL (remembered in session
state); a language exists when its catalog exists. English is the default.
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from cribbage_core.scoring import CountStep

ROOT: Final = Path(__file__).resolve().parent.parent
LOCALES_DIR: Final = ROOT / "locales"
LESSONS_DIR: Final = ROOT / "lessons"
DEFAULT_LANGUAGE: Final = "en"
#: Session-state key holding the current language (shared by every page).
LANG_KEY: Final = "lang"

__all__ = [
    "_",
    "N_",
    "ngettext",
    "available_languages",
    "language_name",
    "current_language",
    "set_language",
    "translations",
    "lesson_text",
    "say_count",
    "number_word",
    "kind_label",
    "fmt_int",
]


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (translate later with ``_``)."""
    return message


@functools.cache
def available_languages() -> tuple[str, ...]:
    """Language codes that have a catalog, English first."""
    found = sorted(
        p.parent.parent.name for p in LOCALES_DIR.glob("*/LC_MESSAGES/messages.po")
    )
    return tuple([DEFAULT_LANGUAGE] + [code for code in found if code != DEFAULT_LANGUAGE])


def language_name(code: str) -> str:
    """The language's own name for itself (``"hi"`` -> ``"हिन्दी"``), from Babel's CLDR data."""
    try:
        name = Locale.parse(code).get_display_name(code)
    except (ValueError, LookupError):
        return code
    return name[:1].upper() + name[1:] if name else code


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog for ``lang`` (a no-op translator when there is none)."""
    path = LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


def current_language() -> str:
    """The language of this session: ``?lang=`` when valid, else the last one chosen, else English."""
    try:
        import streamlit as st

        wanted = st.query_params.get(LANG_KEY)
        if wanted in available_languages():
            st.session_state[LANG_KEY] = wanted
            return str(wanted)
        remembered = st.session_state.get(LANG_KEY)
    except Exception:  # outside a Streamlit run (unit tests, scripts)
        return DEFAULT_LANGUAGE
    return str(remembered) if remembered in available_languages() else DEFAULT_LANGUAGE


def set_language(code: str) -> None:
    """Switch the session (and the URL) to ``code``."""
    import streamlit as st

    if code not in available_languages():
        raise ValueError(f"no catalog for language {code!r}: have {', '.join(available_languages())}")
    st.session_state[LANG_KEY] = code
    if code == DEFAULT_LANGUAGE:
        st.query_params.pop(LANG_KEY, None)
    else:
        st.query_params[LANG_KEY] = code


def _(message: str, lang: str | None = None) -> str:
    """Translate ``message`` (an English msgid) into the current language."""
    return translations(lang or current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """Translate a message whose form depends on the number ``n``."""
    return translations(lang or current_language()).ngettext(singular, plural, n)


def fmt_int(n: int, lang: str | None = None) -> str:
    """A number as the learner reads it (Western digits for now; native digits come later)."""
    return str(n)


def lesson_text(lesson_id: str, lang: str | None = None) -> str:
    """The markdown of one lesson in ``lang``, falling back to English when not translated."""
    lang = lang or current_language()
    path = LESSONS_DIR / lang / f"{lesson_id}.md"
    if not path.exists():
        path = LESSONS_DIR / DEFAULT_LANGUAGE / f"{lesson_id}.md"
    return path.read_text(encoding="utf-8")


# ------------------------------------------------------------ the count said aloud

_NUMBER_WORDS: Final = (
    N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"),
    N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve"),
    N_("thirteen"), N_("fourteen"), N_("fifteen"), N_("sixteen"), N_("seventeen"),
    N_("eighteen"), N_("nineteen"), N_("twenty"), N_("twenty-one"), N_("twenty-two"),
    N_("twenty-three"), N_("twenty-four"), N_("twenty-five"), N_("twenty-six"),
    N_("twenty-seven"), N_("twenty-eight"), N_("twenty-nine"), N_("thirty"),
    N_("thirty-one"),
)  # fmt: skip


def number_word(n: int, lang: str | None = None) -> str:
    """The number 0-31 as a word in the current language (each is its own catalog entry,
    so a translator writes every number the way it is said, irregular forms included)."""
    if 0 <= n < len(_NUMBER_WORDS):
        return _(_NUMBER_WORDS[n], lang)
    return fmt_int(n, lang)


_PAIR_PHRASES: Final = {
    1: N_("a pair is {total}"),
    3: N_("a pair royal is {total}"),
    6: N_("a double pair royal is {total}"),
}
_RUN_PHRASES: Final = {
    1: N_("a run of {length} is {total}"),
    2: N_("a double run of {length} is {total}"),
    3: N_("a triple run of {length} is {total}"),
    4: N_("a double-double run of {length} is {total}"),
}


def say_count(steps: Sequence[CountStep], lang: str | None = None) -> str:
    """The count said aloud, phrase by phrase: ``"fifteen two, fifteen four, and a pair is six"``.

    Built from :attr:`HandScore.steps`, one catalog entry per kind of phrase, so
    each language phrases it in its own grammar.
    """
    if not steps:
        return _("nineteen (no points)", lang)
    phrases: list[str] = []
    for i, step in enumerate(steps):
        total = number_word(step.total, lang)
        length = number_word(step.length, lang)
        if step.kind == "fifteen":
            phrase = _("fifteen {total}", lang).format(total=total)
        elif step.kind == "pair":
            template = _PAIR_PHRASES.get(step.how_many, _PAIR_PHRASES[1])
            phrase = _(template, lang).format(total=total)
        elif step.kind == "run":
            phrase = _(_RUN_PHRASES[step.how_many], lang).format(length=length, total=total)
        elif step.kind == "flush":
            phrase = _("a {length}-card flush is {total}", lang).format(length=length, total=total)
        else:
            phrase = _("nobs is {total}", lang).format(total=total)
        if i == len(steps) - 1 and i > 0 and step.kind != "fifteen":
            phrase = _("and {phrase}", lang).format(phrase=phrase)
        phrases.append(phrase)
    return _(", ", lang).join(phrases)


_KIND_LABELS: Final = {
    "fifteen": N_("Fifteen"),
    "pair": N_("Pair"),
    "run": N_("Run"),
    "flush": N_("Flush"),
    "nobs": N_("Nobs"),
    "thirty-one": N_("Thirty-one"),
    "pair royal": N_("Pair royal"),
    "double pair royal": N_("Double pair royal"),
    "go": N_("Go"),
    "last card": N_("Last card"),
}


def kind_label(kind: str, lang: str | None = None) -> str:
    """The name of a scoring kind (``"pair royal"`` -> ``"Pair royal"``), translated."""
    return _(_KIND_LABELS[kind], lang) if kind in _KIND_LABELS else kind
