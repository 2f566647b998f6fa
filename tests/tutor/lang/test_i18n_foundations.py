"""The language modules of tutor/ are pure, typed and their examples run."""

import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MODULES = [
    "tutor.lang.languages",
    "tutor.lang.numerals",
    "tutor.lang.spoken_count",
    "tutor.lang.glossary",
    "tutor.lang.msgid",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0


def test_language_modules_load_no_streamlit() -> None:
    code = "import sys, " + ", ".join(MODULES) + "; print('streamlit' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == "False"


def test_language_modules_pass_mypy_strict() -> None:
    files = [f"{name.replace('.', '/')}.py" for name in MODULES]
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *files],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr
