"""Whole sentences for translators: no message is glued together from translated pieces.

A translator can only get a sentence right if they see all of it. These tests check the code
(an AST walk over the app) and the catalogs for the ways a sentence gets built from pieces, and
render the Play page's log in the languages where pieces read wrong (the review in
``../shared/reviews/translations.md``: Urdu ``جوڑا کے``, Hindi ``आप ने``, the gu/pa double colon).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cribbage_core import Card, ScoreKind
from tutor.lang import i18n
from tutor.lang.spoken_count import catalog_translations
from tutor.play.session import Move
from tutor.play.text import describe_move, scored_phrase, seat_names

ROOT = Path(__file__).resolve().parents[3]
TRANSLATE = {"_", "ngettext"}


@pytest.fixture()
def speak(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """``speak("ur")`` makes the app's messages come out in Urdu (outside a page run)."""

    def switch(lang: str) -> None:
        monkeypatch.setattr(i18n, "current_language", lambda: lang)

    yield switch


# ------------------------------------------------------------------ the play's log, rendered


def test_the_learners_own_moves_have_their_own_sentences(speak) -> None:  # type: ignore[no-untyped-def]
    names = seat_names(2)
    laid = Move(0, "play", (Card.parse("7H"),), 15, ((0, ScoreKind.FIFTEEN, 2),))
    counted = Move(0, "count", (), 0, ((0, ScoreKind.PAIR, 2),))
    assert describe_move(laid, names) == "You laid 7♥: the count is 15. You score 15 for 2."
    speak("hi")
    # Hindi writes आपने as one word; "{who} ने" with who = आप gave "आप ने"
    assert describe_move(laid, names).startswith("आपने 7♥ रखा")
    assert describe_move(counted, names).startswith("आपने गिनती की")
    assert "आप ने" not in describe_move(laid, names) + describe_move(counted, names)


def test_urdu_inflects_the_pair_before_its_postposition(speak) -> None:  # type: ignore[no-untyped-def]
    speak("ur")
    assert scored_phrase(ScoreKind.PAIR, 2) == "جوڑے کے 2"
    move = Move(1, "play", (Card.parse("7C"),), 14, ((1, ScoreKind.PAIR, 2),))
    assert "جوڑا کے" not in describe_move(move, seat_names(2))


@pytest.mark.parametrize("lang", ["gu", "pa"])
def test_no_double_colon_in_the_log(speak, lang: str) -> None:  # type: ignore[no-untyped-def]
    speak(lang)
    move = Move(1, "play", (Card.parse("7C"),), 14, ((1, ScoreKind.PAIR, 2), (1, ScoreKind.GO, 1)))
    said = describe_move(move, seat_names(2))
    scored = said.split(". ")[-1] if lang == "gu" else said.split("। ")[-1]
    assert scored.count(":") <= 1, said


def test_every_scoring_kind_has_a_whole_phrase_of_its_own(speak) -> None:  # type: ignore[no-untyped-def]
    kinds = [kind for kind in ScoreKind if kind is not ScoreKind.CUT_FOR_DEAL]  # scores nothing
    speak("ur")
    phrases = [scored_phrase(kind, 2) for kind in kinds]
    assert len(set(phrases)) == len(kinds)
    for kind, phrase in zip(kinds, phrases, strict=True):
        assert "2" in phrase and not re.search("[A-Za-z]", phrase), (kind, phrase)


def test_a_list_of_scores_reads_as_a_list_in_each_language(speak) -> None:  # type: ignore[no-untyped-def]
    move = Move(
        1, "play", (Card.parse("7C"),), 15, ((1, ScoreKind.FIFTEEN, 2), (1, ScoreKind.PAIR, 2))
    )
    assert describe_move(move, seat_names(2)).endswith("Computer scores 15 for 2 and pair for 2.")
    speak("ur")
    assert "اور" in describe_move(move, seat_names(2))  # Urdu's own "and", not ", "


