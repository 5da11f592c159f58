"""`dicehall report`: plots of simulation results (PNG) and a small HTML page that shows them.

Plots: score distribution per bot, game length, win rate by seat with 95% Wilson intervals,
and, when the results hold several variants (different params), win rate by seat per variant.
Needs matplotlib and pandas (the `sim` extra); drawing uses the file-only Agg backend.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dicehall.core import DicehallError
from dicehall.sim import stats

Frame = Any  # a pandas DataFrame (pandas ships no type information)

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def _figure() -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError as exc:
        raise DicehallError(f"reports need the sim extra (matplotlib): {exc}") from exc
    return Figure(figsize=(7, 4), dpi=100)


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
    for (game, variant, lineup, seat), group in frame.groupby([*GROUP, "seat"], sort=True):
        n, wins = len(group), int(group["win"].sum())
        lo, hi = stats.wilson(wins, n)
        bots = ", ".join(sorted(set(group["bot"])))
        out.append({"game": game, "variant": variant, "lineup": lineup, "seat": int(seat),
                    "bots": bots, "games": n, "wins": wins, "win_rate": wins / n,
                    "ci95": (lo, hi)})  # fmt: skip
    return out


def _save(fig: Figure, folder: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(folder / name)
    return name


def _games(frame: Frame) -> Frame:
    """One row per game played."""
    keys = [k for k in ("source", "game", "params", "lineup", "seed") if k in frame.columns]
    return frame.drop_duplicates(keys)


def _group_label(row: dict[str, Any], several: bool) -> str:
    seat = f"seat {row['seat']}"
    return f"{row['variant']}\n{row['lineup']}\n{seat}" if several else f"{seat}\n{row['bots']}"


def _scores(frame: Frame, folder: Path, game: str) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    for bot, group in frame.groupby("bot", sort=True):
        ax.hist(group["score"], bins=30, alpha=0.5, label=str(bot))
    ax.set(title=f"{game}: score distribution by bot", xlabel="score", ylabel="seats")
    ax.legend()
    return _save(fig, folder, f"{game}-scores.png")


def _lengths(frame: Frame, folder: Path, game: str) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    for (variant, lineup), group in _games(frame).groupby(["variant", "lineup"], sort=True):
        ax.hist(group["length"], bins=30, alpha=0.5, label=f"{variant}; {lineup}")
    ax.set(title=f"{game}: game length", xlabel="actions by players", ylabel="games")
    ax.legend(fontsize=7)
    return _save(fig, folder, f"{game}-length.png")


def _win_rates(rows: list[dict[str, Any]], folder: Path, game: str) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    several = len({(r["variant"], r["lineup"]) for r in rows}) > 1
    labels = [_group_label(r, several) for r in rows]
    rates = [r["win_rate"] for r in rows]
    errors = [[r["win_rate"] - r["ci95"][0] for r in rows],
              [r["ci95"][1] - r["win_rate"] for r in rows]]  # fmt: skip
    ax.bar(range(len(rows)), rates, yerr=errors, capsize=4)
    ax.set_xticks(range(len(rows)), labels, fontsize=6 if several else 7)
    title = "win rate by seat per variant and line-up" if several else "win rate by seat"
    ax.set(title=f"{game}: {title}", ylabel="win rate (95% CI)", ylim=(0, 1))
    return _save(fig, folder, f"{game}-seats.png")


def write_report(frame: Frame, folder: Path) -> Path:
    """Draw each game's plots into `folder` and write `folder/index.html`; returns its path."""
    if frame.empty:
        raise DicehallError("the results hold no games")
    folder.mkdir(parents=True, exist_ok=True)
    frame = with_lineups(frame)
    seats = seat_table(frame)
    sections = []
    for game, part in frame.groupby("game", sort=True):
        rows = [r for r in seats if r["game"] == game]
        name = str(game)
        plots = [_scores(part, folder, name), _lengths(part, folder, name),
                 _win_rates(rows, folder, name)]  # fmt: skip
        sections.append(_section(name, len(_games(part)), rows, plots))
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


def _section(game: str, games: int, seats: list[dict[str, Any]], plots: list[str]) -> str:
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
        "<table border='1'><tr><th>variant</th><th>line-up</th><th>seat</th><th>bot</th>"
        f"<th>games</th><th>wins</th><th>win rate</th><th>95% CI</th></tr>{rows}</table>"
        f"{images}"
    )
