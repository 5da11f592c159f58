"""A player's own finished games on their profile, each with "play again": the rematch asked
as the signed-in account, with no seat token, from any device (docs/play-together.md)."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import Server

VS_BOT = [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]
SHORT = {"storehouse": 3}  # a whole Paradice game with a shorter Storehouse


def finished_on_profile(who: Session, name: str, match_id: str) -> dict[str, Any]:
    """The profile's entry of the match once its outcome is recorded (just after the end)."""
    deadline = time.monotonic() + 30
    while True:
        profile = who.request("GET", f"/api/players/{name}").json()
        match: dict[str, Any] | None = next(
            (m for m in profile["matches"] if m["match_id"] == match_id), None
        )
        if match is not None and match["status"] == "finished":
            return match
        assert time.monotonic() < deadline, profile
        time.sleep(0.1)


def test_play_again_from_ones_own_profile(server: Server) -> None:
    ann, bob = Session(server), Session(server)
    ann.sign_up("Ann Again")
    bob.sign_up("Bob Again")
    made = ann.create("paradice", VS_BOT, params=SHORT)
    seat = SeatClient(server, made["id"], [made["tokens"]["0"]], ann.cookie_header())
    try:
        seat.play_until_over([0])
    finally:
        seat.close()
    mine = finished_on_profile(ann, "Ann%20Again", made["id"])
    assert mine["rematch"] == f"/api/tables/{made['id']}/rematch"
    assert "rematch" not in finished_on_profile(bob, "Ann%20Again", made["id"])  # not his
    stranger = httpx.get(f"{server.url}/api/players/Ann%20Again", timeout=30).json()
    assert all("rematch" not in m for m in stranger["matches"])

    refused = bob.request("POST", mine["rematch"], json={"tokens": []})
    assert refused.status_code == 403 and refused.json()["error"] == "not_yours"
    guest = httpx.post(f"{server.url}{mine['rematch']}", json={"tokens": []}, timeout=30)
    assert guest.status_code == 422  # a guest sends seat tokens
    again = ann.request("POST", mine["rematch"], json={"tokens": []})
    assert again.status_code == 200, again.text
    body = again.json()
    assert list(body["tokens"]) == ["1"]  # her seat, moved one place on: the bot starts
    new = server.api("GET", f"/api/tables/{body['id']}").json()
    assert [s["kind"] for s in new["seats"]] == ["bot", "human"]
    assert new["params"]["storehouse"] == 3
