"""An account's sessions, against a real server: a password change ends the others, the
sessions are listed and signed out one by one or everywhere, and an unused one ends early.

The attack: signing out ended only the current session and there was no password change, so a
stolen session cookie kept its account for 30 days. docs/security.md, *Accounts*.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tests.web.account_helpers import PASSWORD, Session
from tests.web.helpers import Server

NEW = "a brand new passphrase"


@pytest.fixture
def idle(tmp_path: Path) -> Iterator[Server]:
    env = {"DICEHALL_SESSION_IDLE_HOURS": "2"}
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def _signed_in(session: Session) -> bool:
    return bool(session.request("GET", "/api/account").json()["signed_in"])


def _stolen(session: Session) -> Session:
    """Another client holding a copy of `session`'s cookies (a thief's)."""
    thief = Session(session.server)
    for name in ("dicehall_session", "dicehall_csrf"):
        value = session.cookies.get(name)
        assert value is not None
        thief.plant(name, value)
    return thief


def test_a_password_change_ends_every_other_session(idle: Server) -> None:
    phone, laptop = Session(idle), Session(idle)
    phone.sign_up("owner")
    assert laptop.sign_in("owner").status_code == 200
    thief = _stolen(laptop)
    assert _signed_in(thief)
    wrong = phone.request("POST", "/api/account/password",
                          json={"password": "not-the-password", "new_password": NEW})  # fmt: skip
    assert wrong.status_code == 401
    changed = phone.request("POST", "/api/account/password",
                            json={"password": PASSWORD, "new_password": NEW})  # fmt: skip
    assert changed.status_code == 200 and changed.json()["sessions_ended"] == 1
    assert _signed_in(phone) and not _signed_in(laptop) and not _signed_in(thief)
    assert Session(idle).sign_in("owner", PASSWORD).status_code == 401
    assert Session(idle).sign_in("owner", NEW).status_code == 200


def test_sessions_are_listed_and_signed_out_one_by_one_or_everywhere(idle: Server) -> None:
    me, other, third = Session(idle), Session(idle), Session(idle)
    me.sign_up("many-devices")
    assert other.sign_in("many-devices").status_code == 200
    assert third.sign_in("many-devices").status_code == 200
    listed = me.request("GET", "/api/account/sessions").json()["sessions"]
    assert len(listed) == 3 and [s["current"] for s in listed].count(True) == 1
    for entry in listed:  # an unused session ends after the idle lifetime, not 30 days
        lifetime = datetime.fromisoformat(entry["expires"]) - datetime.fromisoformat(
            entry["created"]
        )
        assert lifetime <= timedelta(hours=2, seconds=5)
    mine = next(s["id"] for s in listed if s["current"])
    others = [s["id"] for s in listed if not s["current"]]
    assert me.request("POST", f"/api/account/sessions/{others[0]}/signout").status_code == 200
    assert sum(_signed_in(s) for s in (other, third)) == 1  # exactly one of them ended
    stranger = Session(idle)
    stranger.sign_up("stranger")
    theirs = stranger.request("POST", f"/api/account/sessions/{mine}/signout")
    assert theirs.status_code == 404 and _signed_in(me)  # only one's own sessions
    everywhere = me.request("POST", "/api/account/signout-everywhere")
    assert everywhere.status_code == 200 and everywhere.json()["sessions_ended"] == 2
    assert not any(_signed_in(s) for s in (me, other, third))
    assert _signed_in(stranger)
