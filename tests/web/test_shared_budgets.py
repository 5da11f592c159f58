"""Budgets that protect accounts and the server hold across processes on PostgreSQL.

The attack (issue 33, item 5): with `serve --workers 2`, 10 wrong passwords were checked per
account instead of 5, and one address made 20 tables instead of 10: each process had its own
buckets. Now those budgets are rows of the database's `budgets` table, spent in one statement
(docs/security.md, *Resource limits*: "shared" budgets).

The server's processes share one listening socket and the kernel picks which one accepts
each connection; the attacks are sent on fresh connections, in parallel, until the event log
shows both processes refusing (each event line carries its process id). On per-process
budgets that happens only once each process has spent its own whole budget.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from dicehall.store import Store
from dicehall.store.budgets import SharedBuckets
from dicehall.web.protection.budgets import Budgets, SharedThrottle
from tests.store.postgres import create_database, postgres_server
from tests.web.account_helpers import Session
from tests.web.helpers import Client, Server

ACCOUNT_BURST = 5
CREATE_BURST = 6
SOCKETS = 3
TABLE = {"game": "puru", "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
BUDGETS = {
    "DICEHALL_MAX_SOCKETS_PER_CLIENT": str(SOCKETS),
    "DICEHALL_ACCOUNT_LOGIN_BURST": str(ACCOUNT_BURST),
    "DICEHALL_ACCOUNT_LOGIN_RATE": "0.0001",
    "DICEHALL_LOGIN_BURST": "1000",  # the per-address budget is not the one under test
    "DICEHALL_CREATE_BURST": str(CREATE_BURST),
    "DICEHALL_CREATE_RATE": "0.0001",
}


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(scope="module")
def two_processes(postgres: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("workers")
    server = Server(folder / "unused", folder / "server.log", env=BUDGETS, limits=True)
    server.db_url = create_database(postgres, "shared_budgets")
    server.command = [sys.executable, "-m", "dicehall", "serve"]
    server.workers = 2
    server.start(timeout=120)
    yield server
    server.stop()


def _refusing_pids(server: Server, limit: str) -> set[int]:
    """The processes that logged a refusal of `limit` (a `limit_refused` event line each)."""
    pids = set()
    for line in server.log_path.read_text().splitlines():
        if line.startswith("{") and '"limit_refused"' in line:
            event = json.loads(line)
            if event.get("limit") == limit:
                pids.add(int(event["pid"]))
    return pids


def _until_both_refuse(server: Server, limit: str, send: Callable[[], int]) -> Counter[int]:
    """Rounds of 8 parallel requests (each on its own connection) until both processes have
    refused one; their statuses."""
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def one() -> None:
        status = send()
        with lock:
            statuses[status] += 1

    for _ in range(12):
        threads = [threading.Thread(target=one) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if len(_refusing_pids(server, limit)) >= 2:
            return statuses
    pytest.fail(f"one process answered every request: {statuses}")


def test_wrong_passwords_for_one_account_are_counted_across_both_processes(
    two_processes: Server,
) -> None:
    Session(two_processes).sign_up("guarded")

    def guess() -> int:
        body = {"name": "guarded", "password": "not the password"}
        return two_processes.api("POST", "/api/account/signin", json=body).status_code

    statuses = _until_both_refuse(two_processes, "login", guess)
    assert statuses[401] == ACCOUNT_BURST, statuses  # per process, it would be twice that
    assert set(statuses) == {401, 429}


def test_one_address_creating_tables_through_both_processes_is_refused_at_the_budget(
    two_processes: Server,
) -> None:
    def create() -> int:
        return two_processes.api("POST", "/api/tables", json=TABLE).status_code

    statuses = _until_both_refuse(two_processes, "create", create)
    assert statuses[201] == CREATE_BURST, statuses
    assert set(statuses) == {201, 429}


def test_one_addresss_open_sockets_are_capped_across_processes(
    postgres: str, tmp_path: Path
) -> None:
    """Two servers on one database (as `--workers 2`, but each reached on its own port, so
    the test chooses which process each socket reaches): spectators' sockets from 127.0.0.1
    count against one cap, and closing one makes room in either process."""
    url = create_database(postgres, "sockets")
    servers = []
    for name in ("a", "b"):
        server = Server(tmp_path / name, tmp_path / f"{name}.log", env=BUDGETS, limits=True)
        server.db_url = url
        server.start(timeout=120)
        servers.append(server)
    a, b = servers
    opened: list[Client] = []
    try:
        table = a.create("puru", TABLE["seats"])["id"]
        opened += [Client(a, table) for _ in range(SOCKETS - 1)]
        opened.append(Client(b, table))
        assert not any(c.errors for c in opened)
        for server in (b, a):  # the cap is reached in both
            over = Client(server, table)
            assert over.errors and over.errors[0]["code"] == "rate_limited"
            over.close()
        opened.pop(0).close()  # one on A closes: B may open one
        for _ in range(100):  # once A has seen it go
            again = Client(b, table)
            if not again.errors:
                opened.append(again)
                break
            again.close()
            time.sleep(0.2)
        assert len(opened) == SOCKETS and not opened[-1].errors
    finally:
        for client in opened:
            client.close()
        for server in servers:
            server.stop()


def _until_gone(buckets: SharedBuckets, application: str) -> None:
    """PostgreSQL ends a closed connection's backend a moment after the client left."""
    query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
    for _ in range(200):
        if buckets._connection().execute(query, (application,)).fetchone()[0] == 0:
            return
        time.sleep(0.05)
    pytest.fail(f"{application} is still connected")


