"""The FastAPI application: pages, static files, the REST API and the table websocket."""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import re
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from dicehall.core.errors import DicehallError
from dicehall.store import ENV_URL, LIVE, Store, default_url
from dicehall.store.accounts import Accounts
from dicehall.web import events, metrics
from dicehall.web.accounts import account_sessions, email_routes, friends, profiles, your_games
from dicehall.web.accounts import routes as accounts
from dicehall.web.accounts.routes import Throttles
from dicehall.web.accounts.sessions import AccountLimits, SessionGuard
from dicehall.web.admin import routes as admin
from dicehall.web.api import router
from dicehall.web.coach import CoachDesk
from dicehall.web.coach import router as coach_router
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.invitations import router as invitations_router
from dicehall.web.metrics import MULTIPROC_ENV
from dicehall.web.observe import Observe
from dicehall.web.pages import game_assets
from dicehall.web.pages.rules_routes import add_rules_routes
from dicehall.web.pages.tutorial_routes import add_tutorial_routes
from dicehall.web.protection.budgets import Budgets
from dicehall.web.protection.guard import Guards, RequestGuard
from dicehall.web.protection.headers import SecurityHeaders
from dicehall.web.protection.transport import QuietWebSockets, guarded_http
from dicehall.web.proxies import proxy_trust
from dicehall.web.records.reviews import router as review_router
from dicehall.web.ws import relayed_socket, table_socket

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("dicehall.web")
TOKEN_IN_URL = re.compile(r"\b(tokens?=)[^&#\s\"']+")


class RedactTokens(logging.Filter):
    """Seat tokens travel in JSON bodies and URL fragments (never sent), not in request lines;
    should a client put one in a query string anyway, the logs show `token=[redacted]`."""

    def filter(self, record: logging.LogRecord) -> bool:
        def clean(value: object) -> object:
            return TOKEN_IN_URL.sub(r"\1[redacted]", value) if isinstance(value, str) else value

        record.msg = clean(record.msg)
        if isinstance(record.args, tuple):  # uvicorn's access formatter unpacks these: keep them
            record.args = tuple(clean(a) for a in record.args)
        return True


def redact_tokens_in_logs() -> None:
    """Put `RedactTokens` on every handler uvicorn and `serve` log through."""
    for name in ("", "uvicorn", "uvicorn.access"):
        for handler in logging.getLogger(name).handlers:
            handler.addFilter(RedactTokens())


def calm_garbage_collector() -> None:
    """Python's full collections scan every object; a server holding its modules, rules
    tables and a hundred tables' matches paused its event loop for 0.2 to 0.9 s at a time.
    What exists once the server has started lives as long as it does: frozen, it is not
    scanned again. The middle generation is kept small (a collection of it took 80 ms when it
    held 100,000 objects, 30 ms now) and full collections are rare (Python's default made
    them frequent, 40 to 270 ms each, growing with the tables)."""
    gc.freeze()
    gc.set_threshold(5_000, 5, 100)


