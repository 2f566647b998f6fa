"""The rules package stays pure: no Streamlit, strictly typed."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "cribbage_core"


def test_core_never_imports_streamlit() -> None:
    for path in CORE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "streamlit" for n in names), f"{path} imports streamlit"


def test_importing_core_loads_no_streamlit() -> None:
    code = "import sys, cribbage_core, cribbage_core.__main__; print('streamlit' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=CORE.parent, check=True
    )
    assert out.stdout.strip() == "False"


def test_core_passes_mypy_strict() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "cribbage_core"],
        capture_output=True,
        text=True,
        cwd=CORE.parent,
    )
    assert out.returncode == 0, out.stdout + out.stderr
