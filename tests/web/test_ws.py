"""Live play over websockets against a real server process: bad input, reconnect, restart."""

from __future__ import annotations

import json
import time

import pytest
from websockets.exceptions import ConnectionClosed

from dicehall.engine.record import Record, replay
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}


def _two_humans(server: Server) -> tuple[dict, Client, Client]:  # type: ignore[type-arg]
    made = server.create("puru", [HUMAN, HUMAN])
    a = Client(server, made["id"], [made["tokens"]["0"]])
    b = Client(server, made["id"], [made["tokens"]["1"]])
    return made, a, b


def test_two_people_play_a_whole_match(server: Server) -> None:
    _made, a, b = _two_humans(server)
    while not a.state["over"]:
        for client, seat in ((a, 0), (b, 1)):
            if client.my_turn(seat):
                assert client.act(seat, client.panel(seat)["legal"][-1]["action"])["type"] == "ack"
        for client in (a, b):
            while client.state["version"] < max(a.state["version"], b.state["version"]):
                client.wait(lambda m: m["type"] == "update")
    assert b.state["over"]
    assert a.state["result"] == b.state["result"]
    a.close()
    b.close()


def test_bad_messages_rejected_match_untouched(server: Server) -> None:
    _made, a, b = _two_humans(server)
    v = a.state["version"]
    legal = a.panel(0)["legal"][0]["action"]
    probes = [
        ("{oops", "malformed_json"),
        (json.dumps([1, 2]), "bad_message"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        ("x" * 20_000, "too_large"),
        (json.dumps({"type": "act", "seat": 1, "action": legal, "version": v}), "not_your_seat"),
        (
            json.dumps({"type": "act", "seat": 0, "action": {"type": "Nope"}, "version": v}),
            "malformed_action",
        ),
        (json.dumps({"type": "act", "seat": 0, "action": legal, "version": v - 1}), "stale"),
        (json.dumps({"type": "act", "seat": 0, "action": legal}), "bad_message"),
    ]
    for text, code in probes:
        a.send(text)
        got = a.wait(lambda m: m["type"] == "error")
        assert got["code"] == code, (text[:60], got)
        assert got["message"]
    # out of turn: seat 1 acts while seat 0 is to move
    answer = b.act(1, legal)
    assert answer["type"] == "error" and answer["code"] == "illegal"
    # the match did not move
    a.send({"type": "resync"})
    assert a.wait(lambda m: m["type"] == "welcome")["version"] == v
    a.close()
    b.close()


def test_duplicate_message_applied_once(server: Server) -> None:
    _made, a, b = _two_humans(server)
    v = a.state["version"]
    first = a.panel(0)["legal"][0]["action"]
    msg = {"type": "act", "seat": 0, "action": first, "version": v, "id": "same"}
    a.send(msg)
    assert a.wait(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    a.send(msg)
    assert a.wait(lambda m: m["type"] == "error")["code"] == "duplicate"
    a.close()
    b.close()


def test_wrong_token_and_unknown_table(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    bad = Client(server, made["id"], ["not-the-token-at-all"])
    assert bad.errors[0]["code"] == "bad_token"
    nowhere = Client(server, "no-such-table")
    assert nowhere.errors[0]["code"] == "unknown_table"
    spectator = Client(server, made["id"])
    assert spectator.state["you"] == []
    answer = spectator.act(0, {"type": "Resolve"})
    assert answer["code"] == "spectator"
    spectator.close()


def test_reconnect_resumes_the_seat_with_full_view(server: Server) -> None:
    made, a, b = _two_humans(server)
    a.act(0, a.panel(0)["legal"][0]["action"])
    seen_version = a.state["version"]
    a.close()
    again = Client(server, made["id"], [made["tokens"]["0"]])
    assert again.state["you"] == [0]
    assert again.state["version"] >= seen_version
    assert again.panel(0)["view"]["players"]
    assert len(again.log) >= len(a.log)
    again.close()
    b.close()


def test_away_player_covered_by_bot_then_returns(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    a = Client(server, made["id"], [made["tokens"]["0"]])
    b = Client(server, made["id"], [made["tokens"]["1"]])
    b.close()  # seat 1 leaves; after the grace period (1.5 s in tests) a bot plays for them
    a.wait(lambda m: m["type"] == "note" and "bot plays" in m["line"]["text"], timeout=15)
    start = a.state["version"]
    while a.state["version"] < start + 6 and not a.state["over"]:
        if a.my_turn(0):
            a.act(0, a.panel(0)["legal"][0]["action"])
        else:
            a.wait(lambda m: m["type"] == "update")
    assert any(line["seat"] == 1 for line in a.log[-10:]) or a.state["over"]
    back = Client(server, made["id"], [made["tokens"]["1"]])
    assert any("is back" in line["text"] for line in back.log)
    a.close()
    back.close()


BOT_GAMES = [
    ("puru", {}, 2),
    ("purrramid", {}, 2),
    ("paradice", {}, 2),
    ("jelly", {"mode": "tick"}, 3),
]


@pytest.mark.parametrize(("game", "params", "players"), BOT_GAMES)
def test_spectator_sees_exactly_the_spectator_view(
    server: Server,
    game: str,
    params: dict,
    players: int,  # type: ignore[type-arg]
) -> None:
    greedy = {"kind": "bot", "level": "greedy"}
    made = server.create(game, [greedy] * players, params=params)
    watcher = Client(server, made["id"])
    watcher.wait_state(lambda s: s.get("over") is True, timeout=120)
    record = Record.from_json(server.api("GET", f"/api/tables/{made['id']}/record").json())
    from dicehall.engine.record import game_of

    game = game_of(record)
    states = dict(replay(record))
    for msg in watcher.messages:
        if msg["type"] in ("welcome", "update"):
            (panel,) = msg["panels"]
            assert panel["seat"] is None and panel["legal"] == []
            assert panel["view"] == game.observe(states[msg["version"]], None)
    watcher.close()


@pytest.mark.slow
def test_kill_and_restart_resumes_every_match(fresh_server: Server) -> None:
    srv = fresh_server
    done = srv.create("puru", [RANDOM, RANDOM])
    Client(srv, done["id"]).wait_state(lambda s: s.get("over") is True, timeout=60)
    done_record = srv.api("GET", f"/api/tables/{done['id']}/record").json()
    made = srv.create("puru", [HUMAN, RANDOM])
    a = Client(srv, made["id"], [made["tokens"]["0"]])
    for _ in range(3):
        while not a.my_turn(0):
            a.wait(lambda m: m["type"] == "update")
        a.act(0, a.panel(0)["legal"][0]["action"])
    acknowledged = a.state["version"]
    srv.kill()
    time.sleep(0.2)
    srv.start()
    back = Client(srv, made["id"], [made["tokens"]["0"]])
    assert back.state["version"] >= acknowledged
    # finished matches survive too, unchanged
    assert srv.api("GET", f"/api/tables/{done['id']}/record").json() == done_record
    assert [x["text"] for x in back.log[: len(a.log)]] == [x["text"] for x in a.log]
    back.play_until_over([0])
    record = Record.from_json(srv.api("GET", f"/api/tables/{made['id']}/record").json())
    from dicehall.engine.record import verify

    assert verify(record) is not None
    back.close()


def test_a_flood_is_rate_limited_and_the_connection_survives(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    a = Client(server, made["id"], [made["tokens"]["0"]])
    for i in range(120):
        a.send({"type": "ping", "t": i})
    codes = []
    pongs = 0
    while pongs + len(codes) < 120:
        msg = a.recv()
        if msg["type"] == "pong":
            pongs += 1
        elif msg["type"] == "error":
            codes.append(msg["code"])
    assert set(codes) == {"rate_limited"}
    assert pongs >= 40
    time.sleep(1.5)  # the bucket refills
    assert a.act(0, a.panel(0)["legal"][0]["action"])["type"] == "ack"
    a.close()


def test_huge_frames_refused_and_others_unaffected(server: Server) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    big = Client(server, made["id"])
    try:  # the transport may close the socket (1009) or the handler answers too_large
        big.send("x" * (2 << 20))
        answer = big.wait(lambda m: m["type"] == "error", timeout=10)
        assert answer["code"] == "too_large"
    except ConnectionClosed as exc:
        assert exc.rcvd is not None and exc.rcvd.code == 1009
    other = Client(server, made["id"], [made["tokens"]["0"]])
    assert other.state["version"] >= 1
    other.close()


def test_cross_site_pages_cannot_open_a_table(server: Server) -> None:
    from websockets.sync.client import connect

    made = server.create("puru", [HUMAN, HUMAN])
    url = f"{server.ws_url}/ws/{made['id']}"
    with connect(url, origin="http://evil.example", open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["code"] == "bad_origin"
    with connect(url, origin=server.url, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": []}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"


def test_real_time_moves_survive_others_moves_but_not_your_own(server: Server) -> None:
    made = server.create("jelly", [HUMAN, HUMAN, HUMAN], params={"players": 3})
    a = Client(server, made["id"], [made["tokens"]["0"]])
    b = Client(server, made["id"], [made["tokens"]["1"]])
    seen = a.state["version"]
    assert b.act(1, {"type": "Reroll"})["type"] == "ack"  # the table moves on meanwhile
    assert a.act(0, {"type": "Reroll"}, version=seen)["type"] == "ack"
    again = a.act(0, {"type": "Reroll"}, version=seen)  # chosen before my own last move
    assert again["type"] == "error" and again["code"] == "stale"
    a.close()
    b.close()


def test_duplicates_are_caught_across_reconnections(server: Server) -> None:
    made, a, b = _two_humans(server)
    msg = {"type": "act", "seat": 0, "action": a.panel(0)["legal"][0]["action"], "id": "once"}
    a.send({**msg, "version": a.state["version"]})
    assert a.wait(lambda m: m.get("id") == "once")["type"] == "ack"
    a.close()
    again = Client(server, made["id"], [made["tokens"]["0"]])
    again.send({**msg, "version": again.state["version"]})
    assert again.wait(lambda m: m.get("id") == "once")["code"] == "duplicate"
    again.close()
    b.close()
