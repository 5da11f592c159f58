"""A disk cache for solved tables: one numpy `.npy` file per table, memory-mapped on load.

The folder is `$DICEHALL_CACHE_DIR`, else the user's cache folder (platformdirs). A table is
written to a temporary file and moved into place (`os.replace`), then its SHA-256 is written
next to it the same way. On load the header (shape, dtype), the file size and the digest are
checked; a missing digest or any mismatch is reported with a `CacheWarning` and the table is
not used (the caller solves again and overwrites it). A folder that cannot be written only
costs a warning: the solved table is still used in memory. `lock(name)` (a file lock) lets one
process of a machine solve a table while the others wait for it, then load it; `load_or_make`
does all of that for a solver.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ENV_DIR = "DICEHALL_CACHE_DIR"
NO_SOLVE_ENV = "DICEHALL_NO_SOLVE"
"""Set (as the web server's bot workers do): a table missing from the cache is an error, never
a solve in this process."""
_CHUNK = 1 << 24


class NotSolved(RuntimeError):
    """The table is not in the cache and this process may not solve it (`NO_SOLVE_ENV`)."""


class CacheWarning(UserWarning):
    """A cached table was unusable (and is solved again), or could not be saved."""


def cache_dir() -> Path:
    """`$DICEHALL_CACHE_DIR`, else the user's cache folder for dicehall (not created here)."""
    if os.environ.get(ENV_DIR):
        return Path(os.environ[ENV_DIR])
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("dicehall", appauthor=False))


def table_path(name: str) -> Path:
    return cache_dir() / f"{name}.npy"


def _digest_path(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def _sha256(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def _write_atomically(path: Path, write: Any) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(tmp, 0o644)  # mkstemp's 0o600 would hide a shared cache from other users
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(name: str, array: Any) -> Path | None:
    """Write `array` as the table `name`; None (and a warning) when the folder refuses."""
    import numpy as np

    path = table_path(name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(path, lambda f: np.save(f, array, allow_pickle=False))
        digest = _sha256(path).encode()
        _write_atomically(_digest_path(path), lambda f: f.write(digest + b"\n"))
    except OSError as exc:
        warnings.warn(f"could not cache {name} in {path.parent}: {exc}", CacheWarning, 2)
        return None
    return path


@contextmanager
def lock(name: str) -> Iterator[None]:
    """Hold the machine-wide lock of table `name` (no lock where the folder cannot be written)."""
    from filelock import FileLock

    path = table_path(name)
    file_lock = FileLock(path.with_name(path.name + ".lock"))
    held = True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        file_lock.acquire()
    except OSError:
        held = False
    try:
        yield
    finally:
        if held:
            file_lock.release()


def load_or_make(name: str, shape: tuple[int, ...], dtype: str, make: Callable[[], Any]) -> Any:
    """The table `name` from the cache, else `make()` saved and memory-mapped back (which lets
    the solve's memory go), under the table's lock: one solve per machine, the others wait for
    it and load it. Where the folder refuses, the fresh table is used in memory."""
    if os.environ.get(NO_SOLVE_ENV) and not table_path(name).exists():
        raise NotSolved(f"{name} is not solved yet (`dicehall solve` prepares it)")
    with lock(name):
        table = load(name, shape, dtype)
        if table is None:
            if os.environ.get(NO_SOLVE_ENV):
                raise NotSolved(f"{name} in the cache is unusable (`dicehall solve` redoes it)")
            fresh = make()
            table = load(name, shape, dtype) if save(name, fresh) is not None else None
            table = fresh if table is None else table
    return table


def load(name: str, shape: tuple[int, ...], dtype: str) -> Any | None:
    """The table `name` memory-mapped read-only, or None when it is missing or unusable."""
    import numpy as np

    path = table_path(name)
    if not path.exists():
        return None
    try:
        table = np.load(path, mmap_mode="r", allow_pickle=False)
        problem = ""
        if table.shape != shape or table.dtype != np.dtype(dtype):
            problem = f"holds {table.dtype}{table.shape}, expected {dtype}{shape}"
        elif path.stat().st_size != table.offset + table.nbytes:
            problem = "has the wrong size"
        elif _sha256(path) != _digest_path(path).read_text().strip():
            problem = "does not match its checksum"
    except (OSError, ValueError, EOFError) as exc:  # truncated, not a .npy, no checksum file
        problem = f"cannot be read ({exc})"
    if problem:
        warnings.warn(f"cached table {path} {problem}: solving again", CacheWarning, 2)
        return None
    return table


def has(name: str) -> bool:
    """Whether the table `name` is on this machine (`load_or_make` would not solve)."""
    return table_path(name).exists()
