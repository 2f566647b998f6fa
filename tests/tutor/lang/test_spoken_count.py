"""tutor.lang.spoken_count: the count said aloud in the six languages."""

import random
import unicodedata

import pytest

from cribbage_core import full_deck, score_hand
from cribbage_core.scoring import CountStep, say_steps
from tutor.lang.glossary import term
from tutor.lang.spoken_count import (
    MAX_NUMBER,
    NUMBER_WORDS,
    catalog_translations,
    count_phrases,
    number_word,
    say_count,
    say_step,
)

LANGS = ("en", "hi", "ur", "gu", "bn", "pa")

# Each language's script block: its words and counts use nothing else but
# spaces, parentheses, commas and hyphens.
SCRIPT_BLOCKS = {
    "en": [(0x61, 0x7A)],
    "hi": [(0x0900, 0x097F)],
    "ur": [(0x0600, 0x06FF)],
    "gu": [(0x0A80, 0x0AFF)],
    "bn": [(0x0980, 0x09FF)],
    "pa": [(0x0A00, 0x0A7F)],
}
NEUTRAL = set(" ,()-،") | {"\u200c", "\u200d"}


def in_script(text: str, lang: str) -> bool:
    return all(
        ch in NEUTRAL or any(lo <= ord(ch) <= hi for lo, hi in SCRIPT_BLOCKS[lang]) for ch in text
    )


# ------------------------------------------------------------------ number words


@pytest.mark.parametrize("lang", LANGS)
def test_every_number_0_to_31_has_its_own_word(lang: str) -> None:
    words = [number_word(n, lang) for n in range(MAX_NUMBER + 1)]
    assert len(words) == 32 and all(words)
    assert len(set(words)) == 32, "two numbers share a word"
    for word in words:
        assert in_script(word, lang), word
        assert unicodedata.is_normalized("NFC", word), word


def test_number_words_outside_0_31_are_refused() -> None:
    with pytest.raises(ValueError, match="0-31"):
        number_word(32, "hi")
    with pytest.raises(ValueError, match="no spoken count for 'fr'"):
        number_word(3, "fr")


def test_english_words_match_the_core() -> None:
    from cribbage_core.scoring import number_words

    assert NUMBER_WORDS["en"] == tuple(number_words(n) for n in range(32))


def test_number_words_agree_with_the_counts_the_seeds_announce() -> None:
    # The seed documents spell out running counts of the play: Hindi "'छह' कहता है",
    # "'ग्यारह' कहता है"; the general rules page in the four others "two" ... "ten".
    assert (number_word(6, "hi"), number_word(11, "hi")) == ("छह", "ग्यारह")
    assert (number_word(2, "ur"), number_word(10, "ur")) == ("دو", "دس")
    assert (number_word(2, "gu"), number_word(10, "gu")) == ("બે", "દસ")
    assert (number_word(2, "bn"), number_word(10, "bn")) == ("দুই", "দশ")
    assert (number_word(2, "pa"), number_word(10, "pa")) == ("ਦੋ", "ਦਸ")


def test_irregular_numbers() -> None:
    # The twenties, and the "one less than" forms for 19 and 29, are where slips happen.
    assert [number_word(n, "hi") for n in (19, 23, 27, 28, 29)] == [
        "उन्नीस",
        "तेईस",
        "सत्ताईस",
        "अट्ठाईस",
        "उनतीस",
    ]
    assert [number_word(n, "ur") for n in (19, 23, 27, 28, 29)] == [
        "انیس",
        "تئیس",
        "ستائیس",
        "اٹھائیس",
        "انتیس",
    ]
    assert [number_word(n, "gu") for n in (19, 23, 27, 28, 29)] == [
        "ઓગણીસ",
        "ત્રેવીસ",
        "સત્તાવીસ",
        "અઠ્ઠાવીસ",
        "ઓગણત્રીસ",
    ]
    assert [number_word(n, "bn") for n in (19, 23, 27, 28, 29)] == [
        "উনিশ",
        "তেইশ",
        "সাতাশ",
        "আঠাশ",
        "ঊনত্রিশ",
    ]
    assert [number_word(n, "pa") for n in (19, 23, 27, 28, 29)] == [
        "ਉੱਨੀ",
        "ਤੇਈ",
        "ਸਤਾਈ",
        "ਅਠਾਈ",
        "ਉਣੱਤੀ",
    ]


