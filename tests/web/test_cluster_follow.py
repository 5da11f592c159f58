"""A process following a table it does not own (`web/cluster/replica.py`,
`web/cluster/node.py`) against notices that race with what it reads from the store, in one
process and one event loop.

Two halls share one store; their `Cluster`s talk through a list instead of PostgreSQL's
LISTEN/NOTIFY, so the test decides when each notice arrives: while the follower is still
loading the table, or after the follower has already read what the notice is about.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dicehall.games.jelly.actions import Reroll, Wait
from dicehall.store import Store
from dicehall.web.cluster.node import Cluster
from dicehall.web.config import Settings
from dicehall.web.hall import Hall
from dicehall.web.tables.conn import Conn
from dicehall.web.tables.table import Table

Bus = list[tuple[str, dict[str, Any]]]  # the cluster notices sent, in order

HUMAN = {"kind": "human"}
JELLY = {"game": "jelly", "seats": [HUMAN] * 3, "params": {"mode": "tick"}}


class Node(Cluster):
    """A cluster member whose notices go to `bus` (delivered by `deliver`)."""

    def __init__(self, hall: Hall, bus: Bus, owner: bool) -> None:
        super().__init__(hall.tables, conninfo="")
        self.bus, self.owner = bus, owner
        hall.cluster = self

    async def try_own(self, table_id: str) -> bool:
        return self.owner

    async def notify(self, channel: str, payload: dict[str, Any]) -> None:
        self.bus.append((channel, payload))


async def deliver(bus: Bus, to: Node) -> None:
    """Hand every notice sent so far by the other nodes to `to`, as its listener would."""
    for _ in range(5):  # the notices are sent from background tasks
        await asyncio.sleep(0)
    notes, bus[:] = list(bus), []
    for channel, payload in notes:
        if payload.get("node") != to.node:
            await to._handle(channel, payload)


async def move(table: Table) -> None:
    """The player whose turn it is places a die, or passes: the round ends soon."""
    seat = table.match.actors()[0]
    legal = table.match.legal_actions(seat)
    quick = [a for a in legal if not isinstance(a, Reroll | Wait)]
    await table.act(seat, quick[0] if quick else legal[0], None)


async def play_to_the_pause(table: Table) -> None:
    while not table.match.held:
        await move(table)
    assert table.pauses.current is not None


async def until(done: Callable[[], bool]) -> None:
    """Let the event loop run until `done()` (the owner's driver and writes run meanwhile)."""
    for _ in range(3000):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it never happened")


def saved(bus: Bus, table: Table) -> bool:
    """The owner has stored its whole log and announced it (`dicehall_moves`)."""
    n = len(table.match.log)
    return any(c == "dicehall_moves" and p["actions"] == n for c, p in bus)


def updates(conn: Conn) -> list[dict[str, Any]]:
    out = []
    while not conn.queue.empty():
        message = conn.queue.get_nowait()
        assert message is not None
        if message["type"] in ("welcome", "update"):
            out.append(message)
    return out


async def two_halls(tmp_path: Path) -> tuple[Store, Hall, Hall, Bus, Node, Node, Table]:
    """Two halls on one store, their notices passed through a list (the bus), and a Jelly
    Monster table the owner made: (store, owner's hall, follower's hall, bus, owner's node,
    follower's node, the owner's table)."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    settings = Settings(bot_delay=60.0, round_pause=120.0, prepare_solvers=False)
    owner_hall, follower_hall = Hall(store, settings), Hall(store, settings)
    bus: Bus = []
    owner_node = Node(owner_hall, bus, owner=True)
    follower = Node(follower_hall, bus, owner=False)
    owner, _ = await owner_hall.create(JELLY)
    return store, owner_hall, follower_hall, bus, owner_node, follower, owner


def test_moves_saved_while_a_follower_loads_the_table_reach_it(tmp_path: Path) -> None:
    """The owner's notice of a move can arrive while another process is still reading the
    table (before it is in that process's hall): the follower must not stay behind, or a
    person playing through it never sees that it is their turn."""

    async def scenario() -> None:
        made = await two_halls(tmp_path)
        store, owner_hall, follower_hall, bus, _, follower, owner = made
        loop = asyncio.get_running_loop()
        read = follower_hall._read_and_replay

        async def owner_moves_meanwhile() -> None:
            await move(owner)
            await deliver(bus, follower)  # it finds no table there yet

        def read_then_owner_moves(table_id: str) -> Any:
            loaded = read(table_id)
            asyncio.run_coroutine_threadsafe(owner_moves_meanwhile(), loop).result()
            return loaded

        follower_hall._read_and_replay = read_then_owner_moves  # type: ignore[method-assign]
        seen = await follower_hall.get(owner.id)
        assert seen is not None and seen.replica
        assert seen.match.version == owner.match.version
        assert seen.match.actors() == owner.match.actors()
        for hall in (owner_hall, follower_hall):
            await hall.stop()
        store.close()

    asyncio.run(scenario())


def test_a_follower_never_shows_a_pause_its_store_shows_is_over(tmp_path: Path) -> None:
    """docs/rules/jelly.md, "Scoring a round": "Then, unless it was round 4: everyone takes
    their 7 dice back ... and a new round starts" - the table holds first, and goes on after
    the Skip. The follower reads the store when the Skip's notice arrives, and
    may find the moves the release saved already there: it then shows the game going on,
    not the pause again over it (which would say nobody may act while it is someone's turn)."""

    async def scenario() -> None:
        made = await two_halls(tmp_path)
        store, owner_hall, follower_hall, bus, owner_node, follower, owner = made
        seen = await follower_hall.get(owner.id)
        assert seen is not None
        person = Conn((0,))  # seat 0 plays through the follower
        seen.join(person)
        await deliver(bus, owner_node)  # the owner hears that seat 0 is here
        await play_to_the_pause(owner)
        await deliver(bus, follower)
        assert seen.pauses.current is not None and seen.match.held  # the follower holds too
        seen.skip(person)
        await deliver(bus, owner_node)  # the owner takes the Skip and goes on at once ...
        await until(lambda: saved(bus, owner))
        assert not owner.match.held and owner.pauses.current is None
        updates(person)
        await deliver(bus, follower)  # ... before the follower reads the Skip's notice
        shown = updates(person)
        assert shown, "the follower showed nothing"
        for state in shown:
            assert state["pause"] is None or state["actors"] == [], state
        assert shown[-1]["pause"] is None
        assert shown[-1]["actors"] == list(owner.match.actors())
        assert seen.pauses.current is None
        for hall in (owner_hall, follower_hall):
            await hall.stop()
        store.close()

    asyncio.run(scenario())


def test_a_person_arriving_through_a_follower_during_a_pause_sees_it_and_can_skip(
    tmp_path: Path,
) -> None:
    """docs/rules/jelly.md, "Scoring a round": "Then, unless it was round 4: everyone takes
    their 7 dice back ... and a new round starts" - the table holds first. A process that
    loads the table only during the pause never heard the owner announce it: the owner
    announces it again when a person arrives through that process."""

    async def scenario() -> None:
        made = await two_halls(tmp_path)
        store, owner_hall, follower_hall, bus, owner_node, follower, owner = made
        await play_to_the_pause(owner)
        bus.clear()  # announced before the follower had the table
        seen = await follower_hall.get(owner.id)
        assert seen is not None and seen.match.held and seen.pauses.current is None
        person = Conn((0,))
        seen.join(person)
        await deliver(bus, owner_node)
        await deliver(bus, follower)
        assert seen.pauses.current is not None
        assert updates(person)[-1]["pause"] is not None  # with its countdown and Skip
        seen.skip(person)
        await deliver(bus, owner_node)
        await until(lambda: not owner.match.held)  # the Skip through the follower ended it
        for hall in (owner_hall, follower_hall):
            await hall.stop()
        store.close()

    asyncio.run(scenario())


def test_moves_are_announced_only_once_a_replica_follows_the_table(tmp_path: Path) -> None:
    """A table nobody follows costs no notice (with relaying most have no replica); once a
    process loads a replica and says so, the owner announces where the log stands, and every
    move after, and the replica shows them."""

    async def scenario() -> None:
        made = await two_halls(tmp_path)
        store, owner_hall, follower_hall, bus, owner_node, follower, owner = made
        await move(owner)
        await until(lambda: not owner.committing)
        assert not [c for c, _ in bus if c == "dicehall_moves"]  # nobody to tell
        seen = await follower_hall.get(owner.id)
        assert seen is not None and seen.replica
        await deliver(bus, owner_node)  # the owner hears that the follower follows
        await until(lambda: saved(bus, owner))  # and says where the log stands
        await move(owner)
        await until(lambda: saved(bus, owner))
        await deliver(bus, follower)
        assert seen.match.version == owner.match.version
        for hall in (owner_hall, follower_hall):
            await hall.stop()
        store.close()

    asyncio.run(scenario())
