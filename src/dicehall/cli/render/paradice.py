"""Terminal table of Paradice: the Dispensing Machine in colour, stalls, Plaza, Storehouse."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

STYLES = (
    "bold black on pink1",
    "bold black on plum2",
    "bold black on dark_orange",
    "bold white on blue",
    "bold black on green3",
    "bold white on grey11",
)
TYPE_ICONS = ("🎈", "🍭", "🦆", "🍟", "🎁")


def die(code: int, *, on_stall: bool = False) -> Text:
    """A die as ' 4 ' in its colour; a black die on a stall is wild (' * ')."""
    if not code:
        return Text(" · ", style="dim")
    if on_stall and code // 10 == len(STYLES) - 1:
        return Text(" * ", style=STYLES[-1])
    return Text(f" {code % 10} ", style=STYLES[code // 10])


def dice(codes: list[int]) -> Text:
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append_text(die(code))
    return out or Text("—", style="dim")


def machine(view: dict[str, Any]) -> Panel:
    cols = view["machine"]
    grid = Table.grid(padding=(0, 1))
    for _ in cols:
        grid.add_column(justify="center")
    for row in range(9, -1, -1):
        cells = [die(col[row]) if len(col) > row else Text("   ") for col in cols]
        grid.add_row(*cells)
    grid.add_row(*(Text(f"{c + 1}", style="dim") for c in range(len(cols))))
    return Panel(grid, title="Dispensing Machine", subtitle="play: bottom", expand=False)


def stall(card: dict[str, Any], placed: list[int] | None = None) -> Text:
    """One stall: icon, points, its three slots (with dice) and its condition."""
    out = Text(f"{TYPE_ICONS[card['type']]} {card['points']:>2}  ", style="bold")
    for k, need in enumerate(card["slot_text"]):
        code = placed[k] if placed else 0
        out.append_text(die(code, on_stall=True) if code else Text(f"[{need}]", style="cyan"))
        out.append(" ")
    if card["condition_text"] != "none":
        out.append(f" ({card['condition_text']})", style="italic")
    return out


def _player(view: dict[str, Any], seat: int, me: int | None) -> Panel:
    data = view["seats"][seat]
    lines: list[RenderableType] = [stall(s, s["dice"]) for s in data["stalls"]]
    if not lines:
        lines.append(Text("no active stall", style="dim"))
    done = Text("done: ")
    for card in data["done"]:
        done.append(f"{TYPE_ICONS[card['type']]}{card['points']} ")
    powers = " ".join(f"{TYPE_ICONS[t]}x{n}" for t, n in enumerate(data["powers"]) if n)
    lines += [done, Text(f"powers: {powers or '—'}")]
    tickets = view["tickets"]
    owned = [TYPE_ICONS[t] for t, h in enumerate(tickets["stall"]) if h == seat]
    if tickets["golden"] == seat:
        owned.insert(0, "golden")
    extra = f"tickets: {' '.join(owned) or '—'}   surprise: {len(data['surprise'])}"
    lines.append(Text(f"{extra}   score: {data['score']}", style="bold"))
    title = f"seat {seat}" + (" (you)" if seat == me else "")
    if seat == view["turn"] and view["phase"] != "over":
        title = "▶ " + title
    return Panel(Group(*lines), title=title, expand=False)


def storehouse(view: dict[str, Any]) -> Table:
    store = view["storehouse"]
    table = Table(title="Storehouse", show_header=False, expand=False)
    for t, pos in enumerate(store["positions"]):
        track = "■" * pos + "·" * (store["length"] - pos)
        mark = " first out (scores 0)" if store["first_out"] == t else ""
        mark = " out (game ends)" if store["second_out"] == t else mark
        table.add_row(f"{TYPE_ICONS[t]} {view['types'][t]}", track + " | no stock" + mark)
    return table


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """Everything a player at the table sees."""
    head = Text(f"Paradice — round {view['round']}/{view['round_limit']}, ", style="bold")
    head.append(f"seat {view['turn']} to play ({view['phase']})")
    plaza = Group(
        *(stall(c) if c else Text("(empty)", style="dim") for c in view["plaza"]),
        Text(f"deck: {view['deck_left']} cards, surprise bag: {view['bag_left']}", style="dim"),
    )
    hand = Group(
        Text("to place: ").append_text(dice(view["pending"])),
        Text("roulette: ").append_text(dice([c for c in view["roulette"] if c])),
        Text("passed left: ").append_text(dice(view["passed"])),
        Text(f"stalls to gain: {view['gains']}   Storehouse moves: {view['moves']}"),
    )
    parts: list[RenderableType] = [
        head,
        Columns([machine(view), Panel(plaza, title="Plaza", expand=False), storehouse(view)]),
        Panel(hand, title="dice in hand", expand=False),
        Columns([_player(view, s, seat) for s in range(view["players"])]),
    ]
    if view["result"]:
        notes = "\n".join(view["result"]["notes"])
        parts.append(Panel(Text(notes), title="Final scores and prizes", expand=False))
    return Group(*parts)
