"""Rich tables for `games`, `simulate` and `bench`."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from dicehall import games
from dicehall.bots import levels_for
from dicehall.cli.narrow import figures, narrow_table, words
from dicehall.cli.options import flag_name
from dicehall.core import ContentSource, DicehallError, GameSpec, ParamSpec
from dicehall.sim.bench import BenchResult
from dicehall.sim.compare import Comparison
from dicehall.sim.results import variant_text
from dicehall.sim.simulate import Summary


def _param_text(p: ParamSpec) -> str:
    """How a param is set on the command line, with its default or allowed values."""
    if p.kind is bool:
        return flag_name(p.name)
    if p.kind is ContentSource:
        allowed = "NAME|FILE"
    elif p.choices:
        allowed = "|".join(map(str, p.choices))
    elif p.minimum is not None or p.maximum is not None:
        allowed = (
            f"{'' if p.minimum is None else p.minimum}..{'' if p.maximum is None else p.maximum}"
        )
    else:
        allowed = str(p.default) if p.default not in (None, "") else p.kind.__name__.upper()
    return f"{flag_name(p.name)} {allowed}"


def _players(spec: GameSpec) -> str:
    if spec.min_players == spec.max_players:
        return str(spec.min_players)
    return f"{spec.min_players}–{spec.max_players}"


def _bots_text(game_id: str) -> str:
    """The levels, each with its knobs (`greedy (stop=0-6)`)."""
    out = []
    for level in levels_for(game_id):
        knobs = games.bot_knobs(game_id, level)
        shown = ", ".join(f"{k.name}={k.low}-{k.high}" for k in knobs)
        out.append(f"{level} ({shown})" if shown else level)
    return ", ".join(out)


def games_table() -> Table:
    table = Table(title="dicehall games", title_justify="left", show_lines=True)
    for name in ("id", "game (variants)", "players", "options", "bots"):
        table.add_column(name, overflow="fold", no_wrap=name in ("id", "players"))
    for game_id in games.available():
        try:
            spec = games.spec(game_id)
        except (DicehallError, ImportError, AttributeError) as exc:
            table.add_row(game_id, f"[red]not ready ({type(exc).__name__})[/]", "", "", "")
            continue
        name = spec.name + (" [dim](real time)[/]" if spec.real_time else "")
        if spec.variants:
            name += f"\n[dim]{', '.join(spec.variants)}[/]"
        params = escape("\n".join(_param_text(p) for p in spec.params if p.name != "players"))
        table.add_row(
            game_id,
            name,
            _players(spec),
            params or "-",
            escape(_bots_text(game_id)),
        )
    for game_id, why in games.failures().items():
        table.add_row(game_id, f"[red]failed to load[/]\n{escape(why)}", "", "", "")
    return table


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def summary_tables(summary: Summary) -> list[Table]:
    data = summary.to_json()
    params = variant_text(summary.game, summary.params)
    seats = Table(
        title=f"{summary.game}: {summary.games} games, seed {summary.seed} ({params})",
        title_justify="left",
        caption="Shared wins count for each winner; 95% intervals are Wilson score intervals.",
        caption_justify="left",
    )
    for name in ("seat", "bot", "wins", "win rate", "95% CI", "mean score"):
        seats.add_column(name, justify="left" if name in ("seat", "bot") else "right")
    for row in data["seats"]:
        lo, hi = row["ci95"]
        mean_score = row["mean_score"]
        # a seat the rules play (`Game.automated_seats`) never asks its bot anything
        bot = row["bot"] + (f", {row['speed']}" if "speed" in row else "")
        if row["mean_actions"] == 0:
            bot += " [dim](no decisions)[/]"
        seats.add_row(
            str(row["seat"]),
            bot,
            str(row["wins"]),
            _pct(row["win_rate"]),
            f"{_pct(lo)} – {_pct(hi)}",
            "-" if mean_score is None else f"{mean_score:.2f}",
        )
    tables = [seats, _length_table(data), _reasons_table(data, summary.games)]
    if "stats" in data:
        tables.append(_view_stats_table(data["stats"], summary.games))
    return tables


def _length_table(data: dict[str, Any]) -> Table:
    length = data["length"]
    table = Table(title="game length", title_justify="left")
    for name in ("", "mean", "median", "min", "max"):
        table.add_column(name, justify="right" if name else "left")
    table.add_row(
        "actions by players",
        f"{length['mean']:.1f}",
        f"{length['median']:g}",
        str(length["min"]),
        str(length["max"]),
    )
    for name in ("turns", "rounds"):
        if f"{name}_mean" in length:
            mean, median = length[f"{name}_mean"], length[f"{name}_median"]
            low, high = length[f"{name}_min"], length[f"{name}_max"]
            table.add_row(name, f"{mean:.1f}", f"{median:g}", str(low), str(high))
    table.caption = f"{data['shared_wins']} shared win(s); {data['elapsed_s']:.2f} s"
    table.caption_justify = "left"
    return table


def _reasons_table(data: dict[str, Any], total: int) -> Table:
    table = Table(title="end reasons", title_justify="left")
    table.add_column("reason")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for reason, count in data["end_reasons"].items():
        table.add_row(reason, str(count), _pct(count / total))
    return table


def bench_table(results: list[BenchResult], seconds: float, runs: int) -> Table:
    table = Table(
        title=f"random playouts on one core (median of {runs} run(s) of {seconds:g} s)",
        title_justify="left",
    )
    mcts = any(r.mcts_per_s is not None for r in results)
    names = ("game", "params", "games/s", "actions/s", "actions/game") + (
        ("MCTS iter/s",) if mcts else ()
    )
    for name in names:
        table.add_column(name, justify="left" if name in ("game", "params") else "right")
    for r in results:
        params = variant_text(r.game, r.params)
        table.add_row(
            r.game,
            params,
            f"{r.games_per_s:,.1f}",
            f"{r.actions_per_s:,.0f}",
            f"{r.actions_per_game:,.1f}",
            *((f"{r.mcts_per_s:,.0f}" if r.mcts_per_s is not None else "-",) if mcts else ()),
        )
    return table


def compare_table(results: list[Comparison], rev: str, seconds: float, runs: int) -> Table:
    """`dicehall bench --compare`: medians per CPU-second of both versions and their ratio
    (figures never cut: the headers are two short lines and the params wrap, for 80 columns)."""
    table = narrow_table(
        f"{rev} vs this checkout: median of {runs} interleaved run(s) of {seconds:g} CPU s"
        " (engine: random-playout actions/s; MCTS: iterations/s; ×: now over then)"
    )
    mcts = any(r.head.mcts_per_s or r.base.mcts_per_s for r in results)
    table.add_column("game", no_wrap=True)
    words(table, "params")
    for kind in ("engine", "MCTS") if mcts else ("engine",):
        figures(table, f"{kind}\n{rev}", "\nnow", "\n×")

    def cell(value: float | None, fmt: str) -> str:
        return "-" if value is None else format(value, fmt)

    for r in results:
        row = [r.game, variant_text(r.game, r.params)]
        row += [cell(r.base.median("actions_per_s"), ",.0f")]
        row += [cell(r.head.median("actions_per_s"), ",.0f"), cell(r.speedup(), ".2f") + "×"]
        if mcts:
            row += [cell(r.base.median("mcts_per_s"), ",.0f")]
            row += [cell(r.head.median("mcts_per_s"), ",.0f")]
            row += [cell(r.speedup("mcts_per_s"), ".2f") + "×"]
        table.add_row(*row)
    return table


def _counts_text(counts: dict[str, int], total: int, top: int = 8) -> str:
    shown = [f"{value} {_pct(n / total).strip()}" for value, n in list(counts.items())[:top]]
    more = len(counts) - top
    return " · ".join(shown) + (f" · … {more} more" if more > 0 else "")


def _stat_text(info: dict[str, Any], games: int) -> str:
    lines = []
    if "mean" in info and info["mean"] is not None:
        lines.append(
            f"mean {info['mean']:.2f}, median {info['median']:g} "
            f"(min {info['min']:g}, max {info['max']:g})"
        )
    if "by_position" in info:
        lines.append("by position: " + ", ".join(f"{m:.2f}" for m in info["by_position"]))
    if "counts" in info:
        total = sum(info["counts"].values())
        lines.append(_counts_text(info["counts"], total))
    if "items_per_game" in info:
        lines.append(f"{info['items_per_game']:.2f} per game")
    return "\n".join(lines)


def _view_stats_table(view_stats: dict[str, dict[str, Any]], games: int) -> Table:
    table = Table(title="final view (--stat)", title_justify="left", show_lines=True)
    table.add_column("key")
    table.add_column("over the games", overflow="fold")
    for key, info in view_stats.items():
        table.add_row(escape(key), escape(_stat_text(info, games)))
    return table
