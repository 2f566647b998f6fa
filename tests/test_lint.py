"""The code passes ruff with the project's own rules (``[tool.ruff]`` in pyproject.toml), so
CI, which runs the README's test command, lints it too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert out.returncode == 0, (
        "ruff check finds these (`ruff check --fix` mends the ones marked [*]):\n" + out.stdout + out.stderr
    )
