"""A club on several servers: ``scripts/serve_cluster.sh 2`` runs two replicas of the
app on one PostgreSQL behind nginx; an answer given on one replica shows in the progress seen
through the other.

nginx keeps a browser on one replica by its ``cribbage_replica`` cookie and says which replica
answered (``X-Replica``), so the test picks two cookies that land on different replicas and
drives Chromium through nginx with each. Needs nginx and PostgreSQL from Debian's packages
(``.ci/run`` installs nginx; the script installs PostgreSQL when missing, as
``scripts/with_postgres.sh`` does).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsertools import load
from conftest import ROOT, _free_port
from playwright.sync_api import expect

from cribbage_core.teaching.hand_quiz import deal_hand

pytestmark = pytest.mark.browser  # a real server (two, and nginx) and Chromium

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
COOKIE = "cribbage_replica"


def _replica_of(base: str, cookie: str) -> str:
    """The replica nginx sends a browser with this affinity cookie to (``X-Replica``)."""
    request = urllib.request.Request(
        f"{base}/_stcore/health", headers={"Cookie": f"{COOKIE}={cookie}"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return str(reply.headers["X-Replica"])


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(NGINX).exists():
        pytest.skip("nginx is missing (apt-get install nginx-light)")
    work = tmp_path_factory.mktemp("cluster")
    port = _free_port()
    env = dict(os.environ, CLUSTER_DIR=str(work), CRIBBAGE_BOT_DELAY="0")
    env.pop("DATABASE_URL", None)  # its own throwaway PostgreSQL
    log = open(work / "cluster.log", "wb")  # noqa: SIM115 - the cluster's output for its life; closed below
    proc = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "serve_cluster.sh"), "2", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180  # installing PostgreSQL the first time takes a while
        while True:
            try:
                urllib.request.urlopen(f"{base}/_stcore/health", timeout=2).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "the cluster did not start:\n" + (work / "cluster.log").read_text()
                    ) from None
                time.sleep(0.3)  # poll until nginx answers
        yield base
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=60)
        log.close()


def test_nginx_keeps_a_browser_on_its_replica_and_spreads_browsers(cluster: str) -> None:
    cookie = uuid.uuid4().hex
    assert len({_replica_of(cluster, cookie) for _ in range(5)}) == 1  # affinity
    seen = {_replica_of(cluster, uuid.uuid4().hex) for _ in range(40)}
    assert len(seen) == 2, seen  # both replicas get browsers
    with urllib.request.urlopen(f"{cluster}/_stcore/health", timeout=10) as reply:  # a first visit
        cookies = reply.headers.get_all("Set-Cookie") or []
        assert any(c.startswith(f"{COOKIE}=") for c in cookies), cookies


def test_an_answer_on_one_replica_is_progress_on_the_other(cluster: str, browser: Any) -> None:
    cookies: dict[str, str] = {}
    while len(cookies) < 2:
        value = uuid.uuid4().hex
        cookies.setdefault(_replica_of(cluster, value), value)
    (first, one), (second, other) = cookies.items()
    learner, seed = f"club{uuid.uuid4().hex[:8]}", 42
    host = cluster.removeprefix("http://").split(":")[0]

    def tab(value: str) -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 1400})
        context.add_cookies([{"name": COOKIE, "value": value, "domain": host, "path": "/"}])
        return context.new_page()

    page = tab(one)
    load(page, f"{cluster}/Count_the_hand?seed={seed}&learner={learner}")
    answer = page.locator('[data-testid="stMain"] [data-testid="stTextInput"] input').first
    answer.fill(str(deal_hand(seed).score.total))
    answer.press("Enter")
    expect(page.get_by_text("Right!").first).to_be_visible()

    other_page = tab(other)
    reply = other_page.goto(f"{cluster}/Progress?learner={learner}")
    assert reply is not None and reply.headers["x-replica"] == second != first
    load(other_page, f"{cluster}/Progress?learner={learner}")
    answered = other_page.get_by_test_id("stMetric").filter(has_text="Answered")
    expect(answered).to_contain_text("1")
    expect(other_page.get_by_text("No answers recorded yet")).to_have_count(0)
