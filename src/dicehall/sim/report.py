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


def seat_table(frame: Frame) -> list[dict[str, Any]]:
    """Per variant and seat: games, wins, win rate and its 95% Wilson interval."""
    out = []
    for (variant, seat), group in frame.groupby(["variant", "seat"], sort=True):
        n, wins = len(group), int(group["win"].sum())
        lo, hi = stats.wilson(wins, n)
        bots = ", ".join(sorted(set(group["bot"])))
        out.append({"variant": variant, "seat": int(seat), "bots": bots, "games": n,
                    "wins": wins, "win_rate": wins / n, "ci95": (lo, hi)})  # fmt: skip
    return out


def _save(fig: Figure, folder: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(folder / name)
    return name


def _scores(frame: Frame, folder: Path) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    for bot, group in frame.groupby("bot", sort=True):
        ax.hist(group["score"], bins=30, alpha=0.5, label=str(bot))
    ax.set(title="score distribution by bot", xlabel="score", ylabel="seats")
    ax.legend()
    return _save(fig, folder, "scores.png")


def _lengths(frame: Frame, folder: Path) -> str:
    games = frame.drop_duplicates(["params", "seed", "variant", "length", "reason"])
    fig = _figure()
    ax = fig.add_subplot()
    for variant, group in games.groupby("variant", sort=True):
        ax.hist(group["length"], bins=30, alpha=0.5, label=str(variant))
    ax.set(title="game length", xlabel="actions by players", ylabel="games")
    ax.legend()
    return _save(fig, folder, "length.png")


def _win_rates(rows: list[dict[str, Any]], folder: Path, name: str, title: str) -> str:
    fig = _figure()
    ax = fig.add_subplot()
    labels = [f"{r['variant']}\nseat {r['seat']}" if name != "seats.png" else
              f"seat {r['seat']}\n{r['bots']}" for r in rows]  # fmt: skip
    rates = [r["win_rate"] for r in rows]
    errors = [[r["win_rate"] - r["ci95"][0] for r in rows],
              [r["ci95"][1] - r["win_rate"] for r in rows]]  # fmt: skip
    ax.bar(range(len(rows)), rates, yerr=errors, capsize=4)
    ax.set_xticks(range(len(rows)), labels, fontsize=7)
    ax.set(title=title, ylabel="win rate (95% CI)", ylim=(0, 1))
    return _save(fig, folder, name)


def write_report(frame: Frame, folder: Path) -> Path:
    """Draw the plots into `folder` and write `folder/index.html`; returns the page's path."""
    if frame.empty:
        raise DicehallError("the results hold no games")
    folder.mkdir(parents=True, exist_ok=True)
    seats = seat_table(frame)
    variants = sorted(set(frame["variant"]))
    plots = [_scores(frame, folder), _lengths(frame, folder)]
    if len(variants) == 1:
        plots.append(_win_rates(seats, folder, "seats.png", "win rate by seat"))
    else:
        plots.append(_win_rates(seats, folder, "variants.png", "win rate by seat per variant"))
    page = folder / "index.html"
    page.write_text(_html(frame, seats, plots), encoding="utf-8")
    return page


def _html(frame: Frame, seats: list[dict[str, Any]], plots: list[str]) -> str:
    game = ", ".join(sorted(set(frame["game"])))
    games = len(frame.drop_duplicates(["params", "seed", "variant", "length", "reason"]))
    rows = "".join(
        f"<tr><td>{html.escape(r['variant'])}</td><td>{r['seat']}</td>"
        f"<td>{html.escape(r['bots'])}</td><td>{r['games']}</td><td>{r['wins']}</td>"
        f"<td>{100 * r['win_rate']:.1f}%</td>"
        f"<td>{100 * r['ci95'][0]:.1f}% – {100 * r['ci95'][1]:.1f}%</td></tr>"
        for r in seats
    )
    images = "".join(f'<p><img src="{html.escape(p)}" alt="{html.escape(p)}"></p>' for p in plots)
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>dicehall report: {html.escape(game)}</title></head><body>"
        f"<h1>dicehall report: {html.escape(game)}</h1><p>{games} games.</p>"
        "<table border='1'><tr><th>variant</th><th>seat</th><th>bots</th><th>games</th>"
        f"<th>wins</th><th>win rate</th><th>95% CI</th></tr>{rows}</table>"
        "<p>Shared wins count for each winner; intervals are Wilson score intervals.</p>"
        f"{images}</body></html>"
    )
