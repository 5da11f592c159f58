"""Accounts in tests: a signed-in HTTP client (cookies and the CSRF header) and a websocket
client that opens its seat with the account's session cookie."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.helpers import Client, Server

PASSWORD = "correct horse battery staple"


class Session:
    """A browser-like client: keeps cookies, sends the CSRF header on changes."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookies = httpx.Cookies()

    def request(
        self, method: str, path: str, *, auto_csrf: bool = True, **kwargs: Any
    ) -> httpx.Response:
        """One request with this session's cookies (no connection is kept open); the CSRF
        header is added as the pages add it unless `auto_csrf` is False (a forged request)."""
        headers = dict(kwargs.pop("headers", {}))
        csrf = self.cookies.get("dicehall_csrf")
        if auto_csrf and method != "GET" and csrf and "x-csrf-token" not in headers:
            headers["x-csrf-token"] = csrf
        url = f"{self.server.url}{path}"
        with httpx.Client(cookies=self.cookies, timeout=30) as client:
            r = client.request(method, url, headers=headers, **kwargs)
            self.cookies = httpx.Cookies(client.cookies)
        return r

    def sign_up(self, name: str, password: str = PASSWORD) -> httpx.Response:
        r = self.request("POST", "/api/account/signup", json={"name": name, "password": password})
        assert r.status_code == 201, r.text
        return r

    def sign_in(self, name: str, password: str = PASSWORD) -> httpx.Response:
        return self.request(
            "POST", "/api/account/signin", json={"name": name, "password": password}
        )

    def plant(self, name: str, value: str) -> None:
        """Replace a cookie, as a script or another site might have set it."""
        with contextlib.suppress(KeyError):
            self.cookies.delete(name)
        self.cookies.set(name, value, domain="127.0.0.1")

    @property
    def session_id(self) -> str | None:
        return self.cookies.get("dicehall_session")

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def create(self, game: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
        r = self.request("POST", "/api/tables", json={"game": game, "seats": seats, **body})
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data


class SeatClient(Client):
    """`Client` whose websocket carries a session cookie (or none: a guest)."""

    def __init__(
        self, server: Server, table_id: str, tokens: list[str], cookie: str | None = None
    ) -> None:
        headers = {"Cookie": cookie} if cookie else None
        self.ws = connect(
            f"{server.ws_url}/ws/{table_id}",
            open_timeout=10,
            additional_headers=headers,
            legacy=True,
        )
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.wait(lambda m: m["type"] in ("welcome", "error"))
