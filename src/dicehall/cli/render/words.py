"""Counted words for the terminal: "1 die", "2 dice", "1 tile"."""

from __future__ import annotations

IRREGULAR = {"die": "dice"}


def plural(count: int, word: str) -> str:
    """`count` and `word`, plural unless the count is 1."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {IRREGULAR.get(word, word + 's')}"


def verb(count: int, singular: str, many: str) -> str:
    """`wins` for one subject, `win` for several."""
    return singular if count == 1 else many
