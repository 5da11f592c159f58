"""The waiting room (docs/play-together.md, *Waiting room*): a table made with one waits for
its people; the host changes seats and options and starts it; its state survives a restart;
every bad message is refused with a code and changes nothing."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
OPEN = {"kind": "human", "open": True}
RANDOM = {"kind": "bot", "level": "random"}


def _room(client: Client) -> dict[str, Any]:
    return client.wait(lambda m: m["type"] == "room")["room"]  # type: ignore[no-any-return]


def _error(client: Client, message: dict[str, Any]) -> str:
    client.send(message)
    code: str = client.wait(lambda m: m["type"] == "error")["code"]
    return code


def test_the_table_waits_then_the_host_starts_it_with_a_bot(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN], room=True)
    host = Client(server, made["id"], [made["tokens"]["0"]])
    assert host.state["table"]["options"]["room"] == {"host": 0, "ready": [], "waiting": True}
    # nobody moves while the table waits, not even its host: it is nobody's turn
    assert host.state["actors"] == []
    first = host.panel(0)["legal"][0]["action"]
    assert host.act(0, first)["code"] == "waiting"
    host.send({"type": "start", "fill": "random"})
    assert _room(host)["waiting"] is False
    seats = host.wait(lambda m: m["type"] == "seats")["seats"]
    assert (seats[1]["kind"], seats[1]["bot"]) == ("bot", "random")
    # the friend's seat is the bot's now: its old link opens nothing
    late = Client(server, made["id"], [made["tokens"]["1"]])
    assert late.errors and late.errors[0]["code"] == "bad_token"
    host.play_until_over([0])  # the bot plays seat 2
    assert host.state["over"] is True
    host.close()


def test_the_game_starts_once_everyone_is_here_and_ready(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN, RANDOM], params={"players": 3}, room=True)
    host = Client(server, made["id"], [made["tokens"]["0"]])
    friend = Client(server, made["id"], [made["tokens"]["1"]])
    friend.send({"type": "ready", "ready": True})
    assert _room(host) == {"host": 0, "ready": [1], "waiting": True}
    host.send({"type": "ready", "ready": True})
    started = friend.wait(lambda m: m["type"] == "room" and m["room"]["ready"] != [1])
    assert started["room"]["waiting"] is False
    assert (
        server.api("GET", f"/api/tables/{made['id']}").json()["options"]["room"]["waiting"] is False
    )
    friend.close()
    host.close()


def test_the_host_changes_seats_and_options_and_a_restart_keeps_the_room(
    fresh_server: Server,
) -> None:
    server = fresh_server
    made = server.create("puru", [HUMAN, HUMAN, HUMAN], params={"players": 3}, room=True)
    host = Client(server, made["id"], [made["tokens"]["0"]])
    host.send({"type": "ready", "ready": True})
    _room(host)
    host.send({"type": "room_seat", "seat": 1, "as": "bot", "level": "greedy"})
    _room(host)
    host.send({"type": "room_seat", "seat": 2, "as": "open"})
    _room(host)
    host.send({"type": "room_options", "private": True, "coach": True})
    _room(host)
    host.send({"type": "room_seat", "seat": 1, "as": "invited"})
    link = host.wait(lambda m: m["type"] == "room_link")
    assert link["seat"] == 1
    token = link["link"].split("token=")[1]
    host.close()
    server.kill()
    server.start()
    table = server.api("GET", f"/api/tables/{made['id']}").json()
    assert table["options"]["room"] == {"host": 0, "ready": [0], "waiting": True}
    assert (table["options"]["private"], table["options"]["coach"]) == (True, True)
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "human"]
    assert table["seats"][2]["open"] is True and "open" not in table["seats"][1]
    friend = Client(server, made["id"], [token])  # the new invitation opens its seat
    assert friend.state["you"] == [1]
    assert friend.state["table"]["options"]["room"]["waiting"] is True
    friend.close()


def test_bad_room_messages_are_refused_and_change_nothing(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN, HUMAN], params={"players": 3}, room=True)
    host = Client(server, made["id"], [made["tokens"]["0"]])
    friend = Client(server, made["id"], [made["tokens"]["1"]])
    watcher = Client(server, made["id"])
    assert _error(friend, {"type": "start", "fill": "random"}) == "not_host"
    assert _error(friend, {"type": "room_seat", "seat": 2, "as": "open"}) == "not_host"
    assert _error(watcher, {"type": "ready", "ready": True}) == "spectator"
    assert _error(friend, {"type": "ready", "ready": "yes"}) == "bad_message"
    for bad, code in (
        ({"seat": 7, "as": "open"}, "bad_seat"),
        ({"seat": True, "as": "open"}, "bad_seat"),
        ({"seat": 0, "as": "bot", "level": "random"}, "bad_seat"),  # the host's own
        ({"seat": 1, "as": "bot", "level": "random"}, "seat_taken"),  # the friend is here
        ({"seat": 2, "as": "nobody"}, "bad_message"),
        ({"seat": 2, "as": "bot", "level": "x" * 40}, "bad_seats"),
    ):
        assert _error(host, {"type": "room_seat", **bad}) == code, bad
    assert _error(host, {"type": "room_options", "private": 1}) == "bad_message"
    assert _error(host, {"type": "room_options"}) == "bad_message"
    assert _error(host, {"type": "start", "fill": 3}) == "bad_message"
    assert _error(host, {"type": "start", "fill": "nolevel"}) == "bad_seats"
    table = server.api("GET", f"/api/tables/{made['id']}").json()
    assert table["options"]["room"] == {"host": 0, "ready": [], "waiting": True}
    assert [s["kind"] for s in table["seats"]] == ["human"] * 3
    host.send({"type": "start", "fill": "open"})
    assert _room(host)["waiting"] is False
    assert _error(host, {"type": "start", "fill": "open"}) == "not_waiting"
    assert _error(friend, {"type": "ready", "ready": True}) == "not_waiting"
    # the seat nobody took stays open to anyone
    assert server.api("GET", f"/api/tables/{made['id']}").json()["open_seats"] == [2]
    for c in (host, friend, watcher):
        c.close()


def test_a_room_needs_the_hosts_own_seat(server: Server) -> None:
    r = server.api(
        "POST", "/api/tables", json={"game": "puru", "seats": [OPEN, OPEN], "room": True}
    )
    assert (r.status_code, r.json()["error"]) == (422, "bad_room")
    bad = server.api("POST", "/api/tables", json={"game": "puru", "seats": [HUMAN], "room": 1})
    assert bad.status_code == 422
    # alone with bots there is nobody to wait for: the table plays at once
    solo = server.create("puru", [HUMAN, RANDOM], room=True)
    assert "room" not in solo["table"]["options"]
