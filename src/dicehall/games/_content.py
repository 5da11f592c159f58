"""The one IO seam of the games layer: reading content TOML.

Built-in content ships inside each game's package (`content/<name>.toml`); a user's own file
is named by path in a game parameter. Both come back as parsed TOML plus a digest of the
exact bytes, which records store so that a replay with other content is caught.
"""

from __future__ import annotations

import hashlib
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from dicehall.core.errors import ContentError
from dicehall.core.params import names_a_file


def load_toml(game_id: str, name_or_path: str) -> tuple[dict[str, Any], str, str]:
    """`(data, digest, source)` for built-in content `name` or a user file at a path.

    A value `core.names_a_file` calls a path is read as a file.
    """
    if names_a_file(name_or_path):
        source = name_or_path
        try:
            raw = Path(name_or_path).read_bytes()
        except OSError as exc:
            raise ContentError(source, "file", f"cannot be read: {exc.strerror}") from None
    else:
        source = f"{game_id}:{name_or_path}"
        package = resources.files(f"dicehall.games.{game_id}").joinpath("content")
        entry = package.joinpath(f"{name_or_path}.toml")
        if not entry.is_file():
            names = sorted(e.name[:-5] for e in package.iterdir() if e.name.endswith(".toml"))
            known = f"; built-in: {', '.join(names)}, or a .toml file path" if names else ""
            raise ContentError(source, "name", f"no such built-in content{known}")
        raw = entry.read_bytes()
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(source, "syntax", f"not valid TOML: {exc}") from None
    return data, hashlib.sha256(raw).hexdigest(), source
