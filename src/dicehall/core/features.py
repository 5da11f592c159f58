"""Fixed-size feature vectors of a seat's view (RL observations): a small builder, `Vec`.

A game's `features` part (a `dicehall.core.parts.Features`) builds one with `Vec`: one-hots for
categories, numbers scaled to about 0..1, lists padded with zeros.
"""

from __future__ import annotations

from array import array
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Vec:
    """Appends features in a fixed order; every method adds a fixed number of entries."""

    __slots__ = ("out",)

    def __init__(self) -> None:
        self.out: list[float] = []

    def one_hot(self, value: Any, options: Sequence[Any]) -> None:
        """One entry per option; all zeros when `value` is not among them (None, unknown)."""
        self.out.extend(1.0 if value == o else 0.0 for o in options)

    def num(self, value: float | bool | None, scale: float = 1.0) -> None:
        self.out.append(0.0 if value is None else float(value) / scale)

    def nums(self, values: Iterable[float | None], length: int, scale: float = 1.0) -> None:
        """`length` entries: the values (cut to `length`), then zeros."""
        vals = [0.0 if v is None else float(v) / scale for v in values][:length]
        self.out.extend(vals + [0.0] * (length - len(vals)))

    def mask(self, members: Iterable[int], length: int) -> None:
        """1 at each member index in `range(length)`."""
        row = [0.0] * length
        for m in members:
            if 0 <= m < length:
                row[m] = 1.0
        self.out.extend(row)

    def counts(self, values: Iterable[int], options: Sequence[int], scale: float = 1.0) -> None:
        """How many times each option occurs in `values`."""
        vals = list(values)
        self.out.extend(vals.count(o) / scale for o in options)


_ROWS: dict[int, tuple[tuple[float, ...], ...]] = {}


def _rows(size: int) -> tuple[tuple[float, ...], ...]:
    """The one-hot rows of `size` entries, then the all-zeros row."""
    rows = tuple(tuple(1.0 if i == at else 0.0 for i in range(size)) for at in range(size + 1))
    _ROWS[size] = rows
    return rows


def hot(index: int | None, size: int) -> tuple[float, ...]:
    """A one-hot row of `size` entries with 1 at `index` (all zeros for None or out of range).

    The state featurizers use it: the same entries `Vec.one_hot` makes from a view."""
    rows = _ROWS.get(size) or _rows(size)
    if index is None or not 0 <= index < size:
        return rows[size]
    return rows[index]


def padded(values: Sequence[float], length: int, scale: float) -> list[float]:
    """`length` entries: the values divided by `scale` (cut to `length`), then zeros."""
    out = [v / scale for v in values[:length]]
    if len(out) < length:
        out += [0.0] * (length - len(out))
    return out


class Blocks(Generic[V]):
    """Feature blocks remembered by the values they are made from (hashable, immutable parts
    of a state: consecutive states share most of them), at most `size` (then the oldest goes).
    A state featurizer asks `get(key)` and, on None, makes the block and `put`s it.

    An OrderedDict, not a dict: a dict's oldest key is found by `next(iter(d))`, which skips
    every slot deleted since the dict was last resized (about 2 µs a put once full)."""

    __slots__ = ("_made", "size")

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self._made: OrderedDict[Any, V] = OrderedDict()

    def get(self, key: Any) -> V | None:
        return self._made.get(key)

    def put(self, key: Any, block: V) -> V:
        made = self._made
        if len(made) >= self.size:
            made.popitem(last=False)
        made[key] = block
        return block

    def __len__(self) -> int:
        return len(self._made)


def packed(values: Iterable[float]) -> bytes:
    """Values as consecutive float64 bytes: blocks joined with `b"".join` and read with
    `numpy.frombuffer` make a long vector without a Python float list."""
    return array("d", values).tobytes()
