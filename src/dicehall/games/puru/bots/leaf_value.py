"""Puru Puru, any number of players: each seat's chance to win at the start of a roll, fitted by
self-play (the turn search's value of the positions after its turn, `bots.turn_search`).

A conditional logit: seat i wins with probability `exp(u_i) / sum_j exp(u_j)`, where `u_i` is a
weighted sum of seat i's features (its higher and lower track, its Jelly, whether it rolls next
and how many rolls it waits; in the Full game also its character). One weight vector per player
count and game (Basic or Full), fitted to the outcomes of greedy-vs-greedy games in which each
move is random with probability 0.15, so that unusual positions are seen too. A shared win
counts as a share; games that nobody won are left out.

Refit: `python -m dicehall.games.puru.bots.leaf_value --games 800` prints new `WEIGHTS` and
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
BASE_FEATURES = 17
DANGER = 3  # another seat's Jelly at or below this: a drip-out may end the game soon

# Fitted with `--games 800 --seed 1`; key: (players, full). Held-out log loss against an equal
# share's: Basic 0.546/0.693 (2 players), 0.958/1.099 (3), 1.141/1.386 (4), 1.234/1.609 (5);
# Full 0.524, 0.916, 1.119 and 1.317 against the same.
WEIGHTS: dict[tuple[int, bool], tuple[float, ...]] = {
    (2, False): (
        0.0137, -0.7778, 3.1894, -0.8728, 0.7033, 0.0715, 3.4716, -4.938,
        -0.0325, 0.0163, 1.6764, -0.0792, -1.1494, -0.4477, -0.8625, -0.1918,
        0.0042,
    ),
    (3, False): (
        0.8424, 8.5913, 0.805, -5.5712, 0.7016, 0.008, 2.3926, -4.7869,
        0.0104, -0.3922, 2.8354, 1.6979, 0.1026, 1.3566, -0.1149, 0.6943,
        -0.0639,
    ),
    (4, False): (
        1.7698, 9.0844, 1.4238, -5.8976, 0.372, 0.5864, 1.5609, -2.3211,
        0.0306, -0.5212, 1.5071, -0.2906, -0.615, -0.9362, 1.8506, 0.5797,
        0.0893,
    ),
    (5, False): (
        3.7614, 8.2636, 0.369, -1.5839, 0.1459, 0.2023, 0.6052, -5.5861,
        -0.0463, -0.8667, 4.0271, 1.6636, 0.0422, -0.2837, 0.246, 0.7415,
        -0.0555,
    ),
    (2, True): (
        -0.2091, -0.748, 3.0887, 0.3368, 0.9377, 0.304, 2.0533, -6.1314,
        0.058, -0.029, 2.6283, -0.2932, -1.427, -0.908, -2.3758, 0.565,
        0.1911, -0.2001, 0.0172, -0.376, -0.1701, 0.6547, 0.0744,
    ),
    (3, True): (
        -0.1024, 5.3107, 2.6265, -4.3656, 0.2557, 0.3882, 1.2215, -1.0333,
        0.0103, -0.3264, 1.2025, 0.0421, -0.1465, 0.5882, -0.2977, 0.545,
        0.0403, -0.0829, -0.4779, 0.041, -0.0476, 0.5407, 0.0266,
    ),
    (4, True): (
        0.9085, 6.8141, 2.5661, -4.6863, 0.5524, -0.0114, 1.343, -5.3465,
        0.0156, -0.5269, 3.0292, 0.6327, -0.3037, -0.4036, 2.1325, 0.7037,
        0.127, 0.1572, -0.5492, 0.1068, -0.1703, 0.3758, 0.0797,
    ),
    (5, True): (
        2.5599, 6.7343, 1.5305, -3.6427, 0.5678, 1.4664, -0.7632, 1.8129,
        -0.0425, -0.8713, -0.7408, 0.1322, -0.1369, -0.5893, 3.1468, 0.5508,
        0.1694, 0.1199, -0.2734, -0.1412, -0.0744, 0.2068, 0.1623,
    ),
}  # fmt: skip


def player_features(
    love: int,
    excite: int,
    jelly: int,
    wait: int,
    players: int,
    character: int | None,
    others: tuple[int, int] = (20, 0),
) -> list[float]:
    """One seat's features; `wait`: how many rolls come before its own (0: it rolls next);
    `others`: the lowest Jelly and the highest lower track among the other seats (a drip-out
    near at hand ends the game on the lower tracks, rules.md *The end*)."""
    high, low = max(love, excite), min(love, excite)
    j = max(jelly, 1)
    danger = float(others[0] <= DANGER)
    leader = float(low >= others[1])
    out = [high / 20, low / 20, (high / 20) ** 2, (low / 20) ** 2, float(high >= 17),
           math.log(j), j / 20, 1 / j, float(wait == 0), wait / players,
           float(j == 1), float(j == 2), float(j == 3), danger, danger * low / 20,
           danger * leader, leader]  # fmt: skip
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
    low = [min(a, b) for a, b in zip(love, excite, strict=True)]
    return [
        player_features(
            love[s], excite[s], jelly[s], (s - roller) % n, n,
            characters[s] if characters else None,
            (min(jelly[o] for o in range(n) if o != s), max(low[o] for o in range(n) if o != s)),
        )
        for s in range(n)
    ]  # fmt: skip


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
    j = np.maximum(jelly, 1.0)
    wait = (np.arange(players) - roller) % players
    others = ~np.eye(players, dtype=bool)  # seat x other seat
    others_jelly = np.where(others, jelly[..., None, :], np.inf).min(axis=-1)
    others_low = np.where(others, low[..., None, :], -np.inf).max(axis=-1)
    danger = (others_jelly <= DANGER) * 1.0
    leader = (low >= others_low) * 1.0
    columns = [high / 20, low / 20, (high / 20) ** 2, (low / 20) ** 2, (high >= 17) * 1.0,
               np.log(j), j / 20, 1 / j, (wait == 0) * 1.0, wait / players,
               (j == 1) * 1.0, (j == 2) * 1.0, (j == 3) * 1.0, danger, danger * low / 20,
               danger * leader, leader]  # fmt: skip
    u = np.stack(np.broadcast_arrays(*columns), axis=-1) @ np.asarray(weights[:BASE_FEATURES])
    if characters:
        u = u + np.asarray(weights)[BASE_FEATURES + np.asarray(characters)]
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
            held, equal = log_loss(rows[cut:], weights), log_loss(rows[cut:], None)
            print(
                f"# players={players} full={full}: {len(rows)} positions; held-out log loss "
                f"{held:.4f} (equal shares {equal:.4f})",
                flush=True,
            )
    print("WEIGHTS = {")
    for key, weights in fitted.items():
        print(f"    {key}: (")
        for i in range(0, len(weights), 8):
            print("        " + ", ".join(str(w) for w in weights[i : i + 8]) + ",")
        print("    ),")
    print("}")


if __name__ == "__main__":
    main()
