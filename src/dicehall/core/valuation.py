"""A position's value per seat, exact or estimated: what reviews and the coach compare.

A game's exact review hooks (its `review` part) return these, so the type lives in core.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Value:
    """Each seat's value of a position; `se`: each entry's standard error (None: exact)."""

    mean: tuple[float, ...]
    se: tuple[float, ...] | None = None
    draws: tuple[tuple[float, ...], ...] | None = field(default=None, compare=False, repr=False)
    """An estimate's playout returns, one per common seed (moves are compared pairwise)."""

    @property
    def exact(self) -> bool:
        return self.se is None
