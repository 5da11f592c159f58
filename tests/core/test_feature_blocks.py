"""Feature blocks (`core.features.Blocks`) are remembered by value and never exceed their size."""

from __future__ import annotations

from dicehall.core.features import Blocks, packed


def test_blocks_keep_at_most_their_size_and_drop_the_oldest() -> None:
    blocks: Blocks[bytes] = Blocks(size=4)
    for k in range(10):
        assert blocks.get((k,)) is None
        blocks.put((k,), packed([k / 10]))
        assert len(blocks) <= 4
    assert blocks.get((0,)) is None  # among the oldest: dropped
    assert blocks.get((9,)) == packed([0.9])  # the newest: kept


def test_packed_values_read_back_as_float64() -> None:
    import array

    values = [0.0, 1 / 3, 2.5, -1.0]
    assert list(array.array("d", packed(values))) == values
