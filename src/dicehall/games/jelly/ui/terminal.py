"""Terminal city of Attack of the Jelly Monster: districts, zones, Targets, entrances, centre.

Every district keeps its letter (A-F, as the menu says "place 1 on D") and its entrance dice,
grouped by owner ("s1 ⚁2 ⚂3") so that colour is never the only way to tell whose they are.
Below the width the one-row-per-district table needs, each district takes two lines; where the
screen has too few rows, each district takes one line (its Target zone by number) and each
player a short line.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dicehall.core.parts import TerminalHooks
from dicehall.core.terminal import Fit, FitRows, verb
from dicehall.games.jelly.actions import Place, PlaceMove, PlaceRemove, letter

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
    """The entrance's dice by owner: `P1 ⚁2 ⚂3  P2 ~⚄5~` (~: cancelled, a matching pair);
    players are numbered from 1 as everywhere on the board (`leads: P1`)."""
    counts = Counter((o, v) for o, v in district["dice"])
    text = Text()
    for owner in sorted({o for o, _ in district["dice"]}):
        if text:
            text.append(" ")
        text.append(f"P{owner + 1}", style=COLOURS[owner % len(COLOURS)])
        for o, value in district["dice"]:
            if o == owner:
                cancelled = counts[(o, value)] > 1
                text.append(" ~" if cancelled else " ")
                text.append_text(_die(owner, value, cancelled))
                if cancelled:
                    text.append("~")
    return text or Text("—", style="dim")


def _leader(district: dict[str, Any]) -> Text:
    totals = district["totals"]
    best = max(totals) if totals else 0
    if best == 0:
        return Text("")
    leaders = [p for p, t in enumerate(totals) if t == best]
    text = Text()
    for p in leaders:
        text.append(f"P{p + 1} ", style=COLOURS[p % len(COLOURS)])
    text.append(f"({best})", style="bold")
    return text


def _name(d: dict[str, Any]) -> Text:
    name = Text(d["name"], style="green" if d["beginner"] else "")
    if d["locked_by"] is not None:
        name.append(f" 🔒 P{d['locked_by'] + 1}", style=COLOURS[d["locked_by"] % len(COLOURS)])
    return name


def _city(view: dict[str, Any]) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=False)
    for column in ("", "district", "zones (◎ Target)", "entrance", "leads"):
        table.add_column(column, no_wrap=True)
    for d in view["districts"]:
        table.add_row(d["letter"], _name(d), _zones(d), _entrance(d), _leader(d))
    return table


def _city_compact(view: dict[str, Any]) -> Table:
    """Two lines a district: letter, name, entrance and leader; then the zones (wrapping)."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for d in view["districts"]:
        head = _name(d).append("  in: ").append_text(_entrance(d))
        leader = _leader(d)
        if leader:
            head.append("  leads: ").append_text(leader)
        table.add_row(Text(d["letter"], style="bold"), Group(head, _zones(d)))
    return table


def _players(view: dict[str, Any], seat: int | None) -> Table:
    table = Table(show_edge=False, pad_edge=False, expand=False)
    for name in ("player", "Jelly", "pods", "dice left", "city centre", ""):
        table.add_column(name, no_wrap=True)
    for p in view["table"]:
        colour = COLOURS[p["seat"] % len(COLOURS)]
        who = Text(
            f"● Player {p['seat'] + 1}", style=f"bold {colour}" if p["seat"] == seat else colour
        )
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
        text.append(
            f" · sand timer flipped by Player {timer['flipped_by'] + 1}{when}", style="bold red"
        )
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
        voters = ", ".join(f"Player {p + 1}" for p in pending["seats"])
        votes = ", ".join(pending["votes"]) or "none yet"
        return Text(f"District {letter}: {voters} choose a neighbour (votes: {votes})")
    if pending["kind"] == "reroll":
        letter = view["districts"][pending["district"]]["letter"]
        return Text(f"District {letter}: its dice are rerolled before scoring")
    owed = ", ".join(f"{n} to Player {r + 1}" for r, n in pending["owed"])
    return Text(f"Player {pending['giver'] + 1} is short of Jelly and chooses who gets it ({owed})")


