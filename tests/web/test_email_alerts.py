"""E-mail "your turn" alerts, received by a local SMTP server (aiosmtpd) that the test starts:
an account keeps an address and opts in; when it becomes their move at a turn-based table
while they are away, one e-mail comes with the table's link and no secret (docs/play-together.md,
*E-mail alerts*)."""

from __future__ import annotations

from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import Client, Server
from tests.web.smtp import PUBLIC, Inbox, inbox, mailing

__all__ = ["inbox", "mailing"]  # fixtures
PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def test_an_alert_reaches_a_player_away_when_it_becomes_their_move(
    mailing: Server, inbox: tuple[Inbox, int]
) -> None:
    ann = Session(mailing)
    ann.sign_up("Ann Mail")
    assert ann.request("GET", "/api/account/email").json() == {
        "address": "",
        "alerts": False,
        "available": True,
    }
    kept = ann.request(
        "POST", "/api/account/email", json={"address": "ann@example.org", "alerts": True}
    )
    assert kept.status_code == 200, kept.text
    made = ann.create("paradice", PEOPLE, turn_based={"move_seconds": 86400})
    seat = SeatClient(mailing, made["id"], [made["tokens"]["1"]], ann.cookie_header())
    seat.close()  # Ann's seat is her account's; she leaves
    bob = Client(mailing, made["id"], [made["tokens"]["0"]])
    try:
        if bob.state["seats"][1]["connected"]:
            bob.wait(lambda m: m["type"] == "seats" and not m["seats"][1]["connected"])
        assert inbox[0].received.empty()  # nothing yet: it is Bob's move
        while 1 not in bob.state["actors"]:  # Bob plays his move to its end
            legal = bob.panel(0)["legal"]
            assert bob.act(0, legal[0]["action"])["type"] == "ack"
        rcpt, mail = inbox[0].received.get(timeout=30)
    finally:
        bob.close()
    assert rcpt == ["ann@example.org"]
    assert mail["To"] == "ann@example.org" and mail["From"] == "tables@dice.example.org"
    assert mail["Subject"] == "Your turn: Paradice"
    body = mail.get_payload(decode=True).decode()
    assert f"{PUBLIC}/table/{made['id']}" in body
    assert "24 hours per move" in body
    raw = mail.as_string()
    assert all(token not in raw for token in made["tokens"].values())  # no seat token
    assert "Bob" not in raw and "Ann Mail" not in raw  # no names either
    assert inbox[0].received.empty()  # one e-mail


def test_bad_addresses_are_refused_and_change_nothing(mailing: Server) -> None:
    eve = Session(mailing)
    eve.sign_up("Eve Mail")
    eve.request("POST", "/api/account/email", json={"address": "eve@example.org", "alerts": False})
    for address, status, code in [
        ("not an address", 422, "bad_address"),
        ("eve@example.org\r\nBcc: all@example.org", 422, "bad_address"),
        ("a,b@example.org", 422, "bad_address"),
        ("e" * 250 + "@x.org", 422, None),
        ("", 422, "no_address"),
    ]:
        r = eve.request("POST", "/api/account/email", json={"address": address, "alerts": True})
        assert r.status_code == status and (code is None or r.json()["error"] == code), r.text
    assert eve.request("GET", "/api/account/email").json()["address"] == "eve@example.org"
    guest = Session(mailing).request("POST", "/api/account/email", json={"address": "x@y.org"})
    assert guest.status_code == 401
    forged = eve.request("POST", "/api/account/email", json={"address": "x@y.org"}, auto_csrf=False)
    assert forged.status_code == 403
    forget = eve.request("POST", "/api/account/email", json={"address": ""})
    assert forget.status_code == 200
    assert eve.request("GET", "/api/account/email").json()["address"] == ""
