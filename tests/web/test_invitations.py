"""Invitations by user name and QR codes (docs/play-together.md, *Invitations*): the host
invites a signed-in player to a seat; the player finds it in "invitations for you" and takes
the seat; the invitations are kept in the database; bad requests are refused with a 4xx and
change nothing."""

from __future__ import annotations

from typing import Any

from tests.web.account_helpers import Session
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}


def _table(server: Server) -> dict[str, Any]:
    return server.create("puru", [HUMAN, HUMAN, HUMAN], params={"players": 3})


def _invite(host: Session, made: dict[str, Any], seat: int, name: str, token: str = "0") -> Any:
    body = {"tokens": [made["tokens"][token]], "seat": seat, "name": name}
    return host.request("POST", f"/api/tables/{made['id']}/invitations", json=body)


def test_a_player_invited_by_name_finds_the_invitation_and_takes_the_seat(
    fresh_server: Server,
) -> None:
    server = fresh_server
    host, friend, other = Session(server), Session(server), Session(server)
    host.sign_up("hosty")
    friend.sign_up("Frieda")
    other.sign_up("otto")
    made = _table(server)
    sent = _invite(host, made, 1, "frieda")  # names are found whatever their case
    assert sent.status_code == 200, sent.text
    assert (sent.json()["seat"], sent.json()["name"]) == (1, "Frieda")
    # kept in the database: a restart keeps it
    server.kill()
    server.start()
    mine = friend.request("GET", "/api/invitations").json()
    assert [(i["table"], i["game"], i["seat"], i["host"]) for i in mine] == [
        (made["id"], "puru", 1, "hosty")
    ]
    assert other.request("GET", "/api/invitations").json() == []
    path = f"/api/invitations/{mine[0]['id']}/accept"
    assert other.request("POST", path).status_code == 404  # not theirs: not found
    taken = friend.request("POST", path)
    assert taken.status_code == 200, taken.text
    seated = Client(server, made["id"], [taken.json()["token"]])
    assert seated.state["you"] == [1]
    assert taken.json()["link"].startswith(f"/table/{made['id']}#seat=1&token=")
    # accepted: gone from the list, and the seat's first link opens nothing any more
    assert friend.request("GET", "/api/invitations").json() == []
    assert friend.request("POST", path).status_code == 404
    old = Client(server, made["id"], [made["tokens"]["1"]])
    assert old.errors and old.errors[0]["code"] == "bad_token"
    seated.close()


def test_a_new_invitation_to_a_seat_replaces_the_waiting_one(server: Server) -> None:
    host, ann, ben = Session(server), Session(server), Session(server)
    host.sign_up("host-two")
    ann.sign_up("ann-two")
    ben.sign_up("ben-two")
    made = _table(server)
    assert _invite(host, made, 2, "ann-two").status_code == 200
    assert _invite(host, made, 2, "ben-two").status_code == 200
    assert ann.request("GET", "/api/invitations").json() == []
    assert [i["seat"] for i in ben.request("GET", "/api/invitations").json()] == [2]


def test_bad_invitations_are_refused_cleanly(server: Server) -> None:
    host, friend = Session(server), Session(server)
    host.sign_up("host-three")
    friend.sign_up("friend-three")
    made = _table(server)
    path = f"/api/tables/{made['id']}/invitations"
    guest = server.api("POST", path, json={"tokens": [made["tokens"]["0"]], "seat": 1, "name": "x"})
    assert (guest.status_code, guest.json()["error"]) == (401, "signed_out")
    not_host = _invite(host, made, 2, "friend-three", token="1")
    assert (not_host.status_code, not_host.json()["error"]) == (403, "not_host")
    wrong = host.request("POST", path, json={"tokens": ["x" * 24], "seat": 1, "name": "a"})
    assert (wrong.status_code, wrong.json()["error"]) == (403, "bad_token")
    unknown = _invite(host, made, 1, "nobody-here")
    profile = host.request("GET", "/api/players/nobody-here")
    # an unknown name says no more than a profile does
    assert (unknown.status_code, unknown.json()) == (404, profile.json())
    for seat in (0, 9, -1):
        assert _invite(host, made, seat, "friend-three").status_code == 422, seat
    joined = Client(server, made["id"], [made["tokens"]["1"]])
    taken = _invite(host, made, 1, "friend-three")
    assert (taken.status_code, taken.json()["error"]) == (409, "seat_taken")
    joined.close()
    for body in (
        {"tokens": [made["tokens"]["0"]], "seat": 1, "name": "n" * 25},
        {"tokens": [made["tokens"]["0"]], "seat": 1, "name": ""},
        {"tokens": [made["tokens"]["0"]] * 9, "seat": 1, "name": "ab"},
        {"tokens": [made["tokens"]["0"]], "seat": "1", "name": "ab"},
        {"tokens": ["t" * 200], "seat": 1, "name": "ab"},
        {},
    ):
        assert host.request("POST", path, json=body).status_code == 422, body
    body = {"tokens": [made["tokens"]["0"]], "seat": 1, "name": "ab"}
    missing = host.request("POST", "/api/tables/nosuch/invitations", json=body)
    assert missing.status_code == 404
    assert friend.request("GET", "/api/invitations").json() == []  # nothing was made
    assert server.api("GET", "/api/invitations").status_code == 401
    for bad in ("x" * 40, "a.b", "nosuch"):
        accepted = friend.request("POST", f"/api/invitations/{bad}/accept")
        assert accepted.status_code == 404, bad


def test_a_link_as_a_qr_code(server: Server) -> None:
    link = "http://127.0.0.1/table/abc#seat=1&token=" + "t" * 32
    answer = server.api("POST", "/api/qr", json={"text": link})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.text.startswith("<svg") and "<path" in answer.text
    other = server.api("POST", "/api/qr", json={"text": link + "x"})
    assert other.text != answer.text  # the code is the text's
    for text in ("", "x" * 513, 5):
        assert server.api("POST", "/api/qr", json={"text": text}).status_code == 422
