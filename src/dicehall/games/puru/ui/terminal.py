"""Terminal board of Puru Puru Paradice: every player's tracks, the dice and whose turn it is.

Dice are numbered by position and each face has a letter (H heart, S star, C crying, A angry,
as in the `die` param), so a reroll can be typed: `r 136` (positions) or `r hhs` (faces).
Below the width the track bars need, the players' table uses half-length bars.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from dicehall.core.parts import TerminalHooks
from dicehall.core.terminal import Fit, plural, verb
from dicehall.games.puru.actions import Reroll

FACES = {
    "heart": ("♥", "bold red"),
    "star": ("★", "bold yellow"),
    "crying": ("T_T", "bold blue"),
    "angry": (">:(", "bold magenta"),
}
_ORDER = ("heart", "star", "crying", "angry")
LETTERS = {"heart": "H", "star": "S", "crying": "C", "angry": "A"}
TRACK = 20  # the tracks' length (a value of 20 wins)
_PENDING = {
    "keep_or_give": "keep the majority or give it away?",
    "jelly_fish": "Jelly Fish's sting: take 2 Love or 2 Excitement",
    "grass_jelly": "ignore 1 drip for 1 Love or 1 Excitement?",
    "puru_puru": "Puru Puru copies: 1 Love or 1 Excitement?",
    "space_jelly": "Space Jelly: roll again with one die fewer?",
}


def _bar(value: int, style: str, scale: int = 1) -> Text:
    """A track as a bar (one block per `scale` points) and the number."""
    full = -(-max(0, min(value, TRACK)) // scale)
    text = Text("█" * full, style=style)
    text.append("·" * (TRACK // scale - full), style="dim")
    text.append(f" {value:2d}")
    return text


def _die(face: str, dim: bool = False) -> Text:
    symbol, style = FACES[face]
    return Text(f"[{symbol}]", style="dim" if dim else style)


def _players(view: dict[str, Any], seat: int | None, scale: int = 1) -> Table:
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
            _bar(p["love"], "red", scale),
            _bar(p["excitement"], "yellow", scale),
            _bar(p["jelly"], "magenta" if p["jelly"] > 5 else "bold red", scale),
        )
    for column in table.columns[1:]:
        column.no_wrap = True
    return table


def _numbers(view: dict[str, Any], seat: int | None) -> Table:
    """The narrowest players' table: numbers only."""
    table = Table(expand=False, show_edge=False, pad_edge=False)
    for header in ("", "player", "♥ Love", "★ Exc.", "Jelly"):
        table.add_column(header, no_wrap=True, justify="left" if header == "player" else "right")
    for p in view["players"]:
        mark = "▶" if p["seat"] == view["roller"] and view["phase"] != "over" else ""
        name = Text(p["name"], style="bold" if p["seat"] == seat else "")
        table.add_row(mark, name, str(p["love"]), str(p["excitement"]), str(p["jelly"]))
    return table


def _dice(view: dict[str, Any]) -> Text:
    line = Text()
    for i, face in enumerate(view["faces"], 1):
        line.append(f"{i}", style="dim")
        line.append_text(_die(face))
        line.append(" ")
    if view["phase"] == "roll":
        line.append(f" kept; rolling {plural(view['rolling'], 'die')}…", style="italic")
    majority = view["majority"]
    if majority is not None:
        symbol = FACES[majority["face"]][0]
        line.append(f"   majority: {majority['count']} x {symbol}", style="bold")
    elif view["faces"] and view["phase"] != "roll":
        line.append("   no majority", style="dim")
    return line


def _status(view: dict[str, Any]) -> Text:
    roller = view["players"][view["roller"]]["name"]
    text = Text(f"{roller} is rolling {plural(view['num_dice'], 'die')} · phase: {view['phase']}")
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
    won = verb(len(result["winners"]), "wins", "win")
    headline = f"{winners} {won}!" if winners else "nobody wins."  # all dripped out at once
    text = Text(f"Game over ({result['reason']}): {headline}", style="bold green")
    for note in result["notes"]:
        text.append(f"\n  {note}", style="dim")
    return text


def render(game: Any, view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as `seat` sees it (no secrets in this game)."""
    parts: list[RenderableType] = [
        Fit(
            lambda: _players(view, seat),
            lambda: _players(view, seat, scale=2),
            lambda: _numbers(view, seat),
        )
    ]
    if view["phase"] != "deal":
        parts.append(_dice(view))
        parts.append(Text(LEGEND, style="dim"))
    parts.append(_status(view) if view["phase"] != "over" else _result(view))
    last = _last(view)
    if last is not None:
        parts.append(last)
    title = f"Puru Puru Paradice — {view['mode']}"
    return Panel(Group(*parts), title=title, expand=False)


LEGEND = "faces: ♥ H heart · ★ S star · T_T C crying · >:( A angry; dice numbered 1-6"


def label(game: Any, action: Any, viewer: Any) -> str:
    """A short menu text: `reroll HHS` for a reroll."""
    if isinstance(action, Reroll):
        return "reroll " + "".join(
            LETTERS[face] * n for face, n in zip(_ORDER, action.counts, strict=True)
        )
    return str(game.describe(action, viewer))


def menu_note(game: Any, view: dict[str, Any], legal: Any) -> str | None:
    if any(isinstance(a, Reroll) for a in legal):
        return "or reroll by typing r and die positions (r 136) or face letters (r hhs)"
    return None


def parse_choice(game: Any, view: dict[str, Any], legal: Any, text: str) -> int | None:
    """`r 136` rerolls dice 1, 3 and 6; `r hhs` two hearts and a star."""
    words = text.strip().lower()
    if not words.startswith("r") or (words.startswith("re") and not words.startswith("reroll")):
        return None
    spec = words.removeprefix("reroll").removeprefix("r").replace(" ", "").replace(",", "")
    if not spec:
        raise ValueError("say which dice: r 136 (positions) or r hhs (faces)")
    faces = list(view["faces"])
    counts = dict.fromkeys(_ORDER, 0)
    if spec.isdigit():
        picks = [int(c) for c in spec]
        if len(set(picks)) != len(picks) or not all(1 <= p <= len(faces) for p in picks):
            raise ValueError(f"die positions go from 1 to {len(faces)}, each once")
        for p in picks:
            counts[faces[p - 1]] += 1
    else:
        by_letter = {v.lower(): k for k, v in LETTERS.items()}
        if any(c not in by_letter for c in spec):
            raise ValueError("faces are h (heart), s (star), c (crying), a (angry)")
        for c in spec:
            counts[by_letter[c]] += 1
    wanted = Reroll(*(counts[f] for f in _ORDER))
    if wanted in legal:
        return int(list(legal).index(wanted))
    raise ValueError(f"you cannot {label(game, wanted, None).lower()} now")


HOOKS = TerminalHooks(
    render=render,
    label=label,
    menu_note=menu_note,
    parse_choice=parse_choice,
)
"""This game's `terminal` part (`GameParts.terminal`)."""
