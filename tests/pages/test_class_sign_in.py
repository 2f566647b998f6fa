"""The Class page with the app's sign-in (``st.login``): a signed-in teacher needs no PIN.

With ``[auth]`` configured the learner is the signed-in identity, PINs are not offered, and
the identity may teach (``tests/tutor/store/test_signed_in_teachers.py`` has the store's
rules); the same name typed without a sign-in teaches nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptools import open_page, own_database, page_text
from streamlit.testing.v1 import AppTest

PAGE = "pages/13_Class.py"
AUTH = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "x" * 32}
KIM = {"is_logged_in": True, "email": "kim@school.example", "name": "Kim"}


@pytest.fixture
def db_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    return own_database(tmp_path, monkeypatch)


def asked_for_a_pin(at: AppTest) -> bool:
    return any("protect your name with a PIN first" in str(i.value) for i in at.info)


def signed_in(user: dict[str, object], **params: str) -> AppTest:
    def sign_in(at: AppTest) -> None:
        at.secrets["auth"] = AUTH
        at.user = user

    return open_page(PAGE, setup=sign_in, **params)


def test_a_signed_in_teacher_makes_a_class_without_a_pin(db_url: str) -> None:
    at = signed_in(KIM)
    assert not asked_for_a_pin(at) and "kim@school.example" in page_text(at)
    at.text_input(key="class_new_name").input("Chess club")
    next(b for b in at.button if b.label == "Make the class").click()
    at.run()
    assert not at.exception, at.exception
    assert "The class Chess club is made" in at.success[0].value
    assert any(str(m.value).startswith("Join code:") for m in at.markdown)

    again = signed_in(KIM)  # a new session of the same identity: the class is there
    assert any(str(m.value).startswith("Join code:") for m in again.markdown)


def test_without_the_sign_in_the_name_teaches_nothing(db_url: str) -> None:
    signed_in(KIM)  # the identity exists and may teach when signed in
    typed = open_page(PAGE, learner="kim@school.example")  # no [auth]: a name in the address
    assert asked_for_a_pin(typed)
    assert not [t for t in typed.text_input if t.key == "class_new_name"]
    visitor = signed_in({"is_logged_in": False})  # sign-in on, nobody signed in
    assert not [t for t in visitor.text_input if t.key == "class_new_name"]
