"""Checking game parameters against a `GameSpec`."""

from __future__ import annotations

from typing import Any

from dicehall.core.errors import ParamError
from dicehall.core.types import GameSpec, ParamSpec


class ContentSource(str):
    """The kind of a parameter naming content: a built-in name or the path of a TOML file.

    Only parameters of this kind are ever read as files, and `names_a_file` alone decides
    which of their values are paths; so front ends decide by kind: the CLI turns such paths
    absolute (records replay from any folder), the web refuses them (the server's files are
    not a request's to choose). Values stay plain `str`.
    """


def names_a_file(value: str) -> bool:
    """Whether a content parameter's value is a file path rather than a built-in name: it
    contains a path separator or ends in `.toml`. Any other value is looked up among the
    game's built-in content only."""
    return "/" in value or "\\" in value or value.endswith(".toml")


def _coerce(p: ParamSpec, value: Any) -> Any:
    if p.kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
            return value.lower() in ("true", "1", "yes")
        raise ParamError(f"parameter {p.name!r} must be true or false, got {value!r}")
    if p.kind is int:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ParamError(f"parameter {p.name!r} must be an integer, got {value!r}")
        try:
            return int(value)
        except ValueError:
            raise ParamError(f"parameter {p.name!r} must be an integer, got {value!r}") from None
    if p.kind is str or p.kind is ContentSource:
        if value is None and p.default is None:
            return None
        if not isinstance(value, str):
            raise ParamError(f"parameter {p.name!r} must be text, got {value!r}")
        return str(value)
    return value


def resolve_params(spec: GameSpec, given: dict[str, Any]) -> dict[str, Any]:
    """Defaults merged with `given`, each value checked; raises `ParamError` naming the problem."""
    known = {p.name: p for p in spec.params}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ParamError(
            f"{spec.id}: unknown parameter(s) {', '.join(unknown)}; "
            f"known: {', '.join(sorted(known)) or 'none'}"
        )
    out = spec.defaults()
    for name, value in given.items():
        p = known[name]
        v = _coerce(p, value)
        if p.choices and v not in p.choices:
            raise ParamError(
                f"{spec.id}: parameter {name!r} must be one of "
                f"{', '.join(map(str, p.choices))}, got {v!r}"
            )
        if p.minimum is not None and v < p.minimum:
            raise ParamError(f"{spec.id}: parameter {name!r} must be >= {p.minimum}, got {v}")
        if p.maximum is not None and v > p.maximum:
            raise ParamError(f"{spec.id}: parameter {name!r} must be <= {p.maximum}, got {v}")
        out[name] = v
    return out
