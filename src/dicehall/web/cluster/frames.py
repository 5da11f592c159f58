"""The relay's wire between two server processes: kind-tagged, length-prefixed frames.

A frame is one byte naming its kind, four bytes of length (big-endian) and that many bytes:
`H` the relayed connection's header (JSON), `T` one websocket text message, `B` a binary one
(passed on empty: the server takes text only), `C` a close with its code (text digits). A
websocket message may hold any JSON whitespace, newlines included, so the length, not a
separator, ends a frame.
"""

from __future__ import annotations

import asyncio
import struct

HEADER, TEXT, BINARY, CLOSE = b"H", b"T", b"B", b"C"
MAX_FRAME = 64 << 20  # a welcome holds the whole log; far more than any real one


class BadFrame(Exception):
    """The other side sent something that is not a frame (or too large a one)."""


def frame(kind: bytes, payload: str) -> bytes:
    data = payload.encode()
    return kind + struct.pack(">I", len(data)) + data


async def read_frame(reader: asyncio.StreamReader) -> tuple[bytes, str] | None:
    """The next frame's kind and text; None at the end of the stream."""
    try:
        head = await reader.readexactly(5)
    except asyncio.IncompleteReadError as exc:
        if exc.partial:
            raise BadFrame("the stream ended inside a frame") from None
        return None
    (size,) = struct.unpack(">I", head[1:])
    if size > MAX_FRAME:
        raise BadFrame(f"a frame of {size} bytes is over the limit")
    try:
        data = await reader.readexactly(size)
    except asyncio.IncompleteReadError:
        raise BadFrame("the stream ended inside a frame") from None
    return head[:1], data.decode()