# ------------------------------------------------------------------ the code


def _is_message(node: ast.AST) -> bool:
    """``_(...)``, ``ngettext(...)``, or one of them ``.format(...)``-ed."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in TRANSLATE
    return isinstance(func, ast.Attribute) and func.attr == "format" and _is_message(func.value)


def _has_message(node: ast.AST) -> bool:
    return any(_is_message(child) for child in ast.walk(node))


def _letters(node: ast.AST) -> bool:
    """A string literal with a letter in it (a word), not a separator, a mark or an icon name."""
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    marks = r":material/\w+:|:\w+\[|<[^>]*>"  # an icon, a Streamlit colour, an HTML tag
    return bool(re.search(r"[^\W\d_]", re.sub(marks, "", node.value)))


def _operands(node: ast.AST) -> Iterator[ast.AST]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _operands(node.left)
        yield from _operands(node.right)
    else:
        yield node


def glued_pieces(source: str, name: str) -> list[str]:
    """Where ``source`` builds a sentence from pieces: a message joined with a translated
    separator, translated items joined with a comma (a list needs ``list_text``), a message
    and a word glued with ``+``, or a message inside an f-string (Babel never sees it)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
        ):
            sep = node.func.value
            if _has_message(sep):
                found.append(f"{where} a translated separator: {ast.unparse(node)[:70]}")
            elif (
                isinstance(sep, ast.Constant)
                and "," in str(sep.value)
                and any(map(_has_message, node.args))
            ):
                found.append(f"{where} a list glued with a comma: {ast.unparse(node)[:70]}")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            parts = list(_operands(node))
            if any(map(_is_message, parts)) and any(map(_letters, parts)):
                found.append(f"{where} a word glued to a message: {ast.unparse(node)[:70]}")
        elif isinstance(node, ast.JoinedStr) and _has_message(node):
            found.append(f"{where} a message inside an f-string: {ast.unparse(node)[:70]}")
    return found


def app_sources() -> list[Path]:
    return [ROOT / "app.py", *sorted(ROOT.glob("pages/*.py")), *sorted(ROOT.glob("tutor/**/*.py"))]


def test_no_sentence_is_glued_from_translated_pieces_in_the_code() -> None:
    found = [
        hit
        for path in app_sources()
        for hit in glued_pieces(path.read_text(encoding="utf-8"), path.name)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'x = name + "\'s " + _("crib")',
        'x = _(" or ").join(hints)',
        'x = ", ".join(_("{k} for {p}").format(k=k, p=p) for k, p in items)',
        "x = f\"{_('Earlier this hand:')} {cards}\"",
        'x = "the " + _("crib")',
    ],
)
def test_the_code_check_finds_each_kind_of_glue(source: str) -> None:
    assert glued_pieces(source, "example.py")


def test_the_code_check_lets_whole_messages_stand_side_by_side() -> None:
    fine = 'x = "#### " + _("Due today: {n}").format(n=n) + " · " + _("Next hand")\ny = list_text(items)'
    assert not glued_pieces(fine, "example.py")


# ------------------------------------------------------------------ the catalogs


def test_no_message_in_the_catalog_is_a_fragment() -> None:
    """A msgid that starts or ends with a space, or is a bare suffix ("'s", " or "), only ever
    makes sense glued to something. The count said aloud is exempt: its separator is part of
    each language's count grammar (``tutor/lang/spoken_count.py``)."""
    count_grammar = set(catalog_translations("hi"))
    with (ROOT / "locales" / "messages.pot").open("rb") as src:
        ids = [m.id for m in read_po(src) if m.id]
    fragments = [
        msgid
        for entry in ids
        for msgid in (entry if isinstance(entry, tuple) else (entry,))
        if msgid not in count_grammar
        and (
            msgid != msgid.strip()
            or msgid.startswith(("'", "’"))
            or not re.search(r"[^\W\d_]|\{", msgid)
        )
    ]
    assert not fragments, fragments
