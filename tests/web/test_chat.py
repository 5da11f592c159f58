"""Table chat over the websocket: players and spectators, limits, privacy, reports, keeping."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from dicehall.cli.main import app
from dicehall.store import Store
from dicehall.store.chat import KeptChat
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
PAYLOAD = '<img src=x onerror="alert(1)"><b>hi</b>'
CHAT_ENV = {
    "DICEHALL_CHAT_BURST": "3",
    "DICEHALL_CHAT_RATE": "0.01",
    "DICEHALL_CHAT_MAX_CHARS": "40",
}


@pytest.fixture(scope="module")
def chat_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("chat")
    srv = Server(folder / "dicehall.db", folder / "server.log", env=CHAT_ENV)
    srv.start()
    yield srv
    srv.stop()


def _table(server: Server, **options: Any) -> tuple[str, Client, Client]:
    made = server.create("puru", [HUMAN, HUMAN], **options)
    a = Client(server, made["id"], [made["tokens"]["0"]])
    b = Client(server, made["id"], [made["tokens"]["1"]])
    _secrets[made["id"]] = made.get("secret")
    return made["id"], a, b


_secrets: dict[str, str | None] = {}  # a private table's link secret, by table


def _chat(client: Client, text: Any) -> dict[str, Any]:
    client.send({"type": "chat", "text": text})
    return client.wait(lambda m: m["type"] in ("chat", "error"))


def test_players_and_spectators_chat_and_html_stays_text(chat_server: Server) -> None:
    table_id, a, b = _table(chat_server)
    watcher = Client(chat_server, table_id)
    sent = _chat(a, PAYLOAD)
    assert sent["type"] == "chat"
    line = sent["line"]
    # kept as written: the page shows it as text (the browser test checks it is not markup)
    assert (line["text"], line["channel"], line["seat"], line["author"]) == (
        PAYLOAD,
        "players",
        0,
        "Player 1",
    )
    for other in (b, watcher):
        assert other.wait(lambda m: m["type"] == "chat")["line"] == line
    said = _chat(watcher, "  go\u202e blue\n ")  # bidi overrides and line breaks dropped
    assert said["line"]["channel"] == "spectators" and said["line"]["seat"] is None
    assert said["line"]["text"] == "go blue" and said["line"]["author"].startswith("Spectator ")
    assert a.wait(lambda m: m["type"] == "chat")["line"] == said["line"]
    # a newcomer gets both channels' messages, in order; the rules' log has none of them
    late = Client(chat_server, table_id)
    history = late.wait(lambda m: m["type"] == "chat_history")
    assert [x["text"] for x in history["lines"]] == [PAYLOAD, "go blue"]
    assert all("go blue" not in str(entry) for entry in late.state["log"])
    for c in (a, b, watcher, late):
        c.close()


def test_limits_refuse_cleanly(chat_server: Server) -> None:
    _id, a, b = _table(chat_server)
    probes = [(42, "bad_message"), ("   ", "empty"), ("x" * 41, "too_long")]
    for text, code in probes:
        got = _chat(a, text)
        assert (got["type"], got["code"]) == ("error", code), got
        assert got["message"]
    # a burst of 3, then a flood is refused (the budget refills one every 100 s here)
    assert [_chat(a, f"hello {i}")["type"] for i in range(3)] == ["chat"] * 3
    flood = _chat(a, "hello again")
    assert (flood["type"], flood["code"]) == ("error", "rate_limited")
    # the other player's budget is their own, and the refused message reached nobody
    assert _chat(b, "hi")["type"] == "chat"
    assert not any(m["type"] == "chat" and m["line"]["text"] == "hello again" for m in b.messages)
    a.close()
    b.close()


def test_hot_seat_table_has_no_chat(chat_server: Server) -> None:
    made = chat_server.create("puru", [HUMAN, HUMAN], mode="hotseat")
    device = Client(chat_server, made["id"], list(made["tokens"].values()))
    device.wait(lambda m: m["type"] == "chat_off")
    got = _chat(device, "hello")
    assert (got["type"], got["code"]) == ("error", "chat_off")
    device.close()


def test_private_table_chat_is_seen_by_nobody_outside_it(chat_server: Server) -> None:
    table_id, a, b = _table(chat_server, private=True)
    outsider = Client(chat_server, table_id, secret=_secrets[table_id])  # holds the link
    outsider.wait(lambda m: m["type"] == "chat_off")
    assert _chat(a, "our secret")["type"] == "chat"
    assert b.wait(lambda m: m["type"] == "chat")["line"]["text"] == "our secret"
    got = _chat(outsider, "let me in")
    assert (got["type"], got["code"]) == ("error", "chat_off")
    outsider.send({"type": "resync"})  # everything it is sent up to now: no chat
    outsider.wait(lambda m: m["type"] == "welcome")
    assert not any("our secret" in str(m) for m in outsider.messages)
    for c in (a, b, outsider):
        c.close()


def test_reports_are_kept_for_an_operator(chat_server: Server) -> None:
    table_id, a, b = _table(chat_server)
    rude = _chat(a, "rude words")["line"]
    b.wait(lambda m: m["type"] == "chat")
    b.send({"type": "chat_report", "message": rude["id"]})
    assert b.wait(lambda m: m["type"] in ("chat_reported", "error")) == {
        "type": "chat_reported",
        "id": rude["id"],
    }
    for message, code in (
        (rude["id"], "bad_message"),
        (10**9, "unknown_message"),
        ("1", "bad_message"),
    ):
        b.send({"type": "chat_report", "message": message})
        assert b.wait(lambda m: m["type"] == "error")["code"] == code
    other_id, c, d = _table(chat_server)  # a message of another table cannot be reported here
    elsewhere = _chat(c, "elsewhere")["line"]
    b.send({"type": "chat_report", "message": elsewhere["id"]})
    assert b.wait(lambda m: m["type"] == "error")["code"] == "unknown_message"
    reports = KeptChat(Store(chat_server.db_url)).reports()
    assert [(r.line.id, r.line.text, r.line.match_id, r.reporter) for r in reports] == [
        (rude["id"], "rude words", table_id, "Player 2")
    ]
    assert other_id != table_id
    shown = CliRunner().invoke(app, ["chat-reports", "--db", chat_server.db_url])
    assert shown.exit_code == 0, shown.output
    rows = [json.loads(x) for x in shown.stdout.splitlines()]
    assert [(r["table"], r["author"], r["text"], r["by"]) for r in rows] == [
        (table_id, "Player 1", "rude words", "Player 2")
    ]
    for x in (a, b, c, d):
        x.close()
