"""The proxy's security headers: nginx with ``deploy/security-headers.conf``
in front of a real ``streamlit run`` server adds them to every answer, and the app still
works through it (its health check, a page and the WebSocket's upgrade reach the server).

Streamlit has no setting for these headers, so they belong to the proxy; the test runs
Debian's nginx (``.ci/run`` installs it) on a free port, as an ordinary user's process.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, _free_port

pytestmark = pytest.mark.browser  # it needs the app's server, like the browser tests

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HEADERS = {
    "X-Frame-Options": "SAMEORIGIN",
    "Content-Security-Policy": "frame-ancestors 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


@pytest.fixture(scope="module")
def proxy(app_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    if not Path(NGINX).exists():
        pytest.skip("nginx is missing (apt-get install nginx-light)")
    work = tmp_path_factory.mktemp("nginx")
    port = _free_port()
    upstream = app_url.removeprefix("http://")
    (work / "nginx.conf").write_text(f"""
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_body_temp_path {work}/body; proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi; uwsgi_temp_path {work}/uwsgi; scgi_temp_path {work}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port};
        include {ROOT}/deploy/security-headers.conf;
        location / {{
            proxy_pass http://{upstream};
            proxy_http_version 1.1;
            proxy_set_header Host $host;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
        }}
    }}
}}
""")
    server = subprocess.Popen(
        [NGINX, "-p", str(work), "-c", str(work / "nginx.conf")], stderr=subprocess.PIPE
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"nginx did not start: {server.stderr.read() if server.stderr else ''}"
                    ) from None
                time.sleep(0.2)  # poll until nginx answers
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("path", ["/", "/Play?learner=Ann", "/_stcore/health", "/no-such-file.js"])
def test_every_answer_through_the_proxy_carries_the_security_headers(proxy: str, path: str) -> None:
    try:
        reply = urllib.request.urlopen(proxy + path, timeout=30)
    except urllib.error.HTTPError as error:  # a 404 must carry them too ("always")
        reply = error
    for name, value in HEADERS.items():
        assert reply.headers.get(name) == value, (path, name, reply.headers.get(name))


def test_the_websocket_upgrade_passes_the_proxy(proxy: str) -> None:
    import base64
    import os
    import socket

    host, port = proxy.removeprefix("http://").split(":")
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(
            f"GET /_stcore/stream HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Protocol: streamlit\r\n\r\n".encode()
        )
        status = sock.recv(4096).decode(errors="replace").splitlines()[0]
    assert status.startswith("HTTP/1.1 101"), status
