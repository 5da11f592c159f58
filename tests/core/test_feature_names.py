"""`Vec(named=True)` names every entry it adds; `relative_order` moves each seat's entries so
that the observer's come first."""

from __future__ import annotations

from dicehall.core.features import Vec, relative_names, relative_order, seat_labels


def test_a_named_vec_gives_one_name_per_entry() -> None:
    v = Vec(named=True)
    v.one_hot(1, range(3), "viewer")
    v.one_hot(None, range(2), "roller", seat_labels(2))
    with v.scope("seat0"):
        v.num(3, 20.0, "love")
        v.nums([1, 2], 3, 6.0, "dice")
    v.mask([1], 2, "to_act", seat_labels(2))
    v.counts([6, 6], (1, 6), 7.0, "roll")
    assert v.names == [
        "viewer=0", "viewer=1", "viewer=2",
        "roller=seat0", "roller=seat1",
        "seat0.love", "seat0.dice[0]", "seat0.dice[1]", "seat0.dice[2]",
        "to_act[seat0]", "to_act[seat1]",
        "roll[1]", "roll[6]",
    ]  # fmt: skip
    assert len(v.names) == len(v.out)
    assert Vec().names is None


def test_relative_order_puts_the_observers_entries_first() -> None:
    names = ["viewer=0", "viewer=1", "viewer=2", "seat0.love", "seat1.love", "seat2.love",
             "roller=seat0", "roller=seat1", "roller=seat2"]  # fmt: skip
    absolute = list(range(len(names)))
    order = relative_order(names, 3, seat=1)
    relative = [absolute[i] for i in order]
    # the viewer one-hot stays; seat 1's love first, then seat 2's, then seat 0's
    assert relative[:3] == [0, 1, 2]
    assert relative[3:6] == [4, 5, 3]
    assert relative[6:] == [7, 8, 6]
    assert relative_order(names, 3, seat=0) == absolute
    assert relative_names(names)[3:6] == ["me.love", "me+1.love", "me+2.love"]
