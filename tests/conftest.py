"""Shared fixtures: a real `streamlit run` server and Debian's Chromium for the browser tests."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import types
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

# ``from tests import apptools`` must find this folder. It is a namespace package (no
# __init__.py), and a regular package called ``tests`` anywhere on sys.path wins over one:
# glicko2 from PyPI installs such a package (its own unit tests) into site-packages.
if list(getattr(sys.modules.get("tests"), "__path__", [])) != [str(Path(__file__).parent)]:
    _tests = types.ModuleType("tests")
    _tests.__path__ = [str(Path(__file__).parent)]
    sys.modules["tests"] = _tests

# Hypothesis fails an example that takes over 200 ms by default: on a loaded shared machine
# (CI) that is waiting for a core, not a slow scorer. Speed is the benchmarks' job, so no
# property test has a deadline.
settings.register_profile("tutor", deadline=None)
settings.load_profile("tutor")

# The page shell warms a new process in a background thread after its first page run
# (tutor.frame.warm): in a test process that thread would import modules while a test runs
# (tests/ops/test_memory.py counts them). tests/ops/test_warm.py tests it on its own.
os.environ.setdefault("CRIBBAGE_WARM_UP", "0")

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The longest any browser wait may take before a test fails: generous, because a loaded
#: two-core machine is slow, and free when the condition comes quickly.
BROWSER_TIMEOUT_MS = 60_000
#: The longest `streamlit run` may take to answer its health check.
SERVER_START_S = 180


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _need_chromium() -> None:
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(
                f"{CHROMIUM} is missing: browser tests must run in CI (apt-get install chromium)"
            )
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


#: Under ``pytest -n`` (xdist), the progress database of this worker's in-process page tests
#: (AppTest), set as ``DATABASE_URL`` when none is: two workers never write to one SQLite file.
_WORKER_DATABASE: Path | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _WORKER_DATABASE
    record = config.getoption("--record-durations", None)
    if record and not os.environ.get("PYTEST_XDIST_WORKER"):
        config.pluginmanager.register(_DurationRecorder(Path(record)), "record-durations")
    cpu = config.getoption("--record-cpu", None)
    if cpu:
        # each worker measures its own tests; the controller (or a run without -n) writes them
        config.pluginmanager.register(_CpuMeter(), "cpu-meter")
        if not os.environ.get("PYTEST_XDIST_WORKER"):
            config.pluginmanager.register(_DurationRecorder(Path(cpu), "cpu_s"), "record-cpu")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and not os.environ.get("DATABASE_URL"):
        _WORKER_DATABASE = Path(tempfile.mkdtemp(prefix=f"tutor-tests-{worker}-"))
        os.environ["DATABASE_URL"] = f"sqlite:///{_WORKER_DATABASE / 'progress.db'}"


def pytest_collection_finish(session: pytest.Session) -> None:
    """With AppTest imported by a test module: what Streamlit does afresh for every AppTest
    (the scan of the installed packages for components, the pages' scripts compiled) made once
    in this process."""
    if "streamlit.testing.v1" in sys.modules:
        _scan_components_once()
        _compile_scripts_once()


def _scan_components_once() -> None:
    """Each AppTest's first run scans every installed package's metadata for Streamlit's
    components (``scan_component_manifests``): 0.2 s of CPU, and 0.6 s of the 2.5 s an AppTest
    of the Play page took (``tests/pages/test_app_play.py``, 41 AppTests, 2026-12-07). The
    packages do not change while the tests run, so the first scan's finding (none, here) is
    what every later one would find; each AppTest still registers it in its own manager."""
    from streamlit.components.v2 import manifest_scanner

    scan = manifest_scanner.scan_component_manifests
    if getattr(scan, "__wrapped__", None) is not None:
        return
    found: list[Any] = []

    @functools.wraps(scan)
    def once(max_workers: int | None = None) -> list[Any]:
        if not found:
            found.append(scan(max_workers))
        return list(found[0])

    manifest_scanner.scan_component_manifests = once


def _compile_scripts_once() -> None:
    """Every AppTest run makes a new ``ScriptCache``, so each run read, rewrote (Streamlit's
    magic, an AST walk) and compiled ``app.py`` and its page again: a tenth of the CPU of
    ``tests/pages/test_app_play.py`` (py-spy, 2026-12-07). A script's code is the same for the
    same text, so it is compiled once a process, keyed by its path, its text and whether magic
    is on; each run still reads the file, so a script that changes is compiled anew."""
    from streamlit import config
    from streamlit.runtime.scriptrunner import magic
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.source_util import open_python_file

    if getattr(ScriptCache.get_bytecode, "__wrapped__", None) is not None:
        return
    compiled: dict[tuple[str, str, bool], Any] = {}

    @functools.wraps(ScriptCache.get_bytecode)
    def get_bytecode(self: ScriptCache, script_path: str) -> Any:
        path = os.path.abspath(script_path)
        with open_python_file(path) as f:
            body = f.read()
        with_magic = bool(config.get_option("runner.magicEnabled"))
        key = (path, body, with_magic)
        if key not in compiled:
            source = magic.add_magic(body, path) if with_magic else body
            compiled[key] = compile(source, path, mode="exec", flags=0, dont_inherit=True)
        return compiled[key]

    ScriptCache.get_bytecode = get_bytecode  # type: ignore[method-assign]


def pytest_unconfigure(config: pytest.Config) -> None:
    if _WORKER_DATABASE is not None:
        shutil.rmtree(_WORKER_DATABASE, ignore_errors=True)


@pytest.fixture(scope="session")
def app_database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The server's progress database: ``DATABASE_URL`` if set (not a worker's own), else a
    temporary SQLite file."""
    url = os.environ.get("DATABASE_URL")
    if url and _WORKER_DATABASE is None:
        return url
    return f"sqlite:///{tmp_path_factory.mktemp('server-db') / 'progress.db'}"


@pytest.fixture(scope="session")
def app_url(app_database_url: str) -> Iterator[str]:
    """Start `streamlit run app.py` headless on a free port; yield its base URL."""
    _need_chromium()
    with serve(ROOT, app_database_url) as url:
        yield url


@contextmanager
def serve(root: Path, database_url: str, log_name: str = "streamlit-server.log") -> Iterator[str]:
    """Run `streamlit run app.py` in ``root`` headless on a free port; yield its base URL.

    The server keeps progress in ``database_url``, never in the project's ``data/``.
    """
    port = _free_port()
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # under pytest -n, each worker has its servers
    log = ARTIFACTS / (f"{Path(log_name).stem}-{worker}.log" if worker else log_name)
    ARTIFACTS.mkdir(exist_ok=True)
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                "app.py",
                "--server.headless=true",
                f"--server.port={port}",
                "--server.address=127.0.0.1",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
            ],
            cwd=root,
            stdout=out,
            stderr=subprocess.STDOUT,
            # a short pause between the Play page's bot moves
            env={"CRIBBAGE_BOT_DELAY": "0.05", **os.environ, "DATABASE_URL": database_url},
        )
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + SERVER_START_S
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                        if reply.status == 200:
                            break
                except OSError:
                    pass
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not start; see {log}")
                time.sleep(0.3)  # poll the health check; the wait ends when it answers
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (never Playwright's own download)."""
    _need_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


#: Browser contexts a finished tab left, by browser and options, to be taken again: cleared of
#: cookies, storage and permissions, but with Chromium's cache of the app's scripts (a page
#: load in a new context cost Chromium about 2.3 s of CPU and the server 0.25 s for the
#: scripts; in a context used before, 1.8 s and 0.05 s).
_FREE_CONTEXTS: dict[tuple[int, str], list[Any]] = {}


@contextmanager
def new_tab(browser: Any, **options: Any) -> Iterator[Any]:
    """A page in a browser context of its own (no cookies or storage shared with another open
    tab), ``options`` as Playwright's ``new_context`` takes them; every wait on it may take
    BROWSER_TIMEOUT_MS. At the end of the block its context is cleared and kept for the next
    tab with the same options (:data:`_FREE_CONTEXTS`)."""
    from playwright.sync_api import Error as PlaywrightError

    free = _FREE_CONTEXTS.setdefault((id(browser), repr(sorted(options.items()))), [])
    context = free.pop() if free else browser.new_context(**options)
    tab = context.new_page()
    tab.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        yield tab
    finally:
        try:
            _clear(context)
        except (PlaywrightError, RuntimeError):  # closed by the test, or not cleared: not kept
            with contextlib.suppress(PlaywrightError):
                context.close()
        else:
            free.append(context)


def _clear(context: Any) -> None:
    """Close the context's pages and forget what the app left in it: cookies, permissions, and
    the local and session storage of the origin each page is on (the app's only)."""
    for tab in context.pages:
        if tab.url.startswith("http"):
            tab.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        tab.close()
    context.clear_cookies()
    context.clear_permissions()
    if context.cookies():
        raise RuntimeError("cookies left in a context to be used again")


@pytest.fixture()
def page(browser: object, app_url: str) -> Iterator[object]:
    """A fresh browser page (1280 x 900) per test; every wait on it may take BROWSER_TIMEOUT_MS."""
    with new_tab(browser, viewport={"width": 1280, "height": 900}) as tab:
        yield tab


def _throwaway_postgres() -> bool:
    """``DATABASE_URL`` names a PostgreSQL test database (as ``scripts/with_postgres.sh`` sets)."""
    import sqlalchemy as sa

    url = os.environ.get("DATABASE_URL", "")
    return url.startswith("postgresql") and "test" in (sa.make_url(url).database or "").lower()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-durations",
        metavar="PATH",
        help="write each test's time (setup, call and teardown) to PATH as JSON, the way "
        f"{DURATIONS.relative_to(ROOT)} holds them (docs/testing.md)",
    )
    parser.addoption(
        "--record-cpu",
        metavar="PATH",
        help="write each test's CPU time (its worker's, and that of every process the worker "
        "started: app servers, Chromium, mypy) to PATH as JSON, and list the 15 costliest",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Hand the work out well (:func:`_plan_the_run`). Tests marked ``postgres`` stop a
    database server's processes, so they run only against a throwaway PostgreSQL: without one
    they are left out of the run (deselected, named in the header), not skipped; ``.ci/run``
    runs them under ``scripts/with_postgres.sh``."""
    if not _throwaway_postgres():
        left_out = [item for item in items if item.get_closest_marker("postgres")]
        if left_out:
            items[:] = [item for item in items if not item.get_closest_marker("postgres")]
            config.hook.pytest_deselected(items=left_out)
    _plan_the_run(items)


#: The time each test took in a recent full run (``--record-durations``): only the order of the
#: run stands on it, never a result, so an old or missing figure costs speed, not a check.
DURATIONS = ROOT / "tests" / "data" / "durations.json"
#: A test or file the figures do not know: most tests take a fraction of a second.
_UNKNOWN_S = 0.3


def _plan_the_run(items: list[pytest.Item]) -> None:
    """Put the browser tests in lanes, each file's other tests on one worker unless the file is
    marked ``spread``, and the longest pieces of work first.

    Under ``pytest -n 4`` (pytest-xdist, ``--dist loadgroup --no-loadscope-reorder`` from
    pyproject.toml) a file's tests are one piece of work, handed to the next free worker, so its
    module fixtures and caches are made once; a file marked ``spread`` gives one piece per test.
    The browser tests (and whatever else drives a real server) go in :func:`_browser_lanes`
    lanes, half as many as workers, each lane one piece that one worker runs test after test:
    Chromium and the app's server on a busy machine take longer and then more CPU, so four
    browsers at once made the whole run slower, while the other workers' tests fill the time a
    lone browser spends waiting. The lanes go out first, then the other pieces longest first by
    the recorded times, so that a long test never starts last while the other workers wait; the
    many short ones come last and fill the gaps. Without xdist the marks do nothing and only
    the order changes."""
    known = _recorded()
    tests: dict[str, float] = known.get("tests", {})
    files: dict[str, float] = known.get("files", {})
    spread_left: dict[str, list[float]] = {}
    for item in items:
        if item.get_closest_marker("spread"):
            file = _rel(item)
            listed = spread_left.setdefault(file, [files.get(file, 0.0), 0])
            if item.nodeid in tests:
                listed[0] -= tests[item.nodeid]
            else:
                listed[1] += 1

    def piece(item: pytest.Item) -> tuple[str, float]:
        file = _rel(item)
        if item.get_closest_marker("spread"):
            rest, unknown = spread_left[file]
            share = max(rest, 0.0) / unknown if unknown else _UNKNOWN_S
            return item.nodeid, tests.get(item.nodeid, share or _UNKNOWN_S)
        return file, files.get(file, _UNKNOWN_S)

    pieces = {id(item): piece(item) for item in items}
    lane_of = _browser_lanes(
        {pieces[id(item)] for item in items if item.get_closest_marker("browser")}
    )
    order: dict[int, tuple[int, float, str]] = {}
    for item in items:
        name, seconds = pieces[id(item)]
        if name in lane_of:
            item.add_marker(pytest.mark.xdist_group(f"browser lane {lane_of[name]}"))
            order[id(item)] = (lane_of[name], 0.0, "")
        else:
            if not item.get_closest_marker("spread"):
                item.add_marker(pytest.mark.xdist_group(name))
            order[id(item)] = (len(lane_of), -seconds, name)
    items.sort(key=lambda item: order[id(item)])  # stable: a piece's tests keep their order


def _browser_lanes(pieces: set[tuple[str, float]]) -> dict[str, int]:
    """Each browser piece's lane: half as many lanes as xdist workers (at least one), the
    longest pieces first, each to the lane with the least work so far."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "2"))
    load = [0.0] * max(1, workers // 2)
    lane_of: dict[str, int] = {}
    for name, seconds in sorted(pieces, key=lambda piece: (-piece[1], piece[0])):
        lane = load.index(min(load))
        lane_of[name] = lane
        load[lane] += seconds
    return lane_of


def _rel(item: pytest.Item) -> str:
    try:
        return item.path.relative_to(ROOT).as_posix()
    except ValueError:
        return item.path.as_posix()


def _recorded() -> dict[str, dict[str, float]]:
    import json

    try:
        loaded = json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


class _DurationRecorder:
    """``--record-durations PATH``: every test's time, summed over its phases, and each file's
    total, written at the end of the run (under xdist, by the controller, from every worker's
    reports). Only tests over :data:`_LISTED_S` are listed one by one. With ``measure``, the
    figure is the one :class:`_CpuMeter` put in the test's last report under that name, and the
    costliest tests are also listed at the end of the run (``--record-cpu``)."""

    _LISTED_S = 2.0

    def __init__(self, path: Path, measure: str | None = None) -> None:
        self.path = path
        self.measure = measure
        self.times: dict[str, float] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        nodeid = (
            report.nodeid.rsplit("@", 1)[0]
            if "@" in report.nodeid.rsplit("]", 1)[-1]
            else report.nodeid
        )
        if self.measure is None:
            seconds = report.duration
        else:
            seconds = sum(v for k, v in report.user_properties if k == self.measure)
        self.times[nodeid] = self.times.get(nodeid, 0.0) + seconds

    def pytest_sessionfinish(self) -> None:
        import json

        files: dict[str, float] = {}
        for nodeid, seconds in self.times.items():
            file = nodeid.split("::")[0]
            files[file] = files.get(file, 0.0) + seconds
        record = {
            "files": {f: round(s, 1) for f, s in sorted(files.items())},
            "tests": {n: round(s, 1) for n, s in sorted(self.times.items()) if s >= self._LISTED_S},
        }
        self.path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.measure is None:
            return
        write = terminalreporter.write_line
        terminalreporter.section(f"CPU time (written to {self.path})")
        write(f"{sum(self.times.values()):.0f} s of CPU in {len(self.times)} tests; the costliest:")
        for nodeid, seconds in sorted(self.times.items(), key=lambda t: -t[1])[:15]:
            write(f"{seconds:8.1f} s  {nodeid}")


class _CpuMeter:
    """``--record-cpu``: the CPU time each test takes (setup, call and teardown), put in its
    teardown report as ``cpu_s``. It counts this process and every process below it, live or
    ended: the app servers and Chromium (two levels down, under Playwright's driver) the browser
    tests start, and the ``mypy`` and ``ruff`` runs. A session fixture's start-up is counted in
    the first test that needs it. Linux only (``/proc``); elsewhere, this process's own."""

    def __init__(self) -> None:
        self.start: dict[str, float] = {}

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        self.start[item.nodeid] = _tree_cpu_seconds()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
        outcome = yield
        if call.when == "teardown" and item.nodeid in self.start:
            spent = _tree_cpu_seconds() - self.start.pop(item.nodeid)
            outcome.get_result().user_properties.append(("cpu_s", max(spent, 0.0)))


def _tree_cpu_seconds() -> float:
    """CPU seconds of this process and of every process below it, each with the children it has
    waited for (``/proc/<pid>/stat``: utime, stime, cutime, cstime)."""
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return time.process_time()
    children: dict[int, list[int]] = {}
    cpu: dict[int, int] = {}
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        pid = int(entry.name)
        children.setdefault(int(fields[1]), []).append(pid)
        cpu[pid] = sum(int(f) for f in fields[11:15])
    ticks = 0
    todo = [os.getpid()]
    while todo:
        pid = todo.pop()
        ticks += cpu.get(pid, 0)
        todo.extend(children.get(pid, ()))
    return ticks / os.sysconf("SC_CLK_TCK")


def pytest_report_header(config: pytest.Config) -> str | None:
    if _throwaway_postgres():
        return None
    return "postgres-marked tests are left out: no throwaway PostgreSQL (scripts/with_postgres.sh runs them)"


# The store's databases: every store test runs on a fresh SQLite file and, when DATABASE_URL is
# set (scripts/with_postgres.sh), again on that PostgreSQL database. With DATABASE_URL set,
# STORE_TESTS_SQLITE=0 leaves the SQLite half out: `.ci/run` sets it for its PostgreSQL run,
# since its main run runs every store test on SQLite already (they cost the same on both).
BACKENDS = (
    []
    if os.environ.get("DATABASE_URL") and os.environ.get("STORE_TESTS_SQLITE") == "0"
    else ["sqlite"]
) + (["database_url"] if os.environ.get("DATABASE_URL") else [])


def empty_database(engine: Engine) -> None:
    """Drop every table in the database (found by reflection, so new migrations are covered)."""
    import sqlalchemy as sa

    tables = sa.MetaData()
    tables.reflect(engine)
    tables.drop_all(engine)


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL to an empty database."""
    import sqlalchemy as sa

    from tutor import store

    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'progress.db'}"
        return
    url = store.default_url()
    if "test" not in (sa.make_url(url).database or ""):
        pytest.skip("DATABASE_URL's database name lacks 'test': not emptying a real database")
    engine = store.make_engine(url)
    empty_database(engine)
    engine.dispose()
    yield url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """A configured engine on an empty, migrated database."""
    from tutor import store

    made = store.make_engine(db_url)
    store.migrate(made)
    yield made
    made.dispose()
