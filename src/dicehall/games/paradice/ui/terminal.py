"""Terminal table of Paradice: the Dispensing Machine, stalls, Plaza, Storehouse.

Every die shows a colour letter and its value ("P4": pink 4), so the table reads the same
without colour (NO_COLOR, or a colour-blind player); a legend names the letters. The menu's
references are numbered on screen: machine columns (under it) and rows (beside it), Plaza
stalls, each player's stalls and their slots. Where the full row does not fit the terminal,
the Plaza and Storehouse stack beside the machine, then under it; where the screen has too few
rows, a compact table lays each machine column on one line (bottom row first) beside the Plaza.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dicehall.core.parts import TerminalHooks
from dicehall.core.terminal import Fit, FitRows, plural

STYLES = (
    "bold black on pink1",
    "bold black on plum2",
    "bold black on dark_orange",
    "bold white on blue",
    "bold black on green3",
    "bold white on grey11",
)
LETTERS = "PLOBGK"  # pink, lilac, orange, blue, green, black
TYPE_ICONS = ("🎈", "🍭", "🦆", "🍟", "🎁")
ROWS = 10


def die(code: int, *, on_stall: bool = False) -> Text:
    """A die as 'P4' in its colour; a black die on a stall is wild ('K*')."""
    if not code:
        return Text(" ·", style="dim")
    colour = code // 10
    if on_stall and colour == len(STYLES) - 1:
        return Text("K*", style=STYLES[-1])
    return Text(f"{LETTERS[colour]}{code % 10}", style=STYLES[colour])


def dice(codes: list[int]) -> Text:
    out = Text()
    for i, code in enumerate(codes):
        if i:
            out.append(" ")
        out.append_text(die(code))
    return out or Text("—", style="dim")


def legend(view: dict[str, Any]) -> Text:
    names = " · ".join(f"{LETTERS[i]} {name}" for i, name in enumerate(view["colours"]))
    return Text(f"dice: {names} (K* wild)", style="dim")


def machine(view: dict[str, Any]) -> Panel:
    """The columns of dice, bottom row (row 1) next to be played; rows and columns numbered."""
    cols = view["machine"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", style="dim")
    for _ in cols:
        grid.add_column(justify="center")
    for row in range(ROWS - 1, -1, -1):
        cells = [die(col[row]) if len(col) > row else Text("  ") for col in cols]
        grid.add_row(Text(f"r{row + 1}"), *cells)
    grid.add_row(Text(""), *(Text(f"c{c + 1}", style="dim") for c in range(len(cols))))
    return Panel(grid, title="Dispensing Machine", subtitle="play: r1", expand=False)


def stall(card: dict[str, Any], placed: list[int] | None = None) -> Text:
    """One stall: icon, points, its three numbered slots (with dice) and its condition."""
    out = Text(f"{TYPE_ICONS[card['type']]}{card['points']:>2} ", style="bold")
    for k, need in enumerate(card["slot_text"]):
        code = placed[k] if placed else 0
        out.append(f"{k + 1}:", style="dim")
        out.append_text(die(code, on_stall=True) if code else Text(f"[{need}]", style="cyan"))
        out.append(" ")
    if card["condition_text"] != "none":
        out.append(f"({card['condition_text']})", style="italic")
    return out


def _player(view: dict[str, Any], seat: int, me: int | None) -> Panel:
    data = view["seats"][seat]
    lines: list[RenderableType] = [
        Text(f"stall {i}: ").append_text(stall(s, s["dice"]))
        for i, s in enumerate(data["stalls"], 1)
    ]
    if not lines:
        lines.append(Text("no active stall", style="dim"))
    done = " ".join(f"{TYPE_ICONS[c['type']]}{c['points']}" for c in data["done"])
    powers = " ".join(f"{TYPE_ICONS[t]}x{n}" for t, n in enumerate(data["powers"]) if n)
    lines += [Text(f"done: {done or '—'}   powers: {powers or '—'}")]
    tickets = view["tickets"]
    owned = [TYPE_ICONS[t] for t, h in enumerate(tickets["stall"]) if h == seat]
    if tickets["golden"] == seat:
        owned.insert(0, "golden")
    extra = f"tickets: {' '.join(owned) or '—'}   surprise: {len(data['surprise'])}"
    lines.append(Text(f"{extra}   score: {data['score']}", style="bold"))
    title = f"Player {seat + 1}" + (" (you)" if seat == me else "")
    if seat == view["turn"] and view["phase"] != "over":
        title = "▶ " + title
    return Panel(Group(*lines), title=title, expand=False)


def storehouse(view: dict[str, Any]) -> Group:
    store = view["storehouse"]
    lines: list[RenderableType] = [Text("Storehouse (■ moved; | no stock)", style="bold")]
    for t, pos in enumerate(store["positions"]):
        track = "■" * pos + "·" * (store["length"] - pos)
        mark = " first out (scores 0)" if store["first_out"] == t else ""
        mark = " out (game ends)" if store["second_out"] == t else mark
        lines.append(Text(f"{TYPE_ICONS[t]} {track}| {view['types'][t]}{mark}"))
    return Group(*lines)


def plaza(view: dict[str, Any]) -> Panel:
    rows: list[RenderableType] = [
        Text(f"{i}. ").append_text(stall(c) if c else Text("(empty)", style="dim"))
        for i, c in enumerate(view["plaza"], 1)
    ]
    rows.append(
        Text(
            f"deck: {plural(view['deck_left'], 'card')}, surprise bag: {view['bag_left']}",
            style="dim",
        )
    )
    return Panel(Group(*rows), title="Plaza", expand=False)


def _hand(view: dict[str, Any]) -> Panel:
    hand = Group(
        Text("to place: ").append_text(dice(view["pending"])),
        Text("roulette: ").append_text(dice([c for c in view["roulette"] if c])),
        Text("passed left: ").append_text(dice(view["passed"])),
        Text(f"stalls to gain: {view['gains']}   Storehouse moves: {view['moves']}"),
    )
    return Panel(hand, title="dice in hand", expand=False)


def _table(view: dict[str, Any], layout: str) -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    if layout == "row":
        for _ in range(3):
            grid.add_column()
        grid.add_row(machine(view), plaza(view), Group(storehouse(view), _hand(view)))
        return grid
    grid.add_column()
    grid.add_column()
    grid.add_row(machine(view), Group(plaza(view), storehouse(view)))
    return Group(grid, _hand(view))


def _machine_lines(view: dict[str, Any]) -> Table:
    """The machine turned on its side: a line per column, its bottom row (r1) first."""
    cols = view["machine"]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="dim")
    for _ in range(ROWS):
        grid.add_column(justify="center")
    grid.add_row(Text("col"), *(Text(f"r{r + 1}", style="dim") for r in range(ROWS)))
    for c, col in enumerate(cols):
        grid.add_row(Text(f"c{c + 1}"), *(die(code) for code in col))
    return grid


def _plaza_lines(view: dict[str, Any]) -> Group:
    lines: list[RenderableType] = [
        Text(f"{i}. ").append_text(stall(c) if c else Text("(empty)", style="dim"))
        for i, c in enumerate(view["plaza"], 1)
    ]
    lines.append(Text(f"Plaza · deck {view['deck_left']} · bag {view['bag_left']}", style="dim"))
    return Group(*lines)


def _store_and_hand(view: dict[str, Any]) -> Text:
    store = view["storehouse"]
    out = Text("Storehouse: ")
    for t, pos in enumerate(store["positions"]):
        out.append(f"{TYPE_ICONS[t]}{'■' * pos}{'·' * (store['length'] - pos)}| ")
    out.append("· to place: ").append_text(dice(view["pending"]))
    roulette = [c for c in view["roulette"] if c]
    if roulette:
        out.append(" · roulette: ").append_text(dice(roulette))
    if view["passed"]:
        out.append(" · passed left: ").append_text(dice(view["passed"]))
    out.append(f" · gains {view['gains']} · moves {view['moves']}")
    return out


def _player_lines(view: dict[str, Any], seat: int, me: int | None) -> Group:
    data = view["seats"][seat]
    head = Text(("▶ " if seat == view["turn"] and view["phase"] != "over" else "  "), style="bold")
    head.append(f"Player {seat + 1}" + (" (you)" if seat == me else ""), style="bold")
    done = " ".join(f"{TYPE_ICONS[c['type']]}{c['points']}" for c in data["done"])
    tickets = view["tickets"]
    owned = [TYPE_ICONS[t] for t, h in enumerate(tickets["stall"]) if h == seat]
    owned = (["golden"] if tickets["golden"] == seat else []) + owned
    powers = " ".join(f"{TYPE_ICONS[t]}x{n}" for t, n in enumerate(data["powers"]) if n)
    parts = [f"score {data['score']}", f"done {done}" if done else ""]
    parts += [f"powers {powers}" if powers else "", f"tickets {' '.join(owned)}" if owned else ""]
    parts.append(f"surprise {len(data['surprise'])}" if data["surprise"] else "")
    head.append(": " + " · ".join(p for p in parts if p))
    lines: list[RenderableType] = [head]
    lines += [
        Text(f"    stall {i}: ").append_text(stall(s, s["dice"]))
        for i, s in enumerate(data["stalls"], 1)
    ]
    return Group(*lines)


def _compact(view: dict[str, Any], seat: int | None) -> Group:
    """Everything on few rows: machine beside Plaza, a line for Storehouse and hand."""
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(_machine_lines(view), _plaza_lines(view))
    players = [_player_lines(view, s, seat) for s in range(view["players"])]
    return Group(_head(view), top, _store_and_hand(view), legend(view), *players)


def _head(view: dict[str, Any]) -> Text:
    head = Text(f"Paradice — round {view['round']}/{view['round_limit']}, ", style="bold")
    head.append(f"Player {view['turn'] + 1} to play ({view['phase']})")
    return head


def _full(view: dict[str, Any], seat: int | None) -> Group:
    return Group(
        _head(view),
        Fit(
            lambda: _table(view, "row"),
            lambda: _table(view, "pair"),
            lambda: Group(machine(view), plaza(view), storehouse(view), _hand(view)),
        ),
        legend(view),
        Columns([_player(view, s, seat) for s in range(view["players"])]),
    )


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """Everything a player at the table sees."""
    parts: list[RenderableType] = [FitRows(lambda: _full(view, seat), lambda: _compact(view, seat))]
    if view["result"]:
        notes = "\n".join(view["result"]["notes"])
        parts.append(Panel(Text(notes), title="Final scores and prizes", expand=False))
    return Group(*parts)


HOOKS = TerminalHooks(
    render=render,
)
"""This game's `terminal` part (`GameParts.terminal`)."""
