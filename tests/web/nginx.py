"""Debian's nginx with docs/deploy/nginx.conf, started by a test as a non-root configuration in
a temporary folder, on loopback ports, with a self-signed certificate the test makes (openssl).

Only what cannot be the same on a test machine is replaced in the documented file: the ports
(80 and 443 become free loopback ports), the upstream's port, the certificate and the static
folder. It is included in a minimal main configuration whose files all live in the folder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.web.helpers import free_port

SITE = Path(__file__).resolve().parents[2] / "docs" / "deploy" / "nginx.conf"
DOC_UPSTREAM = "server 127.0.0.1:8000;"
DOC_CERT = "/etc/letsencrypt/live/dice.example.org/fullchain.pem"
DOC_KEY = "/etc/letsencrypt/live/dice.example.org/privkey.pem"
DOC_STATIC = "/opt/dicehall/venv/lib/python3.11/site-packages/dicehall/web/static/"


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None
    )
    if found is None:
        raise RuntimeError("nginx is not installed (make test installs Debian's nginx)")
    return found


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and localhost, valid for a day, and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
        check=True, capture_output=True,
    )  # fmt: skip
    return cert, key


def site_config(upstream_port: int, https_port: int, http_port: int, cert: Path, key: Path,
                static: Path) -> str:  # fmt: skip
    """The documented site with this test's ports, certificate and static folder."""
    text = SITE.read_text(encoding="utf-8")
    replaced = {
        DOC_UPSTREAM: f"server 127.0.0.1:{upstream_port};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{https_port} ssl http2;",
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen [::]:443 ssl http2;": "",
        "listen [::]:80;": "",
        DOC_CERT: str(cert),
        DOC_KEY: str(key),
        DOC_STATIC: f"{static}/",
    }
    for old, new in replaced.items():
        assert old in text, f"docs/deploy/nginx.conf no longer has {old!r}"
        text = text.replace(old, new)
    return text


@dataclass
class Nginx:
    https_port: int
    http_port: int
    folder: Path

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    @property
    def ws_url(self) -> str:
        return f"wss://127.0.0.1:{self.https_port}"


@contextlib.contextmanager
def nginx_in_front(upstream_port: int, folder: Path, static: Path) -> Iterator[Nginx]:
    """nginx on two free loopback ports in front of `upstream_port`, until the block ends."""
    binary = nginx_binary()
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = self_signed(folder)
    proxy = Nginx(free_port(), free_port(), folder)
    site = site_config(upstream_port, proxy.https_port, proxy.http_port, cert, key, static)
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};" for kind in
        ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )  # fmt: skip
    # as root nginx's workers would run as nobody, who cannot read a private test folder
    user = "user root;\n" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(
        f"{user}worker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n    include /etc/nginx/mime.types;\n"
        f"    access_log {folder / 'access.log'};\n{temp}\n{site}\n}}\n"
    )
    cmd = [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"),
           "-e", str(folder / "error.log"), "-g", "daemon off;"]  # fmt: skip
    log = (folder / "stderr.log").open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_up(proxy, proc, folder)
        yield proxy
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        log.close()


def _wait_up(proxy: Nginx, proc: subprocess.Popen[bytes], folder: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            logs = (folder / "stderr.log", folder / "error.log")
            errors = "".join(p.read_text() for p in logs if p.exists())
            raise RuntimeError(f"nginx exited: {errors[-2000:]}")
        try:
            httpx.get(f"http://127.0.0.1:{proxy.http_port}/", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("nginx did not start")
