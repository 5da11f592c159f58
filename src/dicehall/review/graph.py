"""The win-chance graph of a review: as text (terminal) and as SVG (the replay page)."""

from __future__ import annotations

from html import escape

from dicehall.review.model import Review

ROWS = 10
WIDTH = 64
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


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
    lines.append(f"      start{' ' * max(len(points) - 8, 1)}end   (digits: seats)")
    return "\n".join(["chance to win over the game:", *lines])


def svg_graph(review: Review, width: int = 640, height: int = 200) -> str:
    """A standalone SVG: one polyline per seat, 0-100% up the side, steps along."""
    curve = review.curve()
    n = max(len(curve) - 1, 1)
    pad = 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label="chance to win over the game">',
        f'<line x1="{pad}" y1="{height / 2}" x2="{width}" y2="{height / 2}" '
        'stroke="#bbb" stroke-dasharray="4 3"/>',
        f'<text x="0" y="12" font-size="10">100%</text>'
        f'<text x="0" y="{height - 2}" font-size="10">0%</text>',
    ]
    for seat in range(len(review.seats)):
        coords = " ".join(
            f"{pad + (width - pad) * i / n:.1f},{(1 - p[seat]) * (height - 10) + 5:.1f}"
            for i, p in enumerate(curve)
        )
        colour = COLOURS[seat % len(COLOURS)]
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{coords}">'
            f"<title>{escape(review.seats[seat])}</title></polyline>"
        )
    parts.append("</svg>")
    return "".join(parts)
