"""The web app: lobby, live tables over websockets, replays (FastAPI + uvicorn).

Run it with `dicehall serve [--host H] [--port P] [--db URL]` (or `python -m dicehall.web`).
The store is a SQLite file in the user's data directory unless `--db` or
`DICEHALL_DATABASE_URL` names another database (PostgreSQL URLs work too).

Pages: `/` lobby, `/table/{id}` a table (seat tokens travel in the URL fragment, never to the
server's logs), `/replay/{id}` and `/replay` (upload). REST under `/api` (OpenAPI at
`/openapi.json`, docs at `/docs`, both only with `DICEHALL_API_DOCS=1`). Live play is JSON
over `/ws/{id}`:

- client: `{"type": "hello", "tokens": [...]}` first (no tokens: spectator), then
  `{"type": "act", "seat", "action", "version", "id"}`, `{"type": "resync"}`, `{"type": "ping"}`;
- server: `welcome` (table, seats, full log, state), `update` (new log lines and state),
  `note` (table events such as a bot standing in), `seats`, `ack`, `error` (code + message).

A state carries `version`, `actors`, `over`, `result`, `timer` (seconds left on a sand
timer) and one panel per controlled seat: its `view` (the game's `observe`), its `legal`
moves (`action` JSON and `text`) and optional `hints`.

Settings come from `Settings` (environment: `DICEHALL_BOT_DELAY`, `DICEHALL_GRACE`,
`DICEHALL_REALTIME_MIN`, `DICEHALL_REALTIME_MAX`).
"""

from dicehall.web.app import create_app, serve

__all__ = ["create_app", "serve"]