def _city_lines(view: dict[str, Any]) -> Table:
    """A line a district: letter, name, Target zone (numbered as the menu's "◎ to zone N"),
    entrance and leader."""
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True)
    table.add_column()
    for d in view["districts"]:
        line = _name(d).append(f"  ◎ zone {d['target'] + 1}/{len(d['zone_text'])}")
        line.append(f": {d['zone_text'][d['target']]}", style="dim")
        line.append("  in: ").append_text(_entrance(d))
        leader = _leader(d)
        if leader:
            line.append("  leads: ").append_text(leader)
        table.add_row(Text(d["letter"], style="bold"), line)
    return table


def _players_lines(view: dict[str, Any], seat: int | None) -> Text:
    text = Text()
    for p in view["table"]:
        colour = COLOURS[p["seat"] % len(COLOURS)]
        if text:
            text.append(" · ")
        text.append(f"● P{p['seat'] + 1}", style=f"bold {colour}" if p["seat"] == seat else colour)
        pods = f" {p['pod_values']}" if p["pod_values"] else ""
        text.append(f" {p['jelly']} Jelly, {p['pods']} pods{pods}, {p['unplaced']} dice")
        text.append(f", {p['centre']} in centre" if p["centre"] else "")
        text.append(", done" if p["done"] else (", rolled" if p["rolled"] else ""))
    return text


def _table(view: dict[str, Any], seat: int | None, compact: bool) -> RenderableType:
    if compact:
        parts: list[RenderableType] = [_status(view), _city_lines(view), _players_lines(view, seat)]
    else:
        city = Fit(lambda: _city(view), lambda: _city_compact(view))
        parts = [_status(view), city, _players(view, seat)]
    parts += [p for p in (_roll(view), _pending(view)) if p is not None]
    result = view.get("result")
    if result is not None:
        winners = ", ".join(f"Player {w + 1}" for w in result["winners"])
        won = verb(len(result["winners"]), "wins", "win")
        parts.append(Text(f"Game over: {winners} {won}! ({result['reason']})", style="bold green"))
    if compact:
        return Group(*parts)
    mode = "turn by tick" if view["mode"] == "tick" else "real time"
    return Panel(Group(*parts), title=f"Attack of the Jelly Monster — {mode}", expand=False)


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """The city as `seat` sees it (None: a spectator, who sees no roll)."""
    return FitRows(lambda: _table(view, seat, False), lambda: _table(view, seat, True))


def label(game: Any, action: Any, viewer: Any) -> str:
    """Short menu texts: `3 on A`, `1 on A, P2's 3 out`, `3 on A, ◎ to zone 1`."""
    if isinstance(action, PlaceRemove):
        owner = f"P{action.owner + 1}"  # as the entrance shows the owner's dice
        return f"{action.value} on {letter(action.district)}, {owner}'s {action.target} out"
    if isinstance(action, PlaceMove):
        return f"{action.value} on {letter(action.district)}, ◎ to zone {action.zone + 1}"
    if isinstance(action, Place):
        return f"{action.value} on {letter(action.district)}"
    return str(game.describe(action, viewer))


def menu_note(game: Any, view: dict[str, Any], legal: Any) -> str | None:
    if any(isinstance(a, PlaceRemove | PlaceMove) for a in legal):
        return "out: that die goes to the city centre; ◎ to zone N: the Target moves; or type 3a"
    if any(isinstance(a, Place) for a in legal):
        return "or type a value and a letter: 3a places a 3 on A"
    return None


def parse_choice(game: Any, view: dict[str, Any], legal: Any, text: str) -> int | None:
    """`3a` or `3 a`: place a 3 on district A (plainly, with no Target move or removal)."""
    compact = text.replace(" ", "").lower()
    letters = "".join(d["letter"].lower() for d in view["districts"])
    if len(compact) != 2 or not compact[0].isdigit() or compact[1] not in letters:
        return None
    wanted = Place(int(compact[0]), letters.index(compact[1]))
    if wanted in legal:
        return int(list(legal).index(wanted))
    raise ValueError(f"you cannot place a {compact[0]} on {compact[1].upper()} now")


HOOKS = TerminalHooks(
    render=render,
    label=label,
    menu_note=menu_note,
    parse_choice=parse_choice,
)
"""This game's `terminal` part (`GameParts.terminal`)."""
