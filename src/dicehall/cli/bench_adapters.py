"""`dicehall bench --adapters`: the research adapters' speed next to the raw rules."""

from __future__ import annotations

from typing import Any

from rich.table import Table

from dicehall.cli.narrow import figures, narrow_table, words
from dicehall.sim.bench_adapters import KINDS, YARDSTICK, Rates, measure

NAMES = {"engine": "engine", "aec": "PettingZoo AEC", "gym": "Gymnasium", "openspiel": "OpenSpiel"}


def adapters_table(rates: Rates, games: list[str], rev: str | None, seconds: float,
                   runs: int) -> Table:  # fmt: skip
    """Per game and kind: player actions/s (then and) now, and now as a share of the engine."""
    versus = f"{rev} vs this checkout, " if rev else ""
    table = narrow_table(
        f"{versus}player actions per CPU-second: median of {runs} interleaved run(s) "
        f"of {seconds:g} s (random legal actions)"
    )
    words(table, "game", "interface")
    rates_by = [f"actions/s\n{rev}", "actions/s\nnow", "speed-up"] if rev else ["actions/s"]
    figures(table, *rates_by, "share of\nengine")

    def cell(value: float | None, fmt: str, suffix: str = "") -> str:
        return "-" if value is None else format(value, fmt) + suffix

    for game in games:
        engine = rates.median("head", game, "engine")
        for kind in KINDS:
            now = rates.median("head", game, kind)
            row = [game, NAMES[kind]]
            if rev:
                then = rates.median("base", game, kind)
                gain = now / then if now is not None and then else None
                row += [cell(then, ",.0f"), cell(now, ",.0f"), cell(gain, ".2f", "×")]
            else:
                row.append(cell(now, ",.0f"))
            share = now / engine if now is not None and engine else None
            row.append(cell(None if kind == "engine" else share, ".0%"))
            table.add_row(*row)
    yardstick = rates.median("head", YARDSTICK, "aec")
    if yardstick is not None:
        cells = ["-", f"{yardstick:,.0f}", "-"] if rev else [f"{yardstick:,.0f}"]
        table.add_row(YARDSTICK, NAMES["aec"], *cells, "-")
    return table


def run(games: dict[str, dict[str, Any]], seconds: float, runs: int, seed: int,
        rev: str | None, progress: Any, skip: Any = None) -> Table:  # fmt: skip
    rates = measure(games, seconds, runs, seed, rev, progress, skip)
    return adapters_table(rates, rates.games, rev, seconds, runs)
