"""Each game's browser renderer, served from the game's own package (its `web_renderer` part).

The URL names only a game id, which must be an installed game's; the file is the one the game
declares, inside its package folder (checked after resolving links), so no part of the request
ever becomes a path. A game without one gets the generic renderer.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from dicehall import games
from dicehall.web.errors import RequestError

GENERIC = Path(__file__).parents[1] / "static" / "games" / "generic.js"  # web/static
router = APIRouter()


def renderer_path(game_id: str) -> Path:
    """The game's renderer file, else the generic renderer."""
    declared = games.parts(game_id).web_renderer
    spec = importlib.util.find_spec(games.module_name(game_id))
    folders = (spec.submodule_search_locations or ()) if spec is not None else ()
    for folder in folders if declared else ():
        root = Path(folder).resolve()
        candidate = (root / declared).resolve()
        if candidate.is_relative_to(root) and candidate.suffix == ".js" and candidate.is_file():
            return candidate
    return GENERIC


@router.get("/games/{game_id}/renderer.js", include_in_schema=False)
def game_renderer(game_id: str) -> FileResponse:
    if game_id not in games.available():
        raise RequestError(404, "unknown_game", f"no game {game_id[:40]!r}")
    return FileResponse(
        renderer_path(game_id),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )
