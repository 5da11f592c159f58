"""Replays against a real server: uploads cannot amplify (names once, deltas not views, the
limits of table creation), dice are checked against the seed, and the server's signature
catches every other edit. Unit tests below cover the replay service's cache and worker bound."""

from __future__ import annotations

import asyncio
import copy
import json
import threading
from typing import Any

import httpx
import pytest

from dicehall import games
from dicehall.core import OMNISCIENT
from dicehall.engine import Record, replay
from dicehall.web.config import Settings
from dicehall.web.hall import MAX_NAME
from dicehall.web.records.replays import Replays
from dicehall.web.records.view_delta import apply
from dicehall.web.tables.views import entry_text
from tests.engine.tamper import played, single_die_edits, with_outcome
from tests.web.helpers import Client, Server

RANDOM = {"kind": "bot", "level": "random"}
Rec = dict[str, Any]


@pytest.fixture(scope="module")
def purrramid() -> Rec:
    """A legal 4-player Purrramid record (random bots: about 3,000 actions)."""
    return played("purrramid", 7, ["random"] * 4)


@pytest.fixture(scope="module")
def signed(server: Server) -> Rec:
    made = server.create("puru", [RANDOM, RANDOM])
    Client(server, made["id"]).wait_state(lambda s: s.get("over") is True, timeout=60)
    got: Rec = server.api("GET", f"/api/tables/{made['id']}/record").json()
    got["_table"] = made["id"]
    return got


def upload(server: Server, data: Rec) -> Any:
    body = {k: v for k, v in data.items() if k != "_table"}
    # verifying 3,000 steps takes seconds, more on a busy machine
    return httpx.post(f"{server.url}/api/replays", content=json.dumps(body).encode(), timeout=300)


def named(data: Rec, names: list[str]) -> Rec:
    out = copy.deepcopy(data)
    for seat, name in zip(out["seats"], names, strict=True):
        seat["name"] = name
    return out


def test_padded_names_are_refused_with_the_table_limit(server: Server, purrramid: Rec) -> None:
    """Names had no length limit in uploads and were repeated in every frame: 2 KB names
    made a 4-player Purrramid upload answer about 8 KB per step."""
    padded = named(purrramid, [f"{s}" + "x" * 2048 for s in range(4)])
    r = upload(server, padded)
    assert r.status_code == 422, r.status_code
    assert len(r.content) < 1000
    assert f"a name has at most {MAX_NAME} characters" in r.json()["message"]


def test_an_upload_answer_names_each_seat_once_and_sends_deltas(
    server: Server, purrramid: Rec
) -> None:
    names = [f"N{s}" + "q" * (MAX_NAME - 2) for s in range(4)]  # the longest allowed
    r = upload(server, named(purrramid, names))
    assert r.status_code == 200, r.text
    for name in names:
        assert r.text.count(name) == 1
    steps = len(purrramid["actions"])
    assert steps > 2500
    # the start view once, then a log line and a small delta per step (was the whole view,
    # about 12 KB, and the four names per step)
    start = len(json.dumps(r.json()["start"]))
    assert len(r.content) < start + 400 * steps, len(r.content) / steps


def test_the_frames_rebuild_every_spectator_view_and_log_line(server: Server) -> None:
    data = played("paradice", 3)
    answer = upload(server, data).json()
    record = Record.from_json(data)
    game = games.make(record.game, **record.params)
    assert answer["seats"] == data["seats"] and len(answer["frames"]) == len(record.actions)
    view = answer["start"]
    for step, state in replay(record):
        if step:
            seat, text, delta = answer["frames"][step - 1]
            entry = record.actions[step - 1]
            assert (seat, text) == (entry.seat, entry_text(game, entry, OMNISCIENT))
            view = apply(view, delta)
        assert view == json.loads(json.dumps(game.observe(state, None)))


