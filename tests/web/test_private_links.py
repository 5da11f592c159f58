"""A private table needs its link, not its id (docs/security.md, *Private tables*).

The attack (issue 33, item 8): a stranger who learnt a private table's id (from a profile, a
log) spectated the live table and claimed its open seat with the id alone.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from playwright.sync_api import Browser, expect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
OPEN = {"kind": "human", "open": True}
RANDOM = {"kind": "bot", "level": "random"}


def _fragment(link: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in link.split("#", 1)[1].split("&"))


def _hello(server: Server, table_id: str, **hello: object) -> tuple[dict[str, object], int]:
    """The first answer to a hello and the socket's close code (0 while it stays open)."""
    with connect(f"{server.ws_url}/ws/{table_id}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [], **hello}))
        first = json.loads(ws.recv(timeout=10))
        if first["type"] == "error":
            with contextlib.suppress(ConnectionClosed):  # the close that follows the error
                ws.recv(timeout=10)
            return first, int(ws.close_code or 0)
        return first, 0


def test_a_stranger_with_the_id_alone_neither_watches_nor_claims(server: Server) -> None:
    made = server.create("puru", [HUMAN, OPEN, RANDOM], params={"players": 3}, private=True)
    table_id = made["id"]
    for guess in ({}, {"secret": "x" * 22}, {"secret": ""}, {"secret": 5}, {"secret": "y" * 99}):
        answer, code = _hello(server, table_id, **guess)
        assert answer["type"] == "error" and answer["code"] == "unknown_table", guess
        assert code == 4404, guess
        claim = server.api("POST", f"/api/tables/{table_id}/claim", json={"seat": 1, **guess})
        assert claim.status_code in (404, 422), (guess, claim.text)  # 422: not a short text
        details = server.api("GET", f"/api/tables/{table_id}", headers={"X-Table-Secret": "z" * 22})
        assert details.status_code == 404
    # the creator's links carry the secret: spectators and the open seat come in with it
    secret = made["secret"]
    assert _fragment(made["url"]) == {"secret": secret}
    assert _fragment(made["links"]["0"])["secret"] == secret
    watcher = Client(server, table_id, secret=secret)
    assert watcher.state["type"] == "welcome" and watcher.state["you"] == []
    claim = server.api("POST", f"/api/tables/{table_id}/claim", json={"seat": 1, "secret": secret})
    assert claim.status_code == 200, claim.text
    assert _fragment(claim.json()["link"])["secret"] == secret
    # a seat's right token admits its holder without the secret (an invitation link)
    host = Client(server, table_id, [made["tokens"]["0"]])
    assert host.state["you"] == [0]
    # the secret's digest is never shown
    shown = json.dumps([watcher.state, made["table"], host.state])
    assert "secret_digest" not in shown and secret not in shown
    for c in (watcher, host):
        c.close()


def test_public_tables_are_still_open_to_their_id(server: Server) -> None:
    made = server.create("puru", [HUMAN, OPEN, RANDOM], params={"players": 3})
    assert "secret" not in made and "#" not in made["url"]
    watcher = Client(server, made["id"])
    assert watcher.state["type"] == "welcome"
    claim = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1})
    assert claim.status_code == 200
    watcher.close()


def test_players_replay_their_finished_private_table(server: Server) -> None:
    """Replays of a finished private table keep working for its players (the profile lists
    it to them only)."""
    made = server.create("puru", [HUMAN, RANDOM], private=True)
    player = Client(server, made["id"], [made["tokens"]["0"]])
    player.play_until_over([0])
    player.close()
    replay = server.api("GET", f"/api/tables/{made['id']}/replay")
    assert replay.status_code == 200


@pytest.mark.browser
def test_the_link_opens_the_table_page_and_the_id_alone_does_not(
    server: Server, browser: Browser
) -> None:
    """In the browser: the spectators' link shows the table and offers its open seat, which a
    click takes (the claim carries the secret the page kept); a stranger's page with the id
    alone says there is no such table."""
    made = server.create("puru", [HUMAN, OPEN, RANDOM], params={"players": 3}, private=True)
    guest_ctx, stranger_ctx = browser.new_context(), browser.new_context()
    try:
        guest = guest_ctx.new_page()
        guest.goto(server.url + made["url"])
        expect(guest.locator("#conn")).to_have_text("connected")
        assert "secret" not in guest.url  # the fragment is moved into the browser's storage
        guest.click("#claim button")
        expect(guest.locator("#you")).to_contain_text("Player 2", timeout=20_000)
        stranger = stranger_ctx.new_page()
        stranger.goto(f"{server.url}/table/{made['id']}")
        expect(stranger.locator("#conn")).to_have_text("no such table")
    finally:
        guest_ctx.close()
        stranger_ctx.close()
