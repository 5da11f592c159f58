"""The owner's side of the relay: connections other processes pass on, served as websockets.

A process that does not own a table passes its clients' websocket messages to the owner
(`web.cluster.relay`); here each relayed connection becomes a `RelayedSocket`, which the
table's websocket handler (`web.ws`) serves exactly like a browser's: hello and tokens, moves,
chat, everything a seat may see rendered once, here. The first frame names the table, the
client's address (so per-address limits see the real client) and its signed-in account, and
carries this process's relay secret: only processes that read it from PostgreSQL
(`web.cluster.node`) can pass connections on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocketDisconnect

from dicehall.store.accounts import Account
from dicehall.web.cluster.frames import BINARY, CLOSE, HEADER, TEXT, BadFrame, frame, read_frame

log = logging.getLogger("dicehall.web")
HEADER_TIMEOUT_S = 10.0
MAX_HEADER = 4096


class RelayedSocket:
    """A websocket as the table's handler sees it, over a stream from another process."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, app: Any, scope: Any
    ) -> None:
        self.reader, self.writer, self.app, self.scope = reader, writer, app, scope
        self.headers: dict[str, str] = {}  # the relaying process checked the Origin already

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        try:
            got = await read_frame(self.reader)
        except (BadFrame, ConnectionError):
            got = None
        if got is not None and got[0] == BINARY:
            return {"type": "websocket.receive", "bytes": b""}
        if got is None or got[0] != TEXT:
            return {"type": "websocket.disconnect", "code": 1001}
        return {"type": "websocket.receive", "text": got[1]}

    async def send_text(self, text: str) -> None:
        await self._write(frame(TEXT, text))

    async def send_json(self, data: Any) -> None:
        await self.send_text(json.dumps(data, separators=(",", ":")))

    async def close(self, code: int = 1000) -> None:
        with contextlib.suppress(WebSocketDisconnect):
            await self._write(frame(CLOSE, str(code)))
        self.writer.close()

    async def _write(self, data: bytes) -> None:
        try:
            self.writer.write(data)
            await self.writer.drain()
        except (ConnectionError, RuntimeError):  # the relaying process or its client left
            raise WebSocketDisconnect(1001) from None


Handler = Callable[[RelayedSocket, str], Awaitable[None]]


class Inbound:
    """This process's relay server: `handler` serves each relayed connection of a table."""

    def __init__(self, host: str, port: int, app_secret: str) -> None:
        self.host, self.port, self.secret = host, port, app_secret
        self.handler: Handler | None = None
        self.app: Any = None
        self.server: asyncio.Server | None = None

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, self.host, self.port)
        self.port = int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            header = await asyncio.wait_for(read_frame(reader), HEADER_TIMEOUT_S)
            opened = self._opened(header)
            if opened is None or self.handler is None:
                return
            table_id, scope = opened
            await self.handler(RelayedSocket(reader, writer, self.app, scope), table_id)
        except (TimeoutError, BadFrame, ConnectionError):
            return
        except Exception:
            log.exception("cluster: a relayed connection failed")
        finally:
            writer.close()

    def _opened(self, header: tuple[bytes, str] | None) -> tuple[str, dict[str, Any]] | None:
        """The table and the client's scope from a header with the right secret; else None."""
        if header is None or header[0] != HEADER or len(header[1]) > MAX_HEADER:
            return None
        data = json.loads(header[1])
        if not isinstance(data, dict) or not secrets.compare_digest(
            str(data.get("secret", "")), self.secret
        ):
            log.warning("cluster: a relayed connection without this process's secret, refused")
            return None
        account = data.get("account")
        scope: dict[str, Any] = {
            "type": "websocket",
            "client": (str(data.get("client", "unknown")), 0),
            "state": {"account": Account(**account) if isinstance(account, dict) else None},
        }
        return str(data.get("table", "")), scope
