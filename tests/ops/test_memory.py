"""The server's garbage collection stays short: imported code is frozen once, sessions' garbage
is still collected (``tutor.frame.memory``)."""

from __future__ import annotations

import gc
import sys
import types
import weakref
from collections.abc import Iterator

import pytest

from tutor.frame import memory


class Node:
    """A container that can sit in a reference cycle."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def new_module(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A module imported "just now", so the next run finds something new to freeze."""
    monkeypatch.setattr(memory, "_modules_at_freeze", 0)  # as in a new server process
    name = "_tutor_test_memory_fresh_module"
    sys.modules[name] = types.ModuleType(name)
    yield name
    sys.modules.pop(name, None)
    gc.unfreeze()  # give the test process its collector back


def test_a_new_import_freezes_once(new_module: str) -> None:
    memory.freeze_imports()
    sys.modules.pop(new_module)
    sys.modules[new_module] = types.ModuleType(new_module)  # same length: nothing new
    assert not memory.freeze_imports()
    sys.modules[new_module + "_2"] = types.ModuleType(new_module + "_2")
    try:
        assert memory.freeze_imports()
        assert memory.frozen_objects() > 1000  # the interpreter's and the libraries' objects
        assert not memory.freeze_imports()  # the next run: nothing imported, nothing to do
    finally:
        sys.modules.pop(new_module + "_2")


def test_garbage_is_collected_before_freezing_and_after(new_module: str) -> None:
    before = Node()
    dead_before = weakref.ref(before)
    del before  # cyclic garbage: only the collector frees it
    sys.modules[new_module + "_3"] = types.ModuleType(new_module + "_3")
    try:
        assert memory.freeze_imports()
    finally:
        sys.modules.pop(new_module + "_3")
    assert dead_before() is None, "garbage was frozen (it would never be freed)"

    after = Node()
    dead_after = weakref.ref(after)
    del after
    gc.collect(2)  # what Streamlit runs after each script run
    assert dead_after() is None, "a session's garbage made after the freeze is still collected"


def test_a_full_collection_skips_what_was_frozen(new_module: str) -> None:
    sys.modules[new_module + "_4"] = types.ModuleType(new_module + "_4")
    try:
        memory.freeze_imports()
    finally:
        sys.modules.pop(new_module + "_4")
    gc.collect()
    assert len(gc.get_objects()) < memory.frozen_objects(), "the collector still walks the imports"


def test_every_page_run_freezes_what_its_imports_keep(new_module: str) -> None:
    from apptools import open_page

    gc.unfreeze()
    open_page("pages/2_Count_the_hand.py")  # setup_page: the page's modules are imported by now
    assert memory.frozen_objects() > 10_000