def create_app(
    db_url: str | None = None, settings: Settings | None = None, **options: Any
) -> FastAPI:
    """The web app over the store at `db_url` (default: `Store`'s default)."""
    settings = settings or Settings(db_url=db_url, **options)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        sys.setswitchinterval(settings.gil_switch)  # web/config.py, Settings.gil_switch
        store = Store(settings.db_url)
        hall = Hall(store, settings, app.state.budgets)
        app.state.hall, app.state.settings = hall, settings
        app.state.accounts = Accounts(store)
        app.state.friend_desk = friends.FriendDesk(
            app.state.accounts, settings.limits, app.state.budgets
        )
        await asyncio.to_thread(app.state.accounts.close_expired)
        await hall.start()
        if hall.cluster is not None and hall.cluster.inbound is not None:
            inbound = hall.cluster.inbound  # connections other processes relay here
            inbound.app, inbound.handler = app, lambda sock, tid: relayed_socket(sock, hall, tid)
        events.install()
        gauges = metrics.start(app.state)
        calm_garbage_collector()
        log.info(
            "%d unfinished match(es) in %s; each is loaded on its first visit",
            await asyncio.to_thread(store.count, LIVE),
            store.engine.url.render_as_string(hide_password=True),
        )
        yield
        metrics.stop(gauges)
        await hall.stop()
        store.close()
        app.state.login_throttles.hashing.close()
        app.state.coach_desk.close()
        if getattr(app.state, "reviews", None) is not None:
            app.state.reviews.close()
        app.state.budgets.close()

    docs = settings.api_docs  # /docs, /redoc, /openapi.json: off unless DICEHALL_API_DOCS=1
    app = FastAPI(
        title="dicehall",
        version="0.1.0",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    # budgets that protect accounts and the server: shared by the processes on PostgreSQL
    app.state.budgets = Budgets(settings.db_url or default_url())
    app.state.guards = Guards(settings.limits, app.state.budgets)
    app.add_middleware(RequestGuard, guards=app.state.guards, upload_limit=settings.max_upload)
    app.add_middleware(SessionGuard)  # a cross-site change is refused unread
    app.add_middleware(SecurityHeaders)  # CSP and the rest, refusals included
    app.add_middleware(Observe)  # outermost: request ids, refusals counted (web/observe.py)
    app.state.login_throttles = Throttles(AccountLimits(), app.state.budgets)
    app.state.coach_desk = CoachDesk(settings.limits, app.state.budgets)
    app.include_router(router)
    app.include_router(review_router)
    app.include_router(coach_router)
    app.include_router(invitations_router)
    app.include_router(accounts.router)
    app.include_router(account_sessions.router)
    app.include_router(friends.router)
    app.include_router(your_games.router)
    app.include_router(email_routes.router)
    app.include_router(profiles.router)
    app.include_router(profiles.pages)
    app.include_router(game_assets.router)
    app.include_router(metrics.router)
    app.include_router(admin.router)
    app.include_router(admin.pages)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(RequestError)
    async def request_error(_: Request, exc: RequestError) -> JSONResponse:
        body = {**exc.details, "error": exc.code, "message": exc.message}
        return JSONResponse(body, status_code=exc.status)

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await table_socket(websocket, websocket.app.state.hall, table_id)

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    def lobby() -> FileResponse:
        return page("index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return page("table.html")

    @app.get("/replay", include_in_schema=False)
    def upload_page() -> FileResponse:
        return page("replay.html")

    @app.get("/replay/{table_id}", include_in_schema=False)
    def replay_page(table_id: str) -> FileResponse:
        return page("replay.html")

    add_rules_routes(app)
    add_tutorial_routes(app)

    return app


def log_to_stderr() -> None:
    """The server's own lines (`dicehall.*`: tables, cluster, expert tables) at INFO, with
    uvicorn's. A `serve --workers N` process is spawned afresh and must set this up itself:
    without a handler Python shows warnings only."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s:     %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)


def app_from_env() -> FastAPI:
    """The app of one of `serve --workers N`'s processes (the URL comes in the environment)."""
    log_to_stderr()
    redact_tokens_in_logs()
    return create_app()


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str | None = None,
    workers: int = 1,
    trusted_proxies: str | None = None,
) -> None:
    """Run the web app with uvicorn until interrupted (`dicehall serve`); `workers` > 1 runs
    that many processes on one port, which needs a PostgreSQL store (`web/cluster/node.py`).
    `trusted_proxies` (default `Settings.trusted_proxies`): whose forwarding headers count."""
    import uvicorn

    log_to_stderr()
    proxies = proxy_trust(
        Settings().trusted_proxies if trusted_proxies is None else trusted_proxies
    )
    print(f"dicehall: serving on http://{host}:{port}")
    if workers > 1:
        url = db_url or default_url()
        if not url.startswith("postgresql"):
            raise DicehallError("several worker processes need a PostgreSQL store (--db URL)")
        os.environ[ENV_URL] = url
        metrics_folder = None
        if not os.environ.get(MULTIPROC_ENV):  # the processes' shared metrics (web/metrics.py)
            metrics_folder = tempfile.mkdtemp(prefix="dicehall-metrics-")
            os.environ[MULTIPROC_ENV] = metrics_folder
        try:
            uvicorn.run(
                "dicehall.web.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, http="dicehall.web.protection.transport:EnvGuardedHttp",
                ws="dicehall.web.protection.transport:QuietWebSockets", ws_max_size=1 << 20,
                log_level="info", **proxies,
            )  # fmt: skip
        finally:
            if metrics_folder is not None:
                shutil.rmtree(metrics_folder, ignore_errors=True)
        return
    settings = Settings(db_url=db_url)
    app = create_app(settings=settings)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_http(settings.limits),  # slow or oversized request heads are cut
        ws=QuietWebSockets,
        ws_max_size=1 << 20,
        log_level="info",
        **proxies,
    )
    redact_tokens_in_logs()  # after uvicorn has set up its handlers
    uvicorn.Server(config).run()