def test_a_dead_processs_holds_are_forgotten(postgres: str) -> None:
    url = create_database(postgres, "holds")
    Store(url).close()
    dead, alive = SharedBuckets(url), SharedBuckets(url)
    try:
        assert dead.hold("10.0.0.1", most=2) and alive.hold("10.0.0.1", most=2)
        assert alive.hold("10.0.0.1", most=2) is False  # 2 held, by the two processes
        dead.close()  # its connection gone, as when its process is killed
        _until_gone(alive, f"dicehall-{dead.process}")
        alive.pruned.clear()  # as if the last sweep was long ago
        assert alive.hold("10.0.0.1", most=2)  # the dead one's hold no longer counts
        assert alive.hold("10.0.0.1", most=2) is False
        alive.release("10.0.0.1")
        assert alive.hold("10.0.0.1", most=2)
    finally:
        alive.close()


def test_processes_spending_at_once_get_exactly_the_burst(postgres: str) -> None:
    """Two processes' connections (two `SharedBuckets`), 8 threads each, 40 spends at once."""
    url = create_database(postgres, "buckets")
    Store(url).close()  # the migrations make the `budgets` table
    buckets = [SharedBuckets(url), SharedBuckets(url)]
    throttles = [SharedThrottle(b, "t", rate=0.0001, burst=7) for b in buckets]
    granted: list[bool] = []
    gate = threading.Barrier(16)

    def spend(throttle: SharedThrottle) -> None:
        gate.wait()
        for _ in range(5):
            granted.append(throttle.spend("10.0.0.1"))

    threads = [threading.Thread(target=spend, args=(throttles[i % 2],)) for i in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert granted.count(True) == 7 and len(granted) == 80
    assert throttles[1].retry_after("10.0.0.1") > 3600  # 1 token at 0.0001 a second
    throttles[0].refund("10.0.0.1")  # a refund in one process is a token in the other
    assert throttles[1].spend("10.0.0.1") and not throttles[0].spend("10.0.0.1")
    assert throttles[0].spend("10.0.0.2")  # another key has its own bucket
    for each in buckets:
        each.close()


def test_an_unreachable_database_falls_back_on_the_processes_own_budget() -> None:
    budgets = Budgets("postgresql+psycopg://nobody@127.0.0.1:9/none")
    throttle = budgets.throttle("t", rate=0.0001, burst=2)
    assert isinstance(throttle, SharedThrottle)
    assert [throttle.spend("k") for _ in range(3)] == [True, True, False]
    assert throttle.retry_after("k") > 3600


def test_sqlite_budgets_stay_in_memory(tmp_path: Path) -> None:
    budgets = Budgets(f"sqlite:///{tmp_path / 'db.sqlite'}")
    assert not budgets.shared
    assert not isinstance(budgets.throttle("t", 1, 1), SharedThrottle)
    with pytest.raises(ValueError, match="two budgets"):
        budgets.throttle("t", 1, 1)


def test_full_buckets_are_pruned_from_the_table(postgres: str) -> None:
    """A full bucket is the same as none: its row goes, so addresses seen once do not pile up."""
    url = create_database(postgres, "pruned")
    Store(url).close()
    buckets = SharedBuckets(url)
    try:
        for key in ("10.0.0.1", "10.0.0.2"):
            assert buckets.spend("b", key, rate=0.0001, burst=3)
        conn = buckets._connection()  # 10.0.0.1 spent its token 10^6 s ago: full again
        conn.execute("UPDATE budgets SET at = at - 1e6 WHERE key = '10.0.0.1'")
        buckets.pruned.clear()  # as if the last prune was long ago
        buckets._prune("b", rate=0.0001, burst=3)
        rows = conn.execute("SELECT budget, key FROM budgets").fetchall()
    finally:
        buckets.close()
    assert rows == [("b", "10.0.0.2")]


def test_an_accounts_email_alerts_are_one_budget_across_processes(postgres: str) -> None:
    """Two processes' mailers (issue 33: the e-mail budget was per process, so N processes
    could send an account N times its alerts)."""
    from dicehall.web.accounts.mail_alerts import Mailer
    from dicehall.web.config import Settings

    url = create_database(postgres, "mail_budget")
    store = Store(url)
    settings = Settings(db_url=url)
    processes = [Budgets(url), Budgets(url)]
    mailers = [Mailer(settings, store, budgets) for budgets in processes]
    burst = int(settings.limits.email_burst)
    sent = [mailers[i % 2].budget.spend("alice") for i in range(2 * burst + 2)]
    assert sent.count(True) == burst, sent
    assert mailers[1].budget.spend("bob")  # another account has its own budget
    for budgets in processes:
        budgets.close()
    store.close()
