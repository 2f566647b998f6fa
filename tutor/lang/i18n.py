"""One translation function for the whole app, backed by standard gettext catalogs.

Catalogs live in ``locales/<lang>/LC_MESSAGES/messages.po`` with English
msgids; Babel reads each ``.po`` file and compiles it in memory, so editing a
catalog needs no build step. ``python -m tutor.lang.catalogs`` refreshes the
template ``locales/messages.pot`` and merges it into every catalog.

Use it like this in every page::

    from tutor.lang.i18n import _, ngettext, fmt_int
    st.button(_("Next hand"))
    st.write(_("You scored {points}.").format(points=fmt_int(3)))   # never an f-string inside _()

This module is the app's one door to the language foundations: the languages
(``tutor.lang.languages``), digits (``tutor.lang.numerals``, through :func:`fmt_int`),
the count said aloud (``tutor.lang.spoken_count``, through :func:`say_count`, read
from the catalogs) and the glossary (``tutor.lang.glossary``, through
:func:`glossary_label`).

The language of a run is settled once by :func:`settle_language` (called by
``tutor.frame.menu.setup_page``): ``?lang=`` in the URL, else the one chosen earlier
in this session, else the learner's saved one, else the browser's
``Accept-Language``, else English. A language is offered once its catalog exists.
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, Literal

from babel.dates import format_date, get_day_names, get_month_names, get_period_names
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from cribbage_core.cards import Card
from cribbage_core.coach.grades import Grade
from cribbage_core.kinds import PegSpot, ScoreKind
from cribbage_core.scoring import CountStep
from tutor.lang.glossary import Mentions, beside_english
from tutor.lang.languages import CODES, DEFAULT_LANGUAGE, LANGUAGE, detect_language, is_rtl
from tutor.lang.msgid import N_
from tutor.lang.numerals import format_int, to_western
from tutor.lang.spoken_count import MAX_NUMBER, NUMBER_WORDS, say_count_with
from tutor.run_memo import RunMemo

ROOT: Final = Path(__file__).resolve().parents[2]
LOCALES_DIR: Final = ROOT / "locales"
LESSONS_DIR: Final = ROOT / "lessons"
#: Session-state key (and query parameter) holding the current language.
LANG_KEY: Final = "lang"
#: Session-state key of the "script's own digits" option.
NATIVE_DIGITS_KEY: Final = "pref_native_digits"
_MENTIONS_KEY: Final = "i18n_page_mentions"

__all__ = [
    "GRADE_LABELS",
    "DEFAULT_LANGUAGE",
    "LANG_KEY",
    "NATIVE_DIGITS_KEY",
    "N_",
    "_",
    "available_languages",
    "chart_digits",
    "chart_locale",
    "current_language",
    "fmt_int",
    "fmt_percent",
    "fmt_signed",
    "glossary_label",
    "kind_label",
    "language_name",
    "lesson_text",
    "list_text",
    "ltr",
    "native_digits",
    "forget_digits",
    "ngettext",
    "note_mentions",
    "number_word",
    "own_digits",
    "rating_text",
    "say_count",
    "set_language",
    "settle_language",
    "start_page_mentions",
    "translations",
]


def _streamlit() -> Any:
    """Streamlit when inside a script run, else None (unit tests, scripts, catalog tools)."""
    try:
        import streamlit as st
        from streamlit.runtime.scriptrunner import get_script_run_ctx
    except ImportError:  # pragma: no cover - streamlit is a dependency
        return None
    return st if get_script_run_ctx(suppress_warning=True) is not None else None


@functools.cache
def available_languages() -> tuple[str, ...]:
    """The languages that have a catalog, in menu order (English, which needs none, first)."""
    return tuple(
        code
        for code in CODES
        if code == DEFAULT_LANGUAGE or (LOCALES_DIR / code / "LC_MESSAGES" / "messages.po").exists()
    )


def language_name(code: str) -> str:
    """The language's own name for itself (``"hi"`` -> ``"हिन्दी"``)."""
    return LANGUAGE[code].native_name if code in LANGUAGE else code


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog for ``lang`` (a no-op translator when there is none).

    Empty and fuzzy entries are left out, so they fall back to the English msgid.
    """
    path = LOCALES_DIR / lang / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        return gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled)


# Every translated word asks for the language, a hundred times a run and more, and reading the
# address is Streamlit's slowest look-up (a lock and a copy): it is worked out once a run. The
# language changes within a run only by settle_language and set_language, which forget it.
_run_language: RunMemo[str] = RunMemo()


def _work_out_language() -> str:
    """``?lang=``, else the session's, else English (outside a run: English)."""
    st = _streamlit()
    if st is None:
        return DEFAULT_LANGUAGE
    offered = available_languages()
    wanted = st.query_params.get(LANG_KEY)
    remembered = st.session_state.get(LANG_KEY)
    return (
        str(wanted)
        if wanted in offered
        else str(remembered)
        if remembered in offered
        else DEFAULT_LANGUAGE
    )


