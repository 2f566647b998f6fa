"""Every example the docs show still runs.

The ``>>>`` lines of each ```` ```python ```` block in ``README.md`` and ``docs/*.md`` run as
doctests, one namespace per file (a later block may use what an earlier one made), and every
``python -m cribbage_core ...`` command shown in a ```` ```bash ```` block runs and exits 0. A
command that takes minutes is in ``SLOW`` with the reason, and the docs show a quick one beside
it. The README's test command is the one ``.ci/run`` runs.
"""

from __future__ import annotations

import doctest
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)

#: Commands the docs show that take minutes, each with why it is not run here.
SLOW = {
    "python -m cribbage_core.bots.tournament hard medium --games 10000 --seed 1": (
        "10,000 games; the quick line above it prints the same report from 4"
    ),
    "python -m cribbage_core.bots.tournament expert hard --games 1000 --seed 1": (
        "about 10 minutes of CPU (the expert's 0.6 s a game)"
    ),
    "nice -n 15 python -m cribbage_core.bots.tournament expert hard --games 10000 --minutes 30 "
    "--progress": "30 minutes by design (a run sized by time)",
    "python -m cribbage_core.bots.tournament expert hard --seed 1 --games 1000 --first-pair 0 "
    "--save eh-0.json": "about 10 minutes of CPU; tests/core/bots/test_tournament.py plays shards",
    "python -m cribbage_core.bots.tournament expert hard --seed 1 --games 1000 --first-pair 500 "
    "--save eh-500.json": "about 10 minutes of CPU; tests/core/bots/test_tournament.py plays shards",
    "python -m cribbage_core.bots.tournament merge eh-*.json": (
        "merges the two shards above; tests/core/bots/test_tournament.py merges shards"
    ),
    "python -m cribbage_core review game.json [--json] [--all] [--seat 0]": (
        "a placeholder for a game saved by the Play page; tests/core/test_cli.py reviews saves"
    ),
}


def blocks(path: Path, language: str) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [body for lang, body in FENCE.findall(text) if lang == language]


def shown_commands() -> list[str]:
    """The ``python -m cribbage_core`` command lines of the docs' shell blocks, comments cut."""
    found = []
    for path in DOCS:
        for body in blocks(path, "bash"):
            for line in body.splitlines():
                command = re.sub(r"\s+#.*$", "", line).strip()
                command = re.sub(r"\s+", " ", command)
                if "-m cribbage_core" in command:
                    found.append(command)
    return found


#: The pages whose python blocks hold ``>>>`` examples (the others have none to run).
WITH_EXAMPLES = [path for path in DOCS if ">>>" in "\n".join(blocks(path, "python"))]


def test_the_readme_and_the_engine_page_show_examples() -> None:
    assert {"README.md", "engine.md"} <= {path.name for path in WITH_EXAMPLES}


@pytest.mark.parametrize("path", WITH_EXAMPLES, ids=lambda p: p.name)
def test_the_python_examples_run_as_doctests(path: Path) -> None:
    source = "\n\n".join(blocks(path, "python"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(source, {"__name__": path.stem}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    output: list[str] = []
    runner.run(test, out=output.append)
    assert runner.failures == 0, "".join(output)


SLOW_SHOWN = [command for command in shown_commands() if command in SLOW]
QUICK = [command for command in shown_commands() if command not in SLOW]


def test_the_docs_show_commands_to_run() -> None:
    assert any("tournament" in command for command in QUICK)
    assert any(" score " in command for command in QUICK)


def test_every_slow_command_is_still_shown_and_has_a_reason() -> None:
    assert set(SLOW) == set(SLOW_SHOWN), "SLOW lists commands the docs no longer show"
    assert all(reason for reason in SLOW.values())


@pytest.mark.parametrize("command", QUICK)
def test_each_command_shown_exits_0(command: str) -> None:
    words = shlex.split(command)
    assert words[:2] == ["python", "-m"], command
    argv = [sys.executable, *words[1:]]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"


def test_the_readme_test_command_is_what_ci_runs() -> None:
    readme = [
        line.strip() for body in blocks(ROOT / "README.md", "bash") for line in body.splitlines()
    ]
    (command,) = [
        line for line in readme if line.startswith("python -m pip install") and "pytest" in line
    ]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ran = [line.replace(" -q ", " ").split(" || ")[0] for line in ci.splitlines()]
    assert command in ran


PATH_SHOWN = re.compile(
    r"(?<![\w/.])((?:tests|cribbage_core|tutor|scripts|benchmarks|validation|pages|deploy"
    r"|locales|lessons|docs)/[\w./-]*\w)"
)
INDEXES = [ROOT / "scripts" / "README.md", ROOT / "benchmarks" / "README.md"]


def test_every_path_the_docs_name_exists() -> None:
    """A file or folder the docs name (``tests/core/test_golden.py``, ``scripts/...``) is there,
    so a move that forgets the docs fails here."""
    missing = sorted(
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in [*DOCS, *INDEXES, ROOT / "validation" / "README.md"]
        for path in {m.group(1) for m in PATH_SHOWN.finditer(doc.read_text(encoding="utf-8"))}
        if not (ROOT / path).exists()
    )
    assert not missing, "the docs name paths that are not there:\n  " + "\n  ".join(missing)


LINK = re.compile(r"\]\(([^)#\s]*\.md)?#([\w-]+)\)")


def anchors(doc: Path) -> set[str]:
    """GitHub's anchors for a markdown file: its headings' slugs and its ``<a id>`` tags."""
    text = doc.read_text(encoding="utf-8")
    slugs = {
        re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        for heading in re.findall(r"^#+ (.+)$", FENCE.sub("", text), re.MULTILINE)
    }
    return slugs | set(re.findall(r'<a id="([\w-]+)"></a>', text))


def test_every_link_into_the_docs_finds_its_anchor() -> None:
    broken = sorted(
        f"{doc.relative_to(ROOT)}: {target or doc.name}#{anchor}"
        for doc in [*DOCS, *INDEXES]
        for target, anchor in LINK.findall(doc.read_text(encoding="utf-8"))
        if anchor not in anchors((doc.parent / target) if target else doc)
    )
    assert not broken, "links to anchors that are not there:\n  " + "\n  ".join(broken)
