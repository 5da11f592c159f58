"""`replace` for the rules' frozen dataclasses: `dataclasses.replace`, several times faster.

States are immutable and every rules step copies one with a few fields changed, so this copy
is the hot path of every game. `dataclasses.replace` calls `__init__` through `fields()`; the
copier made here for a class is straight-line code (one keyword per field, the technique
`dataclasses` itself uses to write `__init__`) that fills an unfrozen twin of the class and
then makes it a `cls`. It is used only for classes whose `__init__` just stores its fields:
slotted, no `__post_init__`, no `init=False` field; any other class goes to
`dataclasses.replace`.
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
        found = _COPIERS[cls] = _make(cls)
    return found


def replace(obj: T, /, **changes: Any) -> T:
    """Drop-in for `dataclasses.replace` (an unknown field raises `TypeError` the same way)."""
    copier = _COPIERS.get(type(obj)) or evolver(type(obj))
    copied: T = copier(obj, **changes)
    return copied


def _make(cls: type[T]) -> Callable[..., T]:
    fields = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
    plain = (
        fields
        and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__")
        and all(f.init for f in fields)
    )
    if not plain:
        return dataclasses.replace
    names = [f.name for f in fields]
    params = ", ".join(f"{name}=_MISSING" for name in names)
    # Fields are stored on an unfrozen twin with the same slots (plain attribute stores), then
    # the copy becomes a `cls`: CPython allows `__class__` assignment between identical layouts.
    twin = type(f"_Mutable{cls.__name__}", (object,), {"__slots__": cls.__dict__["__slots__"]})
    lines = [f"def replace(obj, /, *, {params}):", "    new = _new(twin)"]
    lines += [f"    new.{n} = obj.{n} if {n} is _MISSING else {n}" for n in names]
    lines += ["    new.__class__ = cls", "    return new"]
    namespace: dict[str, Any] = {"_MISSING": _MISSING, "_new": object.__new__}
    namespace.update(twin=twin, cls=cls)
    exec("\n".join(lines), namespace)  # field names come from the class itself
    made: Callable[..., T] = namespace["replace"]
    try:
        _check(made, cls, names)
    except TypeError:  # a layout the twin cannot share: the plain route
        return dataclasses.replace
    return made


def _check(made: Callable[..., Any], cls: type, names: list[str]) -> None:
    probe: Any = object.__new__(cls)
    for name in names:
        object.__setattr__(probe, name, name)
    copy = made(probe)
    if type(copy) is not cls or any(getattr(copy, n) != n for n in names):
        raise TypeError(f"cannot copy {cls.__name__} field by field")
