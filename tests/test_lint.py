"""The code passes ruff with the project's own rules (``[tool.ruff]`` in pyproject.toml) and is
laid out by ``ruff format``, so CI, which runs the README's test command, checks both."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, (
        "ruff check finds these (`ruff check --fix` mends the ones marked [*]):\n"
        + out.stdout
        + out.stderr
    )


def test_the_code_is_formatted() -> None:
    """``ruff format`` is the one layout: a file it would change fails here (run it to mend)."""
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--no-cache", "--check", "."],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, "ruff format would change these:\n" + out.stdout + out.stderr
