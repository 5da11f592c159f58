"""`dicehall report`: plots of simulation results (PNG) and a small HTML page that shows them.

Plots per game: score distribution per bot (one panel per variant), game length (a box per
variant), win rate by seat with 95% Wilson intervals (one bar per variant, line-up and seat,
labelled on the side so labels never overlap), and for each param that differs between
variants (a sweep's axes): the first-player advantage with its 95% interval and each seat's win
rate against that param. Cells sort numerically (`storehouse=3` before `storehouse=12`). The
page says how many games per cell would detect the largest difference in first-player advantage
seen (`cells.power_sentence`).
Needs matplotlib and pandas (the `sim` extra); drawing uses the file-only Agg backend.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dicehall.core import DicehallError
from dicehall.sim import cells as cellsmod
from dicehall.sim import stats

Frame = Any  # a pandas DataFrame (pandas ships no type information)

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _figure(width: float = 7, height: float = 4) -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise DicehallError(f"reports need the sim extra (matplotlib): {exc}") from exc
    return Figure(figsize=(width, height), dpi=100)


MAX_PANELS = 12  # small multiples drawn in one figure at most (the rest are named in a note)
PANEL_COLUMNS = 3


GROUP = ["game", "variant", "lineup"]
"""Rows are compared only within one game, one set of params and one bot line-up."""


def with_lineups(frame: Frame) -> Frame:
    """Add `lineup`: each game's bots in seat order ("greedy, random"), so that runs with
    different line-ups (even over the same seeds) are never pooled."""
    if "lineup" in frame.columns:
        return frame
    keys = [k for k in ("source", "game", "params", "seed") if k in frame.columns]
    ordered = frame.sort_values([*keys, "seat"], kind="stable")
    lineups = ordered.groupby(keys, sort=False)["bot"].agg(_lineup)
    return frame.join(lineups.rename("lineup"), on=keys)


def _lineup(bots: Any) -> str:
    """`greedy, random`; `greedy x4` when every seat has the same bot."""
    names = [str(b) for b in bots]
    if len(set(names)) == 1 and len(names) > 1:
        return f"{names[0]} x{len(names)}"
    return ", ".join(names)


def seat_table(frame: Frame) -> list[dict[str, Any]]:
    """Per game, variant, line-up and seat: games, wins, win rate and its 95% Wilson interval."""
    if "lineup" not in frame.columns:
        frame = with_lineups(frame)
    out = []
    for (game, variant, lineup, seat), group in frame.groupby([*GROUP, "seat"], sort=False):
        n, wins = len(group), int(group["win"].sum())
        lo, hi = stats.wilson(wins, n)
        bots = ", ".join(sorted(set(group["bot"])))
        out.append({"game": game, "variant": variant, "lineup": lineup, "seat": int(seat),
                    "bots": bots, "games": n, "wins": wins, "win_rate": wins / n,
                    "ci95": (lo, hi)})  # fmt: skip
    key = cellsmod.natural_key
    return sorted(out, key=lambda r: (r["game"], key(r["variant"]), key(r["lineup"]), r["seat"]))


def _save(fig: Figure, folder: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(folder / name)
    return name


def _games(frame: Frame) -> Frame:
    """One row per game played."""
    keys = [k for k in ("source", "game", "params", "lineup", "seed") if k in frame.columns]
    return frame.drop_duplicates(keys)


def _group_label(row: dict[str, Any], several: bool) -> str:
    seat = f"seat {row['seat']} ({row['bots']})"
    return f"{row['variant']}; {row['lineup']}; {seat}" if several else seat


def _grid(count: int, width: float = 3.6, height: float = 2.6) -> tuple[Figure, list[Any]]:
    """A figure of `count` small panels, PANEL_COLUMNS to a row."""
    columns = min(PANEL_COLUMNS, count)
    rows = -(-count // columns)
    fig = _figure(max(7.0, width * columns), height * rows + 0.6)
    return fig, [fig.add_subplot(rows, columns, i + 1) for i in range(count)]


def score_figure(frame: Frame, game: str) -> Figure:
    """One score histogram per variant and line-up (never pooled), bots told apart."""
    groups = sorted(frame.groupby(["variant", "lineup"], sort=False),
                    key=lambda kv: tuple(map(cellsmod.natural_key, kv[0])))  # fmt: skip
    shown = groups[:MAX_PANELS]
    fig, axes = _grid(len(shown))
    low, high = float(frame["score"].min()), float(frame["score"].max())
    for ax, ((variant, lineup), part) in zip(axes, shown, strict=True):
        for bot, group in part.groupby("bot", sort=True):
            ax.hist(group["score"], bins=20, range=(low, high or 1), alpha=0.55, label=str(bot))
        ax.set_title(f"{variant}\n{lineup}", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.set_xlabel("score", fontsize=7)
        ax.set_ylabel("seats", fontsize=7)
        if part["bot"].nunique() > 1:
            ax.legend(fontsize=6)
    more = f" (first {MAX_PANELS} of {len(groups)})" if len(groups) > len(shown) else ""
    fig.suptitle(f"{game}: score distribution per variant{more}", fontsize=10)
    return fig


def length_figure(frame: Frame, game: str) -> Figure:
    """Game length per variant and line-up: one box a row, in numeric order, labelled on the
    side (overlaid histograms of many variants could not be told apart)."""
    groups = sorted(_games(frame).groupby(["variant", "lineup"], sort=False),
                    key=lambda kv: tuple(map(cellsmod.natural_key, kv[0])))  # fmt: skip
    labels = [f"{variant}; {lineup}" for (variant, lineup), _ in groups]
    width = 7 + 0.055 * max(map(len, labels), default=0)
    fig = _figure(min(width, 14), 1.4 + 0.35 * len(groups))
    ax = fig.add_subplot()
    places = list(range(len(groups), 0, -1))  # the first group on top
    lengths = [list(part["length"]) for _, part in groups]
    ax.boxplot(lengths, positions=places, orientation="horizontal", widths=0.6)
    ax.set_yticks(places, labels, fontsize=7)
    ax.set(title=f"{game}: game length (box: middle half of the games, line: median)",
           xlabel="actions by players")  # fmt: skip
    return fig


def win_rate_figure(rows: list[dict[str, Any]], game: str) -> Figure:
    """One horizontal bar per variant, line-up and seat: labels on the side never overlap."""
    several = len({(r["variant"], r["lineup"]) for r in rows}) > 1
    labels = [_group_label(r, several) for r in rows]
    width = 7 + 0.055 * max(map(len, labels), default=0)
    fig = _figure(min(width, 14), 1.2 + 0.28 * len(rows))
    ax = fig.add_subplot()
    rates = [r["win_rate"] for r in rows]
    errors = [[r["win_rate"] - r["ci95"][0] for r in rows],
              [r["ci95"][1] - r["win_rate"] for r in rows]]  # fmt: skip
    colours = [f"C{r['seat'] % 10}" for r in rows]
    places = list(range(len(rows)))[::-1]  # the first row on top
    ax.barh(places, rates, xerr=errors, capsize=3, color=colours)
    ax.set_yticks(places, labels, fontsize=7)
    title = "win rate by seat per variant and line-up" if several else "win rate by seat"
    ax.set(title=f"{game}: {title}", xlabel="win rate (95% Wilson CI)", xlim=(0, 1))
    return fig


def _axis_values(members: list[cellsmod.Cell], axis: str) -> tuple[list[float], list[str]]:
    """Places on the x axis (the values themselves when numbers) and their labels."""
    values = [c.params.get(axis) for c in members]
    numbers = [float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    places = numbers if len(numbers) == len(values) else [float(i) for i in range(len(values))]
    return places, [str(v) for v in values]


def param_figure(game_cells: list[cellsmod.Cell], axis: str, game: str, seats: bool) -> Figure:
    """FPA (seats=False) or each seat's win rate against `axis`, a panel per other setting."""
    split = list(cellsmod.panels(game_cells, axis).items())[:MAX_PANELS]
    fig, axes = _grid(len(split), 4.2, 3.0)
    for ax, (label, members) in zip(axes, split, strict=True):
        xs, names = _axis_values(members, axis)
        if seats:
            width = max(c.wins.shape[1] for c in members)
            step = 0.02 * ((max(xs) - min(xs)) or 1.0)  # seats side by side, intervals apart
            for seat in range(width):
                shift = (seat - (width - 1) / 2) * step
                held = [(x + shift, c.seat_rate(seat))
                        for x, c in zip(xs, members, strict=True)
                        if seat < c.wins.shape[1]]  # fmt: skip
                ys = [r[0] for _, r in held]
                err = [[r[0] - r[1] for _, r in held], [r[2] - r[0] for _, r in held]]
                ax.errorbar([x for x, _ in held], ys, yerr=err, marker="o", capsize=3,
                            label=f"seat {seat}")  # fmt: skip
            if len({c.wins.shape[1] for c in members}) == 1:
                ax.axhline(1 / width, color="grey", linewidth=0.8, linestyle="--")
            ax.set_ylabel("win rate (95% CI; dashed: even share)", fontsize=7)
            ax.set_ylim(0, 1)
            ax.legend(fontsize=6)
        else:
            ys = [100 * c.fpa for c in members]
            err = [[100 * (c.fpa - c.fpa_ci95[0]) for c in members],
                   [100 * (c.fpa_ci95[1] - c.fpa) for c in members]]  # fmt: skip
            ax.errorbar(xs, ys, yerr=err, marker="o", capsize=4)
            ax.axhline(0, color="grey", linewidth=0.8)
            ax.set_ylabel("FPA, points (95% CI)", fontsize=7)
        ax.set_xticks(xs, names, fontsize=7)
        ax.set_xlabel(axis, fontsize=7)
        ax.tick_params(labelsize=7)
        ax.set_title(label, fontsize=8)
    what = "each seat's win rate" if seats else "first-player advantage"
    fig.suptitle(f"{game}: {what} by {axis}", fontsize=10)
    return fig


