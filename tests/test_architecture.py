"""The layers hold: who may import what, read from the source with ``ast``.

::

    pages/, app.py        Streamlit scripts: import tutor, cribbage_core and libraries only;
                          each under 160 lines (its logic lives in its room)
    tutor's rooms         each imports only the rooms its row of the README's table allows
    tutor/frame, ...      the page shell and the page-side helpers (these call Streamlit)
    tutor pure rooms      lang, html, store, quiz logic, play.session, progress:
                          no Streamlit at import time (so tests and scripts run them bare)
    tutor/store           no tutor.lang; Streamlit only inside ``handle.open_store``
    tutor/run_memo.py     a value kept for one script run: imports no other tutor module
    cribbage_core         the rules: imports neither streamlit nor tutor

Both packages pass ``mypy --strict`` (the last test here; ``[tool.mypy]`` in pyproject.toml).

Every rule is a parametrized test, so a failure names the module and the import (file and
line). "At import time" means the import runs when the module is imported: at module level
or in a class body, not inside a function and not under ``if TYPE_CHECKING:``; a module that
imports another also runs that one's package ``__init__``, and the rule follows the chain.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cribbage_core", "tutor")
#: The page scripts: Streamlit runs them by path, nobody imports them.
SCRIPTS = (ROOT / "app.py", *sorted((ROOT / "pages").glob("*.py")))

#: The app modules that must import without Streamlit (patterns relative to ``tutor/``).
PURE_PATTERNS = (
    "lang/*.py",
    "html/*.py",
    "store/*.py",
    "quiz/categories.py",
    "quiz/drill.py",
    "quiz/grading.py",
    "quiz/feedback.py",
    "quiz/discard_text.py",
    "quiz/positions.py",
    "quiz/daily.py",
    "quiz/schedule.py",
    "clock.py",
    "run_memo.py",
    "quiz/peg_text.py",
    "quiz/combo_text.py",
    "first_game/text.py",
    "play/session.py",
    "play/friend.py",
    "play/history.py",
    "play/legacy.py",
    "play/text.py",
    "progress/*.py",
    "review/reasons.py",
    "review/game.py",
    "review/items.py",
    "play/coach_text.py",
    "seeds.py",
    "rating/*.py",
    "classroom/table.py",
)
#: The only functions in the pure rooms that may reach Streamlit (lazily, when a page runs).
LAZY_STREAMLIT = {
    ("tutor.lang.i18n", "_streamlit"): "asks the running page for its language",
    ("tutor.store.handle", "open_store"): "the session's Store",
    ("tutor.store.handle", "_connection_engine"): "the process's engine, from st.connection",
    ("tutor.store.handle", "_secrets_have_sql"): "open_store's look into st.secrets",
    ("tutor.run_memo", "script_run"): "the script run under way, so a value is kept for one run",
}


@dataclass(frozen=True)
class Import:
    """One import statement's target, where it is, and when it runs."""

    module: str  # the importing module ("tutor.store.handle", or a script's path)
    path: Path
    line: int
    target: str  # the imported module, resolved: "tutor.store.records", "streamlit", ...
    function: str | None  # the enclosing function; None when it runs at import time
    typing_only: bool  # under ``if TYPE_CHECKING:``

    @property
    def top(self) -> str:
        return self.target.split(".")[0]

    @property
    def at_import_time(self) -> bool:
        return self.function is None and not self.typing_only

    def __str__(self) -> str:
        where = f" (in {self.function}())" if self.function else ""
        return f"{self.path.relative_to(ROOT)}:{self.line} imports {self.target}{where}"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def project_modules() -> dict[str, Path]:
    """Every module of the two packages by dotted name (packages by their ``__init__``)."""
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom, module: str, path: Path) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:  # relative: from the importing module's package
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    known = project_modules()
    # `from tutor.play import ui` imports the module tutor.play.ui; `from x import name`, x.
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