def test_records_longer_than_the_action_limit_are_refused(server: Server) -> None:
    data = played("puru", 1)
    data["actions"] = data["actions"] * (1 + Settings().max_record_actions // 10)
    r = upload(server, data)
    assert r.status_code == 422
    assert f"at most {Settings().max_record_actions} actions" in r.json()["message"]


def test_a_single_die_edit_is_refused_naming_recorded_and_expected(server: Server) -> None:
    data = played("jelly", 2)
    step, outcome = next(single_die_edits(data))
    r = upload(server, with_outcome(data, step, outcome))
    assert r.status_code == 422
    message = r.json()["message"]
    assert f"step {step}:" in message and "recorded" in message and "expected" in message


def test_the_servers_records_are_signed_and_shown_as_such(server: Server, signed: Rec) -> None:
    assert signed["signature"]["algorithm"] == "HMAC-SHA256"
    r = upload(server, signed)
    assert r.status_code == 200, r.text
    assert r.json()["provenance"]["signature"] == "ours"
    assert r.json()["provenance"]["dice"] == "verified"


@pytest.mark.parametrize(
    ("field", "change"),
    [
        ("seats", lambda d: d["seats"][0].update(name="Somebody else")),
        ("seats", lambda d: d["seats"][1].update(kind="human")),
        ("seats", lambda d: d["seats"][1].update(bot="greedy")),
        ("created", lambda d: d.update(created="2020-01-01T00:00:00+00:00")),
        ("params", lambda d: d["params"].update(die="x")),
        ("result", lambda d: d["result"].update(reason="forfeit")),
        ("actions", lambda d: d["actions"].pop()),
    ],
)
def test_any_edit_of_a_signed_record_is_refused_naming_the_field(
    server: Server, signed: Rec, field: str, change: Any
) -> None:
    data = copy.deepcopy(signed)
    change(data)
    r = upload(server, data)
    assert r.status_code == 422
    assert "changed after this server signed it" in r.json()["message"]
    assert f"changed: {field}" in r.json()["message"]


def test_unsigned_and_seedless_uploads_are_labelled(server: Server, signed: Rec) -> None:
    unsigned = copy.deepcopy({k: v for k, v in signed.items() if k != "signature"})
    unsigned["seats"][0]["name"] = "Renamed"
    r = upload(server, unsigned)
    assert r.status_code == 200 and r.json()["provenance"]["signature"] == "unsigned"
    seedless = {**unsigned, "seed": None}
    assert upload(server, seedless).json()["provenance"]["dice"] == "not verifiable"
    foreign = copy.deepcopy(signed)
    foreign["signature"]["key_id"] = "0" * 16
    assert upload(server, foreign).json()["provenance"]["signature"] == "foreign"


def test_a_table_replay_has_the_upload_shape(server: Server, signed: Rec) -> None:
    table = server.api("GET", f"/api/tables/{signed['_table']}/replay").json()
    uploaded = upload(server, signed).json()
    assert table["frames"] == uploaded["frames"] and table["start"] == uploaded["start"]
    assert table["provenance"] == {"source": "table"}


# --- the replay service in-process -------------------------------------------------------
def _service(**settings: Any) -> Replays:
    return Replays(b"k" * 32, Settings(**settings))


def test_finished_replays_are_cached_within_a_byte_budget() -> None:
    record = Record.from_json(played("puru", 4))
    loads: list[str] = []

    def loader(name: str) -> Any:
        return lambda: loads.append(name) or record

    async def scenario(service: Replays) -> None:
        first = await service.for_table("a", loader("a"))
        assert await service.for_table("a", loader("a")) == first
        assert loads == ["a"]
        await service.for_table("b", loader("b"))
        await service.for_table("a", loader("a"))
        assert loads == ["a", "b"] + (["a"] if len(first) * 2 > budget else [])

    budget = 10 * 2**20
    asyncio.run(scenario(_service(replay_cache_bytes=budget)))
    size = len(asyncio.run(_service().for_table("x", lambda: record)))
    budget, loads[:] = size + size // 2, []  # room for one replay only: "a" was dropped
    asyncio.run(scenario(_service(replay_cache_bytes=budget)))
    assert loads == ["a", "b", "a"]


def test_replays_run_in_worker_threads_and_excess_requests_are_refused() -> None:
    from dicehall.web.errors import RequestError

    release = threading.Event()
    threads: list[int] = []

    def work() -> bytes:
        threads.append(threading.get_ident())
        release.wait(10)
        return b"{}"

    async def scenario() -> None:
        service = _service(replay_workers=1, replay_queue=1)
        jobs = [asyncio.create_task(service._off_loop(work)) for _ in range(2)]
        await asyncio.sleep(0.05)
        with pytest.raises(RequestError) as info:
            await service._off_loop(work)
        assert info.value.status == 503
        jobs[0].cancel()  # a client that hangs up still holds its slot until the work ends
        with pytest.raises(RequestError):
            await service._off_loop(work)
        release.set()
        await asyncio.gather(jobs[1])
        assert threading.get_ident() not in threads

    asyncio.run(scenario())


# The log's explanations come from the server: the players read them as the game goes, and a
# late-joining spectator, a reconnection and the replay read the same lines at the same steps.
def explained(log: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(line["index"], line["text"]) for line in log if line.get("kind") == "explain"]


def test_explanations_survive_reload_and_replay(server: Server) -> None:
    """Rulebook (docs/rules/puru.md, "A turn"): "Resolve the dice" - each resolved roll's gains
    and drips are logged once, after the step that resolved it, for everyone who reads the log."""
    made = server.create("puru", [{"kind": "human"}, RANDOM])
    player = Client(server, made["id"], [made["tokens"]["0"]])
    player.play_until_over([0])
    live = explained(player.log)
    assert live, "no explanation reached the player"
    for i, line in enumerate(player.log):  # each explanation follows the step it explains
        if line.get("kind") == "explain":
            assert player.log[i - 1]["index"] == line["index"]
    assert any(text.startswith("Player 1: ") for _, text in live)
    player.close()

    late = Client(server, made["id"])  # a spectator arriving after the end
    assert explained(late.log) == live
    late.close()
    again = Client(server, made["id"], [made["tokens"]["0"]])
    assert explained(again.log) == live
    again.close()

    replay = server.api("GET", f"/api/tables/{made['id']}/replay").json()
    from_replay = [(step - 1, text) for step, lines in replay["explain"] for text in lines]
    assert from_replay == live
