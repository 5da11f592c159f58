"""REST API against a real server process on loopback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from dicehall.web.app import create_app
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


def test_games_listed_with_params_and_levels(server: Server) -> None:
    games = server.api("GET", "/api/games").json()
    puru = next(g for g in games if g["id"] == "puru")
    assert puru["min_players"] == 2
    assert "random" in puru["levels"]
    assert puru["level_names"]["random"] == "easy" and puru["level_names"]["mcts"] == "hard"
    # players read what a level is: "hard" rates below "medium" in Puru Puru (docs/bots.md)
    assert puru["level_labels"]["greedy"] == "best move now"
    assert puru["level_labels"]["mcts"] == "searches ahead"
    assert any(p["name"] == "players" and p["kind"] == "int" for p in puru["params"])


def test_openapi_schema_is_off_unless_turned_on(server: Server) -> None:
    for path in ("/openapi.json", "/docs", "/redoc"):
        assert server.api("GET", path).status_code == 404
    schema = create_app("sqlite://", api_docs=True).openapi()
    assert "/api/tables" in schema["paths"]
    assert "/api/replays" in schema["paths"]


def test_check_params_counts_seats(server: Server) -> None:
    r = server.api("POST", "/api/games/puru/check", json={"params": {"players": 4}})
    assert r.json()["players"] == 4
    bad = server.api("POST", "/api/games/puru/check", json={"params": {"players": 9}})
    assert bad.status_code == 422
    assert "players" in bad.json()["message"]


def test_create_gives_one_distinct_token_per_human_seat(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN, RANDOM])
    assert set(made["tokens"]) == {"0", "1"}
    assert made["tokens"]["0"] != made["tokens"]["1"]
    assert len(made["tokens"]["0"]) >= 32
    table = server.api("GET", f"/api/tables/{made['id']}").json()
    assert "seed" not in table
    assert table["open_seats"] == []  # invited seats: each belongs to its link
    assert made["tokens"]["0"] not in server.api("GET", "/api/tables").text


def test_bad_requests_get_clear_errors(server: Server) -> None:
    cases = [
        ({"game": "chess", "seats": [HUMAN, HUMAN]}, 404, "unknown game"),
        ({"game": "puru", "seats": [HUMAN]}, 422, "players"),
        ({"game": "puru", "seats": [HUMAN, {"kind": "bot", "level": "godlike"}]}, 422, "level"),
        ({"game": "puru", "params": {"full": "maybe"}, "seats": [HUMAN, HUMAN]}, 422, "full"),
        ({"game": "paradice", "params": {"content": "/x"}, "seats": [HUMAN, HUMAN]}, 422, "CLI"),
    ]
    for body, status, words in cases:
        r = server.api("POST", "/api/tables", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.text
    assert server.api("POST", "/api/tables", content=b"{not json").status_code == 422
    assert server.api("GET", "/api/tables/nope").status_code == 404
    assert server.api("GET", "/api/tables/nope/record").json()["error"] == "unknown_table"


def test_claim_an_open_seat_once(server: Server) -> None:
    made = server.create("puru", [HUMAN, {**HUMAN, "open": True}])
    assert set(made["tokens"]) == {"0"}  # an open seat's token is made for whoever claims it
    got = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1})
    assert got.status_code == 200
    again = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1})
    assert again.status_code == 409
    with_new = Client(server, made["id"], [got.json()["token"]])
    assert with_new.state["you"] == [1]
    with_new.close()


def test_record_only_when_finished_and_it_verifies(server: Server) -> None:
    from dicehall.engine.record import Record, verify

    made = server.create("puru", [HUMAN, RANDOM])
    assert server.api("GET", f"/api/tables/{made['id']}/record").status_code == 409
    client = Client(server, made["id"], [made["tokens"]["0"]])
    client.play_until_over([0])
    client.close()
    record = server.api("GET", f"/api/tables/{made['id']}/record")
    assert "attachment" in record.headers["content-disposition"]
    result = verify(Record.from_json(record.json()))
    assert result is not None
    assert result.to_json() == client.state["result"]
    replay = server.api("GET", f"/api/tables/{made['id']}/replay").json()
    assert len(replay["frames"]) == len(record.json()["actions"])
    uploaded = server.api("POST", "/api/replays", json=record.json())
    assert uploaded.json()["frames"] == replay["frames"]
    finished = server.api("GET", "/api/tables?status=finished").json()
    assert made["id"] in [t["id"] for t in finished]


def test_corrupt_upload_refused_with_reason(server: Server) -> None:
    made = server.create("puru", [RANDOM, RANDOM])
    watcher = Client(server, made["id"])
    watcher.wait_state(lambda s: s.get("over") is True, timeout=60)
    record = server.api("GET", f"/api/tables/{made['id']}/record").json()
    record.pop("signature")  # edits of a signed record are refused for that: test_replays.py
    record["actions"][3]["action"] = {"type": "Resolve"}
    record["actions"][3]["seat"] = 1 - record["actions"][3]["seat"]
    r = server.api("POST", "/api/replays", json=record)
    assert r.status_code == 422
    assert "step" in r.json()["message"]
    assert server.api("POST", "/api/replays", json={"format": "x"}).status_code == 422


def test_downloaded_record_passes_dicehall_verify(server: Server, tmp_path: Path) -> None:
    made = server.create("puru", [RANDOM, RANDOM])
    watcher = Client(server, made["id"])
    watcher.wait_state(lambda s: s.get("over") is True, timeout=60)
    path = tmp_path / "record.json"
    path.write_bytes(server.api("GET", f"/api/tables/{made['id']}/record").content)
    run = subprocess.run(
        [sys.executable, "-m", "dicehall.cli.main", "verify", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_upload_limits_and_garbage(server: Server) -> None:
    too_big = server.api(
        "POST",
        "/api/replays",
        content=b"{" + b" " * (9 << 20) + b"}",
        headers={"content-type": "application/json"},
    )
    assert too_big.status_code == 413 and too_big.json()["error"] == "too_large"
    garbage = server.api(
        "POST",
        "/api/replays",
        content=b"\x00\xff not json",
        headers={"content-type": "application/json"},
    )
    assert garbage.status_code == 422 and "record" in garbage.json()["message"]
    unknown = server.api(
        "POST",
        "/api/replays",
        json={
            "format": "dicehall-record",
            "format_version": 1,
            "game": "chess",
            "params": {},
            "seed": 1,
            "actions": [],
        },
    )
    assert unknown.status_code == 422 and "chess" in unknown.json()["message"]


def test_private_tables_are_not_listed(server: Server) -> None:
    hidden = server.create("puru", [HUMAN, HUMAN], private=True)
    shown = server.create("puru", [HUMAN, HUMAN])
    listed = [t["id"] for t in server.api("GET", "/api/tables").json()]
    assert shown["id"] in listed and hidden["id"] not in listed
    path = f"/api/tables/{hidden['id']}"  # its details for those holding its link only
    assert server.api("GET", path, headers={"X-Table-Secret": hidden["secret"]}).status_code == 200
    assert server.api("GET", path).status_code == 404
