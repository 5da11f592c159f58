"""Actions per second: the rules alone, the engine, and each RL interface, on the same games.

Every run plays whole games with uniformly random legal actions and counts player actions
(chance outcomes excluded). Usage: python examples/rl_speed.py [seconds per measurement]
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import numpy as np

from dicehall.bots import make_bot
from dicehall.core import CHANCE, sample
from dicehall.engine import Match
from dicehall.rl import make_game
from dicehall.rl.gym import DicehallEnv
from dicehall.rl.openspiel import load
from dicehall.rl.pettingzoo import env, parallel_env

GAMES = {"puru": {}, "purrramid": {}, "paradice": {}, "jelly": {}}


def rules(game_id: str, seed: int) -> int:
    game, rng, moves = make_game(game_id, **GAMES[game_id]), random.Random(seed), 0
    state = game.initial_state()
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
        else:
            state = game.apply(state, actors[0], rng.choice(game.legal_actions(state, actors[0])))
            moves += 1
    return moves


def engine(game_id: str, seed: int) -> int:
    game = make_game(game_id, **GAMES[game_id])
    match = Match(
        game, seed, bots={s: make_bot("random", game, s) for s in range(game.num_players)}
    )
    match.run_bots()
    return sum(1 for entry in match.log if entry.seat >= 0)


def aec(game_id: str, seed: int) -> int:
    e, rng, moves = env(game_id, **GAMES[game_id]), np.random.default_rng(seed), 0
    e.reset(seed=seed)
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            moves += 1
    return moves


def parallel(game_id: str, seed: int) -> int:
    e, rng, moves = parallel_env(game_id, **GAMES[game_id]), np.random.default_rng(seed), 0
    observations, _ = e.reset(seed=seed)
    while e.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        moves += sum(1 for a in actions.values() if a != e.wait)
        observations, *_ = e.step(actions)
    return moves


def gym(game_id: str, seed: int) -> int:
    e, rng, moves = (
        DicehallEnv(game_id, opponents="random", **GAMES[game_id]),
        np.random.default_rng(seed),
        0,
    )
    _, info = e.reset(seed=seed)
    done = False
    while not done:
        _, _, done, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        moves += 1
    return len(e.runner.moves)  # the agent's moves and the bots' moves


def openspiel(game_id: str, seed: int) -> int:
    game, rng, moves = load(game_id, **GAMES[game_id]), np.random.default_rng(seed), 0
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
    return moves


def measure(run: Callable[[str, int], int], game_id: str, seconds: float) -> float:
    start, moves, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        moves += run(game_id, seed)
        seed += 1
    return moves / (time.perf_counter() - start)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    runs = {
        "rules": rules,
        "engine": engine,
        "aec": aec,
        "parallel": parallel,
        "gym": gym,
        "openspiel": openspiel,
    }
    print(f"player actions per second ({seconds:g} s each, random legal actions)")
    print(f"{'game':10}" + "".join(f"{name:>11}" for name in runs))
    for game_id in GAMES:
        rates = [measure(run, game_id, seconds) for run in runs.values()]
        print(f"{game_id:10}" + "".join(f"{r:11.0f}" for r in rates), flush=True)


if __name__ == "__main__":
    main()