# ------------------------------------------------------------------- key hands

KEY_HANDS = {
    # the 29 hand
    ("5H 5S 5C JD", "5D"): {
        "en": "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, fifteen sixteen, a double pair royal is twenty-eight, and nobs is twenty-nine",
        "hi": "पंद्रह दो, पंद्रह चार, पंद्रह छह, पंद्रह आठ, पंद्रह दस, पंद्रह बारह, पंद्रह चौदह, पंद्रह सोलह, डबल पेयर रॉयल से अट्ठाईस, और नॉब से उनतीस",
        "ur": "پندرہ دو، پندرہ چار، پندرہ چھ، پندرہ آٹھ، پندرہ دس، پندرہ بارہ، پندرہ چودہ، پندرہ سولہ، ڈبل پیئر رائل سے اٹھائیس، اور نوبس سے انتیس",
        "gu": "પંદર બે, પંદર ચાર, પંદર છ, પંદર આઠ, પંદર દસ, પંદર બાર, પંદર ચૌદ, પંદર સોળ, ડબલ જોડી રોયલથી અઠ્ઠાવીસ, અને નોબ્સથી ઓગણત્રીસ",
        "bn": "পনেরো দুই, পনেরো চার, পনেরো ছয়, পনেরো আট, পনেরো দশ, পনেরো বারো, পনেরো চৌদ্দ, পনেরো ষোলো, ডাবল পেয়ার রয়্যালে আঠাশ, আর নোবসে ঊনত্রিশ",
        "pa": "ਪੰਦਰਾਂ ਦੋ, ਪੰਦਰਾਂ ਚਾਰ, ਪੰਦਰਾਂ ਛੇ, ਪੰਦਰਾਂ ਅੱਠ, ਪੰਦਰਾਂ ਦਸ, ਪੰਦਰਾਂ ਬਾਰਾਂ, ਪੰਦਰਾਂ ਚੌਦਾਂ, ਪੰਦਰਾਂ ਸੋਲਾਂ, ਡਬਲ ਪੇਅਰ ਰਾਇਲ ਨਾਲ ਅਠਾਈ, ਅਤੇ ਨੋਬਸ ਨਾਲ ਉਣੱਤੀ",
    },
    # fifteen two, a pair is four, and nobs is five
    ("JD 3S 4S 7C", "4D"): {
        "en": "fifteen two, a pair is four, and nobs is five",
        "hi": "पंद्रह दो, जोड़ी से चार, और नॉब से पाँच",
        "ur": "پندرہ دو، جوڑے سے چار، اور نوبس سے پانچ",
        "gu": "પંદર બે, જોડીથી ચાર, અને નોબ્સથી પાંચ",
        "bn": "পনেরো দুই, জোড়ায় চার, আর নোবসে পাঁচ",
        "pa": "ਪੰਦਰਾਂ ਦੋ, ਜੋੜੇ ਨਾਲ ਚਾਰ, ਅਤੇ ਨੋਬਸ ਨਾਲ ਪੰਜ",
    },
    # a double-double run: four runs of three
    ("4H 4S 5C 6D", "6S"): {
        "en": "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, and a double-double run of three is twenty-four",
        "hi": "पंद्रह दो, पंद्रह चार, पंद्रह छह, पंद्रह आठ, जोड़ी से दस, जोड़ी से बारह, और तीन कार्डों के चार रनों से चौबीस",
        "ur": "پندرہ دو، پندرہ چار، پندرہ چھ، پندرہ آٹھ، جوڑے سے دس، جوڑے سے بارہ، اور تین کارڈوں کے چار رنوں سے چوبیس",
        "gu": "પંદર બે, પંદર ચાર, પંદર છ, પંદર આઠ, જોડીથી દસ, જોડીથી બાર, અને ત્રણ કાર્ડના ચાર રનથી ચોવીસ",
        "bn": "পনেরো দুই, পনেরো চার, পনেরো ছয়, পনেরো আট, জোড়ায় দশ, জোড়ায় বারো, আর তিন কার্ডের চারটি রানে চব্বিশ",
        "pa": "ਪੰਦਰਾਂ ਦੋ, ਪੰਦਰਾਂ ਚਾਰ, ਪੰਦਰਾਂ ਛੇ, ਪੰਦਰਾਂ ਅੱਠ, ਜੋੜੇ ਨਾਲ ਦਸ, ਜੋੜੇ ਨਾਲ ਬਾਰਾਂ, ਅਤੇ ਤਿੰਨ ਕਾਰਡਾਂ ਦੇ ਚਾਰ ਰਨਾਂ ਨਾਲ ਚੌਵੀ",
    },
    # a run of five and a five-card flush
    ("2S 5S 4S AS", "3S"): {
        "en": "fifteen two, a run of five is seven, and a five-card flush is twelve",
        "hi": "पंद्रह दो, पाँच कार्डों के रन से सात, और पाँच कार्डों के फ्लश से बारह",
        "ur": "پندرہ دو، پانچ کارڈوں کے رن سے سات، اور پانچ کارڈوں کے فلش سے بارہ",
        "gu": "પંદર બે, પાંચ કાર્ડના રનથી સાત, અને પાંચ કાર્ડના ફ્લશથી બાર",
        "bn": "পনেরো দুই, পাঁচ কার্ডের রানে সাত, আর পাঁচ কার্ডের ফ্লাশে বারো",
        "pa": "ਪੰਦਰਾਂ ਦੋ, ਪੰਜ ਕਾਰਡਾਂ ਦੇ ਰਨ ਨਾਲ ਸੱਤ, ਅਤੇ ਪੰਜ ਕਾਰਡਾਂ ਦੇ ਫਲਸ਼ ਨਾਲ ਬਾਰਾਂ",
    },
    # the zero hand
    ("KH JH 6D 8C", "2S"): {
        "en": "nineteen (no points)",
        "hi": "शून्य (कोई अंक नहीं)",
        "ur": "صفر (کوئی پوائنٹ نہیں)",
        "gu": "શૂન્ય (એક પણ પોઈન્ટ નહીં)",
        "bn": "শূন্য (কোনো পয়েন্ট নেই)",
        "pa": "ਸਿਫ਼ਰ (ਕੋਈ ਅੰਕ ਨਹੀਂ)",
    },
}


