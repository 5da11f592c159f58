"""Terminal city of Attack of the Jelly Monster: districts, zones, Targets, entrances, centre."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

COLOURS = ("red", "yellow", "green", "blue", "magenta")
PIPS = "⚀⚁⚂⚃⚄⚅"


def _die(owner: int, value: int, cancelled: bool = False) -> Text:
    style = f"bold {COLOURS[owner % len(COLOURS)]}"
    return Text(f"{PIPS[value - 1]}{value}", style=f"dim strike {style}" if cancelled else style)


def _zones(district: dict[str, Any]) -> Text:
    text = Text()
    for i, label in enumerate(district["zone_text"]):
        if i:
            text.append(" │ ", style="dim")
        if i == district["target"]:
            text.append(f"◎ {label}", style="bold reverse")
        else:
            text.append(label, style="dim")
    return text


def _entrance(district: dict[str, Any]) -> Text:
    counts = Counter((o, v) for o, v in district["dice"])
    text = Text()
    for owner, value in district["dice"]:
        text.append_text(_die(owner, value, counts[(owner, value)] > 1))
        text.append(" ")
    return text or Text("—", style="dim")


def _leader(district: dict[str, Any]) -> Text:
    totals = district["totals"]
    best = max(totals) if totals else 0
    if best == 0:
        return Text("")
    leaders = [p for p, t in enumerate(totals) if t == best]
    text = Text()
    for p in leaders:
        text.append(f"seat {p} ", style=COLOURS[p % len(COLOURS)])
    text.append(f"({best})", style="bold")
    return text


def _city(view: dict[str, Any]) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=False)
    for column in ("", "district", "zones (◎ Target)", "entrance", "leads"):
        table.add_column(column, no_wrap=column != "entrance")
    for d in view["districts"]:
        name = Text(d["name"], style="green" if d["beginner"] else "")
        if d["locked_by"] is not None:
            name.append(f" 🔒{d['locked_by']}", style=COLOURS[d["locked_by"] % len(COLOURS)])
        table.add_row(d["letter"], name, _zones(d), _entrance(d), _leader(d))
    return table


def _players(view: dict[str, Any], seat: int | None) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=False)
    for name in ("seat", "Jelly", "pods", "dice left", "city centre", ""):
        table.add_column(name, no_wrap=True)
    for p in view["table"]:
        colour = COLOURS[p["seat"] % len(COLOURS)]
        who = Text(f"● seat {p['seat']}", style=f"bold {colour}" if p["seat"] == seat else colour)
        pods = str(p["pods"]) + (f" {p['pod_values']}" if p["pod_values"] else "")
        state = "done" if p["done"] else ("rolled" if p["rolled"] else "")
        table.add_row(who, str(p["jelly"]), pods, str(p["unplaced"]), str(p["centre"]), state)
    return table


def _status(view: dict[str, Any]) -> Text:
    timer = view["timer"]
    text = Text(f"Round {view['round']}/{view['rounds']} · {view['phase']}", style="bold")
    if timer["flipped_by"] is not None:
        left = timer["ticks_left"]
        when = f", {left} tick(s) left" if left is not None else ", 10 seconds!"
        text.append(f" · sand timer flipped by seat {timer['flipped_by']}{when}", style="bold red")
    else:
        text.append(" · sand timer standing")
    text.append(f" · Jelly-pods in the stack: {view['pod_stack']}")
    return text


def _roll(view: dict[str, Any]) -> Text | None:
    if view["roll"] is None:
        return None
    if not view["roll"]:
        return Text("Your roll: — (roll your dice)", style="italic")
    text = Text("Your roll: ")
    for value in view["roll"]:
        text.append_text(_die(view["seat"], value))
        text.append(" ")
    return text


def _pending(view: dict[str, Any]) -> Text | None:
    pending = view["pending"]
    if pending is None:
        return None
    if pending["kind"] == "either":
        letter = view["districts"][pending["district"]]["letter"]
        voters = ", ".join(f"seat {p}" for p in pending["seats"])
        votes = ", ".join(pending["votes"]) or "none yet"
        return Text(f"District {letter}: {voters} choose a neighbour (votes: {votes})")
    if pending["kind"] == "reroll":
        letter = view["districts"][pending["district"]]["letter"]
        return Text(f"District {letter}: its dice are rerolled before scoring")
    owed = ", ".join(f"{n} to seat {r}" for r, n in pending["owed"])
    return Text(f"Seat {pending['giver']} is short of Jelly and chooses who gets it ({owed})")


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """The city as `seat` sees it (None: a spectator, who sees no roll)."""
    parts: list[RenderableType] = [_status(view), _city(view), _players(view, seat)]
    parts += [p for p in (_roll(view), _pending(view)) if p is not None]
    result = view.get("result")
    if result is not None:
        winners = ", ".join(f"seat {w}" for w in result["winners"])
        parts.append(Text(f"Game over: {winners} win! ({result['reason']})", style="bold green"))
    mode = "turn by tick" if view["mode"] == "tick" else "real time"
    return Panel(Group(*parts), title=f"Attack of the Jelly Monster — {mode}", expand=False)
