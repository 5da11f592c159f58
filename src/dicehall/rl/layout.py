"""The observation layouts of docs/rl.md, made from `observation_names`.

`python -m dicehall.rl.layout` prints one Markdown table per game (its default parameters):
consecutive entries whose names differ only in numbers share a row. `python -m
dicehall.rl.layout GAME [name=value ...] [--absolute]` prints every index with its name
(values are read as JSON where they parse, e.g. `players=3`, `solo=true`).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from dicehall import games
from dicehall.rl import observation_names

_HEAD = re.compile(r"^[^.=\[]+")
_DIGITS = re.compile(r"\d+")


def _shape(name: str) -> tuple[str, str]:
    """(the name's first part, the rest), numbers written `#` in both."""
    match = _HEAD.match(name)
    head = match.group(0) if match else ""
    return _DIGITS.sub("#", head), _DIGITS.sub("#", name[len(head) :])


def table(game_id: str, **params: Any) -> str:
    """A Markdown table of `game_id`'s observation: one row per run of entries whose first
    parts read alike, with their index range and the distinct rests of their names."""
    names = observation_names(game_id, **params)
    rows = ["| indices | entries | name | each |", "|---|---:|---|---|"]
    start = 0
    while start < len(names):
        head, _ = _shape(names[start])
        end = start
        tails: list[str] = []
        while end < len(names) and _shape(names[end])[0] == head:
            tail = _shape(names[end])[1]
            if tail not in tails:
                tails.append(tail)
            end += 1
        first = names[start] if end - start == 1 else f"{names[start]} … {names[end - 1]}"
        span = f"{start}" if end - start == 1 else f"{start}–{end - 1}"
        each = ", ".join(f"`{t}`" for t in tails if t) or ""
        rows.append(f"| {span} | {end - start} | `{first}` | {each} |")
        start = end
    return "\n".join(rows)


def builtin_games() -> list[str]:
    """The games dicehall ships (a plug-in's are its own to document)."""
    return [g for g in games.available() if games.module_name(g).startswith("dicehall.games.")]


def document() -> str:
    """Every game's table, as docs/rl.md holds them."""
    parts = []
    for game_id in builtin_games():
        size = len(observation_names(game_id))
        parts.append(f"**{game_id}** ({size} entries, default parameters)\n\n{table(game_id)}")
    return "\n\n".join(parts)


def _params(args: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for arg in args:
        key, _, text = arg.partition("=")
        try:
            out[key] = json.loads(text)
        except json.JSONDecodeError:
            out[key] = text
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(document())
        return 0
    relative = "--absolute" not in argv
    args = [a for a in argv if a != "--absolute"]
    for i, name in enumerate(observation_names(args[0], relative=relative, **_params(args[1:]))):
        print(i, name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
