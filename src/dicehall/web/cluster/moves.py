"""A move forwarded between server processes, applied by the table's owner.

The owner of a table applies a move that another process forwarded (`web.cluster`) exactly as
one from its own connections, and answers with the websocket's error codes
(`web.errors.move_error`); the forwarding process raises what a local move would have raised
(`web.errors.refusal`), so the client cannot tell where its table is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core.errors import DicehallError
from dicehall.web.errors import StorageError, move_error

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table


async def apply_move(
    table: Table, seat: int, action_json: Any, version: int | None
) -> dict[str, Any]:
    """Apply a forwarded move at the owner: `version`, or the refusal's `error` and `message`."""
    try:
        action = table.match.game.action_from_json(action_json)
        return {"version": await table.act(seat, action, version)}
    except (DicehallError, StorageError) as exc:
        code, message = move_error(exc)
        return {"error": code, "message": message}
