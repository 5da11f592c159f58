"""A least-recently-used cache of response bodies bounded by their total bytes."""

from __future__ import annotations

from collections import OrderedDict


class ByteCache:
    """Bodies by key, the oldest dropped once the total passes `limit` bytes; a body larger
    than the limit is never kept."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._bodies: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0

    def get(self, key: str) -> bytes | None:
        body = self._bodies.get(key)
        if body is not None:
            self._bodies.move_to_end(key)
        return body

    def put(self, key: str, body: bytes) -> None:
        if len(body) > self.limit:
            return
        old = self._bodies.pop(key, None)
        self._bytes += len(body) - (len(old) if old is not None else 0)
        self._bodies[key] = body
        while self._bytes > self.limit:
            _, dropped = self._bodies.popitem(last=False)
            self._bytes -= len(dropped)
