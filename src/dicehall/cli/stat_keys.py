"""`simulate --stat`: the keys of a game's final spectator view, listed and checked.

The keys are read from one quick game between random bots (seed 0), so they are the keys a
finished game really has; a key the view does not have is an error before any work starts.
`--stat help` groups them: the keys of every item of a list share one line (`players.N.score`),
under their top-level key, each described by its kind and its values in that game.
"""

from __future__ import annotations

import json
import re
from typing import Any

from dicehall.bots import RandomBot
from dicehall.core import DicehallError, Game

MAX_LISTED = 8  # list items shown (players.0 ... players.7) at most


def final_view(game: Game[Any, Any]) -> dict[str, Any]:
    from dicehall.sim.simulate import play_one_with_view

    bots = [RandomBot(game, seat) for seat in range(game.num_players)]
    view: dict[str, Any] = play_one_with_view(game, bots, 0)[1]
    return view


def keys_of(value: Any, prefix: str = "") -> list[str]:
    """Every dotted key of a view, containers and leaves alike."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += keys_of(item, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and value and isinstance(value[0], dict | list):
        for i, item in enumerate(value[:MAX_LISTED]):
            out += keys_of(item, f"{prefix}.{i}")
    return out


INDEX = re.compile(r"(?<=\.)\d+(?=\.|$)")
EXAMPLE_CHARS = 40  # an example value is cut to this many characters


def pattern(key: str) -> str:
    """A key with its list indices as N: `players.2.score` -> `players.N.score`."""
    return INDEX.sub("N", key)


def _values(view: Any, key: str) -> list[Any]:
    """The values at every concrete key of a pattern (`N`: each index)."""
    found = [view]
    for part in key.split("."):
        if part == "N":
            found = [item for value in found if isinstance(value, list) for item in value]
        else:
            found = [v[part] for v in found if isinstance(v, dict) and part in v]
    return found


def _cut(text: str) -> str:
    return text if len(text) <= EXAMPLE_CHARS else text[: EXAMPLE_CHARS - 1] + "…"


def _example(value: Any) -> str:
    return _cut(json.dumps(value, default=str))


def describe(values: list[Any]) -> str:
    """What a key holds, from its values in the sample game."""
    if not values:
        return "absent here"
    if all(isinstance(v, bool) for v in values):
        return "true/false; counted"
    if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        low, high = min(values), max(values)
        spread = f"{low:g}" if low == high else f"{low:g} to {high:g}"
        return f"number ({spread} here); mean, median, min, max"
    if all(isinstance(v, str) for v in values):
        return f"text, e.g. {_example(values[0])}; counted"
    if all(isinstance(v, dict) for v in values):
        names = ", ".join(map(str, values[0]))
        return f"group of {len(values[0])} key(s): {_cut(names)}"
    if all(isinstance(v, list) for v in values):
        sizes = sorted({len(v) for v in values})
        size = str(sizes[0]) if len(sizes) == 1 else f"{sizes[0]} to {sizes[-1]}"
        return f"list of {size}, e.g. {_example(values[0])}; items pooled"
    if all(v is None for v in values):
        return "empty (null) here"
    return f"mixed, e.g. {_example(values[0])}; counted"


def stat_keys_text(game: Game[Any, Any]) -> str:
    """Every key of the final view, grouped by its top-level key, one line per pattern."""
    view = final_view(game)
    patterns = list(dict.fromkeys(pattern(k) for k in keys_of(view)))
    lines = [
        f"Keys of {game.id}'s final view for --stat KEY (a dotted path; N stands for a list "
        f"index from 0, e.g. players.0.score): {len(patterns)} kinds of key, as one game between "
        "random bots ended (seed 0), and what --stat reports of each:",
        "",
    ]
    width = min(32, max((len(p) for p in patterns), default=0))
    groups: dict[str, list[str]] = {}
    for key in patterns:
        groups.setdefault(key.split(".")[0], []).append(key)
    previous = 0
    for keys in groups.values():
        if len(keys) > 1 or previous > 1:  # a group of keys stands apart
            lines.append("")
        lines += [f"  {key:<{width}}  {describe(_values(view, key))}" for key in keys]
        previous = len(keys)
    return "\n".join(lines)


def check_stat_keys(game: Game[Any, Any], keys: tuple[str, ...]) -> None:
    if not keys:
        return
    known = set(keys_of(final_view(game)))
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise DicehallError(
            f"--stat {', '.join(unknown)}: not a key of {game.id}'s final view; "
            "`--stat help` lists them"
        )
