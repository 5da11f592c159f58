"""The server's record-signing key: from the setting, else a file made once and kept.

Order: `DICEHALL_RECORD_KEY` (at least 32 characters); else `<database>.record-key` beside a
SQLite file; else `record-key` in the user data folder (other databases); an in-memory
database gets a key for the life of the process. The key file is created with mode 0600 and
never rewritten. The key itself is never logged: the log names its file and its key id.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from pathlib import Path

from sqlalchemy.engine import make_url

from dicehall.core.errors import DicehallError
from dicehall.engine.signing import key_id

ENV_KEY = "DICEHALL_RECORD_KEY"
MIN_KEY_CHARS = 32
log = logging.getLogger("dicehall.web")


def key_file(db_url: str) -> Path | None:
    """Where the key lives for this database; None for an in-memory one."""
    url = make_url(db_url)
    if url.get_backend_name() == "sqlite":
        if not url.database or url.database == ":memory:":
            return None
        return Path(url.database).with_name(Path(url.database).name + ".record-key")
    from platformdirs import user_data_dir

    return Path(user_data_dir("dicehall", appauthor=False)) / "record-key"


def load_key(db_url: str, configured: str | None = None) -> bytes:
    """The signing key for a server on `db_url` (see the module doc for the order)."""
    text = configured if configured is not None else os.environ.get(ENV_KEY)
    if text:
        if len(text) < MIN_KEY_CHARS:
            raise DicehallError(f"{ENV_KEY} must have at least {MIN_KEY_CHARS} characters")
        key = text.encode()
        log.info("records are signed with the configured key (key id %s)", key_id(key))
        return key
    path = key_file(db_url)
    if path is None:
        key = secrets.token_bytes(32)
        log.info("records are signed with a key for this process only (in-memory database)")
        return key
    key = _read_or_create(path)
    log.info("records are signed with the key in %s (key id %s)", path, key_id(key))
    return key


def _read_or_create(path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(32) + "\n")
            out.flush()
            os.fsync(out.fileno())
    text = path.read_text(encoding="ascii").strip()
    if len(text) < MIN_KEY_CHARS:
        raise DicehallError(f"the record key file {path} is too short: delete it to make a new one")
    return text.encode()
