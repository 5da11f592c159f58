"""Backups of a store while its server runs, and their restore into a database.

SQLite: SQLite's online backup API copies the database in one step under a read transaction,
so the copy is the database as of one commit, whatever the server writes meanwhile (a reader
does not hold up a writer in WAL mode). The backup is itself a SQLite file.

PostgreSQL: `pg_dump --format=custom` (one repeatable-read transaction: a consistent snapshot)
and `pg_restore`, from the PATH or Debian's `/usr/lib/postgresql/<version>/bin`.

A backup is written beside its destination and renamed into place, so a failed one never
leaves half a file under the name. A restore refuses a database that holds any row unless
told to replace it (`force`), and a backup of the other kind of database.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, func, inspect, select, table
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from dicehall.core.errors import DicehallError

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"
SCHEMA_TABLE = "alembic_version"  # every dicehall database has it (store/migrations)
PG_TIMEOUT_S = 3600.0


class BackupError(DicehallError):
    """A backup or restore that could not be done; nothing was changed."""


@dataclass(frozen=True)
class Outcome:
    """What a backup or restore did, for the command's one line."""

    kind: str  # "sqlite" or "postgresql"
    path: Path
    size: int


def backup(db_url: str, dest: Path) -> Outcome:
    """A consistent snapshot of the database at `db_url` in the file `dest`."""
    url = make_url(db_url)
    kind = _kind(url)
    tmp = dest.with_name(f".{dest.name}.partial")
    try:
        if kind == "sqlite":
            _sqlite_backup(_sqlite_path(url), tmp)
        else:
            _pg_dump(url, tmp)
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return Outcome(kind, dest, dest.stat().st_size)


def restore(source: Path, db_url: str, *, force: bool = False) -> Outcome:
    """The backup `source` into the database at `db_url` (which must hold no rows unless
    `force`: then its contents are replaced)."""
    url = make_url(db_url)
    kind = _kind(url)
    found = _backup_kind(source)
    if found != kind:
        raise BackupError(
            f"{source} is a {found} backup; it restores into a {found} database, not {kind}"
        )
    rows = _rows(url, kind)
    if rows and not force:
        held = f"{rows} row{'s' if rows != 1 else ''}"
        raise BackupError(
            f"the database {url.render_as_string(hide_password=True)} is not empty ({held}); "
            "restore into a new database, or add --force to replace its contents"
        )
    if kind == "sqlite":
        _sqlite_restore(source, _sqlite_path(url))
    else:
        _pg_restore(source, url, clean=rows > 0)
    return Outcome(kind, source, source.stat().st_size)


# --- which database ------------------------------------------------------------------
def _kind(url: URL) -> str:
    name = url.get_backend_name()
    if name not in ("sqlite", "postgresql"):
        raise BackupError(f"backups are for SQLite and PostgreSQL databases, not {name}")
    return name


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError("an in-memory database has nothing to back up or restore into")
    return Path(url.database)


def _backup_kind(source: Path) -> str:
    with source.open("rb") as handle:
        head = handle.read(len(SQLITE_MAGIC))
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PG_MAGIC):
        return "postgresql"
    raise BackupError(f"{source} is not a dicehall backup (neither SQLite nor pg_dump's format)")


def _rows(url: URL, kind: str) -> int:
    """Rows in the database's tables (0 for a new or freshly migrated one)."""
    if kind == "sqlite" and not _sqlite_path(url).exists():
        return 0
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            names = [n for n in inspect(conn).get_table_names() if n != SCHEMA_TABLE]
            return sum(
                int(conn.execute(select(func.count()).select_from(table(n))).scalar_one())
                for n in names
            )
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise BackupError(f"cannot read the database to restore into: {reason}") from None
    finally:
        engine.dispose()


# --- SQLite ----------------------------------------------------------------------------
@contextlib.contextmanager
def _sqlite(path: Path, *, read_only: bool) -> Iterator[sqlite3.Connection]:
    target = f"file:{path}?mode=ro" if read_only else f"file:{path}?mode=rwc"
    try:
        conn = sqlite3.connect(target, uri=True, timeout=30)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot open {path}: {exc}") from None
    try:
        yield conn
    finally:
        conn.close()


def _sqlite_backup(source: Path, dest: Path) -> None:
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    with _sqlite(source, read_only=True) as src, _sqlite(dest, read_only=False) as out:
        try:
            src.backup(out)  # every page in one step: the database as of one commit
        except sqlite3.Error as exc:
            raise BackupError(f"the backup of {source} failed: {exc}") from None


def _sqlite_restore(source: Path, dest: Path) -> None:
    with _sqlite(source, read_only=True) as src:
        try:
            tables = {r[0] for r in src.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{source} is not a readable SQLite file: {exc}") from None
        if SCHEMA_TABLE not in tables:
            raise BackupError(f"{source} is a SQLite file but not a dicehall database")
        dest.parent.mkdir(parents=True, exist_ok=True)
        with _sqlite(dest, read_only=False) as out:
            try:
                src.backup(out)  # replaces every page of `dest`, in one transaction
            except sqlite3.Error as exc:
                raise BackupError(f"the restore into {dest} failed: {exc}") from None


# --- PostgreSQL --------------------------------------------------------------------------
def pg_tool(name: str) -> str:
    """`pg_dump` or `pg_restore`: on the PATH, else the newest of Debian's packages."""
    found = shutil.which(name)
    if found:
        return found
    installed = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if not installed:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return str(installed[-1])


def _libpq(url: URL) -> tuple[list[str], dict[str, str]]:
    """Connection options for the PostgreSQL tools; the password goes in the environment
    (never on a command line that `ps` shows)."""
    args = ["--no-password"]
    for flag, value in (("--host", url.host), ("--port", url.port), ("--username", url.username)):
        if value:
            args += [flag, str(value)]
    args += ["--dbname", url.database or "postgres"]
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    return args, env


def _run(cmd: list[str], env: dict[str, str], what: str) -> None:
    try:
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=PG_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise BackupError(f"{what} took over {PG_TIMEOUT_S:.0f} s and was stopped") from None
    if done.returncode != 0:
        lines = [x for x in done.stderr.strip().splitlines() if x.strip()]
        raise BackupError(f"{what} failed: {lines[0] if lines else f'exit {done.returncode}'}")


def _pg_dump(url: URL, dest: Path) -> None:
    args, env = _libpq(url)
    _run([pg_tool("pg_dump"), "--format=custom", "--file", str(dest), *args], env, "pg_dump")


def _pg_restore(source: Path, url: URL, *, clean: bool) -> None:
    args, env = _libpq(url)
    cmd = [pg_tool("pg_restore"), "--no-owner", "--no-privileges", "--single-transaction"]
    cmd += ["--clean", "--if-exists"] if clean else []
    _run([*cmd, *args, str(source)], env, "pg_restore")
