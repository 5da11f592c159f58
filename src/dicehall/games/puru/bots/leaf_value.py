"""Puru Puru, any number of players: each seat's chance to win at the start of a roll, fitted by
self-play (the turn search's value of the positions after its turn, `bots.turn_search`).

A conditional logit: seat i wins with probability `exp(u_i) / sum_j exp(u_j)`, where `u_i` is a
weighted sum of seat i's features (its higher and lower track, its Jelly, whether it rolls next
and how many rolls it waits; in the Full game also its character). One weight vector per player
count and game (Basic or Full), fitted to the outcomes of greedy-vs-greedy games in which each
move is random with probability 0.15, so that unusual positions are seen too. A shared win
counts as a share; games that nobody won are left out.

Refit: `python -m dicehall.games.puru.bots.leaf_value --games 1500` prints new `WEIGHTS` and
the held-out log loss of each model beside the log loss of an equal share.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.search import explored_game

EXPLORE = 0.15  # share of random moves in the self-play games
CHARACTERS = 6  # the Full game's characters (rules.md, *Full game: characters and powers*)
BASE_FEATURES = 10

# Fitted with `--games 1500 --seed 1`; key: (players, full).
WEIGHTS: dict[tuple[int, bool], tuple[float, ...]] = {}


def player_features(
    love: int, excite: int, jelly: int, wait: int, players: int, character: int | None
) -> list[float]:
    """One seat's features; `wait`: how many rolls come before its own (0: it rolls next)."""
    high, low = max(love, excite) / 20, min(love, excite) / 20
    jelly = max(jelly, 1)
    out = [high, low, high * high, low * low, float(max(love, excite) >= 17),
           math.log(jelly), jelly / 20, 1 / jelly, float(wait == 0), wait / players]  # fmt: skip
    if character is not None:
        out += [float(character == c) for c in range(CHARACTERS)]
    return out


def seat_features(
    love: Sequence[int],
    excite: Sequence[int],
    jelly: Sequence[int],
    roller: int,
    characters: Sequence[int] = (),
) -> list[list[float]]:
    """Every seat's features at the start of `roller`'s roll."""
    n = len(love)
    return [
        player_features(
            love[s], excite[s], jelly[s], (s - roller) % n, n, characters[s] if characters else None
        )
        for s in range(n)
    ]


def shares(utilities: Sequence[float]) -> tuple[float, ...]:
    top = max(utilities)
    weights = [math.exp(u - top) for u in utilities]
    total = sum(weights)
    return tuple(w / total for w in weights)


def win_chances(
    love: Sequence[int],
    excite: Sequence[int],
    jelly: Sequence[int],
    roller: int,
    characters: Sequence[int] = (),
    weights: Sequence[float] | None = None,
) -> tuple[float, ...]:
    """Each seat's fitted chance to win when `roller` is about to roll (they add up to 1)."""
    w = weights if weights is not None else model(len(love), bool(characters))
    rows = seat_features(love, excite, jelly, roller, characters)
    return shares([sum(a * b for a, b in zip(w, row, strict=True)) for row in rows])


def win_chances_array(
    np: Any,
    weights: Sequence[float],
    love: Any,
    excite: Any,
    jelly: Any,
    roller: int,
    characters: Sequence[int] = (),
) -> Any:
    """`win_chances` of many positions at once: arrays of rows x seats in, the same out."""
    love, excite, jelly = (np.asarray(x, dtype=float) for x in (love, excite, jelly))
    players = love.shape[-1]
    high, low = np.maximum(love, excite), np.minimum(love, excite)
    jelly = np.maximum(jelly, 1.0)
    wait = (np.arange(players) - roller) % players
    columns = [high / 20, low / 20, (high / 20) ** 2, (low / 20) ** 2, (high >= 17) * 1.0,
               np.log(jelly), jelly / 20, 1 / jelly]  # fmt: skip
    w = np.asarray(weights)
    u = sum(c * w[i] for i, c in enumerate(columns))
    u = u + w[8] * (wait == 0) + w[9] * wait / players
    if characters:
        u = u + w[BASE_FEATURES + np.asarray(characters)]
    u = u - u.max(axis=-1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=-1, keepdims=True)


