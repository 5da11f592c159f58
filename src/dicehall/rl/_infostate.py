"""Information states for games with hidden information (rolls behind screens).

A seat's information state is everything it has observed: its view after every step of the
history. `Trail` keeps the history's states as an immutable linked list (copies of an OpenSpiel
state share it); the information state string is the seat's current view (JSON) and a SHA-1
chained over its views at every step, `digest_k = sha1(digest_{k-1} + view_k)`, so two
histories give the same string exactly when the seat saw the same things (perfect recall)
while the string stays short. Digests are remembered per step and seat.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any


class Trail:
    """One step of a history: the dicehall state reached, and the steps before it."""

    __slots__ = ("_digests", "before", "value")

    def __init__(self, before: Trail | None, value: Any) -> None:
        self.before = before
        self.value = value
        self._digests: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Trail:
        return self  # immutable (the digests are a memory of values that never change)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as a flat list (a recursive pickle of a long history would overflow)."""
        return (_rebuild, (self.values(),))

    def values(self) -> list[Any]:
        out, step = [], self
        while step is not None:
            out.append(step.value)
            step = step.before  # type: ignore[assignment]
        return out[::-1]

    def replaced(self, value: Any) -> Trail:
        """The same history ending at `value` instead (a resampled position)."""
        return Trail(self.before, value)

    def digest(self, seat: int, view: Callable[[Any, int], str]) -> str:
        """The chained SHA-1 of `seat`'s views along the history, computed forward from the
        last step that has it (no recursion)."""
        pending: list[Trail] = []
        step: Trail | None = self
        while step is not None and seat not in step._digests:
            pending.append(step)
            step = step.before
        found = step._digests[seat] if step is not None else ""
        for later in reversed(pending):
            text = found + view(later.value, seat)
            found = later._digests[seat] = hashlib.sha1(text.encode()).hexdigest()
        return found


def _rebuild(values: list[Any]) -> Trail:
    trail: Trail | None = None
    for value in values:
        trail = Trail(trail, value)
    assert trail is not None
    return trail