def _file_part(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)[:40]


def param_plots(game_cells: list[cellsmod.Cell], folder: Path, game: str) -> list[str]:
    """For each swept param: FPA and each seat's win rate against it."""
    out = []
    for axis in cellsmod.swept(game_cells):
        for seats, kind in ((False, "fpa"), (True, "seats")):
            name = f"{game}-{kind}-by-{_file_part(axis)}.png"
            out.append(_save(param_figure(game_cells, axis, game, seats), folder, name))
    return out


def write_report(frame: Frame, folder: Path) -> Path:
    """Draw each game's plots into `folder` and write `folder/index.html`; returns its path."""
    if frame.empty:
        raise DicehallError("the results hold no games")
    folder.mkdir(parents=True, exist_ok=True)
    frame = with_lineups(frame)
    seats = seat_table(frame)
    every_cell = cellsmod.cells(frame)
    sections = []
    for game, part in frame.groupby("game", sort=True):
        rows = [r for r in seats if r["game"] == game]
        name = str(game)
        game_cells = [c for c in every_cell if c.game == name]
        plots = [_save(score_figure(part, name), folder, f"{name}-scores.png"),
                 _save(length_figure(part, name), folder, f"{name}-length.png"),
                 _save(win_rate_figure(rows, name), folder, f"{name}-seats.png")]  # fmt: skip
        plots += param_plots(game_cells, folder, name)
        power = cellsmod.power_sentence(game_cells)
        sections.append(_section(name, len(_games(part)), rows, plots, power))
    page = folder / "index.html"
    title = html.escape(", ".join(sorted(set(map(str, frame["game"])))))
    page.write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>dicehall report: {title}</title></head><body>"
        f"<h1>dicehall report: {title}</h1>"
        "<p>Games are grouped by game, params (variant) and bot line-up; shared wins count "
        "for each winner; intervals are Wilson score intervals.</p>"
        f"{''.join(sections)}</body></html>",
        encoding="utf-8",
    )
    return page


def _section(
    game: str, games: int, seats: list[dict[str, Any]], plots: list[str], power: str | None
) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(r['variant'])}</td><td>{html.escape(r['lineup'])}</td>"
        f"<td>{r['seat']}</td><td>{html.escape(r['bots'])}</td><td>{r['games']}</td>"
        f"<td>{r['wins']}</td><td>{100 * r['win_rate']:.1f}%</td>"
        f"<td>{100 * r['ci95'][0]:.1f}% – {100 * r['ci95'][1]:.1f}%</td></tr>"
        for r in seats
    )
    images = "".join(f'<p><img src="{html.escape(p)}" alt="{html.escape(p)}"></p>' for p in plots)
    return (
        f"<h2>{html.escape(game)}</h2><p>{games} games.</p>"
        + (f"<p class='power'>{html.escape(power)}</p>" if power else "")
        + "<table border='1'><tr><th>variant</th><th>line-up</th><th>seat</th><th>bot</th>"
        f"<th>games</th><th>wins</th><th>win rate</th><th>95% CI</th></tr>{rows}</table>"
        f"{images}"
    )
