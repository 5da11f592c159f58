"""The web app: lobby, live tables over websockets, replays (FastAPI + uvicorn)."""

from dicehall.web.app import create_app, serve

__all__ = ["create_app", "serve"]
