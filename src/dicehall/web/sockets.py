"""What the table's websocket handler (`web.ws`) needs of a socket.

A browser's websocket (Starlette's) is one; so is a connection another server process relays
(`web.cluster.inbound.RelayedSocket`), and a websocket whose first messages are said again
after its table's owner changed (`web.cluster.routing.Replayed`).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any, Protocol


class Socket(Protocol):
    @property
    def scope(self) -> MutableMapping[str, Any]: ...

    @property
    def headers(self) -> Mapping[str, str]: ...

    @property
    def app(self) -> Any: ...

    async def accept(self) -> None: ...

    async def receive(self) -> MutableMapping[str, Any]: ...

    async def send_text(self, data: str) -> None: ...

    async def send_json(self, data: Any) -> None: ...

    async def close(self, code: int = 1000) -> None: ...
