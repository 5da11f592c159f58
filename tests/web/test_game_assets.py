"""Each game's browser renderer is served from its own package; the URL is never a path."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import httpx
import pytest
from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from dicehall import games
from dicehall.web.errors import RequestError
from dicehall.web.pages import game_assets


def _get(path: str) -> httpx.Response:
    """GET `path` from an app with the renderer route and the app's error handler, in process."""
    app = FastAPI()
    app.include_router(game_assets.router)

    @app.exception_handler(RequestError)
    async def request_error(_: Request, exc: RequestError) -> JSONResponse:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status)

    async def get() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get(path)

    return asyncio.run(get())


def test_each_game_gets_the_renderer_its_package_declares() -> None:
    for game_id in games.available():
        r = _get(f"/games/{game_id}/renderer.js")
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript")
        declared = games.parts(game_id).web_renderer
        expected = game_assets.renderer_path(game_id).read_text(encoding="utf-8")
        assert r.text == expected
        assert (game_assets.renderer_path(game_id) == game_assets.GENERIC) == (not declared)


def test_unknown_games_and_paths_are_refused() -> None:
    for path in (
        "/games/nope/renderer.js",
        "/games/..%2F..%2Fweb/renderer.js",
        "/games/%2e%2e/renderer.js",
        "/games/puru%00/renderer.js",
    ):
        assert _get(path).status_code == 404, path


def test_a_declared_file_outside_the_package_falls_back_to_the_generic_renderer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    parts = games.parts("puru")
    escaping = replace(parts, web_renderer="../../web/static/js/common.js")
    monkeypatch.setattr(games, "parts", lambda game_id: escaping)
    assert game_assets.renderer_path("puru") == game_assets.GENERIC
