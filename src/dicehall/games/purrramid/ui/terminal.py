"""Terminal board of Purrramid: the pyramid with its numbers, tiles by owner, this turn's dice,
wool tokens and gold tiles, then the players and the turn so far. `hint` gives the exact odds
of the next roll.

A space shows its number; a tile adds its owner's letter (R, B, G, M; "=" for the 2-player
setup tiles) on the owner's colour, and "*" when gold; this turn's dice show in brackets,
"[3+3]", on white (the brackets tell them from a space's number without colour, `NO_COLOR`);
"~" marks a wool token. A legend under the board says so, since colour alone is not enough.
The menu names a space by row (numbered on the left, from the bottom) and by its place in the
row counted from the left: "8 (r4 s3)".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dicehall.core.parts import TerminalHooks
from dicehall.core.terminal import FitRows, plural
from dicehall.games.purrramid.actions import STOP, Place
from dicehall.games.purrramid.odds import position_from_view, roll_odds

CHARS_PER_HALF_TILE = 3  # a tile is 6 characters wide, a "10" 12
SEAT_STYLES = ("bold white on red", "bold white on blue", "bold black on green",
               "bold white on magenta")  # fmt: skip
SEAT_NAMES = ("red", "blue", "green", "magenta")
SEAT_LETTERS = "RBGM"  # marks a tile's owner without colour too
SETUP_STYLE = "black on grey50"
GOLD_STYLE = "bold black on yellow"
DICE_STYLE = "bold black on white"
WOOL_MARK = "~"


def _dice_text(dice: list[int], width: int) -> str:
    """`[3+3]`, or shorter where the space is narrow: `[333]`, then `333`."""
    for text in ("[" + "+".join(map(str, dice)) + "]", "[" + "".join(map(str, dice)) + "]"):
        if len(text) <= width:
            return text
    return "".join(map(str, dice))


def _cell(space: dict[str, Any], width: int) -> Text:
    """One space: its dice this turn, its tile (owner colour, gold) or its number and wool."""
    inner = width - 1
    if space["dice"]:
        body = Text(f"{_dice_text(space['dice'], inner):^{inner}}", style=DICE_STYLE)
    elif space["owner"] is not None:
        owner = space["owner"]
        if owner == "setup":
            style, label = SETUP_STYLE, f"{space['number']}="
        else:
            style = SEAT_STYLES[owner % len(SEAT_STYLES)]
            label = f"{space['number']}{SEAT_LETTERS[owner % len(SEAT_LETTERS)]}"
        if space["gold"]:
            style, label = GOLD_STYLE, label + "*"  # gold tiles: the winner's
        body = Text(f"{label:^{inner}}", style=style)
    else:
        label = f"{space['number']}{WOOL_MARK if space['wool'] else ''}"
        body = Text(f"{label:^{inner}}", style="bold" if space["wool"] else "")
        if space["wool"]:
            body.stylize("yellow", len(label.rstrip()) - 1)
    body.append(" ")
    return body


def pyramid(view: dict[str, Any]) -> Text:
    """The board drawn row by row, top row first."""
    spaces = view["spaces"]
    left = min(s["x"] for s in spaces)
    rows: dict[int, list[dict[str, Any]]] = {}
    for s in spaces:
        rows.setdefault(s["row"], []).append(s)
    out = Text()
    for r in sorted(rows, reverse=True):
        row = sorted(rows[r], key=lambda s: s["x"])
        out.append(f"{r + 1:>2} ", style="dim")
        out.append(" " * ((row[0]["x"] - left) * CHARS_PER_HALF_TILE))
        for s in row:
            out.append_text(_cell(s, s["width"] * CHARS_PER_HALF_TILE))
        out.append("\n")
    out.rstrip()
    return out


def legend(view: dict[str, Any]) -> Text:
    """What the marks on the board mean (letters, not colour alone)."""
    owners = " ".join(f"{SEAT_LETTERS[s]} Player {s + 1}" for s in range(view["players"]))
    return Text(
        f"tiles: {owners} · = setup tile · * gold · ~ wool token · [3+3] this turn's dice; "
        "rows count from the bottom, spaces from the left",
        style="dim",
    )


def _players(view: dict[str, Any], seat: int | None) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("", "player", "tiles left", "wool", "gold placed", "can place"):
        table.add_column(column)
    for s in range(view["players"]):
        mark = "▶" if s == view["current"] else ""
        name = Text(
            f"Player {s + 1} ({SEAT_LETTERS[s % 4]} {SEAT_NAMES[s % 4]})", style=SEAT_STYLES[s % 4]
        )
        if s == seat:
            name.append(" you", style="bold")
        gold = str(view["gold_placed"]) if view["winner"] == s else ""
        if view["winner"] == s:
            name.append(" ★ winner", style="bold yellow")
        table.add_row(mark, name, str(view["tiles_left"][s]), str(view["wool"][s]), gold,
                      str(view["budget"][s]))  # fmt: skip
    return table


def _turn(view: dict[str, Any]) -> Text:
    turn = view["turn"]
    if view["phase"] == "over":
        result = view["result"]
        text = Text(f"Game over: {result['reason']}. ", style="bold")
        text.append(" ".join(result["notes"]))
        return text
    who = f"Player {view['current'] + 1}"
    kind = f"bonus turn with {plural(turn['dice'], 'die')}" if turn["bonus"] else "turn"
    text = Text(f"{who}'s {kind} · {plural(turn['left'], 'die')} left · ", style="bold")
    if turn["roll"]:
        text.append("rolled ")
        text.append(" ".join(f"[{d}]" for d in turn["roll"]), style=DICE_STYLE)
    else:
        text.append({"roll": "rolling…", "decide": "continue or stop?"}.get(view["phase"], ""))
    if turn["placed"]:
        text.append(
            f" · this turn: {plural(turn['tiles'], 'tile')} on {plural(turn['levels'], 'level')}, "
        )
        text.append("stop OK" if turn["stop_ok"] else "stop would bust",
                    style="green" if turn["stop_ok"] else "red")  # fmt: skip
    text.append(f"\ngold tiles in supply: {view['gold_supply']} · wool on the board: "
                f"{view['wool_on_board']} · turns played: {view['turns_played']}")  # fmt: skip
    last = view["last_turn"]
    if last is not None:
        outcome = plural(last["tiles"], "tile") if last["success"] else f"bust ({last['reason']})"
        text.append(f"\nlast turn: Player {last['seat'] + 1}, {outcome}", style="dim")
        if last["wool"]:
            text.append(f", took {plural(last['wool'], 'wool token')}", style="dim")
        if last["bonus"]:
            text.append(", bonus turn!", style="dim")
    return text


def _players_line(view: dict[str, Any], seat: int | None) -> Text:
    text = Text()
    for s in range(view["players"]):
        if s:
            text.append(" · ")
        mark = "▶ " if s == view["current"] else ""
        name = f"{mark}Player {s + 1} ({SEAT_LETTERS[s % 4]})" + (" you" if s == seat else "")
        text.append(name, style=SEAT_STYLES[s % 4])
        text.append(f" {view['tiles_left'][s]} tiles, {plural(view['wool'][s], 'wool token')}")
        if view["winner"] == s:
            text.append(f", {view['gold_placed']} gold ★ winner", style="bold yellow")
    return text


def _compact(view: dict[str, Any], seat: int | None) -> Group:
    """Few rows: the pyramid without a frame, the legend and the players a line each."""
    owners = " ".join(f"{SEAT_LETTERS[s]} Player {s + 1}" for s in range(view["players"]))
    marks = Text(f"tiles: {owners} · = setup tile · * gold · ~ wool token", style="dim")
    return Group(pyramid(view), marks, _players_line(view, seat), _turn(view))


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as `seat` sees it (everyone sees the same: no hidden information)."""
    board = Panel(pyramid(view), title=view["board"], expand=False)
    return FitRows(
        lambda: Group(board, legend(view), _players(view, seat), _turn(view)),
        lambda: _compact(view, seat),
    )


