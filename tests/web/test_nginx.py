"""dicehall behind a real nginx (docs/deploy/nginx.conf): `dicehall serve --workers 2` on
PostgreSQL, trusting the proxy's address only; nginx terminates TLS with a certificate the test
makes, upgrades websockets, serves static files with cache headers and replaces
X-Forwarded-For with the address each connection comes from.

A table is played through it over wss://; two clients on distinct loopback addresses
(127.0.0.2 and 127.0.0.3, each connection bound to its address) are seen as themselves by
the server: the per-address budget of new tables refuses the first and serves the second,
and what a client writes in X-Forwarded-For changes nothing.
"""

from __future__ import annotations

import json
import re
import ssl
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from dicehall.web.app import STATIC
from tests.store.postgres import create_database, postgres_server
from tests.web.helpers import Client, Server
from tests.web.nginx import Nginx, nginx_in_front
from tests.web.test_metrics import samples, value

KEY = "nginx-test-record-key-" + "n" * 20
TABLE = {"game": "puru", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
WORKERS = 2
# one new table per address and process, then none for a long while
ONE_TABLE = {"DICEHALL_CREATE_BURST": "1", "DICEHALL_CREATE_RATE": "0.001"}


class WssClient(Client):
    """A table's websocket through the proxy, from a chosen loopback address."""

    def __init__(self, proxy: Nginx, table_id: str, tokens: list[str], source: str,
                 tls: ssl.SSLContext) -> None:  # fmt: skip
        self.ws = connect(
            f"{proxy.ws_url}/ws/{table_id}", ssl=tls, open_timeout=10,
            source_address=(source, 0), legacy=True,
        )  # fmt: skip
        self.ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        self.state, self.log, self.messages, self.errors = {}, [], [], []
        self.wait(lambda m: m["type"] in ("welcome", "error"))


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _http(proxy: Nginx, source: str, tls: ssl.SSLContext) -> httpx.Client:
    transport = httpx.HTTPTransport(local_address=source, verify=tls)
    return httpx.Client(transport=transport, base_url=proxy.url, timeout=30)


def test_a_table_is_played_through_nginx_over_wss_and_limits_see_real_addresses(
    tmp_path: Path, postgres: str
) -> None:
    shared = tmp_path / "metrics"  # the processes' metrics (prometheus-client's multiprocess)
    shared.mkdir()
    env = {"DICEHALL_RECORD_KEY": KEY, "DICEHALL_TRUSTED_PROXIES": "127.0.0.1", **ONE_TABLE,
           "PROMETHEUS_MULTIPROC_DIR": str(shared)}  # fmt: skip
    server = Server(tmp_path / "unused", tmp_path / "server.log", env=env, limits=True)
    server.db_url = create_database(postgres, "nginx")
    server.command = [sys.executable, "-m", "dicehall", "serve"]
    server.workers = WORKERS
    server.start(timeout=120)
    try:
        with nginx_in_front(server.port, tmp_path / "nginx", STATIC) as proxy:
            tls = ssl.create_default_context(cafile=str(proxy.folder / "cert.pem"))
            acks = _play_and_check(proxy, tls, server)
            assert httpx.get(f"{proxy.url}/metrics", verify=tls).status_code == 404
        _metrics_of_both_processes(server, shared, acks)
    finally:
        server.stop()


def _metrics_of_both_processes(server: Server, shared: Path, acks: int) -> None:
    """Whichever process answers /metrics (each request a new connection), it counts every
    process's moves: both write to the shared folder, and the answer sums them."""
    pids = {int(p.stem.rsplit("_", 1)[1]) for p in shared.glob("*.db")}
    assert len(pids) >= WORKERS
    for _ in range(4):
        text = httpx.get(f"{server.url}/metrics", headers={"Connection": "close"}).text
        found = samples(text)
        assert value(found, "dicehall_moves_total", by="person") == acks
        assert value(found, "dicehall_refusals_total", limit="create") >= 1


def _play_and_check(proxy: Nginx, tls: ssl.SSLContext, server: Server) -> int:
    ann, bob = _http(proxy, "127.0.0.2", tls), _http(proxy, "127.0.0.3", tls)
    with ann, bob:
        # a table made and played to its end through the proxy, over wss://
        made = ann.post("/api/tables", json=TABLE)
        assert made.status_code == 201, made.text
        table, rid = made.json(), made.headers["x-request-id"]
        player = WssClient(proxy, table["id"], [table["tokens"]["0"]], "127.0.0.2", tls)
        player.play_until_over([0])
        assert player.state["result"] is not None
        acks = sum(m["type"] == "ack" for m in player.messages)
        player.close()

        # 127.0.0.2 has spent its budget (one table per process); what it writes in
        # X-Forwarded-For is replaced by nginx, so a made-up address earns it nothing
        answers = [ann.post("/api/tables", json=TABLE).status_code for _ in range(4)]
        answers += [
            ann.post("/api/tables", json=TABLE, headers={"X-Forwarded-For": f"10.9.0.{i}"})
            .status_code
            for i in range(4)
        ]  # fmt: skip
        assert set(answers) <= {201, 429} and answers.count(429) >= len(answers) - WORKERS + 1
        # 127.0.0.3 is another client with a budget of its own
        assert bob.post("/api/tables", json=TABLE).status_code == 201

        # static files come from nginx, cached for an hour; pages are not cached
        asset = ann.get("/static/style.css")
        assert asset.status_code == 200 and "max-age=3600" in asset.headers["cache-control"]
        assert ann.get("/").headers["cache-control"] == "no-cache"
        # plain HTTP is sent to HTTPS
        plain = httpx.get(f"http://127.0.0.1:{proxy.http_port}/table/x", follow_redirects=False)
        assert plain.status_code == 301 and plain.headers["location"].startswith("https://")

    # the server saw the two clients' own addresses: never nginx's, never a made-up one
    seen = server.log_path.read_text()
    creations = re.findall(r'(\S+):\d+ - "POST /api/tables', seen)
    assert {"127.0.0.2", "127.0.0.3"} <= set(creations) <= {"127.0.0.2", "127.0.0.3"}
    assert re.search(r'127\.0\.0\.2:\d+ - "WebSocket /ws/', seen)
    assert "10.9.0." not in seen
    assert "/static/style.css" not in seen
    # the event line of the table's creation carries the request id nginx gave it
    created = [json.loads(x) for x in seen.splitlines() if '"table_created"' in x]
    assert any(e["table"] == table["id"] and e["request_id"] == rid for e in created)
    return acks
