"""The store is never called on the event loop: a slow or locked database must not freeze
every table (docs/reliability.md, "Store work runs off the event loop")."""

from __future__ import annotations

import asyncio
import functools
import inspect
from pathlib import Path
from typing import Any

import pytest

from dicehall.store.repository import Store
from dicehall.web import lifecycle
from dicehall.web.config import Settings
from dicehall.web.hall import Hall
from dicehall.web.tables.conn import Conn

HUMAN = {"kind": "human"}
OPEN = {"kind": "human", "open": True}
GREEDY = {"kind": "bot", "level": "greedy"}


def _on_the_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _watched(store: Store, calls: list[str]) -> None:
    """Note every public store method called from a thread that runs an event loop."""
    for name, method in inspect.getmembers(store, inspect.ismethod):
        if name.startswith("_") or name == "close":
            continue

        @functools.wraps(method)
        def watched(*args: Any, _name: str = name, _method: Any = method, **kw: Any) -> Any:
            if _on_the_loop():
                calls.append(_name)
            return _method(*args, **kw)

        setattr(store, name, watched)


def test_tables_never_call_the_store_on_the_event_loop(tmp_path: Path) -> None:
    on_loop: list[str] = []

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        _watched(store, on_loop)
        hall = Hall(store, Settings(bot_delay=0.0, unload_after=0.0))
        await hall.start()
        table, tokens = await hall.create({"game": "puru", "seats": [HUMAN, OPEN, GREEDY]})
        assert await hall.seat_of(table, tokens[0]) == 0
        conn = Conn((0,))
        table.join(conn)  # the creation token's seat is taken and saved
        token = await hall.claim(table, 1)  # a lobby join
        assert await hall.seat_of(table, token) == 1
        for _ in range(200):  # people and a bot move until the match ends
            match = table.match
            if match.is_over:
                break
            person = next((s for s in match.actors() if s in (0, 1)), None)
            if person is None:
                await asyncio.sleep(0.01)
                continue
            await table.act(person, match.legal_actions(person)[0], match.version)
        assert table.match.is_over
        table.leave(conn)
        await lifecycle.expire_idle(hall)
        await lifecycle.unload_idle(hall)
        assert await hall.get(table.id) is not None  # loaded again from the store
        await hall.stop()
        store.close()

    asyncio.run(scenario())
    assert on_loop == []


@pytest.mark.parametrize("method", ["get", "mark_claimed"])
def test_the_watch_sees_a_call_on_the_loop(tmp_path: Path, method: str) -> None:
    """The check above can fail: a store call made on the loop is noted."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    on_loop: list[str] = []
    _watched(store, on_loop)

    async def on_the_loop() -> None:
        getattr(store, method)("no-such-table", *([0] if method == "mark_claimed" else []))

    asyncio.run(on_the_loop())
    assert on_loop == [method]
    store.close()
