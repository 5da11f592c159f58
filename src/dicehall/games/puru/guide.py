"""A first game's hints, one per kind of decision (docs/rules/puru.md, "A turn")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core import View

RESOLVE = (
    "No majority and nothing to fear: Resolve to take every die's effect "
    "(Heart +1 Love, Star +1 Excitement)."
)
POWER = "A character's power asks you to choose: each choice says what it gives."


def _bad_dice(view: View) -> str | None:
    bad = sum(1 for f in view["faces"] if f in ("crying", "angry"))
    if not bad or not view["rerolls_left"]:
        return None
    what = "die drips" if bad == 1 else "dice drip"
    them = "it" if bad == 1 else "them"
    return (
        f"{bad} crying or angry {what} your Jelly. Tap {them} to mark, then Reroll "
        "(the first reroll is free; the second costs 1 Jelly)."
    )


def guide(game: Any, view: View, legal: Sequence[dict[str, Any]]) -> dict[str, str] | None:
    types = {m["type"] for m in legal}
    if "Choose" in types:
        return {"key": "power", "text": POWER}
    if not types & {"Reroll", "Resolve"}:
        return None
    majority = view.get("majority")
    if majority and "Reroll" in types:
        return {
            "key": "majority",
            "text": (
                f"{majority['count']} dice show {majority['face']}: that is the majority, and "
                "your neighbours get its effect. Tap some of them to mark them, then Reroll to "
                "break the majority, or Resolve if giving it away suits you."
            ),
        }
    bad = _bad_dice(view) if "Reroll" in types else None
    if bad:
        return {"key": "reroll", "text": bad}
    return {"key": "resolve", "text": RESOLVE}
