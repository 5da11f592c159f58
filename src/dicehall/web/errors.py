"""The web's errors, and the one table of a refused move's codes.

`RequestError` is an HTTP answer (status, code, message; the app's handler writes it). A live
table refuses a move with the rules' and the match's errors, or with `StorageError` (the store
refused the write) and `TableClosed`; `move_error` gives the websocket's code for each, and
`refusal` the exception a code stands for: a move forwarded to another server process
(`web.cluster`) comes back refused by code, and is raised as a local move's refusal would be.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from dicehall.core.errors import DicehallError, IllegalActionError, MalformedActionError
from dicehall.engine.match import MatchOverError, StaleVersionError
from dicehall.store import StoreUnavailable

log = logging.getLogger("dicehall.web")


class RequestError(DicehallError):
    """A request the hall cannot honour; `status` is the HTTP status to answer with."""

    def __init__(
        self, status: int, code: str, message: str, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.details = details or {}
        """More fields of the answer (e.g. a refused review's cost estimate)."""


class StorageError(Exception):
    """The store refused an append; the match was put back as it was."""


class TableClosed(DicehallError):
    """The table expired (nobody joined or moved for too long): it can be watched only."""


class NotStarted(DicehallError):
    """The table waits in its waiting room: nobody moves before the game starts."""


MOVE_ERRORS: dict[str, type[Exception]] = {
    "waiting": NotStarted,
    "illegal": IllegalActionError,
    "malformed_action": MalformedActionError,
    "stale": StaleVersionError,
    "over": MatchOverError,
    "storage": StorageError,
}
"""The websocket's code of each refusal of a move; any other `DicehallError` is `rejected`."""


def move_error(exc: Exception) -> tuple[str, str]:
    """The websocket's code and message for a refused move."""
    for code, kind in MOVE_ERRORS.items():
        if isinstance(exc, kind):
            return code, exc.reason if isinstance(exc, IllegalActionError) else str(exc)
    return "rejected", str(exc)


def refusal(code: str, message: str) -> Exception:
    """The exception a refusal's code stands for, as a local move would have raised it."""
    return MOVE_ERRORS.get(code, DicehallError)(message)


@contextlib.contextmanager
def store_errors(what: str) -> Iterator[None]:
    """A refused write answers 503 with a clear reason; the table or seat was not made."""
    try:
        yield
    except StoreUnavailable as exc:
        log.error("store refused a write: %s", exc)
        raise RequestError(
            503,
            "store_unavailable",
            f"the server cannot save {what} right now (its database refused the write); "
            "try again shortly",
        ) from None
