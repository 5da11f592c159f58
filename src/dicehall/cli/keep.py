"""`dicehall backup`, `dicehall restore` and `dicehall export`: keep a server's data.

The database is `--db URL`, else `DICEHALL_DATABASE_URL`, else the server's default SQLite
file: the same one `dicehall serve` uses with the same environment, so a cron job or systemd
timer can share the server's environment file. Backups are taken while the server runs;
restore into a stopped server's database (docs/reliability.md, "Backups").
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, TextIO

import typer

from dicehall.cli.common import error_console, fail, guard
from dicehall.cli.verify import read_key
from dicehall.engine.signing import sign
from dicehall.store import Store, default_url
from dicehall.store.backup import backup, restore
from dicehall.store.finished import finished_records

DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help="Database URL (default: DICEHALL_DATABASE_URL, else the server's SQLite file).",
    ),
]
FORMATS = ("jsonl",)


def _note(text: str) -> None:
    error_console().print(text, markup=False, soft_wrap=True)


def backup_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="Where the backup is written.")],
    db: DbOpt = None,
) -> None:
    """A consistent snapshot of the database, taken while the server runs.

    SQLite: a SQLite file made with SQLite's backup API. PostgreSQL: pg_dump's custom format.
    FILE is replaced only once the backup is complete.
    """
    with guard():
        if file.is_dir():
            fail(f"{file} is a folder: name the backup file")
        done = backup(db or default_url(), file)
        _note(f"backed up the {done.kind} database to {done.path} ({done.size:,} bytes)")


def restore_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A file `dicehall backup` wrote.")],
    db: DbOpt = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace the contents of a database that is not empty."),
    ] = False,
) -> None:
    """Restore a backup into a database (stop its server first).

    A database that holds any row is refused unless --force: then its contents are replaced.
    """
    with guard():
        if not file.is_file():
            fail(f"no backup file at {file}")
        done = restore(file, db or default_url(), force=force)
        _note(f"restored the {done.kind} backup {done.path}")


def export_command(
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="Output format: jsonl.")
    ] = "jsonl",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", metavar="FILE", help="Write here (default: stdout)."),
    ] = None,
    db: DbOpt = None,
    key_file_opt: Annotated[
        Path | None,
        typer.Option(
            "--key-file",
            metavar="FILE",
            help="The server's record key (default: DICEHALL_RECORD_KEY, else the key file "
            "the server keeps for this database).",
        ),
    ] = None,
) -> None:
    """Every finished match as a record signed with the server's key, one JSON line each.

    Each line is what the table's "download record" gives: `dicehall verify` checks it.
    """
    with guard():
        if fmt not in FORMATS:
            fail(f"unknown --format {fmt!r}: choose one of {', '.join(FORMATS)}")
        url = db or default_url()
        key = _server_key(url, key_file_opt)
        store = Store(url)
        try:
            if out is None:
                count = _write(store, key, typer.get_text_stream("stdout"))
            else:
                tmp = out.with_name(f".{out.name}.partial")
                try:
                    with tmp.open("w", encoding="utf-8") as handle:
                        count = _write(store, key, handle)
                    os.replace(tmp, out)
                finally:
                    tmp.unlink(missing_ok=True)
        finally:
            store.close()
        _note(f"exported {count} finished records")


def _write(store: Store, key: bytes, handle: TextIO) -> int:
    count = 0
    for _, record in finished_records(store):
        handle.write(json.dumps(sign(record.to_json(), key), separators=(",", ":")) + "\n")
        count += 1
    return count


def _server_key(url: str, given: Path | None) -> bytes:
    """The key the server signs with; an export never makes one (its signatures would be
    another server's)."""
    from dicehall.web.records.record_key import ENV_KEY, MIN_KEY_CHARS, key_file

    if given is not None:
        key = read_key(given)
        assert key is not None
    elif os.environ.get(ENV_KEY):
        key = os.environ[ENV_KEY].encode()
    else:
        path = key_file(url)
        if path is None or not path.is_file():
            fail(f"no record key: set {ENV_KEY} or give --key-file (the server's key)")
        key = path.read_text(encoding="ascii").strip().encode()
    if len(key) < MIN_KEY_CHARS:
        fail(f"the record key is too short (at least {MIN_KEY_CHARS} characters)")
    return key