def label(game: Any, action: Any, viewer: Any) -> str:
    """A short menu text: `1+2+5 on 8 (r4 s3)`."""
    if isinstance(action, Place) and 0 <= action.space < len(game.board.spaces):
        space = game.board.spaces[action.space]
        dice = "+".join(map(str, action.dice))
        return f"{dice} on {space.number} (r{space.row + 1} s{space.index + 1})"
    return str(game.describe(action, viewer))


def menu_note(game: Any, view: dict[str, Any], legal: Any) -> str | None:
    if any(isinstance(a, Place) for a in legal):
        return "place: dice on the space so numbered (r: row from the bottom, s: from the left)"
    return None


def warn(game: Any, view: dict[str, Any], action: Any) -> str | None:
    """Stopping when the tiles placed this turn break the rules busts the whole turn."""
    if action == STOP and view["turn"]["placed"] and not view["turn"]["stop_ok"]:
        placed = plural(view["turn"]["tiles"], "tile")
        return f"Stopping now busts: the {placed} of this turn go back."
    return None


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}% ({p})" if 0 < p < 1 else f"{float(p) * 100:.0f}%"


def hint(game: Any, view: dict[str, Any], seat: int) -> str | None:
    """Exact odds of the next roll: after Continue, or of a wool reroll while placing."""
    if view["current"] != seat or view["phase"] not in ("decide", "place"):
        return None
    odds = roll_odds(game.board, position_from_view(view))
    if view["phase"] == "place" and not odds.wool:
        return None  # the next roll comes after placing; nothing to decide by odds yet
    what = "if you continue" if view["phase"] == "decide" else "if you reroll with wool"
    text = (
        f"{what}, the roll of {odds.dice} dice busts {_pct(odds.bust)}; "
        f"lets you stop safely {_pct(odds.can_stop)} (bonus {_pct(odds.bonus)}); "
        f"fits only where stopping would bust {_pct(odds.stuck)}"
    )
    if odds.wool:
        text += f"; busts even after {odds.wool} wool reroll(s) {_pct(odds.bust_with_wool)}"
    return text


HOOKS = TerminalHooks(
    render=render,
    label=label,
    menu_note=menu_note,
    warn=warn,
    hint=hint,
)
"""This game's `terminal` part (`GameParts.terminal`)."""