def model(players: int, full: bool) -> tuple[float, ...]:
    """The fitted weights for this player count and game; the nearest fitted count otherwise."""
    found = WEIGHTS.get((players, full))
    if found is not None:
        return found
    fitted = sorted(p for p, f in WEIGHTS if f == full)
    if not fitted:
        raise ValueError("no fitted Puru leaf value: run this module to fit WEIGHTS")
    nearest = min(fitted, key=lambda p: abs(p - players))
    return WEIGHTS[(nearest, full)]


# --- fitting ------------------------------------------------------------------------------


Row = tuple[list[list[float]], tuple[float, ...]]


def self_play(players: int, full: bool, games: int, seed: int) -> list[Row]:
    """(every seat's features, returns) at the start of every fresh roll of greedy games."""
    from dicehall import games as registry
    from dicehall.games.puru.bots.greedy import GreedyBot
    from dicehall.games.puru.state import Phase

    game = registry.make("puru", players=players, full=full)
    rng = random.Random(seed)
    rows: list[Row] = []
    for _ in range(games):
        bots = [GreedyBot(game, s) for s in range(players)]
        marks = []
        for state in explored_game(game, bots, rng, EXPLORE):
            if state.phase == Phase.ROLL and state.rerolls == 0 and not any(state.dice):
                marks.append(
                    seat_features(
                        state.love, state.excite, state.jelly, state.roller, state.characters
                    )
                )
        returns = game.returns(state)
        if sum(returns) > 0:  # nobody won: no seat's share to learn from
            rows += [(m, returns) for m in marks]
    return rows


def fit(rows: Sequence[Row], ridge: float = 1e-2) -> list[float]:
    """The conditional logit's weights by Newton's method (numpy)."""
    import numpy as np

    x = np.array([r[0] for r in rows])  # positions x seats x features
    y = np.array([r[1] for r in rows])
    w = np.zeros(x.shape[2])
    for _ in range(25):
        u = x @ w
        p = np.exp(u - u.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("nsf,ns->f", x, y - p) - ridge * w
        mean = np.einsum("nsf,ns->nf", x, p)
        second = np.einsum("nsf,nsg,ns->fg", x, x, p) - np.einsum("nf,ng->fg", mean, mean)
        w += np.linalg.solve(second + ridge * np.eye(len(w)), grad)
    return [float(v) for v in w]


def log_loss(rows: Sequence[Row], weights: Sequence[float] | None) -> float:
    """Mean cross-entropy of the returns under the model (None: an equal share each)."""
    total = 0.0
    for features, returns in rows:
        if weights is None:
            p: Sequence[float] = [1 / len(returns)] * len(returns)
        else:
            p = shares([sum(a * b for a, b in zip(weights, f, strict=True)) for f in features])
        total -= sum(y * math.log(max(q, 1e-9)) for y, q in zip(returns, p, strict=True))
    return total / len(rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="self-play games per model")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    args = parser.parse_args(argv)
    fitted: dict[tuple[int, bool], Any] = {}
    for full in (False, True):
        for players in args.players:
            rows = self_play(players, full, args.games, args.seed)
            cut = len(rows) * 4 // 5
            weights = fit(rows[:cut])
            fitted[(players, full)] = tuple(round(w, 4) for w in weights)
            print(
                f"# players={players} full={full}: {len(rows)} positions; held-out log loss "
                f"{log_loss(rows[cut:], weights):.4f} (equal shares {log_loss(rows[cut:], None):.4f})",
                flush=True,
            )
    print("WEIGHTS = {")
    for key, weights in fitted.items():
        print(f"    {key}: {weights},")
    print("}")


if __name__ == "__main__":
    main()
