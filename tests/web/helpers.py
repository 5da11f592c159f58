"""A real dicehall server process on loopback, and a small websocket client for tests."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

FAST_ENV = {
    "DICEHALL_BOT_DELAY": "0.005",
    "DICEHALL_GRACE": "1.5",
    "DICEHALL_ROUND_PAUSE": "0.3",
    "DICEHALL_REALTIME_MIN": "0.05",
    "DICEHALL_REALTIME_MAX": "0.15",
    "DICEHALL_LEADERBOARD_MIN_GAMES": "1",  # one rated game shows a player (tests of it set more)
    "DICEHALL_LEADERBOARD_MIN_OPPONENTS": "1",
    "DICEHALL_PREPARE_SOLVERS": "0",  # no 3.4 GB background solve per test server
}
# tests that are not about the server's rate limits and caps keep clear of them (the tests of
# the limits set their own); sizes and timeouts stay at their defaults
UNLIMITED = {
    name: "1000000"
    for name in (
        "DICEHALL_CREATE_BURST",
        "DICEHALL_UPLOAD_BURST",
        "DICEHALL_BAD_TOKEN_BURST",
        "DICEHALL_TABLE_BAD_TOKEN_BURST",
        "DICEHALL_MAX_SOCKETS_PER_CLIENT",
        "DICEHALL_MAX_PENDING_PER_CLIENT",
        "DICEHALL_MAX_TABLES",
        "DICEHALL_LOGIN_BURST",  # sign-ups and sign-ins per address: tests share one address
        "DICEHALL_ACCOUNT_LOGIN_BURST",
        "DICEHALL_LOOKUP_BURST",  # names looked up per address
        "DICEHALL_COACH_BURST",
        "DICEHALL_COACH_SEAT_BURST",
    )
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`python -m dicehall.web` on a free port with a SQLite file; restartable."""

    def __init__(
        self,
        db_path: Path,
        log_path: Path,
        env: dict[str, str] | None = None,
        *,
        limits: bool = False,  # True: the server's default rate limits and caps
    ) -> None:
        self.db_url = f"sqlite:///{db_path}"
        self.log_path = log_path
        self.env = {**os.environ, **FAST_ENV, **({} if limits else UNLIMITED), **(env or {})}
        self.port = free_port()
        self.workers = 1  # more: `--workers N` processes on one port (PostgreSQL)
        self.command = [sys.executable, "-m", "dicehall.web"]  # or `dicehall serve`'s
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90) -> None:
        self.spawn()
        self.wait_ready(timeout)

    def spawn(self) -> None:
        """Start the process, without waiting for it to serve (`wait_ready`)."""
        cmd = [*self.command, "--port", str(self.port), "--db", self.db_url]
        cmd += ["--workers", str(self.workers)] if self.workers > 1 else []
        with self.log_path.open("ab") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=self.env)

    def wait_ready(self, timeout: float = 90) -> None:
        assert self.proc is not None, "spawn() first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, like a crash."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None

    def api(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.request(method, f"{self.url}{path}", timeout=30, **kwargs)

    def create(self, game: str, seats: list[dict[str, Any]], **body: Any) -> dict[str, Any]:
        r = self.api("POST", "/api/tables", json={"game": game, "seats": seats, **body})
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data


class Client:
    """One websocket at a table: hello with tokens, then act/receive."""

    def __init__(
        self,
        server: Server,
        table_id: str,
        tokens: list[str] | None = None,
        secret: str | None = None,  # a private table's, from its link (web/tables/secret.py)
    ) -> None:
        self.ws: ClientConnection = connect(
            f"{server.ws_url}/ws/{table_id}", open_timeout=10, legacy=True
        )
        hello: dict[str, Any] = {"type": "hello", "tokens": tokens or []}
        if secret is not None:
            hello["secret"] = secret
        with contextlib.suppress(ConnectionClosed):  # an unknown table closes at once
            self.ws.send(json.dumps(hello))
        self.state: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.messages: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.wait(lambda m: m["type"] in ("welcome", "error"))

    def close(self) -> None:
        self.ws.close()

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.messages.append(msg)
        if msg["type"] == "welcome":
            self.state, self.log = msg, list(msg["log"])
        elif msg["type"] == "update":
            self.state = {**self.state, **msg}
            self.log += msg["log"]
        elif msg["type"] == "error":
            self.errors.append(msg)
        return msg

    def wait(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def wait_state(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        """The table's state once `pred(state)` holds: at once if it holds already, else after
        the messages that make it so (one update may bring several changes at once)."""
        if not pred(self.state):
            self.wait(lambda m: m["type"] in ("welcome", "update") and pred(self.state), timeout)
        return self.state

    def send(self, data: Any) -> None:
        self.ws.send(data if isinstance(data, str) else json.dumps(data))

    def act(self, seat: int, action: dict[str, Any], version: int | None = None) -> dict[str, Any]:
        """Send an action; the ack or the error answering it."""
        msg_id = uuid.uuid4().hex
        v = self.state["version"] if version is None else version
        self.send({"type": "act", "seat": seat, "action": action, "version": v, "id": msg_id})
        return self.wait(lambda m: m.get("id") == msg_id and m["type"] in ("ack", "error"))

    def panel(self, seat: int | None) -> dict[str, Any]:
        panel: dict[str, Any] = next(p for p in self.state["panels"] if p["seat"] == seat)
        return panel

    def my_turn(self, seat: int) -> bool:
        return seat in self.state["actors"] and bool(self.panel(seat)["legal"])

    def play_until_over(self, seats: list[int], pick: Any = None, timeout: float = 120) -> None:
        """Answer every turn of `seats` (first legal move unless `pick` chooses) until the end."""
        end = time.monotonic() + timeout
        while not self.state.get("over"):
            if time.monotonic() > end:
                raise TimeoutError("the game did not end")
            mine = [s for s in seats if self.my_turn(s)]
            if mine:
                legal = self.panel(mine[0])["legal"]
                move = pick(legal) if pick else legal[0]
                answer = self.act(mine[0], move["action"])
                if answer["type"] == "error" and answer["code"] == "rate_limited":
                    time.sleep(0.5)  # told to slow down (a burst of 40, then 20 a second): wait
                elif answer["type"] == "error" and answer["code"] != "stale":
                    raise AssertionError(answer)
            else:
                self.wait(lambda m: m["type"] == "update", timeout=max(0.1, end - time.monotonic()))


def start_together(servers: list[Server], timeout: float = 120) -> None:
    """Start several server processes at once (they share a database: the first to take its
    migration lock brings the schema up to date, the others wait for it), then wait for each
    (a busy test machine starts them slowly); if one fails, every one is stopped."""
    try:
        for srv in servers:
            srv.spawn()
        for srv in servers:
            srv.wait_ready(timeout)
    except BaseException:
        for srv in servers:
            srv.stop()
        raise


def cluster(
    folder: Path, url: str, names: str = "ab", env: dict[str, str] | None = None
) -> list[Server]:
    """One server process per letter of `names` on the PostgreSQL database `url`, started
    together; each logs to `folder`/<letter>.log."""
    servers = []
    for name in names:
        srv = Server(folder / f"{name}.unused", folder / f"{name}.log", env=env)
        srv.db_url = url
        servers.append(srv)
    start_together(servers)
    return servers
