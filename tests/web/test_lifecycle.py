"""Only active tables in memory: lazy loading on first visit, unloading, idle expiry.

Figures for restart time against the number of stored matches: `python -m tests.web.restart`.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from dicehall.store import EXPIRED, LIVE, Store
from dicehall.web import lifecycle
from dicehall.web.config import Settings
from dicehall.web.hall import Hall
from dicehall.web.tables.table import Conn, TableClosed
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}


def _settings(**changes: float) -> Settings:
    return Settings(bot_delay=60.0, prepare_solvers=False, quick_workers=1, **changes)  # type: ignore[arg-type]


def test_a_start_loads_no_match_and_a_visit_loads_it(tmp_path: Path) -> None:
    """Restart time must not grow with the stored matches: nothing is replayed at start; the
    first visit replays the table, whose log is exactly the stored one."""

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        first = Hall(store, _settings())
        table, _ = await first.create({"game": "puru", "seats": [HUMAN] * 2})
        seat = table.match.actors()[0]
        await table.act(seat, table.match.legal_actions(seat)[0], table.match.version)
        log = list(table.match.log)
        await first.stop()

        second = Hall(store, _settings())
        await second.start()
        assert second.tables == {}  # nothing loaded at start
        again = await second.get(table.id)
        assert again is not None and again.match.log == log
        assert again.match.state == table.match.state
        assert second.tables == {table.id: again}
        await second.stop()
        store.close()

    asyncio.run(scenario())


def test_idle_tables_leave_memory_and_come_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        hall = Hall(store, _settings(unload_after=0.0))
        watched, _ = await hall.create({"game": "puru", "seats": [HUMAN] * 2})
        idle, _ = await hall.create({"game": "puru", "seats": [HUMAN] * 2})
        watched.join(Conn(()))  # a spectator keeps it in memory
        assert await lifecycle.unload_idle(hall) == 1
        assert set(hall.tables) == {watched.id}
        assert store.get(idle.id).status == LIVE  # type: ignore[union-attr]
        back = await hall.get(idle.id)
        assert back is not None and back is not idle and back.match.log == idle.match.log
        await hall.stop()
        store.close()

    asyncio.run(scenario())


def test_a_table_nobody_plays_at_expires_and_its_record_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        hall = Hall(store, _settings(expire_after=-5.0))  # everything counts as idle
        seated, _ = await hall.create({"game": "puru", "seats": [HUMAN] * 2})
        idle, _ = await hall.create({"game": "puru", "seats": [HUMAN] * 2})
        seated.join(Conn((0,)))  # someone holds a seat there: it does not expire
        assert await lifecycle.expire_idle(hall) == [idle.id]
        assert store.get(idle.id).status == EXPIRED  # type: ignore[union-attr]
        assert store.get(seated.id).status == LIVE  # type: ignore[union-attr]
        assert store.record(idle.id) is not None  # the record stays
        seat = idle.match.actors()[0]
        try:
            await idle.act(seat, idle.match.legal_actions(seat)[0], idle.match.version)
            raise AssertionError("an expired table took a move")
        except TableClosed:
            pass
        assert len(store.log(idle.id)) == len(idle.match.log)
        await hall.stop()
        store.close()

    asyncio.run(scenario())


def test_an_expired_table_leaves_the_lobby_and_refuses_moves(tmp_path: Path) -> None:
    srv = Server(
        tmp_path / "db.sqlite",
        tmp_path / "server.log",
        env={"DICEHALL_EXPIRE_AFTER": "1", "DICEHALL_SWEEP_EVERY": "0.3"},
    )
    srv.start()
    try:
        made = srv.create("puru", [HUMAN, HUMAN])
        deadline = time.monotonic() + 30
        while srv.api("GET", f"/api/tables/{made['id']}").json()["status"] != EXPIRED:
            assert time.monotonic() < deadline, "the idle table never expired"
            time.sleep(0.3)
        listed = [t["id"] for t in srv.api("GET", "/api/tables").json()]
        assert made["id"] not in listed
        player = Client(srv, made["id"], [made["tokens"]["0"]])  # it can still be watched
        legal = player.panel(0)["legal"] or player.panel(1)["legal"]
        seat = 0 if player.panel(0)["legal"] else 1
        player = Client(srv, made["id"], [made["tokens"][str(seat)]])
        answer = player.act(seat, legal[0]["action"])
        assert answer["type"] == "error" and "expired" in answer["message"]
        player.close()
    finally:
        srv.stop()
