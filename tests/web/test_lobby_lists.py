"""The lobby's lists: an open table nobody joined leaves "Open tables" after
`DICEHALL_LISTED_IDLE` seconds; "Finished matches" says when each game ended, its players,
their scores and the winner."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.web.browser import shot
from tests.web.helpers import Client, Server
from tests.web.phone import phone_context

HUMAN = {"kind": "human"}
OPEN = {"kind": "human", "open": True}
RANDOM = {"kind": "bot", "level": "random"}


@pytest.fixture(scope="module")
def lobby_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("lobby")
    srv = Server(folder / "dicehall.db", folder / "server.log", env={"DICEHALL_LISTED_IDLE": "2"})
    srv.start()
    yield srv
    srv.stop()


def _open_ids(server: Server) -> list[str]:
    return [t["id"] for t in server.api("GET", "/api/tables?status=live").json()]


def test_a_table_nobody_joined_leaves_open_tables(lobby_server: Server) -> None:
    nobody = lobby_server.create("puru", [HUMAN, OPEN])
    waiting = lobby_server.create("puru", [HUMAN, OPEN])
    host = Client(lobby_server, waiting["id"], [waiting["tokens"]["0"]])
    try:
        assert {nobody["id"], waiting["id"]} <= set(_open_ids(lobby_server))  # new: listed
        deadline = time.monotonic() + 30
        while nobody["id"] in _open_ids(lobby_server):
            assert time.monotonic() < deadline, "the unjoined table stayed listed"
            time.sleep(0.5)
        # the host waits at the other one: it stays listed, with its open seat to take
        listed = {t["id"]: t for t in lobby_server.api("GET", "/api/tables").json()}
        assert listed[waiting["id"]]["open_seats"] == [1]
        # the unlisted table still works from its link
        assert lobby_server.api("GET", f"/api/tables/{nobody['id']}").status_code == 200
    finally:
        host.close()


def test_finished_matches_say_when_and_who_won(lobby_server: Server, browser: Browser) -> None:
    made = lobby_server.create("puru", [HUMAN, RANDOM])
    me = Client(lobby_server, made["id"], [made["tokens"]["0"]])
    me.play_until_over([0])
    result, seats = me.state["result"], me.state["seats"]
    me.close()
    names = [s.get("name") or f"Player {s['seat'] + 1}" for s in seats]
    context = phone_context(browser)
    page = context.new_page()
    page.goto(lobby_server.url)
    row = page.locator("#finished tr", has=page.locator(f"a[href='/replay/{made['id']}']"))
    expect(row).to_contain_text("Ended")
    scores = result["scores"]
    expect(row).to_contain_text(f"{names[0]} {scores[0]:g}, {names[1]} {scores[1]:g}")
    winners = " & ".join(names[s] for s in result["winners"])
    expect(row).to_contain_text(f"{winners} won")
    when = row.locator("time")
    assert (
        when.get_attribute("datetime")
        == lobby_server.api("GET", f"/api/tables/{made['id']}").json()["updated"]
    )
    row.scroll_into_view_if_needed()
    shot(page, "lobby-finished-phone")
    context.close()
