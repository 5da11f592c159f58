"""Rematch: after the result, the same people and settings at a new table, seats rotated."""

from __future__ import annotations

from dicehall.web.rematch import rotated
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


def _finish(server: Server) -> tuple[dict, Client]:  # type: ignore[type-arg]
    """A finished private 3-seat table (two people, a bot); `a` is still at it as seat 0."""
    made = server.create("puru", [HUMAN, HUMAN, RANDOM], params={"players": 3}, private=True)
    both = Client(server, made["id"], [made["tokens"]["0"], made["tokens"]["1"]])
    a = Client(server, made["id"], [made["tokens"]["0"]])
    both.play_until_over([0, 1])
    both.close()
    return made, a


def test_rematch_rotates_seats_and_keeps_the_settings(server: Server) -> None:
    made, a = _finish(server)
    old = server.api(
        "GET", f"/api/tables/{made['id']}", headers={"X-Table-Secret": made["secret"]}
    ).json()
    asked = server.api(
        "POST", f"/api/tables/{made['id']}/rematch", json={"tokens": [made["tokens"]["1"]]}
    )
    assert asked.status_code == 200, asked.text
    new_id = asked.json()["id"]
    # everyone still at the old table is told, and the other person gets their own seat
    assert a.wait(lambda m: m["type"] == "rematch")["id"] == new_id
    other = server.api(
        "POST", f"/api/tables/{made['id']}/rematch", json={"tokens": [made["tokens"]["0"]]}
    ).json()
    assert other["id"] == new_id
    # seats rotate by one: the old second seat (Player 2) starts; the bot keeps its level
    assert list(asked.json()["tokens"]) == ["0"] and list(other["tokens"]) == ["2"]
    # a private table's rematch is private, with a secret of its own in its links
    fragment = dict(p.split("=", 1) for p in asked.json()["link"].split("#")[1].split("&"))
    assert fragment["secret"] != made["secret"] and asked.json()["url"].endswith(fragment["secret"])
    assert server.api("GET", f"/api/tables/{new_id}").status_code == 404  # its id alone
    secret = {"X-Table-Secret": fragment["secret"]}
    new = server.api("GET", f"/api/tables/{new_id}", headers=secret).json()
    assert [s["name"] for s in new["seats"]] == ["Player 2", "Bot 3 (random moves)", "Player 1"]
    assert new["seats"][1]["bot"] == "random"
    assert (new["params"], new["options"], new["status"]) == (old["params"], old["options"], "live")
    # each new token opens its own seat there
    bob = Client(server, new_id, [asked.json()["tokens"]["0"]])
    assert bob.state["you"] == [0]
    for c in (a, bob):
        c.close()


def test_rematch_refuses_cleanly(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    path = f"/api/tables/{made['id']}/rematch"
    playing = server.api("POST", path, json={"tokens": [made["tokens"]["0"]]})
    assert (playing.status_code, playing.json()["error"]) == (409, "not_finished")
    wrong = server.api("POST", path, json={"tokens": ["x" * 24]})
    assert (wrong.status_code, wrong.json()["error"]) == (403, "bad_token")
    for body in ({"tokens": []}, {"tokens": ["a" * 200]}, {"tokens": "abc"}, {}):
        r = server.api("POST", path, json=body)
        assert r.status_code == 422, (body, r.text)
    missing = server.api("POST", "/api/tables/nosuchtable/rematch", json={"tokens": ["x" * 24]})
    assert missing.status_code == 404


def test_rotation_keeps_an_untaken_open_seat_open() -> None:
    seats = [
        {"seat": 0, "kind": "human", "name": "Ann", "account": "ann"},
        {"seat": 1, "kind": "human", "name": "Player 2", "open": True},  # taken from the lobby
        {"seat": 2, "kind": "human", "name": "Player 3", "open": True},  # nobody came
    ]
    assert rotated(seats, taken={0, 1}) == [
        {"seat": 0, "kind": "human", "name": "Player 2"},
        {"seat": 1, "kind": "human", "name": "Player 3", "open": True},
        {"seat": 2, "kind": "human", "name": "Ann"},
    ]
