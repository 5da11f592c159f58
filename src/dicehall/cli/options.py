"""Game flags shared by `play` and `simulate`, and their mapping onto game params.

The flags come from the game's `ParamSpec`s: each param is a flag of the same name (underscores
become dashes: `first_game` is `--first-game`), `--name VALUE` (or `--name=VALUE`), and a
true/false param is a bare `--name`. A flag the game does not declare is rejected naming the
flags it has. `--param KEY=VALUE` sets any param; values are checked and converted by the
game's spec.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from dicehall import bots, games
from dicehall.core import ContentSource, DicehallError, GameSpec, ParamError, Seat, names_a_file

GAME_FLAGS_CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True}
"""Context settings of a command that takes the game's own flags (they are not known until
the game is)."""

PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-n", metavar="N", help="Number of players.")
]
ParamOpt = Annotated[
    list[str] | None,
    typer.Option("--param", "-p", metavar="KEY=VALUE", help="Any game param (repeatable)."),
]
SeedOpt = Annotated[
    int | None, typer.Option("--seed", metavar="S", min=0, help="Seed (default: a random one).")
]


def flag_name(param: str) -> str:
    return "--" + param.replace("_", "-")


def game_flags(spec: GameSpec) -> list[str]:
    """How each param of the game is set on the command line."""
    return [flag_name(p.name) for p in spec.params]


def parse_game_flags(game_id: str, args: list[str]) -> dict[str, Any]:
    """The game's own flags among a command's extra arguments: `--name VALUE`, `--name=VALUE`,
    or a bare `--name` for a true/false param (values are checked later by the spec)."""
    spec = games.spec(game_id)
    kinds = {flag_name(p.name): p for p in spec.params}
    out: dict[str, Any] = {}
    rest = list(args)
    while rest:
        word = rest.pop(0)
        flag, eq, value = word.partition("=")
        p = kinds.get(flag)
        if p is None:
            known = ", ".join(game_flags(spec)) or "none"
            raise ParamError(f"{game_id} has no option {flag}; its options: {known}")
        if not eq and p.kind is not bool:
            if not rest:
                raise ParamError(f"{flag} needs a value")
            value = rest.pop(0)
        out[p.name] = value if eq or p.kind is not bool else True
    return out


def _param_value(spec: GameSpec, name: str, value: Any) -> Any:
    """Content file paths are stored absolute so that records replay from any folder."""
    kinds = {p.name: p.kind for p in spec.params}
    if kinds.get(name) is not ContentSource or not isinstance(value, str):
        return value
    path = Path(value)
    return str(path.resolve()) if names_a_file(value) and path.is_file() else value


def parse_pairs(items: list[str] | None, what: str) -> list[tuple[str, str]]:
    pairs = []
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise ParamError(f"{what} must look like KEY=VALUE, got {item!r}")
        pairs.append((key.strip(), value.strip()))
    return pairs


def game_params(
    game_id: str, flags: dict[str, Any], extra: list[str] | None = None
) -> dict[str, Any]:
    """Params for `games.make` from the flags given (None/False: not given) and `--param`s."""
    spec = games.spec(game_id)
    names = {p.name for p in spec.params}
    params: dict[str, Any] = {}
    for name, value in flags.items():
        if value is None or value is False:
            continue
        if name not in names:
            raise ParamError(
                f"{game_id} has no option {flag_name(name)}; its options: "
                f"{', '.join(game_flags(spec)) or 'none'}"
            )
        params[name] = _param_value(spec, name, value)
    for key, value in parse_pairs(extra, "--param"):
        name = key.replace("-", "_")
        params[name] = _param_value(spec, name, value)
    return params


def parse_bots(items: list[str] | None, game_id: str, players: int) -> dict[Seat, str]:
    """`--bot SEAT=LEVEL` (seats count from 0; `rest` means every seat not named but 0)."""
    bots_help(items[0] if items and len(items) == 1 else None, game_id)
    out: dict[Seat, str] = {}
    rest: str | None = None
    for key, level in parse_pairs(items, "--bot"):
        bots.check_bot(level, game_id)
        if key in ("rest", "others"):
            rest = level
            continue
        if not key.isdigit() or not 0 <= int(key) < players:
            raise DicehallError(f"--bot seat must be 0..{players - 1} or 'rest', got {key!r}")
        out[int(key)] = level
    if rest is not None:
        out.update({s: rest for s in range(1, players) if s not in out})
    return dict(sorted(out.items()))


def parse_bot_list(text: str | None, game_id: str, players: int) -> tuple[str, ...]:
    """`--bots greedy,random,...`: one bot per seat in seat order, or one for all."""
    bots_help(text, game_id)
    return bots.parse_bot_list(text, game_id, players)


def bots_help(text: str | None, game_id: str) -> None:
    """`--bots help`: print what `--bots` takes for the game, and stop."""
    if text is not None and text.strip() == "help":
        typer.echo(f"bots for {game_id}: {bots.bot_choices(game_id)}")
        raise typer.Exit(0)
