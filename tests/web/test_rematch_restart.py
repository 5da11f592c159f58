"""A rematch survives a restart (docs/play-together.md, *Rematch*): the finished table names
its rematch, and the new seats' tokens are made again from the server's key, so a person who
asks after the restart gets their seat at the same new table."""

from __future__ import annotations

from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


def test_the_rematch_and_its_tokens_survive_a_restart(fresh_server: Server) -> None:
    server = fresh_server
    made = server.create("puru", [HUMAN, HUMAN, RANDOM], params={"players": 3}, private=True)
    both = Client(server, made["id"], [made["tokens"]["0"], made["tokens"]["1"]])
    both.play_until_over([0, 1])
    both.close()
    path = f"/api/tables/{made['id']}/rematch"
    first = server.api("POST", path, json={"tokens": [made["tokens"]["0"]]}).json()
    server.kill()  # a crash: nothing in memory survives
    server.start()
    secret = {"X-Table-Secret": made["secret"]}  # a private table is found by its link
    old = server.api("GET", f"/api/tables/{made['id']}", headers=secret).json()
    assert old["options"]["rematch"] == first["id"]
    later = server.api("POST", path, json={"tokens": [made["tokens"]["1"]]})
    assert later.status_code == 200, later.text
    assert later.json()["id"] == first["id"]
    # seats move one place on: the old seat 1 is the new seat 0, and its token opens it
    assert list(later.json()["tokens"]) == ["0"]
    seated = Client(server, first["id"], [later.json()["tokens"]["0"]])
    assert seated.state["you"] == [0]
    # the first person's token still opens their own new seat, and only that one
    again = Client(server, first["id"], [first["tokens"]["2"]])
    assert again.state["you"] == [2]
    for c in (seated, again):
        c.close()
