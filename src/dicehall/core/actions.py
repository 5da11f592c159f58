"""Wire forms of actions: JSON objects and stable integer ids.

Actions are small frozen dataclasses. `ActionCodec` turns them into `{"type": ..., field: ...}`
and back, checking every field's type; `ActionIndex` numbers a fixed, ordered list of every
action a game can ever take, for RL masks.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any

from dicehall.core.errors import MalformedActionError


def _to_json_value(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, tuple):
        return [_to_json_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_json_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _from_json_value(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            if option is type(None) and value is None:
                return None
        for option in typing.get_args(hint):
            if option is type(None):
                continue
            try:
                return _from_json_value(option, value, where)
            except MalformedActionError:
                continue
        raise MalformedActionError(f"{where}: {value!r} fits none of {hint}")
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            raise MalformedActionError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_json_value(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise MalformedActionError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(
            _from_json_value(a, v, f"{where}[{i}]")
            for i, (a, v) in enumerate(zip(args, value, strict=True))
        )
    if hint is bool:
        if not isinstance(value, bool):
            raise MalformedActionError(f"{where}: expected true or false, got {value!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedActionError(f"{where}: expected an integer, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise MalformedActionError(f"{where}: expected text, got {value!r}")
        return value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        if not isinstance(value, str) or value not in hint.__members__:
            names = ", ".join(hint.__members__)
            raise MalformedActionError(f"{where}: expected one of {names}, got {value!r}")
        return hint[value]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, dict):
            raise MalformedActionError(f"{where}: expected an object, got {value!r}")
        return _build(hint, value, where)
    raise MalformedActionError(f"{where}: unsupported field type {hint!r}")


@functools.lru_cache(maxsize=1024)
def _fields_of(cls: type) -> tuple[dict[str, Any], frozenset[str]]:
    """Type hints and field names of an action class, computed once per class."""
    return typing.get_type_hints(cls), frozenset(f.name for f in dataclasses.fields(cls))


def _build(cls: type, data: dict[str, Any], where: str) -> Any:
    hints, fields = _fields_of(cls)
    extra = sorted(set(data) - fields - {"type"})
    if extra:
        raise MalformedActionError(f"{where}: unknown field(s) {', '.join(extra)}")
    missing = sorted(fields - set(data))
    if missing:
        raise MalformedActionError(f"{where}: missing field(s) {', '.join(missing)}")
    kwargs = {name: _from_json_value(hints[name], data[name], f"{where}.{name}") for name in fields}
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise MalformedActionError(f"{where}: {exc}") from None


class ActionCodec:
    """JSON round trip for a game's action dataclasses, keyed by class name.

    `renamed` maps the former name of a renamed class to the class, so that records saved
    before the rename still load; actions are always written under their current name.
    """

    def __init__(self, *action_types: type, renamed: dict[str, type] | None = None) -> None:
        self._types = {t.__name__: t for t in action_types}
        self._former = dict(renamed or {})
        if not set(self._former.values()) <= set(action_types) or set(self._former) & set(
            self._types
        ):
            raise ValueError("a former name must name a current action type and no other")

    @property
    def type_names(self) -> tuple[str, ...]:
        return tuple(self._types)

    def to_json(self, action: Any) -> dict[str, Any]:
        name = type(action).__name__
        if name not in self._types:
            raise MalformedActionError(f"not an action of this game: {action!r}")
        out: dict[str, Any] = {"type": name}
        for f in dataclasses.fields(action):
            out[f.name] = _to_json_value(getattr(action, f.name))
        return out

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise MalformedActionError(f"an action must be a JSON object, got {data!r}")
        name = data.get("type")
        cls = None
        if isinstance(name, str):  # `[]` is not hashable
            cls = self._types.get(name) or self._former.get(name)
        if cls is None:
            known = ", ".join(self._types)
            raise MalformedActionError(f"unknown action type {name!r}; expected one of {known}")
        return _build(cls, data, str(name))


class ActionIndex:
    """Stable integer ids over a fixed ordered list of every possible action."""

    def __init__(self, actions: Iterable[Any]) -> None:
        self._actions: tuple[Any, ...] = tuple(actions)
        self._ids = {a: i for i, a in enumerate(self._actions)}
        if len(self._ids) != len(self._actions):
            raise ValueError("duplicate actions in an ActionIndex")

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def actions(self) -> Sequence[Any]:
        return self._actions

    def encode(self, action: Any) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise MalformedActionError(f"action has no id: {action!r}") from None

    def encode_many(self, actions: Iterable[Any]) -> list[int]:
        """`[encode(a) for a in actions]`, in one pass (the RL interfaces' legal-id lists)."""
        try:
            return list(map(self._ids.__getitem__, actions))
        except (KeyError, TypeError):
            return [self.encode(a) for a in actions]  # raises for the action with no id

    def decode(self, action_id: int) -> Any:
        if isinstance(action_id, bool) or not isinstance(action_id, int):
            raise MalformedActionError(f"action id must be an integer, got {action_id!r}")
        if not 0 <= action_id < len(self._actions):
            raise MalformedActionError(
                f"action id {action_id} out of range 0..{len(self._actions) - 1}"
            )
        return self._actions[action_id]
