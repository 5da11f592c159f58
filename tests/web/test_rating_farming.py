"""Ratings that mean something (docs/accounts.md, *Ratings*; issue 33, item 7).

The attack: rated Pig with `target=1` against 5 random bots, 20 rated games in 60 s, 17 won,
ordinal 0 -> 33.2 and first on the leaderboard. Now a rated table plays the game's standard
settings with measured bots only, the lobby says why a table would be unrated, and the
leaderboard lists a player only after rated games against enough distinct opponents.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import Server
from tests.web.test_accounts_api import profile_when_recorded

HUMAN = {"kind": "human"}


def _bot(level: str) -> dict[str, str]:
    return {"kind": "bot", "level": level}


def test_the_farming_table_is_refused_and_the_lobby_says_why(server: Server) -> None:
    farmer = Session(server)
    farmer.sign_up("shortcut")
    farm = {"game": "pig", "seats": [HUMAN] + [_bot("random")] * 5, "params": {"target": 1}}
    refused = farmer.request("POST", "/api/tables", json={**farm, "rated": True})
    assert refused.status_code == 422 and refused.json()["error"] == "rated_settings"
    assert "standard settings" in refused.json()["message"]
    # a game whose bots are measured: a shorter setting cannot be rated either
    short = {"game": "paradice", "seats": [HUMAN, _bot("random")], "params": {"storehouse": 3}}
    refused = farmer.request("POST", "/api/tables", json={**short, "rated": True})
    assert refused.status_code == 422 and refused.json()["error"] == "rated_settings"
    assert "storehouse" in refused.json()["message"]
    standard = {"game": "paradice", "seats": [HUMAN, _bot("random")], "rated": True}
    assert farmer.request("POST", "/api/tables", json=standard).status_code == 201
    # the lobby's note beside the Rated box: why a table would be unrated, before it is made
    cases: list[tuple[str, dict[str, Any], list[str], str | None]] = [
        ("pig", {"target": 1}, ["random"], "standard settings"),
        ("paradice", {"storehouse": 3}, ["random"], "storehouse"),
        ("paradice", {}, ["random", "expert"], "expert bot has no measured rating"),
        ("paradice", {"players": 3}, ["random", "greedy"], None),
    ]
    for game, params, levels, why in cases:
        check = server.api("POST", f"/api/games/{game}/check",
                           json={"params": params, "levels": levels})  # fmt: skip
        assert check.status_code == 200, check.text
        unrated = check.json()["unrated"]
        assert (unrated is None) if why is None else (why in unrated), (game, unrated)


def _abandoned(server: Server, people: list[Session], seats: list[dict[str, Any]]) -> str:
    """A rated Paradice match whose people open their seats and leave (bots finish it; they
    lose it): the quickest finished rated match."""
    made = people[0].create("paradice", seats, rated=True, params={"players": len(seats)})
    humans = [s for s, cfg in enumerate(seats) if cfg["kind"] == "human"]
    for person, seat in zip(people, humans, strict=True):
        SeatClient(server, made["id"], [made["tokens"][str(seat)]], person.cookie_header()).close()
    return str(made["id"])


def test_farming_one_bot_never_reaches_the_leaderboard(tmp_path: Path) -> None:
    """Three rated games against the same bot level are three games against one opponent:
    never listed (minimum 3 distinct opponents). Two games against a random bot, a greedy bot
    and another person are listed."""
    env = {"DICEHALL_LEADERBOARD_MIN_GAMES": "2", "DICEHALL_LEADERBOARD_MIN_OPPONENTS": "3"}
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    try:
        farmer, player, friend = Session(srv), Session(srv), Session(srv)
        for session, name in ((farmer, "farmer"), (player, "player"), (friend, "friend")):
            session.sign_up(name)
        # the five matches are played at once by the bots; then each is waited for
        played = [("farmer", _abandoned(srv, [farmer], [HUMAN, _bot("random")])) for _ in "abc"]
        played += [
            ("player", _abandoned(srv, [player], [HUMAN, _bot("random"), _bot("greedy")])),
            ("player", _abandoned(srv, [player, friend], [HUMAN, HUMAN])),
        ]
        for name, match in played:
            profile_when_recorded(srv, name, match)
        board = httpx.get(f"{srv.url}/api/leaderboard/paradice").json()
        listed = {p["name"]: p for p in board["players"]}
        assert "farmer" not in listed  # 3 rated games, one opponent
        assert board["min_opponents"] == 3 and board["min_games"] == 2
        assert listed["player"]["opponents"] == 3 and listed["player"]["games"] == 2
        assert "friend" not in listed  # one game
        farmed = httpx.get(f"{srv.url}/api/players/farmer").json()
        assert farmed["games"][0]["rating"]["games"] == 3  # rated all the same
    finally:
        srv.stop()


@pytest.mark.browser
def test_the_lobby_says_unrated_and_why(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.click(".game-card[data-id='pig']")
    page.fill("#param-target", "1")
    page.dispatch_event("#param-target", "change")
    note = page.locator("#rated-note")
    expect(note).to_contain_text("Unrated: rated tables play the standard settings")
    page.click(".game-card[data-id='paradice']")  # standard settings, greedy bots: rated
    expect(note).to_have_text("")
    page.locator(".seat-row select").nth(1).select_option("bot:expert")
    expect(note).to_contain_text("Unrated: the expert bot has no measured rating")
