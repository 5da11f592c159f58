"""Each seat's final state, read from a game's final spectator view for tidy results tables.

A view lists per-seat facts as top-level lists with one entry per seat: numbers
(`tiles_left: [3, 0]`) or records (`players: [{"love": 20, ...}, ...]`). Each becomes a
column: the list's name, or `list_field` for a record's field. A nested list of numbers is
summed (`table_pod_values`: the pods' total), any other nested list counted
(`seats_done`: stalls finished); nested records are left out. Lists that only happen to
have one entry per seat (dice faces, winners, districts) are skipped by name.
"""

from __future__ import annotations

from typing import Any

NOT_PER_SEAT = frozenset(
    ("faces", "winners", "to_act", "colours", "types", "machine", "pending", "passed",
     "roulette", "plaza", "districts", "spaces", "round_ends")
)  # fmt: skip
SKIPPED_FIELDS = frozenset(("seat", "neighbours"))
Scalar = str | int | float | bool | None


def _scalar(value: Any) -> Scalar | None:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list):
        numbers = all(isinstance(x, int | float) and not isinstance(x, bool) for x in value)
        return sum(value) if value and numbers else len(value)
    return None


def seat_states(view: dict[str, Any], seats: int) -> tuple[dict[str, Scalar], ...]:
    """One flat record per seat (every value a string, number, boolean or None)."""
    out: list[dict[str, Scalar]] = [{} for _ in range(seats)]
    for key, value in view.items():
        if key in NOT_PER_SEAT or not isinstance(value, list) or len(value) != seats:
            continue
        for seat, entry in enumerate(value):
            if isinstance(entry, dict):
                for field, item in entry.items():
                    flat = _scalar(item)
                    if field not in SKIPPED_FIELDS and (flat is not None or item is None):
                        out[seat][f"{key}_{field}"] = flat
            elif not isinstance(entry, list | dict):
                out[seat][key] = entry
    return tuple(out)
