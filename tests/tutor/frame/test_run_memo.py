"""One value kept for one script run (``tutor.run_memo``), and the three things kept with it:
the language (``tutor.lang.i18n``), whether sign-in is set up (``tutor.frame.profile``) and the
PIN hashes (``tutor.store.handle.Store``; ``tests/tutor/store/test_ownership_store.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from tutor.frame import profile
from tutor.lang import i18n
from tutor.run_memo import RunMemo


def test_a_value_is_made_once_a_run_and_again_in_the_next() -> None:
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    memo: RunMemo[int] = RunMemo()
    first, second = object(), object()
    assert [memo.get(make, first) for _ in range(3)] == [1, 1, 1]
    assert [memo.get(make, second) for _ in range(2)] == [2, 2]
    memo.forget()
    assert memo.get(make, second) == 3 and memo.get(make, second) == 3
    assert memo.get(make, None) == 4 and memo.get(make, None) == 5  # outside a run: never kept
    assert memo.here(make) == 6 and memo.here(make) == 7  # no run under way here


def _counted(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[object]:
    """Count the calls of ``module.name`` (seen by a page run: AppTest runs in this process)."""
    calls: list[object] = []
    real: Callable[[], object] = getattr(module, name)

    def counting() -> object:
        calls.append(1)
        return real()

    monkeypatch.setattr(module, name, counting)
    return calls


def _ask_often() -> None:
    import streamlit as st

    from tutor.frame.profile import login_configured
    from tutor.lang.i18n import current_language

    st.session_state["asked"] = [(current_language(), login_configured()) for _ in range(5)]


def test_the_language_and_the_sign_in_are_worked_out_once_a_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    languages = _counted(monkeypatch, i18n, "_work_out_language")
    logins = _counted(monkeypatch, profile, "_auth_in_secrets")
    at = AppTest.from_function(_ask_often)
    at.run()
    assert at.session_state["asked"] == [("en", False)] * 5
    assert len(languages) == 1 and len(logins) == 1
    at.query_params["lang"] = "hi"
    at.run()
    assert at.session_state["asked"] == [("hi", False)] * 5  # the next run works it out again
    assert len(languages) == 2 and len(logins) == 2
