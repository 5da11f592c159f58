"""Routes for the rules pages (`/rules/{game}`, `/rules/{game}/designers`) and the table's
quick reference."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, JSONResponse

from dicehall import games
from dicehall.web.pages.rules_page import designers_html, quickref_html, rules_html

MAX_GAME_ID = 64


def _known(game_id: str) -> bool:
    return len(game_id) <= MAX_GAME_ID and game_id in games.available()


def add_rules_routes(app: FastAPI) -> None:
    @app.get("/rules/{game_id}", include_in_schema=False, response_model=None)
    def rules_page(game_id: str) -> HTMLResponse | JSONResponse:
        page = rules_html(game_id) if _known(game_id) else None
        if page is None:
            return JSONResponse(
                {"code": "unknown_game", "message": "no rules for that game"}, status_code=404
            )
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    @app.get("/rules/{game_id}/designers", include_in_schema=False, response_model=None)
    def designers_page(game_id: str) -> HTMLResponse | JSONResponse:
        page = designers_html(game_id) if _known(game_id) else None
        if page is None:
            return JSONResponse(
                {"code": "unknown_game", "message": "no designers' page for that game"},
                status_code=404,
            )
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    @app.get("/api/games/{game_id}/quickref")
    def quickref(game_id: str) -> JSONResponse:
        found = quickref_html(game_id) if _known(game_id) else None
        if found is None:
            return JSONResponse(
                {"code": "unknown_game", "message": "no quick reference for that game"},
                status_code=404,
            )
        return JSONResponse({"game": game_id, "html": found, "rules": f"/rules/{game_id}"})
