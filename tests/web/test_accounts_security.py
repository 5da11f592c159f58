"""Accounts as an attacker sees them: stored passwords, session fixation, CSRF, throttling,
deletion, and the log (docs/security.md, *Accounts*)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from dicehall.web.accounts.sessions import AccountLimits
from tests.web.account_helpers import PASSWORD, SeatClient, Session
from tests.web.helpers import Server

SEATS = [{"kind": "human"}, {"kind": "bot", "level": "random"}]


@pytest.fixture(scope="module")
def throttled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose sign-in budgets hardly refill during a test."""
    folder = tmp_path_factory.mktemp("throttled")
    env = {
        "DICEHALL_LOGIN_BURST": "12",
        "DICEHALL_LOGIN_RATE": "0.001",
        "DICEHALL_ACCOUNT_LOGIN_BURST": "3",
        "DICEHALL_ACCOUNT_LOGIN_RATE": "0.001",
    }
    srv = Server(folder / "dicehall.db", folder / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def test_no_plaintext_password_in_the_database_files(server: Server) -> None:
    password = "Plaintext-Canary-7319-unique"
    me = Session(server)
    me.sign_up("canary", password)
    assert me.sign_in("canary", password).status_code == 200
    db = Path(server.db_url.removeprefix("sqlite:///"))
    files = [p for p in db.parent.iterdir() if p.name.startswith(db.name)]  # with -wal, -shm
    assert files
    for path in files:
        data = path.read_bytes()
        assert password.encode() not in data, path.name
        assert password.encode("utf-16-le") not in data, path.name
        session = me.session_id
        assert session is not None and session.encode() not in data, path.name
    text = b"".join(p.read_bytes() for p in files)
    assert b"$argon2id$" in text  # the hash is there instead


def test_sign_in_makes_a_new_session_id_and_a_planted_one_never_signs_in(server: Server) -> None:
    attacker = Session(server)
    attacker.sign_up("mallory")
    planted = attacker.session_id
    assert planted is not None
    victim = Session(server)
    victim.sign_up("victim")
    victim.request("POST", "/api/account/signout")
    victim.plant("dicehall_session", planted)  # fixed by the attacker
    victim.plant("dicehall_csrf", attacker.cookies["dicehall_csrf"])
    assert victim.sign_in("victim").status_code == 200
    assert victim.session_id not in (None, planted)
    assert victim.request("GET", "/api/account").json()["name"] == "victim"
    # the planted id was closed at the sign-in: it signs nobody in any more
    stale = httpx.get(f"{server.url}/api/account", cookies={"dicehall_session": planted})
    assert stale.json() == {"signed_in": False, "name": None, "created": None}
    fresh = Session(server)
    fresh.plant("dicehall_session", "chosen-by-attacker-0123456789")
    assert fresh.sign_in("victim").status_code == 200
    assert fresh.session_id != "chosen-by-attacker-0123456789"


def test_cookies_are_httponly_samesite_and_secure_when_asked(server: Server) -> None:
    me = Session(server)
    r = me.sign_up("cookies")
    cookies = r.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith("dicehall_session="))
    csrf = next(c for c in cookies if c.startswith("dicehall_csrf="))
    assert "HttpOnly" in session and "SameSite=lax" in session and "Path=/" in session
    assert "HttpOnly" not in csrf and "SameSite=strict" in csrf
    assert "Secure" not in session  # plain HTTP and DICEHALL_SECURE_COOKIES=auto


