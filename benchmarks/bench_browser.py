"""What a learner waits for, timed in Chromium against the real app.

    python benchmarks/bench_browser.py [--reps 15] [--only count,pegging,discard,pages]

Starts ``streamlit run app.py`` (as the browser tests do, with a temporary progress
database) and Debian's Chromium (``/usr/bin/chromium``, headless), then times in the
browser, with ``time.perf_counter`` around a wait for the condition (never a fixed wait):

- Count the hand: from the click on "Check my count" until "Right!" is visible, and until
  the script run is over (the breakdown drawn in full); then "Next hand" until the new
  hand's empty answer box is there;
- the pegging quiz: from "Check" until "Right!" is visible (and the run is over);
- the Discard trainer: from "Throw these cards" until the verdict, then the advisor's
  table, are visible;
- each page: from ``goto`` until its first card (its first heading on the progress page)
  is visible, and until the first run is over (the Play page's set-up and the progress page
  have no card: their first heading).

Every repetition deals a new seed, so no answer is "answered before". It prints the
median and 90th percentile of each, and the load average before and after (the machine
may be shared: a loaded one mostly measures waiting for a core).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from conftest import CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

from cribbage_core.teaching.discard_quiz import deal_discard  # noqa: E402
from cribbage_core.teaching.hand_quiz import deal_hand  # noqa: E402
from cribbage_core.teaching.pegging_quiz import pegging_question  # noqa: E402

TIMEOUT_MS = 60_000
PAGES = {
    "home": "/",
    "learn": "/Learn?lesson=04_play&seed=3",
    "count": "/Count_the_hand?seed=42",
    "pegging": "/Pegging_quiz?seed=7",
    "play": "/Play",
    "progress": "/Progress",
    "discard": "/Discard_trainer?seed=42",
}
Timings = dict[str, list[float]]


def settled(page: Any) -> None:
    """The page's script run is over (Streamlit marks its root with the run's state)."""
    page.wait_for_function(
        "document.querySelector('[data-testid=stApp]')?.dataset.testScriptState === 'notRunning'",
        polling="raf",
    )


def seen(locator: Any) -> Callable[[], None]:
    """A wait for ``locator`` to be visible: ``wait_for`` checks at every frame, where ``expect``
    backs off (100, 250, 500 ms...) and would add its pause to the time measured."""
    return lambda: locator.first.wait_for(state="visible")


def press(target: Any) -> Callable[[], None]:
    """A click on ``target`` as a learner makes it: Playwright's checks before a click (visible,
    stable, enabled) are made first, outside the time measured."""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None, "the button is not on the page"
    return lambda: target.page.mouse.click(
        box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    )


def timed(action: Callable[[], None], *waits: Callable[[], None]) -> list[float]:
    """Seconds from ``action`` until each of ``waits`` holds, in turn."""
    start = time.perf_counter()
    action()
    marks = []
    for wait in waits:
        wait()
        marks.append(time.perf_counter() - start)
    return marks


def ready(page: Any, url: str) -> None:
    page.goto(url)
    settled(page)
    expect(page.get_by_role("heading", level=1).first).to_be_visible()


def seed_in(page: Any) -> int:
    found = re.search(r"[?&]seed=(\d+)", page.url)
    assert found is not None, page.url
    return int(found.group(1))


def next_deal(page: Any, button: str, answer_box: Any, out: list[float]) -> None:
    """Press ``button`` (the next deal) and time it until the new deal's answer box is there."""
    old = seed_in(page)
    (dealt,) = timed(press(page.get_by_role("button", name=button)), seen(answer_box))
    out.append(dealt)
    page.wait_for_url(re.compile(rf"seed=(?!{old}\b)\d+"))
    settled(page)


def bench_count(page: Any, base: str, seed: int, reps: int, out: Timings) -> None:
    ready(page, f"{base}/Count_the_hand?seed={seed}")
    box = page.get_by_label("How many points?")
    for _ in range(reps):
        box.fill(str(deal_hand(seed_in(page)).score.total))
        settled(page)
        verdict, done = timed(
            press(page.get_by_role("button", name="Check my count")),
            seen(page.get_by_text("Right!")),
            lambda: settled(page),
        )
        out.setdefault("count: submit -> verdict", []).append(verdict)
        out.setdefault("count: submit -> run over", []).append(done)
        next_deal(page, "Next hand", box, out.setdefault("count: next hand -> answer box", []))


