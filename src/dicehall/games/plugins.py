"""Finding the installed games: Python entry points of the group `dicehall.games`.

Every game, the four that ship with dicehall included, registers itself in its package's
metadata (`pyproject.toml`):

    [project.entry-points."dicehall.games"]
    mygame = "my_dicehall_game"

The name is the game id and the value the module that exports `SPEC` and `make_game` (and,
optionally, `PARTS`). Installing a package with such an entry point (`pip install -e
path/to/plugin`) is all it takes to add a game. A game whose module fails to import is logged and
reported (`failures()`, `dicehall games`), never silently dropped.
"""

from __future__ import annotations

import logging
from importlib.metadata import entry_points

GROUP = "dicehall.games"
log = logging.getLogger("dicehall.games")


def discover() -> dict[str, str]:
    """Game id -> module of every installed game, dicehall's own first, in metadata order."""
    found: dict[str, str] = {}
    points = sorted(
        entry_points(group=GROUP), key=lambda ep: ep.dist is None or ep.dist.name != "dicehall"
    )
    for ep in points:
        if ep.name in found and found[ep.name] != ep.module:
            log.warning("game %r is registered twice (%s, %s); using %s",
                        ep.name, found[ep.name], ep.module, found[ep.name])  # fmt: skip
            continue
        found[ep.name] = ep.module
    return found


def report_failure(game_id: str, module: str, exc: BaseException) -> str:
    """Log a game that failed to import (once per process) and return its one-line reason."""
    reason = f"{type(exc).__name__}: {exc}"
    log.error("game %r (module %s) failed to load: %s", game_id, module, reason)
    return reason
