"""`core.evolve.replace`: the same copies as `dataclasses.replace`, made faster."""

from __future__ import annotations

import dataclasses

import pytest

from dicehall.core.evolve import changer, evolver, replace


@dataclasses.dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Checked:
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def test_copies_like_dataclasses_replace() -> None:
    p = Point(1, 2, ("a",))
    for changes in ({}, {"x": 5}, {"y": 7, "tags": ("b", "c")}):
        got = replace(p, **changes)
        assert got == dataclasses.replace(p, **changes)
        assert got is not p and type(got) is Point
    assert p == Point(1, 2, ("a",))  # the original is untouched


def test_unknown_field_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        replace(Point(1), z=3)


def test_the_copy_stays_frozen() -> None:
    copy = replace(Point(1), x=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.x = 3  # type: ignore[misc]


def test_classes_with_post_init_keep_their_checks() -> None:
    assert evolver(Checked) is dataclasses.replace
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), value=-1)


def test_copies_of_real_states_equal_dataclasses_replace() -> None:
    from dicehall import games

    for game_id, params in (("jelly", {"mode": "tick"}), ("paradice", {})):
        state = games.make(game_id, **params).initial_state()
        field = dataclasses.fields(state)[1].name
        value = getattr(state, field)
        assert replace(state, **{field: value}) == dataclasses.replace(state, **{field: value})
        assert hash(replace(state)) == hash(state)


def test_changer_copies_like_dataclasses_replace() -> None:
    p = Point(1, 2, ("a",))
    for names, values in ((("x",), (5,)), (("tags", "y"), (("b",), 7)), ((), ())):
        got = changer(Point, *names)(p, *values)
        assert got == dataclasses.replace(p, **dict(zip(names, values, strict=True)))
        assert type(got) is Point and got is not p
    assert p == Point(1, 2, ("a",))


def test_changer_refuses_unknown_or_repeated_fields() -> None:
    with pytest.raises(TypeError):
        changer(Point, "z")
    with pytest.raises(TypeError):
        changer(Point, "x", "x")


def test_changer_of_a_checked_class_keeps_its_checks() -> None:
    assert changer(Checked, "value")(Checked(1), 2) == Checked(2)
    with pytest.raises(ValueError, match="negative"):
        changer(Checked, "value")(Checked(1), -1)
