"""Small helpers for the immutable tuples that game states are made of."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import is_
from typing import TypeVar

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the element at `index` (0 <= index < len) replaced by `value`."""
    if not 0 <= index < len(values):
        raise IndexError(f"index {index} out of range for {len(values)} values")
    return (*values[:index], value, *values[index + 1 :])


def add_at(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """`values` with `amount` added to the element at `index`."""
    return replace_at(values, index, values[index] + amount)


_MAX_ADDER_LENGTH = 16


@functools.lru_cache(maxsize=_MAX_ADDER_LENGTH)
def adder(length: int) -> Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]:
    """`add(a, b)`: the element-wise sum of two tuples of `length` ints, as straight-line code
    (several times faster than `tuple(map(operator.add, a, b))` for the few seats of a game)."""
    if not 0 < length <= _MAX_ADDER_LENGTH:
        raise ValueError(f"adder length must be 1 to {_MAX_ADDER_LENGTH}, got {length}")
    sums = "".join(f"a[{i}] + b[{i}], " for i in range(length))
    add: Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = eval(
        f"lambda a, b: ({sums})"  # made of integers only
    )
    return add


def holds(values: Sequence[object], item: object) -> bool:
    """`item in values`, looking for `item` itself first without calling any `__eq__` (all in
    C): the rules hand out their own action objects, so a legal action is found this way."""
    return any(map(is_, values, repeat(item))) or item in values