def current_language() -> str:
    """The language of this run: ``?lang=``, else the session's, else English (outside a run)."""
    return _run_language.here(_work_out_language)


def _browser_language(st: Any) -> str:
    header = st.context.headers.get("Accept-Language") if st.context.headers else None
    return detect_language(header or st.context.locale)


def settle_language(saved: Callable[[], str | None] = lambda: None) -> str:
    """Decide this run's language and remember it in session state and the URL.

    ``?lang=`` wins when it names an offered language; then the language chosen
    earlier in this session; then ``saved()`` (the learner's profile); then the
    browser's ``Accept-Language``; then English.
    """
    st = _streamlit()
    if st is None:
        return DEFAULT_LANGUAGE
    offered = available_languages()
    for candidate in (
        lambda: st.query_params.get(LANG_KEY),
        lambda: st.session_state.get(LANG_KEY),
        saved,
        lambda: _browser_language(st),
    ):
        code = candidate()
        if code in offered:
            break
    else:
        code = DEFAULT_LANGUAGE
    st.session_state[LANG_KEY] = code
    if st.query_params.get(LANG_KEY) != code:
        st.query_params[LANG_KEY] = code
    _forget_language()
    return str(code)


def _forget_language() -> None:
    _run_language.forget()


def set_language(code: str) -> None:
    """Switch the session (and the URL) to ``code``."""
    if code not in available_languages():
        raise ValueError(
            f"no catalog for language {code!r}: have {', '.join(available_languages())}"
        )
    st = _streamlit()
    if st is not None:
        st.session_state[LANG_KEY] = code
        st.query_params[LANG_KEY] = code
        _forget_language()


