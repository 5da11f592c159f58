"""Where a table's websocket is served: relayed to the process owning the table, or here.

With several processes on one PostgreSQL (`web.cluster.node`), a client whose websocket
reaches a process that does not own its table is relayed to the owner (`web.cluster.relay`),
so the table's work is done once. If the owner dies, the relay looks again: another owner
(relayed there, hello said again), or nobody, and then this process loads the table, takes
its lock and serves the client itself (`Replayed` says the hello again). A process whose
owner cannot be reached, or does not answer, for `GIVE_UP_S` serves the client from the
store, as a replica.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import MutableMapping
from typing import Any

from dicehall.web.accounts.sessions import scope_account
from dicehall.web.cluster import relay
from dicehall.web.hall import Hall
from dicehall.web.protection.guard import client_key
from dicehall.web.sockets import Socket

log = logging.getLogger("dicehall.web")
RETRY_S = 0.2
GIVE_UP_S = 5.0


class Replayed:
    """A websocket whose first messages (`texts`) are received again, then the client's."""

    def __init__(self, ws: Socket, texts: list[str]) -> None:
        self.ws, self.texts = ws, list(texts)
        self.scope, self.headers, self.app = ws.scope, ws.headers, ws.app

    async def accept(self) -> None:
        return None

    async def receive(self) -> MutableMapping[str, Any]:
        if self.texts:
            return {"type": "websocket.receive", "text": self.texts.pop(0)}
        return await self.ws.receive()

    async def send_text(self, data: str) -> None:
        await self.ws.send_text(data)

    async def send_json(self, data: Any) -> None:
        await self.ws.send_json(data)

    async def close(self, code: int = 1000) -> None:
        await self.ws.close(code)


async def through_owner(ws: Socket, hall: Hall, table_id: str) -> Socket | None:
    """Relay `ws` while another process owns the table; the socket to serve here once this
    process should (None: the client left, or the owner closed it)."""
    cluster = hall.cluster
    if cluster is None or cluster.inbound is None:
        return ws
    account = scope_account(ws.scope)
    header = {
        "table": table_id, "client": client_key(ws.scope),
        "account": dataclasses.asdict(account) if account is not None else None,
    }  # fmt: skip
    relayed = relay.Relayed(header)
    loop = asyncio.get_running_loop()
    give_up: float | None = None
    while True:
        try:
            owner = await cluster.owner_elsewhere(table_id)
        except Exception as exc:  # the database cannot say: serve here, from the store
            log.error("cluster: who owns table %s is unknown: %s", table_id, exc)
            owner = None
        if owner is None:
            break
        relayed.header["secret"] = owner[1]
        outcome = await relay.pipe(ws, owner[0], relayed)
        if outcome not in ("lost", "unreachable"):
            return None
        if outcome == "lost" or give_up is None:  # an owner that served it died: look anew
            give_up = loop.time() + GIVE_UP_S
        if loop.time() > give_up:
            log.error("cluster: table %s's owner at %s cannot be reached", table_id, owner[0])
            break
        await asyncio.sleep(RETRY_S)
    if give_up is not None:  # the owner died: the table plays on here if this process won it
        table = await hall.get(table_id)  # (another client may have loaded it already)
        if table is not None and not table.replica:
            await cluster.taken_over(table)
    return Replayed(ws, relayed.replay()) if relayed.hello is not None else ws
