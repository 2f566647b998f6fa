"""tutor.lang.languages: the six languages and choosing one from the browser."""

import pytest

from tutor.lang.languages import CODES, LANGUAGE, detect_language, html_attributes, is_rtl, language


def test_the_six_languages_in_menu_order() -> None:
    assert CODES == ("en", "hi", "ur", "gu", "bn", "pa")
    assert [LANGUAGE[c].script for c in CODES] == ["Latn", "Deva", "Arab", "Gujr", "Beng", "Guru"]


def test_only_urdu_is_right_to_left() -> None:
    assert [c for c in CODES if is_rtl(c)] == ["ur"]
    assert html_attributes("ur") == 'lang="ur" dir="rtl"'
    assert html_attributes("hi") == 'lang="hi" dir="ltr"'


def test_native_names_are_written_in_their_own_script() -> None:
    assert {c: LANGUAGE[c].native_name for c in CODES} == {
        "en": "English",
        "hi": "हिन्दी",
        "ur": "اردو",
        "gu": "ગુજરાતી",
        "bn": "বাংলা",
        "pa": "ਪੰਜਾਬੀ",
    }


def test_unknown_code_names_the_valid_ones() -> None:
    with pytest.raises(ValueError, match="use one of en, hi, ur, gu, bn, pa"):
        language("fr")


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7", "hi"),  # Chrome in India, Hindi UI
        ("en-US,en;q=0.9,hi;q=0.8", "en"),
        ("ur-PK,ur;q=0.9", "ur"),
        ("bn-BD,bn;q=0.9,en;q=0.8", "bn"),
        ("bn-IN", "bn"),
        ("gu-IN,gu;q=0.9", "gu"),
        ("pa-IN,pa;q=0.9", "pa"),
        ("pa-Guru-IN", "pa"),
        ("pa-guru", "pa"),
        ("pa_IN", "pa"),
        ("fr-FR,fr;q=0.9,de;q=0.8", "en"),  # none of ours: English
        ("fr-FR,fr;q=0.9,gu;q=0.5", "gu"),  # ours further down the list still wins
        ("en;q=0.4, ur;q=0.8", "ur"),  # order in the header does not matter, q does
        ("hi;q=0.8, bn;q=0.8", "hi"),  # equal q: the earlier tag
        ("ur;q=0, hi;q=0.1", "hi"),  # q=0 means "not acceptable"
        ("ur;q=abc, gu", "gu"),  # a malformed weight does not win
        ("pa-Arab-PK, ur;q=0.5", "ur"),  # Shahmukhi Punjabi: not our Gurmukhi Punjabi
        ("pa-PK", "en"),  # Pakistan's Punjabi is written in Shahmukhi
        ("hi-Latn", "en"),  # Hindi in Latin letters: we write Devanagari
        ("hin", "hi"),  # ISO 639-2
        ("*", "en"),
        ("", "en"),
        (None, "en"),
        (" ,;, ", "en"),
        ("  Hi-in ; q=0.9 ", "hi"),
    ],
)
def test_detect_language(header: str | None, expected: str) -> None:
    assert detect_language(header) == expected
