"""Paradice: each seat's chance to win from a position between turns, fitted by self-play.

A multinomial logit: seat s wins with probability softmax(w · features(s)) over the seats. The
features are the points a seat scores now and what it is building towards (active stalls by how
many dice they hold, unused powers, the types it has completed while the Golden Ticket is free,
points in the type that threatens to run out first) and whether it moves next, several scaled
by how close the game is to its end (the two Storehouse tokens nearest 'no stock'). They are
fitted to the outcomes of 2-player greedy-vs-greedy games in which each move is random with
probability 0.1, at the start of every turn; 3 and 4 players use the same weights (not
refitted). The MCTS bot values the position after the turn with it
(`bots.determinize`).

Refit: `python -m dicehall.games.paradice.bots.value --games 4000 --seed 1 2` (4,000 games per seed,
about 3 minutes each) prints new `WEIGHTS` and the held-out log loss (an even split's is 0.693;
points now alone give about 0.61).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.search import explored_game, softmax
from dicehall.games.paradice.scoring import breakdown
from dicehall.games.paradice.state import ParadiceState, Phase

NAMES = (
    "points", "stalls with 0 dice (points)", "stalls with 1 die (points)",
    "stalls with 2 dice (points)", "active stalls", "unused powers",
    "types towards the Golden Ticket",
    "moves next", "points in the leading type", "Stall Ticket points", "Golden Ticket points",
    "points x end", "1-die stalls x end", "2-dice stalls x end", "powers x end", "types x end",
    "active stalls x end", "leading type x end",
)  # fmt: skip

# Fitted with `--games 4000 --seed 1 2` (242,829 positions, held-out log loss 0.5696).
WEIGHTS = (
    -2e-05, -0.00641, 0.00578, -0.02551, 0.71213, 0.01803, 0.46604, 0.2286, 0.01873, -0.01344,
    0.01646, 0.0569, -0.00179, 0.05345, 0.08063, -0.22155, -0.54515, -0.05719,
)  # fmt: skip
EXPLORE = 0.1  # share of random moves in the self-play games


def end_share(game: Any, state: ParadiceState) -> float:
    """How close the game is to its end: the two tokens nearest 'no stock', 0 to 1."""
    length: int = game.cfg.length
    top = sorted(min(p, length) for p in state.store)[-2:]
    return sum(top) / (2 * length)


def features(game: Any, state: ParadiceState, seat: int, end: float) -> list[float]:
    """One seat's features (see `NAMES`); `end` is `end_share(game, state)`."""
    cfg = game.cfg
    cards = cfg.content.stalls
    player = state.players[seat]
    parts = breakdown(cfg, state, seat)
    by_dice = [0.0, 0.0, 0.0]
    for card, dice in player.stalls:
        by_dice[sum(1 for d in dice if d)] += cards[card].points
    active = len(player.stalls)
    powers = sum(player.powers)
    types = len({cards[c].type for c in player.done}) if state.golden < 0 else 0
    leading = 0.0
    if state.first_out < 0:  # the first type out scores nothing (its points are at risk)
        high = max(state.store)
        kinds = [k for k, p in enumerate(state.store) if p == high]
        leading = sum(cards[c].points for c in player.done if cards[c].type in kinds) / len(kinds)
    points = sum(parts.values())
    return [
        points, by_dice[0], by_dice[1], by_dice[2], active, powers, types,
        1.0 if state.turn == seat else 0.0, leading, parts["tickets"], parts["golden"],
        points * end, by_dice[1] * end, by_dice[2] * end, powers * end, types * end,
        active * end, leading * end,
    ]  # fmt: skip


def utilities(game: Any, state: ParadiceState, weights: Sequence[float] = WEIGHTS) -> list[float]:
    end = end_share(game, state)
    return [
        sum(w * f for w, f in zip(weights, features(game, state, s, end), strict=True))
        for s in range(len(state.players))
    ]


def win_probabilities(
    game: Any, state: ParadiceState, weights: Sequence[float] = WEIGHTS
) -> tuple[float, ...]:
    """Each seat's fitted chance to win (they add up to 1)."""
    return softmax(utilities(game, state, weights), 1.0)


Row = tuple[list[list[float]], tuple[float, ...]]  # every seat's features, the returns


def self_play(games: int, seed: int, players: int = 2) -> list[Row]:
    """Every seat's features at the start of every turn of greedy-vs-greedy games."""
    from dicehall import games as registry
    from dicehall.games.paradice.bots.greedy import GreedyBot

    game = registry.make("paradice", players=players)
    rng = random.Random(seed)
    rows: list[Row] = []
    for _ in range(games):
        bots = [GreedyBot(game, s) for s in range(players)]
        seen, marks = -1, []
        for state in explored_game(game, bots, rng, EXPLORE):
            if state.turns != seen and state.phase in (Phase.PRE, Phase.MAIN):
                seen, end = state.turns, end_share(game, state)
                marks.append([features(game, state, s, end) for s in range(players)])
        returns = game.returns(state)
        rows += [(mark, returns) for mark in marks]
    return rows


def fit(rows: Sequence[Row], ridge: float = 1e-2) -> list[float]:
    """The multinomial logit by Newton's method (numpy); returns are the target shares."""
    import numpy as np

    x = np.array([seats for seats, _ in rows])  # (rows, seats, features)
    y = np.array([returns for _, returns in rows])
    w = np.zeros(x.shape[2])
    for _ in range(40):
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("rs,rsf->rf", p, x)
        grad = np.einsum("rs,rsf->f", y - p, x) - ridge * w
        centred = x - mean[:, None, :]
        hess = np.einsum("rs,rsf,rsg->fg", p, centred, centred) + ridge * np.eye(len(w))
        w += np.linalg.solve(hess, grad)
    return [float(v) for v in w]


def log_loss(rows: Sequence[Row], weights: Sequence[float]) -> float:
    """Mean cross-entropy of the fitted shares against the returns."""
    import numpy as np

    x = np.array([seats for seats, _ in rows])
    y = np.array([returns for _, returns in rows])
    u = x @ np.asarray(weights)
    u -= u.max(axis=1, keepdims=True)
    logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float(-(y * logp).sum(axis=1).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="games per seed")
    parser.add_argument("--seed", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    rows = [row for seed in args.seed for row in self_play(args.games, seed)]
    cut = len(rows) * 4 // 5
    weights = fit(rows[:cut])
    print(f"positions: {len(rows)}; held-out log loss: {log_loss(rows[cut:], weights):.4f}")
    for name, w in zip(NAMES, weights, strict=True):
        print(f"  {name:32s} {w:+.5f}")
    print("WEIGHTS =", tuple(round(w, 5) for w in weights))


if __name__ == "__main__":
    main()