def bench_pegging(page: Any, base: str, seed: int, reps: int, out: Timings) -> None:
    ready(page, f"{base}/Pegging_quiz?seed={seed}")
    box = page.get_by_label("How many points does your", exact=False)
    for _ in range(reps):
        box.fill(str(pegging_question(seed_in(page)).total))
        settled(page)
        verdict, done = timed(
            press(page.get_by_role("button", name="Check", exact=True)),
            seen(page.get_by_text("Right!")),
            lambda: settled(page),
        )
        out.setdefault("pegging: submit -> verdict", []).append(verdict)
        out.setdefault("pegging: submit -> run over", []).append(done)
        next_deal(
            page, "Next question", box, out.setdefault("pegging: next question -> answer box", [])
        )


def bench_discard(page: Any, base: str, seed: int, reps: int, out: Timings) -> None:
    page.goto(f"{base}/Discard_trainer?seed={seed}")
    for rep in range(reps):
        fresh = rep % 3 == 0  # every third throw is the first after a page load
        if fresh:
            ready(page, page.url)
        for card in deal_discard(seed_in(page)).advice.best.discard:
            box = page.get_by_role("checkbox", name=f"Throw {card.label}")
            box.check(force=True)  # the box sits under its label in Streamlit's markup
            expect(box).to_be_checked()
            settled(page)  # a box clicked while the last tick's run redraws may not take
        verdict, table, done = timed(
            press(page.get_by_role("button", name="Throw these cards")),
            seen(page.get_by_text("The best discard!")),
            seen(page.get_by_test_id("stDataFrame")),
            lambda: settled(page),
        )
        # the first table and chart after a page load also load the browser's code that draws them
        what = "discard, first after load" if fresh else "discard"
        out.setdefault(f"{what}: throw -> verdict", []).append(verdict)
        out.setdefault(f"{what}: throw -> table", []).append(table)
        out.setdefault(f"{what}: throw -> run over", []).append(done)
        next_deal(
            page,
            "Next hand",
            page.get_by_role("button", name="Throw these cards"),
            out.setdefault("discard: next hand -> cards", []),
        )


def bench_pages(page: Any, base: str, reps: int, out: Timings) -> None:
    for name, path in PAGES.items():
        ready(page, base + path)  # warm: the server's caches and the browser's copy of the scripts
        first = (
            page.get_by_role("heading", level=1).first
            if name in ("play", "progress")  # no cards before a game starts / on the charts
            else page.locator('main svg[role="img"]').first
        )
        for _ in range(reps):
            card, done = timed(
                lambda: page.goto(base + path),  # noqa: B023
                seen(first),
                lambda: settled(page),
            )
            out.setdefault(f"page {name}: load -> first card", []).append(card)
            out.setdefault(f"page {name}: load -> run over", []).append(done)


def report(out: Timings) -> None:
    width = max(map(len, out))
    print(f"{'what':<{width}}  {'median':>8}  {'p90':>8}  {'max':>8}   (ms, n)")
    for name, times in out.items():
        ms = sorted(t * 1000 for t in times)
        p90 = ms[min(len(ms) - 1, round(0.9 * (len(ms) - 1)))]
        print(
            f"{name:<{width}}  {statistics.median(ms):8.0f}  {p90:8.0f}  {ms[-1]:8.0f}   ({len(ms)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--reps", type=int, default=15, help="repetitions of each measurement")
    parser.add_argument(
        "--only", default="count,pegging,discard,pages", help="which, comma-separated"
    )
    parser.add_argument("--url", help="time a server already running at this address instead")
    parser.add_argument(
        "--root",
        type=Path,
        default=ROOT,
        help="serve the app in this directory (e.g. an older export)",
    )
    args = parser.parse_args()
    only = set(args.only.split(","))
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    out: Timings = {}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        expect.set_options(timeout=TIMEOUT_MS)

        def run(base: str) -> None:
            if "count" in only:
                bench_count(page, base, 1001, args.reps, out)
            if "pegging" in only:
                bench_pegging(page, base, 1002, args.reps, out)
            if "discard" in only:
                bench_discard(page, base, 1003, args.reps, out)
            if "pages" in only:
                bench_pages(page, base, max(3, args.reps // 3), out)

        try:
            if args.url:
                run(args.url.rstrip("/"))
            else:
                with serve(
                    args.root, f"sqlite:///{tmp}/progress.db", log_name="bench-browser-server.log"
                ) as base:
                    ready(page, base)  # the first run of a server compiles and imports everything
                    run(base)
        except Exception:
            page.screenshot(
                path=str(ROOT / "artifacts" / "bench-browser-failed.png"), full_page=True
            )
            raise
        finally:
            browser.close()
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(out)


if __name__ == "__main__":
    main()
