"""Jelly Monster rolls stay behind their screens over the websocket: hot-seat devices, other
seats and spectators, checked on the raw messages against the match's record.

Rulebook (docs/rules/jelly.md, "A round (real time)"): "Your roll is hidden behind your screen:
other players see that you hold a roll, never its values."
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from dicehall.core import OMNISCIENT, Game
from dicehall.engine.record import Record, game_of, replay
from dicehall.store import Store
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}
TICK = {"players": 3, "mode": "tick"}
STEPS = 150
"""Versions played: round 1 and into round 2 (rolls, rerolls, placements, scoring)."""


def _paced(send: Any, *args: Any) -> dict[str, Any]:
    """`send(*args)`'s answer, sent again a little later while the server's rate limit
    refuses it."""
    while True:
        answer: dict[str, Any] = send(*args)
        if answer.get("code") != "rate_limited":
            return answer
        time.sleep(0.2)


def _shown(client: Client, seat: Any) -> dict[str, Any]:
    """Ask a shared device to show `seat` (None: nobody) and wait for the answer."""

    def ask() -> dict[str, Any]:
        client.send({"type": "focus", "seat": seat})
        return client.wait(lambda m: m["type"] in ("welcome", "error"))

    return _paced(ask)


def _hot_seat_turns(device: Client, until: int) -> None:
    """Play seats 0 and 1 from one device as the table page does: whenever the other seat
    must act, the device shows nobody, then that seat, and only then it moves."""
    while not device.state["over"] and device.state["version"] < until:
        acting = [s for s in (0, 1) if s in device.state["actors"]]
        if not acting:
            device.wait(lambda m: m["type"] == "update")
            continue
        if device.state["focus"] not in acting:
            _shown(device, None)
            _shown(device, acting[0])
            continue
        seat = device.state["focus"]
        (panel,) = device.state["panels"]
        answer = _paced(device.act, seat, panel["legal"][0]["action"])
        assert answer["type"] == "ack" or answer["code"] == "stale", answer


def _secret_texts(game: Game[Any, Any], record: Record) -> dict[int, set[str]]:
    """Every roll's full text (the owner's), by the seat that rolled."""
    out: dict[int, set[str]] = {}
    for entry in record.actions:
        if entry.action.get("type") == "RollDice":
            text = game.describe(game.action_from_json(entry.action), OMNISCIENT)
            out.setdefault(entry.action["seat"], set()).add(text)
    return out


def _check_messages(client: Client, record: Record, fixed: int | None = None) -> int:
    """Every view and log text `client` got before the end is what its viewer may see, and no
    raw message holds another seat's roll; returns how many of its own rolls it read."""
    game = game_of(record)
    states = dict(replay(record))
    secrets = _secret_texts(game, record)
    viewer, own = fixed, 0
    for msg in client.messages:
        if msg["type"] not in ("welcome", "update") or msg["over"]:
            continue
        if msg["version"] > len(record.actions):  # a bot moved after the record was read
            continue
        if msg["type"] == "welcome" and fixed is None:
            viewer = msg.get("focus")
        raw = json.dumps(msg)
        for owner, texts in secrets.items():
            if owner != viewer:
                leaked = [t for t in texts if t in raw]
                assert not leaked, f"viewer {viewer} got seat {owner}'s roll: {leaked}"
        for panel in msg["panels"]:
            assert panel["seat"] == viewer
            assert panel["view"] == game.observe(states[msg["version"]], viewer)
        for line in msg["log"]:
            if line["seat"] is not None:  # table notes are not actions
                action = game.action_from_json(record.actions[line["index"]].action)
                assert line["text"] == game.describe(action, viewer)
                own += viewer is not None and line["text"] in secrets.get(viewer, set())
    return own


def _record(server: Server, table_id: str, *clients: Client) -> Record:
    """The match as stored so far (the server writes every move before telling anyone),
    once every client has received every message up to it."""
    store = Store(server.db_url)
    try:
        record = store.record(table_id)
    finally:
        store.close()
    assert record is not None
    for client in clients:
        while client.state["version"] < len(record.actions):
            client.wait(lambda m: m["type"] == "update")
    return record


def test_a_hot_seat_device_shows_one_seat_at_a_time_and_nobody_in_between(
    server: Server,
) -> None:
    """The issue's case: two people and a bot on one device; after Player 1 rolls, the device
    handed to Player 2 must not say what Player 1 rolled, in the log or anywhere else."""
    made = server.create("jelly", [HUMAN, HUMAN, RANDOM], params=TICK, mode="hotseat")
    device = Client(server, made["id"], list(made["tokens"].values()))
    rolls = [p["view"]["roll"] for p in device.state["panels"]]
    assert rolls == [None], f"before anyone sits in front of it, the device got rolls {rolls}"
    assert device.state["focus"] is None and device.state["panels"][0]["seat"] is None
    first = _shown(device, 0)
    assert first["focus"] == 0 and [p["seat"] for p in first["panels"]] == [0]
    roll = first["panels"][0]["view"]["roll"]
    own = f"Player 1 rolls {' '.join(map(str, roll))}"
    assert own in [line["text"] for line in first["log"]]  # Player 1 reads their own roll
    handed = _shown(device, 1)
    texts = [line["text"] for line in handed["log"]]
    assert own not in texts and "Player 1 rolls behind their screen (7 dice)" in texts
    assert [p["seat"] for p in handed["panels"]] == [1]
    _hot_seat_turns(device, until=STEPS)
    record = _record(server, made["id"], device)
    assert _check_messages(device, record) > 0  # each seat did read its own rolls
    device.close()


def test_other_seats_and_spectators_never_receive_a_roll(server: Server) -> None:
    made = server.create("jelly", [HUMAN, HUMAN, RANDOM], params=TICK)
    players = {s: Client(server, made["id"], [made["tokens"][str(s)]]) for s in (0, 1)}
    watcher = Client(server, made["id"])
    while not players[0].state["over"] and players[0].state["version"] < STEPS:
        for seat, client in players.items():
            while client.state["version"] < players[1 - seat].state["version"]:
                client.wait(lambda m: m["type"] == "update")
            if client.my_turn(seat):
                _paced(client.act, seat, client.panel(seat)["legal"][0]["action"])
        if not any(c.my_turn(s) for s, c in players.items()):
            players[0].wait(lambda m: m["type"] == "update")
    record = _record(server, made["id"], watcher, *players.values())
    assert len(watcher.messages) > STEPS / 3
    assert _check_messages(watcher, record, fixed=None) == 0
    for seat, client in players.items():
        assert _check_messages(client, record, fixed=seat) > 0
        client.close()
    watcher.close()


def test_a_device_may_only_be_shown_seats_it_holds(server: Server) -> None:
    made = server.create("jelly", [HUMAN, HUMAN, RANDOM], params=TICK, mode="hotseat")
    device = Client(server, made["id"], [made["tokens"]["0"], made["tokens"]["1"]])
    for bad in (2, -3, True, 0.0, "0"):
        answer = _shown(device, bad)
        assert answer["type"] == "error" and answer["code"] == "not_your_seat", bad
    assert device.state["focus"] is None and device.state["panels"][0]["seat"] is None
    watcher = Client(server, made["id"])
    assert _shown(watcher, 0)["code"] == "not_your_seat"
    assert not re.search(r"Player \d rolls( [1-6])+", json.dumps(watcher.messages))
    device.close()
    watcher.close()
