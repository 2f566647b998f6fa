"""A new server process warmed once, before it opens (else after its first page run): libraries
imported, tables built, the database opened.

A new process pays, on the first page that needs each, for importing pandas and Altair (about
0.5 s of CPU), the app's and the engine's modules, Altair's chart schema (read by the first chart
drawn) and the engine's tables (:func:`cribbage_core.tables.build_tables`): a second in all on
top of that page's own work, so the review of a game opened in a new server took twice as long as
in one that had served it before. :func:`start_once` (called by the page shell on every run,
cheap after the first) starts a background thread that waits for the process's first page run
to end and then does all of it, so that page is not slowed and the pages opened next, by
anyone, find it done; it ends by freezing what it imported out of the garbage collector's way
(:func:`tutor.frame.memory.freeze_imports`), as the next page would have. A module of the app
that has more to build once (the review's and Progress's chart specs) offers a ``warm_up()``
function, called after the imports. ``CRIBBAGE_WARM_UP=0`` in the environment turns it off.

A server started as the README says, ``streamlit run app.py``, is warmed before it takes its first
connection: Streamlit finds the ``st.App`` in ``app.py`` and serves the app through it, and the
app's :func:`lifespan` (Starlette's: run before the server accepts a connection) does the warm-up
and waits for it. ``python -m tutor.frame.warm run app.py [Streamlit's options]`` (:func:`main`),
what servers were started with before, begins it at once and is otherwise ``streamlit run``.
"""

from __future__ import annotations

import ast
import asyncio
import contextlib
import importlib
import logging
import os
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path

from streamlit.logger import get_logger

from tutor.frame import contention
from tutor.frame.memory import freeze_imports
from tutor.store import PROJECT_DIR
from tutor.store.handle import prepare_database

__all__ = ["lifespan", "main", "page_modules", "start_once", "warm", "warmed"]

_LOGGER = get_logger(__name__)  # Streamlit's: its lines in the server's console
_lock = threading.Lock()
_started = False
_done = threading.Event()


def page_modules(root: Path = PROJECT_DIR) -> list[str]:
    """The modules the app's pages import (``app.py`` and ``pages/*.py``), read from their text,
    with the names they take from a package, which may be modules too (``from tutor.review import
    keep``), in the order met.

    >>> {"tutor.frame.menu", "tutor.review.keep", "streamlit"} <= set(page_modules())
    True
    """
    names: dict[str, None] = {}
    for path in [root / "app.py", *sorted((root / "pages").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update((alias.name, None) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names[node.module] = None
                names.update((f"{node.module}.{alias.name}", None) for alias in node.names)
    return list(names)


def warm() -> None:
    """Import what the pages import (and so the engine), read Altair's chart schema and build the
    engine's tables, once (a second call costs little)."""
    import altair as alt
    import pandas as pd

    from cribbage_core.tables import build_tables

    for name in page_modules():
        with contextlib.suppress(ModuleNotFoundError):  # a name taken from a module, not a module
            importlib.import_module(name)
    build_tables()
    alt.Chart(pd.DataFrame({"x": [0.0]})).mark_line().encode(
        x="x:Q"
    ).to_dict()  # the schema, read once
    for module in list(sys.modules.values()):  # each of the app's own warm-ups
        if getattr(module, "__name__", "").startswith("tutor."):
            more = getattr(module, "warm_up", None)
            if callable(more):
                more()
    _streamlit_first_uses()
    with _quiet(_NO_PAGE_RUN_LOGGER):  # Streamlit's warning that no page runs here: none does
        prepare_database()  # the engine (st.connection), and the schema made or upgraded
    freeze_imports()


_NO_PAGE_RUN_LOGGER = "streamlit.runtime.scriptrunner_utils.script_run_context"


@contextlib.contextmanager
def _quiet(name: str) -> Iterator[None]:
    """The logger ``name`` silent but for errors meanwhile."""
    logger = logging.getLogger(name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _streamlit_first_uses() -> None:
    """What Streamlit and the store do once in a process, on the first page that needs each: the
    emoji and icon names Streamlit checks a page's icons against (their import compiles a large
    pattern), the look at the whole stack its first element takes (``inspect.stack``, to tell a
    REPL), each page's script compiled (Streamlit keeps it for the process), and SQLAlchemy's
    dialect modules the store's upserts import on first use (``tutor.store.ratings``): 0.1-0.3 s
    of CPU on a new server's first page, and 0.1 s on the first review filed, measured. The
    first two and the scripts only with the server's runtime up (where the look prints nothing)."""
    import sqlalchemy.dialects.postgresql
    import sqlalchemy.dialects.sqlite  # noqa: F401 - imported for the warm-up
    import streamlit.emojis
    import streamlit.material_icon_names  # noqa: F401 - imported for the warm-up
    from streamlit import delta_generator, runtime

    if not runtime.exists():
        return
    first_element = getattr(delta_generator, "_maybe_print_use_warning", None)
    if callable(
        first_element
    ):  # Streamlit's private functions and fields: gone, they cost speed only
        first_element()
    scripts = getattr(runtime.Runtime.instance(), "_script_cache", None)
    compile_script = getattr(scripts, "get_bytecode", None)
    if callable(compile_script):
        for path in [PROJECT_DIR / "app.py", *sorted((PROJECT_DIR / "pages").glob("*.py"))]:
            compile_script(str(path))


def _after(page_run: threading.Thread | None) -> None:
    if page_run is not None and page_run is not threading.current_thread():
        page_run.join()  # the first page's run is over: nothing of it waits for this
    try:
        warm()
    except Exception:  # a failed warm-up costs only speed: each page imports what it needs itself
        _LOGGER.exception("warming the process failed")
    finally:
        _done.set()


def start_once(now: bool = False) -> bool:
    """On the process's first call, start warming it once the calling page run is over (``now``:
    at once, no page is running); True then."""
    global _started
    if _started:
        return False
    with _lock:
        if _started or os.environ.get("CRIBBAGE_WARM_UP", "1") == "0":
            _started = True
            return False
        _started = True
    page_run = None if now else threading.current_thread()
    threading.Thread(target=_after, args=(page_run,), name="tutor-warm-up", daemon=True).start()
    return True


@contextlib.asynccontextmanager
async def lifespan(app: object) -> AsyncIterator[None]:
    """The app's lifespan (``st.App(..., lifespan=lifespan)`` in ``app.py``): the process warmed
    before the server takes its first connection (Starlette runs a lifespan's start first), the
    server's event loop free meanwhile. With ``CRIBBAGE_WARM_UP=0``, nothing."""
    start_once(now=True)  # or begun already, by main
    if os.environ.get("CRIBBAGE_WARM_UP", "1") != "0":
        began = time.perf_counter()
        await asyncio.to_thread(_done.wait)
        _LOGGER.info(
            "The process is warmed (%.2f s); the server opens.", time.perf_counter() - began
        )
    yield


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m tutor.frame.warm run app.py ...``: Streamlit's command line (``argv``, default
    this process's arguments), the process warmed from the start."""
    from streamlit.web import cli

    contention.install()  # before Streamlit makes its runtime (tutor.frame.contention)
    start_once(now=True)
    sys.argv = ["streamlit", *(sys.argv[1:] if argv is None else argv)]
    cli.main()


def warmed(timeout: float | None = None) -> bool:
    """Whether the warm-up is over (waiting up to ``timeout`` seconds for it)."""
    return _done.wait(timeout)


if __name__ == "__main__":
    from tutor.frame.warm import (
        main as run,  # the module the pages import (its state), not this copy
    )

    run()
