"""Hostile hellos against a real server: wrong, forged, foreign and expired seat tokens, and
table ids that try to climb out of the table namespace. Each gets a clear error and a close
code; no seat is taken and no match moves.

What "expired" means here: a token never times out and is never handed out again: an invited
seat belongs to its link, and an open seat gets its one token when someone takes it from the
lobby (POST /claim). After the match ends a token still names its seat but every action is
refused as `over`.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import Callable
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.web.helpers import Client, Server
from tests.web.test_hostile_ws import snapshot, still_serves

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}

Tokens = dict[str, str]  # mine: seat 0's; theirs: seat 1's; foreign: another table's seat 0


def hello(tokens: Any) -> dict[str, Any]:
    return {"type": "hello", "tokens": tokens}


def flip(token: str) -> str:
    """The same token with its last character changed: same length, same alphabet."""
    return token[:-1] + ("A" if token[-1] != "A" else "B")


HELLO_PROBES: dict[str, list[tuple[Callable[[Tokens], Any], str, int]]] = {
    "wrong_token": [
        (lambda t: hello(["not-the-token-at-all"]), "bad_token", 4401),
        (lambda t: hello([secrets.token_urlsafe(24)]), "bad_token", 4401),
        (lambda t: hello([flip(t["mine"])]), "bad_token", 4401),
        (lambda t: hello([t["mine"].upper()]), "bad_token", 4401),
        (lambda t: hello([t["mine"] + "x"]), "bad_token", 4401),
        (lambda t: hello([t["mine"][:-1]]), "bad_token", 4401),
        (lambda t: hello([""]), "bad_token", 4401),
        (lambda t: hello(["x" * 5_000]), "bad_token", 4401),
        (
            lambda t: hello([t["mine"], "forged-but-long-enough"]),
            "bad_token",
            4401,
        ),
    ],
    "token_types": [
        (lambda t: hello([12345678901234]), "bad_token", 4401),
        (lambda t: hello([None]), "bad_token", 4401),
        (lambda t: hello([{"token": t["mine"]}]), "bad_token", 4401),
        (lambda t: hello([[t["mine"]]]), "bad_token", 4401),
        (lambda t: hello(t["mine"]), "bad_token", 4401),
        (lambda t: hello({"0": t["mine"]}), "bad_token", 4401),
        (lambda t: hello(None), "bad_token", 4401),
        (lambda t: hello([t["mine"]] * 3), "bad_token", 4401),  # > seats
    ],
    "foreign_token": [  # a real token, but of another table
        (lambda t: hello([t["foreign"]]), "bad_token", 4401),
        (lambda t: hello([t["mine"], t["foreign"]]), "bad_token", 4401),
    ],
    "no_hello_first": [
        (lambda t: {"type": "act", "seat": 0, "action": {"type": "Resolve"}}, "no_hello", 4400),
        (lambda t: {"type": "resync"}, "no_hello", 4400),
        (lambda t: "{oops", "malformed_json", 4400),
        (lambda t: "[" * 10_000, "malformed_json", 4400),
        (lambda t: "x" * 20_000, "too_large", 4400),
        (lambda t: b"\x00binary", "bad_frame", 4400),
        (lambda t: [1, 2], "bad_message", 4400),
    ],
}


def refused(server: Server, table_id: str, first: Any) -> tuple[dict[str, Any], int]:
    """Open a socket, send `first` as the first frame: the error and the close code."""
    with connect(f"{server.ws_url}/ws/{table_id}", open_timeout=10) as ws:
        with contextlib.suppress(ConnectionClosed):  # an unknown table closes at once
            ws.send(first if isinstance(first, str | bytes) else json.dumps(first))
        answer = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as info:
            ws.recv(timeout=10)
    assert info.value.rcvd is not None
    return answer, info.value.rcvd.code


@pytest.mark.parametrize("kind", sorted(HELLO_PROBES))
def test_hostile_hellos_are_refused_and_take_no_seat(server: Server, kind: str) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    other = server.create("puru", [HUMAN, HUMAN])
    tokens = {"mine": made["tokens"]["0"], "theirs": made["tokens"]["1"]}
    tokens["foreign"] = other["tokens"]["0"]
    before = snapshot(server, made["id"])
    for make, code, close in HELLO_PROBES[kind]:
        answer, got_close = refused(server, made["id"], make(tokens))
        assert (answer["type"], answer["code"], got_close) == ("error", code, close), kind
        assert answer["message"]
    assert snapshot(server, made["id"]) == before  # no seat claimed, nothing played
    seats = server.api("GET", f"/api/tables/{made['id']}").json()["seats"]
    assert not any(s["claimed"] for s in seats)
    still_serves(server, made)


BAD_IDS = ["no-such-table", "...", "a" * 65, "%00", "a%00b", "%2e%2e", "%E2%80%AE", "%20"]


def test_table_ids_outside_the_id_alphabet_are_unknown(server: Server) -> None:
    """Ids are token_urlsafe text; `..`, NUL, spaces and the like never reach the store."""
    for bad in BAD_IDS:
        answer, close = refused(server, bad, {"type": "hello", "tokens": []})
        assert (answer["code"], close) == ("unknown_table", 4404), bad
        r = server.api("GET", f"/api/tables/{bad}")
        assert (r.status_code, r.json()["error"]) == (404, "unknown_table"), bad
        r = server.api("GET", f"/api/tables/{bad}/record")
        assert (r.status_code, r.json()["error"]) == (404, "unknown_table"), bad
    # `..` and slashes (encoded or not) leave the route (clients normalise `..`): the handshake
    # is refused or the table is unknown, and the API answers 404
    for bad in ["..", "..%2F..%2Fetc", "../../etc", "..%5C..%5Cetc"]:
        try:
            answer, close = refused(server, bad, {"type": "hello", "tokens": []})
        except InvalidStatus as exc:
            assert exc.response.status_code in (403, 404)
        else:
            assert (answer["code"], close) == ("unknown_table", 4404), bad
        for suffix in ("", "/record", "/replay"):
            assert server.api("GET", f"/api/tables/{bad}{suffix}").status_code == 404
    assert server.api("GET", "/api/health").json() == {"status": "ok"}


def test_a_claimed_open_seat_belongs_to_its_new_token(server: Server) -> None:
    made = server.create("puru", [HUMAN, {**HUMAN, "open": True}])
    claimed = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1}).json()
    creator = Client(server, made["id"], [made["tokens"]["0"]])
    assert creator.state["you"] == [0]  # the creator's own seat is unchanged
    creator.close()
    holder = Client(server, made["id"], [claimed["token"]])
    assert holder.state["you"] == [1]
    holder.close()
    # a seat once taken cannot be claimed again, for itself or anyone
    again = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1})
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"


def test_after_the_match_a_token_reads_but_cannot_act(server: Server) -> None:
    made = server.create("puru", [HUMAN, RANDOM])
    player = Client(server, made["id"], [made["tokens"]["0"]])
    player.play_until_over([0])
    player.close()
    record = server.api("GET", f"/api/tables/{made['id']}/record").json()
    late = Client(server, made["id"], [made["tokens"]["0"]])
    assert late.state["over"] and late.state["you"] == [0]
    for action in [{"type": "Resolve"}, record["actions"][-1]["action"]]:
        answer = late.act(0, action)
        assert answer["type"] == "error" and answer["code"] == "over", answer
    late.send({"type": "act", "seat": 1, "action": {"type": "Resolve"}, "version": 0, "id": "b"})
    assert late.wait(lambda m: m.get("id") == "b")["code"] == "not_your_seat"
    late.close()
    assert server.api("GET", f"/api/tables/{made['id']}/record").json() == record
    claim = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 0})
    assert claim.status_code == 403  # never open: it was the creator's
