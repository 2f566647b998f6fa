"""The Class page's login cards (AppTest): a teacher makes accounts from a list of names and
gets a sheet of cards, a learner signs in with a card's code, and hostile lists and codes
change nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from apptools import open_page, own_database
from streamlit.testing.v1 import AppTest

from tutor import store
from tutor.lang.i18n import NATIVE_DIGITS_KEY, _
from tutor.store import classes

PAGE = "pages/13_Class.py"
CODE = re.compile(r"[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}")


def html_text(at: AppTest) -> str:
    """Every ``st.html`` block on the page (the cards, the names at fault)."""
    return " ".join(str(e.proto.body) for e in at.get("html"))


def teacher_page(url: str, language: str = "en", lang: str = "en") -> tuple[AppTest, int]:
    """Ms Rao (PIN 2468) and her class, on the Class page with the PIN given."""
    engine = store.make_engine(url)
    store.migrate(engine)
    rao = store.create_learner(engine, "Ms Rao")
    assert store.set_pin(engine, rao.id, "2468").ok
    klass = classes.create_class(engine, rao.id, "Tuesday club", language)
    engine.dispose()
    at = open_page(PAGE, learner="Ms Rao", lang=lang)
    at.text_input(key="pin_unlock_input").input("2468")
    next(b for b in at.button if b.label == _("Unlock", lang)).click()
    at.run()
    assert not at.exception, at.exception
    return at, klass.id


def make(at: AppTest, text: str, lang: str = "en") -> AppTest:
    at.text_area(key="class_cards_names").input(text)
    next(b for b in at.button if b.label == _("Make the accounts", lang)).click()
    at.run()
    assert not at.exception, at.exception
    return at


def learners(url: str) -> list[str]:
    engine = store.make_engine(url)
    with engine.connect() as conn:
        names = [str(r[0]) for r in conn.exec_driver_sql("SELECT name FROM learners ORDER BY id")]
    engine.dispose()
    return names


def test_a_teacher_makes_cards_and_a_learner_signs_in_with_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    teacher, _class_id = teacher_page(url)
    make(teacher, "Asha\n\n  Ravi  \n<b>Mei</b>\n")
    assert "shown only this once" in teacher.warning[0].value
    sheet = html_text(teacher)
    codes = CODE.findall(sheet)
    assert len(codes) == 3 and len(set(codes)) == 3
    assert "Asha" in sheet and "&lt;b&gt;Mei&lt;/b&gt;" in sheet and "<b>Mei" not in sheet
    assert "Class: <bdi>Tuesday club</bdi>" in sheet and "@media print" in sheet
    assert not teacher.get("dataframe")  # the sheet alone, to print
    next(b for b in teacher.button if b.label == "Done: back to the class").click().run()
    assert CODE.findall(html_text(teacher)) == []  # shown once: gone for good
    assert sorted(teacher.dataframe[0].value["name"]) == ["<b>Mei</b>", "Asha", "Ravi"]

    learner = open_page(PAGE)  # another browser, nobody signed in
    learner.text_input(key="pin_card_code").input(codes[0].lower().replace("-", " "))
    next(b for b in learner.button if b.label == "Sign in with the card").click().run()
    assert not learner.exception
    assert learner.query_params["learner"] == "Asha"
    assert "You are signed in as <b><bdi>Asha</bdi></b>" in html_text(learner)
    assert any("Tuesday club" in str(e.proto.body) for e in learner.get("html"))

    # a new code for Asha: the old one stops working
    teacher.run()
    new_code = [b for b in teacher.button if str(b.key).startswith("class_card_new_")]
    assert len(new_code) == 3
    min(new_code, key=lambda b: int(str(b.key).rsplit("_", 1)[1])).click().run()  # Asha's
    (fresh,) = CODE.findall(html_text(teacher))
    assert fresh != codes[0]
    for code, text in (
        (codes[0], "That code signs nobody in"),
        ("ABCD-EFGH-JKL0", "letters and digits in three groups"),
        ("=1+1", "letters and digits in three groups"),
    ):
        other = open_page(PAGE)
        other.text_input(key="pin_card_code").input(code)
        next(b for b in other.button if b.label == "Sign in with the card").click().run()
        assert text in other.error[0].value and "learner" not in other.query_params


@pytest.mark.parametrize(
    ("text", "message", "at_fault"),
    [
        ("\n".join(f"Learner {i}" for i in range(101)), "Give 1 to 100 names", ""),
        ("\n\n   \n", "Give 1 to 100 names", ""),
        ("Asha\nRavi\nasha", "in the list twice", "asha"),
        ("Asha\n=HYPERLINK(\"http://x.example\")", "may not begin with =", "=HYPERLINK"),
        ("Asha\nMs Rao", "used here already", "Ms Rao"),
        ("Asha\n" + "x" * 41, "1 to 40 characters", "x" * 41),
    ],
)  # fmt: skip
def test_a_hostile_list_makes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str, at_fault: str
) -> None:
    url = own_database(tmp_path, monkeypatch)
    teacher, _class_id = teacher_page(url)
    make(teacher, text)
    assert message in teacher.error[0].value and "Nothing was made" in teacher.error[0].value
    if at_fault:
        assert at_fault.replace('"', "&quot;") in html_text(teacher)
    assert CODE.findall(html_text(teacher)) == []
    assert learners(url) == ["Ms Rao"]


def test_the_cards_speak_the_class_language_and_the_page_the_teacher_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = own_database(tmp_path, monkeypatch)
    teacher, _class_id = teacher_page(url, language="ur")
    make(teacher, "Asha\nRavi")
    sheet = html_text(teacher)
    assert 'lang="ur" dir="rtl"' in sheet and "کلاس:" in sheet  # the class is in Urdu
    assert len(CODE.findall(sheet)) == 2  # the codes stay in Latin letters and digits
    # the teacher's own page in Hindi, with the learner's own digits
    hindi = open_page(PAGE, learner="Ms Rao", lang="hi")
    hindi.session_state[NATIVE_DIGITS_KEY] = True
    hindi.text_input(key="pin_unlock_input").input("2468")
    next(b for b in hindi.button if b.label == _("Unlock", "hi")).click().run()
    labels = [e.label for e in hindi.expander]
    assert _("Make accounts and print login cards", "hi") in labels
    captions = " ".join(c.value for c in hindi.caption)
    assert "{n} तक नाम".format(n="१००") in captions
