"""Small helpers for the immutable tuples that game states are made of."""

from __future__ import annotations

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
