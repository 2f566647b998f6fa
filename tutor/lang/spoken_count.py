"""The count said aloud, in each of the six languages.

A hand's :attr:`~cribbage_core.scoring.HandScore.steps` are language-free
:class:`~cribbage_core.scoring.CountStep` phrases; this module puts them into
words the way a player counts aloud in each language, with the cribbage terms
of the seed documents (see ``locales/<lang>/glossary.json``) and each
language's own number words and grammar. English matches
:func:`cribbage_core.scoring.say_steps` exactly.

Grammar, briefly (each phrase names what scores, then the running total):

- English: "fifteen two, a pair is four, and nobs is five".
- Hindi / Urdu: the postposition से / سے ("with"), oblique forms
  (जोड़ा -> जोड़े, कार्डों, रनों): "पंद्रह दो, जोड़ी से चार, और नॉब से पाँच".
- Gujarati: the suffix -થી joined to the noun: "પંદર બે, જોડીથી ચાર".
- Bengali: the locative/instrumental -এ / -য়: "পনেরো দুই, জোড়ায় চার";
  counted runs take the classifier -টি ("দুটি রানে"). Nine is "নয় (৯)": the bare
  word is also "is not", and "… রানে নয়" would read "not in the run".
- Punjabi: the postposition ਨਾਲ with oblique ਜੋੜੇ, ਕਾਰਡਾਂ, ਰਨਾਂ.

>>> from cribbage_core import score_hand
>>> say_count(score_hand("5H 5S 10C JD", "2S").steps, "hi")
'पंद्रह दो, पंद्रह चार, पंद्रह छह, पंद्रह आठ, और जोड़ी से दस'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from cribbage_core.kinds import ScoreKind
from cribbage_core.scoring import CountStep
from tutor.lang.msgid import N_

__all__ = [
    "MAX_NUMBER",
    "NUMBER_WORDS",
    "catalog_translations",
    "count_phrases",
    "number_word",
    "say_count",
    "say_count_with",
    "say_step",
]

#: Turns one English msgid of the count (a phrase template, a number word, the
#: separator) into the words of a language: a gettext lookup or this module's table.
Translate = Callable[[str], str]

#: Number words go up to the highest count in the play (31); a hand scores at most 29.
MAX_NUMBER: Final = 31


@dataclass(frozen=True)
class _Grammar:
    """How one language says each kind of phrase.

    Templates take ``{total}`` (the running total, as a word) and, for runs and
    flushes, ``{length}`` (cards in the run or flush, as a word). ``pair`` and
    ``run`` are keyed by ``how_many`` (1, 3, 6 pairs; 1-4 runs).
    """

    numbers: tuple[str, ...]
    fifteen: str
    pair: Mapping[int, str]
    run: Mapping[int, str]
    flush: str
    nobs: str
    and_last: str
    separator: str
    zero_hand: str


_GRAMMAR: Final[dict[str, _Grammar]] = {
    "en": _Grammar(
        numbers=(
            N_("zero"),
            N_("one"),
            N_("two"),
            N_("three"),
            N_("four"),
            N_("five"),
            N_("six"),
            N_("seven"),
            N_("eight"),
            N_("nine"),
            N_("ten"),
            N_("eleven"),
            N_("twelve"),
            N_("thirteen"),
            N_("fourteen"),
            N_("fifteen"),
            N_("sixteen"),
            N_("seventeen"),
            N_("eighteen"),
            N_("nineteen"),
            N_("twenty"),
            N_("twenty-one"),
            N_("twenty-two"),
            N_("twenty-three"),
            N_("twenty-four"),
            N_("twenty-five"),
            N_("twenty-six"),
            N_("twenty-seven"),
            N_("twenty-eight"),
            N_("twenty-nine"),
            N_("thirty"),
            N_("thirty-one"),
        ),
        fifteen=N_("fifteen {total}"),
        pair={
            1: N_("a pair is {total}"),
            3: N_("a pair royal is {total}"),
            6: N_("a double pair royal is {total}"),
        },
        run={
            1: N_("a run of {length} is {total}"),
            2: N_("a double run of {length} is {total}"),
            3: N_("a triple run of {length} is {total}"),
            4: N_("a double-double run of {length} is {total}"),
        },
        flush=N_("a {length}-card flush is {total}"),
        nobs=N_("nobs is {total}"),
        and_last=N_("and {phrase}"),
        separator=N_(", "),
        zero_hand=N_("nineteen (no points)"),
    ),
    "hi": _Grammar(
        numbers=(
            "शून्य",
            "एक",
            "दो",
            "तीन",
            "चार",
            "पाँच",
            "छह",
            "सात",
            "आठ",
            "नौ",
            "दस",
            "ग्यारह",
            "बारह",
            "तेरह",
            "चौदह",
            "पंद्रह",
            "सोलह",
            "सत्रह",
            "अठारह",
            "उन्नीस",
            "बीस",
            "इक्कीस",
            "बाईस",
            "तेईस",
            "चौबीस",
            "पच्चीस",
            "छब्बीस",
            "सत्ताईस",
            "अट्ठाईस",
            "उनतीस",
            "तीस",
            "इकतीस",
        ),
        fifteen="पंद्रह {total}",
        pair={
            1: "जोड़ी से {total}",
            3: "पेयर रॉयल से {total}",
            6: "डबल पेयर रॉयल से {total}",
        },
        run={
            1: "{length} कार्डों के रन से {total}",
            2: "{length} कार्डों के दो रनों से {total}",
            3: "{length} कार्डों के तीन रनों से {total}",
            4: "{length} कार्डों के चार रनों से {total}",
        },
        flush="{length} कार्डों के फ्लश से {total}",
        nobs="नॉब से {total}",
        and_last="और {phrase}",
        separator=", ",
        zero_hand="शून्य (कोई अंक नहीं)",
    ),
    "ur": _Grammar(
        numbers=(
            "صفر",
            "ایک",
            "دو",
            "تین",
            "چار",
            "پانچ",
            "چھ",
            "سات",
            "آٹھ",
            "نو",
            "دس",
            "گیارہ",
            "بارہ",
            "تیرہ",
            "چودہ",
            "پندرہ",
            "سولہ",
            "سترہ",
            "اٹھارہ",
            "انیس",
            "بیس",
            "اکیس",
            "بائیس",
            "تئیس",
            "چوبیس",
            "پچیس",
            "چھبیس",
            "ستائیس",
            "اٹھائیس",
            "انتیس",
            "تیس",
            "اکتیس",
        ),
        fifteen="پندرہ {total}",
        pair={
            1: "جوڑے سے {total}",
            3: "پیئر رائل سے {total}",
            6: "ڈبل پیئر رائل سے {total}",
        },
        run={
            1: "{length} کارڈوں کے رن سے {total}",
            2: "{length} کارڈوں کے دو رنوں سے {total}",
            3: "{length} کارڈوں کے تین رنوں سے {total}",
            4: "{length} کارڈوں کے چار رنوں سے {total}",
        },
        flush="{length} کارڈوں کے فلش سے {total}",
        nobs="نوبس سے {total}",
        and_last="اور {phrase}",
        separator="، ",
        zero_hand="صفر (کوئی پوائنٹ نہیں)",
    ),
    "gu": _Grammar(
        numbers=(
            "શૂન્ય",
            "એક",
            "બે",
            "ત્રણ",
            "ચાર",
            "પાંચ",
            "છ",
            "સાત",
            "આઠ",
            "નવ",
            "દસ",
            "અગિયાર",
            "બાર",
            "તેર",
            "ચૌદ",
            "પંદર",
            "સોળ",
            "સત્તર",
            "અઢાર",
            "ઓગણીસ",
            "વીસ",
            "એકવીસ",
            "બાવીસ",
            "ત્રેવીસ",
            "ચોવીસ",
            "પચ્ચીસ",
            "છવ્વીસ",
            "સત્તાવીસ",
            "અઠ્ઠાવીસ",
            "ઓગણત્રીસ",
            "ત્રીસ",
            "એકત્રીસ",
        ),
        fifteen="પંદર {total}",
        pair={
            1: "જોડીથી {total}",
            3: "જોડી રોયલથી {total}",
            6: "ડબલ જોડી રોયલથી {total}",
        },
        run={
            1: "{length} કાર્ડના રનથી {total}",
            2: "{length} કાર્ડના બે રનથી {total}",
            3: "{length} કાર્ડના ત્રણ રનથી {total}",
            4: "{length} કાર્ડના ચાર રનથી {total}",
        },
        flush="{length} કાર્ડના ફ્લશથી {total}",
        nobs="નોબ્સથી {total}",
        and_last="અને {phrase}",
        separator=", ",
        zero_hand="શૂન્ય (એક પણ પોઈન્ટ નહીં)",
    ),
    "bn": _Grammar(
        numbers=(
            # নয় (nine) is also "is not": "… রানে নয়" reads "not in the run", so nine
            # carries its digit (shown in the learner's digits by tutor.lang.i18n)
            "শূন্য",
            "এক",
            "দুই",
            "তিন",
            "চার",
            "পাঁচ",
            "ছয়",
            "সাত",
            "আট",
            "নয় (৯)",
            "দশ",
            "এগারো",
            "বারো",
            "তেরো",
            "চৌদ্দ",
            "পনেরো",
            "ষোলো",
            "সতেরো",
            "আঠারো",
            "উনিশ",
            "বিশ",
            "একুশ",
            "বাইশ",
            "তেইশ",
            "চব্বিশ",
            "পঁচিশ",
            "ছাব্বিশ",
            "সাতাশ",
            "আঠাশ",
            "ঊনত্রিশ",
            "ত্রিশ",
            "একত্রিশ",
        ),
        fifteen="পনেরো {total}",
        pair={
            1: "জোড়ায় {total}",
            3: "পেয়ার রয়্যালে {total}",
            6: "ডাবল পেয়ার রয়্যালে {total}",
        },
        run={
            1: "{length} কার্ডের রানে {total}",
            2: "{length} কার্ডের দুটি রানে {total}",
            3: "{length} কার্ডের তিনটি রানে {total}",
            4: "{length} কার্ডের চারটি রানে {total}",
        },
        flush="{length} কার্ডের ফ্লাশে {total}",
        nobs="নোবসে {total}",
        and_last="আর {phrase}",
        separator=", ",
        zero_hand="শূন্য (কোনো পয়েন্ট নেই)",
    ),
    "pa": _Grammar(
        numbers=(
            "ਸਿਫ਼ਰ",
            "ਇੱਕ",
            "ਦੋ",
            "ਤਿੰਨ",
            "ਚਾਰ",
            "ਪੰਜ",
            "ਛੇ",
            "ਸੱਤ",
            "ਅੱਠ",
            "ਨੌਂ",
            "ਦਸ",
            "ਗਿਆਰਾਂ",
            "ਬਾਰਾਂ",
            "ਤੇਰਾਂ",
            "ਚੌਦਾਂ",
            "ਪੰਦਰਾਂ",
            "ਸੋਲਾਂ",
            "ਸਤਾਰਾਂ",
            "ਅਠਾਰਾਂ",
            "ਉੱਨੀ",
            "ਵੀਹ",
            "ਇੱਕੀ",
            "ਬਾਈ",
            "ਤੇਈ",
            "ਚੌਵੀ",
            "ਪੱਚੀ",
            "ਛੱਬੀ",
            "ਸਤਾਈ",
            "ਅਠਾਈ",
            "ਉਣੱਤੀ",
            "ਤੀਹ",
            "ਇਕੱਤੀ",
        ),
        fifteen="ਪੰਦਰਾਂ {total}",
        pair={
            1: "ਜੋੜੇ ਨਾਲ {total}",
            3: "ਪੇਅਰ ਰਾਇਲ ਨਾਲ {total}",
            6: "ਡਬਲ ਪੇਅਰ ਰਾਇਲ ਨਾਲ {total}",
        },
        run={
            1: "{length} ਕਾਰਡਾਂ ਦੇ ਰਨ ਨਾਲ {total}",
            2: "{length} ਕਾਰਡਾਂ ਦੇ ਦੋ ਰਨਾਂ ਨਾਲ {total}",
            3: "{length} ਕਾਰਡਾਂ ਦੇ ਤਿੰਨ ਰਨਾਂ ਨਾਲ {total}",
            4: "{length} ਕਾਰਡਾਂ ਦੇ ਚਾਰ ਰਨਾਂ ਨਾਲ {total}",
        },
        flush="{length} ਕਾਰਡਾਂ ਦੇ ਫਲਸ਼ ਨਾਲ {total}",
        nobs="ਨੋਬਸ ਨਾਲ {total}",
        and_last="ਅਤੇ {phrase}",
        separator=", ",
        zero_hand="ਸਿਫ਼ਰ (ਕੋਈ ਅੰਕ ਨਹੀਂ)",
    ),
}

#: The words for 0-31 in each language, zero first.
NUMBER_WORDS: Final[Mapping[str, tuple[str, ...]]] = {
    code: grammar.numbers for code, grammar in _GRAMMAR.items()
}


def _grammar(lang: str) -> _Grammar:
    try:
        return _GRAMMAR[lang]
    except KeyError:
        raise ValueError(f"no spoken count for {lang!r}: have {', '.join(_GRAMMAR)}") from None


def number_word(n: int, lang: str) -> str:
    """``n`` (0-31) as a word in ``lang``: ``number_word(29, "hi") == "उनतीस"``.

    >>> number_word(31, "pa")
    'ਇਕੱਤੀ'
    """
    if not 0 <= n <= MAX_NUMBER:
        raise ValueError(f"number words cover 0-{MAX_NUMBER}, got {n}")
    return _grammar(lang).numbers[n]


def _template(step: CountStep) -> str:
    """The English msgid that says ``step`` (a template with ``{total}``/``{length}``)."""
    english = _GRAMMAR["en"]
    if step.kind == ScoreKind.FIFTEEN:
        template = english.fifteen
    elif step.kind == ScoreKind.PAIR:
        template = english.pair.get(step.how_many, "")
    elif step.kind == ScoreKind.RUN:
        template = english.run.get(step.how_many, "")
    elif step.kind == ScoreKind.FLUSH:
        template = english.flush if step.length in (4, 5) else ""
    elif step.kind == ScoreKind.NOBS:
        template = english.nobs
    else:
        raise ValueError(
            f"unknown count step kind {step.kind!r}: fifteen, pair, run, flush or nobs"
        )
    if not template:
        raise ValueError(
            f"no way to say {step}: pairs come 1, 3 or 6 at a time, runs 1-4, flushes 4-5"
        )
    return template


def _say_step(step: CountStep, translate: Translate) -> str:
    english = _GRAMMAR["en"].numbers
    if not (0 <= step.total <= MAX_NUMBER and 0 <= step.length <= MAX_NUMBER):
        raise ValueError(f"number words cover 0-{MAX_NUMBER}, got {step}")
    return translate(_template(step)).format(
        total=translate(english[step.total]), length=translate(english[step.length])
    )


def _phrases(steps: Sequence[CountStep], translate: Translate) -> tuple[str, ...]:
    english = _GRAMMAR["en"]
    if not steps:
        return (translate(english.zero_hand),)
    phrases = [_say_step(step, translate) for step in steps]
    if len(steps) > 1 and steps[-1].kind != ScoreKind.FIFTEEN:
        phrases[-1] = translate(english.and_last).format(phrase=phrases[-1])
    return tuple(phrases)


def say_count_with(steps: Sequence[CountStep], translate: Translate) -> str:
    """The count said aloud, every English msgid of it passed through ``translate``.

    This is the one renderer of the count: the app passes its gettext lookup
    (``tutor.lang.i18n.say_count``); :func:`say_count` passes this module's table.

    >>> say_count_with((CountStep(ScoreKind.FIFTEEN, 1, 2, 2),), lambda msgid: msgid)
    'fifteen two'
    """
    return translate(_GRAMMAR["en"].separator).join(_phrases(steps, translate))


def _table(lang: str) -> Translate:
    return _entries(lang).__getitem__


def say_step(step: CountStep, lang: str) -> str:
    """One phrase of the count, without a leading "and".

    >>> say_step(CountStep(ScoreKind.RUN, 2, 3, 12), "bn")
    'তিন কার্ডের দুটি রানে বারো'
    """
    return _say_step(step, _table(lang))


def count_phrases(steps: Sequence[CountStep], lang: str) -> tuple[str, ...]:
    """The phrases of the count in order, the last one joined by "and" when it
    ends a longer count on something other than a fifteen (as players say it).
    A hand without points is one phrase: the zero hand.

    >>> fifteen_two, nobs = CountStep(ScoreKind.FIFTEEN, 1, 0, 2), CountStep(ScoreKind.NOBS, 1, 0, 3)
    >>> count_phrases((fifteen_two, nobs), "gu")
    ('પંદર બે', 'અને નોબ્સથી ત્રણ')
    """
    return _phrases(steps, _table(lang))


def say_count(steps: Sequence[CountStep], lang: str) -> str:
    """The whole count said aloud in ``lang``.

    >>> say_count((), "ur")
    'صفر (کوئی پوائنٹ نہیں)'
    """
    return say_count_with(steps, _table(lang))


def catalog_translations(lang: str) -> dict[str, str]:
    """This module's wording of the count as gettext entries: English msgid -> ``lang``.

    The English templates and number words are the msgids a catalog-driven
    count uses (``"fifteen {total}"``, ``"a pair is {total}"``, ``"and {phrase}"``,
    ``", "``, ``"twenty-nine"``, ...), so these entries can fill the count's part
    of ``locales/<lang>/LC_MESSAGES/messages.po`` and both routes say the same.

    >>> catalog_translations("hi")["a pair royal is {total}"]
    'पेयर रॉयल से {total}'
    """
    return dict(_entries(lang))


@functools.cache
def _entries(lang: str) -> Mapping[str, str]:
    english, local = _GRAMMAR["en"], _grammar(lang)
    pairs = [
        *zip(english.numbers, local.numbers, strict=True),
        (english.fifteen, local.fifteen),
        *((english.pair[n], local.pair[n]) for n in english.pair),
        *((english.run[n], local.run[n]) for n in english.run),
        (english.flush, local.flush),
        (english.nobs, local.nobs),
        (english.and_last, local.and_last),
        (english.separator, local.separator),
        (english.zero_hand, local.zero_hand),
    ]
    return dict(pairs)
