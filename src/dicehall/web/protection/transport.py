"""Slow and oversized HTTP requests, stopped before the app sees them.

Uvicorn times out idle keep-alive connections, but a client that sends its request line and
headers a byte at a time holds a connection (and a file descriptor) as long as it likes, and
the URL and header sizes are not bounded. `guarded_http` makes uvicorn's HTTP protocol
class with three more rules:

- a request's line and headers must arrive within `header_timeout` seconds of its first
  byte (or of the connection, for the first one), else 408 and the connection is closed;
  websocket handshakes are HTTP requests too, so a slow handshake is cut the same way;
- the URL may have at most `max_url` bytes (414) and the headers `max_headers` (431);
- one client address may hold at most `max_pending_per_client` connections that have not yet
  sent a whole request (the rest are closed at once).

The body's own limits (size and time) are those of `guard.RequestGuard`. `QuietWebSockets`
closes a socket that sends invalid UTF-8 as text with code 1007, as uvicorn does, but logs
one line instead of a traceback (a client's bad bytes are not a server error).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from dicehall.web.protection.limits import Limits


def _refuse(status: int, reason: str) -> bytes:
    return (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: text/plain\r\n"
        f"content-length: {len(reason)}\r\nconnection: close\r\n\r\n{reason}"
    ).encode()


class GuardedHttp(HttpToolsProtocol):
    """Uvicorn's httptools protocol with a header deadline and size limits."""

    limits: ClassVar[Limits] = Limits()
    pending: ClassVar[Counter[str]] = Counter()  # connections per address still in their headers

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline: asyncio.TimerHandle | None = None
        self.address = "unknown"
        self.is_pending = False
        self.header_bytes = 0

    # --- the deadline -------------------------------------------------------------------
    def _arm(self) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(self.limits.header_timeout, self._too_slow)
        if not self.is_pending:
            self.is_pending = True
            self.pending[self.address] += 1

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
        if self.is_pending:
            self.is_pending = False
            self.pending[self.address] -= 1
            if self.pending[self.address] <= 0:
                del self.pending[self.address]

    def _close_with(self, status: int, reason: str) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self.transport.write(_refuse(status, reason))
            self.transport.close()

    def _too_slow(self) -> None:
        self.deadline = None
        self._close_with(408, "Request Timeout")

    # --- uvicorn's hooks ----------------------------------------------------------------
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else "unknown"
        if self.pending[self.address] >= self.limits.max_pending_per_client:
            transport.close()  # this address already holds its share of unfinished requests
            return
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.transport.is_closing():
            return  # refused: the rest is not read
        idle = self.deadline is None and (self.cycle is None or self.cycle.response_complete)
        super().data_received(data)
        if idle and self.deadline is None and not self.transport.is_closing():
            self._arm()  # bytes after a keep-alive pause: a new request has begun

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.header_bytes = 0
        if self.deadline is None:
            self._arm()

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        if len(self.url) > self.limits.max_url:
            self._close_with(414, "URI Too Long")

    def on_header(self, name: bytes, value: bytes) -> None:
        if self.transport.is_closing():
            return
        self.header_bytes += len(name) + len(value)
        if self.header_bytes > self.limits.max_headers:
            self._close_with(431, "Request Header Fields Too Large")
            return
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._disarm()
        if not self.transport.is_closing():  # a refused request never reaches the app
            super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if self.cycle is not None and not self.transport.is_closing():
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self.cycle is not None and not self.transport.is_closing():
            super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._disarm()
        super().handle_websocket_upgrade()
        # the websocket protocol owns the connection now, and this one never hears that it
        # closed: its parser (which calls back into it) would keep the two in a reference
        # cycle, left for the garbage collector's pauses to free (one per websocket)
        self.parser = None  # type: ignore[assignment]


def guarded_http(limits: Limits) -> type[GuardedHttp]:
    """The protocol class for uvicorn's `http=` setting, with these limits."""
    return type("GuardedHttp", (GuardedHttp,), {"limits": limits, "pending": Counter()})


# `serve --workers N` names the protocol by import path: each process reads its limits from its
# environment, as `Settings` does.
EnvGuardedHttp = guarded_http(Limits())


class QuietWebSockets(WebSocketsSansIOProtocol):
    """Uvicorn's websocket protocol; invalid UTF-8 text closes with 1007 and one log line."""

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent:
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.logger.info("%s - websocket closed: text that is not UTF-8", self.client)
                self.conn.send_close(1007, "text frames must be UTF-8")
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()
