"""A table's work is done once (web/cluster/relay.py, web/cluster/inbound.py): a process that
does not own a table relays its clients to the owner, which renders every viewer's messages.

A person and a spectator reach B for a table A owns: A holds both connections (its gauges
count them, B's count none and B plays no table), the person plays the match to its end
through B, each sees only what its seat may see, a rematch asked through B reaches the person
held by A, and A's relay port serves only a process that read its secret from PostgreSQL.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dicehall.web.cluster.frames import HEADER, TEXT, frame, read_frame
from tests.store.postgres import create_database, postgres_server
from tests.web.helpers import Client, Server
from tests.web.test_metrics import scrape, value

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _server(tmp_path: Path, name: str, url: str) -> Server:
    srv = Server(tmp_path / f"{name}.unused", tmp_path / f"{name}.log")
    srv.db_url = url
    srv.start(timeout=120)  # a busy test machine starts slowly
    return srv


def _eventually(check: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Gauges are set every two seconds (web/metrics.py): poll until `check()` holds."""
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.5)


def _relay_of(url: str) -> tuple[str, int, str]:
    """The address and secret a server process names in PostgreSQL (web/cluster/node.py)."""
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as conn:
        sql = (
            "SELECT application_name FROM pg_stat_activity"
            " WHERE application_name LIKE %s AND datname = current_database()"
        )
        names = [row[0] for row in conn.execute(sql, ("dicehall %:%",)).fetchall()]
    assert len(names) == 1, names
    address, secret = names[0].split(" ")[1:3]
    host, port = address.rsplit(":", 1)
    return host, int(port), secret


async def _relayed_hello(host: str, port: int, secret: str, table_id: str) -> Any:
    """Open a relayed connection as a process would; the first frame back (None: refused)."""
    reader, writer = await asyncio.open_connection(host, port)
    header = {"table": table_id, "secret": secret, "client": "203.0.113.9", "account": None}
    writer.write(frame(HEADER, json.dumps(header)))
    writer.write(frame(TEXT, json.dumps({"type": "hello", "tokens": []})))
    await writer.drain()
    try:
        return await asyncio.wait_for(read_frame(reader), 30)
    finally:
        writer.close()


def test_a_process_relays_its_clients_to_the_tables_owner(tmp_path: Path, postgres: str) -> None:
    url = create_database(postgres, "relay")
    a = _server(tmp_path, "a", url)
    try:
        host, port, secret = _relay_of(url)  # only A runs yet: its relay
        b = _server(tmp_path, "b", url)
    except BaseException:
        a.stop()
        raise
    try:
        made = a.create("puru", [HUMAN, GREEDY])  # A made it: A owns it
        person = Client(b, made["id"], [made["tokens"]["0"]])
        watcher = Client(b, made["id"])
        assert [p["seat"] for p in person.state["panels"]] == [0]
        assert [p["seat"] for p in watcher.state["panels"]] == [None]  # no seat's view
        assert watcher.state["panels"][0]["legal"] == []

        def counted_on_a() -> bool:
            found = scrape(a)
            people = value(found, "dicehall_people_connected")
            return people == 1 and value(found, "dicehall_spectators_connected") == 1

        _eventually(counted_on_a, "A never held the connections made through B")
        person.ws.send(b"\x00binary")  # refused by A as a browser's would be: text frames only
        assert person.wait(lambda m: m["type"] == "error")["code"] == "bad_frame"
        person.play_until_over([0])
        final = person.state["version"]
        watcher.wait_state(lambda s: s.get("version") == final and s.get("over"), timeout=60)
        on_b = scrape(b)
        assert value(on_b, "dicehall_people_connected") == 0
        assert value(on_b, "dicehall_spectators_connected") == 0
        assert value(on_b, "dicehall_moves_total", by="person") == 0  # A stored every move
        assert value(scrape(a), "dicehall_moves_total", by="person") > 0

        # "play again" asked through B, which loads the finished table for it: the person,
        # held by A, is told all the same (web/rematch.py)
        path = f"/api/tables/{made['id']}/rematch"
        asked = b.api("POST", path, json={"tokens": [made["tokens"]["0"]]})
        assert asked.status_code == 200, asked.text
        told = person.wait(lambda m: m["type"] == "rematch", timeout=30)
        assert told["id"] == asked.json()["id"]

        wrong = asyncio.run(_relayed_hello(host, port, "0" * len(secret), made["id"]))
        assert wrong is None  # refused unread: no welcome, no table
        right = asyncio.run(_relayed_hello(host, port, secret, made["id"]))
        assert right is not None and right[0] == TEXT
        assert json.loads(right[1])["type"] == "welcome"
        for client in (person, watcher):
            client.close()
    finally:
        a.stop()
        b.stop()