def test_state_changes_without_the_csrf_token_are_refused(server: Server) -> None:
    me = Session(server)
    me.sign_up("csrf-victim")
    body = {"game": "paradice", "seats": SEATS}
    for headers in ({}, {"x-csrf-token": "wrong"}):
        r = me.request("POST", "/api/tables", json=body, headers=headers, auto_csrf=False)
        assert r.status_code == 403 and r.json()["error"] == "csrf", r.text
    token = me.cookies["dicehall_csrf"]
    cross = me.request(
        "POST",
        "/api/tables",
        json=body,
        headers={"x-csrf-token": token, "origin": "http://evil.example"},
    )
    assert cross.status_code == 403 and cross.json()["error"] == "bad_origin"
    # a cookie planted by another site that matches its own header is not this session's
    me.plant("dicehall_csrf", "planted-token-1234567890")
    planted = me.request(
        "POST", "/api/tables", json=body, headers={"x-csrf-token": "planted-token-1234567890"}
    )
    assert planted.status_code == 403 and planted.json()["error"] == "csrf"
    me.plant("dicehall_csrf", token)
    assert me.request("POST", "/api/tables", json=body).status_code == 201
    delete = me.request("POST", "/api/account/delete", json={"password": PASSWORD}, auto_csrf=False)
    assert delete.status_code == 403  # the account survives a forged deletion
    assert me.request("GET", "/api/account").json()["signed_in"] is True
    # guests (no session cookie) are as before
    assert httpx.post(f"{server.url}/api/tables", json=body).status_code == 201
    login = httpx.post(
        f"{server.url}/api/account/signin",
        json={"name": "csrf-victim", "password": PASSWORD},
        headers={"origin": "http://evil.example"},
    )
    assert login.status_code == 403 and login.json()["error"] == "bad_origin"


def test_wrong_passwords_are_throttled_per_account_then_per_address(throttled: Server) -> None:
    owner = Session(throttled)
    owner.sign_up("target")  # 1 attempt from this address
    guesser = Session(throttled)
    for _ in range(3):  # the account's budget: 3 wrong passwords
        assert guesser.sign_in("target", "guess-guess").status_code == 401
    refused = guesser.sign_in("TARGET", PASSWORD)  # even the right one waits now
    assert refused.status_code == 429 and "retry" not in refused.text.lower()
    assert refused.json()["error"] == "rate_limited"
    # the address: 12 attempts in all (1 sign-up + 3 wrong above), then every name waits
    answers = [guesser.sign_in(f"nobody-{i}", "guess-guess").status_code for i in range(10)]
    assert answers[:8] == [401] * 8 and answers[8:] == [429, 429]


def test_deleting_the_account_keeps_its_matches_anonymised(server: Server) -> None:
    me = Session(server)
    me.sign_up("leaver")
    made = me.create("paradice", SEATS)
    seat = SeatClient(server, made["id"], [made["tokens"]["0"]], me.cookie_header())
    seat.wait(lambda m: m["type"] == "seats" and m["seats"][0].get("account") == "leaver")
    seat.close()
    exported = me.request("GET", "/api/account/export").json()
    assert [m["match_id"] for m in exported["matches"]] == [made["id"]]
    assert "password" not in str(exported).lower()
    wrong = me.request("POST", "/api/account/delete", json={"password": "not-it-at-all"})
    assert wrong.status_code == 401
    assert me.request("POST", "/api/account/delete", json={"password": PASSWORD}).status_code == 200
    assert me.request("GET", "/api/account").json()["signed_in"] is False
    assert httpx.get(f"{server.url}/api/players/leaver").status_code == 404
    assert Session(server).sign_in("leaver").status_code == 401
    table = httpx.get(f"{server.url}/api/tables/{made['id']}").json()
    assert table["seats"][0]["name"] == "Former player" and "account" not in table["seats"][0]
    again = Session(server)
    again.sign_up("leaver")  # the name is free again; the old matches are not theirs
    assert again.request("GET", "/api/players/leaver").json()["matches"] == []


def test_no_password_or_session_id_in_the_server_log(server: Server) -> None:
    password = "Log-Canary-5521-secret"
    me = Session(server)
    me.sign_up("logged", password)
    me.sign_in("logged", "wrong-password-here")
    me.sign_in("logged", password)
    secrets = [me.session_id, me.cookies.get("dicehall_csrf")]
    me.request("POST", "/api/account/signout")
    text = server.log_path.read_text(encoding="utf-8", errors="replace")
    assert password not in text and "wrong-password-here" not in text
    assert all(s and s not in text for s in secrets)


def test_every_account_setting_is_documented_with_its_variable() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "security.md").read_text("utf-8")
    missing = [env for env in AccountLimits.variables() if f"`{env}`" not in text]
    assert AccountLimits.variables() and missing == []
