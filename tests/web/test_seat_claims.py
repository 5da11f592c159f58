"""Seats stay with the people they were meant for, against a real server.

The attack: `POST /api/tables/{id}/claim {"seat": 1}` took an invited friend's seat (and the
creator's own, on private and hot-seat tables too) from the spectator link alone, after which
the invite link answered `bad_token`. Now a seat is claimable only when its creator opened it
to anyone; an invited seat belongs to its link, the creator's to the creator, a hot-seat
table's to its device.
"""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
OPEN = {"kind": "human", "open": True}
RANDOM = {"kind": "bot", "level": "random"}


def claim(server: Server, table_id: str, seat: Any, secret: str | None = None) -> Any:
    body = {"seat": seat} if secret is None else {"seat": seat, "secret": secret}
    return server.api("POST", f"/api/tables/{table_id}/claim", json=body)


def test_invited_and_creator_seats_cannot_be_claimed(server: Server) -> None:
    tables = [
        server.create("puru", [HUMAN, HUMAN]),
        server.create("puru", [HUMAN, HUMAN], private=True),
        server.create("puru", [HUMAN, HUMAN], mode="hotseat"),
    ]
    for made in tables:
        for seat in (0, 1):
            r = claim(server, made["id"], seat, made.get("secret"))  # a private one's link
            assert r.status_code == 403 and r.json()["error"] == "not_open", r.text
            assert "link" in r.json()["message"]
        secret = {"X-Table-Secret": made["secret"]} if "secret" in made else {}
        table = server.api("GET", f"/api/tables/{made['id']}", headers=secret).json()
        assert table["open_seats"] == []
        # the invite links still open their seats
        tokens = list(made["tokens"].values())
        player = Client(server, made["id"], tokens)
        assert player.state["you"] == [0, 1]
        player.close()


def test_only_open_seats_are_offered_and_each_is_taken_once(server: Server) -> None:
    made = server.create("puru", [HUMAN, OPEN, RANDOM])
    assert set(made["tokens"]) == {"0"} and set(made["links"]) == {"0"}
    listed = next(t for t in server.api("GET", "/api/tables").json() if t["id"] == made["id"])
    assert listed["open_seats"] == [1]  # the lobby's only "Join" button
    assert [s.get("open", False) for s in listed["seats"]] == [False, True, False]
    assert claim(server, made["id"], 0).status_code == 403  # the creator's
    assert claim(server, made["id"], 2).status_code == 422  # a bot's
    got = claim(server, made["id"], 1)
    assert got.status_code == 200
    assert claim(server, made["id"], 1).status_code == 409  # taken
    assert server.api("GET", f"/api/tables/{made['id']}").json()["open_seats"] == []
    guest = Client(server, made["id"], [got.json()["token"]])
    assert guest.state["you"] == [1]
    guest.close()


def test_hot_seat_tables_have_no_open_seats(server: Server) -> None:
    body = {"game": "puru", "seats": [HUMAN, OPEN], "mode": "hotseat"}
    r = server.api("POST", "/api/tables", json=body)
    assert r.status_code == 422 and "device" in r.json()["message"]
    bot_open = {"game": "puru", "seats": [HUMAN, {**RANDOM, "open": True}]}
    assert server.api("POST", "/api/tables", json=bot_open).status_code == 422
    not_bool = {"game": "puru", "seats": [HUMAN, {**HUMAN, "open": "yes"}]}
    assert server.api("POST", "/api/tables", json=not_bool).status_code == 422