def _(message: str, lang: str | None = None) -> str:
    """Translate ``message`` (an English msgid) into the current language."""
    return translations(lang or current_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """Translate a message whose form depends on the number ``n``."""
    return translations(lang or current_language()).ngettext(singular, plural, n)


# ------------------------------------------------------------------ numbers


def native_digits() -> bool:
    """Whether the learner chose their script's own digits (the sidebar option); worked out once
    a run (a table asks it for every number it writes)."""
    return _run_digits.here(_work_out_digits)


_run_digits: RunMemo[bool] = RunMemo()


def _work_out_digits() -> bool:
    st = _streamlit()
    return bool(st.session_state.get(NATIVE_DIGITS_KEY, False)) if st is not None else False


def forget_digits() -> None:
    """The option changed within the run (its widget's callback): ask it again."""
    _run_digits.forget()


def fmt_int(n: int, lang: str | None = None, native: bool | None = None) -> str:
    """A number as the learner reads it: Western digits, or the script's own when chosen.

    >>> fmt_int(29, "hi", native=True), fmt_int(29, "hi")
    ('२९', '29')
    """
    return format_int(
        int(n), lang or current_language(), native=native_digits() if native is None else native
    )


_LIST_ITEM = re.compile(r"(?m)^( *)([0-9]+)\. ")


def own_digits(text: str, lang: str | None = None) -> str:
    """Every number in ``text`` (a lesson's markdown) in the learner's digits, when they chose
    their script's own (:func:`native_digits`). A numbered list item ("1. ...") becomes a bullet
    with its number ("- १. ..."): markdown numbers a list only in Western digits.

    >>> own_digits("1. Cut: 31 or 15", "hi")   # outside a page run: Western digits
    '1. Cut: 31 or 15'
    """
    if not native_digits():
        return text
    code = lang or current_language()
    text = _LIST_ITEM.sub(lambda item: f"{item.group(1)}- {item.group(2)}. ", text)
    return re.sub(r"[0-9]+", lambda number: fmt_int(int(number.group()), code), text)


def rating_text(rating: float, deviation: float, lang: str | None = None) -> str:
    """A rating and its deviation as one left-to-right unit in the learner's digits: in a
    right-to-left paragraph the bidi algorithm would otherwise show "835 ± 181" as "181 ± 835".

    >>> rating_text(834.6, 180.8, "en"), rating_text(834.6, 180.8, "ur")
    ('835 ± 181', '\u2066835 ± 181\u2069')
    """
    code = lang or current_language()
    return ltr(f"{fmt_int(round(rating), code)} ± {fmt_int(round(deviation), code)}", code)


def ltr(text: str, lang: str | None = None) -> str:
    """A run that reads left to right (a card, a signed number, a sum) for running text. In a
    right-to-left language it is wrapped in a left-to-right isolate (LRI ... PDI), so the bidi
    algorithm never turns "+2" into "2+" or "10-J-Q" into "J-Q-10"; elsewhere it is unchanged.

    >>> ltr("+2", "ur"), ltr("+2", "hi")
    ('\u2066+2\u2069', '+2')
    """
    return f"\u2066{text}\u2069" if is_rtl(lang or current_language()) else text


def card_text(card: Card, lang: str | None = None) -> str:
    """A card's label ("K♦") for running text, kept left to right (:func:`ltr`): never "♦K"."""
    return ltr(card.label, lang)


def cards_text(cards: Sequence[Card], sep: str = " ", lang: str | None = None) -> str:
    """Several cards for running text (see :func:`card_text`)."""
    return sep.join(card_text(card, lang) for card in cards)


def fmt_signed(n: int, lang: str | None = None) -> str:
    """A gain or a loss with its sign, in the learner's digits, kept left to right (:func:`ltr`).

    >>> fmt_signed(2, "en"), fmt_signed(-3, "en"), fmt_signed(0, "en")
    ('+2', '-3', '+0')
    """
    sign = "-" if n < 0 else "+"
    return ltr(sign + fmt_int(abs(n), lang), lang)


def fmt_date(day: dt.date, lang: str | None = None) -> str:
    """A date as the learner reads it: the month's name in their language (Babel's long
    format), in their digits.

    >>> fmt_date(dt.date(2026, 12, 1), "en"), fmt_date(dt.date(2026, 12, 1), "hi")
    ('December 1, 2026', '1 दिसंबर 2026')
    """
    code = lang or current_language()
    text = str(format_date(day, format="long", locale=code))
    return re.sub(r"[0-9]", lambda digit: fmt_int(int(digit.group()), code), text)


def chart_locale(lang: str | None = None, native: bool | None = None) -> dict[str, Any]:
    """Vega's locale for a chart (Vega-Lite's ``config.locale``), so its axes and tooltips write
    as the page does: the months' and weekdays' names in the learner's language (Babel's, as
    :func:`fmt_date` has them), and numbers in the learner's digits (:func:`fmt_int`). Vega's
    dates keep Western digits whatever the locale: :func:`chart_digits` writes those.

    >>> ur = chart_locale("ur", native=True)
    >>> ur["time"]["shortMonths"][11], ur["time"]["shortDays"][0], "".join(ur["number"]["numerals"])
    ('دسمبر', 'اتوار', '۰۱۲۳۴۵۶۷۸۹')
    >>> chart_locale("hi")["number"]["grouping"], chart_locale("en")["time"]["months"][0]
    ([3, 2], 'January')
    """
    code = lang or current_language()
    native = native_digits() if native is None else native
    days = get_day_names("wide", "format", code)  # Monday first; Vega's weeks start on Sunday
    short_days = get_day_names("abbreviated", "format", code)
    periods = get_period_names("abbreviated", "format", code)
    return {
        "number": {
            "decimal": ".",
            "thousands": format_int(1000, code, native=native, group=True)[1],
            "grouping": [3, 2] if format_int(100_000, code, group=True) == "1,00,000" else [3],
            "currency": ["", ""],
            "numerals": [format_int(digit, code, native=native) for digit in range(10)],
        },
        "time": {  # dateTime, date and time are d3's own (en-US): no chart here writes %c, %x or %X
            "dateTime": "%x, %X",
            "date": "%-m/%-d/%Y",
            "time": "%-I:%M:%S %p",
            "periods": [periods["am"], periods["pm"]],
            "days": [days[(i + 6) % 7] for i in range(7)],
            "shortDays": [short_days[(i + 6) % 7] for i in range(7)],
            "months": [get_month_names("wide", "format", code)[i] for i in range(1, 13)],
            "shortMonths": [
                get_month_names("abbreviated", "format", code)[i] for i in range(1, 13)
            ],
        },
    }


def chart_digits(
    label: str = "datum.label", lang: str | None = None, native: bool | None = None
) -> str | None:
    """A Vega expression that writes the digits of ``label`` (an axis's label: a date, which
    Vega writes in Western digits whatever the locale) in the learner's digits; None when those
    are Western (nothing to change).

    >>> chart_digits(lang="hi", native=False) is None
    True
    >>> expr = chart_digits("d", lang="bn", native=True)
    >>> expr.startswith("replace(" * 10 + "d, /0/g, '০'), /1/g, '১')"), expr.endswith(", /9/g, '৯')")
    (True, True)
    """
    code = lang or current_language()
    digits = [
        format_int(digit, code, native=native_digits() if native is None else native)
        for digit in range(10)
    ]
    if digits == [str(digit) for digit in range(10)]:
        return None
    for digit, own in enumerate(digits):
        label = f"replace({label}, /{digit}/g, '{own}')"
    return label


def fmt_percent(fraction: float, lang: str | None = None) -> str:
    """A fraction as a whole percentage in the learner's digits: ``0.5`` -> ``"50%"``.

    >>> fmt_percent(0.875, "bn")
    '88%'
    """
    return fmt_int(round(100 * fraction), lang) + "%"


def list_text(
    items: Sequence[str], style: Literal["standard", "or"] = "standard", lang: str | None = None
) -> str:
    """Whole messages as one list, in the language's own list grammar (CLDR's patterns, through
    Babel): never ``_(", ").join(...)`` or ``_(" or ").join(...)``, which glue pieces.
    ``style`` is ``"standard"`` (and) or ``"or"``.

    >>> list_text(["a pair for 2", "go for 1"], lang="en"), list_text(["A", "B", "C"], "or", "hi")
    ('a pair for 2 and go for 1', 'A, B या C')
    """
    return str(format_list(list(items), style=style, locale=lang or current_language()))


# ------------------------------------------------------------------ lessons


def lesson_text(lesson_id: str, lang: str | None = None) -> str:
    """The markdown of one lesson in ``lang``, falling back to English when not translated."""
    lang = lang or current_language()
    path = LESSONS_DIR / lang / f"{lesson_id}.md"
    if not path.exists():
        path = LESSONS_DIR / DEFAULT_LANGUAGE / f"{lesson_id}.md"
    return path.read_text(encoding="utf-8")


# ------------------------------------------------------------ the count said aloud


def _spoken_digits(text: str) -> str:
    """The count's words with any digit they carry (Bengali nine: "নয় (৯)") in the learner's
    digits: the script's own when chosen, else Western, like every other number."""
    return text if native_digits() else to_western(text)


def number_word(n: int, lang: str | None = None) -> str:
    """The number 0-31 as a word in the current language (its catalog entry), else digits."""
    if 0 <= n <= MAX_NUMBER:
        return _spoken_digits(_(NUMBER_WORDS[DEFAULT_LANGUAGE][n], lang))
    return fmt_int(n, lang)


def say_count(steps: Sequence[CountStep], lang: str | None = None) -> str:
    """The count said aloud (``"fifteen two, fifteen four, and a pair is six"``), from the catalog.

    The phrase templates and number words are catalog entries whose English
    msgids are ``tutor.lang.spoken_count``'s; ``python -m tutor.lang.catalogs`` fills them
    from its grammar tables, so each language counts in its own grammar.
    """
    return _spoken_digits(say_count_with(steps, lambda msgid: _(msgid, lang)))


# ------------------------------------------------------------------ glossary terms


def start_page_mentions(lang: str) -> None:
    """Begin a page run: no glossary term has been shown with its English yet."""
    st = _streamlit()
    if st is not None:
        st.session_state[_MENTIONS_KEY] = Mentions(lang)


def _page_mentions(lang: str) -> Mentions | None:
    st = _streamlit()
    mentions = st.session_state.get(_MENTIONS_KEY) if st is not None else None
    return mentions if isinstance(mentions, Mentions) and mentions.lang == lang else None


def note_mentions(text: str, lang: str | None = None) -> None:
    """Mark the terms ``text`` already shows beside their English (a lesson's "क्रिब (crib)"),
    so the page's labels do not repeat the English."""
    mentions = _page_mentions(lang or current_language())
    if mentions is not None:
        mentions.note_text(text)


def glossary_label(text: str, key: str, lang: str | None = None) -> str:
    """``text`` (a translated label for glossary term ``key``), with the English term beside
    it the first time the term appears on this page in a language other than English.

    >>> glossary_label("जोड़ी", "pair", "hi")   # outside a page run: as given
    'जोड़ी'
    """
    lang = lang or current_language()
    mentions = _page_mentions(lang)
    if lang == DEFAULT_LANGUAGE or mentions is None or not mentions.first(key):
        return text
    return beside_english(lang, text, key)


#: Each kind's label and glossary key; keyed by the enum, looked up by stored words too.
_KIND_LABELS: Final[dict[str, tuple[str, str | None]]] = {
    ScoreKind.FIFTEEN: (N_("Fifteen"), "fifteen"),
    ScoreKind.PAIR: (N_("Pair"), "pair"),
    ScoreKind.RUN: (N_("Run"), "run"),
    ScoreKind.FLUSH: (N_("Flush"), "flush"),
    ScoreKind.NOBS: (N_("Nobs"), "his_nobs"),
    ScoreKind.THIRTY_ONE: (N_("Thirty-one"), "thirty_one"),
    ScoreKind.PAIR_ROYAL: (N_("Pair royal"), "pair_royal"),
    ScoreKind.DOUBLE_PAIR_ROYAL: (N_("Double pair royal"), "double_pair_royal"),
    ScoreKind.GO: (N_("Go"), "go"),
    ScoreKind.LAST_CARD: (N_("Last card"), None),
    # the pegging trainer's kinds of position (cribbage_core.kinds.PegSpot)
    PegSpot.LEAD: (N_("Leading"), None),
    PegSpot.FIVE_21: (N_("A count of {five} or {twenty_one}"), None),
    PegSpot.PAIRING: (N_("Pairing"), None),
    PegSpot.RUNS: (N_("Runs in the play"), None),
    # a way of playing, told apart from the go and the last card the pegging quiz counts (ScoreKind.GO,
    # LAST_CARD): on the progress page the two stood side by side as "Go" and "The go and the last card"
    PegSpot.GO: (N_("Playing for the go and the last card"), None),
    PegSpot.ENDGAME: (N_("Endgame"), None),
    # the categories of the decisions of the learner's games (tutor.review.items)
    "discard": (N_("Discard"), None),
    "pegging play": (N_("Card laid in the play"), None),
}


#: Each grade of a decision (``cribbage_core.coach.grades``), as a msgid: the review, the pegging
#: trainer and every verdict name grades with these.
GRADE_LABELS: Final = {
    Grade.BEST: N_("Best"),
    Grade.GOOD: N_("Good"),
    Grade.INACCURACY: N_("Inaccuracy"),
    Grade.MISTAKE: N_("Mistake"),
    Grade.BLUNDER: N_("Blunder"),
}


def grade_name(grade: Grade, lang: str | None = None) -> str:
    """A decision's grade in the learner's language (``Grade.BEST`` -> ``"Best"``)."""
    return _(GRADE_LABELS[grade], lang)


def kind_name(kind: str, lang: str | None = None) -> str:
    """The plain translated name of a scoring kind (``"pair royal"`` -> ``"Pair royal"``), for
    table cells and chart legends; an unknown kind is returned as it is."""
    if kind not in _KIND_LABELS:
        return kind
    return _(_KIND_LABELS[kind][0], lang).format(
        five=fmt_int(5, lang), twenty_one=fmt_int(21, lang)
    )


def kind_label(kind: str, lang: str | None = None) -> str:
    """The name of a scoring kind (``"pair royal"`` -> ``"Pair royal"``), translated, with the
    English term beside it on its first appearance on the page (:func:`glossary_label`)."""
    if kind not in _KIND_LABELS:
        return kind
    label = kind_name(kind, lang)
    key = _KIND_LABELS[kind][1]
    return glossary_label(label, key, lang) if key else label
