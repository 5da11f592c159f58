"""Bots from outside dicehall: a strategy file (`--bots path/to/file.py:ClassName`) or an
installed package's bot, an entry point of the group `dicehall.bots` (`--bots NAME`).

Either follows the bot protocol (`dicehall.core.parts.Bot`): `ClassName(game, seat)` makes one
for a seat, and `act(view, legal_actions, rng)` returns one of `legal_actions`, decided from
the seat's view alone (the rules object `game` is there for its constants; its secrets are
not). A strategy file is Python run on the machine that runs the command, like any script
you start yourself: only the command line takes one, never the web server.
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from dicehall.bots.base import Bot
from dicehall.bots.knobs import labelled
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game

ENTRY_POINTS = "dicehall.bots"
MAX_FILE = 1_000_000
"""The largest strategy file read, in bytes."""
Maker = Callable[[Game[Any, Any], int], Any]


def file_spec(text: str) -> tuple[Path, str] | None:
    """`("path/to/file.py", "ClassName")` for a strategy file's spec, else None."""
    where, sep, name = text.strip().rpartition(":")
    return (Path(where), name.strip()) if sep and where.endswith(".py") else None


def installed() -> dict[str, metadata.EntryPoint]:
    """The bots installed packages offer: name -> entry point."""
    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINTS)}


def is_custom(text: str) -> bool:
    """Whether `text` names a strategy file or an installed package's bot."""
    return file_spec(text) is not None or text.strip() in installed()


def maker(text: str) -> Maker:
    """The class (or function) that makes the bot `text` names; clear errors otherwise."""
    found = file_spec(text)
    if found is None:
        return _entry_point(text.strip())
    path, name = found
    if not name.isidentifier():
        raise DicehallError(f"{text!r}: after the file comes a class name, e.g. {path}:MyBot")
    try:
        stat = path.resolve().stat()
    except OSError:
        raise DicehallError(f"no strategy file {str(path)!r}") from None
    if stat.st_size > MAX_FILE:
        raise DicehallError(f"strategy file {str(path)!r} is over {MAX_FILE:,} bytes")
    made = vars(_load(str(path.resolve()), stat.st_mtime_ns)).get(name)
    if not callable(made):
        raise DicehallError(f"strategy file {str(path)!r} defines no class {name!r}")
    out: Maker = made
    return out


@lru_cache(maxsize=32)
def _load(path: str, mtime: int) -> Any:
    """The strategy file's module, run once per version of the file."""
    key = hashlib.sha256(f"{path}:{mtime}".encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(f"dicehall_strategy_{key}", path)
    if spec is None or spec.loader is None:
        raise DicehallError(f"cannot read {path!r} as Python")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the strategy's own error, shown without a traceback
        raise DicehallError(f"strategy file {path!r} failed to load: {exc!r}") from None
    return module


def _entry_point(name: str) -> Maker:
    found = installed().get(name)
    if found is None:
        raise DicehallError(f"no installed bot {name!r} (entry point group {ENTRY_POINTS})")
    try:
        made = found.load()
    except Exception as exc:
        raise DicehallError(f"installed bot {name!r} failed to load: {exc!r}") from None
    if not callable(made):
        raise DicehallError(f"installed bot {name!r} ({found.value}) is not a class")
    out: Maker = made
    return out


def make(text: str, game: Game[Any, Any], seat: int) -> Bot:
    """The bot `text` names for `seat`, under `text` as its level."""
    make_one = maker(text)
    try:
        bot = make_one(game, seat)
    except Exception as exc:
        raise DicehallError(f"bot {text!r} failed to start: {exc!r}") from None
    if not callable(getattr(bot, "act", None)):
        raise DicehallError(f"bot {text!r} has no act(view, legal_actions, rng) method")
    return labelled(bot, text.strip())
