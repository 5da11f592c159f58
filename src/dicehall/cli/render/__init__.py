"""Terminal renderers, one module per game: `dicehall.cli.render.<game id>`.

Each module exports `render(game, view, seat) -> rich renderable` drawing what `seat` sees
(None: a spectator), and may export `hint(game, view, seat) -> str | None` for `--hints`.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from dicehall import games


def renderer_module(game_id: str) -> ModuleType | None:
    name = f"{games.module_name(game_id)}.ui.terminal"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    if found is None:
        return None
    return importlib.import_module(name)
