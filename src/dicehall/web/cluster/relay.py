"""The passing side of the relay: a client's websocket piped to the process owning its table.

The owner renders every message once, for each viewer (`web.cluster.inbound`); this process
only copies text both ways, reading none of the owner's messages but the short answers to
moves (`ack`, `error`), which it notes so that a move the owner took with it when it died is
answered. When the owner's stream ends without a close, `pipe` says so and returns what the
client sent that the next owner needs: its hello and the seat its shared device shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocketDisconnect

from dicehall.web.cluster.frames import BINARY, CLOSE, HEADER, TEXT, BadFrame, frame, read_frame
from dicehall.web.sockets import Socket

CONNECT_TIMEOUT_S = 3.0
LOST = (
    "the table's server stopped before answering this move; it may or may not have been "
    "saved: the table as shown now tells"
)


@dataclass
class Relayed:
    """What a relayed connection keeps across owners."""

    header: dict[str, Any]
    hello: str | None = None
    focus: str | None = None
    pending: set[str] = field(default_factory=set)  # ids of moves sent, not yet answered
    heard: bool = False  # the present owner has sent something (its welcome, at least)

    def replay(self) -> list[str]:
        return [text for text in (self.hello, self.focus) if text is not None]

    def noted_from_client(self, text: str) -> None:
        if self.hello is None:
            self.hello = text
        elif '"focus"' in text or '"act"' in text:  # cheap test first: most frames are neither
            data: Any = None
            with contextlib.suppress(ValueError):
                data = json.loads(text)
            kind = data.get("type") if isinstance(data, dict) else None
            if kind == "focus":
                self.focus = text
            elif kind == "act" and isinstance(data.get("id"), str):
                self.pending.add(data["id"])

    def noted_from_owner(self, text: str) -> None:
        self.heard = True
        if self.pending and text.startswith(('{"type":"ack"', '{"type":"error"')):
            with contextlib.suppress(ValueError):
                self.pending.discard(json.loads(text).get("id"))


async def pipe(ws: Socket, address: str, relayed: Relayed) -> str:
    """Relay until one side ends: "client" (it left), "closed" (the owner closed it, and the
    client is told), "lost" (the owner that served it is gone: the caller finds the next one)
    or "unreachable" (no answer from that address: refused, or the stream ended unheard)."""
    relayed.heard = False
    host, _, port = address.rpartition(":")
    try:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, int(port)), CONNECT_TIMEOUT_S
        )
    except (OSError, TimeoutError, ValueError):
        return "unreachable"
    try:
        writer.write(frame(HEADER, json.dumps(relayed.header)))
        for text in relayed.replay():
            writer.write(frame(TEXT, text))
        up = asyncio.create_task(_client_to_owner(ws, writer, relayed))
        down = asyncio.create_task(_owner_to_client(ws, reader, relayed))
        done, _ = await asyncio.wait((up, down), return_when=asyncio.FIRST_COMPLETED)
        for task in (up, down):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        first = done.pop()
        if first.exception() is not None:  # the client's socket failed, or the owner's stream
            outcome = "client" if first is up else "lost"
        else:
            outcome = first.result()
        if outcome == "lost":
            await _answer_pending(ws, relayed)
        return outcome if outcome != "lost" or relayed.heard else "unreachable"
    finally:
        writer.close()


async def _client_to_owner(ws: Socket, writer: asyncio.StreamWriter, relayed: Relayed) -> str:
    while True:
        raw = await ws.receive()
        if raw["type"] == "websocket.disconnect":
            return "client"
        text = raw.get("text")
        if text is not None:
            relayed.noted_from_client(text)
        try:  # a binary frame is passed on as one, empty: the owner refuses it as it does any
            writer.write(frame(TEXT, text) if text is not None else frame(BINARY, ""))
            await writer.drain()
        except (ConnectionError, RuntimeError):
            return "lost"


async def _owner_to_client(ws: Socket, reader: asyncio.StreamReader, relayed: Relayed) -> str:
    while True:
        try:
            got = await read_frame(reader)
        except (BadFrame, ConnectionError):
            return "lost"
        if got is None:
            return "lost"
        kind, text = got
        if kind == CLOSE:
            with contextlib.suppress(Exception):
                await ws.close(int(text) if text.isdigit() else 1000)
            return "closed"
        if kind != TEXT:
            return "lost"
        relayed.noted_from_owner(text)
        try:
            await ws.send_text(text)
        except (WebSocketDisconnect, RuntimeError):
            return "client"


async def _answer_pending(ws: Socket, relayed: Relayed) -> None:
    """Moves the lost owner never answered get an answer; the next owner's welcome shows
    whether each was saved."""
    for msg_id in sorted(relayed.pending):
        with contextlib.suppress(Exception):
            await ws.send_json({"type": "error", "code": "storage", "message": LOST, "id": msg_id})
    relayed.pending.clear()
