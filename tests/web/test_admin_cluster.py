"""/admin on two server processes on one PostgreSQL: a table closed through the process that
does not play it stops on the one that does at once (told through PostgreSQL, not at its next
sweep), and a suspended account's connections close on every process and it is refused its
seat whichever process it reconnects through.
docs/hosting.md, *Administration*.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicehall.store import Store
from dicehall.store.admin import Administration
from tests.store.postgres import create_database, postgres_server
from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import cluster

HUMANS = [{"kind": "human"}, {"kind": "human"}]
ENV = {"DICEHALL_SWEEP_EVERY": "600", "DICEHALL_GRACE": "600"}  # no sweep during the test


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_a_table_closed_through_another_process_stops_where_it_is_played(
    tmp_path: Path, postgres: str
) -> None:
    url = create_database(postgres, "admin_cluster")
    a, b = cluster(tmp_path, url, env=ENV)
    try:
        me = Session(b)
        me.sign_up("operator-b")
        store = Store(url)
        try:
            assert Administration(store).set_operator("operator-b", True)
        finally:
            store.close()
        rude = Session(a)
        rude.sign_up("rude-a")
        made = rude.create("puru", HUMANS)  # made through A: A plays it
        player = SeatClient(a, made["id"], [made["tokens"]["1"]])
        owner = SeatClient(a, made["id"], [made["tokens"]["0"]], rude.cookie_header())
        assert not player.errors and not owner.errors

        suspended = me.request("POST", "/api/admin/accounts/rude-a/suspend")
        assert suspended.status_code == 200 and suspended.json()["connections_closed"] == 0
        owner.wait(lambda m: m.get("code") == "account", timeout=10)  # on A, told by B
        owner.close()
        again = SeatClient(a, made["id"], [made["tokens"]["0"]])  # through the other process
        assert again.errors and again.errors[0]["code"] == "account"
        again.close()

        closed = me.request("POST", f"/api/admin/tables/{made['id']}/close")
        assert closed.status_code == 200, closed.text
        player.wait(lambda m: "was closed" in json.dumps(m), timeout=10)  # on A, told by B
        refused = player.act(1, {"kind": "anything"})
        assert refused["type"] == "error", refused
        player.close()
    finally:
        a.stop()
        b.stop()
