"""The lobby's "your games" through the API: every live table where the signed-in account
holds a seat, the ones where it is their move first (docs/play-together.md, *Your games*)."""

from __future__ import annotations

import time

import httpx

from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import Server

PEOPLE = [{"kind": "human"}, {"kind": "human"}]
TURN_BASED = {"move_seconds": 3600, "on_timeout": "bot"}


def test_your_games_lists_your_move_first(server: Server) -> None:
    ann, bob = Session(server), Session(server)
    ann.sign_up("Ann Games")
    bob.sign_up("Bob Games")
    # first a table where Ann moves first, then a newer one where Bob does
    mine = ann.create("paradice", PEOPLE, turn_based=TURN_BASED)
    time.sleep(1.1)  # the store's times have whole seconds: the second table is newer
    theirs = ann.create("paradice", PEOPLE)
    seated = [
        SeatClient(server, mine["id"], [mine["tokens"]["0"]], ann.cookie_header()),
        SeatClient(server, theirs["id"], [theirs["tokens"]["1"]], ann.cookie_header()),
    ]
    try:
        assert seated[0].state["actors"] == seated[1].state["actors"] == [0]
        listed = ann.request("GET", "/api/account/games").json()
        assert [(g["id"], g["seat"], g["your_turn"]) for g in listed] == [
            (mine["id"], 0, True),
            (theirs["id"], 1, False),
        ]
        assert listed[0]["turn_based"] is True and listed[0]["deadline"] is not None
        assert listed[1]["turn_based"] is False and listed[1]["deadline"] is None
        assert listed[0]["url"] == f"/table/{mine['id']}" and listed[0]["name"] == "Paradice"
        assert bob.request("GET", "/api/account/games").json() == []  # he took no seat
    finally:
        for client in seated:
            client.close()
    guest = httpx.get(f"{server.url}/api/account/games", timeout=30)
    assert guest.status_code == 401 and guest.json()["error"] == "signed_out"
