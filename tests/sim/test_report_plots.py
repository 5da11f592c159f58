"""`report` for a designer: cells in numeric order, labels that never overlap, the first-player
advantage and each seat's win rate against each swept param, one score histogram per variant,
and how many games per cell would detect the differences seen."""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from dicehall.sim import cells, report

STOREHOUSES = (12, 3, 4)  # given out of order: text order would put 12 before 3


def _frame(games: int = 40, players: tuple[int, ...] = (2, 3)) -> Any:
    """Rows as `sweep --out` writes them: seat 0 wins more the longer the Storehouse."""
    rng = np.random.default_rng(1)
    rows = []
    for n in players:
        for store in STOREHOUSES:
            params = {"players": n, "storehouse": store}
            variant = f"players={n}, storehouse={store}"
            for seed in range(games):
                winner = 0 if rng.random() < 0.3 + store / 40 else int(rng.integers(1, n))
                for seat in range(n):
                    rows.append({"game": "paradice", "params": json.dumps(params),
                                 "variant": variant, "seed": seed, "seat": seat, "bot": "greedy",
                                 "score": float(rng.integers(0, 200)), "rank": 1,
                                 "win": seat == winner, "winners": 1, "length": 100 + store,
                                 "turns": 30, "rounds": 10, "reason": "over",
                                 "source": 0})  # fmt: skip
    return report.with_lineups(pd.DataFrame(rows))


def test_cells_sort_numerically() -> None:
    variants = list(dict.fromkeys(r["variant"] for r in report.seat_table(_frame(5))))
    assert variants[:3] == [f"players=2, storehouse={s}" for s in (3, 4, 12)]
    assert [c.params["storehouse"] for c in cells.cells(_frame(5))][:3] == [3, 4, 12]


def _overlapping(labels: list[Any], renderer: Any) -> list[tuple[str, str]]:
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in labels if t.get_text()]
    return [(a, b) for (a, box_a), (b, box_b) in combinations(boxes, 2) if box_a.overlaps(box_b)]


def test_labels_of_every_plot_do_not_overlap() -> None:
    frame = _frame(5)
    figures = [report.win_rate_figure(report.seat_table(frame), "paradice"),
               report.length_figure(frame, "paradice")]  # fmt: skip
    game_cells = cells.cells(frame)
    for axis in cells.swept(game_cells):
        figures += [report.param_figure(game_cells, axis, "paradice", s) for s in (False, True)]
    for fig in figures:
        renderer = FigureCanvasAgg(fig).get_renderer()
        fig.draw(renderer)
        for ax in fig.axes:
            assert not _overlapping(ax.get_xticklabels(), renderer)
            assert not _overlapping(ax.get_yticklabels(), renderer)


def test_game_length_rows_follow_the_numeric_order() -> None:
    [ax] = report.length_figure(_frame(5), "paradice").axes
    labels = [t.get_text() for t in ax.get_yticklabels()]
    ticks = list(ax.get_yticks())
    top_down = [label for _, label in sorted(zip(ticks, labels, strict=True), reverse=True)]
    assert [label.split(";")[0] for label in top_down[:3]] == [
        f"players=2, storehouse={s}" for s in (3, 4, 12)
    ]


def test_one_score_histogram_per_variant() -> None:
    fig = report.score_figure(_frame(5), "paradice")
    titles = [ax.get_title() for ax in fig.axes]
    assert len(titles) == 6
    assert titles[0].startswith("players=2, storehouse=3") and "storehouse=12" in titles[2]


def test_fpa_and_seat_win_rates_are_plotted_against_each_swept_param(tmp_path: Path) -> None:
    frame = _frame()
    page = report.write_report(frame, tmp_path)
    for name in ("fpa-by-storehouse", "seats-by-storehouse", "fpa-by-players", "seats-by-players"):
        assert (tmp_path / f"paradice-{name}.png").is_file()
    game_cells = cells.cells(frame)
    fig = report.param_figure(game_cells, "storehouse", "paradice", seats=False)
    assert [ax.get_title() for ax in fig.axes] == ["players=2, greedy", "players=3, greedy"]
    first = fig.axes[0]
    line = first.containers[0].lines[0]  # the error bar's data line
    assert list(line.get_xdata()) == [3.0, 4.0, 12.0]  # numbers on a numeric axis
    two = [c for c in game_cells if c.params["players"] == 2]
    assert list(line.get_ydata()) == pytest.approx([100 * c.fpa for c in two])
    for c in game_cells:  # the interval drawn holds the estimate
        assert c.fpa_ci95[0] <= c.fpa <= c.fpa_ci95[1]
    seats = report.param_figure(game_cells, "storehouse", "paradice", seats=True)
    assert len([h for h in seats.axes[1].get_legend_handles_labels()[1]]) == 3  # 3 seats
    assert "games per cell" in page.read_text()


def test_the_power_sentence_gives_the_games_a_two_sample_test_needs() -> None:
    frame = _frame(games=200, players=(2,))
    game_cells = cells.cells(frame)
    high = max(game_cells, key=lambda c: c.fpa)
    low = min(game_cells, key=lambda c: c.fpa)
    variance = np.var(high.per_game, ddof=1) + np.var(low.per_game, ddof=1)
    want = (1.959964 + 0.841621) ** 2 * variance / (high.fpa - low.fpa) ** 2
    assert cells.games_needed(high, low) == pytest.approx(want)
    sentence = cells.power_sentence(game_cells)
    assert sentence is not None and f"{math.ceil(want):,} games per cell" in sentence
    assert high.variant in sentence and low.variant in sentence
