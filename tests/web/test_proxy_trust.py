"""Whose X-Forwarded-For counts (web/proxies.py): nobody's by default, so a client that
connects directly cannot pick its address for the per-address limits; the trusted proxy's
once it is named (`DICEHALL_TRUSTED_PROXIES`). The nginx deployment: tests/web/test_nginx.py."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.web.helpers import Server

ONE_TABLE = {"DICEHALL_CREATE_BURST": "1", "DICEHALL_CREATE_RATE": "0.001"}
TABLE = {"game": "puru", "seats": [{"kind": "human"}, {"kind": "human"}]}


def _create(server: Server, forwarded: str) -> int:
    headers = {"X-Forwarded-For": forwarded}
    return httpx.post(f"{server.url}/api/tables", json=TABLE, headers=headers).status_code


def test_a_direct_client_cannot_name_its_own_address(tmp_path: Path) -> None:
    server = Server(tmp_path / "db.sqlite", tmp_path / "log", env=ONE_TABLE, limits=True)
    server.start()
    try:
        assert _create(server, "10.0.0.1") == 201
        assert _create(server, "10.0.0.2") == 429  # the same client, whatever it says
    finally:
        server.stop()


def test_a_trusted_proxy_names_the_client(tmp_path: Path) -> None:
    env = {**ONE_TABLE, "DICEHALL_TRUSTED_PROXIES": "127.0.0.1"}
    server = Server(tmp_path / "db.sqlite", tmp_path / "log", env=env, limits=True)
    server.start()
    try:
        assert _create(server, "10.0.0.1") == 201
        assert _create(server, "10.0.0.1") == 429  # that client's budget is spent
        assert _create(server, "10.0.0.2") == 201  # another client behind the same proxy
    finally:
        server.stop()
