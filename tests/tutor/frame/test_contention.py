"""Streamlit's option reads and loop wake-ups as ``tutor.frame.contention`` replaces them."""

from __future__ import annotations

import asyncio
import runpy
import threading
from types import SimpleNamespace

import pytest
from streamlit import config
from streamlit.runtime import runtime

from tutor.frame import contention
from tutor.store import PROJECT_DIR as ROOT


@pytest.fixture(scope="module")
def patched() -> None:
    assert contention.install()
    assert contention.installed()


def test_the_served_app_installs_it_before_streamlit_makes_its_runtime() -> None:
    contention.uninstall()  # as in a new server process
    assert not contention.installed()
    served = runpy.run_path(str(ROOT / "app.py"), run_name="served_app")  # as `streamlit run`
    assert contention.installed()
    assert config.get_option is contention._get_option
    made = served["app"]._create_runtime()  # what st.App makes when the server starts
    try:
        wake = made._session_mgr._message_enqueued_callback  # each session's, kept from here
        assert wake.__func__ is contention._wake_loop
    finally:
        runtime.Runtime._instance = None


def test_every_option_reads_as_streamlit_reads_it(patched: None) -> None:
    original = contention._original_get_option
    assert original is not None and original is not config.get_option
    config.get_option("server.port")  # before the options are parsed: Streamlit's own read parses
    keys = list(config._config_options or {})
    assert len(keys) > 100
    for key in keys:
        assert config.get_option(key) == original(key), key


def test_an_option_set_later_is_read_at_once(patched: None) -> None:
    before = config.get_option("theme.primaryColor")
    try:
        config.set_option("theme.primaryColor", "#123456")
        assert config.get_option("theme.primaryColor") == "#123456"
    finally:
        config.set_option("theme.primaryColor", before)
    assert config.get_option("theme.primaryColor") == before


def test_an_unknown_option_is_refused_as_before(patched: None) -> None:
    with pytest.raises(RuntimeError, match="not defined"):
        config.get_option("no.suchOption")


def test_uninstalling_puts_streamlits_own_back(patched: None) -> None:
    contention.uninstall()
    try:
        assert config.get_option is not contention._get_option
        assert runtime.Runtime._enqueued_some_message is not contention._wake_loop
    finally:
        assert contention.install()
    assert runtime.Runtime._enqueued_some_message is contention._wake_loop


def test_installing_twice_wraps_once(patched: None) -> None:
    assert contention.install()
    assert config.get_option is contention._get_option
    assert contention._original_get_option is not contention._get_option


class _Loop:
    """A runtime's loop objects, with the wake-ups counted."""

    def __init__(self) -> None:
        self.eventloop = asyncio.new_event_loop()
        self.need_send_data = asyncio.Event()
        self.wakeups = 0
        call = self.eventloop.call_soon_threadsafe

        def counted(callback, *args):  # type: ignore[no-untyped-def]
            self.wakeups += 1
            return call(callback, *args)

        self.eventloop.call_soon_threadsafe = counted  # type: ignore[method-assign]

    def run_pending(self) -> None:
        """Run the callbacks scheduled so far, in a thread of its own (a test run before may
        have left an event loop running in this one)."""
        runner = threading.Thread(
            target=self.eventloop.run_until_complete, args=(asyncio.sleep(0),)
        )
        runner.start()
        runner.join()


def _enqueue(loop: _Loop, times: int) -> None:
    fake = SimpleNamespace(_get_async_objs=lambda: loop)
    for _ in range(times):
        runtime.Runtime._enqueued_some_message(fake)  # type: ignore[arg-type]


def test_a_woken_loop_is_not_woken_again(patched: None) -> None:
    loop = _Loop()
    try:
        _enqueue(loop, 1)
        loop.run_pending()  # the loop runs the wake-up: its event is set
        assert loop.need_send_data.is_set() and loop.wakeups == 1
        _enqueue(loop, 50)  # more messages before the loop has sent: no more wake-ups
        assert loop.wakeups == 1
        loop.need_send_data.clear()  # the loop takes the queued messages
        _enqueue(loop, 1)  # a message queued after that wakes it again
        loop.run_pending()
        assert loop.need_send_data.is_set() and loop.wakeups == 2
    finally:
        loop.eventloop.close()


def test_messages_from_many_threads_always_wake_the_loop(patched: None) -> None:
    loop = _Loop()
    try:
        for _round in range(20):
            loop.need_send_data.clear()
            threads = [threading.Thread(target=_enqueue, args=(loop, 5)) for _ in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            loop.run_pending()
            assert loop.need_send_data.is_set()
    finally:
        loop.eventloop.close()
