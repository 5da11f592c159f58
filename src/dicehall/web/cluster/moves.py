"""A move forwarded between server processes, and its refusal, in the websocket's own terms.

The owner of a table applies a move that another process forwarded (`web.cluster`) exactly as
one from its own connections, and answers with the same error codes; the forwarding process
raises the same exceptions a local move would have raised, so the client cannot tell where
its table is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from dicehall.core.errors import DicehallError, IllegalActionError, MalformedActionError
from dicehall.engine.match import MatchOverError, StaleVersionError

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table

ERRORS: dict[str, type[Exception]] = {
    "malformed_action": MalformedActionError,
    "stale": StaleVersionError,
    "over": MatchOverError,
}


def error_code(exc: Exception) -> tuple[str, str]:
    """The websocket's code and message for a refused move."""
    from dicehall.web.tables.table import StorageError

    if isinstance(exc, IllegalActionError):
        return "illegal", exc.reason
    for code, kind in ERRORS.items():
        if isinstance(exc, kind):
            return code, str(exc)
    if isinstance(exc, StorageError):
        return "storage", str(exc)
    return "rejected", str(exc)


def raise_refusal(code: str, message: str) -> NoReturn:
    """Raise what the owner raised, as a local move would have."""
    from dicehall.web.tables.table import StorageError

    if code == "illegal":
        raise IllegalActionError(message)
    if code == "storage":
        raise StorageError(message)
    raise ERRORS.get(code, DicehallError)(message)


async def apply_move(table: Table, seat: int, action_json: Any, version: int | None) -> int:
    """Apply a forwarded move at the owner; raises `ForwardError` with the refusal."""
    from dicehall.web.cluster.node import ForwardError
    from dicehall.web.tables.table import StorageError

    try:
        action = table.match.game.action_from_json(action_json)
        return await table.act(seat, action, version)
    except (DicehallError, StorageError) as exc:
        code, message = error_code(exc)
        raise ForwardError(code, message) from None
