"""A new server's first page: wall time and server CPU, the server started as the README says.

    python benchmarks/bench_first_page.py [--pages home,play,count] [--starts 3] [--warm-run]

For each start, a new ``streamlit run app.py`` (a new SQLite file, ``--warm-run``: ``python -m
tutor.frame.warm run app.py`` instead) is started and waited for until ``/_stcore/health``
answers (its warm-up is done before that: ``docs/deploy.md``); then one learner opens the page,
over the WebSocket as the browser does (``bench_server.LearnerClient``), and the wall time from
the connection to the end of the page's run is taken, with the server process's CPU time over
it. Prints, per start, the seconds until the server answered (and its CPU by then), the first
page's wall and CPU, and the load average. Target (issue 34): the first page under 2 s wall on
a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_server  # noqa: E402

#: page -> Streamlit's page name ("": the home page, app.py)
PAGES = {"home": "", "play": "Play", "count": "Count_the_hand", "review": "Game_review"}


async def first_page(base: str, pid: int, page: str) -> tuple[float, float]:
    bench_server.PAGES[page] = (PAGES[page], ())
    client = bench_server.LearnerClient(base, page, "First", random.Random(1))
    cpu, began = bench_server.cpu_seconds([pid]), time.perf_counter()
    await client.connect()
    await client.run()
    wall = time.perf_counter() - began
    await client.close()
    return wall, bench_server.cpu_seconds([pid]) - cpu


def one_start(page: str, warm_run: bool) -> str:
    port = bench_server.free_port()
    url = f"sqlite:///{tempfile.mkdtemp(prefix='bench-first-')}/progress.db"
    command = ["-m", "tutor.frame.warm"] if warm_run else ["-m", "streamlit"]
    proc = subprocess.Popen(
        [sys.executable, *command, "run", "app.py", "--server.headless", "true"]
        + ["--server.port", str(port), "--server.address", "127.0.0.1"],
        cwd=ROOT,
        env=dict(os.environ, DATABASE_URL=url, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    began = time.perf_counter()
    try:
        base = f"http://127.0.0.1:{port}"
        bench_server.wait_healthy(base, proc, 180, "(not kept)")
        ready, ready_cpu = time.perf_counter() - began, bench_server.cpu_seconds([proc.pid])
        wall, cpu = asyncio.run(first_page(base, proc.pid, page))
    finally:
        bench_server.stop_group(proc)
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (
        f"{page}: answered after {ready:.2f} s ({ready_cpu:.2f} s of CPU); first page "
        f"{wall:.3f} s wall, {cpu:.3f} s of server CPU; load {load}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="home,play", help=",".join(PAGES))
    parser.add_argument("--starts", type=int, default=3, help="new servers per page")
    parser.add_argument(
        "--warm-run", action="store_true", help="start with python -m tutor.frame.warm run"
    )
    args = parser.parse_args()
    for page in args.pages.split(","):
        for _ in range(args.starts):
            print(one_start(page, args.warm_run), flush=True)


if __name__ == "__main__":
    main()
