"""tutor.lang.glossary: every term in every language, traced to the seed documents."""

import hashlib
import json
import unicodedata
from pathlib import Path

import pytest

from tutor.lang.glossary import KEYS, LOCALES_DIR, Mentions, entries, entry, term, with_english
from tutor.lang.languages import CODES

SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"
#: The seeds' words that the glossary quotes, with some context, and each seed's SHA-256
#: (scripts/make_seed_excerpts.py writes it from SEEDS)
EXCERPTS = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "glossary_seed_excerpts.json").read_text(
        "utf-8"
    )
)["seeds"]
# Which seed document is in which language (000: an online site's rules page;
# 001-004: one general rules page).
SEED_LANGUAGE = {"000": "hi", "001": "ur", "002": "gu", "003": "bn", "004": "pa"}


def nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@pytest.mark.parametrize("lang", CODES)
def test_every_key_in_every_language(lang: str) -> None:
    data = json.loads((LOCALES_DIR / lang / "glossary.json").read_text(encoding="utf-8"))
    assert data["language"] == lang
    assert tuple(data["terms"]) == KEYS, "keys missing, extra or out of order"
    assert all(term(lang, key).strip() for key in KEYS)


@pytest.mark.parametrize("lang", [c for c in CODES if c != "en"])
def test_each_term_is_sourced_or_its_choice_explained(lang: str) -> None:
    for key, e in entries(lang).items():
        assert (e.seed is None) != (e.chosen is None), (
            f"{lang}/{key}: exactly one of seed or chosen"
        )
        if e.sourced:
            assert SEED_LANGUAGE[e.seed[:3]] == lang, (
                f"{lang}/{key} cites a seed in another language"
            )
            assert e.evidence and nfc(e.term) in nfc(e.evidence), f"{lang}/{key}"
        else:
            assert e.chosen and len(e.chosen) > 20, f"{lang}/{key}: say why"
        assert term(lang, key) != term("en", key), f"{lang}/{key} left in English"


@pytest.mark.parametrize("lang", [c for c in CODES if c != "en"])
def test_evidence_is_quoted_exactly_from_the_seed(lang: str) -> None:
    """Checked against the excerpt in tests/data (CI's fresh clone has no seeds beside it), and
    the excerpt against the seeds themselves where they are next to the repository."""
    for key, e in entries(lang).items():
        if e.sourced:
            assert e.seed is not None and e.evidence is not None
            snippets = EXCERPTS[e.seed]["snippets"]
            assert any(nfc(e.evidence) in s for s in snippets), f"{lang}/{key} not in {e.seed}"
            if SEEDS.is_dir():
                raw = (SEEDS / e.seed).read_bytes()
                assert hashlib.sha256(raw).hexdigest() == EXCERPTS[e.seed]["sha256"], e.seed
                text = nfc(raw.decode("utf-8"))
                assert all(s in text for s in snippets), f"the excerpt of {e.seed} is not in it"


def test_most_terms_come_from_the_seeds() -> None:
    sourced = {
        lang: sum(e.sourced for e in entries(lang).values()) for lang in SEED_LANGUAGE.values()
    }
    assert all(n >= 15 for n in sourced.values()), sourced


def test_with_english_shows_both_terms() -> None:
    assert with_english("hi", "crib") == "क्रिब (crib)"
    assert with_english("pa", "his_heels") == "ਹਿਜ਼ ਹੀਲਜ਼ (his heels)"
    assert with_english("en", "pair_royal") == "pair royal"
    # Urdu is right-to-left: the English term sits in a directional isolate.
    assert with_english("ur", "crib") == "کرِب (\u2068crib\u2069)"


def test_first_mention_only_carries_the_english() -> None:
    m = Mentions("bn")
    assert [m.say(k) for k in ("crib", "starter", "crib")] == [
        "ক্রিব (crib)",
        "স্টার্টার (starter)",
        "ক্রিব",
    ]
    assert Mentions("bn").say("crib") == "ক্রিব (crib)"  # each text starts afresh


def test_unknown_keys_and_languages_are_named() -> None:
    with pytest.raises(KeyError, match="no glossary key 'cribb'"):
        entry("hi", "cribb")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        entries("fr")
