"""Memory stays flat: every function cache in dicehall has a size limit.

A long simulation or a server that runs for weeks must not grow without bound, so each
`functools` cache in the package is an LRU with a `maxsize` (sized over its finite domain).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any

import dicehall


def _module_names() -> list[str]:
    found = []
    for info in pkgutil.walk_packages(dicehall.__path__, "dicehall."):
        if not info.name.endswith("__main__"):
            found.append(info.name)
    return found


def _caches(namespace: dict[str, Any], where: str) -> list[tuple[str, Any]]:
    out = []
    for name, value in namespace.items():
        if isinstance(value, type) and value.__module__ == where:
            out += [(f"{name}.{k}", v) for k, v in vars(value).items()]
        else:
            out.append((name, value))
    return [(n, v) for n, v in out if hasattr(v, "cache_info") and hasattr(v, "cache_clear")]


def test_every_functools_cache_has_a_maxsize() -> None:
    unbounded = []
    checked = 0
    for module_name in _module_names():
        module = importlib.import_module(module_name)
        for name, cache in _caches(vars(module), module_name):
            if getattr(cache, "__module__", module_name) != module_name:
                continue  # imported from elsewhere: checked where it is defined
            checked += 1
            if cache.cache_info().maxsize is None:
                unbounded.append(f"{module_name}.{name}")
    assert checked > 20  # the scan finds the caches (it would pass vacuously otherwise)
    assert not unbounded, f"unbounded caches: {unbounded}"


def test_an_unbounded_cache_is_reported() -> None:
    @functools.cache
    def square(x: int) -> int:
        return x * x

    namespace = {"square": square}
    assert [n for n, c in _caches(namespace, __name__) if c.cache_info().maxsize is None] == [
        "square"
    ]
