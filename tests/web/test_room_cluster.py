"""A waiting room followed by another server process (docs/play-together.md, *Waiting
room*): the owner runs the room; a person seated through a follower sees its changes and the
start, and the follower knows the seats that became bots (it plays them if it takes over)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from dicehall.store import Store
from dicehall.web import gathering
from dicehall.web.config import Settings
from dicehall.web.hall import Hall
from dicehall.web.tables.conn import Conn
from tests.web.test_cluster_follow import Bus, Node, deliver

HUMAN = {"kind": "human"}


def _sent(conn: Conn, kind: str) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        message = conn.queue.get_nowait()
        if message is not None and message["type"] == kind:
            out.append(message)
    return out


def test_a_follower_shows_the_rooms_changes_and_its_start(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        settings = Settings(bot_delay=60.0, prepare_solvers=False)
        owner_hall, follower_hall = Hall(store, settings), Hall(store, settings)
        bus: Bus = []
        owner_node = Node(owner_hall, bus, owner=True)
        follower = Node(follower_hall, bus, owner=False)
        body = {"game": "puru", "seats": [HUMAN] * 3, "params": {"players": 3}, "room": True}
        owner, _ = await owner_hall.create(body)
        seen = await follower_hall.get(owner.id)
        assert seen is not None and seen.replica and seen.room.waiting
        host, friend = Conn((0,)), Conn((1,))
        owner.join(host)
        seen.join(friend)  # the friend sits down through the follower
        await deliver(bus, owner_node)
        await gathering.handle(owner_hall, owner, host, {"type": "ready", "ready": True})
        await deliver(bus, follower)
        assert _sent(friend, "room")[-1]["room"]["ready"] == [0]
        await gathering.handle(owner_hall, owner, host, {"type": "start", "fill": "greedy"})
        await deliver(bus, follower)
        assert _sent(friend, "room")[-1]["room"]["waiting"] is False
        assert not seen.room.waiting
        assert seen.row.seats[2]["kind"] == "bot" and 2 in seen.match.bots
        assert 1 not in seen.match.bots  # the friend's seat is the friend's
        for hall in (owner_hall, follower_hall):
            await hall.stop()
        store.close()

    asyncio.run(scenario())
