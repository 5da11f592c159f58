"""Every password check spends one budget, reserved before the hash is awaited.

The attacks: `POST /api/account/delete` checked passwords with no budget at all (12 clients,
45 s: 101 Argon2 hashes, everyone's sign-in 0.64 -> 5.8 s); 40 concurrent sign-ins on one
account from 40 addresses had 39 wrong passwords checked against a budget of 5, because the
budget was looked at before the hash and spent after it. docs/security.md, *Accounts*.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.web.account_helpers import PASSWORD, Session
from tests.web.helpers import Server


def _server(folder: Path, **env: str) -> Server:
    srv = Server(folder / "dicehall.db", folder / "server.log", env=env)
    srv.start()
    return srv


@pytest.fixture
def throttled(tmp_path: Path) -> Iterator[Server]:
    srv = _server(
        tmp_path,
        DICEHALL_LOGIN_BURST="40",
        DICEHALL_LOGIN_RATE="0.001",
        DICEHALL_ACCOUNT_LOGIN_BURST="3",
        DICEHALL_ACCOUNT_LOGIN_RATE="0.001",
    )
    yield srv
    srv.stop()


def _at_once(server: Server, bodies: list[dict[str, str]]) -> Counter[int]:
    """Sign-ins sent together, each from its own loopback address; their statuses."""
    gate = threading.Barrier(len(bodies))
    statuses: Counter[int] = Counter()

    def one(i: int, body: dict[str, str]) -> None:
        transport = httpx.HTTPTransport(local_address=f"127.0.0.{10 + i}")
        with httpx.Client(transport=transport, timeout=60) as client:
            gate.wait()
            statuses[client.post(f"{server.url}/api/account/signin", json=body).status_code] += 1

    threads = [threading.Thread(target=one, args=(i, b)) for i, b in enumerate(bodies)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def test_deleting_the_account_spends_the_accounts_password_budget(throttled: Server) -> None:
    me = Session(throttled)
    me.sign_up("keeper")
    wrong = [
        me.request("POST", "/api/account/delete", json={"password": "not-it-at-all"}).status_code
        for _ in range(5)
    ]
    assert wrong == [401, 401, 401, 429, 429]  # 3 wrong passwords, then none is hashed
    right = me.request("POST", "/api/account/delete", json={"password": PASSWORD})
    assert right.status_code == 429 and right.json()["error"] == "rate_limited"
    assert me.sign_in("keeper").status_code == 429  # the same budget as sign-in's
    assert me.request("GET", "/api/account").json()["name"] == "keeper"  # still there


def test_concurrent_wrong_passwords_from_many_addresses_spend_the_budget_first(
    throttled: Server,
) -> None:
    Session(throttled).sign_up("besieged")
    guesses = [{"name": "besieged", "password": f"guess-{i:04d}"} for i in range(24)]
    statuses = _at_once(throttled, guesses)
    assert statuses[401] == 3  # the account's budget, however many arrive together
    assert statuses[429] == 21


def test_argon2_has_a_bounded_pool_of_its_own(tmp_path: Path) -> None:
    srv = _server(tmp_path, DICEHALL_HASH_THREADS="1", DICEHALL_HASH_QUEUE="1")
    try:
        bodies = [{"name": f"nobody-{i}", "password": "guess-guess"} for i in range(16)]
        statuses = _at_once(srv, bodies)
        assert statuses[503] >= 1  # more than the queue holds: busy, not queued for everyone
        assert set(statuses) <= {401, 503}
        assert httpx.get(f"{srv.url}/api/tables").status_code == 200
    finally:
        srv.stop()