@pytest.mark.parametrize("hand", list(KEY_HANDS), ids=lambda h: f"{h[0]}|{h[1]}")
@pytest.mark.parametrize("lang", LANGS)
def test_key_hands_said_aloud(hand: tuple[str, str], lang: str) -> None:
    steps = score_hand(*hand).steps
    assert say_count(steps, lang) == KEY_HANDS[hand][lang]


# ----------------------------------------------------- every kind of hand there is


def _step_shapes() -> dict[tuple[tuple[str, int, int], ...], tuple[CountStep, ...]]:
    """One example of every distinct count shape met in 30,000 seeded random hands."""
    rng = random.Random(8)
    deck = list(full_deck())
    shapes: dict[tuple[tuple[str, int, int], ...], tuple[CountStep, ...]] = {}
    for _ in range(30_000):
        five = rng.sample(deck, 5)
        for is_crib in (False, True):
            steps = score_hand(five[:4], five[4], is_crib).steps
            shapes.setdefault(tuple((s.kind, s.how_many, s.length) for s in steps), steps)
    return shapes


SHAPES = _step_shapes()


def test_the_sample_covers_every_kind_of_phrase() -> None:
    phrases = {
        (kind, n, length if kind in ("run", "flush") else 0)
        for shape in SHAPES
        for kind, n, length in shape
    }
    assert {
        ("pair", 1, 0),
        ("pair", 3, 0),
        ("pair", 6, 0),
        ("nobs", 1, 0),
        ("fifteen", 1, 0),
    } <= phrases
    assert {("run", n, 3) for n in (1, 2, 3, 4)} | {
        ("run", 1, 4),
        ("run", 2, 4),
        ("run", 1, 5),
    } <= phrases
    assert {("flush", 1, 4), ("flush", 1, 5)} <= phrases
    assert () in SHAPES


