"""Compact differences between two JSON values (a replay step's view from the one before).

A delta is a list of operations, applied in order (web/static/js/delta.js does the same):
`[path, value]` sets the value at `path` (a list of object keys and array indices; the empty
path replaces the whole value) and `[path]` removes the key at `path`. Arrays of different
lengths are replaced whole; objects and equal-length arrays are compared member by member.
"""

from __future__ import annotations

import copy
from typing import Any

Path = list[str | int]
Op = list[Any]


def diff(old: Any, new: Any) -> list[Op]:
    """The operations that turn `old` into `new` (both plain JSON values)."""
    ops: list[Op] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: Any, new: Any, path: Path, ops: list[Op]) -> None:
    if type(old) is type(new) and old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append([[*path, key]])
        for key, value in new.items():
            if key in old:
                _diff(old[key], value, [*path, key], ops)
            else:
                ops.append([[*path, key], value])
    elif _sequence(old) and _sequence(new) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            _diff(a, b, [*path, index], ops)
    elif old != new or type(old) is not type(new):
        ops.append([path, new])


def _sequence(value: Any) -> bool:
    """Tuples are JSON arrays too: views may hold either."""
    return isinstance(value, list | tuple)


def apply(value: Any, ops: list[Op]) -> Any:
    """`value` with `ops` applied (changes `value` in place where it can; returns the result).
    Values are copied out of `ops`, so the same ops can be applied again later."""
    for op in ops:
        path = op[0]
        if not path:
            value = copy.deepcopy(op[1])
            continue
        node = value
        for key in path[:-1]:
            node = node[key]
        if len(op) == 1:
            del node[path[-1]]
        else:
            node[path[-1]] = copy.deepcopy(op[1])
    return value
