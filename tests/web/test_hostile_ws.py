"""A hostile websocket client against a real server: every bad message gets a clear error, the
match does not move, and the server keeps serving (health, and a legal move still counts).

test_ws.py checks one probe of each common mistake; here each kind of attack gets many probes,
and the match is compared before and after through the REST API. `PROBES` and `HELLO_PROBES`
are what the report's count of hostile inputs by kind is made from.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}

Ctx = dict[str, Any]  # version: the match's; legal: a legal action of seat 0; other: seat 1's
Probe = tuple[Callable[[Ctx], str | bytes], str]


def act(ctx: Ctx, **fields: Any) -> str:
    """An `act` for seat 0 at the current version with a legal action, fields overridden."""
    msg = {"type": "act", "seat": 0, "action": ctx["legal"], "version": ctx["version"], **fields}
    return json.dumps({k: v for k, v in msg.items() if v is not DROP})


DROP = object()

PROBES: dict[str, list[Probe]] = {
    "malformed_json": [
        (lambda c: "{oops", "malformed_json"),
        (lambda c: "", "malformed_json"),
        (lambda c: '{"type": "ping",}', "malformed_json"),
        (lambda c: '{"type": "ping"', "malformed_json"),
        (lambda c: "\x00\x01\x02", "malformed_json"),
        (lambda c: "[" * 10_000, "malformed_json"),  # nested deeper than the decoder goes
        (lambda c: '{"a":' * 3_000, "malformed_json"),
        (lambda c: '{"type": "act", "version": ' + "9" * 5_000 + "}", "malformed_json"),
    ],
    "not_an_object": [
        (lambda c: "[1, 2]", "bad_message"),
        (lambda c: "42", "bad_message"),
        (lambda c: "null", "bad_message"),
        (lambda c: '"act"', "bad_message"),
        (lambda c: '{"type": 5}', "bad_message"),
        (lambda c: '{"type": null}', "bad_message"),
        (lambda c: '{"kind": "act"}', "bad_message"),
    ],
    "oversized": [
        (lambda c: "x" * 20_000, "too_large"),
        (lambda c: json.dumps({"type": "ping", "t": "x" * 17_000}), "too_large"),
        (lambda c: act(c, id="x" * 20_000), "too_large"),
    ],
    "binary_frame": [
        (lambda c: b"\x00\xff", "bad_frame"),
        (lambda c: act(c).encode(), "bad_frame"),
    ],
    "unknown_type": [
        (lambda c: '{"type": "dance"}', "unknown_type"),
        (lambda c: '{"type": ""}', "unknown_type"),
        (lambda c: '{"type": "ACT"}', "unknown_type"),
        (lambda c: json.dumps({"type": "hello", "tokens": []}), "unknown_type"),  # hello twice
        (lambda c: json.dumps({"type": "x" * 5_000}), "unknown_type"),
    ],
    "missing_fields": [
        (lambda c: '{"type": "act"}', "not_your_seat"),
        (lambda c: act(c, seat=DROP), "not_your_seat"),
        (lambda c: act(c, version=DROP), "bad_message"),
        (lambda c: act(c, action=DROP), "malformed_action"),
        (lambda c: act(c, action={}), "malformed_action"),
    ],
    "wrong_types": [
        (lambda c: act(c, seat="0"), "not_your_seat"),
        (lambda c: act(c, seat=[0]), "not_your_seat"),
        (lambda c: act(c, seat={"0": 0}), "not_your_seat"),
        (lambda c: act(c, seat=0.0001), "not_your_seat"),
        (lambda c: act(c, seat=0.0), "not_your_seat"),  # was applied, then broke every view
        (lambda c: act(c, seat=False), "not_your_seat"),
        (lambda c: act(c, version=str(c["version"])), "bad_message"),
        (lambda c: act(c, version=float(c["version"])), "bad_message"),
        (lambda c: act(c, version=True), "bad_message"),
        (lambda c: act(c, version=None), "bad_message"),
        (lambda c: act(c, id=5), "bad_message"),
        (lambda c: act(c, id="x" * 65), "bad_message"),
        (lambda c: act(c, action="Resolve"), "malformed_action"),
        (lambda c: act(c, action=[c["legal"]]), "malformed_action"),
        (lambda c: act(c, action={"type": []}), "malformed_action"),  # was a crash: unhashable
        (lambda c: act(c, action={"type": {"a": 1}}), "malformed_action"),
        (lambda c: act(c, action={"type": "Nope"}), "malformed_action"),
        (lambda c: act(c, action={**c["legal"], "extra": 1}), "malformed_action"),
        (
            lambda c: '{"type": "act", "seat": 0, "version": NaN, "action": {}}',
            "bad_number",
        ),  # not JSON
    ],
    "seat_not_held": [
        (lambda c: act(c, seat=1, action=c["other"]), "not_your_seat"),
        (lambda c: act(c, seat=2), "not_your_seat"),
        (lambda c: act(c, seat=-1), "not_your_seat"),
        (lambda c: act(c, seat=10**30), "not_your_seat"),
        (lambda c: act(c, seat=True), "not_your_seat"),
    ],
    "stale_version": [
        (lambda c: act(c, version=c["version"] - 1), "stale"),
        (lambda c: act(c, version=c["version"] + 1), "stale"),
        (lambda c: act(c, version=-1), "stale"),
        (lambda c: act(c, version=10**30), "stale"),
    ],
}


def snapshot(server: Server, table_id: str) -> dict[str, Any]:
    """What the store says about the match: its length, status, result, last write."""
    row = server.api("GET", f"/api/tables/{table_id}").json()
    out = {k: row[k] for k in ("num_actions", "status", "result", "updated", "params")}
    out["seats"] = [(s["seat"], s["kind"], s["name"], s["claimed"]) for s in row["seats"]]
    return out


def version_of(server: Server, table_id: str) -> int:
    watcher = Client(server, table_id)
    version: int = watcher.state["version"]
    watcher.close()
    return version


def still_serves(server: Server, made: dict[str, Any]) -> None:
    """The server answers health and takes a legal move at the table (a fresh connection
    holding every human seat, so whoever is to move can move)."""
    assert server.api("GET", "/api/health").json() == {"status": "ok"}
    player = Client(server, made["id"], list(made["tokens"].values()))
    seats = player.state["you"]
    while not any(player.my_turn(s) for s in seats):
        player.wait(lambda m: m["type"] == "update")
    seat = next(s for s in seats if player.my_turn(s))
    before = player.state["version"]
    answer = player.act(seat, player.panel(seat)["legal"][0]["action"])
    assert answer["type"] == "ack" and answer["version"] > before
    player.close()


def two_humans(server: Server) -> tuple[dict[str, Any], Client, Client]:
    made = server.create("puru", [HUMAN, HUMAN])
    a = Client(server, made["id"], [made["tokens"]["0"]])
    b = Client(server, made["id"], [made["tokens"]["1"]])
    return made, a, b


def send_raw(client: Client, payload: str | bytes) -> None:
    client.ws.send(payload)


@pytest.mark.parametrize("kind", sorted(PROBES))
def test_hostile_messages_get_clear_errors_and_change_nothing(server: Server, kind: str) -> None:
    made, a, b = two_humans(server)
    table = made["id"]
    before, version = snapshot(server, table), a.state["version"]
    ctx = {"version": version, "legal": a.panel(0)["legal"][0]["action"]}
    ctx["other"] = {"type": "Resolve"}  # what seat 1 would send on its own turn
    for make, code in PROBES[kind]:
        send_raw(a, make(ctx))
        got = a.wait(lambda m: m["type"] == "error")
        assert got["code"] == code, (kind, make(ctx)[:80], got)
        assert got["message"] and len(got["message"]) < 300
    assert snapshot(server, table) == before
    assert version_of(server, table) == version
    # the hostile connection itself still works: resync, then a legal move
    a.send({"type": "resync"})
    assert a.wait(lambda m: m["type"] == "welcome")["version"] == version
    assert a.act(0, ctx["legal"])["type"] == "ack"
    a.close()
    b.close()
    still_serves(server, made)


def test_a_frame_over_the_transport_limit_closes_only_that_socket(server: Server) -> None:
    """Frames over 1 MiB (uvicorn's ws_max_size) never reach the app: close code 1009."""
    made, a, b = two_humans(server)
    before = snapshot(server, made["id"])
    send_raw(a, "x" * (2 << 20))
    with pytest.raises(ConnectionClosed) as info:
        a.wait(lambda m: False, timeout=10)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1009
    b.send({"type": "ping", "t": 1})
    assert b.wait(lambda m: m["type"] == "pong")["t"] == 1  # the other seat is unaffected
    assert snapshot(server, made["id"]) == before
    b.close()
    still_serves(server, made)


def test_replayed_act_messages_are_refused(server: Server) -> None:
    made, a, b = two_humans(server)
    old = a.state["version"]
    first = {"type": "act", "seat": 0, "action": a.panel(0)["legal"][0]["action"], "id": "m1"}
    first["version"] = old
    a.send(first)
    assert a.wait(lambda m: m.get("id") == "m1")["type"] == "ack"
    for client in (a, b):  # both views catch up with the move
        while client.state["version"] == old:
            client.wait(lambda m: m["type"] == "update")
    after = snapshot(server, made["id"])
    # the same message again: a duplicate id, whatever it says
    a.send(first)
    assert a.wait(lambda m: m.get("id") == "m1")["code"] == "duplicate"
    # the seat to move now, with a legal move but the version before the first move: stale
    holder, seat = (a, 0) if a.my_turn(0) else (b, 1)
    now_legal = holder.panel(seat)["legal"][0]["action"]
    replay = {"type": "act", "seat": seat, "action": now_legal, "version": old, "id": "m2"}
    holder.send(replay)
    assert holder.wait(lambda m: m.get("id") == "m2")["code"] == "stale"
    # the first message replayed by the other seat's connection: not its seat
    b.send({**first, "id": "m3"})
    assert b.wait(lambda m: m.get("id") == "m3")["code"] == "not_your_seat"
    assert snapshot(server, made["id"]) == after
    a.close()
    b.close()
    still_serves(server, made)


def test_a_flood_is_limited_per_connection_and_changes_nothing(server: Server) -> None:
    """Rate limit: a token bucket per connection (20 a second, bursts of 40, config.py)."""
    made, a, b = two_humans(server)
    before = snapshot(server, made["id"])
    stale = {"type": "act", "seat": 0, "action": a.panel(0)["legal"][0]["action"], "version": -1}
    flood = 150
    for i in range(flood):
        a.send({**stale, "id": f"f{i}"})
    codes = [a.wait(lambda m: m["type"] == "error")["code"] for _ in range(flood)]
    assert set(codes) == {"stale", "rate_limited"} and codes[0] == "stale"
    # another connection at the same table has a bucket of its own
    b.send({"type": "ping", "t": "other"})
    assert b.wait(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
    assert snapshot(server, made["id"]) == before
    # the flooding connection is not closed: once its bucket refills, a legal move counts
    for _ in range(40):
        answer = a.act(0, stale["action"])  # a refusal names the message's id, so retry it
        if answer["type"] == "ack":
            break
        assert answer["code"] == "rate_limited"
        time.sleep(0.5)
    assert answer["type"] == "ack"
    a.close()
    b.close()
    assert server.api("GET", "/api/health").status_code == 200
