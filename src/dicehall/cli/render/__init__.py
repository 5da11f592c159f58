"""Terminal renderers live in each game's package: its `terminal` part (`GameParts.terminal`).

Such a module exports `render(game, view, seat) -> rich renderable` drawing what `seat` sees
(None: a spectator), and may export `hint(game, view, seat) -> str | None` for `--hints` and the
menu hooks of `cli.menu`.
"""

from __future__ import annotations

from typing import Any

from dicehall import games


def renderer_module(game_id: str) -> Any | None:
    """The game's terminal renderer (a module), or None when it has none."""
    return games.part(game_id, "terminal")
