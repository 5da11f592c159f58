"""Fixed-size feature vectors of a seat's view (RL observations): a small builder, `Vec`.

A game's `features` part (a `dicehall.core.parts.Features`) builds one with `Vec`: one-hots for
categories, numbers scaled to about 0..1, lists padded with zeros.
"""

from __future__ import annotations

import re
from array import array
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

V = TypeVar("V")


SEAT = "seat"
"""Names write a seat as `seat<k>` (`seat_labels`), so that `relative_order` can find them."""


def seat_labels(n: int) -> tuple[str, ...]:
    """The option labels of a one-hot over the seats `range(n)`: `seat0`, `seat1`..."""
    return tuple(f"{SEAT}{k}" for k in range(n))


class Vec:
    """Appends features in a fixed order; every method adds a fixed number of entries.

    `Vec(named=True)` also writes one name per entry into `names` (`name` and `labels` of each
    call; `scope(prefix)` prefixes the names of the calls made inside it): a features function
    built on one Vec gives its observation's names by running once on a named one."""

    __slots__ = ("_prefix", "names", "out")

    def __init__(self, named: bool = False) -> None:
        self.out: list[float] = []
        self.names: list[str] | None = [] if named else None
        self._prefix = ""

    @contextmanager
    def scope(self, prefix: str) -> Iterator[None]:
        """Names of the entries added inside start with `prefix.`."""
        outer = self._prefix
        self._prefix = f"{outer}{prefix}."
        try:
            yield
        finally:
            self._prefix = outer

    def add_names(self, *names: str) -> None:
        """Names for entries appended to `out` directly (the order they were appended in)."""
        if self.names is not None:
            self.names.extend(self._prefix + n for n in names)

    def _label(self, name: str, labels: Iterable[Any], sep: str) -> None:
        if self.names is not None:
            self.names.extend(f"{self._prefix}{name}{sep}{label}" for label in labels)

    def _label_list(self, name: str, labels: Sequence[str]) -> None:
        self._label(name, (f"[{label}]" for label in labels), "")

    def one_hot(
        self, value: Any, options: Sequence[Any], name: str = "", labels: Sequence[str] = ()
    ) -> None:
        """One entry per option; all zeros when `value` is not among them (None, unknown).
        Named `name=label` (labels default to the options)."""
        self.out.extend(1.0 if value == o else 0.0 for o in options)
        self._label(name, labels or [_option(o) for o in options], "=")

    def num(self, value: float | bool | None, scale: float = 1.0, name: str = "") -> None:
        self.out.append(0.0 if value is None else float(value) / scale)
        self.add_names(name)

    def nums(
        self,
        values: Iterable[float | None],
        length: int,
        scale: float = 1.0,
        name: str = "",
        labels: Sequence[str] = (),
    ) -> None:
        """`length` entries: the values (cut to `length`), then zeros. Named `name[label]`
        (labels default to 0, 1...)."""
        vals = [0.0 if v is None else float(v) / scale for v in values][:length]
        self.out.extend(vals + [0.0] * (length - len(vals)))
        self._label_list(name, labels or [str(i) for i in range(length)])

    def mask(
        self, members: Iterable[int], length: int, name: str = "", labels: Sequence[str] = ()
    ) -> None:
        """1 at each member index in `range(length)`: named `name[label]`."""
        row = [0.0] * length
        for m in members:
            if 0 <= m < length:
                row[m] = 1.0
        self.out.extend(row)
        self._label_list(name, labels or [str(i) for i in range(length)])

    def counts(
        self,
        values: Iterable[int],
        options: Sequence[int],
        scale: float = 1.0,
        name: str = "",
        labels: Sequence[str] = (),
    ) -> None:
        """How many times each option occurs in `values`: named `name[label]`."""
        vals = list(values)
        self.out.extend(vals.count(o) / scale for o in options)
        self._label_list(name, labels or [str(o) for o in options])


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


def _option(option: Any) -> str:
    return "none" if option is None else str(option)


_SEAT_REF = re.compile(rf"\b{SEAT}(\d+)\b")


def relative_order(names: Sequence[str], n: int, seat: int) -> list[int]:
    """The observation of `seat` relative to itself, as indices into the absolute one: entry
    `j` of the relative vector is entry `relative_order(...)[j]` of the absolute vector. Each
    seat written `seat<k>` in a name becomes the seat `k` places after `seat` in seat order
    (`seat0` is the observer itself); `relative_names` gives the new names."""
    at = {name: i for i, name in enumerate(names)}

    def shifted(name: str) -> str:
        return _SEAT_REF.sub(lambda m: f"{SEAT}{(int(m.group(1)) + seat) % n}", name)

    return [at[shifted(name)] for name in names]


def relative_names(names: Sequence[str]) -> list[str]:
    """The names of a relative observation: `seat0` becomes `me`, `seat<k>` becomes `me+<k>`
    (the seat k places after the observer in seat order)."""

    def renamed(match: re.Match[str]) -> str:
        k = int(match.group(1))
        return "me" if k == 0 else f"me+{k}"

    return [_SEAT_REF.sub(renamed, name) for name in names]
