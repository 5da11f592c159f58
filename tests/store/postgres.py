"""A throwaway PostgreSQL server for the store tests (Debian's postgresql, started by the tests)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def _bin_dir() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _as_postgres(args: list[str]) -> list[str]:
    """initdb and postgres refuse to run as root: run them as the postgres user then."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """Start a private cluster on a free loopback port; yields a SQLAlchemy URL prefix."""
    bins = _bin_dir()
    if bins is None:
        raise RuntimeError("PostgreSQL is not installed (make test installs Debian's postgresql)")
    root = Path(tempfile.mkdtemp(prefix="dicehall-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data, port = root / "data", _free_port()
    run = dict(check=True, capture_output=True)
    subprocess.run(_as_postgres([str(bins / "initdb"), "-D", str(data), "-A", "trust",
                                 "-U", "postgres"]), **run)  # fmt: skip
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(_as_postgres([str(bins / "pg_ctl"), "-D", str(data), "-o", options,
                                 "-l", str(root / "log"), "-w", "start"]), **run)  # fmt: skip
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_postgres([str(bins / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), capture_output=True)  # fmt: skip
        shutil.rmtree(root, ignore_errors=True)


def create_database(server_url: str, name: str) -> str:
    """A fresh database on the server; returns its URL."""
    import psycopg

    plain = server_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{plain}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server_url}/{name}"
