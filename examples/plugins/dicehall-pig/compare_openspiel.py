"""Pig in dicehall against OpenSpiel's `pig`, side by side in one run.

Both play the same random policy (each legal action equally likely, the die by its odds) with the
same parameters (2 players, target/winscore 100, horizon 1000 decisions) and report the first
player's win rate with a 95% Wilson interval, the draws, and actions per second (chance outcomes
included) on this machine. Needs the `rl` extra of dicehall (open-spiel) and this plugin:

    pip install -e 'path/to/dicehall[rl]' -e examples/plugins/dicehall-pig
    python examples/plugins/dicehall-pig/compare_openspiel.py --games 20000
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

PARAMS = {"players": 2, "target": 100, "horizon": 1000}
Play = Callable[[random.Random], tuple[int, int]]  # -> (winner or -1, actions)


def dicehall_game() -> Play:
    from dicehall import games
    from dicehall.core import CHANCE, sample

    game = games.make("pig", **PARAMS)

    def play(rng: random.Random) -> tuple[int, int]:
        state, actions = game.initial_state(), 0
        while not game.is_terminal(state):
            (seat,) = game.actors(state)
            if seat == CHANCE:
                action = sample(game, state, rng)
            else:
                legal = game.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
            state = game.apply(state, seat, action)
            actions += 1
        winners = game.result(state).winners
        return (winners[0] if winners else -1), actions

    return play


def openspiel_game() -> Play:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(
        "pig",
        {"players": PARAMS["players"], "winscore": PARAMS["target"], "horizon": PARAMS["horizon"]},
    )

    def play(rng: random.Random) -> tuple[int, int]:
        state, actions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            actions += 1
        returns = state.returns()
        return (returns.index(max(returns)) if max(returns) > 0 else -1), actions

    return play


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Tally:
    """First-player wins, draws, actions and seconds of one implementation."""

    def __init__(self, name: str, play: Play, seed: int) -> None:
        self.name, self.play, self.rng = name, play, random.Random(seed)
        self.games = self.first = self.draws = self.actions = 0
        self.seconds = 0.0

    def batch(self, n: int) -> None:
        began = time.perf_counter()
        for _ in range(n):
            winner, actions = self.play(self.rng)
            self.first += winner == 0
            self.draws += winner == -1
            self.actions += actions
        self.seconds += time.perf_counter() - began
        self.games += n

    @property
    def rate(self) -> float:
        return self.first / self.games

    @property
    def speed(self) -> float:
        return self.actions / self.seconds

    def line(self) -> str:
        low, high = wilson(self.first, self.games)
        return (
            f"{self.name:<10} first player wins {self.rate:.4f} (95% CI {low:.4f}-{high:.4f}), "
            f"draws {self.draws}, {self.actions / self.games:.1f} actions/game, "
            f"{self.speed:,.0f} actions/s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.games} random games each, {PARAMS}")
    ours = Tally("dicehall", dicehall_game(), args.seed)
    theirs = Tally("OpenSpiel", openspiel_game(), args.seed + 1)
    batch = 500  # interleaved, so both see the same machine load
    for start in range(0, args.games, batch):
        for tally in (ours, theirs):
            tally.batch(min(batch, args.games - start))
    print(ours.line())
    print(theirs.line())
    diff = ours.rate - theirs.rate
    pooled = (ours.rate + theirs.rate) / 2
    se = math.sqrt(2 * pooled * (1 - pooled) / args.games)
    print(
        f"difference {diff:+.4f} (z = {diff / se:+.2f}; |z| < 1.96: the same within the 95% "
        f"interval: {abs(diff / se) < 1.96}); speed ratio dicehall/OpenSpiel "
        f"{ours.speed / theirs.speed:.2f}"
    )


if __name__ == "__main__":
    main()
