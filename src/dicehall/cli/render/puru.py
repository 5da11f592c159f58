"""Terminal board of Puru Puru Paradice: every player's tracks, the dice and whose turn it is."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

FACES = {
    "heart": ("♥", "bold red"),
    "star": ("★", "bold yellow"),
    "crying": ("T_T", "bold blue"),
    "angry": (">:(", "bold magenta"),
}
_ORDER = ("heart", "star", "crying", "angry")
_PENDING = {
    "keep_or_give": "keep the majority or give it away?",
    "jelly_fish": "Jelly Fish's sting: take 2 Love or 2 Excitement",
    "grass_jelly": "ignore 1 drip for 1 Love or 1 Excitement?",
    "puru_puru": "Puru Puru copies: 1 Love or 1 Excitement?",
}


def _bar(value: int, style: str, width: int = 20) -> Text:
    text = Text("█" * value, style=style)
    text.append("·" * (width - value), style="dim")
    text.append(f" {value:2d}")
    return text


def _die(face: str, dim: bool = False) -> Text:
    symbol, style = FACES[face]
    return Text(f"[{symbol}]", style="dim" if dim else style)


def _players(view: dict[str, Any], seat: int | None) -> Table:
    table = Table(expand=False, show_edge=False, pad_edge=False)
    table.add_column("")
    table.add_column("player")
    table.add_column("♥ Love", no_wrap=True)
    table.add_column("★ Excitement", no_wrap=True)
    table.add_column("Jelly", no_wrap=True)
    for p in view["players"]:
        mark = "▶" if p["seat"] == view["roller"] and view["phase"] != "over" else ""
        if p["seat"] in view["to_act"] and p["seat"] != view["roller"]:
            mark = "?"  # a choice out of turn
        name = Text(p["name"], style="bold" if p["seat"] == seat else "")
        table.add_row(
            mark,
            name,
            _bar(p["love"], "red"),
            _bar(p["excitement"], "yellow"),
            _bar(p["jelly"], "magenta" if p["jelly"] > 5 else "bold red"),
        )
    return table


def _dice(view: dict[str, Any]) -> Text:
    line = Text()
    for face in view["faces"]:
        line.append_text(_die(face))
        line.append(" ")
    if view["phase"] == "roll":
        line.append(f" kept; rolling {view['rolling']} dice…", style="italic")
    majority = view["majority"]
    if majority is not None:
        symbol = FACES[majority["face"]][0]
        line.append(f"   majority: {majority['count']} x {symbol}", style="bold")
    elif view["faces"] and view["phase"] != "roll":
        line.append("   no majority", style="dim")
    return line


def _status(view: dict[str, Any]) -> Text:
    roller = view["players"][view["roller"]]["name"]
    text = Text(f"{roller} is rolling {view['num_dice']} dice · phase: {view['phase']}")
    if view["phase"] in ("choose", "roll") and view["rerolls_left"]:
        cost = " (next one costs 1 Jelly)" if view["next_reroll_cost"] else " (next one free)"
        text.append(f" · rerolls left: {view['rerolls_left']}{cost}")
    pending = view["pending"]
    if pending is not None:
        who = view["players"][pending["seat"]]["name"]
        text.append(f"\n{who}: {_PENDING[pending['kind']]}", style="bold green")
    return text


def _last(view: dict[str, Any]) -> Text | None:
    last = view["last"]
    if last is None:
        return None
    names = [p["name"] for p in view["players"]]
    text = Text(f"Last roll by {names[last['roller']]}: ", style="dim")
    for face in _ORDER:
        for _ in range(last["dice"][face]):
            text.append_text(_die(face))
    if last["majority"] is not None:
        got = ", ".join(names[s] for s in last["receivers"]) or names[last["roller"]]
        text.append(f" — majority {last['majority']} to {got}")
    changes = []
    for s, name in enumerate(names):
        parts = [
            f"{v:+d} {label}"
            for v, label in (
                (last["love"][s], "♥"),
                (last["excitement"][s], "★"),
                (last["jelly"][s], "Jelly"),
            )
            if v
        ]
        if parts:
            changes.append(f"{name} {' '.join(parts)}")
    if changes:
        text.append("\n  " + "; ".join(changes))
    for event in last["events"]:
        text.append(f"\n  · {event}", style="italic")
    return text


def _result(view: dict[str, Any]) -> Text:
    result = view["result"]
    names = [p["name"] for p in view["players"]]
    winners = ", ".join(names[s] for s in result["winners"])
    headline = f"{winners} win!" if winners else "nobody wins."  # all dripped out at once
    text = Text(f"Game over ({result['reason']}): {headline}", style="bold green")
    for note in result["notes"]:
        text.append(f"\n  {note}", style="dim")
    return text


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as `seat` sees it (no secrets in this game)."""
    parts: list[RenderableType] = [_players(view, seat)]
    if view["phase"] != "deal":
        parts.append(_dice(view))
    parts.append(_status(view) if view["phase"] != "over" else _result(view))
    last = _last(view)
    if last is not None:
        parts.append(last)
    title = f"Puru Puru Paradice — {view['mode']}"
    return Panel(Group(*parts), title=title, expand=False)
