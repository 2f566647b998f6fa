"""The app's server processes for a benchmark: one started as the README starts it, or
replicas behind nginx (``scripts/serve_cluster.sh``); their CPU time and memory read from
``/proc`` and from Linux's per-process CPU clocks; stopped with their children."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system) of these processes and their children so far (the coach's search
    process, ``cribbage_core.coach.positions``), those that ended included."""
    return sum(cpu_split(pids))


def cpu_split(pids: list[int]) -> tuple[float, float]:
    """:func:`cpu_seconds` in two: the servers' own processes (the page runs), and their children
    (the search processes)."""
    own = children = 0
    for pid in _with_children(pids):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue  # ended since it was listed: its time is in its parent's children's time
        ticks = [int(f) for f in fields[11:15]]  # utime, stime, cutime, cstime
        if pid in pids:
            own += ticks[0] + ticks[1]
            children += ticks[2] + ticks[3]  # children that ended
        else:
            children += sum(ticks)
    tick = os.sysconf("SC_CLK_TCK")
    return own / tick, children / tick


def cpu_clocks(pids: list[int]) -> tuple[float, float]:
    """CPU seconds of these processes, and of their live children (the search processes), to the
    nanosecond: Linux's clock of each process's CPU time (``clock_getcpuclockid``), where
    ``/proc`` counts 10 ms ticks."""
    own = children = 0.0
    for pid in _with_children(pids):
        try:
            seconds = time.clock_gettime(((~pid) << 3) | 2)  # MAKE_PROCESS_CPUCLOCK(pid, SCHED)
        except OSError:
            continue  # ended since it was listed
        if pid in pids:
            own += seconds
        else:
            children += seconds
    return own, children


def _with_children(pids: list[int]) -> list[int]:
    found, todo = [], list(pids)
    while todo:
        pid = todo.pop()
        found.append(pid)
        for task in Path(f"/proc/{pid}/task").glob("*/children"):
            try:
                todo.extend(int(c) for c in task.read_text().split())
            except FileNotFoundError:
                continue
    return found


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return round(total / 1024, 1)


# ---------------------------------------------------------------- the server(s)


@dataclass
class Servers:
    """The app's server processes (started here, or given) and the address to drive."""

    base: str
    pids: list[int]
    stop_actions: list = field(default_factory=list)

    def stop(self) -> None:
        for action in reversed(self.stop_actions):
            action()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base: str, proc: subprocess.Popen, wait: float, log: str) -> None:
    deadline = time.time() + wait
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}); log: {log}")
        try:
            if urllib.request.urlopen(base + "/_stcore/health", timeout=1).read() == b"ok":
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer in {wait} s; log: {log}")


def stop_group(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def start_server(url: str, launcher: tuple[str, ...] = ("streamlit",)) -> Servers:
    """``python -m streamlit run app.py`` on a free port with the database ``url``; ``launcher``:
    the module run instead of ``streamlit`` (and its arguments), e.g. ``("tutor.frame.warm",)``."""
    port = free_port()
    log = tempfile.mktemp(prefix="bench-server-", suffix=".log")
    env = dict(
        os.environ,
        DATABASE_URL=url,
        CRIBBAGE_BOT_DELAY="0",
        STREAMLIT_BROWSER_GATHER_USAGE_STATS="false",
    )
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            *launcher,
            "run",
            "app.py",
            "--server.headless",
            "true",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        env=env,
        stdout=open(log, "ab"),  # noqa: SIM115 - the server's log for its life
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, proc, 60, log)
    return Servers(base, [proc.pid], [lambda: stop_group(proc)])


def start_cluster(replicas: int, url: str) -> Servers:
    """``scripts/serve_cluster.sh`` with ``replicas`` app processes behind nginx."""
    port = free_port()
    run_dir = tempfile.mkdtemp(prefix="bench-cluster-")
    log = os.path.join(run_dir, "cluster.log")
    env = dict(os.environ, CLUSTER_DIR=run_dir, CRIBBAGE_BOT_DELAY="0")
    if url:
        env["DATABASE_URL"] = url
    proc = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "serve_cluster.sh"), str(replicas), str(port)],
        cwd=ROOT,
        env=env,
        stdout=open(log, "ab"),  # noqa: SIM115 - its log
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base, proc, 120, log)
    pids_file = Path(run_dir) / "replicas.pids"
    deadline = time.time() + 30
    while not pids_file.exists() and time.time() < deadline:
        time.sleep(0.2)
    pids = [int(p) for p in pids_file.read_text().split()]
    return Servers(base, pids, [lambda: stop_group(proc)]), (
        Path(run_dir) / "database.url"
    ).read_text().strip()
