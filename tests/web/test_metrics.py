"""`/metrics` (web/metrics.py) and the JSON event lines (web/events.py) of a real server.

A person plays a greedy bot to the end while a spectator watches; a third table is refused by
the per-address budget. /metrics then counts the person's moves and their acknowledgements,
the bot's thinking, the store's writes and the refusal, and showed the person and spectator
while they were there; it answers 403 to an address it does not allow. The server's log holds
one JSON line per table created (with the request id the answer carried), per table finished
and per refusal. A proxy's request id is kept when well formed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}
TABLE = {"game": "puru", "seats": [HUMAN, GREEDY]}
ENV = {"DICEHALL_CREATE_BURST": "2", "DICEHALL_CREATE_RATE": "0.001",
       "DICEHALL_METRICS_ALLOW": "127.0.0.1", "DICEHALL_QUICK_WORKERS": "1"}  # fmt: skip


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """(name, labels) -> value of every sample in a Prometheus text answer."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(found: dict[Any, float], name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def scrape(server: Server) -> dict[Any, float]:
    answer = httpx.get(f"{server.url}/metrics", timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return samples(answer.text)


def events(log: Path) -> list[dict[str, Any]]:
    lines = (line for line in log.read_text().splitlines() if line.startswith("{"))
    return [json.loads(line) for line in lines]


def test_metrics_count_a_game_and_a_refusal_and_events_are_json_lines(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite", tmp_path / "log", env=ENV, limits=True)
    server.start()
    try:
        made = server.api("POST", "/api/tables", json=TABLE)
        assert made.status_code == 201
        table = made.json()
        player = Client(server, table["id"], [table["tokens"]["0"]])
        watcher = Client(server, table["id"])
        during = scrape(server)
        assert value(during, "dicehall_people_connected") == 1
        assert value(during, "dicehall_spectators_connected") == 1
        assert value(during, "dicehall_tables_live") == 1

        acks = 0
        while not player.state.get("over"):  # the person moves until the game ends
            if player.my_turn(0):
                answer = player.act(0, player.panel(0)["legal"][0]["action"])
                acks += answer["type"] == "ack"
            else:
                player.wait(lambda m: m["type"] == "update", timeout=30)
        player.close()
        watcher.close()
        assert server.api("POST", "/api/tables", json=TABLE).status_code == 201
        assert server.api("POST", "/api/tables", json=TABLE).status_code == 429

        after = scrape(server)
        assert value(after, "dicehall_moves_total", by="person") == acks > 0
        assert value(after, "dicehall_moves_total", by="bot_or_timer") > 0
        assert value(after, "dicehall_move_ack_seconds_count") == acks
        assert value(after, "dicehall_bot_think_seconds_count", level="greedy") > 0
        assert value(after, "dicehall_db_write_seconds_count") >= acks
        assert value(after, "dicehall_refusals_total", limit="create") == 1
        assert ("dicehall_review_jobs", ()) in after and ("dicehall_coach_jobs", ()) in after

        # another address is refused (the server allows 127.0.0.1 only)
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with other:
            refused = other.get(f"{server.url}/metrics")
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden"

        # a proxy's well-formed request id is kept (nginx's $request_id), a bad one replaced
        given = server.api("GET", "/api/health", headers={"X-Request-ID": "nginx-0123456789ab"})
        assert given.headers["x-request-id"] == "nginx-0123456789ab"
        bad = server.api("GET", "/api/health", headers={"X-Request-ID": "<script>"})
        assert re.fullmatch(r"[0-9a-f]{32}", bad.headers["x-request-id"])
    finally:
        server.stop()

    lines = events(server.log_path)
    created = [e for e in lines if e["event"] == "table_created"]
    assert created[0]["table"] == table["id"] and created[0]["game"] == "puru"
    assert created[0]["request_id"] == made.headers["x-request-id"]
    assert len(created) == 2
    finished = [e for e in lines if e["event"] == "table_finished"]
    assert [e["table"] for e in finished] == [table["id"]]
    refusals = [e for e in lines if e["event"] == "limit_refused"]
    assert refusals == [
        {**refusals[0], "limit": "create", "client": "127.0.0.1", "level": "warning"}
    ]
    assert all(e["pid"] == lines[0]["pid"] and e["time"].endswith("Z") for e in lines)
    assert table["tokens"]["0"] not in server.log_path.read_text()