def test_english_is_exactly_the_cores_count() -> None:
    for steps in SHAPES.values():
        assert say_count(steps, "en") == say_steps(steps)


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_reads_in_its_own_script(lang: str) -> None:
    for steps in SHAPES.values():
        said = say_count(steps, lang)
        assert in_script(said, lang), said
        assert "{" not in said and "  " not in said
        phrases = count_phrases(steps, lang)
        assert len(phrases) == max(1, len(steps))
        # the running total closes every phrase
        if steps:
            assert said.endswith(number_word(steps[-1].total, lang))


@pytest.mark.parametrize("lang", ("hi", "ur", "gu", "bn", "pa"))
def test_counts_use_the_glossary_terms(lang: str) -> None:
    def said(kind: str, how_many: int, length: int) -> str:
        return say_step(CountStep(kind, how_many, length, 10), lang)

    assert term(lang, "fifteen") == number_word(15, lang)
    assert term(lang, "thirty_one") == number_word(31, lang)
    assert said("fifteen", 1, 2).startswith(term(lang, "fifteen"))
    assert said("pair", 3, 2).startswith(term(lang, "pair_royal"))
    assert said("pair", 6, 2).startswith(term(lang, "double_pair_royal"))
    assert term(lang, "run") in said("run", 1, 3)
    assert term(lang, "flush") in said("flush", 1, 4)
    assert said("nobs", 1, 2).startswith(term(lang, "his_nobs"))


def test_the_last_phrase_takes_and_unless_it_is_a_fifteen() -> None:
    two_fifteens = (CountStep("fifteen", 1, 2, 2), CountStep("fifteen", 1, 3, 4))
    assert say_count(two_fifteens, "hi") == "पंद्रह दो, पंद्रह चार"
    assert say_count((CountStep("nobs", 1, 2, 1),), "ur") == "نوبس سے ایک"


@pytest.mark.parametrize(
    "step",
    [
        CountStep("pair", 2, 2, 4),
        CountStep("run", 5, 3, 15),
        CountStep("flush", 1, 3, 3),
        CountStep("go", 1, 0, 1),
    ],
)
def test_impossible_steps_are_refused(step: CountStep) -> None:
    with pytest.raises(ValueError):
        say_step(step, "bn")


def _via_catalog(steps: tuple[CountStep, ...], lang: str) -> str:
    """The count the way a gettext-driven renderer builds it: one msgid per phrase."""
    t = catalog_translations(lang).__getitem__
    english = NUMBER_WORDS["en"]
    if not steps:
        return t("nineteen (no points)")
    pair = {
        1: "a pair is {total}",
        3: "a pair royal is {total}",
        6: "a double pair royal is {total}",
    }
    run = {
        1: "a run of {length} is {total}",
        2: "a double run of {length} is {total}",
        3: "a triple run of {length} is {total}",
        4: "a double-double run of {length} is {total}",
    }
    phrases = []
    for i, s in enumerate(steps):
        words = {"total": t(english[s.total]), "length": t(english[s.length])}
        msgid = {
            "fifteen": "fifteen {total}",
            "pair": pair.get(s.how_many, ""),
            "run": run.get(s.how_many, ""),
            "flush": "a {length}-card flush is {total}",
            "nobs": "nobs is {total}",
        }[s.kind]
        phrase = t(msgid).format(**words)
        if i == len(steps) - 1 and i > 0 and s.kind != "fifteen":
            phrase = t("and {phrase}").format(phrase=phrase)
        phrases.append(phrase)
    return t(", ").join(phrases)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_entries_say_the_same_count(lang: str) -> None:
    entries = catalog_translations(lang)
    assert set(entries) == set(catalog_translations("en"))
    assert len(entries) == 32 + 13  # number words + phrase templates
    for steps in SHAPES.values():
        assert _via_catalog(steps, lang) == say_count(steps, lang)
