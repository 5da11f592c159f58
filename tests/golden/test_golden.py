"""Each game variant's seeded random playthrough matches its golden file (tests/golden/files).

A difference means the rules, a view, a log text or a seeded stream changed. If the change is
intended, run `python -m tests.golden.regen` and review the diff of the files like code.
"""

from __future__ import annotations

import pytest

from tests.golden.playthrough import VARIANTS, Variant, path_of, playthrough


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_the_playthrough_matches_its_golden_file(variant: Variant) -> None:
    path = path_of(variant)
    assert path.is_file(), f"no golden file {path.name}: run python -m tests.golden.regen"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = playthrough(variant).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{path.name} line {number} differs"
    assert len(actual) == len(expected), f"{path.name}: {len(actual)} lines, golden {len(expected)}"


def test_every_golden_file_belongs_to_a_variant() -> None:
    names = {path_of(v).name for v in VARIANTS}
    folder = path_of(VARIANTS[0]).parent
    assert {p.name for p in folder.glob("*.txt")} == names
