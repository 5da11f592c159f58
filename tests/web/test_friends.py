"""Friends through the API: ask by name, accept or decline, who is online and where, limits
and clean refusals, and a friends-only table's open seats (docs/play-together.md, *Friends*)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import Server

OPEN_VS_BOT = [{"kind": "human"}, {"kind": "human", "open": True}]


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with small friend limits: 3 requests at once, 2 waiting, 2 friends."""
    folder = tmp_path_factory.mktemp("friends")
    env = {
        "DICEHALL_FRIEND_REQUEST_BURST": "3",
        "DICEHALL_FRIEND_REQUEST_RATE": "0.001",
        "DICEHALL_MAX_FRIEND_REQUESTS": "2",
        "DICEHALL_MAX_FRIENDS": "2",
    }
    srv = Server(folder / "dicehall.db", folder / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def signed_up(server: Server, name: str) -> Session:
    me = Session(server)
    me.sign_up(name)
    return me


def friends_of(me: Session) -> dict[str, Any]:
    r = me.request("GET", "/api/friends")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_ask_accept_decline_and_remove(server: Server) -> None:
    ann, bob, cid = (signed_up(server, n) for n in ("Ann Friend", "Bob Friend", "Cid Friend"))
    asked = ann.request("POST", "/api/friends", json={"name": "bob friend"})
    assert asked.status_code == 201 and asked.json() == {
        "name": "Bob Friend",
        "status": "requested",
    }
    assert ann.request("POST", "/api/friends", json={"name": "Bob Friend"}).json()["status"] == (
        "pending"
    )
    assert friends_of(ann)["outgoing"] == [{"name": "Bob Friend"}]
    assert friends_of(bob)["incoming"] == [{"name": "Ann Friend"}]
    accepted = bob.request("POST", "/api/friends/Ann%20Friend/accept")
    assert accepted.status_code == 200, accepted.text
    mine = friends_of(ann)
    assert [f["name"] for f in mine["friends"]] == ["Bob Friend"]
    assert mine["incoming"] == mine["outgoing"] == []
    assert mine["friends"][0]["online"] is True  # Bob's list was just read: his lobby is open
    # a declined request is gone; asking someone who asked you accepts theirs
    cid.request("POST", "/api/friends", json={"name": "Ann Friend"})
    assert ann.request("POST", "/api/friends/Cid%20Friend/decline").json()["status"] == "declined"
    assert friends_of(cid)["outgoing"] == []
    cid.request("POST", "/api/friends", json={"name": "Bob Friend"})
    both = bob.request("POST", "/api/friends", json={"name": "Cid Friend"})
    assert both.json()["status"] == "friends"
    assert [f["name"] for f in friends_of(bob)["friends"]] == ["Ann Friend", "Cid Friend"]
    assert bob.request("DELETE", "/api/friends/Ann%20Friend").status_code == 200
    assert friends_of(ann)["friends"] == []


def test_bad_requests_are_clean_4xx_and_change_nothing(server: Server) -> None:
    eve = signed_up(server, "Eve Friend")
    guest = Session(server)
    cases = [
        (guest.request("GET", "/api/friends"), 401, "signed_out"),
        (guest.request("POST", "/api/friends", json={"name": "Eve Friend"}), 401, "signed_out"),
        (eve.request("POST", "/api/friends", json={"name": "Nobody Here"}), 404, "unknown_player"),
        (eve.request("POST", "/api/friends", json={"name": "Eve Friend"}), 422, "yourself"),
        (eve.request("POST", "/api/friends", json={"name": "<b>x</b>"}), 404, "unknown_player"),
        (eve.request("POST", "/api/friends/Nobody%20Here/accept"), 404, "unknown_player"),
        (eve.request("DELETE", "/api/friends/Nobody%20Here"), 404, "unknown_player"),
    ]
    for r, status, code in cases:
        assert r.status_code == status and r.json()["error"] == code, r.text
    too_long = eve.request("POST", "/api/friends", json={"name": "x" * 25})
    assert too_long.status_code == 422
    signed_up(server, "Fay Friend")
    nothing = eve.request("POST", "/api/friends/Fay%20Friend/accept")
    assert nothing.status_code == 404 and nothing.json()["error"] == "no_request"
    forged = eve.request("POST", "/api/friends", json={"name": "Fay Friend"}, auto_csrf=False)
    assert forged.status_code == 403
    assert friends_of(eve) == {"friends": [], "incoming": [], "outgoing": []}


def test_request_budget_and_caps(limited: Server) -> None:
    one = signed_up(limited, "One Limit")
    others = [signed_up(limited, f"Other {i}") for i in range(3)]
    assert [
        one.request("POST", "/api/friends", json={"name": f"Other {i}"}).status_code
        for i in range(3)
    ] == [201, 201, 409]  # two requests may wait for an answer
    assert one.request("POST", "/api/friends", json={"name": "Other 2"}).json()["error"] == (
        "rate_limited"
    )  # and three were asked at once: the fourth waits
    for other in others[:2]:
        assert other.request("POST", "/api/friends/One%20Limit/accept").status_code == 200
    third = others[2].request("POST", "/api/friends", json={"name": "One Limit"})
    assert third.status_code == 201
    full = one.request("POST", "/api/friends/Other%202/accept")
    assert full.status_code == 409 and full.json()["error"] == "too_many"
    assert [f["name"] for f in friends_of(one)["friends"]] == ["Other 0", "Other 1"]


def test_a_friends_only_tables_open_seat(server: Server) -> None:
    host, pal, stranger = (signed_up(server, n) for n in ("Host Pal", "Pal Pal", "Stranger Pal"))
    host.request("POST", "/api/friends", json={"name": "Pal Pal"})
    pal.request("POST", "/api/friends/Host%20Pal/accept")
    body = {"game": "paradice", "seats": OPEN_VS_BOT, "friends_only": True}
    guest_made = httpx.post(f"{server.url}/api/tables", json=body, timeout=30)
    assert guest_made.status_code == 403 and guest_made.json()["error"] == "sign_in"
    made = host.request("POST", "/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = made.json()["table"]
    assert table["options"]["friends_only"] is True
    assert "friends_of" not in str(made.json()) and "friends_of" not in str(
        httpx.get(f"{server.url}/api/tables/{table['id']}").json()
    )  # the host's account id is never shown
    claim = f"/api/tables/{table['id']}/claim"
    for who, status in ((Session(server), 403), (stranger, 403)):
        refused = who.request("POST", claim, json={"seat": 1})
        assert refused.status_code == status and refused.json()["error"] == "friends_only"
    taken = pal.request("POST", claim, json={"seat": 1})
    assert taken.status_code == 200, taken.text
    # the friend at the table: online, and the host sees at which table
    seat = SeatClient(server, table["id"], [taken.json()["token"]], pal.cookie_header())
    try:
        listed = friends_of(host)["friends"]
        assert listed == [
            {
                "name": "Pal Pal",
                "online": True,
                "table": {"id": table["id"], "game": "paradice", "url": f"/table/{table['id']}"},
            }
        ]
    finally:
        seat.close()
