"""Fast copies and constructors for the rules' frozen dataclasses.

States are immutable and every rules step copies one with a few fields changed, so this copy
is the hot path of every game. `dataclasses.replace` calls `__init__` through `fields()`, and
a frozen `__init__` stores each field with `object.__setattr__`. The functions made here for a
class are straight-line code (the technique `dataclasses` itself uses to write `__init__`) that
fill an unfrozen twin of the class with plain attribute stores and then make it a `cls`
(CPython allows `__class__` assignment between identical slot layouts). They are made only for
classes whose `__init__` just stores its fields: slotted, no `__post_init__`, no `init=False`
field, no default factory; any other class keeps `dataclasses.replace` and its own `__init__`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_MISSING = object()
_COPIERS: dict[type, Callable[..., Any]] = {}
"""One copier per class (bounded by the classes in the code)."""


def evolver(cls: type[T]) -> Callable[..., T]:
    """The copier of `cls`: `copier(obj, **changes)` is `dataclasses.replace(obj, **changes)`."""
    found = _COPIERS.get(cls)
    if found is None:
        found = _COPIERS[cls] = _make(cls, copy=True) or dataclasses.replace
    return found


def constructor(cls: type[T]) -> Callable[..., T]:
    """A faster `cls(...)` taking the same arguments (`cls` itself when none can be made)."""
    return _make(cls, copy=False) or cls


def changer(cls: type[T], *names: str) -> Callable[..., T]:
    """A copier of `cls` taking the new values of `names`, positionally and all of them:
    `changer(cls, "a", "b")(obj, 1, 2)` is `dataclasses.replace(obj, a=1, b=2)`, for the hot
    transitions whose changed fields are always the same (no keyword parsing, no test per field)."""
    fields = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = [n for n in names if n not in fields]
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__}: not distinct fields: {names}")
    made = _make(cls, copy=True, changed=names)
    if made is not None:
        return made
    changes = ", ".join(f"{n}={n}" for n in names)
    namespace: dict[str, Any] = {"_replace": dataclasses.replace}
    exec(f"def made(obj, /, {', '.join(names)}):\n    return _replace(obj, {changes})", namespace)
    slow: Callable[..., T] = namespace["made"]
    return slow


def replace(obj: T, /, **changes: Any) -> T:
    """Drop-in for `dataclasses.replace` (an unknown field raises `TypeError` the same way)."""
    copier = _COPIERS.get(type(obj)) or evolver(type(obj))
    copied: T = copier(obj, **changes)
    return copied


def _plain_fields(cls: type) -> list[dataclasses.Field[Any]] | None:
    if not dataclasses.is_dataclass(cls) or "__slots__" not in cls.__dict__:
        return None
    fields = list(dataclasses.fields(cls))
    if hasattr(cls, "__post_init__") or any(
        not f.init or f.default_factory is not dataclasses.MISSING for f in fields
    ):
        return None
    return fields


def _make(
    cls: type[T], copy: bool, changed: tuple[str, ...] | None = None
) -> Callable[..., T] | None:
    fields = _plain_fields(cls)
    if not fields:
        return None
    names = [f.name for f in fields]
    defaults = {f"_default_{f.name}": f.default for f in fields}
    if changed is not None:  # changer: made(obj, changed..., /)
        params = ", ".join(("obj", *changed, "/"))
        values = [n if n in changed else f"obj.{n}" for n in names]
    elif copy:  # replace(obj, *, name=_MISSING, ...)
        params = "obj, /, *, " + ", ".join(f"{n}=_MISSING" for n in names)
        values = [f"obj.{n} if {n} is _MISSING else {n}" for n in names]
    else:  # make(name, ..., name=default, ...) as `__init__` takes them
        params = ", ".join(
            n if f.default is dataclasses.MISSING else f"{n}=_default_{n}"
            for n, f in zip(names, fields, strict=True)
        )
        values = names
    twin = type(f"_Mutable{cls.__name__}", (object,), {"__slots__": cls.__dict__["__slots__"]})
    lines = [f"def made({params}):", "    new = _new(twin)"]
    lines += [f"    new.{n} = {v}" for n, v in zip(names, values, strict=True)]
    lines += ["    new.__class__ = cls", "    return new"]
    namespace: dict[str, Any] = {"_MISSING": _MISSING, "_new": object.__new__, **defaults}
    namespace.update(twin=twin, cls=cls)
    exec("\n".join(lines), namespace)  # field names come from the class itself
    made: Callable[..., T] = namespace["made"]
    try:
        _check(made, cls, names, copy, changed)
    except TypeError:  # a layout the twin cannot share: the plain route
        return None
    return made


def _check(
    made: Callable[..., Any],
    cls: type,
    names: list[str],
    copy: bool,
    changed: tuple[str, ...] | None = None,
) -> None:
    probe: Any = object.__new__(cls)
    for name in names:
        object.__setattr__(probe, name, name)
    # a changer sets each changed field to its own name, as the probe holds them
    args = (probe, *changed) if changed is not None else (probe,) if copy else tuple(names)
    result = made(*args)
    if type(result) is not cls or any(getattr(result, n) != n for n in names):
        raise TypeError(f"cannot build {cls.__name__} field by field")
