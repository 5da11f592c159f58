"""The coach at a web table: only where the table has it, only for the seat with its token,
each legal move's value for that seat's own decision."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Client, Server

GREEDY = {"kind": "bot", "level": "greedy"}
PERSON = {"kind": "human"}


def _coach(server: Server, table: str, seat: int, token: str | None) -> Any:
    headers = {"x-seat-token": token} if token else {}
    return server.api("GET", f"/api/tables/{table}/coach?seat={seat}", headers=headers)


def test_a_seat_asks_the_coach_with_its_token(server: Server) -> None:
    made = server.create("purrramid", [PERSON, GREEDY], coach=True)
    table, token = made["id"], made["tokens"]["0"]
    client = Client(server, table, [token])
    client.wait(lambda m: client.state and client.my_turn(0), timeout=60)
    r = _coach(server, table, 0, token)
    assert r.status_code == 200, r.text
    advice = r.json()
    assert advice["exact"] is True and advice["unit"].startswith("expected turn points")
    legal = client.panel(0)["legal"]
    assert sorted(m["i"] for m in advice["moves"]) == list(range(len(legal)))
    values = [m["value"] for m in advice["moves"]]
    assert values == sorted(values, reverse=True)
    assert _coach(server, table, 0, None).status_code == 403
    assert _coach(server, table, 0, "x" * 40).status_code == 403
    assert _coach(server, table, 1, token).status_code == 403  # another seat's decision


def test_no_coach_at_a_table_created_without_it(server: Server) -> None:
    made = server.create("purrramid", [PERSON, GREEDY])
    r = _coach(server, made["id"], 0, made["tokens"]["0"])
    assert r.status_code == 409 and r.json()["error"] == "coach_off"
    assert _coach(server, "nosuchtable", 0, None).status_code == 404
