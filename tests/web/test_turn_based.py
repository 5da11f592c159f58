"""Turn-based tables through the API and websocket: the time per move and its refusals, a bot
moving for a player whose time ran out, the game ending for them, bots moving at once, and a
deadline that survives a restart (docs/play-together.md, *Turn-based tables*).

The tests set a short time per move through `DICEHALL_TURN_SECONDS_MIN`; the default server
refuses anything under an hour."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from dicehall.store import Store
from dicehall.store.turns import TurnClock, TurnClocks
from tests.web.helpers import Client, Server

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Times per move from 1 s; bots that would wait 30 s before a live table's move; a
    sweep every second."""
    folder = tmp_path_factory.mktemp("turns")
    env = {
        "DICEHALL_TURN_SECONDS_MIN": "1",
        "DICEHALL_BOT_DELAY": "30",
        "DICEHALL_SWEEP_EVERY": "1",
    }
    srv = Server(folder / "dicehall.db", folder / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def turn_based(seconds: int, on_timeout: str = "bot") -> dict[str, Any]:
    return {"move_seconds": seconds, "on_timeout": on_timeout}


def refused(server: Server, body: dict[str, Any]) -> tuple[int, str]:
    r = server.api("POST", "/api/tables", json=body)
    error = r.json().get("error", "validation") if r.status_code == 422 else ""
    return r.status_code, error if r.status_code != 201 else r.json()["id"]


def test_the_time_per_move_is_from_an_hour_to_three_days(server: Server) -> None:
    base = {"game": "paradice", "seats": PEOPLE}
    assert refused(server, {**base, "turn_based": turn_based(3599)}) == (422, "bad_turn_based")
    assert refused(server, {**base, "turn_based": turn_based(3 * 86400 + 1)})[0] == 422
    assert refused(server, {**base, "turn_based": turn_based(3600, "maybe")})[0] == 422
    assert refused(server, {**base, "turn_based": {"move_seconds": "1h"}})[0] == 422
    hotseat = {**base, "mode": "hotseat", "turn_based": turn_based(3600)}
    assert refused(server, hotseat) == (422, "turn_based_hotseat")
    made = server.create("paradice", PEOPLE, turn_based=turn_based(3 * 86400, "end"))
    assert made["table"]["options"]["turn_based"] == turn_based(3 * 86400, "end")
    assert server.api("GET", "/api/tables/" + made["id"]).json()["options"]["turn_based"] == (
        turn_based(3 * 86400, "end")
    )


def test_a_real_time_game_is_turn_based_only_in_its_turn_by_turn_mode(server: Server) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
    body = {"game": "jelly", "seats": seats, "turn_based": turn_based(3600)}
    status, error = refused(server, {**body, "params": {"mode": "realtime"}})
    assert (status, error) == (422, "real_time")
    assert "mode=tick" in server.api("POST", "/api/tables", json=body).json()["message"]
    made = server.api("POST", "/api/tables", json={**body, "params": {"mode": "tick"}})
    assert made.status_code == 201, made.text


def test_a_bot_moves_for_a_player_whose_time_ran_out(quick: Server) -> None:
    made = quick.create("paradice", PEOPLE, turn_based=turn_based(2))
    first = Client(quick, made["id"], [made["tokens"]["0"]])
    try:
        turn = first.state["turn"]
        assert turn["seats"] == first.state["actors"] == [0] and turn["deadline"] is not None
        note = first.wait(lambda m: m["type"] == "note", timeout=60)["line"]
        assert note["text"] == "Player 1's time ran out: a bot moves for them this time."
        first.wait(lambda m: m["type"] == "update" and any(e["seat"] == 0 for e in m["log"]))
        assert first.state["turn"]["deadline"] != turn["deadline"]  # the next move's time
    finally:
        first.close()


def notes(client: Client) -> list[dict[str, Any]]:
    return [m["line"] for m in client.messages if m["type"] == "note"] + [
        line for line in client.log if line.get("who") == "Table"
    ]


def test_the_game_ends_for_a_player_whose_time_ran_out(quick: Server) -> None:
    made = quick.create("paradice", PEOPLE, turn_based=turn_based(1, "end"))
    first = Client(quick, made["id"], [made["tokens"]["0"]])
    try:
        first.wait_state(lambda s: s["turn"]["out"] == [0], timeout=60)
        assert any("the game is over for them" in n["text"] for n in notes(first))
        first.wait(lambda m: m["type"] == "seats" and m["seats"][0]["covered"], timeout=30)
        if 0 in first.state["actors"]:  # its bot moves: a move of the player's own is refused
            legal = first.panel(0)["legal"]
            answer = first.act(0, legal[0]["action"])
            assert answer["type"] == "error" and "time ran out" in answer["message"]
    finally:
        first.close()


def test_bots_at_a_turn_based_table_move_at_once(quick: Server) -> None:
    vs_bot = [{"kind": "bot", "level": "random"}, {"kind": "human"}]
    made = quick.create("paradice", vs_bot, turn_based=turn_based(3600))
    me = Client(quick, made["id"], [made["tokens"]["1"]])
    try:  # a live table's bot would wait DICEHALL_BOT_DELAY (30 s) before its move
        me.wait_state(lambda s: 1 in s["actors"], timeout=15)
    finally:
        me.close()


def test_the_deadline_survives_a_restart(quick: Server) -> None:
    made = quick.create("paradice", PEOPLE, turn_based=turn_based(3600))
    before = Client(quick, made["id"], [made["tokens"]["0"]])
    deadline = before.state["turn"]["deadline"]
    before.close()
    quick.kill()
    quick.start()
    after = Client(quick, made["id"], [made["tokens"]["0"]])
    try:
        assert after.state["turn"]["deadline"] == deadline
        assert after.state["turn"]["seats"] == [0]
    finally:
        after.close()


def test_a_deadline_that_passed_while_the_server_was_down_moves_the_table_on(
    quick: Server,
) -> None:
    """Nobody comes back: the sweep loads the table whose deadline passed, and a bot moves."""
    made = quick.create("paradice", PEOPLE, turn_based=turn_based(3))
    before = made["table"]["num_actions"]
    quick.kill()
    quick.start()
    deadline = time.monotonic() + 60
    while quick.api("GET", f"/api/tables/{made['id']}").json()["num_actions"] == before:
        assert time.monotonic() < deadline, "no move after the deadline"
        time.sleep(0.2)


def test_a_move_stopped_between_a_time_out_and_the_bots_move_starts_again(
    quick: Server,
) -> None:
    """A crash after a time-out was saved but before the bot moved: the clock was left with
    nobody on it; on loading, the move starts again with its whole time."""
    made = quick.create("paradice", PEOPLE, turn_based=turn_based(3600))
    quick.kill()
    store = Store(quick.db_url)
    TurnClocks(store).put(made["id"], TurnClock((), made["table"]["num_actions"], None))
    store.close()
    quick.start()
    back = Client(quick, made["id"], [made["tokens"]["0"]])
    try:
        assert back.state["turn"]["seats"] == [0] and back.state["turn"]["deadline"] is not None
    finally:
        back.close()


def test_a_turn_based_table_has_no_waiting_room(server: Server) -> None:
    """The clock starts when the table is made: a room would let it run out unseen."""
    body = {"game": "paradice", "seats": PEOPLE, "room": True, "turn_based": turn_based(3600)}
    assert refused(server, body) == (422, "bad_room")