@cache
def imports_of(path: Path) -> tuple[Import, ...]:
    """Every import in the file at ``path``, with where and when it runs."""
    module = _module_name(path) if path.parent != ROOT / "pages" else str(path.relative_to(ROOT))
    found: list[Import] = []

    def visit(node: ast.AST, function: str | None, typing_only: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                for target in dict.fromkeys(_targets(child, module, path)):
                    found.append(Import(module, path, child.lineno, target, function, typing_only))
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                visit(child, function or child.name, typing_only)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for statement in child.body:
                    visit(ast.Module(body=[statement], type_ignores=[]), function, True)
                for statement in child.orelse:
                    visit(ast.Module(body=[statement], type_ignores=[]), function, typing_only)
            else:
                visit(child, function, typing_only)

    visit(ast.parse(path.read_text(encoding="utf-8")), None, False)
    return tuple(found)


def _parents(name: str) -> Iterator[str]:
    """The packages whose ``__init__`` runs before ``name``: ``a.b.c`` -> ``a``, ``a.b``."""
    parts = name.split(".")
    for i in range(1, len(parts)):
        yield ".".join(parts[:i])


def import_time_chain(module: str, forbidden: str) -> list[Import] | None:
    """The chain of import-time imports by which importing ``module`` imports ``forbidden``
    (a top-level name such as ``"streamlit"``), or None when it never does."""
    known = project_modules()
    start = [m for m in (*_parents(module), module) if m in known]
    came_by: dict[str, list[Import]] = {m: [] for m in start}
    queue = list(start)
    while queue:
        current = queue.pop(0)
        for imp in imports_of(known[current]):
            if not imp.at_import_time:
                continue
            if imp.top == forbidden or imp.target.startswith(forbidden + "."):
                return [*came_by[current], imp]
            for loaded in (*_parents(imp.target), imp.target):
                if loaded in known and loaded not in came_by:
                    came_by[loaded] = [*came_by[current], imp]
                    queue.append(loaded)
    return None


def _chain_text(chain: Iterable[Import]) -> str:
    return "\n  ".join(str(imp) for imp in chain)


def pure_modules() -> list[str]:
    paths = {path for pattern in PURE_PATTERNS for path in (ROOT / "tutor").glob(pattern)}
    return sorted(_module_name(path) for path in paths)


def core_modules() -> list[str]:
    return sorted(m for m in project_modules() if m.split(".")[0] == "cribbage_core")


def tutor_modules() -> list[str]:
    return sorted(m for m in project_modules() if m.split(".")[0] == "tutor")


# ------------------------------------------------------------------ the rules core


@pytest.mark.parametrize("module", core_modules())
def test_core_imports_neither_streamlit_nor_tutor(module: str) -> None:
    wrong = [
        imp for imp in imports_of(project_modules()[module]) if imp.top in ("streamlit", "tutor")
    ]
    assert not wrong, "the rules package stays pure:\n  " + _chain_text(wrong)


# ------------------------------------------------------------------ the pure app rooms


@pytest.mark.parametrize("module", pure_modules())
def test_pure_module_imports_no_streamlit_at_import_time(module: str) -> None:
    chain = import_time_chain(module, "streamlit")
    assert chain is None, f"importing {module} imports streamlit:\n  " + _chain_text(chain or [])
    lazy = [
        imp
        for imp in imports_of(project_modules()[module])
        if imp.top == "streamlit" and (module, imp.function) not in LAZY_STREAMLIT
    ]
    assert not lazy, (
        "streamlit is reached only from the page shell (tutor/frame) or from "
        f"{sorted(LAZY_STREAMLIT)}:\n  " + _chain_text(lazy)
    )


@pytest.mark.parametrize("module", [m for m in pure_modules() if m.startswith("tutor.store")])
def test_store_imports_no_translation(module: str) -> None:
    chain = import_time_chain(module, "tutor.lang")
    direct = [
        imp for imp in imports_of(project_modules()[module]) if imp.target.startswith("tutor.lang")
    ]
    assert chain is None and not direct, (
        "storage knows no language (the page shell words its messages):\n  "
        + _chain_text(chain or direct)
    )


def test_the_run_memo_is_the_floor_below_the_rooms() -> None:
    """``tutor.run_memo`` is shared by lang, store and frame (store may not import lang), so it
    imports no other module of ``tutor``."""
    wrong = [imp for imp in imports_of(project_modules()["tutor.run_memo"]) if imp.top == "tutor"]
    assert not wrong, "the run memo imports no room:\n  " + _chain_text(wrong)


def test_pure_modules_import_without_streamlit() -> None:
    """Imported for real in a fresh interpreter with streamlit blocked: none of them needs it."""
    code = """
import importlib, json, os, sys, traceback

class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "streamlit":
            raise ImportError("streamlit imported")
        return None

sys.meta_path.insert(0, Block())
bad = {}
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except ImportError as error:
        frames = traceback.extract_tb(error.__traceback__)
        here = os.getcwd() + os.sep
        bad[name] = [
            f"{f.filename.removeprefix(here)}:{f.lineno}" for f in frames if f.filename.startswith(here)
        ]
print(json.dumps(bad))
"""
    modules = [*core_modules(), *pure_modules()]
    out = subprocess.run(
        [sys.executable, "-c", code, *modules],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    bad = json.loads(out.stdout)
    assert not bad, "these import streamlit:\n" + "\n".join(
        f"  {module}: {' -> '.join(chain)}" for module, chain in bad.items()
    )


# ------------------------------------------------------------------ the pages


def _project_local(top: str) -> bool:
    """Whether ``top`` is importable only from this checkout (tests, benchmarks, scripts...)."""
    if top in sys.stdlib_module_names:
        return False
    spec = importlib.util.find_spec(top)
    if spec is None:
        return True  # nothing installed by that name
    places = [spec.origin] if spec.origin else list(spec.submodule_search_locations or [])
    return any(Path(place).resolve().is_relative_to(ROOT) for place in places if place)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_pages_import_only_tutor_core_and_libraries(script: Path) -> None:
    wrong = [
        imp for imp in imports_of(script) if imp.top not in PACKAGES and _project_local(imp.top)
    ]
    assert not wrong, "a page imports tutor, cribbage_core and libraries only:\n  " + _chain_text(
        wrong
    )


#: A page is a short top-to-bottom script (README, "Architecture"): its logic lives in its room.
PAGE_LINES = 160


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_pages_are_short(script: Path) -> None:
    lines = len(script.read_text(encoding="utf-8").splitlines())
    assert lines < PAGE_LINES, (
        f"{script.relative_to(ROOT)} has {lines} lines (under {PAGE_LINES}, the README says): "
        "move its logic into its room of tutor/, where it can be tested without the page"
    )


# ------------------------------------------------------------------ no cycles


def _first_cycle(edges: dict[str, dict[str, Import]]) -> list[Import] | None:
    """One cycle in the graph (as the imports that make it), or None when it is acyclic."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def walk(node: str) -> list[Import] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(edges.get(node, {})):
            if nxt in on_path:
                loop = path[path.index(nxt) :] + [nxt]
                return [edges[a][b] for a, b in pairwise(loop)]
            if nxt not in done and (found := walk(nxt)):
                return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for node in sorted(edges):
        if node not in done and (found := walk(node)):
            return found
    return None


def package_edges(package: str, typing_too: bool = False) -> dict[str, dict[str, Import]]:
    """Module -> imported module of the same package -> the import (lazy ones too; typing-only
    ones when ``typing_too``: a type that crosses layers couples them as a call does)."""
    known = project_modules()
    edges: dict[str, dict[str, Import]] = {}
    for module in (m for m in known if m.split(".")[0] == package):
        for imp in imports_of(known[module]):
            if imp.top == package and (typing_too or not imp.typing_only) and imp.target != module:
                edges.setdefault(module, {}).setdefault(imp.target, imp)
    return edges


def core_edges() -> dict[str, dict[str, Import]]:
    """Module -> imported cribbage_core module -> the import: lazy and typing-only ones too."""
    return package_edges("cribbage_core", typing_too=True)


def tutor_edges() -> dict[str, dict[str, Import]]:
    """Module -> imported tutor module -> the import (lazy ones too; typing-only ones not)."""
    return package_edges("tutor")


def room(module: str) -> str:
    """``tutor.store.records`` -> ``tutor.store``; a module directly in tutor/ is a room of its own."""
    return ".".join(module.split(".")[:2])


def test_core_modules_import_no_cycle() -> None:
    cycle = _first_cycle(core_edges())
    assert cycle is None, "an import cycle:\n  " + _chain_text(cycle or [])


def core_room_imports() -> dict[str, set[str]]:
    """The table of the rooms of ``cribbage_core`` and the rooms each may import, in
    ``docs/architecture.md`` ("The rules package's rooms"; a note in brackets is a remark)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text[text.index("## The rules package's rooms") :]
    table = section[section.index("| room | owns | may import") :].split("\n\n", 1)[0]
    allowed: dict[str, set[str]] = {}
    for row in table.splitlines()[2:]:
        name, _owns, imports = (re.sub(r"\([^)]*\)", "", c) for c in row.strip("|").split("|"))
        allowed[re.findall(r"`(\w+)`", name)[0]] = set(re.findall(r"`(\w+)`", imports))
    return allowed


#: The rooms of ``cribbage_core`` and the rooms each may import: the rules are the top-level
#: modules; the front door (``__init__``, ``__main__``) may import anything.
CORE_ROOMS = core_room_imports()


def core_room(module: str) -> str:
    """``cribbage_core.coach.grades`` -> ``coach``; ``cribbage_core.game`` -> ``rules``; the
    package itself and ``__main__`` -> ``front``."""
    parts = module.split(".")
    if module in ("cribbage_core", "cribbage_core.__main__"):
        return "front"
    return parts[1] if parts[1] in CORE_ROOMS and len(parts) >= 2 else "rules"


def core_layer_violations(edges: dict[str, dict[str, Import]]) -> list[str]:
    return [
        str(imp)
        for module, targets in sorted(edges.items())
        for target, imp in sorted(targets.items())
        if core_room(module) != "front"
        and core_room(target) != core_room(module)
        and core_room(target) not in CORE_ROOMS[core_room(module)]
    ]


def test_the_core_rooms_import_only_the_rooms_below() -> None:
    """Each room of the core imports only the rules and the rooms below it, lazy and typing-only
    imports counted; every subpackage of the core is a room of the table."""
    subpackages = {path.parent.name for path in (ROOT / "cribbage_core").glob("*/__init__.py")}
    assert subpackages == set(CORE_ROOMS) - {"rules"}, (
        "a room of the core is missing from the table"
    )
    wrong = core_layer_violations(core_edges())
    assert not wrong, "imports the core's table of rooms does not allow:\n  " + "\n  ".join(wrong)


def test_a_planted_upward_import_and_cycle_are_caught() -> None:
    """The checks see what the old cycle hid: an import under ``if TYPE_CHECKING:`` from the
    tables up to the bots, and one inside a function from the bots back (as ``make_bot``'s was)."""
    edges = {module: dict(targets) for module, targets in core_edges().items()}
    planted_up = Import(
        "cribbage_core.tables.winprob", ROOT, 1, "cribbage_core.bots.selfplay", None, True
    )
    planted_back = Import(
        "cribbage_core.bots.selfplay", ROOT, 1, "cribbage_core.tables.winprob", "f", False
    )
    edges.setdefault(planted_up.module, {})[planted_up.target] = planted_up
    edges.setdefault(planted_back.module, {})[planted_back.target] = planted_back
    assert str(planted_up) in core_layer_violations(edges)
    cycle = _first_cycle(edges)
    assert cycle is not None and {imp.module for imp in cycle} >= {
        "cribbage_core.tables.winprob",
        "cribbage_core.bots.selfplay",
    }


def test_tutor_modules_import_no_cycle() -> None:
    cycle = _first_cycle(tutor_edges())
    assert cycle is None, "an import cycle:\n  " + _chain_text(cycle or [])


def readme_room_imports() -> dict[str, set[str]]:
    """The table of the rooms of ``tutor`` and the rooms each may import, in
    ``docs/architecture.md`` (a note in brackets is a remark, not a room)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text[text.index("| room | may import") :].split("\n\n", 1)[0].splitlines()[2:]
    allowed: dict[str, set[str]] = {}
    for row in table:
        rooms, imports = (re.sub(r"\([^)]*\)", "", cell) for cell in row.strip("|").split("|"))
        for name in re.findall(r"`(\w+)`", rooms):
            allowed[f"tutor.{name}"] = {f"tutor.{r}" for r in re.findall(r"`(\w+)`", imports)}
    return allowed


def test_rooms_import_only_what_the_readme_says() -> None:
    """Each room imports only the rooms its row of the README's table allows (lazy imports
    too), and every room has a row."""
    allowed = readme_room_imports()
    rooms = {room(m) for m in tutor_modules() if m != "tutor"}
    assert rooms <= set(allowed), (
        f"rooms missing from the README's table: {sorted(rooms - set(allowed))}"
    )
    wrong = [
        str(imp)
        for module, targets in sorted(tutor_edges().items())
        for target, imp in sorted(targets.items())
        if room(module) != room(target) and room(target) not in allowed[room(module)]
    ]
    assert not wrong, "imports the README's table of rooms does not allow:\n  " + "\n  ".join(wrong)


def test_tutor_rooms_import_no_cycle() -> None:
    rooms: dict[str, dict[str, Import]] = {}
    for module, targets in tutor_edges().items():
        for target, imp in targets.items():
            if room(module) != room(target):
                rooms.setdefault(room(module), {}).setdefault(room(target), imp)
    cycle = _first_cycle(rooms)
    assert cycle is None, "the rooms import each other in a cycle:\n  " + _chain_text(cycle or [])


# ------------------------------------------------------------------ the browser tests

BROWSER_TESTS = (
    *sorted((ROOT / "tests" / "browser").glob("test_*.py")),
    ROOT / "tests" / "browsertools.py",
)
FIXED_WAITS = ("wait_for_timeout", "sleep")


@pytest.mark.parametrize("path", BROWSER_TESTS, ids=lambda p: p.name)
def test_browser_tests_never_wait_a_fixed_time(path: Path) -> None:
    """A fixed pause is too short on a loaded machine and too long on a quiet one: browser
    tests wait for the condition they check (``browsertools``)."""
    waits = [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        in FIXED_WAITS
    ]
    assert not waits, f"fixed waits: {waits}; wait with expect(...) or browsertools.settled"


# ------------------------------------------------------------------ types


def test_core_and_tutor_pass_mypy_strict() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *PACKAGES],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
