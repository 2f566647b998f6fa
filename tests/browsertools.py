"""Helpers for the browser tests: wait for the condition a test checks, never for a fixed time.

Streamlit draws a page in steps: each script run streams its elements one by one, and while
a run is going the elements of the previous one are still on screen, marked stale. On a busy
machine a run can take seconds, so a test that reads the page "a moment" after an action reads
whatever happens to be drawn (the failures this module was written against: sidebar links
read before they were drawn, a direction read before the page's style sheet arrived).

Streamlit marks its root element with the state of the script run
(``data-test-script-state``: ``initial`` -> ``running`` -> ``notRunning``), which is what
:func:`settled` waits for. Two rules make the waiting race-free:

1. After an action (a click, Enter), first wait for the action's own effect with
   Playwright's ``expect`` (a text that appears, a button that goes, a box that is checked).
   Never wait for "idle" straight after an action: the run it asks for may not have
   started yet, and the page would look idle.
2. Then, before reading several things at once (all the labels, all the links, a
   screenshot), wait until the run is over with :func:`settled`. After ``goto`` or
   ``reload`` the root starts as ``initial``, so :func:`load` may call it at once.

``expect`` retries until its condition holds or ``conftest.BROWSER_TIMEOUT_MS`` runs out; the timeout
is generous because a loaded two-core machine is slow, and it costs nothing when the
condition comes quickly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import ARTIFACTS, BROWSER_TIMEOUT_MS
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError, expect

expect.set_options(timeout=BROWSER_TIMEOUT_MS)


def settled(page: Any) -> None:
    """Wait until the page's script run is over (no run going, no spinner)."""
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    expect(page.get_by_test_id("stSpinner")).to_have_count(0)


def no_exception(page: Any) -> None:
    """The page shows no Python exception."""
    expect(page.get_by_test_id("stException")).to_have_count(0)


#: The run mark of the page's script run drawn now (``tutor.frame.menu.enter_hint``).
_RUN_MARK = "() => document.querySelector('[data-tutor-run]')?.dataset.tutorRun ?? null"
#: Open an address of the app in the page already showing it, as Streamlit's own links do: the
#: browser's history moves to the address and Streamlit, which listens for that, runs the
#: address's page with its query parameters in the same session.
_GO = "url => { history.pushState(null, '', url); dispatchEvent(new PopStateEvent('popstate')); }"


def visit(page: Any, url: str) -> None:
    """Open ``url`` as :func:`load` does, but, when the page already shows the app (same
    server), inside the app: its page and query parameters are what the page's script sees, as
    after a fresh load, in the same browser session (Streamlit's session state is kept, as when
    a learner follows the menu's links). A page load costs Chromium about 0.8 s of CPU, half of
    it Streamlit's JavaScript; a visit, that half less."""
    here, there = page.url.split("/", 3)[:3], url.split("/", 3)[:3]
    if here != there or page.locator('[data-testid="stApp"]').count() == 0:
        load(page, url)
        return
    settled(page)
    mark = page.evaluate(_RUN_MARK)
    page.evaluate(_GO, url)
    # the new run's mark is drawn: its run has begun (the old page reads notRunning too)
    page.wait_for_function(f"mark => ![null, mark].includes(({_RUN_MARK})())", arg=mark)
    _drawn(page)


def load(page: Any, url: str) -> None:
    """Open ``url`` and wait until its first run is drawn in full, without an exception.

    The root can read ``notRunning`` with the heading drawn before the page's own style sheet
    (``tutor.frame.menu.page_css``) has arrived: a contrast or layout read then sees
    Streamlit's defaults. So wait for the style sheet's marker too."""
    page.goto(url)
    _drawn(page)


def _drawn(page: Any) -> None:
    settled(page)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.stApp')).getPropertyValue('--tutor-page-css').trim() === '1'"
    )
    settled(page)
    no_exception(page)


def shot(page: Any, name: str) -> None:
    """Save a full-page screenshot of the finished page to ``artifacts/<name>.png``."""
    settled(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def card_labels(page: Any) -> list[str]:
    """The accessible labels of the cards drawn in the main area, once the page is finished."""
    cards = page.locator('main svg[role="img"]')
    expect(cards.first).to_be_visible()
    settled(page)
    return list(cards.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))"))


#: How long a click may go without any sign of the script run it asks for before it counts as
#: lost (:func:`submit`): far longer than a loaded machine takes to begin a run.
LOST_CLICK_MS = 20_000
_RUN_BEGUN = (
    "mark => (" + _RUN_MARK + ")() !== mark"
    " || document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'running'"
)


def submit(page: Any, button: Any) -> None:
    """Click ``button`` (a form's submit button, or any button that asks for a script run) and
    wait until the run it asks for has begun: its run mark is drawn, or Streamlit says a run is
    going. Then wait for the run's effect with ``expect`` as usual.

    On a loaded machine a click now and then reaches no handler (the button was drawn anew
    between the press and the release), and the page would wait for a run nobody asked for.
    A click that began no run within :data:`LOST_CLICK_MS` is made again, three times at most;
    a click whose run began is never repeated."""
    mark = page.evaluate(_RUN_MARK)
    for _ in range(3):
        button.click()
        try:
            page.wait_for_function(_RUN_BEGUN, arg=mark, timeout=LOST_CLICK_MS)
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("three clicks on the button began no script run")


def _until(click: Callable[[], object], seen: Callable[[float | None], None]) -> None:
    """Make ``click`` and wait until ``seen`` (an ``expect``, given its timeout) passes. A click
    whose effect is not seen within :data:`LOST_CLICK_MS` (drawn anew under the pointer, it
    reached no handler) is made again, three times at most; then ``seen`` is waited for once
    more with ``expect``'s own timeout, so a failure reads as that ``expect``'s."""
    for _ in range(3):
        click()
        try:
            seen(LOST_CLICK_MS)
            return
        except AssertionError:
            continue
    seen(None)


def choose(page: Any, box: Any, option: str) -> None:
    """Choose ``option`` in the select box ``box`` (an ``stSelectbox`` locator) and see it
    shown there, chosen again when the choice did not take (the list was drawn anew under the
    click)."""

    def click() -> None:
        box.click()
        page.get_by_role("option", name=option, exact=True).click()

    _until(click, lambda t: expect(box.get_by_role("combobox")).to_have_value(option, timeout=t))


def open_expander(page: Any, label: str) -> Any:
    """Open the expander labelled ``label`` and return it, once it shows as open."""
    expander = (
        page.get_by_test_id("stExpander").filter(has=page.locator("summary", has_text=label)).first
    )
    _until(
        expander.locator("summary").click,
        lambda t: expect(expander.locator("details")).to_have_attribute("open", "", timeout=t),
    )
    return expander


def pick(form: Any, label: str) -> None:
    """Pick the radio choice ``label`` in ``form`` and see it checked (made again when the click
    was lost)."""
    radio = form.get_by_role("radio", name=label, exact=True)
    _until(
        form.get_by_text(label, exact=True).click,
        lambda t: expect(radio).to_be_checked(timeout=t),
    )


def switch_on(page: Any, label: str) -> None:
    """Turn on the toggle labelled ``label`` and see it on (clicked again when the click was
    lost)."""
    switch = page.get_by_role("switch", name=label, exact=True)
    _until(
        page.get_by_text(label, exact=True).click,
        lambda t: expect(switch).to_be_checked(timeout=t),
    )
