"""Hostile HTTP against a real server: broken and tampered record uploads, files of the server
named as content, paths that try to leave their folder, hostile table requests. Each gets a
4xx with a readable reason; nothing is stored or changed; the server keeps serving.

test_api.py covers one garbage upload, one oversized one (declared), one tampered step and an
unknown game; here each kind gets many probes. `UPLOADS`, `CONTENT`, `TABLES` and `PATHS` are
what the report's count of hostile inputs by kind is made from.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.web.helpers import Client, Server
from tests.web.test_hostile_ws import still_serves

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}
JSON = {"content-type": "application/json"}
Rec = dict[str, Any]


@pytest.fixture(scope="module")
def record(server: Server) -> Rec:
    """A finished puru record from this server, unsigned (any edit of a signed one is refused
    for that alone: test_replays.py)."""
    made = server.create("puru", [RANDOM, RANDOM])
    Client(server, made["id"]).wait_state(lambda s: s.get("over") is True, timeout=60)
    got: Rec = server.api("GET", f"/api/tables/{made['id']}/record").json()
    got.pop("signature", None)
    got["_table"] = made["id"]
    return got


def edited(rec: Rec, change: Callable[[Rec], object]) -> bytes:
    out = copy.deepcopy(rec)
    out.pop("_table")
    change(out)
    return json.dumps(out).encode()


def first_chance(rec: Rec) -> int:
    return next(i for i, a in enumerate(rec["actions"]) if a["seat"] == -1)


def other_winners(rec: Rec) -> list[int]:
    """Winners the game did not have: a random game may end in a tie, won by both seats."""
    return [0] if rec["result"]["winners"] == [0, 1] else [0, 1]


def first_move(rec: Rec) -> int:
    return next(i for i, a in enumerate(rec["actions"]) if a["seat"] >= 0)


# each probe: the body from the good record -> the reason's words (case-insensitive)
UPLOADS: dict[str, list[tuple[Callable[[Rec], bytes], str]]] = {
    "not_json": [
        (lambda r: b"\x00\xff not json", "not a dicehall record"),
        (lambda r: b"", "not a dicehall record"),
        (lambda r: b'{"format": "dicehall-record",', "not a dicehall record"),
        (lambda r: b"[" * 100_000, "not a dicehall record"),  # deeper than the decoder goes
        (lambda r: b"null", "not a dicehall record"),
        (lambda r: b"[1, 2]", "not a dicehall record"),
        (lambda r: b'"dicehall-record"', "not a dicehall record"),
        (lambda r: json.dumps(r).encode()[:-1], "not a dicehall record"),
    ],
    "wrong_game": [
        (lambda r: edited(r, lambda d: d.update(game="chess")), "unknown game"),
        (lambda r: edited(r, lambda d: d.update(game="")), "unknown game"),
        (lambda r: edited(r, lambda d: d.update(game=["puru"])), "unknown game"),
        (lambda r: edited(r, lambda d: d.update(game="../puru")), "unknown game"),
        (lambda r: edited(r, lambda d: d.update(game="puru\x00")), "unknown game"),
        (lambda r: edited(r, lambda d: d.update(game="jelly")), "unknown parameter"),
    ],
    "bad_params": [
        (lambda r: edited(r, lambda d: d["params"].update(players=99)), "players"),
        (lambda r: edited(r, lambda d: d["params"].update(players=10**40)), "players"),
        (lambda r: edited(r, lambda d: d["params"].update(chess=True)), "unknown parameter"),
        (lambda r: edited(r, lambda d: d.update(params="players=2")), "record"),
        (lambda r: edited(r, lambda d: d.update(params=[2])), "record"),
    ],
    "tampered_log": [
        (lambda r: edited(r, lambda d: d["actions"].pop()), "result differs"),
        (lambda r: edited(r, lambda d: d["actions"].append(d["actions"][-1])), "after the game"),
        (lambda r: edited(r, lambda d: d["actions"].insert(0, d["actions"][1])), "step 0"),
        (
            lambda r: edited(r, lambda d: d["actions"][first_move(d)].update(seat=5)),
            "may not act",
        ),
        (
            lambda r: edited(r, lambda d: d["actions"][first_move(d)].update(action={"type": []})),
            "unknown action type",  # was a crash (500): an unhashable type name
        ),
        (
            lambda r: edited(
                r, lambda d: d["actions"][first_chance(d)]["action"].update(faces=["JOKER"] * 6)
            ),
            "step 0",
        ),
        (
            lambda r: edited(r, lambda d: d["actions"][first_chance(d)].update(seat=0)),
            "may not act",
        ),
        (
            lambda r: edited(r, lambda d: d["result"].update(winners=other_winners(d))),
            "result differs",
        ),
        (lambda r: edited(r, lambda d: d.update(result=None)), "result differs"),
        (lambda r: edited(r, lambda d: d.update(actions={"0": 1})), "record"),
        (lambda r: edited(r, lambda d: d.update(actions=[None])), "record"),
    ],
    "corrupt_fields": [
        (lambda r: edited(r, lambda d: d.update(format="dicehall-replay")), "not a dicehall"),
        (lambda r: edited(r, lambda d: d.update(format_version=99)), "unsupported"),
        (lambda r: edited(r, lambda d: d.update(seed="lucky")), "seed"),
        (lambda r: edited(r, lambda d: d.update(seed=-1)), "seed"),
        (lambda r: edited(r, lambda d: d.update(seats="abc")), "seats"),  # was a 500
        (lambda r: edited(r, lambda d: d.update(seats=[1, 2])), "seats"),
        (lambda r: edited(r, lambda d: d.update(content_hash="0" * 64)), "different content"),
        (lambda r: edited(r, lambda d: d.update(result={"x": 1})), "record"),
        (lambda r: edited(r, lambda d: d.update(game_version="one")), "game_version"),
    ],
}

# the web never reads a file named by a request: content is built-in (CLI: --content)
CONTENT_VALUES = ["/etc/passwd", "../../../etc/passwd", "..\\..\\boot.ini", "~/x", "my.toml"]
CONTENT = {
    "content_files": [("jelly", "content", v) for v in CONTENT_VALUES]
    + [("purrramid", "board", v) for v in CONTENT_VALUES]
}


def upload(server: Server, body: bytes | Iterator[bytes]) -> Any:
    return server.api("POST", "/api/replays", content=body, headers=JSON)


def finished_ids(server: Server) -> list[str]:
    return [t["id"] for t in server.api("GET", "/api/tables?status=finished&limit=200").json()]


@pytest.mark.parametrize("kind", sorted(UPLOADS))
def test_hostile_uploads_are_refused_with_the_reason(
    server: Server, record: Rec, kind: str
) -> None:
    good = edited(record, lambda d: None)
    assert upload(server, good).status_code == 200  # the probes below differ from a good one
    stored = finished_ids(server)
    for make, words in UPLOADS[kind]:
        r = upload(server, make(record))
        assert r.status_code == 422, (kind, words, r.text[:200])
        answer = r.json()
        assert answer["error"] == "corrupt_record" and words.lower() in answer["message"].lower()
    assert finished_ids(server) == stored  # an upload is only viewed, never stored
    original = server.api("GET", f"/api/tables/{record['_table']}/record").json()
    original.pop("signature")
    assert original == {k: v for k, v in record.items() if k != "_table"}
    assert server.api("GET", "/api/health").json() == {"status": "ok"}


def test_oversized_uploads_stop_at_the_limit(server: Server) -> None:
    """8 MiB (config.py): refused by the declared length, or while streaming when undeclared."""

    def chunks() -> Iterator[bytes]:  # chunked: no Content-Length to refuse it up front
        yield b'{"format": "dicehall-record", "pad": "'
        for _ in range(10):
            yield b"x" * (1 << 20)
        yield b'"}'

    for body in (chunks(), b"[" + b"0," * (5 << 20) + b"0]"):
        r = upload(server, body)
        assert (r.status_code, r.json()["error"]) == (413, "too_large")
        assert "8388608 bytes" in r.json()["message"]
    assert server.api("GET", "/api/health").json() == {"status": "ok"}


@pytest.mark.parametrize(("game", "param", "value"), CONTENT["content_files"])
def test_server_files_cannot_be_named_as_content(
    server: Server, record: Rec, game: str, param: str, value: str
) -> None:
    """Uploads (a record's params), new tables and parameter checks alike: 422, no file read."""
    players = 3 if game == "jelly" else 2
    check = server.api("POST", f"/api/games/{game}/check", json={"params": {param: value}})
    assert check.status_code == 422 and "CLI only" in check.json()["message"]
    body = {"game": game, "params": {param: value}, "seats": [HUMAN] * players}
    made = server.api("POST", "/api/tables", json=body)
    assert made.status_code == 422 and "CLI only" in made.json()["message"]
    r = upload(server, edited(record, lambda d: d.update(game=game, params={param: value})))
    assert r.status_code == 422 and "CLI only" in r.json()["message"]


TABLES: dict[str, list[tuple[Any, int]]] = {
    "hostile_tables": [
        (b"[" * 100_000, 413),  # over the 64 KiB body limit
        (b"[" * 60_000, 400),  # under it, but deeper than the decoder goes
        (b"\xff\xfe", 422),
        ({"game": "puru", "seats": [HUMAN] * 1000}, 422),
        ({"game": "puru", "seats": [{"kind": "human", "name": "x" * 10_000}] * 2}, 422),
        ({"game": "puru", "seats": [{"kind": "root"}] * 2}, 422),
        ({"game": "puru", "seats": [{"kind": "bot", "level": "../../bin/sh"}] * 2}, 422),
        ({"game": "puru", "seats": [HUMAN, HUMAN], "mode": "admin"}, 422),
        ({"game": "puru", "seats": [HUMAN, HUMAN], "params": {"players": 10**40}}, 422),
        ({"game": "puru", "seats": [HUMAN, HUMAN], "params": {"die": "x\x00y"}}, 422),
        ({"game": "puru" * 100, "seats": [HUMAN, HUMAN]}, 422),
        ({"game": {"$ne": ""}, "seats": [HUMAN, HUMAN]}, 422),
        ([{"game": "puru"}], 422),
    ]
}


def test_hostile_table_requests_create_nothing(server: Server) -> None:
    live = server.api("GET", "/api/tables?limit=200").json()
    for body, status in TABLES["hostile_tables"]:
        kwargs = {"content": body, "headers": JSON} if isinstance(body, bytes) else {"json": body}
        r = server.api("POST", "/api/tables", **kwargs)
        assert r.status_code == status, (str(body)[:80], r.text[:200])
        assert r.text and "Traceback" not in r.text
    assert server.api("GET", "/api/tables?limit=200").json() == live
    made = server.create("puru", [HUMAN, HUMAN])
    still_serves(server, made)


PATHS = {
    "path_traversal": [
        "/static/..%2F..%2F..%2Fpyproject.toml",
        "/static/%2e%2e/%2e%2e/app.py",
        "/static/..%5C..%5Capp.py",
        "/static/js/..%2F..%2Fapp.py",
        "/static/%00",
        "/static/js%00.js",
        "/api/tables/..%2F..%2Fetc/record",
        "/api/tables/%2e%2e%2f%2e%2e%2fetc%2fpasswd/replay",
        "/api/tables/a%00b/record",
        "/api/tables/%252e%252e/record",
    ]
}


def test_paths_never_leave_their_folder(server: Server) -> None:
    for path in PATHS["path_traversal"]:
        r = server.api("GET", path)
        assert r.status_code == 404, (path, r.status_code)
        assert "import" not in r.text and "[project]" not in r.text
    page = server.api("GET", "/static/js/table.js")
    assert page.status_code == 200  # the folder itself is served
    assert server.api("GET", "/api/health").json() == {"status": "ok"}
