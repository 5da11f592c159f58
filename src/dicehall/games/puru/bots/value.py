"""Two-player Puru Puru: the chance that the player about to roll wins, fitted by self-play.

A logistic model over hand-made features of both players' tracks (the higher and lower of Love
and Excitement, Jelly), fitted to the outcomes of greedy-vs-greedy games in which each move is
random with probability 0.15 (so that unusual positions are seen too). A shared win counts as a
win. The MCTS bot evaluates positions after one roll with it (`bots.determinize`).

Refit: `python -m dicehall.games.puru.bots.value --games 8000` prints new `WEIGHTS` and the held-out
log loss (the constant model's is about 0.693; these weights give about 0.558).
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from dicehall.core.search import explored_game

Track3 = tuple[int, int, int]  # Love, Excitement, Jelly

# Fitted with `--games 8000 --seed 1` (91,950 positions, held-out log loss 0.558).
WEIGHTS = (
    0.28111, 0.01187, -0.00131, 1.71101, 0.07698, 0.10139, -0.00093, 0.96176, 1.38621,
    0.01416, -0.01521, -1.89668, -0.06237, -0.11324, 0.01456, -0.50653, -2.32246, 0.0139,
    -0.00228,
)  # fmt: skip
EXPLORE = 0.15  # share of random moves in the self-play games


def features(mover: Track3, other: Track3) -> list[float]:
    """Bias; per player: high, low, log Jelly, Jelly, high²/20, low²/20, high >= 17, 1/Jelly;
    then the differences of the low and of the high tracks."""
    out = [1.0]
    for love, excite, jelly in (mover, other):
        jelly = max(jelly, 1)
        high, low = max(love, excite), min(love, excite)
        out += [high, low, math.log(jelly), jelly, high * high / 20, low * low / 20,
                float(high >= 17), 1 / jelly]  # fmt: skip
    out.append(min(mover[:2]) - min(other[:2]))
    out.append(max(mover[:2]) - max(other[:2]))
    return out


def win_probability(mover: Track3, other: Track3, weights: Sequence[float] = WEIGHTS) -> float:
    """The fitted chance that `mover`, about to roll, wins against `other`."""
    z = sum(w * f for w, f in zip(weights, features(mover, other), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def self_play(games: int, seed: int) -> list[tuple[Track3, Track3, float]]:
    """(mover, other, mover's return) at the start of every 6-dice roll of 2-player games."""
    from dicehall import games as registry
    from dicehall.games.puru.bots.greedy import GreedyBot
    from dicehall.games.puru.state import Phase

    game = registry.make("puru", players=2)
    rng = random.Random(seed)
    rows: list[tuple[Track3, Track3, float]] = []
    for _ in range(games):
        bots = [GreedyBot(game, s) for s in range(2)]
        seen, marks = -1, []
        for state in explored_game(game, bots, rng, EXPLORE):
            if state.phase == Phase.ROLL and state.rerolls == 0 and state.turns != seen:
                seen, r = state.turns, state.roller
                o = 1 - r
                marks.append((r, (state.love[r], state.excite[r], state.jelly[r]),
                              (state.love[o], state.excite[o], state.jelly[o])))  # fmt: skip
        returns = game.returns(state)
        rows += [(mover, other, returns[r]) for r, mover, other in marks]
    return rows


def fit(rows: Sequence[tuple[Track3, Track3, float]], ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (numpy)."""
    import numpy as np

    x = np.array([features(m, o) for m, o, _ in rows])
    y = np.array([r for _, _, r in rows])
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (y - p) - ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        w += np.linalg.solve(hess, grad)
    return [float(v) for v in w]


def log_loss(rows: Sequence[tuple[Track3, Track3, float]], weights: Sequence[float]) -> float:
    """Mean log loss of the model on `rows` (returns of 1/2 count as half a win)."""
    total = 0.0
    for mover, other, y in rows:
        p = min(max(win_probability(mover, other, weights), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = self_play(args.games, args.seed)
    cut = len(rows) * 4 // 5
    weights = fit(rows[:cut])
    print(f"positions: {len(rows)}; held-out log loss: {log_loss(rows[cut:], weights):.4f}")
    print("WEIGHTS =", tuple(round(w, 5) for w in weights))


if __name__ == "__main__":
    main()
