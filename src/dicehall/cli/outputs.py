"""Output paths checked before long work starts, and a fallback when saving still fails.

A run of thousands of games must never end in "cannot write": `--out`, `--record-dir` and
report folders are checked first; if saving fails anyway, the work goes to a fallback file
in the temporary folder and the command says where.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from dicehall.cli.common import error_console
from dicehall.core import DicehallError
from dicehall.sim.results import FORMATS


def _writable_folder(folder: Path, what: str) -> None:
    if folder.exists() and not folder.is_dir():
        raise DicehallError(f"{what}: {folder} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DicehallError(f"{what}: cannot create folder {folder} ({exc.strerror})") from exc
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DicehallError(f"{what}: folder {folder} is not writable")


def check_results_path(path: Path, option: str = "--out") -> None:
    """A results file: .parquet or .csv, in a writable folder, not a folder itself."""
    if path.suffix.lower() not in FORMATS:
        raise DicehallError(
            f"{option} must name a .parquet or .csv file, got {path.name!r}; nothing was run"
        )
    if path.is_dir():
        raise DicehallError(f"{option}: {path} is a folder; name a file in it")
    if path.exists() and not os.access(path, os.W_OK):
        raise DicehallError(f"{option}: {path} is not writable")
    _writable_folder(path.parent if str(path.parent) else Path("."), option)


def check_folder(path: Path, option: str) -> None:
    """A folder to write into (created when missing)."""
    _writable_folder(path, option)


def fallback_path(path: Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return Path(tempfile.gettempdir()) / f"dicehall-{stamp}-{path.name or 'output'}"


def save_or_fallback(save: Callable[[Path], object], path: Path) -> Path | None:
    """`save(path)`; if that fails, say why and `save` to a fallback path; None if both fail."""
    try:
        save(path)
        return path
    except (OSError, DicehallError) as exc:
        error_console().print(f"could not save {path}: {exc}", style="red", markup=False)
    spare = fallback_path(path)
    try:
        save(spare)
    except (OSError, DicehallError) as exc:
        error_console().print(f"the fallback {spare} failed too: {exc}", style="red")
        return None
    error_console().print(f"saved to {spare} instead", style="yellow", markup=False)
    return spare
