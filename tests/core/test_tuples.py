"""`core.tuples`: the one way game states replace or bump one element of a tuple."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.core.tuples import add_at, adder, holds, replace_at

VALUES = st.lists(st.integers(-5, 5), min_size=1, max_size=8).map(tuple)


@given(VALUES, st.data(), st.integers(-9, 9))
def test_replace_at_changes_exactly_one_element(
    values: tuple[int, ...], data: st.DataObject, value: int
) -> None:
    index = data.draw(st.integers(0, len(values) - 1))
    expected = list(values)
    expected[index] = value
    assert replace_at(values, index, value) == tuple(expected)
    assert add_at(values, index, value) == replace_at(values, index, values[index] + value)


@pytest.mark.parametrize("index", [-1, 3, 4])
def test_an_index_outside_the_tuple_is_refused_rather_than_growing_it(index: int) -> None:
    with pytest.raises(IndexError):
        replace_at((1, 2, 3), index, 0)


@given(
    st.integers(1, 16).flatmap(
        lambda n: st.tuples(*[st.tuples(st.integers(-9, 9), st.integers(-9, 9))] * n)
    )
)
def test_adder_sums_element_by_element(pairs: tuple[tuple[int, int], ...]) -> None:
    a = tuple(x for x, _ in pairs)
    b = tuple(y for _, y in pairs)
    assert adder(len(pairs))(a, b) == tuple(x + y for x, y in pairs)


@pytest.mark.parametrize("length", [0, 17])
def test_adder_lengths_are_bounded(length: int) -> None:
    with pytest.raises(ValueError):
        adder(length)


def test_holds_finds_the_object_itself_or_an_equal_one() -> None:
    first, second = object(), object()
    assert holds((first, second), second)
    assert not holds((first,), second)
    assert holds((1, 2), 2.0)  # equal, not identical
    assert not holds((1, 2), 3)
