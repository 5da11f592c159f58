"""Names cannot be listed by asking for each in turn.

The attack: `GET /api/players/NAME` answered 2,000 lookups in 6 s from one address and found
40 of 40 real names. Now every name looked up (a profile, or sign-up's "name taken") spends
from a budget per address (`DICEHALL_LOOKUP_BURST`, `DICEHALL_LOOKUP_RATE`).
"""

from __future__ import annotations

from pathlib import Path

from tests.web.account_helpers import PASSWORD, Session
from tests.web.helpers import Server


def test_profile_lookups_and_name_taken_share_a_budget_per_address(tmp_path: Path) -> None:
    env = {
        "DICEHALL_LOOKUP_BURST": "6",
        "DICEHALL_LOOKUP_RATE": "0.001",
        "DICEHALL_LOGIN_BURST": "100",
    }
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    try:
        me = Session(srv)
        me.sign_up("real-name")  # 1 name looked up
        answers = [me.request("GET", f"/api/players/guess-{i:03d}").status_code for i in range(4)]
        assert answers == [404] * 4
        taken = me.request("POST", "/api/account/signup",
                           json={"name": "real-name", "password": PASSWORD})  # fmt: skip
        assert taken.status_code == 409  # the 6th and last name of the budget
        refused = me.request("GET", "/api/players/real-name")
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        again = me.request("POST", "/api/account/signup",
                           json={"name": "real-name", "password": PASSWORD})  # fmt: skip
        assert again.status_code == 429  # "name taken" is no way round it
    finally:
        srv.stop()
