"""/admin against a real server: operators (`dicehall admin grant NAME`) see the live numbers,
the tables and the reported chat messages, close a table, suspend an account, lift a
suspension and end an account's sessions; everyone else is refused and changes nothing.
Every action is kept in the database and logged as an `admin_action` event.

Issue 36, item 7: "A /admin page (accounts marked operator, by `dicehall admin grant NAME`)
with the live numbers, the tables, the reported chat messages, and actions: close a table,
suspend an account, end a player's sessions; every action is logged." docs/hosting.md,
*Administration*.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

from dicehall.store import Store
from dicehall.store.admin import Administration
from dicehall.store.chat import KeptChat
from tests.web.account_helpers import SeatClient, Session
from tests.web.helpers import Server

HUMANS = [{"kind": "human"}, {"kind": "human"}]
ACTIONS = [
    ("POST", "/api/admin/tables/{table}/close"),
    ("POST", "/api/admin/accounts/target/suspend"),
    ("POST", "/api/admin/accounts/target/unsuspend"),
    ("POST", "/api/admin/accounts/target/signout"),
]


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("admin")
    server = Server(folder / "dicehall.db", folder / "server.log")
    server.start()
    yield server
    server.stop()


def _cli(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "dicehall", "admin", *args, "--db", server.db_url]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def _store(server: Server) -> Store:
    return Store(server.db_url)


def _operator(server: Server, name: str) -> Session:
    me = Session(server)
    me.sign_up(name)
    granted = _cli(server, "grant", name)
    assert granted.returncode == 0, granted.stderr
    return me


def _signed_in(session: Session) -> bool:
    return bool(session.request("GET", "/api/account").json()["signed_in"])


def _status(server: Server, table_id: str) -> str:
    store = _store(server)
    try:
        row = store.get(table_id)
        assert row is not None
        return row.status
    finally:
        store.close()


def _events(server: Server, event: str) -> list[dict[str, object]]:
    lines = server.log_path.read_text().splitlines()
    found = [json.loads(x) for x in lines if x.startswith("{") and f'"{event}"' in x]
    return [e for e in found if e["event"] == event]


def test_the_cli_grants_and_revokes_and_refuses_unknown_names(srv: Server) -> None:
    me = _operator(srv, "keeper")
    assert me.request("GET", "/api/admin").status_code == 200
    assert _cli(srv, "list").stdout.split() == ["keeper"]
    unknown = _cli(srv, "grant", "nobody-here")
    assert unknown.returncode == 2 and "no account named" in unknown.stderr
    assert "Traceback" not in unknown.stderr
    too_long = _cli(srv, "grant", "x" * 200)
    assert too_long.returncode == 2 and "at most 24" in too_long.stderr
    assert _cli(srv, "revoke", "keeper").returncode == 0
    assert me.request("GET", "/api/admin").status_code == 403  # read at every request


def test_anyone_but_an_operator_is_refused_and_changes_nothing(srv: Server) -> None:
    Session(srv).sign_up("target")
    player = Session(srv)
    player.sign_up("someone")
    table = srv.create("puru", HUMANS)["id"]
    anonymous = Session(srv)
    for who, status in ((anonymous, 404), (player, 403)):
        assert who.request("GET", "/api/admin").status_code == status
        assert who.request("GET", "/admin").status_code == status
        for method, path in ACTIONS:
            answer = who.request(method, path.format(table=table))
            assert answer.status_code == status, (path, answer.text)
    assert _status(srv, table) == "live"
    assert Session(srv).sign_in("target").status_code == 200  # not suspended


def test_an_operator_sees_numbers_tables_and_reported_messages(srv: Server) -> None:
    me = _operator(srv, "watcher")
    table = srv.create("puru", HUMANS)
    store = _store(srv)
    try:
        chat = KeptChat(store)
        line = chat.add(table["id"], "players", 0, "Rude", "a reported message")
        chat.report(line, "Polite")
    finally:
        store.close()
    page = me.request("GET", "/admin")
    assert page.status_code == 200 and 'src="/static/js/admin.js"' in page.text
    seen = me.request("GET", "/api/admin").json()
    assert seen["operator"] == "watcher"
    assert {"tables_live", "people_connected", "move_ack_seconds"} <= set(seen["numbers"])
    assert table["id"] in [t["id"] for t in seen["tables"]]
    report = next(r for r in seen["reports"] if r["text"] == "a reported message")
    assert report["author"] == "Rude" and report["by"] == "Polite"
    assert report["table"] == table["id"]


def test_closing_a_table_stops_it_and_is_kept_and_logged(srv: Server) -> None:
    me = _operator(srv, "closer")
    made = srv.create("puru", HUMANS)
    player = SeatClient(srv, made["id"], [made["tokens"]["0"]])
    try:
        refused = me.request("POST", f"/api/admin/tables/{made['id']}/close", auto_csrf=False)
        assert refused.status_code == 403 and refused.json()["error"] == "csrf"
        assert _status(srv, made["id"]) == "live"
        closed = me.request("POST", f"/api/admin/tables/{made['id']}/close")
        assert closed.status_code == 200, closed.text
        assert _status(srv, made["id"]) == "expired"
        player.wait(lambda m: "operator closed" in json.dumps(m), timeout=30)
    finally:
        player.close()
    again = me.request("POST", f"/api/admin/tables/{made['id']}/close")
    assert again.status_code == 409 and again.json()["error"] == "not_live"
    unknown = me.request("POST", "/api/admin/tables/no-such-table/close")
    assert unknown.status_code == 409
    assert made["id"] not in [t["id"] for t in me.request("GET", "/api/admin").json()["tables"]]
    kept = me.request("GET", "/api/admin").json()["actions"]
    assert {"operator": "closer", "action": "close_table", "target": made["id"]}.items() <= (
        kept[0].items()
    )
    logged = _events(srv, "admin_action")
    assert any(e["action"] == "close_table" and e["target"] == made["id"] for e in logged)


def test_a_suspended_account_cannot_sign_in_or_play_until_the_suspension_is_lifted(
    srv: Server,
) -> None:
    me = _operator(srv, "judge")
    rude = Session(srv)
    rude.sign_up("rude")
    made = rude.create("puru", HUMANS)
    seat = SeatClient(srv, made["id"], [made["tokens"]["0"]], rude.cookie_header())
    assert not seat.errors
    assert me.request("POST", "/api/admin/accounts/judge/suspend").status_code == 409  # self
    answer = me.request("POST", "/api/admin/accounts/RUDE/suspend")  # names: any case
    assert answer.status_code == 200, answer.text
    assert answer.json()["sessions_ended"] == 1 and answer.json()["connections_closed"] == 1
    seat.wait(lambda m: m.get("code") == "account", timeout=30)  # its seat's socket closes
    seat.close()
    assert not _signed_in(rude)
    refused = rude.sign_in("rude")
    assert refused.status_code == 403 and refused.json()["error"] == "suspended"
    back = SeatClient(srv, made["id"], [made["tokens"]["0"]])  # the seat's token, as a guest
    assert back.errors and back.errors[0]["code"] == "account"
    back.close()
    missing = me.request("POST", "/api/admin/accounts/nobody-at-all/suspend")
    assert missing.status_code == 404

    assert me.request("POST", "/api/admin/accounts/rude/unsuspend").status_code == 200
    assert rude.sign_in("rude").status_code == 200
    again = SeatClient(srv, made["id"], [made["tokens"]["0"]], rude.cookie_header())
    assert not again.errors
    again.close()
    actions = [a["action"] for a in me.request("GET", "/api/admin").json()["actions"][:2]]
    assert actions == ["unsuspend", "suspend"]


def test_ending_an_accounts_sessions_signs_it_out_everywhere(srv: Server) -> None:
    me = _operator(srv, "bouncer")
    phone, laptop = Session(srv), Session(srv)
    phone.sign_up("wanderer")
    assert laptop.sign_in("wanderer").status_code == 200
    answer = me.request("POST", "/api/admin/accounts/wanderer/signout")
    assert answer.status_code == 200 and answer.json()["sessions_ended"] == 2
    assert not _signed_in(phone) and not _signed_in(laptop)
    assert phone.sign_in("wanderer").status_code == 200  # not suspended: may sign in again
    assert _signed_in(me)
    store = _store(srv)
    try:
        kept = Administration(store).actions(1)[0]
    finally:
        store.close()
    assert (kept.operator, kept.action, kept.target) == ("bouncer", "end_sessions", "wanderer")
