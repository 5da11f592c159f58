"""The win-chance graph of a review as text, for the terminal (the replay page draws its own)."""

from __future__ import annotations

from dicehall.review.model import Review

ROWS = 10
WIDTH = 64


def _columns(curve: list[tuple[float, ...]], width: int) -> list[tuple[float, ...]]:
    """`curve` sampled down (or kept) to at most `width` points, first and last kept."""
    if len(curve) <= width:
        return curve
    return [curve[round(i * (len(curve) - 1) / (width - 1))] for i in range(width)]


def text_graph(review: Review, width: int = WIDTH, rows: int = ROWS) -> str:
    """Each seat's value over the game, one digit per seat (`*` where seats overlap)."""
    points = _columns(review.curve(), width)
    if not points:
        return "(no steps)"
    grid = [[" "] * len(points) for _ in range(rows + 1)]
    for x, values in enumerate(points):
        for seat, v in enumerate(values):
            y = rows - round(min(max(v, 0.0), 1.0) * rows)
            grid[y][x] = str(seat) if grid[y][x] == " " else "*"
    lines = [f"{'100%' if y == 0 else ' 50%' if 2 * y == rows else '  0%' if y == rows else '    '}"
             f" |{''.join(row)}" for y, row in enumerate(grid)]  # fmt: skip
    lines.append("      " + "-" * len(points))
    lines.append(f"      start{' ' * max(len(points) - 8, 1)}end")
    return "\n".join(["chance to win over the game (digits: seats, * where they meet):", *lines])
